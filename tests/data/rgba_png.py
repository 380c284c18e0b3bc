"""One RGBA PNG writer for the test-data scripts (standard library only): 8-bit RGBA,
filter 0 on every row, zlib level 9, so a script rewrites its PNG byte for byte."""
import struct
import zlib


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def write_rgba_png(path, width, height, pixels):
    """pixels: a dict (x, y) -> (r, g, b, a); pixels not in it are transparent black."""
    rows = b"".join(
        b"\0" + b"".join(bytes(pixels.get((x, y), (0, 0, 0, 0))) for x in range(width))
        for y in range(height))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        f.write(_chunk(b"IDAT", zlib.compress(rows, 9)))
        f.write(_chunk(b"IEND", b""))
