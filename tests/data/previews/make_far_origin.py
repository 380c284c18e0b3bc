#!/usr/bin/env python3
"""Makes far-origin.spk: the conformance pack (tests/data/conformance/fx.sprites.yaml, built
by spritec) with the origins of frames s/0 and s/1 moved to the ends of the 32-bit range,
as a hand-made or hostile pack may have them (a definition caps origins at ±1,000,000):

  s/0  origin ( 2147483640, -2147483640)
  s/1  origin ( 2147483647, -2147483648)   INT32_MAX and INT32_MIN

Only `walk` uses them: its east view (view 0) draws them unflipped, its west view (view 1)
mirrored about the origin, which puts the two views 2^32 px apart.

Usage, from the repository's top directory:
  build/spritec build tests/data/conformance/fx.sprites.yaml -o /tmp/fx.spk
  python3 tests/data/previews/make_far_origin.py /tmp/fx.spk tests/data/previews/far-origin.spk
"""
import struct
import sys

MASK = (1 << 64) - 1
P1, P2, P3, P4, P5 = (0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9,
                      0x85EBCA77C2B2AE63, 0x27D4EB2F165667C5)


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & MASK


def xxh64(data, seed=0):
    """XXH64 as specified (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md)."""
    n, i = len(data), 0

    def rnd(acc, lane):
        return (rotl((acc + lane * P2) & MASK, 31) * P1) & MASK

    if n >= 32:
        v = [(seed + P1 + P2) & MASK, (seed + P2) & MASK, seed, (seed - P1) & MASK]
        while i + 32 <= n:
            for k in range(4):
                v[k] = rnd(v[k], struct.unpack_from('<Q', data, i + 8 * k)[0])
            i += 32
        h = (rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18)) & MASK
        for k in range(4):
            h = (((h ^ rnd(0, v[k])) * P1) + P4) & MASK
    else:
        h = (seed + P5) & MASK
    h = (h + n) & MASK
    while i + 8 <= n:
        h = ((rotl(h ^ rnd(0, struct.unpack_from('<Q', data, i)[0]), 27) * P1) + P4) & MASK
        i += 8
    if i + 4 <= n:
        h = ((rotl(h ^ ((struct.unpack_from('<I', data, i)[0] * P1) & MASK), 23) * P2) + P3) & MASK
        i += 4
    while i < n:
        h = (rotl(h ^ ((data[i] * P5) & MASK), 11) * P1) & MASK
        i += 1
    h = ((h ^ (h >> 33)) * P2) & MASK
    h = ((h ^ (h >> 29)) * P3) & MASK
    return h ^ (h >> 32)


ORIGINS = {b's/0': (2147483640, -2147483640), b's/1': (2147483647, -2147483648)}


def main(src, dst):
    b = bytearray(open(src, 'rb').read())
    header_size, = struct.unpack_from('<I', b, 12)
    count, = struct.unpack_from('<I', b, 24)
    sections = {}
    for k in range(count):
        tag, off, size, n = struct.unpack_from('<4sIII', b, header_size + 16 * k)
        sections[tag] = (off, size, n)
    strs = sections[b'STRS'][0]
    fram, _, frames = sections[b'FRAM']
    patched = 0
    for f in range(frames):
        at = fram + 56 * f
        name_off, name_len = struct.unpack_from('<II', b, at)
        name = bytes(b[strs + name_off:strs + name_off + name_len])
        if name in ORIGINS:
            struct.pack_into('<ii', b, at + 28, *ORIGINS[name])
            patched += 1
    assert patched == len(ORIGINS), patched
    struct.pack_into('<Q', b, 32, xxh64(bytes(b[header_size:])))
    open(dst, 'wb').write(b)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
