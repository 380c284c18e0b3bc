#!/usr/bin/env bash
# spritec serve: from a save to the page having the new build (issue 28: <= 300 ms for a
# sample). For each case, bench/serve_latency.mjs serves a copy of the sample, saves one of
# its files ROUNDS times and times each save until the new pack JSON and pages are fetched;
# it prints the median and range. The 60 ms the watcher waits for a file to keep still is
# part of every figure. Do not run it while a build runs.
#
#   bench/bench_serve.sh [-n ROUNDS] [BUILD_DIR]
set -euo pipefail
rounds=20
while getopts "n:" opt; do
  case $opt in
    n) rounds=$OPTARG ;;
    *) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
top=$(cd "$(dirname "$0")/.." && pwd)
spritec=$(realpath "${1:-build}")/cli/spritec
[ -x "$spritec" ] || { echo "no $spritec" >&2; exit 2; }
cd "$top"
while read -r input file; do
  node bench/serve_latency.mjs "$spritec" "$input" "$file" "$rounds"
done <<'CASES'
samples/hero/hero.sprites.yaml hero.png
samples/knight/knight.sprites.yaml knight.png
samples/skirmish/skirmish.sprites.yaml units.png
samples/slime/slime.sprites.yaml slime.aseprite
samples/skirmish/skirmish.scene.yaml skirmish.sprites.yaml
samples/paperdoll/paperdoll.scene.yaml body.png
CASES
