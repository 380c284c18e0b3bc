#!/usr/bin/python3
"""Turns a gen_sprites.py dataset into a spritec definition (a plain atlas, no actions).

Usage: bench/make_def.py DATASET_DIR [-o DEF]   (default DATASET_DIR/bench.sprites.yaml)

One sheet per animation directory (frames/anim_NNNN/), `files: "frames/anim_NNNN/*.png"`,
origin [0, 0], so frame names are anim_NNNN/f_MM. The atlas settings are the shared
fair-comparison settings (bench/README of the datasets): 2048x2048 pages at most, 2 px
between frames, trim and dedupe on, no power of two, no extrusion.
"""
import argparse
import os
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset")
    ap.add_argument("-o", "--out")
    args = ap.parse_args()
    frames = os.path.join(args.dataset, "frames")
    anims = sorted(d for d in os.listdir(frames) if os.path.isdir(os.path.join(frames, d)))
    if not anims:
        sys.exit(f"no animation directory under {frames}")
    out = args.out or os.path.join(args.dataset, "bench.sprites.yaml")
    # Paths in a definition are relative to the definition file.
    rel = os.path.relpath(frames, os.path.dirname(os.path.abspath(out)))
    lines = [
        f"pack: {os.path.basename(os.path.normpath(args.dataset))}",
        "atlas:",
        "  max_size: [2048, 2048]",
        "  padding: 2",
        "  extrude: 0",
        "  trim: true",
        "  dedupe: true",
        "  power_of_two: false",
        "sheets:",
    ]
    for a in anims:
        lines.append(f"  - {{name: {a}, files: \"{rel}/{a}/*.png\", origin: [0, 0]}}")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(out)


if __name__ == "__main__":
    main()
