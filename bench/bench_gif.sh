#!/usr/bin/env bash
# Compares spritec's GIF with ImageMagick (-layers Optimize) and gifsicle (-O3) on the same
# 48 frames (bench_gif --write), once on an opaque stage and once with a transparent sky.
# Tools that are not installed are skipped.
# Usage: bench/bench_gif.sh [BUILD_DIR]   (default: build)
set -euo pipefail
build=${1:-build}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$build/bench/bench_gif" --write "$dir" >"$dir/ours.txt"

now_ms() { date +%s%N | awk '{printf "%.1f", $1 / 1e6}'; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", b - a}'; }
have_im=0
if command -v convert >/dev/null 2>&1 && convert -version 2>/dev/null | grep -q ImageMagick; then
  have_im=1
fi

# Frames 0..40 of a GIF, as shown, against the source frames (the walker leaves the stage
# after frame 41, so the last frames are identical and every encoder merges them).
exact() {
  if [ $have_im = 0 ]; then echo "?"; return; fi
  local gif=$1 set=$2 bad=0 i
  rm -f "$dir"/check_*.png
  convert "$gif" -coalesce "$dir/check_%02d.png"
  for i in $(seq 0 40); do
    n=$(compare -metric AE "$dir/check_$(printf %02d "$i").png" "$dir/${set}_$(printf %03d "$i").png" null: 2>&1 || true)
    [ "$n" = 0 ] || bad=$((bad + 1))
  done
  if [ $bad = 0 ]; then echo exact; else echo "$bad frames differ"; fi
}

printf '%-12s %-36s %8s %8s  %s\n' "frames" "encoder" "bytes" "ms" "frames 0-40"
for set in frame clear; do
  ours=ours.gif
  [ "$set" = clear ] && ours=ours_transparent.gif
  ms=$(awk -v f="$ours" '$1 == f {print $4}' "$dir/ours.txt")
  printf '%-12s %-36s %8d %8s  %s\n' "$set" "spritec encode_gif (in process)" "$(stat -c %s "$dir/$ours")" "$ms" "$(exact "$dir/$ours" "$set")"
  if [ $have_im = 0 ]; then
    echo "ImageMagick not installed: ImageMagick and gifsicle skipped"
    continue
  fi
  t0=$(now_ms)
  # -dispose Background: without it a frame's transparent pixels would keep the previous
  # frame's content (ImageMagick writes "no disposal"), and the GIF would show trails.
  convert -dispose Background -delay 3 -loop 0 "$dir/${set}"_*.png -layers Optimize "$dir/im_$set.gif"
  t1=$(now_ms)
  printf '%-12s %-36s %8d %8s  %s\n' "$set" "convert -layers Optimize" "$(stat -c %s "$dir/im_$set.gif")" "$(elapsed "$t0" "$t1")" "$(exact "$dir/im_$set.gif" "$set")"
  # gifsicle reads GIFs only: give it the frames as a plain (unoptimised, lossless) GIF.
  convert -dispose Background -delay 3 -loop 0 "$dir/${set}"_*.png "$dir/plain_$set.gif"
  if command -v gifsicle >/dev/null 2>&1; then
    t0=$(now_ms)
    gifsicle -O3 "$dir/plain_$set.gif" -o "$dir/gs_$set.gif"
    t1=$(now_ms)
    printf '%-12s %-36s %8d %8s  %s\n' "$set" "gifsicle -O3 (from a plain GIF)" "$(stat -c %s "$dir/gs_$set.gif")" "$(elapsed "$t0" "$t1")" "$(exact "$dir/gs_$set.gif" "$set")"
  else
    echo "gifsicle not installed: skipped"
  fi
done
