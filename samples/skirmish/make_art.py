#!/usr/bin/env python3
"""Draws the skirmish sample's art (original, generated): units.png, popups.png and
board.png.

units.png: two 24x24 soldiers drawn facing east, one row per team (red, blue), columns
idle A, idle B, wind-up, strike, hurt, hit flash; the feet rest on (12, 22).
popups.png: damage numbers ("-3", "-5") and the turn banners ("PLAYER TURN",
"ENEMY TURN") in a 3x5 pixel font. board.png: one board tile. Pure Python
(zlib + struct); rerunning it rewrites the PNGs byte for byte.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import pixelart  # noqa: E402  (samples/pixelart.py: the shared canvas and PNG writer)

HERE = Path(__file__).resolve().parent

OUTLINE = (28, 22, 34, 255)
SKIN = [(250, 200, 150, 255), (200, 138, 100, 255)]
STEEL = [(220, 226, 236, 255), (140, 150, 170, 255), (84, 90, 110, 255)]
TEAMS = {
    "red": [(240, 96, 80, 255), (186, 48, 52, 255), (112, 28, 40, 255)],
    "blue": [(96, 156, 240, 255), (52, 96, 196, 255), (32, 54, 120, 255)],
}
BOOTS = [(122, 78, 48, 255), (78, 48, 32, 255)]
WHITE = (255, 255, 255, 255)
DAMAGE = (255, 92, 72, 255)
GOLD = [(255, 222, 96, 255), (206, 146, 40, 255)]
GRASS = [(122, 176, 86, 255), (82, 132, 64, 255), (56, 92, 54, 255)]

class Canvas(pixelart.Canvas):
    outline_colour = OUTLINE


# --- soldiers ----------------------------------------------------------------------------

POSES = ["idle_a", "idle_b", "windup", "strike", "hurt", "flash"]


def soldier(team, pose):
    """A big-headed soldier facing east, feet on (12, 22)."""
    c = Canvas(24, 24)
    col = TEAMS[team]
    bob = 1 if pose == "idle_b" else 0
    lean = {"windup": -1, "strike": 2, "hurt": -2, "flash": -2}.get(pose, 0)
    cx = 11
    # feet
    stride = 3 if pose == "strike" else 1
    c.rect(cx - 2 - stride // 2, 20, 3, 3, BOOTS[1])
    c.rect(cx + 1 + stride // 2, 20, 3, 3, BOOTS[0])
    c.rect(cx + 1 + stride // 2, 22, 4, 1, BOOTS[1])
    # body
    bx = cx - 3 + lean // 2
    c.shaded_rect(bx, 13 + bob, 7, 7 - bob, col)
    c.rect(bx, 18, 7, 1, BOOTS[1])
    c.set(bx + 3, 18, GOLD[0])
    # head in a helmet with a team crest
    hx, hy = cx + lean, 8 + bob
    c.disc(hx, hy, 5, STEEL[1])
    c.disc(hx - 1, hy - 1, 3, STEEL[0])
    c.rect(hx - 5, hy + 1, 11, 1, STEEL[2])
    c.rect(hx, hy + 1, 5, 4, SKIN[0])                   # face under the helmet's brim
    c.rect(hx, hy + 4, 5, 1, SKIN[1])
    c.set(hx + 3, hy + 2, OUTLINE)                      # eye
    c.rect(hx - 3, hy - 7, 4, 2, col[0])                # crest
    c.rect(hx - 5, hy - 6, 3, 2, col[1])
    # sword arm
    ax, ay = bx + 4, 15 + bob
    if pose == "windup":
        c.line(ax, ay, ax - 3, ay - 2, SKIN[0], 2)
        c.line(ax - 4, ay - 3, ax - 9, ay - 8, WHITE, 1)
        c.rect(ax - 4, ay - 4, 2, 2, GOLD[1])
    elif pose == "strike":
        c.line(ax, ay, ax + 4, ay + 1, SKIN[0], 2)
        c.line(ax + 5, ay + 1, ax + 12, ay + 1, WHITE, 1)
        c.rect(ax + 4, ay, 1, 3, GOLD[1])
        for i in range(4):
            c.set(ax + 7 + i, ay - 3 + i // 2, STEEL[0])
    elif pose in ("hurt", "flash"):
        c.line(ax, ay, ax - 2, ay + 3, SKIN[0], 2)
        c.line(ax - 3, ay + 4, ax - 7, ay + 6, WHITE, 1)
    else:
        c.rect(ax, ay, 2, 4, SKIN[0])
        c.line(ax + 1, ay + 3, ax + 6, ay - 2, WHITE, 1)
        c.rect(ax, ay + 3, 3, 1, GOLD[1])
    c.outline()
    if pose == "flash":
        for i, p in enumerate(c.px):
            if p[3] and p != OUTLINE:
                c.px[i] = WHITE
    return c


# --- a 3x5 pixel font --------------------------------------------------------------------

GLYPHS = {
    "-": ["...", "...", "###", "...", "..."],
    "3": ["##.", "..#", ".#.", "..#", "##."],
    "5": ["###", "#..", "##.", "..#", "##."],
    "A": [".#.", "#.#", "###", "#.#", "#.#"],
    "E": ["###", "#..", "##.", "#..", "###"],
    "L": ["#..", "#..", "#..", "#..", "###"],
    "M": ["#.#", "###", "###", "#.#", "#.#"],
    "N": ["##.", "#.#", "#.#", "#.#", "#.#"],
    "P": ["##.", "#.#", "##.", "#..", "#.."],
    "R": ["##.", "#.#", "##.", "#.#", "#.#"],
    "T": ["###", ".#.", ".#.", ".#.", ".#."],
    "U": ["#.#", "#.#", "#.#", "#.#", "###"],
    "Y": ["#.#", "#.#", ".#.", ".#.", ".#."],
    " ": ["...", "...", "...", "...", "..."],
}


def text(c, x, y, s, colour, scale=1, advance=4):
    for ch in s:
        for j, row in enumerate(GLYPHS[ch]):
            for i, bit in enumerate(row):
                if bit == "#":
                    c.rect(x + i * scale, y + j * scale, scale, scale, colour)
        x += advance * scale


def damage(s):
    """A damage number, 2x scale, red with a dark outline: 22x14."""
    c = Canvas(22, 14)
    text(c, 2, 2, s, DAMAGE, 2, advance=5)
    c.outline()
    return c


def banner(s, team):
    """A turn banner 64x13: a team-coloured plate with the words in white."""
    col = TEAMS[team]
    c = Canvas(64, 13)
    c.rect(1, 1, 62, 11, col[1])
    c.rect(1, 1, 62, 1, col[0])
    c.rect(1, 11, 62, 1, col[2])
    w = len(s) * 4 - 1
    text(c, 32 - w // 2, 4, s, WHITE)
    c.rect(3, 6, 2, 1, GOLD[0])
    c.rect(59, 6, 2, 1, GOLD[0])
    c.outline()
    return c


def tile():
    """A grass board tile 32x12 seen from above at an angle."""
    c = Canvas(32, 12)
    for j in range(10):
        inset = abs(4 - j) if j < 5 else j - 4
        inset = max(0, 4 - min(j, 9 - j)) * 2
        c.rect(inset, j, 32 - 2 * inset, 1, GRASS[0] if j < 5 else GRASS[1])
    c.rect(8, 10, 16, 2, GRASS[2])
    c.outline()
    return c


def main():
    units = Canvas(24 * len(POSES), 48)
    for row, team in enumerate(("red", "blue")):
        for col, pose in enumerate(POSES):
            units.blit(soldier(team, pose), col * 24, row * 24)
    units.save(HERE / "units.png")

    pop = Canvas(64 + 64, 13 + 14)  # banners on top, damage numbers below
    pop.blit(banner("PLAYER TURN", "red"), 0, 0)
    pop.blit(banner("ENEMY TURN", "blue"), 64, 0)
    pop.blit(damage("-3"), 0, 13)
    pop.blit(damage("-5"), 22, 13)
    pop.save(HERE / "popups.png")

    tile().save(HERE / "board.png")


if __name__ == "__main__":
    main()
