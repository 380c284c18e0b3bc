#!/usr/bin/env python3
"""Lists the slice chunks (0x2022) of an .aseprite file, read per aseprite's
docs/ase-file-specs.md: header 128 bytes (DWORD size, WORD magic 0xA5E0, WORD frames,
...); each frame: DWORD bytes, WORD magic 0xF1FA, WORD old chunk count, WORD duration,
BYTE[2], DWORD new chunk count; each chunk: DWORD size, WORD type, data.
Slice chunk: DWORD keys, DWORD flags (1 = 9-patch, 2 = pivot), DWORD reserved, STRING name;
per key: DWORD frame, LONG x, LONG y, DWORD w, DWORD h, [9-patch: LONG cx, LONG cy,
DWORD cw, DWORD ch], [pivot: LONG px, LONG py]."""
import struct, sys

data = open(sys.argv[1], 'rb').read()
size, magic, frames, w, h, depth = struct.unpack_from('<IHHHHH', data, 0)
assert magic == 0xA5E0, hex(magic)
print(f'file {size} bytes (actual {len(data)}), {frames} frames, canvas {w}x{h}, depth {depth}')
pos = 128
for f in range(frames):
    fbytes, fmagic, old, dur = struct.unpack_from('<IHHH', data, pos)
    assert fmagic == 0xF1FA
    new, = struct.unpack_from('<I', data, pos + 12)
    n = old if new == 0 else new
    cpos = pos + 16
    types = []
    for c in range(n):
        csize, ctype = struct.unpack_from('<IH', data, cpos)
        types.append(hex(ctype))
        if ctype == 0x2022:
            d = cpos + 6
            nkeys, flags, _ = struct.unpack_from('<III', data, d); d += 12
            ln, = struct.unpack_from('<H', data, d); d += 2
            name = data[d:d + ln].decode('utf-8'); d += ln
            print(f'frame {f} chunk @{cpos}: slice {name!r} flags {flags} keys {nkeys}')
            for k in range(nkeys):
                kf, x, y, kw, kh = struct.unpack_from('<IiiII', data, d); d += 20
                extra = ''
                if flags & 1:
                    cx, cy, cw, ch = struct.unpack_from('<iiII', data, d); d += 16
                    extra += f' center ({cx},{cy},{cw},{ch})'
                if flags & 2:
                    px, py = struct.unpack_from('<ii', data, d); d += 8
                    extra += f' pivot ({px},{py})'
                print(f'  key frame {kf}: bounds ({x},{y},{kw},{kh}){extra}')
        cpos += csize
    print(f'frame {f}: {fbytes} bytes, {dur} ms, chunks {types}')
    pos += fbytes
