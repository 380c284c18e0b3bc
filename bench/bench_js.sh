#!/usr/bin/env bash
# The JavaScript runtime against the C++ player on the same crowd (issue 27): the pack of
# bench_player.cpp as spritec-json (runtimes/js/bench/crowd_pack.mjs), 10,000 actors x
# TICKS ticks, each side on one core (taskset -c 0), the two alternated run by run so that a
# shared machine slows both alike. Each run prints its in-process actor-ticks/s (the tick
# loop alone, not loading) and a checksum of the final state; the script stops if the two
# sides' checksums differ (they play the same pack tick for tick, so they must not). The JS
# side runs twice: stepped by tick(), and by advance(1000 / 60) as a game at 60 frames/s
# (one tick a call, so the same state). Before timing, both sides print a digest of every
# actor after each of the first 1,000 ticks, which must agree line by line.
#
#   bench/bench_js.sh [-n RUNS] [-t TICKS] [-a ACTORS] [BUILD_DIR]
#
# RUNS (default 5), TICKS (default 10,000), ACTORS (default 10,000); BUILD_DIR (default
# build) holds bench/bench_crowd_json. Prints the median and range of each side's
# actor-ticks/s and the ratio of the medians. Do not run it while a build runs.
set -euo pipefail

runs=5
ticks=10000
actors=10000
while getopts "n:t:a:" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    t) ticks=$OPTARG ;;
    a) actors=$OPTARG ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
build=$(realpath "${1:-build}")
cpp=$build/bench/bench_crowd_json
js=$top/runtimes/js/bench/crowd.mjs
[ -x "$cpp" ] || { echo "no $cpp (cmake --build $build --target bench_crowd_json)" >&2; exit 2; }
command -v node >/dev/null || { echo "node not found" >&2; exit 2; }
command -v taskset >/dev/null || { echo "taskset not found (util-linux)" >&2; exit 2; }
work=$here/.work/js
mkdir -p "$work"
node "$top/runtimes/js/bench/crowd_pack.mjs" "$work/crowd.json"
echo "node $(node --version), $(uname -m), $actors actors x $ticks ticks, $runs runs each"
# First the two players tick by tick: a digest of every actor after each of 1,000 ticks.
"$cpp" "$work/crowd.json" "$actors" 1000 digest >"$work/digest-cpp.txt"
node "$js" --pack "$work/crowd.json" --actors "$actors" --ticks 1000 --digest >"$work/digest-js.txt"
if ! cmp -s "$work/digest-cpp.txt" "$work/digest-js.txt"; then
  echo "the JS runtime and the C++ player differ tick by tick:" >&2
  diff "$work/digest-cpp.txt" "$work/digest-js.txt" | head -4 >&2
  exit 1
fi
echo "tick by tick: the same digests for 1,000 ticks of $actors actors"

python3 - "$runs" "$cpp" "$js" "$work/crowd.json" "$actors" "$ticks" <<'PY'
import statistics, subprocess, sys
runs, cpp, js, pack, actors, ticks = sys.argv[1:]
cmds = {
    "c++": ["taskset", "-c", "0", cpp, pack, actors, ticks],
    "js": ["taskset", "-c", "0", "node", js, "--pack", pack, "--actors", actors, "--ticks", ticks],
    "js advance": ["taskset", "-c", "0", "node", js, "--pack", pack, "--actors", actors, "--ticks", ticks, "--advance"],
}
rates = {k: [] for k in cmds}
sums = set()
for _ in range(int(runs)):
    for side, cmd in cmds.items():
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.split()
        rates[side].append(float(out[out.index("actor-ticks/s") + 1].rstrip("M")))
        sums.add(" ".join(out[out.index("checksum") + 1:]))
if len(sums) != 1:
    sys.exit("the two sides' final states differ: %s" % sorted(sums))
for side, r in rates.items():
    print("%-10s median %6.1f M actor-ticks/s  range %.1f .. %.1f  (%s)"
          % (side, statistics.median(r), min(r), max(r), " ".join("%.1f" % x for x in r)))
print("c++ / js: %.2f; same final state: checksum %s" %
      (statistics.median(rates["c++"]) / statistics.median(rates["js"]), sums.pop()))
PY
