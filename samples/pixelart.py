"""A tiny RGBA canvas and PNG writer shared by the art scripts of samples/ and tests/docs/ (pure Python:
zlib + struct, so the art regenerates byte for byte anywhere). Original code of this
project."""
import struct
import zlib
from pathlib import Path

CLEAR = (0, 0, 0, 0)


class Canvas:
    """An RGBA canvas of tuples; `outline_colour` is what outline() draws by default."""

    outline_colour = (0, 0, 0, 255)

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

    def outline(self, colour=None):
        """Every clear pixel next (4-way) to a drawn one becomes the outline colour."""
        colour = self.outline_colour if colour is None else colour
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
        out = type(self)(self.w, self.h)
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
        Path(path).write_bytes(png)
