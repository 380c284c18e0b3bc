#!/usr/bin/env python3
"""Writes sheet.png: an unaligned sheet for sprite detection (tests/cli/cases/detect-*).

Six regions (five sprites at detect_gap 2) on a transparent 64x40 canvas, placed by hand so the expected rectangles can
be read off this file:
  0  a 10x12 body at (2, 3)
  1  a 6x6 gem at (20, 1) with a detached 2x2 sparkle at (27, 1): 1 px apart, so
     detect_gap 2 joins them into (20, 1, 9, 6); gap 1 keeps them apart
  2  an 8x14 post at (40, 2) (a row with 0 and 1: its top is above sprite 0's bottom)
  3  a 12x5 slab at (4, 24)
  4  a diagonal 5-pixel line from (30, 22) to (34, 26): one region (8-connected)
Run: python3 make_sheet.py (the standard library and ../rgba_png.py).
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from rgba_png import write_rgba_png  # noqa: E402

W, H = 64, 40
px = {}


def fill(x, y, w, h, colour):
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            px[xx, yy] = colour


fill(2, 3, 10, 12, (200, 60, 60, 255))
fill(20, 1, 6, 6, (60, 200, 90, 255))
fill(27, 1, 2, 2, (250, 250, 120, 200))
fill(40, 2, 8, 14, (80, 80, 220, 255))
fill(4, 24, 12, 5, (150, 100, 40, 255))
for i in range(5):
    px[30 + i, 22 + i] = (240, 240, 240, 255)


write_rgba_png("sheet.png", W, H, px)
