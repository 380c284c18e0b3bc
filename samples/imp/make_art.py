#!/usr/bin/env python3
"""Draws the imp sample's art (original, generated) the way Flare's tools leave it: a packed
sheet mod/images/imp.png and the Flare animation file mod/animations/imp.txt that cuts it.

The imp is seen from above at an angle: a round body, a head leaning the way it faces, two
eyes and horns, in Flare's 8 directions (direction d faces 180 + 45*d degrees on screen:
0 west, 2 north, 4 east, 6 south). Three animations, one 24x24 cell per frame and direction
(rows = directions): stance (3 frames, breathing), run (4, bobbing legs), swing (3, a claw
sweeping out). Like Flare's sprite packer, imp.txt gives each frame its tight rectangle and
its render offset: the feet point (12, 21) of the cell, relative to that rectangle.
Pure Python (zlib + struct); rerunning it rewrites both files byte for byte.
"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import pixelart  # noqa: E402  (samples/pixelart.py: the shared canvas and PNG writer)

HERE = Path(__file__).resolve().parent
CELL = 24
FEET = (12, 21)
SKIN = [(236, 120, 98, 255), (196, 70, 64, 255), (128, 38, 48, 255)]
HORN = (246, 226, 170, 255)
EYE = (255, 244, 120, 255)
CLAW = (250, 250, 250, 255)
SHADOW = (20, 16, 28, 110)
OUTLINE = (40, 18, 30, 255)

# (name, frames, duration, type, extra lines)
ANIMATIONS = [
    ("stance", 3, "600ms", "back_forth", []),
    ("run", 4, "400ms", "looped", []),
    ("swing", 3, "300ms", "play_once", ["active_frame=2"]),
]


class Canvas(pixelart.Canvas):
    outline_colour = OUTLINE


def facing(d):
    a = math.radians(180 + 45 * d)
    return math.cos(a), math.sin(a)


def imp(anim, k, d):
    """One 24x24 cell: animation `anim`, frame k, Flare direction d."""
    c = Canvas(CELL, CELL)
    fx, fy = facing(d)
    bob = 0
    if anim == "stance":
        bob = [0, 1, 1][k]
    elif anim == "run":
        bob = [0, 1, 0, 1][k]
    # The shadow under the feet, then the legs (run: alternating), body, head.
    for i in range(-5, 6):
        c.set(FEET[0] + i, FEET[1], SHADOW)
    if anim == "run":
        stride = [2, 0, -2, 0][k]
        c.rect(FEET[0] - 3 + round(fx * stride), FEET[1] - 3, 2, 3, SKIN[2])
        c.rect(FEET[0] + 1 - round(fx * stride), FEET[1] - 3, 2, 3, SKIN[2])
    body_y = FEET[1] - 7 + bob
    c.shaded_disc(FEET[0], body_y, 5 - (1 if anim == "stance" and k == 2 else 0), SKIN)
    hx = FEET[0] + round(fx * 3)
    hy = body_y - 5 + round(fy * 2)
    c.shaded_disc(hx, hy, 4, SKIN)
    # Horns point up; eyes sit on the facing side (none when seen from behind).
    c.set(hx - 3, hy - 4, HORN)
    c.set(hx + 3, hy - 4, HORN)
    c.set(hx - 3, hy - 5, HORN)
    c.set(hx + 3, hy - 5, HORN)
    if fy > -0.5:
        for side in (-1, 1):
            ex = hx + round(fx * 2) + side * (1 if abs(fx) < 0.9 else 0) * 2
            ey = hy + round(fy * 1) + (side if abs(fx) >= 0.9 else 0)
            c.set(ex, ey, EYE)
    if anim == "swing":
        reach = [3, 6, 10][k]
        side = (-fy, fx)  # the claw sweeps from the side to the front
        t = [0.9, 0.5, 0.0][k]
        ax = FEET[0] + fx * reach * (1 - t) + side[0] * 6 * t
        ay = body_y + fy * reach * (1 - t) + side[1] * 6 * t
        c.line(FEET[0], body_y, round(ax), round(ay), CLAW)
    c.outline()
    return c


def bbox(c):
    xs = [x for y in range(c.h) for x in range(c.w) if c.get(x, y)[3]]
    ys = [y for y in range(c.h) for x in range(c.w) if c.get(x, y)[3]]
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def main():
    columns = sum(n for _, n, _, _, _ in ANIMATIONS)
    sheet = Canvas(CELL * columns, CELL * 8)
    lines = [
        "# The imp sample's animations, as Flare's tools write them (samples/imp/make_art.py).",
        "image=images/imp.png",
    ]
    col = 0
    for name, frames, duration, kind, extra in ANIMATIONS:
        lines += ["", "[%s]" % name, "frames=%d" % frames, "duration=%s" % duration,
                  "type=%s" % kind] + extra
        for k in range(frames):
            for d in range(8):
                cell = imp(name, k, d)
                sheet.blit(cell, (col + k) * CELL, d * CELL)
                x, y, w, h = bbox(cell)
                lines.append("frame=%d,%d,%d,%d,%d,%d,%d,%d" % (
                    k, d, (col + k) * CELL + x, d * CELL + y, w, h, FEET[0] - x, FEET[1] - y))
        col += frames
    sheet.save(HERE / "mod" / "images" / "imp.png")
    (HERE / "mod" / "animations" / "imp.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
