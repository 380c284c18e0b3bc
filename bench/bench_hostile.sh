#!/usr/bin/env bash
# Issue 23's time and memory findings, the old binary against the new side by side in one
# run (runs interleaved, old then new, so both see the same noise; bench/hostile_runner.py).
#
# png suite, on the inputs of bench/make_hostile.py:
#   decode memory   `check big.sprites.yaml`, a 16384 x 16384 RGBA PNG: peak RSS and wall
#                   time (finding 17: the decode held stb_image's two buffers, then a copy)
#   detect merge    `detect dots.png --gap 4096` and `check dots.sprites.yaml` (detect: true,
#                   detect_gap 4096): 65,536 single pixels 2 px apart, all one sprite; wall
#                   time (finding 14: the merge was quadratic)
#   same boxes      `detect` of dots.png (gaps 1, 4096) and scatter.png (gaps 0, 1, 2, 3, 8,
#                   32): the two binaries' outputs must be byte-identical
# aseprite suite, on the Aseprite files of bench/make_hostile_aseprite.py (findings 1-5:
#   tag steps, linked cels, tiles, nested groups), `check` of each (`tags: true`) and
#   `build` of the linked-cel and tile files; runs capped at CAP seconds and 4 GiB of
#   address space, the new binary's end (E0230, E0213 or success) checked.
#
# Each figure: median (min-max) of RUNS runs, the process's own peak RSS from wait4.
# Usage: bench/bench_hostile.sh [-n RUNS] [-s png|aseprite|all] [-t CAP] [-c PATTERN]
#                               OLD_SPRITEC NEW_SPRITEC
#   RUNS default 3 (the old binary takes about 25 s per check of big.png); suite default
#   all; CAP default 60 (a capped binary is not run again for that case); PATTERN, a
#   regular expression, picks the cases whose label matches. Inputs go to
#   bench/.work/hostile (gitignored). Run it under /work/buildlock.sh (or on an idle machine).
set -euo pipefail

usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
runs=3
suite=all
cap=60
pattern=
while getopts "n:s:t:c:" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    s) suite=$OPTARG ;;
    t) cap=$OPTARG ;;
    c) pattern=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || usage
case $suite in png | aseprite | all) ;; *) usage ;; esac
here=$(cd "$(dirname "$0")" && pwd)
old=$(realpath "$1")
new=$(realpath "$2")
work=$here/.work/hostile
[ "$suite" = aseprite ] || python3 "$here/make_hostile.py" "$work"
[ "$suite" = png ] || python3 "$here/make_hostile_aseprite.py" "$work"
cd "$work"
python3 "$here/hostile_runner.py" "$suite" "$runs" "$cap" "$pattern" "$old" "$new"
