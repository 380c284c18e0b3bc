#!/usr/bin/env bash
# Whole-command build benchmarks on the shared datasets (/work/shared/bench/README.md):
# `spritec build` against free-tex-packer-cli (and maxrects-packer's geometry alone) on the
# same frames with the same settings. Results land in bench/.work/results/; a summary is
# printed at the end. See docs/performance.md, section "Build".
#
# Usage: bench/datasets.sh [--sets "small medium large"] [--runs N] [--no-peers]
#                          [--spritec PATH] [--shared DIR]
#   --sets     which datasets: small (200 frames, seed 1), medium (2000, seed 2),
#              large (10000, seed 3); default all three
#   --runs     hyperfine runs per spritec command (default 10; 5 on large)
#   --no-peers skip free-tex-packer-cli and maxrects-packer
#   --spritec  the binary to time (default build/cli/spritec)
#   --shared   where gen_sprites.py lives (default /work/shared/bench)
#
# Needs: /usr/bin/python3 with Pillow (Debian: python3-pil; benchmark-only, not a build
# dependency), hyperfine, GNU time (/usr/bin/time), and for the peers node + npm (the
# pinned versions are installed from bench/peers/package-lock.json into
# bench/peers/node_modules with `npm ci`).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
sets="small medium large"
runs=""
peers=1
spritec="$repo/build/cli/spritec"
shared=/work/shared/bench
while [ $# -gt 0 ]; do
  case "$1" in
    --sets) sets=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --no-peers) peers=0; shift ;;
    --spritec) spritec=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
    --shared) shared=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "datasets.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

work="$here/.work"
data="$work/data"
results="$work/results"
mkdir -p "$data" "$results"
py=/usr/bin/python3

need() { command -v "$1" >/dev/null 2>&1 || { echo "datasets.sh: $1 is needed ($2)" >&2; exit 3; }; }
need hyperfine "apt-get install -y hyperfine"
[ -x /usr/bin/time ] || { echo "datasets.sh: GNU time (/usr/bin/time) is needed" >&2; exit 3; }
[ -x "$spritec" ] || { echo "datasets.sh: no spritec at $spritec (build it first)" >&2; exit 3; }
"$py" -c 'import PIL' 2>/dev/null ||
  { echo "datasets.sh: $py needs Pillow (apt-get install -y python3-pil)" >&2; exit 3; }

# The JSON (Hash) files of an atlas, page by page: NAME.json when there is one page,
# else NAME-0.json (or NAME.json for spritec's first page), NAME-1.json, …
page_jsons() {
  local base=$1 i=1
  if [ -f "$base-0.json" ]; then echo "$base-0.json"; else echo "$base.json"; fi
  while [ -f "$base-$i.json" ]; do
    echo "$base-$i.json"
    i=$((i + 1))
  done
}

count_of() { case "$1" in small) echo 200 ;; medium) echo 2000 ;; large) echo 10000 ;; esac; }
seed_of() { case "$1" in small) echo 1 ;; medium) echo 2 ;; large) echo 3 ;; esac; }

# One run under GNU time: "PEAK_RSS_KB WALL_S USER_S SYS_S".
peak() {
  local log
  log=$(mktemp)
  /usr/bin/time -f '%M %e %U %S' -o "$log" "$@" >/dev/null 2>&1
  cat "$log"
  rm -f "$log"
}

if [ "$peers" = 1 ]; then
  need node "apt-get install -y nodejs npm"
  if [ ! -d "$here/peers/node_modules/free-tex-packer-cli" ]; then
    (cd "$here/peers" && npm ci --no-audit --no-fund)
  fi
fi

# The animation set of the shared README (48 frames, 128x128, opaque and alpha variants),
# for GIF comparisons; not used by the build timings below.
if [ ! -d "$data/anim" ]; then
  "$py" "$shared/gen_anim.py" --out "$data/anim" >/dev/null
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "spritec: $spritec"

for set in $sets; do
  dir="$data/$set"
  count=$(count_of "$set")
  seed=$(seed_of "$set")
  [ -n "$count" ] || { echo "datasets.sh: unknown set $set" >&2; exit 2; }
  if [ ! -f "$dir/manifest.json" ]; then
    "$py" "$shared/gen_sprites.py" --count "$count" --seed "$seed" --out "$dir" >/dev/null
  fi
  def="$dir/bench.sprites.yaml"
  "$py" "$here/make_def.py" "$dir" -o "$def" >/dev/null
  out="$work/out/$set"
  rm -rf "$out" "$results/$set".*
  mkdir -p "$out"
  n=${runs:-$([ "$set" = large ] && echo 5 || echo 10)}

  echo
  echo "== $set: $count frames (seed $seed)"
  # The same definition both ways; --root is the dataset so paths stay inside it.
  cmd() { echo "$spritec build $def -o $out/$set.spk --root $dir --jobs $1"; }
  "$spritec" build "$def" -o "$out/$set.spk" --root "$dir" --jobs 1 --stats \
    --json "$out/$set.json" 2>"$results/$set.spritec.stats"
  cat "$results/$set.spritec.stats"
  hyperfine -N -w 1 -r "$n" --export-json "$results/$set.spritec.hyperfine.json" \
    -n "spritec --jobs 1" "$(cmd 1)" -n "spritec --jobs 2" "$(cmd 2)" | grep -E 'Time|Range|spritec'
  for j in 1 2; do
    # shellcheck disable=SC2046
    peak $(cmd "$j") >"$results/$set.spritec.j$j.rss"
    echo "spritec --jobs $j: peak RSS KB, wall, user, sys s: $(cat "$results/$set.spritec.j$j.rss")"
  done
  # Pages written with --json: one JSON (Hash) per page, summarised like the peers'.
  mapfile -t jsons < <(page_jsons "$out/$set")
  "$py" "$here/atlas_stats.py" "${jsons[@]}" | tee "$results/$set.spritec.atlas.json"

  [ "$peers" = 1 ] || continue
  ftp="$work/ftp/$set"
  rm -rf "$ftp"
  "$py" "$here/peer_project.py" "$dir" "$ftp" >/dev/null
  ftp_cmd=(node "$here/peers/node_modules/free-tex-packer-cli/index.js" --project "$ftp/project.ftpp")
  if [ "$set" = large ]; then
    # About a minute a run: one timed run (below), no repetitions.
    peak "${ftp_cmd[@]}" >"$results/$set.ftp.rss"
  else
    hyperfine -N -w 1 -r 3 --export-json "$results/$set.ftp.hyperfine.json" \
      -n "free-tex-packer-cli" "${ftp_cmd[*]}" | grep -E 'Time|Range'
    peak "${ftp_cmd[@]}" >"$results/$set.ftp.rss"
  fi
  echo "free-tex-packer-cli: peak RSS KB, wall, user, sys s: $(cat "$results/$set.ftp.rss")"
  mapfile -t jsons < <(page_jsons "$ftp/$set")
  "$py" "$here/atlas_stats.py" "${jsons[@]}" | tee "$results/$set.ftp.atlas.json"
  node "$here/peers/maxrects_pack.mjs" "$dir" | tee "$results/$set.maxrects.json"
done

echo
# shellcheck disable=SC2086 # one argument per set
"$py" "$here/summary.py" "$results" $sets
