#!/usr/bin/env python3
"""Writes sheet.png, sheet.json (hash form) and sheet-array.json (array form): what
`aseprite -b hero.aseprite --sheet sheet.png --data sheet.json --trim --list-tags
--list-slices` writes, for a 4-frame 16x16 animation, laid out by hand so every number
below can be checked against the picture.

Frame i (canvas 16x16) is a 4x6 block of colour i whose top-left is at (2 + 2i, 5): the
export trims each frame to that block, so spriteSourceSize is (2 + 2i, 5, 4, 6) and the
sheet holds the four blocks side by side at x = 0, 4, 8, 12 (sheet 16x6).
Durations 100, 100, 150, 50 ms. Tags: walk 0-3 forward; bounce 0-2 pingpong repeat 3;
back 1-3 reverse repeat 2; sway 0-3 pingpong_reverse; and one of each remaining
direction/repeat kind: fwd1 0-3 forward repeat 1, rev0 1-3 reverse, pp0 0-2 pingpong,
pp1/pp2 0-2 pingpong repeat 1/2, ppr3 0-3 pingpong_reverse repeat 3, one 2-2 pingpong
repeat 2. Slice feet: key at frame 0 with
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
        {"name": "fwd1", "from": 0, "to": 3, "direction": "forward", "color": "#000000ff",
         "repeat": "1"},
        {"name": "rev0", "from": 1, "to": 3, "direction": "reverse", "color": "#000000ff"},
        {"name": "pp0", "from": 0, "to": 2, "direction": "pingpong", "color": "#000000ff"},
        {"name": "pp1", "from": 0, "to": 2, "direction": "pingpong", "color": "#000000ff",
         "repeat": "1"},
        {"name": "pp2", "from": 0, "to": 2, "direction": "pingpong", "color": "#000000ff",
         "repeat": "2"},
        {"name": "ppr3", "from": 0, "to": 3, "direction": "pingpong_reverse",
         "color": "#000000ff", "repeat": "3"},
        {"name": "one", "from": 2, "to": 2, "direction": "pingpong", "color": "#000000ff",
         "repeat": "2"},
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

# hero.aseprite: the file those exports come from, written from Aseprite's published file
# specification (docs/ase-file-specs.md in aseprite/aseprite) with the standard library:
# a 16x16 RGBA canvas, 4 frames with the durations above, layers bottom to top
#   body   frame i: the 4x6 block of colour i at (2 + 2i, 5), a compressed cel (type 2)
#   guide  HIDDEN: a magenta line at y = 11 (frame 0, linked from frames 1-3: type 1)
# (so it flattens to exactly the frames of sheet.png), the tags and the slice above.
import struct  # noqa: E402
import zlib  # noqa: E402


def ase_string(s):
    b = s.encode()
    return struct.pack("<H", len(b)) + b


def ase_chunk(kind, data):
    return struct.pack("<IH", len(data) + 6, kind) + data


def ase_layer(name, flags):
    # flags, type 0 (image), child level 0, default w/h, blend 0, opacity 255, 3 reserved
    return ase_chunk(0x2004, struct.pack("<HHHHHHB3x", flags, 0, 0, 0, 0, 0, 255) +
                     ase_string(name))


def ase_cel(layer, x, y, w, h, pixels):
    raw = b"".join(bytes(p) for p in pixels)
    # layer, x, y, opacity, type 2 (compressed), z-index 0, 5 reserved, w, h, zlib data
    return ase_chunk(0x2005, struct.pack("<HhhBHh5xHH", layer, x, y, 255, 2, 0, w, h) +
                     zlib.compress(raw, 9))


def ase_link(layer, x, y, frame):
    return ase_chunk(0x2005, struct.pack("<HhhBHh5xH", layer, x, y, 255, 1, 0, frame))


DIRECTIONS = {"forward": 0, "reverse": 1, "pingpong": 2, "pingpong_reverse": 3}
tags = b""
for t in meta["frameTags"]:
    tags += struct.pack("<HHBH6x3xx", t["from"], t["to"], DIRECTIONS[t["direction"]],
                        int(t.get("repeat", "0"))) + ase_string(t["name"])
tags_chunk = ase_chunk(0x2018, struct.pack("<H8x", len(meta["frameTags"])) + tags)
slice_data = b""
for k in meta["slices"][0]["keys"]:
    b, p = k["bounds"], k["pivot"]
    slice_data += struct.pack("<IiiIIii", k["frame"], b["x"], b["y"], b["w"], b["h"], p["x"],
                              p["y"])
slice_chunk = ase_chunk(0x2022, struct.pack("<III", 2, 2, 0) + ase_string("feet") + slice_data)

ase_frames = b""
for i in range(4):
    chunks = []
    if i == 0:
        chunks += [ase_layer("body", 3), ase_layer("guide", 2), tags_chunk, slice_chunk]
    chunks.append(ase_cel(0, 2 + 2 * i, 5, 4, 6, [COLOURS[i]] * 24))
    if i == 0:
        chunks.append(ase_cel(1, 0, 11, 16, 1, [(255, 0, 255, 255)] * 16))
    else:
        chunks.append(ase_link(1, 0, 11, 0))
    body = b"".join(chunks)
    ase_frames += struct.pack("<IHHH2xI", 16 + len(body), 0xF1FA, len(chunks), durations[i],
                              len(chunks)) + body
# header: size, magic, frames, w, h, depth 32, flags 1 (layer opacity valid), speed 100,
# 2 zero DWORDs, transparent index, 3 ignored, colours, pixel ratio 1:1, grid, 84 reserved
header = struct.pack("<IHHHHHIHIIB3xHBBhhHH84x", 128 + len(ase_frames), 0xA5E0, 4, 16, 16, 32,
                     1, 100, 0, 0, 0, 0, 1, 1, 0, 0, 16, 16)
assert len(header) == 128
with open("hero.aseprite", "wb") as f:
    f.write(header + ase_frames)
