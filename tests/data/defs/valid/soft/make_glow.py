#!/usr/bin/env python3
"""A soft glow (radial alpha and colour gradients, hundreds of colours): art GIF cannot
carry exactly. Four 32x32 frames, pulsing. Pure Python (zlib + struct)."""
import math
import struct
import zlib
from pathlib import Path

W, H, N = 32, 32, 4


def png(path, w, h, px):
    raw = b"".join(b"\x00" + bytes(px[y * w * 4:(y + 1) * w * 4]) for y in range(h))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


px = [0] * (W * N * H * 4)
for f in range(N):
    radius = 9 + 3 * f
    for y in range(H):
        for x in range(W):
            d = math.hypot(x + 0.5 - W / 2, y + 0.5 - H / 2) / radius
            if d >= 1:
                continue
            a = int(round(255 * (1 - d) ** 1.5))
            r, g, b = 255, int(round(220 * (1 - d) + 60 * d)), int(round(120 * (1 - d) ** 2))
            i = (y * W * N + f * W + x) * 4
            px[i:i + 4] = [r, g, b, a]
png(Path(__file__).resolve().parent / "glow.png", W * N, H, px)
