"""Writes sheet.png for geometry.sprites.yaml: three 16 x 16 cells, each a body drawn
exactly inside the frame's hurt box (cell 1 also a sword inside the step's hit box and a
white hand pixel on the `hand` point), so a preview with --debug shows each box tight."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from rgba_png import write_rgba_png  # noqa: E402

pixels = {}


def fill(cell, x, y, w, h, rgba):
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            pixels[(16 * cell + xx, yy)] = rgba


fill(0, 4, 2, 8, 14, (60, 170, 60, 255))   # hurt [4, 2, 8, 14]
fill(1, 5, 3, 7, 13, (60, 90, 200, 255))   # hurt [5, 3, 7, 13]
fill(1, 12, 6, 4, 3, (170, 170, 170, 255))  # the sword: step hit [12, 6, 4, 3]
fill(1, 12, 7, 1, 1, (255, 255, 255, 255))  # hand [12, 7]
fill(2, 4, 4, 8, 12, (200, 60, 60, 255))   # hurt [4, 4, 8, 12]
write_rgba_png(os.path.join(os.path.dirname(__file__), "sheet.png"), 48, 16, pixels)
