#!/usr/bin/env python3
"""Inputs of bench/bench_hostile.sh (issue 23, findings 14 and 17), written to DIR:

  big.png      16384 x 16384 RGBA, transparent but for a 16 x 16 opaque square at (0, 0):
               the largest image spritec decodes (1 GiB as RGBA), a few hundred KB as PNG
  big.sprites.yaml   a definition with one frame of it, for check and build
  dots.png     512 x 512 RGBA with 65,536 single opaque pixels 2 px apart (every even x and
               y): the most regions a sheet may have, each 1 px from the next
  dots.sprites.yaml  a definition that detects them with detect_gap 4096 (all merge into one)
  scatter.png  1024 x 1024 RGBA with 3,000 seeded random blocks of 1-6 px, for comparing the
               boxes two binaries' detect finds

Usage: make_hostile.py DIR
"""
import os
import random
import struct
import sys
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def write_png(path, width, height, row_of):
    """An RGBA8 PNG, rows made by row_of(y) (bytes without the filter byte), streamed."""
    z = zlib.compressobj(6)
    idat = []
    for y in range(height):
        idat.append(z.compress(b"\x00" + row_of(y)))
    idat.append(z.flush())
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", b"".join(idat)))
        f.write(chunk(b"IEND", b""))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    side = 16384
    blank = bytes(side * 4)
    square = b"\xff\x80\x40\xff" * 16 + bytes((side - 16) * 4)
    big = os.path.join(out, "big.png")
    if not os.path.exists(big):
        write_png(big, side, side, lambda y: square if y < 16 else blank)
    with open(os.path.join(out, "big.sprites.yaml"), "w") as f:
        f.write("pack: big\nsheets:\n  - name: s\n    image: big.png\n"
                "    frames:\n      a: {rect: [0, 0, 16, 16]}\n"
                "actions:\n  a: {frames: [s/a], ms: 100}\n")
    dot_row = b"\xff\xff\xff\xff\x00\x00\x00\x00" * 256
    write_png(os.path.join(out, "dots.png"), 512, 512,
              lambda y: dot_row if y % 2 == 0 else bytes(512 * 4))
    with open(os.path.join(out, "dots.sprites.yaml"), "w") as f:
        f.write("pack: dots\nsheets:\n  - name: s\n    image: dots.png\n"
                "    detect: true\n    detect_gap: 4096\n")

    rng = random.Random(23)
    side = 1024
    pixels = bytearray(side * side * 4)
    for _ in range(3000):
        x, y = rng.randrange(side), rng.randrange(side)
        w, h = rng.randint(1, 6), rng.randint(1, 6)
        for yy in range(y, min(side, y + h)):
            for xx in range(x, min(side, x + w)):
                pixels[(yy * side + xx) * 4:(yy * side + xx) * 4 + 4] = b"\x20\x40\x60\xff"
    write_png(os.path.join(out, "scatter.png"), side, side,
              lambda y: bytes(pixels[y * side * 4:(y + 1) * side * 4]))


main()
