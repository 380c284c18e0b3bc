#!/usr/bin/python3
"""Writes a free-tex-packer-cli project (JSON) for a gen_sprites.py dataset.

Usage: bench/peer_project.py DATASET_DIR OUT_DIR [--packer MaxRectsBin|OptimalPacker]

The same fair-comparison settings as bench/make_def.py: pages of at most 2048x2048, not
fixed size, no power of two, no rotation, trim (alpha > 0 kept), identical frames merged,
no extrusion. free-tex-packer's `padding` is added on every side of each frame, so
padding 1 gives the same 2 px between frames as spritec's padding 2 (and a 1 px border
around each page, which spritec does not add). Output: OUT_DIR/<dataset>-N.png and
OUT_DIR/<dataset>-N.json (JSON hash, one per page).
"""
import argparse
import json
import os


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset")
    ap.add_argument("out_dir")
    ap.add_argument("--packer", default="MaxRectsBin")
    args = ap.parse_args()
    name = os.path.basename(os.path.normpath(args.dataset))
    project = {
        "meta": {"version": "0.3.0"},
        "savePath": os.path.abspath(args.out_dir),
        "images": [],
        "folders": [os.path.abspath(os.path.join(args.dataset, "frames"))],
        "packOptions": {
            "textureName": name,
            "textureFormat": "png",
            "removeFileExtension": False,
            "prependFolderName": True,
            "base64Export": False,
            "scale": 1,
            "filter": "none",
            "exporter": "JSON (hash)",
            "fileName": name,
            "savePath": os.path.abspath(args.out_dir),
            "width": 2048,
            "height": 2048,
            "fixedSize": False,
            "powerOfTwo": False,
            "padding": 1,
            "extrude": 0,
            "allowRotation": False,
            "allowTrim": True,
            "trimMode": "trim",
            "alphaThreshold": 0,
            "detectIdentical": True,
            "packer": args.packer,
            "tinify": False,
        },
    }
    os.makedirs(args.out_dir, exist_ok=True)
    path = os.path.join(args.out_dir, "project.ftpp")
    with open(path, "w") as f:
        json.dump(project, f, indent=1)
    print(path)


if __name__ == "__main__":
    main()
