#!/usr/bin/env python3
"""Writes slime.aseprite: a sample drawn as an Aseprite file, byte for byte the same on every
run, written from Aseprite's published file specification (docs/ase-file-specs.md in
aseprite/aseprite) with the standard library only. Original art of this project.

The file: a 24x20 canvas, RGBA, 10 frames, four layers bottom to top —
  shadow   a dark ellipse under the slime, 50% layer opacity
  body     the slime, squashing and stretching
  eyes     two eyes (a separate layer, so `layers:` can leave them out)
  guide    a magenta baseline, HIDDEN (as artists keep guides): never in the output
tags (directions as Aseprite names them):
  idle    0-3   pingpong            (squash and stretch in place)
  hop     4-7   forward, repeat 1   (one hop; the last frame is held)
  melt    8-9   reverse, repeat 2
  wobble  0-1   pingpong_reverse
a slice `feet` with a pivot at the middle of the slime's base (keys at frames 0 and 4: the
hop lifts it), and per-frame durations (80-200 ms).
Cels are zlib-compressed (cel type 2); frame 3 links to frame 1's body cel (type 1).
"""
import struct
import zlib
from pathlib import Path

W, H = 24, 20
CLEAR = (0, 0, 0, 0)
GREEN = [(92, 214, 120, 255), (54, 170, 96, 255), (28, 112, 70, 255)]  # light, mid, dark
SHADOW = (20, 24, 40, 255)
EYE = (16, 20, 36, 255)
WHITE = (250, 250, 250, 255)
GUIDE = (255, 0, 255, 255)

# Per frame: (body width, body height, lift above the ground, duration in ms).
FRAMES = [
    (16, 10, 0, 120), (17, 9, 0, 120), (15, 11, 0, 120), (16, 10, 0, 200),  # idle
    (18, 8, 0, 80), (13, 12, 3, 80), (14, 11, 6, 100), (17, 9, 0, 120),      # hop
    (19, 7, 0, 150), (21, 5, 0, 150),                                         # melt
]
GROUND = 17  # the row under the slime's base


def blank():
    return [[CLEAR] * W for _ in range(H)]


def ellipse(img, cx, cy, rx, ry, colour):
    for y in range(H):
        for x in range(W):
            dx, dy = (x + 0.5 - cx) / rx, (y + 0.5 - cy) / ry
            if dx * dx + dy * dy <= 1.0:
                img[y][x] = colour


def body(w, h, lift):
    img = blank()
    cx, base = W / 2, GROUND - lift
    for y in range(H):
        for x in range(W):
            dx = (x + 0.5 - cx) / (w / 2)
            dy = (base - (y + 0.5)) / h  # 0 at the base, 1 at the top
            if 0 <= dy <= 1 and dx * dx <= 1 - dy * dy * dy:
                img[y][x] = GREEN[0] if dx < -0.35 and dy > 0.3 else (GREEN[2] if dy < 0.18 else GREEN[1])
    return img


def eyes(w, h, lift):
    img = blank()
    cx, top = W // 2, GROUND - lift - h
    y = top + max(2, h // 3)
    for x in (cx - 3, cx + 2):
        img[y][x] = WHITE
        img[y + 1][x] = EYE
    return img


def shadow(w, lift):
    img = blank()
    ellipse(img, W / 2, GROUND + 1, max(3, w / 2 - lift), 1.5, SHADOW)
    return img


def guide():
    img = blank()
    for x in range(W):
        img[GROUND][x] = GUIDE
    return img


def bounds(img):
    xs = [x for y in range(H) for x in range(W) if img[y][x][3]]
    ys = [y for y in range(H) for x in range(W) if img[y][x][3]]
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1) if xs else None


# --- writing the file -------------------------------------------------------------------

def string(s):
    b = s.encode("utf-8")
    return struct.pack("<H", len(b)) + b


def chunk(kind, data):
    return struct.pack("<IH", len(data) + 6, kind) + data


def layer(name, flags, opacity, kind=0, level=0):
    # flags: 1 visible, 2 editable; type 0 normal; blend 0 normal
    return chunk(0x2004, struct.pack("<HHHHHHB3x", flags, kind, level, 0, 0, 0, opacity) + string(name))


def cel(layer_index, img, opacity=255):
    box = bounds(img)
    if box is None:
        return b""
    x0, y0, x1, y1 = box
    pixels = b"".join(bytes(img[y][x]) for y in range(y0, y1) for x in range(x0, x1))
    head = struct.pack("<HhhBHh5x", layer_index, x0, y0, opacity, 2, 0)
    return chunk(0x2005, head + struct.pack("<HH", x1 - x0, y1 - y0) + zlib.compress(pixels, 9))


def linked_cel(layer_index, frame, img):
    # A link repeats the linked cel's position and opacity (a link whose differ is read
    # as a copy placed elsewhere).
    x0, y0, _, _ = bounds(img)
    return chunk(0x2005, struct.pack("<HhhBHh5x", layer_index, x0, y0, 255, 1, 0) + struct.pack("<H", frame))


def tags():
    rows = [("idle", 0, 3, 2, 0), ("hop", 4, 7, 0, 1), ("melt", 8, 9, 1, 2), ("wobble", 0, 1, 3, 0)]
    data = struct.pack("<H8x", len(rows))
    for name, a, b, direction, repeat in rows:
        data += struct.pack("<HHBH6x3Bx", a, b, direction, repeat, 0, 0, 0) + string(name)
    return chunk(0x2018, data)


def palette():
    colours = [CLEAR, GREEN[0], GREEN[1], GREEN[2], SHADOW, EYE, WHITE, GUIDE]
    data = struct.pack("<III8x", len(colours), 0, len(colours) - 1)
    for c in colours:
        data += struct.pack("<H4B", 0, *c)
    return chunk(0x2019, data)


def feet_slice():
    # Keys: frame 0 (on the ground) and frame 4 (the hop starts; the feet stay put: the
    # pivot is where the slime stands, the lift is drawn). Pivot relative to the rect.
    keys = [(0, 4, GROUND - 1, 16, 2, 8, 1), (4, 3, GROUND - 1, 18, 2, 9, 1)]
    data = struct.pack("<III", len(keys), 2, 0) + string("feet")
    for frame, x, y, w, h, px, py in keys:
        data += struct.pack("<IiiIIii", frame, x, y, w, h, px, py)
    return chunk(0x2022, data)


def frame_bytes(index, chunks, duration):
    body_ = b"".join(chunks)
    count = len(chunks)
    head = struct.pack("<IHHH2xI", 16 + len(body_), 0xF1FA, min(count, 0xFFFF), duration, count)
    return head + body_


def main():
    frames = []
    for i, (w, h, lift, ms) in enumerate(FRAMES):
        chunks = []
        if i == 0:
            chunks += [palette(), layer("shadow", 3, 128), layer("body", 3, 255),
                       layer("eyes", 3, 255), layer("guide", 2, 255)]
        chunks.append(cel(0, shadow(w, lift)))
        chunks.append(linked_cel(1, 1, body(*FRAMES[1][:3])) if i == 3 else cel(1, body(w, h, lift)))
        chunks.append(cel(2, eyes(w, h, lift)))
        chunks.append(cel(3, guide()))
        if i == 0:
            chunks += [tags(), feet_slice()]
        frames.append(frame_bytes(i, [c for c in chunks if c], ms))
    body_ = b"".join(frames)
    # Header: flags 1 = layer opacity valid; speed 100; transparent index 0; 8 colours;
    # pixel ratio 1:1; grid 16x16 at 0,0.
    header = struct.pack("<IHHHHHIHII B3x H BB hhHH 84x", 128 + len(body_), 0xA5E0, len(FRAMES),
                         W, H, 32, 1, 100, 0, 0, 0, 8, 1, 1, 0, 0, 16, 16)
    assert len(header) == 128
    Path(__file__).with_name("slime.aseprite").write_bytes(header + body_)


if __name__ == "__main__":
    main()
