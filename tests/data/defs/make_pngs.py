#!/usr/bin/env python3
"""Writes the tiny PNGs the def/ tests use (run from this directory; output is committed).

Only the header matters to the definition checks, but every image except the deliberately
broken ones is a complete, valid RGBA PNG so other modules may decode them too.
"""
import os
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, rgba=(255, 0, 255, 255)):
    row = b"\x00" + bytes(rgba) * width
    raw = row * height
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) +
            chunk(b"IEND", b""))


def header_only(width, height):
    # A PNG signature and IHDR claiming a huge size, with no pixel data: the size cap must
    # reject it from the header, before anything is decoded.
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


def write(path, data):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


write("img/strip48x8.png", png(48, 8))           # six 8x8 cells
write("img/sheet32x16.png", png(32, 16, (0, 128, 255, 255)))  # 4x2 cells of 8x8
write("img/wide20000.png", header_only(20000, 8))
write("img/square300.png", header_only(300, 300))  # 90000 1x1 cells: over the frame cap
write("img/not_png.png", b"this is text, not a PNG\n")
write("img/truncated.png", b"\x89PNG\r\n\x1a\n\x00\x00")
write("img/run/run_b.png", png(16, 32))
write("img/run/run_a.png", png(16, 32))
write("img/run/run_c.png", png(16, 30))
write("img/run/notes.txt", b"not matched by *.png\n")
