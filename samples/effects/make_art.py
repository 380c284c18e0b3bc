#!/usr/bin/env python3
"""Draws the effects sample's art (original, generated): explosion.png, coin.png and
torch.png.

explosion.png: five 32x32 frames of a blast growing from a spark to a ring of smoke.
coin.png: four 16x16 frames of a coin turning from its face to its edge; the definition
plays the second half of the turn mirrored. torch.png: four 16x32 frames of a torch whose
flame flickers. Pure Python (zlib + struct); rerunning it rewrites the PNGs byte for byte.
"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import pixelart  # noqa: E402  (samples/pixelart.py: the shared canvas and PNG writer)

HERE = Path(__file__).resolve().parent

OUTLINE = (34, 22, 36, 255)
FIRE = [(255, 248, 206, 255), (255, 214, 80, 255), (244, 130, 46, 255), (196, 54, 40, 255)]
SMOKE = [(132, 124, 140, 255), (88, 82, 102, 255)]
GOLD = [(255, 250, 220, 255), (255, 218, 88, 255), (224, 158, 38, 255), (146, 88, 26, 255)]
WOOD = [(146, 96, 56, 255), (92, 58, 34, 255)]
IRON = [(164, 172, 188, 255), (98, 104, 122, 255)]

class Canvas(pixelart.Canvas):
    outline_colour = OUTLINE


def ring_noise(i, j, seed):
    """A small deterministic hash in [0, 1) for ragged edges."""
    h = (i * 73856093) ^ (j * 19349663) ^ (seed * 83492791)
    return ((h * 2654435761) & 0xFFFF) / 65536.0


def explosion(k):
    """Frame k (0-4): spark, small ball, fireball, big fireball, smoke ring."""
    c = Canvas(32, 32)
    cx = cy = 16
    radius = [3, 6, 9, 12, 14][k]
    for j in range(32):
        for i in range(32):
            d = math.hypot(i - cx + 0.5, j - cy + 0.5) + ring_noise(i // 2, j // 2, k) * 2.0
            t = d / radius
            if t > 1.0:
                continue
            if k == 4:                       # the last frame: a ragged ring of smoke
                if t < 0.55:
                    continue
                col = SMOKE[0] if (i - cx) + (j - cy) < 0 else SMOKE[1]
                if t < 0.7:
                    col = FIRE[3]
            elif k == 3 and t > 0.8:
                col = SMOKE[0] if (i - cx) + (j - cy) < 0 else SMOKE[1]
            else:
                shade = min(3, int(t * [1.5, 3.2, 3.8, 4.4][k]))
                col = FIRE[shade]
            c.set(i, j, col)
    if k == 0:                               # spark rays
        for a in range(4):
            dx, dy = [(1, 0), (0, 1), (-1, 0), (0, -1)][a]
            for r in range(4, 8):
                c.set(cx + dx * r, cy + dy * r, FIRE[0] if r < 6 else FIRE[1])
    return c


def coin(k):
    """Frame k (0-3) of a coin turning: full face, three quarters, half, edge."""
    c = Canvas(16, 16)
    cx, cy, ry = 8, 8, 6
    rx = [6, 4, 2, 0][k]
    if rx == 0:
        c.rect(cx - 1, cy - ry, 2, 2 * ry + 1, GOLD[2])
        c.rect(cx - 1, cy - ry, 1, 2 * ry + 1, GOLD[1])
    else:
        for j in range(-ry, ry + 1):
            for i in range(-rx - 1, rx + 2):
                if (i / (rx + 0.5)) ** 2 + (j / (ry + 0.5)) ** 2 <= 1.0:
                    inner = (i / (rx - 0.5 if rx > 1 else 0.5)) ** 2 + (j / (ry - 1.5)) ** 2 <= 1.0
                    col = GOLD[1] if inner else GOLD[2]
                    if inner and i + j < -rx:
                        col = GOLD[0]
                    if not inner and i + j > rx - 1:
                        col = GOLD[3]
                    c.set(cx + i, cy + j, col)
        if rx >= 4:                          # an embossed star, squashed with the turn
            for j in range(-2, 3):
                w = 2 - abs(j)
                for i in range(-w, w + 1):
                    c.set(cx + (i * rx) // 6, cy + j, GOLD[2])
            c.set(cx - (2 * rx) // 6, cy - 1, GOLD[2])
            c.set(cx + (2 * rx) // 6, cy - 1, GOLD[2])
        # the thickness of the coin shows on its right side as it turns
        if 0 < rx < 6:
            for j in range(-ry + 1, ry):
                c.set(cx + rx + 1, cy + j, GOLD[3])
    c.outline()
    return c


def torch(k):
    """Frame k (0-3) of a torch; the handle's foot is at (8, 31)."""
    c = Canvas(16, 32)
    c.rect(7, 19, 3, 13, WOOD[0])            # handle
    c.rect(9, 19, 1, 13, WOOD[1])
    c.rect(5, 16, 7, 3, IRON[0])             # iron cup
    c.rect(5, 18, 7, 1, IRON[1])
    c.rect(6, 19, 5, 1, IRON[1])
    # flame: stacked discs whose centres sway with the frame
    sway = [0, 1, 0, -1][k]
    tall = [0, 2, 1, 3][k]
    layers = [(FIRE[3], 4, 0), (FIRE[2], 3, 1), (FIRE[1], 2, 2), (FIRE[0], 1, 3)]
    for col, r, lift in layers:
        c.disc(8, 13 - lift, r, col)
        c.disc(8 + sway, 10 - lift - tall // 2, max(r - 1, 1), col)
        c.disc(8 + sway * 2, 7 - lift - tall, max(r - 2, 0), col)
    c.outline()
    return c


def strip(frames, w, h):
    sheet = Canvas(w * len(frames), h)
    for i, f in enumerate(frames):
        sheet.blit(f, i * w, 0)
    return sheet


def main():
    strip([explosion(k) for k in range(5)], 32, 32).save(HERE / "explosion.png")
    strip([coin(k) for k in range(4)], 16, 16).save(HERE / "coin.png")
    strip([torch(k) for k in range(4)], 16, 32).save(HERE / "torch.png")


if __name__ == "__main__":
    main()
