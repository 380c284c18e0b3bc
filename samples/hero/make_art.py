#!/usr/bin/env python3
"""Draws the hero sample's art (original, generated): hero.png, attack.png, fx.png.

Pure Python (zlib + struct) so it runs anywhere; the PNGs are committed and this script
regenerates them byte for byte.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import pixelart  # noqa: E402  (samples/pixelart.py: the shared canvas and PNG writer)

HERE = Path(__file__).resolve().parent

OUTLINE = (26, 28, 44, 255)
SKIN = (255, 205, 117, 255)
HAIR = (93, 39, 93, 255)
TUNIC = (59, 93, 201, 255)
TUNIC_DARK = (41, 54, 111, 255)
BOOTS = (87, 51, 32, 255)
BLADE = (244, 244, 244, 255)
HILT = (239, 125, 87, 255)
FIRE = [(255, 241, 153, 255), (255, 205, 117, 255), (239, 125, 87, 255), (177, 62, 83, 255)]


Canvas = pixelart.Canvas


def hero(c, ox, oy, facing, leg):
    """A 24x24 hero whose feet rest on (ox+12, oy+23). facing: e, s, n. leg: -1, 0, 1."""
    cx = ox + 12
    # legs and boots
    for side, dx in ((-1, -3), (1, 1)):
        lift = 1 if leg == side else 0
        c.rect(cx + dx, oy + 17 - lift, 3, 4, TUNIC_DARK)
        c.rect(cx + dx, oy + 21 - lift, 3, 2, BOOTS)
    # body
    c.rect(cx - 5, oy + 10, 10, 8, OUTLINE)
    c.rect(cx - 4, oy + 11, 8, 6, TUNIC)
    c.rect(cx - 4, oy + 15, 8, 1, TUNIC_DARK)
    # head
    c.disc(cx, oy + 6, 5, OUTLINE)
    c.disc(cx, oy + 6, 4, SKIN)
    if facing == "n":
        c.disc(cx, oy + 6, 4, HAIR)
    else:
        c.rect(cx - 4, oy + 2, 9, 3, HAIR)
        if facing == "s":
            c.set(cx - 2, oy + 7, OUTLINE)
            c.set(cx + 2, oy + 7, OUTLINE)
        else:  # east: eye and nose to the right
            c.set(cx + 2, oy + 7, OUTLINE)
            c.set(cx + 5, oy + 8, SKIN)
            c.rect(cx - 4, oy + 2, 4, 6, HAIR)


def sword(c, x, y, w, h):
    c.rect(x, y, w, h, BLADE)


def main():
    sheet = Canvas(24 * 4, 24 * 3)
    frames = [("e", -1), ("e", 1), ("s", -1), ("s", 1), ("n", -1), ("n", 1),
              ("e", 0), ("s", 0), ("n", 0), ("s", 0), ("s", 1), ("s", -1)]
    for i, (facing, leg) in enumerate(frames):
        hero(sheet, (i % 4) * 24, (i // 4) * 24, facing, leg)
    sheet.save(HERE / "hero.png")

    # Attack frames differ in size and origin per view: east is wide, south and north tall.
    atk = Canvas(36 + 24 + 24, 34)
    hero(atk, 0, 10, "e", 0)
    c = atk
    c.rect(19, 20, 2, 3, HILT)
    sword(c, 21, 21, 14, 2)           # east: blade to the right (rect 0,10 36x24)
    hero(atk, 36, 0, "s", 0)
    c.rect(36 + 15, 17, 2, 2, HILT)
    sword(c, 36 + 15, 19, 2, 14)      # south: blade downwards (rect 36,0 24x34)
    hero(atk, 60, 10, "n", 0)
    c.rect(60 + 15, 10, 2, 2, HILT)
    sword(c, 60 + 15, 0, 2, 10)       # north: blade upwards (rect 60,0 24x34)
    atk.save(HERE / "attack.png")

    fx = Canvas(16 * 4, 16)
    for i in range(4):
        r = 2 + i * 2
        for k, colour in enumerate(FIRE):
            if r - k * 2 >= 0:
                fx.disc(i * 16 + 8, 8, r - k * 2, colour)
    fx.save(HERE / "fx.png")


if __name__ == "__main__":
    main()
