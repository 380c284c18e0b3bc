#!/usr/bin/env bash
# Compares spritec's GIF with ImageMagick (-layers Optimize) and gifsicle (-O3) on the same
# 48 frames (bench_gif --write). Tools that are not installed are skipped.
# Usage: bench/bench_gif.sh [BUILD_DIR]   (default: build)
set -euo pipefail
build=${1:-build}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$build/bench/bench_gif" --write "$dir" >"$dir/ours.txt"
ours_ms=$(awk '$1 == "ours.gif" {print $4}' "$dir/ours.txt")

now_ms() { date +%s%N | awk '{printf "%.1f", $1 / 1e6}'; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", b - a}'; }

printf '%-34s %10s %10s\n' "encoder" "bytes" "ms"
printf '%-34s %10d %10s\n' "spritec encode_gif (in process)" "$(stat -c %s "$dir/ours.gif")" "$ours_ms"

if command -v convert >/dev/null 2>&1 && convert -version 2>/dev/null | grep -q ImageMagick; then
  t0=$(now_ms)
  convert -delay 3 -loop 0 "$dir"/frame_*.png -layers Optimize "$dir/im.gif"
  t1=$(now_ms)
  printf '%-34s %10d %10s\n' "convert -layers Optimize" "$(stat -c %s "$dir/im.gif")" "$(elapsed "$t0" "$t1")"
  # gifsicle reads GIFs only: give it the frames as a plain (unoptimised, lossless) GIF.
  convert -delay 3 -loop 0 "$dir"/frame_*.png "$dir/plain.gif"
  if command -v gifsicle >/dev/null 2>&1; then
    t0=$(now_ms)
    gifsicle -O3 "$dir/plain.gif" -o "$dir/gs.gif"
    t1=$(now_ms)
    printf '%-34s %10d %10s\n' "gifsicle -O3 (from a plain GIF)" "$(stat -c %s "$dir/gs.gif")" "$(elapsed "$t0" "$t1")"
  else
    echo "gifsicle not installed: skipped"
  fi
else
  echo "ImageMagick not installed: ImageMagick and gifsicle skipped"
fi
