#!/usr/bin/env python3
"""Writes sheet.png, sheet.json (hash form) and sheet-array.json (array form): what
`aseprite -b hero.aseprite --sheet sheet.png --data sheet.json --trim --list-tags
--list-slices` writes, for a 4-frame 16x16 animation, laid out by hand so every number
below can be checked against the picture.

Frame i (canvas 16x16) is a 4x6 block of colour i whose top-left is at (2 + 2i, 5): the
export trims each frame to that block, so spriteSourceSize is (2 + 2i, 5, 4, 6) and the
sheet holds the four blocks side by side at x = 0, 4, 8, 12 (sheet 16x6).
Durations 100, 100, 150, 50 ms. Tags: walk 0-3 forward; bounce 0-2 pingpong repeat 3;
back 1-3 reverse repeat 2; sway 0-3 pingpong_reverse. Slice feet: key at frame 0 with
bounds (4, 10, 8, 2) and pivot (4, 1) -> origin (8, 11); key at frame 2 with bounds
(6, 10, 8, 2) and pivot (3, 1) -> origin (9, 11).
Run: python3 make_export.py (the standard library and ../rgba_png.py).
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from rgba_png import write_rgba_png  # noqa: E402

COLOURS = [(220, 60, 60, 255), (60, 200, 90, 255), (70, 90, 230, 255), (240, 200, 40, 255)]
W, H = 16, 6
px = {}
for i, c in enumerate(COLOURS):
    for y in range(6):
        for x in range(4):
            px[4 * i + x, y] = c

write_rgba_png("sheet.png", W, H, px)

durations = [100, 100, 150, 50]
frames = []
for i in range(4):
    frames.append((f"hero {i}.aseprite", {
        "frame": {"x": 4 * i, "y": 0, "w": 4, "h": 6},
        "rotated": False,
        "trimmed": True,
        "spriteSourceSize": {"x": 2 + 2 * i, "y": 5, "w": 4, "h": 6},
        "sourceSize": {"w": 16, "h": 16},
        "duration": durations[i],
    }))
meta = {
    "app": "https://www.aseprite.org/",
    "version": "1.3.7-x64",
    "image": "sheet.png",
    "format": "RGBA8888",
    "size": {"w": W, "h": H},
    "scale": "1",
    "frameTags": [
        {"name": "walk", "from": 0, "to": 3, "direction": "forward", "color": "#000000ff"},
        {"name": "bounce", "from": 0, "to": 2, "direction": "pingpong", "color": "#000000ff",
         "repeat": "3"},
        {"name": "back", "from": 1, "to": 3, "direction": "reverse", "color": "#000000ff",
         "repeat": "2"},
        {"name": "sway", "from": 0, "to": 3, "direction": "pingpong_reverse",
         "color": "#000000ff"},
    ],
    "layers": [{"name": "Layer 1", "opacity": 255, "blendMode": "normal"}],
    "slices": [{"name": "feet", "color": "#0000ffff", "keys": [
        {"frame": 0, "bounds": {"x": 4, "y": 10, "w": 8, "h": 2}, "pivot": {"x": 4, "y": 1}},
        {"frame": 2, "bounds": {"x": 6, "y": 10, "w": 8, "h": 2}, "pivot": {"x": 3, "y": 1}},
    ]}],
}
with open("sheet.json", "w") as f:
    json.dump({"frames": dict(frames), "meta": meta}, f, indent=1)
    f.write("\n")
with open("sheet-array.json", "w") as f:
    json.dump({"frames": [dict(filename=n, **v) for n, v in frames], "meta": meta}, f, indent=1)
    f.write("\n")
