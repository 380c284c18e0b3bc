#!/usr/bin/env python3
"""Draws the effects sample's art (original, generated): explosion.png, coin.png and
torch.png.

explosion.png: five 32x32 frames of a blast growing from a spark to a ring of smoke.
coin.png: four 16x16 frames of a coin turning from its face to its edge; the definition
plays the second half of the turn mirrored. torch.png: four 16x32 frames of a torch whose
flame flickers. Pure Python (zlib + struct); rerunning it rewrites the PNGs byte for byte.
"""
import math
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent

CLEAR = (0, 0, 0, 0)
OUTLINE = (34, 22, 36, 255)
FIRE = [(255, 248, 206, 255), (255, 214, 80, 255), (244, 130, 46, 255), (196, 54, 40, 255)]
SMOKE = [(132, 124, 140, 255), (88, 82, 102, 255)]
GOLD = [(255, 250, 220, 255), (255, 218, 88, 255), (224, 158, 38, 255), (146, 88, 26, 255)]
WOOD = [(146, 96, 56, 255), (92, 58, 34, 255)]
IRON = [(164, 172, 188, 255), (98, 104, 122, 255)]

class Canvas:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = [CLEAR] * (w * h)

    def get(self, x, y):
        if 0 <= x < self.w and 0 <= y < self.h:
            return self.px[y * self.w + x]
        return CLEAR

    def set(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            self.px[y * self.w + x] = c

    def rect(self, x, y, w, h, c):
        for j in range(y, y + h):
            for i in range(x, x + w):
                self.set(i, j, c)

    def shaded_rect(self, x, y, w, h, ramp):
        """Mid fill, light left column, dark right column (light comes from the upper left)."""
        self.rect(x, y, w, h, ramp[1])
        self.rect(x, y, 1, h, ramp[0])
        if len(ramp) > 2 and w > 2:
            self.rect(x + w - 1, y, 1, h, ramp[2])

    def disc(self, cx, cy, r, c):
        for j in range(cy - r, cy + r + 1):
            for i in range(cx - r, cx + r + 1):
                if (i - cx) ** 2 + (j - cy) ** 2 <= r * r + r:
                    self.set(i, j, c)

    def shaded_disc(self, cx, cy, r, ramp):
        for j in range(cy - r, cy + r + 1):
            for i in range(cx - r, cx + r + 1):
                if (i - cx) ** 2 + (j - cy) ** 2 <= r * r + r:
                    s = (i - cx) + (j - cy)
                    shade = 0 if s < -r // 2 else (2 if s > r // 2 + 1 else 1)
                    self.set(i, j, ramp[min(shade, len(ramp) - 1)])

    def line(self, x0, y0, x1, y1, c, width=1):
        """Bresenham line drawn with a width x width brush."""
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        err = dx + dy
        while True:
            self.rect(x0 - (width - 1) // 2, y0 - (width - 1) // 2, width, width, c)
            if x0 == x1 and y0 == y1:
                break
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x0 += sx
            if e2 <= dx:
                err += dx
                y0 += sy

    def outline(self, colour=OUTLINE):
        """Every clear pixel next (4-way) to a drawn one becomes the outline colour."""
        edge = []
        for y in range(self.h):
            for x in range(self.w):
                if self.get(x, y)[3] == 0 and any(
                        self.get(x + dx, y + dy)[3] != 0 and self.get(x + dx, y + dy) != colour
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                    edge.append((x, y))
        for x, y in edge:
            self.set(x, y, colour)

    def mirror(self):
        out = Canvas(self.w, self.h)
        for y in range(self.h):
            for x in range(self.w):
                out.set(self.w - 1 - x, y, self.get(x, y))
        return out

    def blit(self, src, ox, oy):
        for y in range(src.h):
            for x in range(src.w):
                p = src.get(x, y)
                if p[3]:
                    self.set(ox + x, oy + y, p)

    def save(self, path):
        raw = b"".join(
            b"\x00" + b"".join(bytes(self.px[y * self.w + x]) for x in range(self.w))
            for y in range(self.h))

        def chunk(tag, data):
            body = tag + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

        png = b"\x89PNG\r\n\x1a\n"
        png += chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, 6, 0, 0, 0))
        png += chunk(b"IDAT", zlib.compress(raw, 9))
        png += chunk(b"IEND", b"")
        path.write_bytes(png)


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
