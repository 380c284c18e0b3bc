#!/usr/bin/env bash
# Issue 23's time and memory findings, the old binary against the new side by side in one
# run (runs interleaved, old then new, so both see the same noise), on the inputs of
# bench/make_hostile.py:
#
#   decode memory   `check big.sprites.yaml`, a 16384 x 16384 RGBA PNG: peak RSS and wall
#                   time (finding 17: the decode held stb_image's two buffers, then a copy)
#   detect merge    `detect dots.png --gap 4096` and `check dots.sprites.yaml` (detect: true,
#                   detect_gap 4096): 65,536 single pixels 2 px apart, all one sprite; wall
#                   time (finding 14: the merge was quadratic)
#   same boxes      `detect` of dots.png (gaps 1, 4096) and scatter.png (gaps 0, 1, 2, 3, 8,
#                   32): the two binaries' outputs must be byte-identical
#
# Each figure: median (min-max) of RUNS runs, the process's own peak RSS from wait4.
# Usage: bench/bench_hostile.sh [-n RUNS] OLD_SPRITEC NEW_SPRITEC
#   RUNS default 3 (the old binary takes about 25 s per check of big.png). Inputs go to
#   bench/.work/hostile (gitignored). Run it under /work/buildlock.sh (or on an idle machine).
set -euo pipefail

runs=3
while getopts "n:" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
old=$(realpath "$1")
new=$(realpath "$2")
work=$here/.work/hostile
python3 "$here/make_hostile.py" "$work"
cd "$work"

python3 - "$runs" "$old" "$new" <<'PY'
import os, statistics, subprocess, sys, time

runs, binaries = int(sys.argv[1]), {"old": sys.argv[2], "new": sys.argv[3]}

def run(exe, args):
    start = time.monotonic()
    p = subprocess.Popen([exe] + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    seconds = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{exe} {' '.join(args)} failed")
    return seconds, usage.ru_maxrss, out

def figure(values, unit, scale=1.0, digits=2):
    v = [x * scale for x in values]
    return (f"{statistics.median(v):.{digits}f} {unit} "
            f"({min(v):.{digits}f}-{max(v):.{digits}f})")

def compare(label, args, memory):
    got = {"old": [], "new": []}
    for _ in range(runs):
        for name in ("old", "new"):
            got[name].append(run(binaries[name], args))
    for name in ("old", "new"):
        secs = [g[0] for g in got[name]]
        line = f"{label:34} {name}: time {figure(secs, 's')}"
        if memory:
            line += f", peak RSS {figure([g[1] for g in got[name]], 'MB', 1024 / 1e6, 0)}"
        print(line, flush=True)

print(f"spritec {' '.join(sys.argv[2:])}, {runs} runs each, interleaved")
compare("check big.sprites.yaml (16384^2)", ["check", "big.sprites.yaml"], True)
compare("detect dots.png --gap 4096", ["detect", "dots.png", "--gap", "4096"], True)
compare("check dots.sprites.yaml", ["check", "dots.sprites.yaml"], True)
same = 0
for image, gaps in (("dots.png", (1, 4096)), ("scatter.png", (0, 1, 2, 3, 8, 32))):
    for gap in gaps:
        args = ["detect", image, "--gap", str(gap)]
        a, b = run(binaries["old"], args)[2], run(binaries["new"], args)[2]
        if a != b:
            sys.exit(f"detect {image} --gap {gap}: the outputs differ")
        same += 1
print(f"same boxes: {same} detect outputs byte-identical (dots.png gaps 1, 4096; "
      f"scatter.png gaps 0, 1, 2, 3, 8, 32)")
PY
