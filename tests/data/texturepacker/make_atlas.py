#!/usr/bin/env python3
"""Writes a TexturePacker atlas by hand, the way TexturePacker's documentation and the
engines' loaders (Pixi's Spritesheet, Phaser's JSONHash parser) describe it:

- upright/<name>.png: each sprite as drawn, on its untrimmed canvas (the truth the CLI
  test compares `spritec unpack`'s frames with);
- atlas.png (24x12): each sprite's opaque part (its trim) copied in; a rotated sprite
  turned 90 degrees clockwise, so upright pixel (u, v) of a w x h trim lands at
  (x + h - 1 - v, y + u) and the region is h wide and w tall; everything else magenta,
  so a pixel read from the wrong place shows;
- atlas.json (JSON (Hash)) and atlas-array.json (JSON (Array)): `frame` holds the upright
  trim size, `spriteSourceSize` the trim's place on the canvas, `sourceSize` the canvas,
  `pivot` a fraction of the canvas.

The sprites (name, canvas, trim, rotated, place in the atlas, pivot):
  hero/idle     6x8, trim (1, 2, 4x5), upright at (0, 0), pivot (0.5, 1)  -> origin (3, 8)
  hero/run      5x3, untrimmed, rotated at (5, 0), pivot (0.5, 0.5)      -> (2.5, 1.5) -> (3, 2)
  fx/spark.png  7x6, trim (2, 1, 3x4), rotated at (9, 0), no pivot       -> the sheet's origin
  box           4x4, untrimmed, rotated at (14, 0), pivot (0, 0)         -> (0, 0)
  hero/run2     TexturePacker's alias of hero/run (the same region)      -> the sheet's origin
  blank         3x3, fully transparent, one transparent pixel at (23, 11) -> the sheet's origin
Trim pixel (u, v) of sprite k is (40k + 10u, 20 + 10v, 250 - 30k), opaque except (1, 0),
whose alpha is 128.
Run: python3 make_atlas.py (the standard library and ../rgba_png.py).
"""
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from rgba_png import write_rgba_png  # noqa: E402

# name, canvas w, h, trim x, y, w, h, rotated, atlas x, y, pivot, colour id
SPRITES = [
    ("hero/idle", 6, 8, 1, 2, 4, 5, False, 0, 0, (0.5, 1), 0),
    ("hero/run", 5, 3, 0, 0, 5, 3, True, 5, 0, (0.5, 0.5), 1),
    ("fx/spark.png", 7, 6, 2, 1, 3, 4, True, 9, 0, None, 2),
    ("box", 4, 4, 0, 0, 4, 4, True, 14, 0, (0, 0), 3),
    ("hero/run2", 5, 3, 0, 0, 5, 3, True, 5, 0, None, 1),
    ("blank", 3, 3, 0, 0, 0, 0, False, 23, 11, None, 4),
]
W, H = 24, 12


def trim_pixel(k, u, v):
    return (40 * k + 10 * u, 20 + 10 * v, 250 - 30 * k, 128 if (u, v) == (1, 0) else 255)


os.chdir(Path(__file__).resolve().parent)
os.makedirs("upright/hero", exist_ok=True)
os.makedirs("upright/fx", exist_ok=True)
atlas = {(x, y): (255, 0, 255, 255) for x in range(W) for y in range(H)}
atlas[23, 11] = (0, 0, 0, 0)
for name, cw, ch, tx, ty, tw, th, rotated, ax, ay, pivot, k in SPRITES:
    canvas = {}
    for v in range(th):
        for u in range(tw):
            p = trim_pixel(k, u, v)
            canvas[tx + u, ty + v] = p
            atlas[(ax + th - 1 - v, ay + u) if rotated else (ax + u, ay + v)] = p
    write_rgba_png(f"upright/{name}.png", cw, ch, canvas)
write_rgba_png("atlas.png", W, H, atlas)

frames = []
for name, cw, ch, tx, ty, tw, th, rotated, ax, ay, pivot, k in SPRITES:
    fw, fh = (tw, th) if tw else (1, 1)  # TexturePacker keeps one pixel of a blank sprite
    f = {
        "frame": {"x": ax, "y": ay, "w": fw, "h": fh},
        "rotated": rotated,
        "trimmed": (fw, fh) != (cw, ch),
        "spriteSourceSize": {"x": tx, "y": ty, "w": fw, "h": fh},
        "sourceSize": {"w": cw, "h": ch},
    }
    if pivot is not None:
        f["pivot"] = {"x": pivot[0], "y": pivot[1]}
    frames.append((name, f))
meta = {
    "app": "https://www.codeandweb.com/texturepacker",
    "version": "1.0",
    "image": "atlas.png",
    "format": "RGBA8888",
    "size": {"w": W, "h": H},
    "scale": "1",
}
with open("atlas.json", "w") as out:
    json.dump({"frames": dict(frames), "meta": meta}, out, indent=1)
    out.write("\n")
with open("atlas-array.json", "w") as out:
    json.dump({"frames": [dict(filename=n, **f) for n, f in frames], "meta": meta}, out, indent=1)
    out.write("\n")
