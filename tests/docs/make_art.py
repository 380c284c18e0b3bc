#!/usr/bin/env python3
"""Draws the art of the docs' diagram definition (original, generated): digits.png and
arrows.png. Pure Python (zlib + struct); the PNGs are committed and this script
regenerates them byte for byte.

digits.png: six 16x20 cells, a coloured tile with a large digit 0..5, so a strip or a
trace shows which step is on screen at a glance.
arrows.png: eight 16x16 cells, an arrow pointing at 0, 45, 90 ... 315 degrees (0 = east,
90 = south, clockwise on screen), for the views diagrams.
keyed.png: four 16x16 cells of a bouncing ball on a magenta (#ff00ff) key colour, like old
art made before alpha channels (docs/definitions.md, colorkey:).
run/step01.png … run/step03.png: one frame per file, each its own size (files:).
"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "samples"))
import pixelart  # noqa: E402  (samples/pixelart.py: the shared canvas and PNG writer)

HERE = Path(__file__).resolve().parent
WHITE = (255, 241, 232, 255)
OUTLINE = (29, 43, 83, 255)
TILES = [(255, 0, 77, 255), (255, 163, 0, 255), (255, 236, 39, 255), (0, 228, 54, 255),
         (41, 173, 255, 255), (131, 118, 156, 255)]
ARROW = (255, 204, 170, 255)

# 3x5 digits, one string per row.
FONT = {
    0: ["###", "#.#", "#.#", "#.#", "###"],
    1: [".#.", "##.", ".#.", ".#.", "###"],
    2: ["###", "..#", "###", "#..", "###"],
    3: ["###", "..#", ".##", "..#", "###"],
    4: ["#.#", "#.#", "###", "..#", "..#"],
    5: ["###", "#..", "###", "..#", "###"],
}


Canvas = pixelart.Canvas


def digits():
    c = Canvas(6 * 16, 20)
    for d in range(6):
        ox = d * 16
        # A tile 14x18 with a 1-pixel outline, leaving the cell's edge clear (so trimming
        # has something to cut and the origin, bottom centre, sits just under the tile).
        c.rect(ox + 1, 1, 14, 18, OUTLINE)
        c.rect(ox + 2, 2, 12, 16, TILES[d])
        for row, bits in enumerate(FONT[d]):
            for col, b in enumerate(bits):
                if b == "#":
                    c.rect(ox + 5 + col * 2, 5 + row * 2, 2, 2, WHITE)
    c.save(HERE / "digits.png")


def arrows():
    c = Canvas(8 * 16, 16)
    for k in range(8):
        ox = k * 16
        a = math.radians(45 * k)
        dx, dy = math.cos(a), math.sin(a)
        cx, cy = ox + 7.5, 7.5
        for y in range(16):
            for x in range(16):
                px, py = ox + x + 0.5 - cx, y + 0.5 - cy
                along = px * dx + py * dy
                across = -px * dy + py * dx
                shaft = -6.0 <= along <= 2.0 and abs(across) <= 1.0
                head = 1.0 <= along <= 7.0 and abs(across) <= (7.0 - along) * 0.75
                if shaft or head:
                    c.set(ox + x, y, ARROW)
        c.set(ox + 7, 7, OUTLINE)
        c.set(ox + 8, 8, OUTLINE)
        c.set(ox + 7, 8, OUTLINE)
        c.set(ox + 8, 7, OUTLINE)
    c.save(HERE / "arrows.png")


def keyed():
    key = (255, 0, 255, 255)
    c = Canvas(4 * 16, 16)
    c.rect(0, 0, 64, 16, key)
    for k, lift in enumerate([0, 3, 5, 3]):
        cx, cy = k * 16 + 8, 11 - lift
        for y in range(16):
            for x in range(k * 16, k * 16 + 16):
                d = (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2
                if d <= 16:
                    c.set(x, y, TILES[4] if d > 6 else WHITE)
    c.save(HERE / "keyed.png")


def run_files():
    (HERE / "run").mkdir(exist_ok=True)
    for k, (w, h) in enumerate([(10, 14), (12, 13), (10, 14)]):
        c = Canvas(w, h)
        c.rect(0, 0, w, h, OUTLINE)
        c.rect(1, 1, w - 2, h - 2, TILES[3 + k % 2])
        c.save(HERE / "run" / ("step%02d.png" % (k + 1)))


if __name__ == "__main__":
    digits()
    arrows()
    keyed()
    run_files()
