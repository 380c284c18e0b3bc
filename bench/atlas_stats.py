#!/usr/bin/python3
"""Summarises JSON (Hash) atlases, so spritec and the peers are measured the same way.

Usage: bench/atlas_stats.py PAGE.json [PAGE.json ...]   (one file per page)

Prints one JSON object: pages, page sizes, total page area, frames listed, stored frames
(distinct rectangles: merged duplicates share one), stored area, occupancy (stored area /
total page area) and the bytes of the page PNGs (meta.image, beside each JSON file).
"""
import json
import os
import sys


def main():
    pages = []
    frames = 0
    png_bytes = 0
    stored = set()
    for i, path in enumerate(sys.argv[1:]):
        with open(path) as f:
            doc = json.load(f)
        size = doc["meta"]["size"]
        pages.append((size["w"], size["h"]))
        png_bytes += os.path.getsize(os.path.join(os.path.dirname(path), doc["meta"]["image"]))
        for fr in doc["frames"].values():
            frames += 1
            r = fr["frame"]
            if r["w"] > 0 and r["h"] > 0:
                stored.add((i, r["x"], r["y"], r["w"], r["h"]))
    page_area = sum(w * h for w, h in pages)
    used = sum(w * h for (_, _, _, w, h) in stored)
    print(json.dumps({
        "pages": len(pages),
        "sizes": ["%dx%d" % p for p in pages],
        "page_area": page_area,
        "frames": frames,
        "stored": len(stored),
        "stored_area": used,
        "occupancy": round(used / page_area, 4) if page_area else 0,
        "png_bytes": png_bytes,
    }))


if __name__ == "__main__":
    main()
