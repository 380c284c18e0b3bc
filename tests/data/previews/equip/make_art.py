#!/usr/bin/env python3
"""Makes the solid-colour frames of the --equip preview test (tests/cli/equip_test.cpp):

  body.png  4 x 6 opaque red   (255, 0, 0)   origin [2, 5] in master.sprites.yaml
  hat.png   6 x 3 opaque blue  (0, 0, 255)   origin [3, 7] in hat.sprites.yaml
  cape.png  8 x 4 opaque green (0, 255, 0)   origin [4, 3] in cape.sprites.yaml

Every pixel is opaque, so nothing is trimmed and each frame is drawn whole around its
origin. Usage, from this directory: python3 make_art.py
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from rgba_png import write_rgba_png  # noqa: E402


def solid(path, w, h, rgba):
    write_rgba_png(path, w, h, {(x, y): rgba for x in range(w) for y in range(h)})


solid("body.png", 4, 6, (255, 0, 0, 255))
solid("hat.png", 6, 3, (0, 0, 255, 255))
solid("cape.png", 8, 4, (0, 255, 0, 255))
