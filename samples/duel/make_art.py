#!/usr/bin/env python3
"""Draws the duel sample's art: fighter.png, the knight's east-facing poses (one row of
twelve 32x32 cells, feet on (16, 30)) drawn by samples/knight/make_art.py. The west-facing
fighter is the same art mirrored by the definition. Rerunning it rewrites the PNG byte for
byte.
"""
import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("knight_art", HERE.parent / "knight" / "make_art.py")
knight_art = importlib.util.module_from_spec(spec)
spec.loader.exec_module(knight_art)


def main():
    cell = knight_art.CELL
    sheet = knight_art.Canvas(cell * len(knight_art.COLUMNS), cell)
    for col, pose in enumerate(knight_art.COLUMNS):
        sheet.blit(knight_art.knight("e", pose), col * cell, 0)
    sheet.save(HERE / "fighter.png")


if __name__ == "__main__":
    main()
