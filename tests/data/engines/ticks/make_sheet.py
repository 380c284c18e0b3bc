"""Writes the two sheets of the exact-timing packs: three 16 x 16 cells each, one body per
cell. ticks24's sheet24.png and ticks12's sheet12.png have the same frame names and other
pixels (bodies of other sizes and colours), so the browser checks' prefix case, which loads
both packs into one game, sees which pack's frames each sprite shows."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from rgba_png import write_rgba_png  # noqa: E402


def sheet(name, bodies):
    pixels = {}
    for cell, (x, y, w, h, rgba) in enumerate(bodies):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                pixels[(16 * cell + xx, yy)] = rgba
    write_rgba_png(os.path.join(os.path.dirname(__file__), name), 48, 16, pixels)


sheet("sheet24.png", [(4, 2, 8, 14, (60, 170, 60, 255)), (5, 3, 7, 13, (60, 90, 200, 255)),
                      (4, 4, 8, 12, (200, 60, 60, 255))])
sheet("sheet12.png", [(2, 8, 12, 8, (230, 200, 40, 255)), (6, 1, 4, 15, (150, 60, 200, 255)),
                      (3, 10, 10, 6, (40, 200, 200, 255))])
