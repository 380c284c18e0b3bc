#!/usr/bin/env python3
"""Draws the platformer sample's art (original, generated): runner.png and level.png.

runner.png: a tall, thin runner in the rotoscoped spirit of Flashback, 18 poses in
32x56 cells, all drawn facing east with the feet's resting point at (12, 46) of the cell
(the definition mirrors them for west). Poses are posed stick skeletons (joint positions
relative to the feet) filled in with limbs of 2-4 pixels and outlined. level.png: the
floor and a ledge 48 pixels high to climb. Pure Python (zlib + struct); rerunning it
rewrites the PNGs byte for byte.
"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import pixelart  # noqa: E402  (samples/pixelart.py: the shared canvas and PNG writer)

HERE = Path(__file__).resolve().parent

OUTLINE = (18, 16, 26, 255)
JACKET = [(236, 228, 204, 255), (188, 176, 148, 255), (126, 112, 92, 255)]
TROUSERS = [(112, 86, 62, 255), (72, 54, 40, 255)]
SHOES = (46, 40, 52, 255)
SKIN = [(238, 182, 136, 255), (186, 124, 92, 255)]
HAIR = (92, 54, 32, 255)
METAL = [(150, 166, 178, 255), (96, 112, 128, 255), (58, 70, 86, 255), (36, 44, 58, 255)]
LIGHT = (120, 220, 200, 255)

class Canvas(pixelart.Canvas):
    outline_colour = OUTLINE


# --- the runner --------------------------------------------------------------------------

CELL_W, CELL_H = 32, 56
OX, OY = 12, 46          # where the feet's resting point lies in a cell

STAND = dict(head=(1, -38), shoulder=(0, -32), hip=(0, -20),
             knee=(1, -10), foot=(0, 0), knee2=(0, -10), foot2=(-1, 0),
             elbow=(0, -25), hand=(1, -19), elbow2=(-1, -25), hand2=(-1, -19))


def walk_pose(k):
    """Frame k of a 6-frame walk: legs swing on a sine, arms opposite, a bob at passing."""
    phi = 2 * math.pi * k / 6
    bob = -1 if abs(math.sin(phi)) < 0.6 else 0
    p = dict(head=(2, -38 + bob), shoulder=(1, -32 + bob), hip=(0, -20 + bob))
    for suffix, ph in (("", phi), ("2", phi + math.pi)):
        fx = round(6 * math.sin(ph))
        lift = round(3 * max(0.0, math.cos(ph)))
        p["foot" + suffix] = (fx, -lift)
        p["knee" + suffix] = (round(fx / 2) + 1 + lift // 2, -10 + bob)
        hx = round(-4 * math.sin(ph))
        p["hand" + suffix] = (hx + 1, -19 + bob)
        p["elbow" + suffix] = (round(hx / 2), -25 + bob)
    return p


def pose(**changes):
    p = dict(STAND)
    p.update(changes)
    return p


SIDE_POSES = {
    "stand": STAND,
    "breathe": pose(head=(1, -37), shoulder=(0, -31), elbow=(0, -24), elbow2=(-1, -24)),
    "stop_1": pose(head=(-1, -36), shoulder=(-2, -31), hip=(0, -19), knee=(4, -9), foot=(6, 0),
                   knee2=(-3, -9), foot2=(-4, 0), elbow=(1, -25), hand=(4, -22),
                   elbow2=(-4, -26), hand2=(-5, -21)),
    "stop_2": pose(head=(0, -37), shoulder=(-1, -31), hip=(0, -19), knee=(2, -9), foot=(2, 0),
                   knee2=(0, -9), foot2=(-2, 0), elbow=(0, -25), hand=(2, -20)),
    "crouch": pose(head=(3, -29), shoulder=(2, -24), hip=(-2, -12), knee=(4, -8), foot=(1, 0),
                   knee2=(3, -7), foot2=(-1, 0), elbow=(4, -19), hand=(6, -15),
                   elbow2=(3, -19), hand2=(5, -15)),
    # a hop: the feet leave the floor and the hands reach the ledge's corner (6, -48)
    "reach": pose(head=(2, -41), shoulder=(1, -36), hip=(0, -24), knee=(1, -14), foot=(0, -4),
                  knee2=(-1, -14), foot2=(-2, -5), elbow=(4, -42), hand=(6, -48),
                  elbow2=(3, -42), hand2=(5, -48)),
    # drawn 14 px higher than the floor: the hands are still on the corner
    "hang": pose(head=(1, -25), shoulder=(2, -21), hip=(0, -9), knee=(1, -1), foot=(0, 8),
                 knee2=(-1, -1), foot2=(-1, 8), elbow=(4, -28), hand=(6, -34),
                 elbow2=(3, -28), hand2=(5, -34)),
    # 30 px up: chest over the edge, a knee lifted onto it
    "over": pose(head=(6, -24), shoulder=(4, -19), hip=(0, -8), knee=(5, -10), foot=(3, -3),
                 knee2=(0, 0), foot2=(-1, 8), elbow=(1, -13), hand=(6, -18),
                 elbow2=(0, -13), hand2=(5, -18)),
    # on top of the ledge: one knee down, about to stand
    "kneel": pose(head=(3, -27), shoulder=(2, -22), hip=(-1, -11), knee=(4, -8), foot=(4, 0),
                  knee2=(-3, -1), foot2=(-8, 0), elbow=(3, -16), hand=(5, -11),
                  elbow2=(1, -16), hand2=(3, -11)),
}


def at(p):
    return OX + p[0], OY + p[1]


def limb(c, a, b, col, w):
    (x0, y0), (x1, y1) = at(a), at(b)
    c.line(x0, y0, x1, y1, col, w)


def shoe(c, foot, col=SHOES):
    x, y = at(foot)
    c.rect(x - 1, y - 1, 4, 2, col)


def side(p):
    c = Canvas(CELL_W, CELL_H)
    # far limbs first, in darker shades
    limb(c, p["shoulder"], p["elbow2"], JACKET[2], 2)
    limb(c, p["elbow2"], p["hand2"], JACKET[2], 2)
    hx, hy = at(p["hand2"])
    c.set(hx, hy, SKIN[1])
    limb(c, p["hip"], p["knee2"], TROUSERS[1], 3)
    limb(c, p["knee2"], p["foot2"], TROUSERS[1], 2)
    shoe(c, p["foot2"])
    # torso: jacket from the shoulders to just below the hips
    sx, sy = at(p["shoulder"])
    ipx, ipy = at(p["hip"])
    c.line(sx, sy + 1, ipx, ipy, JACKET[1], 4)
    c.line(sx - 1, sy + 1, ipx - 1, ipy, JACKET[0], 1)
    c.line(sx + 1, sy + 1, ipx + 1, ipy, JACKET[1], 1)
    c.rect(ipx - 1, ipy + 1, 4, 1, TROUSERS[1])          # belt
    # near leg
    limb(c, p["hip"], p["knee"], TROUSERS[0], 3)
    limb(c, p["knee"], p["foot"], TROUSERS[0], 2)
    shoe(c, p["foot"])
    # head: skin, hair on the top and back, an eye in front
    hx, hy = at(p["head"])
    c.disc(hx, hy, 3, SKIN[0])
    c.rect(hx - 3, hy - 3, 6, 2, HAIR)
    c.rect(hx - 3, hy - 1, 2, 3, HAIR)
    c.set(hx + 2, hy, OUTLINE)
    c.set(hx + 1, hy + 2, SKIN[1])
    c.rect(sx, sy - 2, 2, 2, SKIN[1])                     # neck
    # near arm
    limb(c, p["shoulder"], p["elbow"], JACKET[0], 2)
    limb(c, p["elbow"], p["hand"], JACKET[1], 2)
    hx, hy = at(p["hand"])
    c.rect(hx, hy, 2, 2, SKIN[0])
    c.outline()
    return c


def front(yaw):
    """Standing, turned towards the viewer: yaw 1 (three quarters, facing east), 0 (facing
    the viewer), -1 (three quarters, facing west)."""
    c = Canvas(CELL_W, CELL_H)
    cx = OX + (1 if yaw == 1 else 0)
    half = 3 if yaw == 0 else 2
    # legs
    for lx in (cx - half, cx + half - 1):
        c.rect(lx - 1, OY - 20, 3, 20, TROUSERS[0])
        c.rect(lx + 1, OY - 20, 1, 20, TROUSERS[1])
        c.rect(lx - 1, OY - 1, 3, 2, SHOES)
    # torso
    c.rect(cx - half - 1, OY - 32, 2 * half + 3, 13, JACKET[1])
    c.rect(cx - half - 1, OY - 32, 1, 13, JACKET[0])
    c.rect(cx + half + 1, OY - 32, 1, 13, JACKET[2])
    c.rect(cx, OY - 31, 1, 11, JACKET[2])                  # the jacket's opening
    c.rect(cx - half - 1, OY - 20, 2 * half + 3, 1, TROUSERS[1])
    # arms at the sides
    for ax in (cx - half - 3, cx + half + 2):
        c.rect(ax, OY - 31, 2, 11, JACKET[1] if ax < cx else JACKET[2])
        c.rect(ax, OY - 20, 2, 2, SKIN[0])
    # head
    hx, hy = cx + yaw, OY - 37
    c.rect(cx - 1, OY - 34, 2, 2, SKIN[1])
    c.disc(hx, hy, 3, SKIN[0])
    c.rect(hx - 3, hy - 3, 7, 2, HAIR)
    if yaw == 0:
        c.set(hx - 1, hy, OUTLINE)
        c.set(hx + 1, hy, OUTLINE)
    else:
        c.rect(hx - 3 if yaw == 1 else hx + 2, hy - 1, 2, 3, HAIR)
        c.set(hx + yaw, hy, OUTLINE)
        c.set(hx + 2 * yaw, hy, OUTLINE)
    c.set(hx, hy + 2, SKIN[1])
    c.outline()
    return c


# runner.png, left to right, top to bottom (6 a row): the frame numbers of the definition
FRAMES = (["stand", "breathe"] + [("walk", k) for k in range(6)] + ["stop_1", "stop_2"]
          + [("front", 1), ("front", 0), ("front", -1)]
          + ["crouch", "reach", "hang", "over", "kneel"])


def draw(name):
    if isinstance(name, tuple):
        kind, k = name
        return side(walk_pose(k)) if kind == "walk" else front(k)
    return side(SIDE_POSES[name])


# --- the level ---------------------------------------------------------------------------

LEVEL_W, LEVEL_H = 208, 72
FLOOR_Y = 48             # the floor's top row in level.png (the level's origin row)
WALL_X = 152             # the ledge's front face
LEDGE_Y = FLOOR_Y - 48   # the ledge's top row


def panel(c, x, y, w, h):
    c.rect(x, y, w, h, METAL[1])
    c.rect(x, y, w, 1, METAL[0])
    c.rect(x, y, 1, h, METAL[0])
    c.rect(x, y + h - 1, w, 1, METAL[2])
    c.rect(x + w - 1, y, 1, h, METAL[2])
    for rx, ry in ((x + 2, y + 2), (x + w - 3, y + 2), (x + 2, y + h - 3), (x + w - 3, y + h - 3)):
        c.set(rx, ry, METAL[3])


def level():
    c = Canvas(LEVEL_W, LEVEL_H)
    for x in range(0, LEVEL_W, 16):                       # floor plates
        panel(c, x, FLOOR_Y, 16, 8)
    c.rect(0, FLOOR_Y + 8, LEVEL_W, LEVEL_H - FLOOR_Y - 8, METAL[3])
    for x in range(8, LEVEL_W, 32):
        c.rect(x, FLOOR_Y + 12, 12, 2, METAL[2])
    for y in range(LEDGE_Y, FLOOR_Y, 12):                  # the ledge: a stack of blocks
        for x in range(WALL_X, LEVEL_W, 16):
            panel(c, x, y, 16, 12)
    c.rect(WALL_X, LEDGE_Y, LEVEL_W - WALL_X, 2, METAL[0])
    c.rect(WALL_X + 5, LEDGE_Y + 17, 6, 2, LIGHT)          # a small lamp on the wall
    return c


def main():
    cols = 6
    rows = (len(FRAMES) + cols - 1) // cols
    sheet = Canvas(CELL_W * cols, CELL_H * rows)
    for i, name in enumerate(FRAMES):
        sheet.blit(draw(name), (i % cols) * CELL_W, (i // cols) * CELL_H)
    sheet.save(HERE / "runner.png")
    level().save(HERE / "level.png")


if __name__ == "__main__":
    main()
