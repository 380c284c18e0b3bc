#!/usr/bin/env bash
# `spritec export` of a pack of 65,536 frames (issue 23, finding 15), two binaries side by
# side in one run: OLD (e.g. main before the fix) and NEW, runs alternating, each pinned to
# core 0 (taskset -c 0). Each figure is the median and the range (min-max) of RUNS runs of
# the whole process: wall time and peak RSS (ru_maxrss of the child, from wait4).
#
# The pack: a 256x256 RGBA PNG cut by `grid: {cell: [1, 1]}` into 65,536 one-pixel frames
# (each pixel its own colour), one action `walk` of 8 steps; built once by NEW. The formats
# timed: pixi (whose writer was quadratic in frames), then phaser and godot4 for reference.
#
# Usage: bench/bench_export.sh [-n RUNS] OLD_SPRITEC NEW_SPRITEC
#   RUNS (default 5). Inputs and outputs go to bench/.work/export (gitignored).
# Do not run it while a build runs: the machine's cores are shared and the times would lie.
set -euo pipefail

runs=5
while getopts "n:" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    *) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
old=$(realpath "$1")
new=$(realpath "$2")
for b in "$old" "$new"; do
  [ -x "$b" ] || { echo "no spritec at $b" >&2; exit 2; }
done
command -v taskset >/dev/null || { echo "taskset not found (util-linux)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$here/.work/export
rm -rf "$work"
mkdir -p "$work"
cd "$work"

python3 - <<'PY'
import struct, zlib
w = h = 256
rows = b"".join(b"\0" + b"".join(bytes((x, y, (x * 7 + y) & 255, 255)) for x in range(w))
                for y in range(h))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
       + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))
open("frames.png", "wb").write(png)
open("many.sprites.yaml", "w").write(
    "pack: many\ntick_rate: 60\nsheets:\n  - name: s\n    image: frames.png\n"
    "    grid: {cell: [1, 1]}\nactions:\n  walk: {frames: [%s]}\n"
    % ", ".join("s/%d" % i for i in range(8)))
PY
"$new" build many.sprites.yaml -o many.spk >/dev/null

# Alternating runs of OLD and NEW for one format; prints the two figures.
python3 - "$runs" "$old" "$new" <<'PY'
import os, statistics, subprocess, sys, time
runs, old, new = int(sys.argv[1]), sys.argv[2], sys.argv[3]
def once(binary, fmt):
    start = time.monotonic()
    p = subprocess.Popen(["taskset", "-c", "0", binary, "export", "many.spk", "--format", fmt,
                          "-o", "out/%s/x.json" % fmt], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    seconds = time.monotonic() - start
    if status != 0:
        sys.exit("%s export --format %s failed (status %d)" % (binary, fmt, status))
    return seconds, usage.ru_maxrss
def show(values, unit, scale, digits):
    values = sorted(v / scale for v in values)
    return "%.*f %s (%.*f-%.*f)" % (digits, statistics.median(values), unit, digits, values[0],
                                    digits, values[-1])
print("export of 65,536 frames: median (min-max) of %d runs, OLD and NEW alternating" % runs)
print("%-8s %-5s %-26s %s" % ("format", "which", "wall time", "peak RSS"))
for fmt in ["pixi", "phaser", "godot4"]:
    got = {"old": [], "new": []}
    for _ in range(runs):
        for which, binary in (("old", old), ("new", new)):
            got[which].append(once(binary, fmt))
    for which in ("old", "new"):
        t = [s for s, _ in got[which]]
        m = [k for _, k in got[which]]
        print("%-8s %-5s %-26s %s" % (fmt, which, show(t, "s", 1, 2), show(m, "MB", 1024, 0)))
PY
