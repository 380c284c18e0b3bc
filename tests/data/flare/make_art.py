"""Draws mod/images/imp.png for the flare: tests (tests/cli/cases/flare-*): a 48x32 sheet of
8x16 cells, column c and row r a block of colour (40 + 40*c, 60 + 60*r, 200) one pixel in
from every edge of its cell, on transparent pixels. mod/animations/imp.txt cuts it:
[stance] columns 0-1, [swing] columns 2-4, row 0 direction 0 (west), row 1 direction 4
(east). Rewrites the PNG byte for byte."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rgba_png import write_rgba_png  # noqa: E402

pixels = {}
for c in range(6):
    for r in range(2):
        for x in range(c * 8 + 1, c * 8 + 7):
            for y in range(r * 16 + 1, r * 16 + 15):
                pixels[(x, y)] = (40 + 40 * c, 60 + 60 * r, 200, 255)
here = os.path.dirname(os.path.abspath(__file__))
write_rgba_png(os.path.join(here, "mod", "images", "imp.png"), 48, 32, pixels)
