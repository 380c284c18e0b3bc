#!/usr/bin/env python3
"""Writes the consumer test's art (standard library only): two strips of 8x8 cells, each
cell transparent except for one opaque box, so every frame's trim is known by hand.

hero.png (32x8), cell c at x = 8c:  box columns..rows (inclusive, inside the cell)
  hero/0: 2..5 x 1..7   hero/1: 1..6 x 0..7   hero/2: 3..7 x 2..7   hero/3: 0..4 x 3..6
fx.png (16x8):
  fx/0: 0..7 x 0..7     fx/1: 2..5 x 2..5
Each box has its own colour, so no two frames are pixel-identical (nothing deduplicated).
"""
import struct
import zlib


def png(path, width, height, boxes):
    rows = []
    for y in range(height):
        row = bytearray(b"\x00")  # filter: none
        for x in range(width):
            pixel = (0, 0, 0, 0)
            for (x0, x1, y0, y1, rgb) in boxes:
                if x0 <= x <= x1 and y0 <= y <= y1:
                    pixel = rgb + (255,)
            row += bytes(pixel)
        rows.append(bytes(row))

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) +
                chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def cell(c, x0, x1, y0, y1, rgb):
    return (8 * c + x0, 8 * c + x1, y0, y1, rgb)


png("hero.png", 32, 8, [cell(0, 2, 5, 1, 7, (255, 0, 77)), cell(1, 1, 6, 0, 7, (0, 228, 54)),
                        cell(2, 3, 7, 2, 7, (41, 173, 255)), cell(3, 0, 4, 3, 6, (255, 236, 39))])
png("fx.png", 16, 8, [cell(0, 0, 7, 0, 7, (255, 163, 0)), cell(1, 2, 5, 2, 5, (131, 118, 156))])
