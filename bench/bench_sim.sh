#!/usr/bin/env bash
# The simulator at scale (issue 13), whole-process, on one core (taskset -c 0) but for the
# preview's first line: each figure is the median of N runs of the CLI on the scenes of
# bench/crowd/make_crowd.py.
#
#   crowd actor-ticks/s   10,000 x T / (median time of `simulate crowd --ticks T`
#                         - median time of `simulate crowd --ticks 0`)
#   load 10,000 actors    median time of `simulate crowd --ticks 0` (read the scene,
#                         compile the pack in memory, create the simulation, tick 0)
#   script / no script    `simulate script --ticks T` over `simulate noscript --ticks T`,
#                         whole-process, and the same net of their `--ticks 0` times (the
#                         script's 1,000 items span ticks 0..2000); 3 x RUNS runs each
#   trace                 `simulate noscript --ticks TT --trace FILE`: FILE's size / time, MB/s
#                         (10^6 bytes), and the run's peak RSS
#   preview               `preview preview.scene.yaml -o OUT.gif` (300 actors, 320x200,
#                         10 s): wall time and peak RSS on both cores (taskset -c 0,1: the
#                         GIF encoder works on a second thread), then on one
# Layered actors (issue 26), the same scenes with every actor wearing 7 slots:
#   layered crowd         as the crowd, on layered.scene.yaml: 10,000 x T / (median of
#                         `--ticks T` - median of `--ticks 0`); its range is each `--ticks T`
#                         run's time less the median `--ticks 0`
#   layered preview       `preview layered-preview.scene.yaml`, `preview flat-preview.scene.yaml`
#                         (the same pictures, one frame per actor: the same GIF) and `preview
#                         preview.scene.yaml` alternated run by run, on one core, then on
#                         both: medians, ranges and the ratios of the medians
#
# Usage: bench/bench_sim.sh [-n RUNS] [-t TICKS] [-T TRACE_TICKS] [SPRITEC]
#   RUNS (default 5) runs per figure; TICKS (default 2000) the crowd's ticks; TRACE_TICKS
#   (default 1000: 1,000 actors x 1,001 ticks, about a million lines); SPRITEC the binary
#   (default build/cli/spritec). Inputs and outputs go to bench/.work/crowd (gitignored).
# Do not run it while a build runs: the machine's cores are shared and the times would lie.
set -euo pipefail

runs=5
ticks=2000
trace_ticks=1000
while getopts "n:t:T:" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    t) ticks=$OPTARG ;;
    T) trace_ticks=$OPTARG ;;
    *) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")" && pwd)
spritec=$(realpath "${1:-build/cli/spritec}")
work=$here/.work/crowd
[ -x "$spritec" ] || { echo "no spritec at $spritec (build it, or give its path)" >&2; exit 2; }
command -v taskset >/dev/null || { echo "taskset not found (util-linux)" >&2; exit 2; }
if pgrep -x ninja >/dev/null || pgrep -x cc1plus >/dev/null; then
  echo "warning: a build is running; the figures will be noisy" >&2
fi
load=$(cut -d' ' -f1 /proc/loadavg)
if awk -v l="$load" 'BEGIN {exit !(l > 0.5)}'; then
  echo "warning: load average $load: something else is running, the figures may be noisy" >&2
fi

python3 "$here/crowd/make_crowd.py" "$work" >/dev/null
cd "$work"

# median N CMD... [::: CMD2...]: runs CMD N times on core 0 (taskset -c $cores, 0 unless
# set), stdout and stderr discarded, and prints "MEDIAN_SECONDS MEDIAN_PEAK_RSS_KB MIN MAX":
# wall time, the process's own ru_maxrss as wait4 returns it (getrusage of exactly that
# child; taskset execs the command, so it is spritec's), and the fastest and slowest run's
# time. With `::: CMD2...` the two commands alternate run by run (so a shared machine slows
# both alike) and a second line gives CMD2's. A failing run stops the benchmark.
median() {
  python3 - "${cores:-0}" "$@" <<'EOF'
import os, statistics, subprocess, sys, time
n, cmds = int(sys.argv[2]), [[]]
for arg in sys.argv[3:]:
    if arg == ":::":
        cmds.append([])
    else:
        cmds[-1].append(arg)
cmds = [["taskset", "-c", sys.argv[1]] + c for c in cmds]
times, rss = [[] for _ in cmds], [[] for _ in cmds]
for _ in range(n):
    for k, cmd in enumerate(cmds):
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        err = p.stderr.read()
        _, status, usage = os.wait4(p.pid, 0)
        times[k].append(time.perf_counter() - t0)
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            sys.exit("failed (%d): %s\n%s" % (code, " ".join(cmd), err.decode()))
        rss[k].append(usage.ru_maxrss)
for t, r in zip(times, rss):
    print("%.6f %d %.6f %.6f" % (statistics.median(t), statistics.median(r), min(t), max(t)))
EOF
}

# figure [-x K] NAME CMD...: the medians of K x RUNS runs (K = 1 by default) of CMD into
# NAME_t (seconds) and NAME_rss (KB), the fastest and slowest run into NAME_min, NAME_max.
figure() {
  local k=1 name out
  if [ "$1" = -x ]; then k=$2; shift 2; fi
  name=$1
  shift
  out=$(median $((k * runs)) "$@")
  read -r "${name}_t" "${name}_rss" "${name}_min" "${name}_max" <<<"$out"
}

# alternate NAME... -- CMD1... ::: CMD2... [::: CMD3...]: RUNS runs of each command,
# alternated run by run, into NAME1_*, NAME2_*, ... as figure sets them.
alternate() {
  local names=() out k=1
  while [ "$1" != -- ]; do names+=("$1"); shift; done
  shift
  out=$(median "$runs" "$@")
  for name in "${names[@]}"; do
    read -r "${name}_t" "${name}_rss" "${name}_min" "${name}_max" <<<"$(sed -n "${k}p" <<<"$out")"
    k=$((k + 1))
  done
}

figure load "$spritec" simulate crowd.scene.yaml --ticks 0
figure crowd "$spritec" simulate crowd.scene.yaml --ticks "$ticks"
# The 1,000-actor runs are short (tens of ms once the loop is fast): three times the runs.
figure -x 3 s0 "$spritec" simulate script.scene.yaml --ticks 0
figure -x 3 n0 "$spritec" simulate noscript.scene.yaml --ticks 0
figure -x 3 s "$spritec" simulate script.scene.yaml --ticks "$ticks"
figure -x 3 n "$spritec" simulate noscript.scene.yaml --ticks "$ticks"
figure trace "$spritec" simulate noscript.scene.yaml --ticks "$trace_ticks" --trace trace.jsonl
trace_bytes=$(stat -c %s trace.jsonl)
trace_lines=$(wc -l <trace.jsonl)
rm -f trace.jsonl
cores=0,1 figure gif2 "$spritec" preview preview.scene.yaml -o preview.gif
figure gif "$spritec" preview preview.scene.yaml -o preview.gif
gif_bytes=$(stat -c %s preview.gif)
figure lload "$spritec" simulate layered.scene.yaml --ticks 0
figure lcrowd "$spritec" simulate layered.scene.yaml --ticks "$ticks"
previews=("$spritec" preview layered-preview.scene.yaml -o layered.gif
  ::: "$spritec" preview flat-preview.scene.yaml -o flat.gif
  ::: "$spritec" preview preview.scene.yaml -o preview.gif)
alternate lgif fgif ugif -- "${previews[@]}"
cores=0,1 alternate lgif2 fgif2 ugif2 -- "${previews[@]}"
lgif_bytes=$(stat -c %s layered.gif)
cmp -s layered.gif flat.gif || echo "warning: layered.gif and flat.gif differ" >&2

# The NAME_t and NAME_rss variables are set by figure's read.
# shellcheck disable=SC2154
awk -v runs="$runs" -v ticks="$ticks" -v tt="$trace_ticks" \
  -v t_load="$load_t" -v rss_load="$load_rss" -v t_crowd="$crowd_t" -v rss_crowd="$crowd_rss" \
  -v t_s0="$s0_t" -v t_n0="$n0_t" -v t_s="$s_t" -v t_n="$n_t" -v rss_s="$s_rss" -v rss_n="$n_rss" \
  -v t_trace="$trace_t" -v rss_trace="$trace_rss" -v tb="$trace_bytes" -v tl="$trace_lines" \
  -v t_gif="$gif_t" -v rss_gif="$gif_rss" -v gb="$gif_bytes" \
  -v t_gif2="$gif2_t" -v rss_gif2="$gif2_rss" \
  -v t_lload="$lload_t" -v rss_lload="$lload_rss" -v t_lcrowd="$lcrowd_t" \
  -v rss_lcrowd="$lcrowd_rss" -v min_lcrowd="$lcrowd_min" -v max_lcrowd="$lcrowd_max" \
  -v lgb="$lgif_bytes" -v t_lgif="$lgif_t" -v rss_lgif="$lgif_rss" -v min_lgif="$lgif_min" \
  -v max_lgif="$lgif_max" -v t_ugif="$ugif_t" -v rss_ugif="$ugif_rss" -v min_ugif="$ugif_min" \
  -v max_ugif="$ugif_max" -v t_lgif2="$lgif2_t" -v rss_lgif2="$lgif2_rss" \
  -v min_lgif2="$lgif2_min" -v max_lgif2="$lgif2_max" -v t_ugif2="$ugif2_t" \
  -v rss_ugif2="$ugif2_rss" -v min_ugif2="$ugif2_min" -v max_ugif2="$ugif2_max" \
  -v t_fgif="$fgif_t" -v rss_fgif="$fgif_rss" -v min_fgif="$fgif_min" -v max_fgif="$fgif_max" \
  -v t_fgif2="$fgif2_t" -v rss_fgif2="$fgif2_rss" -v min_fgif2="$fgif2_min" \
  -v max_fgif2="$fgif2_max" '
function rate(t, t0) { return t > t0 ? 10000 * ticks / (t - t0) / 1e6 : 0 }
function timed(label, t, rss, lo, hi) {
  printf "%-44s %12.3f s %7.1f MB  %.3f-%.3f s\n", label, t, rss / 1024, lo, hi
}
BEGIN {
  mb = 1024
  printf "spritec simulator, whole-process on one core (taskset -c 0; the first preview line on both), median of %d runs (%d for the 1,000-actor scenes)\n\n", runs, 3 * runs
  printf "%-44s %14s %10s\n", "figure", "value", "peak RSS"
  printf "%-44s %14s %10s\n", "------", "-----", "--------"
  net = t_crowd - t_load
  printf "%-44s %12.1f M %7.1f MB\n", sprintf("crowd: actor-ticks/s (10,000 x %d ticks)", ticks), \
    (net > 0 ? 10000 * ticks / net / 1e6 : 0), rss_crowd / mb
  printf "%-44s %12.3f s %7.1f MB\n", sprintf("crowd: --ticks %d, whole run", ticks), t_crowd, rss_crowd / mb
  printf "%-44s %12.3f s %7.1f MB\n", "crowd: load 10,000 actors (--ticks 0)", t_load, rss_load / mb
  printf "%-44s %12.3f s %7.1f MB\n", sprintf("script (1,000 actors, 1,000 items) %d ticks", ticks), t_s, rss_s / mb
  printf "%-44s %12.3f s %7.1f MB\n", sprintf("no script (same 1,000 actors) %d ticks", ticks), t_n, rss_n / mb
  printf "%-44s %13.2fx\n", "script / no script, whole-process", t_s / t_n
  printf "%-44s %13.2fx\n", "script / no script, net of --ticks 0", \
    ((t_n - t_n0) > 0 ? (t_s - t_s0) / (t_n - t_n0) : 0)
  printf "%-44s %9.1f MB/s %7.1f MB\n", sprintf("trace: %d lines, %.1f MB in %.3f s", tl, tb / 1e6, t_trace), \
    tb / 1e6 / t_trace, rss_trace / mb
  printf "%-44s %12.3f s %7.1f MB\n", sprintf("preview: 300 actors, 10 s GIF (%d bytes)", gb), t_gif2, rss_gif2 / mb
  printf "%-44s %12.3f s %7.1f MB\n", "the same preview on one core", t_gif, rss_gif / mb

  printf "\nLayered actors (issue 26): the same scenes, every actor wearing 7 slots; ranges are the fastest and slowest run\n\n"
  printf "%-44s %14s %10s  %s\n", "figure", "value", "peak RSS", "range"
  printf "%-44s %14s %10s  %s\n", "------", "-----", "--------", "-----"
  printf "%-44s %12.1f M %7.1f MB  %.1f-%.1f M\n", \
    sprintf("layered crowd: actor-ticks/s (10,000 x %d)", ticks), rate(t_lcrowd, t_lload), \
    rss_lcrowd / mb, rate(max_lcrowd, t_lload), rate(min_lcrowd, t_lload)
  timed(sprintf("layered crowd: --ticks %d, whole run", ticks), t_lcrowd, rss_lcrowd, \
    min_lcrowd, max_lcrowd)
  printf "%-44s %12.3f s %7.1f MB\n", "layered crowd: load (--ticks 0)", t_lload, rss_lload / mb
  printf "preview: the three scenes alternated run by run; flattened draws the layered pictures, one frame per actor\n"
  timed(sprintf("layered preview, one core (%d bytes)", lgb), t_lgif, rss_lgif, min_lgif, max_lgif)
  timed("flattened preview (the same GIF), one core", t_fgif, rss_fgif, min_fgif, max_fgif)
  timed("unlayered preview (preview above), one core", t_ugif, rss_ugif, min_ugif, max_ugif)
  printf "%-44s %13.2fx\n", "layered / flattened, one core", t_lgif / t_fgif
  printf "%-44s %13.2fx\n", "layered / unlayered, one core", t_lgif / t_ugif
  timed("layered preview, both cores", t_lgif2, rss_lgif2, min_lgif2, max_lgif2)
  timed("flattened preview, both cores", t_fgif2, rss_fgif2, min_fgif2, max_fgif2)
  timed("unlayered preview, both cores", t_ugif2, rss_ugif2, min_ugif2, max_ugif2)
  printf "%-44s %13.2fx\n", "layered / flattened, both cores", t_lgif2 / t_fgif2
  printf "%-44s %13.2fx\n", "layered / unlayered, both cores", t_lgif2 / t_ugif2
}'
