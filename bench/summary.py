#!/usr/bin/python3
"""Prints the Markdown tables of docs/performance.md ("Build") from bench/datasets.sh's
results directory.

Usage: bench/summary.py RESULTS_DIR SET [SET ...]

One table per dataset: a row per tool with pages, total page area, stored frames,
occupancy, page PNG bytes, wall time (hyperfine mean ± σ, or one run), CPU time
(user + sys) and peak RSS.
"""
import json
import os
import sys


def load(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        text = f.read().strip()
    if path.endswith(".rss"):
        rss, wall, user, sys_ = text.split()
        return {"rss_kb": int(rss), "wall": float(wall), "cpu": float(user) + float(sys_)}
    if path.endswith("maxrects.json"):
        return [json.loads(line) for line in text.splitlines()]
    return json.loads(text)


def ms(seconds):
    return f"{seconds * 1000:,.0f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def row(tool, atlas, wall, cpu, rss_kb):
    cells = [tool]
    if atlas:
        sizes = atlas["sizes"]
        full = sum(1 for s in sizes if s == "2048x2048")
        shape = (f"{full} × 2048², " if full else "") + ", ".join(
            s for s in sizes if s != "2048x2048")
        cells += [f"{atlas['pages']} ({shape.rstrip(', ')})", f"{atlas['page_area']:,}",
                  f"{atlas['stored']:,}", f"{atlas['occupancy'] * 100:.1f}%",
                  f"{atlas['png_bytes']:,}" if "png_bytes" in atlas else "—"]
    else:
        cells += ["—"] * 5
    cells += [wall, cpu, f"{rss_kb / 1024:,.0f} MB" if rss_kb else "—"]
    return "| " + " | ".join(cells) + " |"


def hyperfine_cells(doc, name):
    for r in (doc or {}).get("results", []):
        if r["command"] == name:
            return (f"{ms(r['mean'])} ± {ms(r['stddev'])}", ms(r["user"] + r["system"]))
    return None


def main():
    results = sys.argv[1]
    for s in sys.argv[2:]:
        p = lambda name: os.path.join(results, f"{s}.{name}")  # noqa: E731
        print(f"\n{s}:\n")
        print("| tool | pages | page area (px) | stored frames | occupancy | PNG bytes "
              "| wall | CPU (user+sys) | peak RSS |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        sp_atlas = load(p("spritec.atlas.json"))
        hf = load(p("spritec.hyperfine.json"))
        for j in (1, 2):
            cells = hyperfine_cells(hf, f"spritec --jobs {j}") or ("—", "—")
            rss = load(p(f"spritec.j{j}.rss"))
            print(row(f"spritec `--jobs {j}`", sp_atlas, cells[0], cells[1],
                      rss["rss_kb"] if rss else 0))
        ftp_atlas = load(p("ftp.atlas.json"))
        if ftp_atlas:
            rss = load(p("ftp.rss"))
            cells = hyperfine_cells(load(p("ftp.hyperfine.json")), "free-tex-packer-cli")
            if not cells and rss:
                cells = (f"{ms(rss['wall'])} (1 run)", ms(rss["cpu"]))
            print(row("free-tex-packer-cli 0.3.0", ftp_atlas, cells[0], cells[1],
                      rss["rss_kb"] if rss else 0))
        for m in load(p("maxrects.json")) or []:
            print(row(f"{m['packer']} (geometry only)", dict(m), f"{ms(m['ms'] / 1000)} (pack)",
                      "—", 0))


if __name__ == "__main__":
    main()
