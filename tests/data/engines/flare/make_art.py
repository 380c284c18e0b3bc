#!/usr/bin/python3
"""Draws flare.png for flare.sprites.yaml: a Flare-like character sheet, 8 directions x
6 frames of 48x64 cells (rows: east, south-east, south, ...; columns: stance 0-1, swing
2-3, die 4-5) with soft alpha edges (anti-aliased body, translucent shadow and glow),
so trimmed rectangles, straight-alpha pixels and origins outside the trimmed frames
(the origin is the feet point, below the drawn body: Flare's render_offset) are all
exercised. Deterministic: no randomness. Run: python3 make_art.py (needs python3-pil)."""
import math
from PIL import Image

CELL_W, CELL_H, DIRS, COLS = 48, 64, 8, 6
img = Image.new("RGBA", (CELL_W * COLS, CELL_H * DIRS), (0, 0, 0, 0))
px = img.load()

def blend(x, y, r, g, b, a):
    if a <= 0:
        return
    dr, dg, db, da = px[x, y]
    out_a = a + da * (255 - a) // 255
    if out_a == 0:
        return
    def ch(s, d):
        return (s * a + d * da * (255 - a) // 255) // out_a
    px[x, y] = (ch(r, dr), ch(g, dg), ch(b, db), out_a)

for d in range(DIRS):
    angle = d * math.pi / 4
    for c in range(COLS):
        ox, oy = c * CELL_W, d * CELL_H
        lean = [0, 1, 3, 5, 0, 0][c]
        height = [30, 29, 30, 28, 18, 8][c]
        # body: an anti-aliased ellipse leaning toward the direction faced
        cx = 24 + lean * math.cos(angle)
        cy = 12 + (30 - height) + height / 2
        rx, ry = 7 + (c >= 4) * 5, height / 2
        for y in range(CELL_H - 16):
            for x in range(CELL_W):
                dist = ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2
                cover = max(0.0, min(1.0, (1.0 - dist) * ry))
                if cover > 0:
                    r = 60 + d * 24
                    g = 90 + c * 25
                    b = 200 - d * 15
                    blend(ox + x, oy + y, r, g, b, int(round(255 * cover)))
        # a marker facing the direction, so mirrored and rotated views differ
        mx = int(round(24 + 6 * math.cos(angle)))
        my = int(round(cy + 6 * math.sin(angle) * 0.5))
        blend(ox + mx, oy + my, 250, 250, 80, 255)
        # a translucent glow for the swing frames
        if c in (2, 3):
            for k in range(6):
                gx = int(round(24 + (10 + k) * math.cos(angle)))
                gy = int(round(cy + (10 + k) * math.sin(angle) * 0.5))
                if 0 <= gx < CELL_W and 0 <= gy < CELL_H - 16:
                    blend(ox + gx, oy + gy, 255, 160, 40, 200 - k * 30)
img.save("flare.png", optimize=False)
