#!/usr/bin/env python3
"""Writes the PNGs the error cases under this directory use (run from here; committed).

sheet.png is a valid 16x8 RGBA image (two 8x8 cells); huge.png is only a signature and an
IHDR header claiming 20000x8 pixels, which the size cap must reject before decoding;
square.png is the same for 300x300 (90000 cells of 1x1, over the frame cap).
"""
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, rgba=(255, 128, 0, 255)):
    raw = (b"\x00" + bytes(rgba) * width) * height
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) +
            chunk(b"IEND", b""))


def header_only(width, height):
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


SHEET_CASES = [
    "E0203-rect-outside-image", "E0206-zero-size-rect", "E0207-grid-empty",
    "E0208-duplicate-frame", "E0209-bad-color", "E0210-duplicate-sheet", "E0211-sheet-source",
    "E0301-unknown-frame", "E0302-view-count", "E0303-step-count", "E0304-view-ticks",
    "E0305-view-event", "E0306-loop-from", "E0307-unknown-then", "E0308-unknown-transition",
    "E0309-bad-duration", "E0310-duration-twice", "E0311-no-steps", "E0312-unknown-entry",
    "E0313-too-many-inputs", "W0301-inexact-duration", "W0302-shadowed-transition",
    "W0303-unreachable-action", "E0104-unknown-key",
]

for case in SHEET_CASES:
    with open(case + "/sheet.png", "wb") as f:
        f.write(png(16, 8))
with open("E0212-too-many-frames/square.png", "wb") as f:
    f.write(header_only(300, 300))
with open("E0204-image-too-large/huge.png", "wb") as f:
    f.write(header_only(20000, 8))
