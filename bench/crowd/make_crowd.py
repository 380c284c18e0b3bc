#!/usr/bin/env python3
"""Writes the simulator benchmarks' inputs (issue 13, "Simulator at scale"; issue 26, "Layered
actors"): generated packs and scenes, deterministic (rerunning it rewrites every file byte for
byte).

Usage: bench/crowd/make_crowd.py [OUT_DIR]   (default bench/.work/crowd, gitignored)

  crowd.sprites.yaml, body.png, boom.png
      the pack `crowd`, 60 ticks/s: walk (8 views, loop, 1 px of root motion a step),
      attack (8 views, loop, event `hit` on the strike), explode (1 view, pingpong forever,
      event `shake` on the smoke ring); every action loops, so the crowd stays alive and busy.
  fx.sprites.yaml
      the pack `fx` (same art): pop (1 view, once, then destroy), spawned by script.scene.yaml
  crowd.scene.yaml     10,000 actors playing walk / explode / attack at varied angles and
                       speeds, no script (run with --ticks N)
  script.scene.yaml    1,000 actors and a script of 1,000 items over 2,000 ticks: 250 waits
                       of 8 ticks, 250 move_by and 250 move_to (background, over 24 and 16
                       ticks) on actors spread over the crowd, 250 spawns of a pop
                       (destroyed 18 ticks later, so the crowd's size stays about the same)
  noscript.scene.yaml  the same 1,000 actors without a script
  preview.scene.yaml   300 actors on a 320x200 stage, 30 fps, a script of one wait: 599
                       ticks, so the preview is ticks 0..599: 10 seconds

Layered actors (issue 26), beside the scenes above, which they leave as they were:
  layered.sprites.yaml
      the pack `crowd_layered`: crowd.sprites.yaml's definition as a layered master, with
      7 slots (main, feet, legs, hands, chest, head, offhand) drawn with the body (`self`)
      in an order per view; its explode has 8 views (the same frames in each), since every
      action of a master has one view per order list
  piece_SLOT.sprites.yaml, piece_SLOT.png
      the 7 pieces (slot: SLOT), each with the master's actions, views, step counts,
      durations and events: a small generated part of the body (a helmet, a blade, ...)
      in each view and pose, at its own origin
  layered.scene.yaml          crowd.scene.yaml's 10,000 actors, each wearing all 7 slots
  layered-preview.scene.yaml  preview.scene.yaml's 300 actors, each wearing all 7 slots
  flat.sprites.yaml, flat.png, flat-preview.scene.yaml
      the layered actor flattened (each view and pose's layers drawn in order into one
      32x32 frame) and the preview scene on it: the layered preview's pictures without
      layers, so that comparing the two times the layers alone, not a busier picture

Python standard library only (zlib + struct for the PNGs).
"""
import struct
import sys
import zlib
from pathlib import Path

CELL = 16  # body cells: 8 rows (views) x 7 columns (4 walk poses, 3 attack poses)
BOOM = 24  # boom cells: 5 frames
VIEWS = ["e", "se", "s", "sw", "w", "nw", "n", "ne"]
DIRS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


def png(path, w, h, px):
    """Writes an RGBA PNG; px is a list of w*h (r, g, b, a) tuples."""
    raw = b"".join(b"\x00" + b"".join(bytes(px[y * w + x]) for x in range(w)) for y in range(h))

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    data = b"\x89PNG\r\n\x1a\n"
    data += chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9))
    data += chunk(b"IEND", b"")
    Path(path).write_bytes(data)


class Rng:
    """A small LCG, so the scenes do not depend on Python's random module's versions."""

    def __init__(self, seed):
        self.s = seed

    def next(self, n):
        self.s = (self.s * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        return (self.s >> 33) % n


def body_png(path):
    png(path, *body_pixels())


def body_pixels():
    w, h = CELL * 7, CELL * 8
    px = [(0, 0, 0, 0)] * (w * h)

    def put(x, y, c):
        if 0 <= x < w and 0 <= y < h:
            px[y * w + x] = c

    for v, (dx, dy) in enumerate(DIRS):
        hue = [(200, 60, 60), (60, 160, 70), (70, 90, 210), (210, 170, 50),
               (160, 70, 190), (50, 170, 180), (230, 120, 40), (120, 120, 130)][v]
        for col in range(7):
            ox, oy = col * CELL, v * CELL
            # a body: an ellipse-ish blob, shifted by the pose
            bob = [0, -1, 0, -1, 0, 1, 0][col]
            for j in range(3, 13):
                for i in range(4, 12):
                    if (i - 7.5) ** 2 / 16 + (j - 8 - bob) ** 2 / 25 <= 1:
                        shade = 40 if i + j < 15 else 0
                        put(ox + i, oy + j, (min(255, hue[0] + shade), min(255, hue[1] + shade),
                                             min(255, hue[2] + shade), 255))
            # legs: the walk poses move them, the attack poses plant them
            leg = [(-2, 2), (0, 0), (2, -2), (0, 0), (-1, 1), (-2, 2), (0, 0)][col]
            for k, lx in enumerate((6, 9)):
                for j in range(13, 16):
                    put(ox + lx + leg[k] * (j - 12) // 3, oy + j, (30, 30, 40, 255))
            # the facing: an eye towards the view's direction
            put(ox + 8 + dx * 2, oy + 7 + dy * 2, (250, 250, 250, 255))
            # attack poses: a blade that reaches further each pose
            if col >= 4:
                reach = [3, 7, 5][col - 4]
                for r in range(2, reach):
                    put(ox + 8 + dx * r, oy + 8 + dy * r + (1 if dx == 0 else 0), (220, 220, 235, 255))
    return w, h, px


def boom_png(path):
    png(path, *boom_pixels())


def boom_pixels():
    w, h = BOOM * 5, BOOM
    px = [(0, 0, 0, 0)] * (w * h)
    fire = [(255, 248, 206, 255), (255, 214, 80, 255), (244, 130, 46, 255), (196, 54, 40, 255)]
    for k in range(5):
        radius = [3, 5, 7, 9, 11][k]
        for j in range(BOOM):
            for i in range(BOOM):
                d2 = (i - 11.5) ** 2 + (j - 11.5) ** 2
                if d2 > radius * radius:
                    continue
                t = d2 ** 0.5 / radius
                if k == 4 and t < 0.6:
                    continue
                c = fire[min(3, int(t * 4))] if k < 4 else (120, 112, 128, 255)
                px[j * w + k * BOOM + i] = c
    return w, h, px


def pack_yaml(layered=False):
    """The crowd's pack; `layered`: the same as a layered master (layers_yaml())."""
    lines = [
        "# Generated by bench/crowd/make_crowd.py: the simulator benchmarks' pack"
        + (" as a layered master (issue 26)." if layered else "."),
        "pack: crowd_layered" if layered else "pack: crowd",
        "tick_rate: 60",
        "atlas:",
        "  padding: 1",
    ]
    if layered:
        lines += layers_yaml()
    lines += ["sheets:"]
    for v, name in enumerate(VIEWS):
        lines.append(f"  - {{name: {name}, image: body.png, grid: {{cell: [{CELL}, {CELL}], "
                     f"origin: [8, 15], offset: [0, {v * CELL}], count: 7}}}}")
    lines.append(f"  - {{name: boom, image: boom.png, grid: {{cell: [{BOOM}, {BOOM}], "
                 f"origin: [12, 12], count: 5}}}}")
    lines.append("actions:")
    lines += ["  walk:", "    views: 8", "    mode: loop", "    ticks: 4", "    frames:"]
    for name, (dx, dy) in zip(VIEWS, DIRS):
        steps = ", ".join(f"{{frame: {name}/{k}, move: [{dx}, {dy}]}}" for k in range(4))
        lines.append(f"      - [{steps}]")
    lines += ["  attack:", "    views: 8", "    mode: loop", "    ticks: 5", "    frames:"]
    for name in VIEWS:
        lines.append(f"      - [{name}/4, {{frame: {name}/5, event: hit}}, {{frame: {name}/6, ticks: 10}}]")
    boom = "[boom/0, boom/1, boom/2, boom/3, {frame: boom/4, event: shake}]"
    lines += ["  explode:", "    mode: pingpong", "    ticks: 3"]
    if layered:  # one view per order list: the same frames in each
        lines += ["    views: 8", "    frames:"] + [f"      - {boom}"] * len(VIEWS)
    else:
        lines += [f"    frames: {boom}"]
    return "\n".join(lines) + "\n"


# The layered master's slots (issue 26's example, with `off` spelled `offhand`: YAML 1.1
# reads a plain `off` as false) and, per view (VIEWS' order), the draw order back to front,
# `self` being the body: weapons behind the body when it faces away, in front when it faces
# the viewer, the off hand on the far side in E and the near side in W.
SLOTS = ["main", "feet", "legs", "hands", "chest", "head", "offhand"]
ORDER = [
    ["offhand", "self", "feet", "legs", "hands", "chest", "head", "main"],  # e
    ["self", "feet", "legs", "hands", "chest", "head", "offhand", "main"],  # se
    ["self", "feet", "legs", "hands", "chest", "head", "main", "offhand"],  # s
    ["self", "feet", "legs", "hands", "chest", "head", "main", "offhand"],  # sw
    ["main", "self", "feet", "legs", "hands", "chest", "head", "offhand"],  # w
    ["main", "offhand", "self", "feet", "legs", "hands", "chest", "head"],  # nw
    ["main", "offhand", "self", "feet", "legs", "hands", "chest", "head"],  # n
    ["offhand", "main", "self", "feet", "legs", "hands", "chest", "head"],  # ne
]


def layers_yaml():
    lines = ["layers:", f"  slots: [{', '.join(SLOTS)}]", "  order:"]
    for name, row in zip(VIEWS, ORDER):
        lines.append(f"    - [{', '.join(row)}]   # {name}")
    return lines


# Each piece: its rectangles in a body cell (x0, y0, x1, y1, exclusive ends), its colour and
# its origin (the body's is (8, 15); a piece's may differ, and its cells are shifted to match).
PIECES = {
    "main": ([(12, 3, 14, 13)], (220, 220, 235), (8, 14)),
    "feet": ([(4, 14, 7, 16), (9, 14, 12, 16)], (90, 60, 40), (8, 15)),
    "legs": ([(5, 11, 11, 14)], (60, 70, 120), (8, 12)),
    "hands": ([(3, 8, 5, 10), (11, 8, 13, 10)], (230, 190, 150), (8, 15)),
    "chest": ([(4, 6, 12, 11)], (150, 150, 160), (7, 15)),
    "head": ([(5, 1, 11, 5)], (200, 170, 60), (8, 15)),
    "offhand": ([(1, 6, 5, 12)], (120, 50, 50), (9, 15)),
}
POSES = 12  # per view: walk 0-3, attack 4-6, explode 7-11 (the part flying off)


def piece_png(path, slot):
    png(path, *piece_pixels(slot))


def piece_pixels(slot):
    rects, colour, origin = PIECES[slot]
    w, h = CELL * POSES, CELL * len(VIEWS)
    px = [(0, 0, 0, 0)] * (w * h)
    shift = (origin[0] - 8, origin[1] - 15)  # the cell moves with the origin
    for v, (dx, dy) in enumerate(DIRS):
        shade = (v * 9) % 40
        c = (min(255, colour[0] + shade), min(255, colour[1] + shade), min(255, colour[2]), 255)
        for col in range(POSES):
            bob = [0, -1, 0, -1, 0, 1, 0][col] if col < 7 else 0
            fly = col - 7 if col >= 7 else 0
            ox = col * CELL + shift[0] + (fly * dx if fly else 0)
            oy = v * CELL + shift[1] + bob - fly
            for x0, y0, x1, y1 in rects:
                for j in range(y0, y1):
                    for i in range(x0, x1):
                        x, y = ox + i, oy + j
                        if col * CELL <= x < (col + 1) * CELL and v * CELL <= y < (v + 1) * CELL:
                            px[y * w + x] = c
    return w, h, px


# The layered actor flattened: per view and pose, the body and the 7 pieces drawn in that
# view's order into one 32x32 cell with origin FLAT_ORIGIN (every layer's cell placed by
# its own origin, as a renderer places layers). A pack of these frames draws what the
# layered actor draws, with no layers.
FLAT = 32
FLAT_ORIGIN = (16, 20)


def flat_pixels():
    body, boom = body_pixels(), boom_pixels()
    pieces = {slot: piece_pixels(slot) for slot in SLOTS}
    w, h = FLAT * POSES, FLAT * len(VIEWS)
    px = [(0, 0, 0, 0)] * (w * h)

    def over(src, sx, sy, size, origin, dx, dy):
        """Copies the opaque pixels of src's size x size cell at (sx, sy) so that its origin
        lands on the flat cell's at (dx, dy) (the art has no translucent pixels)."""
        sw, _, spx = src
        for j in range(size):
            for i in range(size):
                c = spx[(sy + j) * sw + sx + i]
                if c[3]:
                    px[(dy + FLAT_ORIGIN[1] - origin[1] + j) * w + dx + FLAT_ORIGIN[0] - origin[0] + i] = c

    for v in range(len(VIEWS)):
        for col in range(POSES):
            for layer in ORDER[v]:
                if layer == "self" and col < 7:
                    over(body, col * CELL, v * CELL, CELL, (8, 15), col * FLAT, v * FLAT)
                elif layer == "self":
                    over(boom, (col - 7) * BOOM, 0, BOOM, (12, 12), col * FLAT, v * FLAT)
                else:
                    over(pieces[layer], col * CELL, v * CELL, CELL, PIECES[layer][2], col * FLAT,
                         v * FLAT)
    return w, h, px


def piece_yaml(slot=None):
    """A piece: the master's actions, views, step counts, durations and events; no moves.
    Without a slot: the flattened crowd (flat_pixels()), an ordinary pack with the master's
    moves."""
    flat = slot is None
    origin, image, cell = (FLAT_ORIGIN, "flat.png", FLAT) if flat else (
        PIECES[slot][2], f"piece_{slot}.png", CELL)
    lines = [
        "# Generated by bench/crowd/make_crowd.py: "
        + ("the layered crowd flattened, every layer drawn into one frame." if flat
           else f"the layered crowd's piece for slot {slot}."),
        "pack: crowd_flat" if flat else f"pack: crowd_{slot}",
    ] + ([] if flat else [f"slot: {slot}"]) + [
        "tick_rate: 60",
        "sheets:",
    ]
    for v, name in enumerate(VIEWS):
        lines.append(f"  - {{name: {name}, image: {image}, grid: {{cell: [{cell}, {cell}], "
                     f"origin: [{origin[0]}, {origin[1]}], offset: [0, {v * cell}], count: {POSES}}}}}")
    lines += ["actions:", "  walk:", "    views: 8", "    mode: loop", "    ticks: 4", "    frames:"]
    if flat:
        for name, (dx, dy) in zip(VIEWS, DIRS):
            steps = ", ".join(f"{{frame: {name}/{k}, move: [{dx}, {dy}]}}" for k in range(4))
            lines.append(f"      - [{steps}]")
    else:
        lines += [f"      - [{', '.join(f'{n}/{k}' for k in range(4))}]" for n in VIEWS]
    lines += ["  attack:", "    views: 8", "    mode: loop", "    ticks: 5", "    frames:"]
    lines += [f"      - [{n}/4, {{frame: {n}/5, event: hit}}, {{frame: {n}/6, ticks: 10}}]"
              for n in VIEWS]
    lines += ["  explode:", "    views: 8", "    mode: pingpong", "    ticks: 3", "    frames:"]
    lines += [f"      - [{n}/7, {n}/8, {n}/9, {n}/10, {{frame: {n}/11, event: shake}}]"
              for n in VIEWS]
    return "\n".join(lines) + "\n"


def fx_yaml():
    """A second pack for the script's spawns (a pack of its own, so that `check` of the
    scenes that never spawn one does not warn that pop is unreachable)."""
    return "\n".join([
        "# Generated by bench/crowd/make_crowd.py: what script.scene.yaml spawns.",
        "pack: fx",
        "tick_rate: 60",
        "sheets:",
        f"  - {{name: boom, image: boom.png, grid: {{cell: [{BOOM}, {BOOM}], origin: [12, 12], count: 5}}}}",
        "actions:",
        "  pop:",
        "    mode: once",
        "    then: destroy",
        "    ticks: 3",
        "    frames: [boom/0, boom/1, boom/2, boom/3, {frame: boom/4, event: shake}, boom/3]",
    ]) + "\n"


ACTIONS = ["walk", "walk", "explode", "attack"]  # half walk, a quarter each of the others
SPEEDS = ["1", "1", "1", "0.5", "2", "1.5"]


# What every actor of the layered scenes wears: each slot's piece (packs keyed by slot).
WEARS = ", layers: {" + ", ".join(f"{slot}: {slot}" for slot in SLOTS) + "}"


def actor_lines(count, prefix, rng, width, height, layered=False):
    out = []
    digits = len(str(count - 1))
    for i in range(count):
        action = ACTIONS[rng.next(len(ACTIONS))]
        angle = rng.next(24) * 15
        speed = SPEEDS[rng.next(len(SPEEDS))]
        x, y = rng.next(width), rng.next(height)
        extra = ("" if speed == "1" else f", speed: {speed}") + (WEARS if layered else "")
        out.append(f"  - {{name: {prefix}{i:0{digits}d}, pack: crowd, action: {action}, "
                   f"at: [{x}, {y}], angle: {angle}{extra}}}")
    return out


def scene(comment, stage, fps, actors, script=None, fx=False, layered=False, flat=False):
    packs = "{crowd: crowd.sprites.yaml, fx: fx.sprites.yaml}" if fx else "{crowd: crowd.sprites.yaml}"
    if flat:
        packs = "{crowd: flat.sprites.yaml}"
    if layered:  # the master first: the simulator's tick loop has a fast path for pack 0
        packs = "{crowd: layered.sprites.yaml, " + ", ".join(
            f"{slot}: piece_{slot}.sprites.yaml" for slot in SLOTS) + "}"
    lines = [f"# Generated by bench/crowd/make_crowd.py. {comment}",
             f"stage: {{size: [{stage[0]}, {stage[1]}], background: \"#1d2b53\"}}",
             f"fps: {fps}",
             f"packs: {packs}",
             "actors:"] + actors
    if script:
        lines += ["script:"] + script
    return "\n".join(lines) + "\n"


def script_items(actors, rng):
    items = []
    spawns = 0
    for i in range(1000):
        kind = i % 4
        if kind == 0:
            items.append("  - wait: 8")
        elif kind == 1:
            a = rng.next(actors)
            items.append(f"  - {{actor: a{a:03d}, move_by: [{rng.next(41) - 20}, {rng.next(41) - 20}], "
                         f"over: 24, background: true}}")
        elif kind == 2:
            a = rng.next(actors)
            items.append(f"  - {{actor: a{a:03d}, move_to: [{rng.next(320)}, {rng.next(200)}], "
                         f"over: 16, background: true}}")
        else:
            items.append(f"  - {{spawn: {{name: s{spawns:03d}, pack: fx, action: pop, "
                         f"at: [{rng.next(320)}, {rng.next(200)}]}}}}")
            spawns += 1
    return items


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else
               Path(__file__).resolve().parent.parent / ".work" / "crowd")
    out.mkdir(parents=True, exist_ok=True)
    body_png(out / "body.png")
    boom_png(out / "boom.png")
    (out / "crowd.sprites.yaml").write_text(pack_yaml())
    (out / "fx.sprites.yaml").write_text(fx_yaml())

    (out / "crowd.scene.yaml").write_text(scene(
        "10,000 actors playing walk / explode / attack at varied angles, no script.",
        (320, 200), 30, actor_lines(10000, "a", Rng(1), 320, 200)))
    thousand = actor_lines(1000, "a", Rng(2), 320, 200)
    (out / "script.scene.yaml").write_text(scene(
        "1,000 actors and a script of 1,000 items (moves, waits, spawns) over 2,000 ticks.",
        (320, 200), 30, thousand, script_items(1000, Rng(3)), fx=True))
    (out / "noscript.scene.yaml").write_text(scene(
        "The 1,000 actors of script.scene.yaml without a script.", (320, 200), 30, thousand))
    (out / "preview.scene.yaml").write_text(scene(
        "300 actors, 320x200, 10 seconds (ticks 0..599 at 60 ticks/s) for a GIF preview.",
        (320, 200), 30, actor_lines(300, "a", Rng(4), 320, 200), ["  - wait: 599"]))

    (out / "layered.sprites.yaml").write_text(pack_yaml(layered=True))
    for slot in SLOTS:
        piece_png(out / f"piece_{slot}.png", slot)
        (out / f"piece_{slot}.sprites.yaml").write_text(piece_yaml(slot))
    (out / "layered.scene.yaml").write_text(scene(
        "crowd.scene.yaml's 10,000 actors, each wearing 7 slots.",
        (320, 200), 30, actor_lines(10000, "a", Rng(1), 320, 200, layered=True), layered=True))
    (out / "layered-preview.scene.yaml").write_text(scene(
        "preview.scene.yaml's 300 actors, each wearing 7 slots, for a GIF preview.",
        (320, 200), 30, actor_lines(300, "a", Rng(4), 320, 200, layered=True), ["  - wait: 599"],
        layered=True))
    png(out / "flat.png", *flat_pixels())
    (out / "flat.sprites.yaml").write_text(piece_yaml())
    (out / "flat-preview.scene.yaml").write_text(scene(
        "layered-preview.scene.yaml flattened: the same pictures, one frame per actor.",
        (320, 200), 30, actor_lines(300, "a", Rng(4), 320, 200), ["  - wait: 599"], flat=True))
    print(out)


if __name__ == "__main__":
    main()
