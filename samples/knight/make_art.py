#!/usr/bin/env python3
"""Draws the knight sample's art (original, generated): knight.png and knight_die.png.

A knight in 32x32 cells, feet on (16, 30), drawn from five angles (E, SE, S, NE, N); the
definition mirrors E, SE and NE for W, SW and NW. knight.png has one row per angle and
one column per pose (see COLUMNS). Each pose is drawn in flat colours with 2-3 shades,
then given a 1-pixel dark outline. Pure Python (zlib + struct); rerunning it rewrites the
PNGs byte for byte.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import pixelart  # noqa: E402  (samples/pixelart.py: the shared canvas and PNG writer)

HERE = Path(__file__).resolve().parent

OUTLINE = (24, 20, 37, 255)
STEEL = [(226, 232, 240, 255), (150, 162, 182, 255), (88, 96, 120, 255)]   # light, mid, dark
TABARD = [(94, 146, 232, 255), (52, 92, 184, 255), (33, 52, 118, 255)]
PLUME = [(246, 104, 88, 255), (184, 40, 56, 255)]
GOLD = [(252, 214, 92, 255), (196, 140, 44, 255)]
LEATHER = [(132, 84, 50, 255), (82, 50, 32, 255)]
BLADE = (250, 250, 255, 255)
FLASH = (255, 255, 255, 255)

# knight.png columns (the same in every row); row order: E, SE, S, NE, N.
COLUMNS = ["stand", "tap", "walk_a", "walk_b", "run_a", "run_b", "run_pass",
           "wind", "strike", "recover", "flash", "hurt"]
FACINGS = ["e", "se", "s", "ne", "n"]
CELL = 32


class Canvas(pixelart.Canvas):
    outline_colour = OUTLINE


# --- the knight --------------------------------------------------------------------------

# Leg poses: (near/right foot, far/left foot) as (forward, lift) in pixels.
LEGS = {
    "stand": ((0, 0), (0, 0)), "tap": ((1, 1), (0, 0)),
    "walk_a": ((3, 0), (-3, 1)), "walk_b": ((-3, 1), (3, 0)),
    "run_a": ((5, 0), (-4, 3)), "run_b": ((-4, 3), (5, 0)), "run_pass": ((1, 2), (-1, 0)),
    "wind": ((2, 0), (-2, 0)), "strike": ((4, 0), (-3, 0)), "recover": ((2, 0), (-2, 0)),
    "hurt": ((-1, 0), (-3, 1)),
}
BOB = {"run_a": 1, "run_b": 1, "walk_a": 0, "walk_b": 0, "run_pass": -1, "strike": 1,
       "hurt": 0}
LEAN = {"run_a": 1, "run_b": 1, "run_pass": 1, "strike": 1, "hurt": -1}


def boot(c, x, y, toe):
    """A boot whose sole is row y, heel at x; toe = +1 (east), -1 (west) or 0 (front)."""
    if toe == 0:
        c.rect(x - 1, y - 1, 3, 2, LEATHER[0])
        c.rect(x - 1, y, 3, 1, LEATHER[1])
    else:
        c.rect(x - 1, y - 1, 3, 2, LEATHER[0])
        c.rect(x - 1 + toe * 2 if toe > 0 else x - 2, y, 2, 1, LEATHER[0])
        c.rect(x - 1, y, 3, 1, LEATHER[1])


def legs(c, cx, facing, pose):
    (nf, nl), (ff, fl) = LEGS.get(pose, LEGS["stand"])
    hip = 23
    if facing == "e":
        # far leg first (darker), then the near one
        for fwd, lift, ramp in ((ff, fl, [STEEL[2], STEEL[2]]), (nf, nl, STEEL)):
            fx = cx + fwd
            c.line(cx, hip, fx, 28 - lift, ramp[1], 2)
            c.set(cx, hip, ramp[0])
            boot(c, fx, 30 - lift, 1)
    elif facing in ("s", "n"):
        # right leg on the viewer's left from the front, on the right from the back
        near_x = cx - 3 if facing == "s" else cx + 2
        far_x = cx + 2 if facing == "s" else cx - 3
        for x, fwd, lift in ((far_x, ff, fl), (near_x, nf, nl)):
            down = 1 if fwd > 2 and facing == "s" else 0
            up = lift + (1 if fwd < -2 and facing == "s" else 0)
            if facing == "n":
                up = lift + (1 if fwd > 2 else 0)
            c.rect(x - 1, hip, 3, 6 - up + down, STEEL[1])
            c.rect(x - 1, hip, 1, 6 - up + down, STEEL[0])
            boot(c, x, 30 - up + down, 0)
    else:  # se / ne: strides run diagonally
        sgn = 1 if facing == "se" else -1
        near_x, far_x = (cx - 2, cx + 2) if facing == "se" else (cx + 2, cx - 2)
        for x, fwd, lift, ramp in ((far_x, ff, fl, [STEEL[2], STEEL[2]]), (near_x, nf, nl, STEEL)):
            fx = x + fwd // 2
            fy = 28 - lift + (sgn * fwd) // 3
            c.line(x, hip, fx, fy, ramp[1], 2)
            boot(c, fx, fy + 2, 1)


def torso(c, cx, top, facing, flash_belt=True):
    if facing == "e":
        c.shaded_rect(cx - 3, top, 7, 8, TABARD)
        c.rect(cx - 3, top + 5, 7, 1, LEATHER[1])
        c.set(cx + 2, top + 5, GOLD[0])
        c.shaded_rect(cx - 3, top + 6, 7, 2, TABARD)
    elif facing in ("s", "se"):
        x = cx - 4 if facing == "s" else cx - 3
        c.shaded_rect(x, top, 9, 9, TABARD)
        c.rect(x, top + 5, 9, 1, LEATHER[1])
        m = x + 4
        c.set(m, top + 5, GOLD[0])
        # a gold cross on the chest
        c.rect(m, top + 1, 1, 4, GOLD[0])
        c.rect(m - 1, top + 2, 3, 1, GOLD[0])
        c.set(m + 1, top + 3, GOLD[1])
    else:  # back views
        x = cx - 4 if facing == "n" else cx - 3
        c.shaded_rect(x, top, 9, 9, TABARD)
        c.rect(x + 1, top + 1, 7, 1, TABARD[2])
        c.rect(x, top + 5, 9, 1, LEATHER[1])


def helmet(c, hx, hy, facing):
    """A round great helm centred on (hx, hy) with a red plume."""
    c.shaded_disc(hx, hy, 4, STEEL)
    if facing == "e":
        c.rect(hx + 1, hy, 4, 1, OUTLINE)           # eye slit
        c.rect(hx + 2, hy + 2, 2, 1, STEEL[2])      # breaths
        c.set(hx + 4, hy - 2, STEEL[0])
        c.line(hx - 4, hy - 3, hx - 1, hy - 5, PLUME[0], 2)
        c.line(hx - 6, hy - 1, hx - 4, hy - 3, PLUME[1], 2)
        c.set(hx - 6, hy + 1, PLUME[1])
    elif facing == "se":
        c.rect(hx - 1, hy, 5, 1, OUTLINE)
        c.set(hx + 1, hy + 1, STEEL[2])
        c.set(hx + 1, hy + 2, STEEL[2])
        c.rect(hx - 2, hy - 6, 2, 3, PLUME[0])
        c.rect(hx - 4, hy - 4, 2, 3, PLUME[1])
    elif facing == "s":
        c.rect(hx - 3, hy, 7, 1, OUTLINE)
        c.rect(hx, hy - 1, 1, 4, STEEL[2])          # nose guard
        c.set(hx, hy, OUTLINE)
        c.rect(hx - 1, hy - 7, 3, 4, PLUME[0])
        c.set(hx + 1, hy - 7, PLUME[1])
        c.rect(hx + 1, hy - 5, 1, 2, PLUME[1])
    elif facing == "ne":
        c.rect(hx - 1, hy - 6, 2, 3, PLUME[0])
        c.line(hx - 3, hy - 4, hx - 3, hy + 3, PLUME[1], 2)
        c.set(hx + 4, hy, STEEL[2])
    else:  # n
        c.rect(hx - 1, hy - 7, 3, 3, PLUME[0])
        c.rect(hx - 1, hy - 4, 3, 7, PLUME[1])
        c.rect(hx, hy - 4, 1, 6, PLUME[0])


def pauldron(c, x, y):
    c.shaded_disc(x, y, 2, STEEL)


def sword(c, hx, hy, tx, ty, guard):
    """Hand at (hx, hy), blade to (tx, ty); guard = 'h' or 'v' crossguard orientation."""
    c.line(hx, hy, tx, ty, BLADE, 1)
    if guard == "h":
        c.rect(hx - 1, hy, 3, 1, GOLD[1])
    else:
        c.rect(hx, hy - 1, 1, 3, GOLD[1])
    c.set(hx, hy, GOLD[0])


def shield_front(c, x, y):
    """A kite shield seen from the front, top-left corner at (x, y): 6x9."""
    c.rect(x, y, 6, 6, GOLD[1])
    c.rect(x + 1, y + 6, 4, 2, GOLD[1])
    c.rect(x + 2, y + 8, 2, 1, GOLD[1])
    c.rect(x + 1, y + 1, 4, 5, TABARD[0])
    c.rect(x + 2, y + 6, 2, 1, TABARD[1])
    c.rect(x + 3, y + 1, 2, 5, TABARD[1])
    c.rect(x + 2, y + 2, 2, 2, GOLD[0])


def shield_back(c, x, y):
    c.rect(x, y, 6, 6, LEATHER[1])
    c.rect(x + 1, y + 6, 4, 2, LEATHER[1])
    c.rect(x + 2, y + 8, 2, 1, LEATHER[1])
    c.rect(x + 1, y + 1, 4, 5, LEATHER[0])
    c.rect(x + 1, y + 3, 4, 1, LEATHER[1])   # strap


def knight(facing, pose):
    c = Canvas(CELL, CELL)
    cx = 16
    bob = BOB.get(pose, 0)
    lean = LEAN.get(pose, 0)
    top = 15 + bob                     # torso top row
    hx, hy = cx + lean, 10 + bob       # helmet centre
    leg_pose = pose if pose in LEGS else "stand"
    if pose == "flash":
        leg_pose = "hurt"
        lean = LEAN["hurt"]
        hx = cx + lean

    if facing == "e":
        # far side first: the shield on the left arm, held forward
        if pose not in ("wind",):
            shield_x = cx + 1 + lean if pose != "hurt" and pose != "flash" else cx - 1
            c.rect(shield_x + 2, top + 1, 2, 9, GOLD[1])
            c.rect(shield_x + 2, top + 2, 1, 7, TABARD[2])
        legs(c, cx, "e", leg_pose)
        torso(c, cx + lean, top, "e")
        helmet(c, hx, hy, "e")
        # near arm + sword
        sx, sy = cx + lean, top + 2
        if pose == "wind":
            c.line(sx, sy, sx - 2, sy - 3, STEEL[1], 2)
            sword(c, sx - 2, sy - 4, sx - 9, sy - 9, "v")
        elif pose == "strike":
            c.line(sx, sy, sx + 4, sy + 2, STEEL[1], 2)
            sword(c, sx + 5, sy + 2, sx + 14, sy + 2, "v")
            for i in range(5):                          # the swing's smear
                c.set(sx + 8 + i, sy - 3 + i // 2, STEEL[0])
        elif pose == "recover":
            c.line(sx, sy, sx + 3, sy + 4, STEEL[1], 2)
            sword(c, sx + 4, sy + 5, sx + 11, sy + 9, "v")
        elif pose in ("hurt", "flash"):
            c.line(sx, sy, sx - 2, sy + 4, STEEL[1], 2)
            sword(c, sx - 2, sy + 5, sx - 7, sy + 9, "v")
        else:
            swing = {"walk_a": -1, "walk_b": 1, "run_a": -2, "run_b": 2}.get(pose, 0)
            c.line(sx, sy, sx + 1 + swing, sy + 4, STEEL[1], 2)
            sword(c, sx + 2 + swing, sy + 5, sx + 7 + swing, sy - 1, "v")
        pauldron(c, sx, sy - 1)

    elif facing == "s":
        if pose == "wind":
            sword(c, cx - 5, top - 2, cx - 10, top - 9, "h")
        legs(c, cx, "s", leg_pose)
        torso(c, cx, top, "s")
        helmet(c, hx, hy, "s")
        pauldron(c, cx - 5, top + 1)
        pauldron(c, cx + 5, top + 1)
        # sword arm: the knight's right, on the viewer's left
        ax = cx - 6
        swing = {"walk_a": 1, "walk_b": -1, "run_a": 2, "run_b": -2}.get(pose, 0)
        if pose == "wind":
            c.line(cx - 5, top + 2, cx - 5, top - 1, STEEL[1], 2)
        elif pose == "strike":
            c.line(ax, top + 2, cx - 2, top + 6, STEEL[1], 2)
            sword(c, cx - 1, top + 7, cx + 3, top + 15, "h")
            for i in range(6):
                c.set(cx - 9 + i, top + 9 + i // 2, STEEL[0])
        elif pose == "recover":
            c.rect(ax - 1, top + 2, 2, 6, STEEL[1])
            sword(c, ax, top + 8, ax - 4, top + 14, "h")
        elif pose in ("hurt", "flash"):
            c.rect(ax - 1, top + 1, 2, 5, STEEL[1])
            sword(c, ax - 1, top + 6, ax - 6, top + 10, "h")
        else:
            c.rect(ax - 1, top + 2, 2, 6 - abs(swing), STEEL[1])
            c.rect(ax - 1, top + 2, 1, 6 - abs(swing), STEEL[0])
            hand_y = top + 8 - abs(swing)
            sword(c, ax, hand_y, ax, hand_y + 7 - max(swing, 0), "h")
        # shield on the left arm, on the viewer's right
        sy = top + 1 + (1 if pose in ("hurt", "flash") else 0)
        shield_front(c, cx + 3, sy)

    elif facing == "n":
        # the shield is on the viewer's left and the sword arm on the right, both in front
        # of the body as seen from behind, so the body comes first
        legs(c, cx, "n", leg_pose)
        torso(c, cx, top, "n")
        helmet(c, hx, hy, "n")
        pauldron(c, cx - 5, top + 1)
        pauldron(c, cx + 5, top + 1)
        shield_back(c, cx - 9, top + 1)
        ax = cx + 6
        swing = {"walk_a": -1, "walk_b": 1, "run_a": -2, "run_b": 2}.get(pose, 0)
        if pose == "wind":
            c.line(ax, top + 2, ax + 1, top + 5, STEEL[1], 2)
            sword(c, ax + 1, top + 6, ax + 7, top + 11, "h")
        elif pose == "strike":
            c.line(ax, top + 2, ax - 1, top - 2, STEEL[1], 2)
            sword(c, ax - 1, top - 3, ax - 1, top - 14, "h")
            for i in range(5):
                c.set(ax + 2 + i // 2, top - 12 + i, STEEL[0])
        elif pose == "recover":
            c.line(ax, top + 2, ax + 1, top + 6, STEEL[1], 2)
            sword(c, ax + 1, top + 7, ax + 3, top + 1, "h")
        elif pose in ("hurt", "flash"):
            c.rect(ax - 1, top + 1, 2, 5, STEEL[1])
            sword(c, ax, top + 6, ax + 5, top + 10, "h")
        else:
            c.rect(ax - 1, top + 2, 2, 6 - abs(swing), STEEL[1])
            hand_y = top + 8 - abs(swing)
            sword(c, ax, hand_y, ax, hand_y + 7 - max(swing, 0), "h")

    elif facing == "se":
        if pose == "wind":
            sword(c, cx - 5, top - 1, cx - 10, top - 7, "h")
        # shield on the left arm: on the viewer's right, a little behind
        legs(c, cx, "se", leg_pose)
        shield_front(c, cx + 3, top + 1 + (1 if pose in ("hurt", "flash") else 0))
        torso(c, cx + lean - 1, top, "se")
        helmet(c, hx, hy, "se")
        pauldron(c, cx - 4 + lean, top + 1)
        ax = cx - 5 + lean
        swing = {"walk_a": 1, "walk_b": -1, "run_a": 2, "run_b": -2}.get(pose, 0)
        if pose == "wind":
            c.line(ax, top + 2, ax, top - 1, STEEL[1], 2)
        elif pose == "strike":
            c.line(ax, top + 2, ax + 3, top + 6, STEEL[1], 2)
            sword(c, ax + 4, top + 7, ax + 11, top + 13, "h")
            for i in range(5):
                c.set(ax - 1 + i, top + 10 + i // 2, STEEL[0])
        elif pose == "recover":
            c.line(ax, top + 2, ax + 1, top + 7, STEEL[1], 2)
            sword(c, ax + 1, top + 8, ax + 6, top + 13, "h")
        elif pose in ("hurt", "flash"):
            c.rect(ax - 1, top + 1, 2, 5, STEEL[1])
            sword(c, ax - 1, top + 6, ax - 6, top + 9, "h")
        else:
            c.rect(ax - 1, top + 2, 2, 6 - abs(swing), STEEL[1])
            c.rect(ax - 1, top + 2, 1, 6 - abs(swing), STEEL[0])
            hand_y = top + 8 - abs(swing)
            sword(c, ax, hand_y, ax + 3, hand_y - 6, "h")

    else:  # ne
        legs(c, cx, "ne", leg_pose)
        shield_back(c, cx - 9 + lean, top + 1)
        torso(c, cx + lean, top, "ne")
        helmet(c, hx, hy, "ne")
        pauldron(c, cx + 5 + lean, top + 1)
        ax = cx + 6 + lean
        swing = {"walk_a": -1, "walk_b": 1, "run_a": -2, "run_b": 2}.get(pose, 0)
        if pose == "wind":
            c.line(ax, top + 2, ax + 1, top + 6, STEEL[1], 2)
            sword(c, ax + 1, top + 7, ax - 5, top + 12, "h")
        elif pose == "strike":
            c.line(ax, top + 2, ax + 2, top - 1, STEEL[1], 2)
            sword(c, ax + 3, top - 2, ax + 9, top - 10, "h")
            for i in range(5):
                c.set(ax - 1 + i, top - 11 + i // 3, STEEL[0])
        elif pose == "recover":
            c.line(ax, top + 2, ax + 1, top + 6, STEEL[1], 2)
            sword(c, ax + 1, top + 7, ax + 6, top + 3, "h")
        elif pose in ("hurt", "flash"):
            c.rect(ax - 1, top + 1, 2, 5, STEEL[1])
            sword(c, ax, top + 6, ax + 5, top + 10, "h")
        else:
            c.rect(ax - 1, top + 2, 2, 6 - abs(swing), STEEL[1])
            hand_y = top + 8 - abs(swing)
            sword(c, ax, hand_y, ax + 4, hand_y - 5, "h")

    c.outline()
    if pose == "flash":                 # a hit flash: the silhouette in white
        for i, p in enumerate(c.px):
            if p[3] and p != OUTLINE:
                c.px[i] = FLASH
    return c


def fallen(kind):
    """Death poses seen from the side, facing east: 'kneel' (32x32, feet at 16,30) or
    'lying' (40x16, the knight's middle on 20,14)."""
    if kind == "kneel":
        c = Canvas(32, 32)
        cx = 16
        c.line(cx - 6, 29, cx + 6, 29, BLADE, 1)          # the dropped sword
        c.rect(cx + 6, 28, 1, 3, GOLD[1])
        c.set(cx + 7, 29, GOLD[0])
        c.line(cx, 23, cx + 3, 26, STEEL[2], 2)           # far leg, knee down
        c.line(cx + 3, 26, cx - 1, 29, STEEL[2], 2)
        c.rect(cx - 3, 28, 4, 2, LEATHER[1])
        c.line(cx, 23, cx + 4, 25, STEEL[1], 2)           # near leg
        c.line(cx + 4, 25, cx + 3, 29, STEEL[1], 2)
        boot(c, cx + 3, 30, 1)
        c.shaded_rect(cx - 2, 17, 7, 8, TABARD)          # torso bent forward
        c.rect(cx - 2, 22, 7, 1, LEATHER[1])
        c.shaded_disc(cx + 4, 15, 4, STEEL)
        c.rect(cx + 5, 16, 3, 1, OUTLINE)
        c.line(cx, 13, cx + 2, 11, PLUME[0], 2)
        c.line(cx - 2, 15, cx, 13, PLUME[1], 2)
        c.line(cx + 2, 19, cx + 5, 24, STEEL[1], 2)       # arm propped on the knee
        pauldron(c, cx + 2, 18)
    else:
        c = Canvas(40, 16)
        y = 11
        c.line(6, 14, 16, 14, BLADE, 1)                    # the sword beside him
        c.rect(16, 13, 1, 3, GOLD[1])
        c.set(17, 14, GOLD[0])
        c.rect(4, y - 1, 3, 3, LEATHER[0])                 # boots (feet to the west)
        c.rect(4, y + 1, 1, 2, LEATHER[1])
        c.rect(7, y - 1, 7, 3, STEEL[1])                   # legs
        c.rect(7, y - 1, 7, 1, STEEL[0])
        c.shaded_rect(14, y - 3, 10, 5, [TABARD[0], TABARD[1]])
        c.rect(14, y - 3, 10, 1, TABARD[0])
        c.rect(14, y + 1, 10, 1, TABARD[2])
        c.rect(15, y - 3, 1, 5, LEATHER[1])
        c.set(19, y - 1, GOLD[0])
        c.rect(18, y - 2, 3, 1, GOLD[0])
        c.shaded_disc(28, y - 1, 4, STEEL)
        c.rect(29, y - 5, 1, 3, OUTLINE)                    # visor slit facing up
        c.line(32, y - 1, 35, y + 1, PLUME[1], 2)
        c.set(36, y + 2, PLUME[0])
        pauldron(c, 22, y - 2)
    c.outline()
    return c


def main():
    sheet = Canvas(CELL * len(COLUMNS), CELL * len(FACINGS))
    for row, facing in enumerate(FACINGS):
        for col, pose in enumerate(COLUMNS):
            sheet.blit(knight(facing, pose), col * CELL, row * CELL)
    sheet.save(HERE / "knight.png")

    die = Canvas(32 + 40, 32)
    die.blit(fallen("kneel"), 0, 0)
    die.blit(fallen("lying"), 32, 16)
    die.save(HERE / "knight_die.png")

    colours = {p for p in sheet.px + die.px if p[3]}
    assert len(colours) <= 24, f"{len(colours)} colours"


if __name__ == "__main__":
    main()
