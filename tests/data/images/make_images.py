#!/usr/bin/env python3
"""Writes the tiny PNGs of this folder, each in a colour type spritec's encoder never
writes, so tests/unit/image can check decoding against values worked out by hand.
Run from this folder; the output is deterministic."""
import struct
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, depth, colour, rows, extra=b""):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    raw = b"".join(b"\x00" + r for r in rows)  # filter type 0 on every row
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# 2x2 palette: red, green / blue, white at alpha 128 (tRNS gives index 3 alpha 0x80).
palette = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
trns = bytes([255, 255, 255, 128])
with open("palette_2x2.png", "wb") as f:
    f.write(png(2, 2, 8, 3, [bytes([0, 1]), bytes([2, 3])],
                chunk(b"PLTE", palette) + chunk(b"tRNS", trns)))

# 3x1 16-bit grey: 0x0000, 0x8080, 0xFFFF -> 8-bit 0, 128, 255 (v / 257, which here is also the high byte), opaque.
with open("gray16_3x1.png", "wb") as f:
    f.write(png(3, 1, 16, 0, [bytes([0x00, 0x00, 0x80, 0x80, 0xFF, 0xFF])]))

# 2x1 grey + alpha, 8-bit: (10, alpha 20), (200, alpha 255).
with open("gray_alpha_2x1.png", "wb") as f:
    f.write(png(2, 1, 8, 4, [bytes([10, 20, 200, 255])]))
