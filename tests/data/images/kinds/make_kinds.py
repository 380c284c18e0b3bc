#!/usr/bin/python3
"""Writes the PNG fixtures of tests/unit/image ("every kind of PNG decodes to what a viewer
shows"): one NAME.png of every colour type, bit depth, transparency and interlacing a PNG
can have, written by encoders other than spritec's -- Pillow and ImageMagick, and a few by
hand here where neither writes that kind (or where the file deliberately breaks a rule of
the PNG specification) -- and beside each NAME.rgba, the pixels a viewer shows: width *
height * 4 bytes, RGBA, row-major.

The expected pixels are worked out three ways, which must agree before anything is written:
  1. from the samples the generator meant to store, by the PNG specification: palette
     entries and their tRNS alpha; grey and RGB samples of depth d scaled to 8 bits as
     round(v * 255 / (2^d - 1)) (exact for 1, 2, 4 and 8 bits; for 16 bits, round(v / 257));
     pixels equal to a tRNS key get alpha 0 and keep their colour; no alpha means 255;
  2. by libpng, through libpng_rgba.c (compiled here): what most viewers and paint
     programs read (expand, tRNS to alpha, 16-bit scaled with rounding);
  3. by Pillow's own decoder, Image.convert("RGBA"), for the kinds it reads by the
     specification (not 16-bit ones: Pillow keeps the high byte of 16-bit colour and
     clips 16-bit grey; and not a key of 1, 2 or 4-bit grey, which it compares with
     samples it has already scaled to 8 bits; and not palette indices past the palette).
kinds.tsv lists every fixture: its name, size, colour type, depth, interlace, tRNS, writer
and which decoders agreed. The test reads only the PNGs, kinds.tsv and the .rgba files:
neither Python nor these tools are needed to run it.

Run with Debian's Python (packages python3-pil, imagemagick, libpng-dev and a C compiler;
scripts/install-deps.sh installs them):  /usr/bin/python3 make_kinds.py
The output is deterministic: running it again rewrites the same bytes.
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

from PIL import Image, PngImagePlugin

HERE = os.path.dirname(os.path.abspath(__file__))
GREY, RGB, PALETTE, GREY_ALPHA, RGBA = 0, 2, 3, 4, 6
CHANNELS = {GREY: 1, RGB: 3, PALETTE: 1, GREY_ALPHA: 2, RGBA: 4}


def scale(v, depth):
    """A sample of `depth` bits to 8 bits, round(v * 255 / (2^depth - 1))."""
    m = (1 << depth) - 1
    return (2 * v * 255 + m) // (2 * m)


def lcg(seed):
    """A fixed stream of pseudo-random 32-bit numbers (deterministic everywhere)."""
    x = seed
    while True:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        yield x


class Pic:
    """What a fixture stores: samples at the file's depth, one tuple per pixel."""

    def __init__(self, name, colour, depth, size, samples, interlace=False, palette=None,
                 alpha=None, key=None, writer="pillow", note=""):
        self.name, self.colour, self.depth = name, colour, depth
        self.width, self.height = size
        self.samples = samples  # row-major tuples (palette: (index,))
        self.interlace = interlace
        self.palette = palette  # [(r, g, b)], palette images
        self.alpha = alpha  # tRNS alpha of the first palette entries
        self.key = key  # tRNS key, grey (v,) or RGB (r, g, b), at the file's depth
        self.writer = writer
        self.note = note

    def has_trns(self):
        return self.alpha is not None or self.key is not None

    def spec_rgba(self):
        out = bytearray()
        for s in self.samples:
            if self.colour == PALETTE:
                i = s[0]
                # An index past the palette breaks the specification; libpng shows black.
                r, g, b = self.palette[i] if i < len(self.palette) else (0, 0, 0)
                a = self.alpha[i] if self.alpha is not None and i < len(self.alpha) else 255
                out += bytes((r, g, b, a))
                continue
            v = [scale(c, self.depth) for c in s]
            if self.colour == GREY:
                a = 0 if self.key is not None and s == self.key else 255
                out += bytes((v[0], v[0], v[0], a))
            elif self.colour == GREY_ALPHA:
                out += bytes((v[0], v[0], v[0], v[1]))
            elif self.colour == RGB:
                a = 0 if self.key is not None and s == self.key else 255
                out += bytes((v[0], v[1], v[2], a))
            else:
                out += bytes(v)
        return bytes(out)


# --- the pictures ------------------------------------------------------------------------

W, H = 13, 7  # odd sizes: partial bytes at the end of low-bit rows, partial Adam7 passes


def grid(size, fn):
    w, h = size
    return [fn(x, y) for y in range(h) for x in range(w)]


def palette_pic(name, depth, trns, size=(W, H), interlace=False, writer="pillow", entries=None):
    n = entries or min(1 << depth, 200)
    rnd = lcg(depth * 31 + n)
    palette = [(next(rnd) % 256, next(rnd) % 256, next(rnd) % 256) for _ in range(n)]
    alpha = None
    if trns:
        # Fewer alpha values than entries (the rest are opaque); index 0 fully transparent
        # with a colour that is not black, so a decoder that zeroes it is caught.
        alpha = [0] + [next(rnd) % 256 for _ in range(max(0, min(n, 37) - 2))]
        if n == 2:
            alpha = [0]
    idx = lcg(depth * 7 + 1)
    samples = grid(size, lambda x, y: ((next(idx) >> 8) % n,))
    return Pic(name, PALETTE, depth, size, samples, interlace, palette, alpha, writer=writer)


def grey_pic(name, depth, trns, size=(W, H), interlace=False, writer="pillow"):
    top = (1 << depth) - 1
    if depth == 16:
        # Values where rounding and the high byte differ (0x0081 -> 1, 0xFF00 -> 254), and
        # halfway-ish ones (0x807F, 0x8080, 0x80FF).
        special = [0x0000, 0x0081, 0x017F, 0x7F80, 0x807F, 0x8080, 0x80FF, 0xFF00, 0xFFFF]
        rnd = lcg(16)
        samples = grid(size, lambda x, y: (special[x] if y == 0 and x < len(special) else
                                           next(rnd) & 0xFFFF,))
    else:
        samples = grid(size, lambda x, y: ((x * 3 + y * 5) % (top + 1),))
    key = None
    if trns:
        key = samples[2] if depth > 1 else (top,)
    return Pic(name, GREY, depth, size, samples, interlace, key=key, writer=writer)


def grey_alpha_pic(name, depth, size=(W, H), interlace=False, writer="pillow"):
    rnd = lcg(40 + depth)
    top = (1 << depth) - 1
    samples = grid(size, lambda x, y: (next(rnd) & top, (0, top, next(rnd) & top)[(x + y) % 3]))
    return Pic(name, GREY_ALPHA, depth, size, samples, interlace, writer=writer)


def rgb_pic(name, depth, trns, size=(W, H), interlace=False, writer="pillow"):
    rnd = lcg(60 + depth)
    top = (1 << depth) - 1
    samples = grid(size, lambda x, y: (next(rnd) & top, next(rnd) & top, next(rnd) & top))
    key = None
    if trns:
        key = samples[1]
        for i in range(0, len(samples), 4):  # a few more pixels of the key colour
            samples[i] = key
    return Pic(name, RGB, depth, size, samples, interlace, key=key, writer=writer)


def rgba_pic(name, depth, size=(W, H), interlace=False, writer="pillow"):
    rnd = lcg(80 + depth)
    top = (1 << depth) - 1
    samples = grid(size, lambda x, y: (next(rnd) & top, next(rnd) & top, next(rnd) & top,
                                       (0, top, next(rnd) & top)[(x * 2 + y) % 3]))
    return Pic(name, RGBA, depth, size, samples, interlace, writer=writer)


def pictures():
    pics = []
    for depth in (1, 2, 4, 8):
        pics.append(palette_pic("palette%d" % depth, depth, False))
        pics.append(palette_pic("palette%d_trns" % depth, depth, True))
    # A palette shorter than the depth allows (5 entries, 8 bits), as most tools write.
    pics.append(palette_pic("palette8_short_trns", 8, True, entries=5, writer="magick"))
    pics.append(grey_pic("grey1", 1, False))
    g = grey_pic("grey1_trns", 1, True)
    g.note = "Pillow writes the key as given (1, white)"
    pics.append(g)
    for depth in (2, 4):
        pics.append(grey_pic("grey%d" % depth, depth, False, writer="magick"))
        pics.append(grey_pic("grey%d_trns" % depth, depth, True, writer="magick"))
    pics.append(grey_pic("grey8", 8, False))
    pics.append(grey_pic("grey8_trns", 8, True))
    pics.append(grey_pic("grey16", 16, False))
    pics.append(grey_pic("grey16_trns", 16, True))
    pics.append(grey_alpha_pic("grey_alpha8", 8))
    pics.append(grey_alpha_pic("grey_alpha16", 16, writer="magick"))
    pics.append(rgb_pic("rgb8", 8, False))
    pics.append(rgb_pic("rgb8_trns", 8, True))
    pics.append(rgb_pic("rgb16", 16, False, writer="magick"))
    pics.append(rgb_pic("rgb16_trns", 16, True, writer="magick"))
    pics.append(rgba_pic("rgba8", 8))
    pics.append(rgba_pic("rgba16", 16, writer="magick"))

    # Adam7: one of every colour type, and sizes where some passes are empty.
    pics.append(palette_pic("palette1_trns_adam7", 1, True, interlace=True, writer="magick"))
    pics.append(palette_pic("palette4_trns_adam7", 4, True, interlace=True, writer="magick"))
    pics.append(palette_pic("palette8_adam7", 8, False, interlace=True, writer="magick"))
    pics.append(grey_pic("grey2_trns_adam7", 2, True, interlace=True, writer="magick"))
    pics.append(grey_pic("grey8_adam7", 8, False, interlace=True, writer="magick"))
    pics.append(grey_pic("grey16_trns_adam7", 16, True, interlace=True, writer="magick"))
    pics.append(grey_alpha_pic("grey_alpha8_adam7", 8, interlace=True, writer="magick"))
    pics.append(grey_alpha_pic("grey_alpha16_adam7", 16, interlace=True, writer="magick"))
    pics.append(rgb_pic("rgb8_trns_adam7", 8, True, interlace=True, writer="magick"))
    pics.append(rgb_pic("rgb16_adam7", 16, False, interlace=True, writer="magick"))
    pics.append(rgba_pic("rgba8_adam7", 8, interlace=True, writer="magick"))
    pics.append(rgba_pic("rgba16_adam7", 16, interlace=True, writer="magick"))
    pics.append(rgba_pic("rgba8_1x1_adam7", 8, size=(1, 1), interlace=True, writer="python"))
    pics.append(grey_pic("grey1_9x2_adam7", 1, False, size=(9, 2), interlace=True,
                         writer="python"))
    pics.append(palette_pic("palette2_2x9_adam7", 2, True, size=(2, 9), interlace=True,
                            writer="python"))

    # Files that break a rule of the specification the way real files do; a viewer (libpng)
    # still shows them.
    bad = palette_pic("bad_palette_index", 4, True, entries=5, writer="python")
    bad.samples[3] = (9,)  # past the 5 entries: opaque black
    bad.samples[7] = (15,)
    bad.note = "indices 9 and 15 past a 5-entry palette: libpng shows opaque black"
    pics.append(bad)
    bad = grey_pic("bad_grey1_key255", 1, True, writer="pillow")
    bad.key = (1,)  # what the key means once masked to 1 bit
    bad.note = "Image.save(transparency=255) on a mode-1 image: tRNS grey 255; libpng masks it to 1 bit"
    pics.append(bad)
    return pics


# --- the writers -------------------------------------------------------------------------


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def pack_row(pic, samples):
    """One row of samples as PNG stores it (big-endian, low depths packed, MSB first)."""
    if pic.depth == 16:
        return b"".join(struct.pack(">%dH" % len(s), *s) for s in samples)
    if pic.depth == 8:
        return bytes(c for s in samples for c in s)
    bits, out, acc, n = pic.depth, bytearray(), 0, 0
    for s in samples:
        acc = (acc << bits) | s[0]
        n += bits
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]


def write_python(pic, path, extra_before_idat=b""):
    """The PNG specification by hand: filter 0 on every row, Adam7 when interlaced."""
    w, h = pic.width, pic.height
    rows = []
    passes = ADAM7 if pic.interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        for y in range(y0, h, dy):
            line = [pic.samples[y * w + x] for x in range(x0, w, dx)]
            if line:
                rows.append(b"\x00" + pack_row(pic, line))
    ihdr = struct.pack(">IIBBBBB", w, h, pic.depth, pic.colour, 0, 0, 1 if pic.interlace else 0)
    extra = b""
    if pic.colour == PALETTE:
        extra += chunk(b"PLTE", bytes(c for e in pic.palette for c in e))
        if pic.alpha is not None:
            extra += chunk(b"tRNS", bytes(pic.alpha))
    elif pic.key is not None:
        extra += chunk(b"tRNS", struct.pack(">%dH" % len(pic.key), *pic.key))
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + extra_before_idat +
            chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(data)


def write_pillow(pic, path):
    size = (pic.width, pic.height)
    opts = {}
    if pic.colour == PALETTE:
        im = Image.new("P", size)
        im.putpalette([c for e in pic.palette for c in e])
        im.putdata([s[0] for s in pic.samples])
        opts["bits"] = pic.depth
        if pic.alpha is not None:
            opts["transparency"] = bytes(pic.alpha)
    elif pic.colour == GREY and pic.depth == 1:
        im = Image.new("1", size)
        im.putdata([255 * s[0] for s in pic.samples])
    elif pic.colour == GREY and pic.depth == 8:
        im = Image.new("L", size)
        im.putdata([s[0] for s in pic.samples])
    elif pic.colour == GREY and pic.depth == 16:
        im = Image.new("I", size)  # saved as 16-bit grey (a tRNS key needs mode I)
        im.putdata([s[0] for s in pic.samples])
    elif pic.colour == GREY_ALPHA and pic.depth == 8:
        im = Image.new("LA", size)
        im.putdata(pic.samples)
    elif pic.colour == RGB and pic.depth == 8:
        im = Image.new("RGB", size)
        im.putdata(pic.samples)
    elif pic.colour == RGBA and pic.depth == 8:
        im = Image.new("RGBA", size)
        im.putdata(pic.samples)
    else:
        raise SystemExit("%s: Pillow does not write this kind" % pic.name)
    if pic.key is not None:
        opts["transparency"] = pic.key if pic.colour == RGB else pic.key[0]
    if pic.name == "bad_grey1_key255":
        opts["transparency"] = 255
    im.save(path, **opts)


def write_magick(pic, path, tmp):
    """ImageMagick from raw RGBA (8 or 16 bits) holding the picture's colours exactly, or
    for palette images from Pillow's PNG (ImageMagick keeps a colour map it reads, but
    shifts translucent colours when it makes one); the colour type and depth are asked for
    with -define png:... and checked afterwards."""
    if pic.colour == PALETTE:
        source = os.path.join(tmp, pic.name + ".pillow.png")
        write_pillow(pic, source)
        args = ["/usr/bin/convert", source]
        if pic.depth == 8:  # (below 8 it picks the depth the palette needs by itself)
            args += ["-define", "png:bit-depth=8"]
        if pic.interlace:
            args += ["-interlace", "PNG"]
        subprocess.run(args + ["-strip", "PNG:" + path], check=True)
        return
    wide = pic.depth == 16
    top = 65535 if wide else 255
    rgba = bytearray()
    for s, px in zip(pic.samples, chunks_of(pic.spec_rgba(), 4)):
        if wide:
            if pic.colour in (GREY, GREY_ALPHA):
                c = (s[0], s[0], s[0])
            else:
                c = s[:3]
            if pic.colour in (GREY_ALPHA, RGBA):
                a = s[-1]
            else:
                a = 0 if px[3] == 0 else top
            rgba += struct.pack(">4H", c[0], c[1], c[2], a)
        else:
            rgba += bytes(px)
    raw = os.path.join(tmp, pic.name + ".raw")
    with open(raw, "wb") as f:
        f.write(rgba)
    args = ["/usr/bin/convert", "-size", "%dx%d" % (pic.width, pic.height),
            "-depth", "16" if wide else "8", "-endian", "MSB", "rgba:" + raw]
    if pic.colour in (GREY, GREY_ALPHA):
        args += ["-colorspace", "gray"]
    if not pic.has_trns() or pic.colour == RGB:
        # A grey key is written only when ImageMagick picks the colour type itself (from
        # the transparent pixels sharing one colour); otherwise it is asked for.
        args += ["-define", "png:color-type=%d" % pic.colour]
    args += ["-define", "png:bit-depth=%d" % pic.depth]
    if pic.interlace:
        args += ["-interlace", "PNG"]
    args += ["-strip", "PNG:" + path]
    subprocess.run(args, check=True)


def chunks_of(data, n):
    return [data[i:i + n] for i in range(0, len(data), n)]


# --- the checks --------------------------------------------------------------------------


def png_layout(path):
    """(colour, depth, interlace, chunk types) of a PNG, read from its bytes."""
    with open(path, "rb") as f:
        data = f.read()
    w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", data[16:29])
    types, pos = [], 8
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        types.append(data[pos + 4:pos + 8].decode("latin-1"))
        pos += 12 + n
    return (w, h), colour, depth, interlace, types


def libpng_oracle(tmp):
    exe = os.path.join(tmp, "libpng_rgba")
    subprocess.run(["cc", "-O1", "-o", exe, os.path.join(HERE, "libpng_rgba.c"), "-lpng"],
                   check=True)
    return exe


def pillow_reads(pic):
    if pic.depth == 16:
        return False
    if pic.colour == GREY and pic.depth < 8 and pic.has_trns() and pic.name != "bad_grey1_key255":
        return False  # Pillow compares the key with samples it already scaled to 8 bits
    if pic.name == "bad_palette_index":
        return False  # Pillow shows index i past the palette as grey (i, i, i)
    return True


def first_difference(a, b, width):
    for i in range(0, min(len(a), len(b)), 4):
        if a[i:i + 4] != b[i:i + 4]:
            p = i // 4
            return "pixel (%d, %d): %s vs %s" % (p % width, p // width, list(a[i:i + 4]),
                                                  list(b[i:i + 4]))
    return "lengths %d vs %d" % (len(a), len(b))


def main():
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        oracle = libpng_oracle(tmp)
        for pic in pictures():
            path = os.path.join(HERE, pic.name + ".png")
            if pic.writer == "pillow":
                write_pillow(pic, path)
            elif pic.writer == "magick":
                write_magick(pic, path, tmp)
            else:
                write_python(pic, path)
            size, colour, depth, interlace, types = png_layout(path)
            got = (size, colour, depth, bool(interlace), "tRNS" in types)
            want = ((pic.width, pic.height), pic.colour, pic.depth, pic.interlace, pic.has_trns())
            if got != want:
                raise SystemExit("%s: wrote %s, meant %s" % (pic.name, got, want))

            expected = pic.spec_rgba()
            run = subprocess.run([oracle, path], capture_output=True, check=True)
            if run.stdout != expected:
                raise SystemExit("%s: libpng and the specification differ at %s" %
                                 (pic.name, first_difference(run.stdout, expected, pic.width)))
            oracles = "spec,libpng"
            if pillow_reads(pic):
                pil = Image.open(path).convert("RGBA").tobytes()
                if pil != expected:
                    raise SystemExit("%s: Pillow and the specification differ at %s" %
                                     (pic.name, first_difference(pil, expected, pic.width)))
                oracles += ",pillow"
            with open(os.path.join(HERE, pic.name + ".rgba"), "wb") as f:
                f.write(expected)
            rows.append([pic.name, str(pic.width), str(pic.height), str(pic.colour),
                         str(pic.depth), "adam7" if pic.interlace else "-",
                         "tRNS" if pic.has_trns() else "-", pic.writer, oracles, pic.note])
    with open(os.path.join(HERE, "kinds.tsv"), "w") as f:
        f.write("# Written by make_kinds.py: every fixture NAME.png, its expected RGBA in "
                "NAME.rgba.\n")
        f.write("# name\twidth\theight\tcolour_type\tdepth\tinterlace\ttrns\twriter\t"
                "agreed\tnote\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("wrote %d fixtures" % len(rows), file=sys.stderr)


if __name__ == "__main__":
    main()
