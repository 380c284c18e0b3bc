#!/usr/bin/env python3
"""Inputs of bench/bench_hostile.sh's aseprite suite (issue 23, findings 1-5), written to DIR.

Each X.aseprite comes with X.sprites.yaml, one sheet of it with `tags: true`. The files
follow the Aseprite file specification (aseprite/aseprite docs/ase-file-specs.md) and
write what tests/unit/aseprite/ase_writer.hpp writes: RGBA, one layer chunk per layer,
compressed image cels, linked cels, 32-bit tilemap cels, embedded tilesets, tags.

  pingpong      65,535 frames of 1x1, one pingpong tag over all of them repeated 65,535
                times (finding 1: about 4.3 billion steps)
  many-tags     65,535 frames of 1x1 (the most a header holds), 4,096 forward tags each
                spanning all of them (finding 2: 268 million steps)
  linked        a 1x1 canvas; frame 0 holds one 8192x8192 compressed cel, the 65,534
                frames after it link to it (finding 3: the old reader inflated 256 MiB a
                frame); linked-17 is the same with 16 linked frames, for a per-frame cost
  tiles         a 1x8192 canvas, a tileset of 8,192 tiles of 8192x1 (2^26 px, the cap),
                32,768 frames each with a tilemap cel of 1x8192 tiles (finding 4: the old
                renderer walked every tile pixel, on the canvas or not, 8,192 a tile for the
                1 drawn); tiles-64: 64 frames. Its frames do not fit a 2048 px page (E0401)
  groups-255    an 8192x8192 canvas, header flag 2 (groups blend as a whole), 64 groups
                nested at full opacity around one image layer with a 1x1 cel (finding 5:
                the old renderer held a canvas per group, 16 GiB); they share one now
  groups-254    the same at opacity 254, which no group can share: E0213 now

Files that exist are not written again. Usage: make_hostile_aseprite.py DIR
"""
import functools
import os
import struct
import sys
import zlib


def u8(v):
    return struct.pack("<B", v)


def u16(v):
    return struct.pack("<H", v)


def s16(v):
    return struct.pack("<h", v)


def u32(v):
    return struct.pack("<I", v)


def string(s):
    b = s.encode()
    return u16(len(b)) + b


def chunk(kind, data):
    """DWORD size (with these 6 bytes), WORD type, data."""
    return u32(len(data) + 6) + u16(kind) + data


@functools.lru_cache(maxsize=None)
def constant_zlib(pattern, count):
    """zlib of `pattern` repeated `count` times, streamed (256 MiB never sits in memory);
    made once for the full-size file and its scaled-down one."""
    z = zlib.compressobj(6)
    block = pattern * 65536
    out = []
    left = count
    while left > 0:
        n = min(left, 65536)
        out.append(z.compress(block if n == 65536 else pattern * n))
        left -= n
    out.append(z.flush())
    return b"".join(out)


def layer_chunk(name, kind=0, level=0, opacity=255):
    """Flags visible|editable, type (0 image, 1 group, 2 tilemap), child level."""
    data = u16(1 | 2) + u16(kind) + u16(level) + u16(0) + u16(0) + u16(0) + u8(opacity)
    data += bytes(3) + string(name)
    if kind == 2:
        data += u32(0)  # tileset 0
    return chunk(0x2004, data)


def cel_head(layer, x, y, kind):
    return u16(layer) + s16(x) + s16(y) + u8(255) + u16(kind) + s16(0) + bytes(5)


def image_cel(layer, width, height, compressed):
    return chunk(0x2005, cel_head(layer, 0, 0, 2) + u16(width) + u16(height) + compressed)


def linked_cel(layer, frame):
    return chunk(0x2005, cel_head(layer, 0, 0, 1) + u16(frame))


def tilemap_cel(layer, width, height, compressed_tiles):
    """32-bit tiles with Aseprite's masks: id, x flip, y flip, diagonal flip."""
    data = cel_head(layer, 0, 0, 3) + u16(width) + u16(height) + u16(32)
    data += u32(0x1FFFFFFF) + u32(0x80000000) + u32(0x40000000) + u32(0x20000000) + bytes(10)
    return chunk(0x2005, data + compressed_tiles)


def tileset_chunk(count, tile_width, tile_height, compressed):
    """Tileset 0, flags: embedded tiles (2), tile 0 is the empty tile (4)."""
    data = u32(0) + u32(2 | 4) + u32(count) + u16(tile_width) + u16(tile_height) + s16(1)
    data += bytes(14) + string("tiles") + u32(len(compressed)) + compressed
    return chunk(0x2023, data)


def tags_chunk(tags):
    """tags: (name, from, to, direction 0 forward / 2 pingpong, repeat)."""
    data = u16(len(tags)) + bytes(8)
    for name, first, last, direction, repeat in tags:
        data += u16(first) + u16(last) + u8(direction) + u16(repeat) + bytes(6) + bytes(4)
        data += string(name)
    return chunk(0x2018, data)


def frame(chunks, duration=100):
    body = b"".join(chunks)
    count = len(chunks)
    return (u32(16 + len(body)) + u16(0xF1FA) + u16(min(count, 0xFFFF)) + u16(duration) +
            bytes(2) + u32(count) + body)


def write_sprite(path, width, height, frames, flags=1):
    """frames: the frame() bytes in order; flags 1: layer opacity valid, 2: groups blend."""
    body = b"".join(frames)
    count = len(frames)
    head = u32(128 + len(body)) + u16(0xA5E0) + u16(count) + u16(width) + u16(height)
    head += u16(32) + u32(flags) + u16(100) + u32(0) + u32(0) + u8(0) + bytes(3) + u16(0)
    head += u8(1) + u8(1) + s16(0) + s16(0) + u16(16) + u16(16) + bytes(84)
    assert len(head) == 128
    with open(path, "wb") as f:
        f.write(head + body)


def one_pixel_frames(count, first):
    """count frames of a 1x1 sprite: layer 'a', an opaque 1x1 cel and `first` in frame 0."""
    pixel = zlib.compress(b"\xc8\x64\x32\xff")
    frames = [frame([layer_chunk("a"), image_cel(0, 1, 1, pixel)] + first)]
    empty = frame([])
    frames += [empty] * (count - 1)
    return frames


def pingpong():
    return 1, 1, one_pixel_frames(65535, [tags_chunk([("p", 0, 65534, 2, 65535)])])


def many_tags():
    tags = [("t%d" % i, 0, 65534, 0, 0) for i in range(4096)]
    return 1, 1, one_pixel_frames(65535, [tags_chunk(tags)])


def linked(count, side=8192):
    def make():
        big = image_cel(0, side, side, constant_zlib(b"\x10\x20\x30\xff", side * side))
        link = frame([linked_cel(0, 0)])
        return 1, 1, [frame([layer_chunk("a"), big])] + [link] * (count - 1)
    return make


def tiles(count, side=8192):
    def make():
        tileset = tileset_chunk(side, side, 1, constant_zlib(b"\x30\x40\x50\x60", side * side))
        cel = tilemap_cel(0, 1, side, zlib.compress(u32(1) * side))
        first = frame([tileset, layer_chunk("map", 2), cel])
        other = frame([cel])
        return 1, side, [first] + [other] * (count - 1)
    return make


def groups(opacity, side=8192):
    def make():
        chunks = [layer_chunk("g", 1, level, opacity) for level in range(64)]
        pixel = zlib.compress(b"\xc8\x64\x32\xff")
        chunks += [layer_chunk("a", 0, 64), image_cel(64, 1, 1, pixel)]
        return side, side, [frame(chunks)]
    return make


FILES = {
    "pingpong": pingpong,
    "many-tags": many_tags,
    "linked": linked(65535),
    "linked-17": linked(17),
    "tiles": tiles(32768),
    "tiles-64": tiles(64),
    "groups-255": groups(255),
    "groups-254": groups(254),
}


def write_all(out, files):
    os.makedirs(out, exist_ok=True)
    for name, make in files.items():
        path = os.path.join(out, name + ".aseprite")
        if not os.path.exists(path):
            width, height, frames = make()
            flags = 1 | 2 if name.startswith("groups") else 1
            write_sprite(path + ".part", width, height, frames, flags)
            os.replace(path + ".part", path)
        with open(os.path.join(out, name + ".sprites.yaml"), "w") as f:
            f.write("pack: a\nsheets:\n  - {name: s, aseprite: %s.aseprite, tags: true}\n" % name)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    write_all(sys.argv[1], FILES)


if __name__ == "__main__":
    main()
