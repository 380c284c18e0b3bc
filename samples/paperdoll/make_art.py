#!/usr/bin/env python3
"""Draws the paperdoll sample's art (original, generated): a knight taken apart into a body
and its equipment, one PNG per piece: body.png, helmet.png, plate.png, leather.png,
sword.png, shield.png.

Every piece is drawn from the same pose of the same knight (one "rig" per angle and pose:
where the torso, the head, the hands and the shield are), in the body's coordinates
(32x32, feet on (16, 30)), then cut into its own cell around its own origin, so that each
piece drawn at an actor's position with its own origin lands on the body. The sword needs
more room than the others: its cells are 48x48 with the origin on (24, 40), the same body
point (16, 30) moved by (8, 10).

Each sheet has one row per drawn angle (E, SE, S, NE, N; the definitions mirror E, SE and
NE for W, SW and NW) and one column per pose (see POSES). Each piece gets its own 1-pixel
dark outline. Where the body's hand is seen, the armour, helmet and sword leave a hole, so
the fist is drawn over the sleeve and around the sword's grip whatever the order. Uses the
knight sample's palette and its boot, helmet and shield drawings. Pure Python (zlib +
struct); rerunning it rewrites the PNGs byte for byte.
"""
import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("knight_art", HERE.parent / "knight" / "make_art.py")
knight_art = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(knight_art)


class Canvas(knight_art.Canvas):
    """The knight's canvas, but a pixel drawn outside it is an error: no piece is clipped."""

    def set(self, x, y, c):
        assert 0 <= x < self.w and 0 <= y < self.h, f"({x}, {y}) is outside the cell"
        super().set(x, y, c)


STEEL, GOLD, LEATHER = knight_art.STEEL, knight_art.GOLD, knight_art.LEATHER
BLADE, OUTLINE = knight_art.BLADE, knight_art.OUTLINE
SKIN = [(244, 196, 156, 255), (206, 146, 108, 255)]
HAIR = [(150, 92, 48, 255), (98, 56, 32, 255)]
SHIRT = [(238, 230, 206, 255), (204, 190, 160, 255), (160, 142, 116, 255)]   # the undershirt
HOSE = [(104, 112, 140, 255), (70, 74, 100, 255)]
HIDE = [(176, 118, 66, 255), (134, 84, 46, 255), (92, 56, 32, 255)]          # the jerkin

FACINGS = ["e", "se", "s", "ne", "n"]                      # sheet rows
POSES = ["stand", "tap", "walk_a", "walk_b", "wind", "strike", "recover"]   # sheet columns
CX = 16                                                     # the body's origin is (16, 30)
BODY_CELL = (32, 32, 16, 30)                                # width, height, origin x, y
SWORD_CELL = (48, 48, 24, 40)
BOB = {"strike": 1}
LEAN = {"strike": 1}
SWING = {"walk_a": 1, "walk_b": -1}


# --- the rig: where things are for one angle and pose -------------------------------------

class Rig:
    """Positions in body coordinates. arms: (shoulder, hand, behind_torso) with the hand
    the top-left pixel of a 2x2 fist; sword: (hand, tip) or None; shield: (kind, x, y)."""

    def __init__(self, facing, pose):
        self.facing, self.pose = facing, pose
        self.lean = LEAN.get(pose, 0)
        self.top = 15 + BOB.get(pose, 0)
        self.head = (CX + self.lean, 10 + BOB.get(pose, 0))
        self.torso_x, self.torso_w = {"e": (CX - 3, 7), "se": (CX - 4, 9), "s": (CX - 4, 9),
                                      "ne": (CX - 3, 9), "n": (CX - 4, 9)}[facing]
        self.torso_x += self.lean
        self.pauldrons = []
        getattr(self, "_" + facing)(pose, self.lean, self.top, SWING.get(pose, 0))

    def _e(self, pose, l, t, swing):
        sx, sy = CX + l, t + 2
        hand, tip = {
            "wind": ((sx - 3, sy - 3), (sx - 13, sy - 10)),
            "strike": ((sx + 5, sy + 2), (sx + 18, sy + 2)),
            "recover": ((sx + 4, sy + 5), (sx + 14, sy + 11)),
        }.get(pose, ((sx + 2 - swing, sy + 5), (sx + 8 - swing, sy - 4)))
        self.arms = [((CX + l, t + 2), (CX + 4 + l, t + 5), True), ((sx, sy), hand, False)]
        self.sword = (hand, tip)
        self.shield = ("side", CX + 5 + l, t + 1)
        self.pauldrons = [(sx, sy - 1)]

    def _se(self, pose, l, t, swing):
        ax = CX - 5 + l
        hand, tip = {
            "wind": ((ax - 1, t - 2), (ax - 8, t - 11)),
            "strike": ((ax + 3, t + 6), (ax + 15, t + 10)),
            "recover": ((ax, t + 7), (ax + 7, t + 15)),
        }.get(pose, ((ax - 1, t + 8 - abs(swing)), (ax + 4, t + 1 - abs(swing))))
        self.arms = [((CX + 5 + l, t + 2), (CX + 5 + l, t + 7), True), ((ax, t + 2), hand, False)]
        self.sword = (hand, tip)
        self.shield = ("front", CX + 4 + l, t + 1)
        self.pauldrons = [(ax + 1, t + 1)]

    def _s(self, pose, l, t, swing):
        ax = CX - 6
        hand, tip = {
            "wind": ((CX - 6, t - 2), (CX - 13, t - 11)),
            "strike": ((CX - 2, t + 6), (CX + 10, t + 12)),
            "recover": ((CX - 6, t + 8), (CX - 11, t + 16)),
        }.get(pose, ((ax, t + 8 - abs(swing)), (ax + 9, t - 1 - abs(swing))))
        self.arms = [((CX - 6, t + 2), hand, False), ((CX + 5, t + 2), (CX + 5, t + 8), False)]
        self.sword = (hand, tip)
        self.shield = ("front", CX + 3, t + 1)
        self.pauldrons = [(CX - 5, t + 1), (CX + 5, t + 1)]

    def _ne(self, pose, l, t, swing):
        ax = CX + 5 + l
        hand, tip = {
            "wind": ((ax + 2, t + 1), (ax + 10, t + 7)),
            "strike": ((ax + 2, t - 2), (ax + 10, t - 13)),
            "recover": ((ax + 1, t + 7), (ax + 9, t + 1)),
        }.get(pose, ((ax, t + 8 - abs(swing)), (ax + 6, t - 8 - abs(swing))))
        self.arms = [((CX - 5 + l, t + 2), (CX - 5 + l, t + 7), True), ((ax, t + 2), hand, False)]
        self.sword = (hand, tip)
        self.shield = ("back", CX - 9 + l, t + 1)
        self.pauldrons = [(ax, t + 1)]

    def _n(self, pose, l, t, swing):
        ax = CX + 5
        hand, tip = {
            "wind": ((ax + 2, t + 0), (ax + 10, t + 6)),
            "strike": ((ax - 1, t - 3), (ax + 1, t - 17)),
            "recover": ((ax, t + 7), (ax + 7, t - 2)),
        }.get(pose, ((ax, t + 8 - abs(swing)), (ax + 3, t - 11 - abs(swing))))
        self.arms = [((CX - 6, t + 2), (CX - 6, t + 8), False), ((ax, t + 2), hand, False)]
        self.sword = (hand, tip)
        self.shield = ("back", CX - 10, t + 1)
        self.pauldrons = [(CX - 5, t + 1), (CX + 5, t + 1)]

    def fists(self):
        """The 2x2 fists, pixel by pixel."""
        return [(hx + i, hy + j) for _, (hx, hy), _ in self.arms for i in (0, 1) for j in (0, 1)]


# --- the body -----------------------------------------------------------------------------

def legs(c, facing, pose):
    """Hose and boots, after the knight's legs (knight_art.LEGS gives the stride)."""
    (nf, nl), (ff, fl) = knight_art.LEGS.get(pose, knight_art.LEGS["stand"])
    hip = 23
    if facing == "e":
        for fwd, lift, colour in ((ff, fl, HOSE[1]), (nf, nl, HOSE[0])):
            c.line(CX, hip, CX + fwd, 28 - lift, colour, 2)
            knight_art.boot(c, CX + fwd, 30 - lift, 1)
    elif facing in ("s", "n"):
        near_x, far_x = (CX - 3, CX + 2) if facing == "s" else (CX + 2, CX - 3)
        for x, fwd, lift in ((far_x, ff, fl), (near_x, nf, nl)):
            down = 1 if fwd > 2 and facing == "s" else 0
            up = lift + (1 if (fwd < -2 if facing == "s" else fwd > 2) else 0)
            c.rect(x - 1, hip, 3, 6 - up + down, HOSE[1])
            c.rect(x - 1, hip, 1, 6 - up + down, HOSE[0])
            knight_art.boot(c, x, 30 - up + down, 0)
    else:  # se / ne: strides run diagonally
        sgn = 1 if facing == "se" else -1
        near_x, far_x = (CX - 2, CX + 2) if facing == "se" else (CX + 2, CX - 2)
        for x, fwd, lift, colour in ((far_x, ff, fl, HOSE[1]), (near_x, nf, nl, HOSE[0])):
            fx, fy = x + fwd // 2, 28 - lift + (sgn * fwd) // 3
            c.line(x, hip, fx, fy, colour, 2)
            knight_art.boot(c, fx, fy + 2, 1)


def head(c, rig):
    """A bare head, a little smaller than the helm that covers it."""
    hx, hy = rig.head
    f = rig.facing
    c.shaded_disc(hx, hy + 1, 3, [SKIN[0], SKIN[0], SKIN[1]])
    if f == "e":
        c.rect(hx - 3, hy - 2, 4, 3, HAIR[0])
        c.rect(hx - 3, hy + 1, 2, 2, HAIR[1])
        c.set(hx + 2, hy + 1, OUTLINE)                      # the eye
    elif f in ("s", "se"):
        c.rect(hx - 3, hy - 2, 7, 2, HAIR[0])
        eyes = (hx - 1, hx + 1) if f == "s" else (hx, hx + 2)
        for x in eyes:
            c.set(x, hy + 1, OUTLINE)
        if f == "se":
            c.rect(hx - 3, hy, 1, 2, HAIR[1])
    else:  # the back of the head
        c.shaded_disc(hx, hy + 1, 3, [HAIR[0], HAIR[0], HAIR[1]])
        if f == "ne":
            c.set(hx + 3, hy + 1, SKIN[1])                  # an ear


def limb(c, ramp, whole):
    """The arms in `ramp`: all of them (whole) or just the sleeves, up to the fists."""
    def one(arm):
        (sx, sy), (hx, hy), _ = arm
        c.line(sx, sy, hx, hy, ramp[1], 2)
        if whole:
            c.rect(hx, hy, 2, 2, SKIN[0])
            c.set(hx + 1, hy + 1, SKIN[1])
    return one


def body(rig):
    c = Canvas(32, 32)
    arm = limb(c, SHIRT, True)
    for a in rig.arms:
        if a[2]:
            arm(a)
    legs(c, rig.facing, rig.pose)
    c.shaded_rect(rig.torso_x, rig.top, rig.torso_w, 9, SHIRT)
    c.rect(rig.torso_x, rig.top + 6, rig.torso_w, 1, LEATHER[1])    # a belt
    head(c, rig)
    for a in rig.arms:
        if not a[2]:
            arm(a)
    c.outline()
    return c


# --- the equipment ------------------------------------------------------------------------

def armour(rig, kind):
    """kind 'plate': a steel breastplate with pauldrons and steel sleeves; 'leather': a brown
    jerkin with leather sleeves and a laced front."""
    c = Canvas(32, 32)
    ramp = STEEL if kind == "plate" else HIDE
    sleeve = limb(c, ramp, False)
    for a in rig.arms:
        if a[2]:
            sleeve(a)
    x, t, w = rig.torso_x, rig.top, rig.torso_w
    front = rig.facing in ("s", "se")
    if kind == "plate":
        c.shaded_rect(x, t, w, 6, STEEL)
        for row in (6, 8):                                  # the faulds, two steel bands
            c.rect(x, t + row, w, 1, STEEL[1])
        c.rect(x, t + 7, w, 1, STEEL[2])
        c.rect(x, t, w, 1, GOLD[1])                         # a gilt collar
        if front:
            m = x + w // 2
            c.rect(m, t + 1, 1, 5, STEEL[0])                # the ridge of the breastplate
            c.set(m + 1, t + 3, STEEL[2])
        elif rig.facing == "e":
            c.rect(x + w - 2, t + 1, 1, 4, STEEL[0])        # the chest's curve, forward
        else:
            m = x + w // 2
            c.rect(m, t + 1, 1, 5, STEEL[2])                # the backplate's seam
            c.rect(x + 1, t + 4, w - 2, 1, STEEL[2])        # and its lower edge
    else:
        c.shaded_rect(x, t, w, 9, HIDE)
        c.rect(x, t + 6, w, 1, LEATHER[1])                  # a belt with a buckle
        if front:
            m = x + w // 2
            c.set(m, t + 6, GOLD[0])
            for j in range(1, 6):                           # the laces
                c.set(m - (j % 2), t + j, HIDE[2])
            c.rect(x, t + 8, w, 1, HIDE[2])                 # the hem
        else:
            c.set(x + (w - 2 if rig.facing == "e" else 1), t + 6, GOLD[1])
            c.rect(x + 1, t + 1, w - 2, 1, HIDE[2])         # a seam across the shoulders
    for a in rig.arms:
        if not a[2]:
            sleeve(a)
    if kind == "plate":
        for px, py in rig.pauldrons:
            c.shaded_disc(px, py, 2, STEEL)
    else:
        for (sx, sy), (hx, hy), _ in rig.arms:              # bracers, just above the fists
            bx, by = hx + (sx > hx) - (sx < hx), hy + (sy > hy) - (sy < hy)
            c.rect(min(bx, hx), by, 2, 1, HIDE[2])
    c.outline()
    return c


def helmet(rig):
    c = Canvas(32, 32)
    knight_art.helmet(c, rig.head[0], rig.head[1], rig.facing)
    c.outline()
    return c


def sword(rig):
    """A longsword in the sword hand: the grip in the fist, the guard just past it, then the
    blade to the tip; a smear of the swing on the strike. Drawn in a 48x48 canvas whose
    (8, 10) is the body's (0, 0)."""
    c = Canvas(48, 48)
    (hx, hy), (tx, ty) = rig.sword
    hx, hy, tx, ty = hx + 8, hy + 10, tx + 8, ty + 10
    fist = {(hx + i, hy + j) for i in (0, 1) for j in (0, 1)}
    sx = (tx > hx) - (tx < hx) if 2 * abs(tx - hx) >= abs(ty - hy) else 0
    sy = (ty > hy) - (ty < hy) if 2 * abs(ty - hy) >= abs(tx - hx) else 0
    gx, gy = hx, hy
    while (gx, gy) in fist:                                 # the guard: just past the fist
        gx, gy = gx + sx, gy + sy
    px, py = hx + 1 - sx, hy + 1 - sy
    while (px, py) in fist:                                 # the pommel: just behind it
        px, py = px - sx, py - sy
    c.line(gx, gy, px, py, LEATHER[1])                      # the grip
    if tx == gx or ty == gy:                                # a shaded edge, if it is straight
        ex, ey = int(tx == gx), int(ty == gy)
        c.line(gx + sx + ex, gy + sy + ey, tx + ex, ty + ey, STEEL[1])
    c.line(gx + sx, gy + sy, tx, ty, BLADE)
    for k in (-1, 0, 1):
        c.set(gx - k * sy, gy + k * sx, GOLD[1])
    c.set(px, py, GOLD[0])
    if rig.pose == "strike" and rig.facing in ("e", "ne", "n"):   # the swing's smear: two
        mx, my = (hx + tx) // 2, (hy + ty) // 2                     # dashes beside the blade
        for i in (0, 1, 3, 4):
            c.set(mx + 3 * sy + i * sx, my - 3 * sx + i * sy, STEEL[0])
    c.outline()
    return c


def shield(rig):
    c = Canvas(32, 32)
    kind, x, y = rig.shield
    if kind == "front":
        knight_art.shield_front(c, x, y)
    elif kind == "back":                                    # its back: wood, a strap, the rim
        knight_art.shield_front(c, x, y)
        c.rect(x + 1, y + 1, 4, 5, LEATHER[1])
        c.rect(x + 2, y + 6, 2, 1, LEATHER[1])
        c.rect(x + 1, y + 3, 4, 1, LEATHER[0])
    else:  # seen from its side, the face turned forward
        c.rect(x, y, 4, 8, GOLD[1])
        c.rect(x + 1, y + 8, 2, 2, GOLD[1])
        c.rect(x + 1, y + 1, 2, 7, knight_art.TABARD[1])
        c.rect(x + 1, y + 1, 1, 6, knight_art.TABARD[0])
    c.outline()
    return c


# --- the sheets ---------------------------------------------------------------------------

def unhand(piece, fists, dx=0, dy=0):
    """Clears the piece where the body shows a fist, so the fist stays on top."""
    for x, y in fists:
        piece.set(x + dx, y + dy, (0, 0, 0, 0))
    return piece


def pieces(facing, pose):
    rig = Rig(facing, pose)
    b = body(rig)
    fists = [(x, y) for x, y in rig.fists() if b.get(x, y) in SKIN]
    return {
        "body": b,
        "helmet": unhand(helmet(rig), fists),
        "plate": unhand(armour(rig, "plate"), fists),
        "leather": unhand(armour(rig, "leather"), fists),
        "sword": unhand(sword(rig), fists, 8, 10),
        "shield": shield(rig),
    }


def main():
    sheets = {}
    for row, facing in enumerate(FACINGS):
        for col, pose in enumerate(POSES):
            for name, art in pieces(facing, pose).items():
                if name not in sheets:
                    sheets[name] = Canvas(art.w * len(POSES), art.h * len(FACINGS))
                sheets[name].blit(art, col * art.w, row * art.h)
    for name, sheet in sheets.items():
        sheet.save(HERE / f"{name}.png")


if __name__ == "__main__":
    main()
