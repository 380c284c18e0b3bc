#!/usr/bin/env bash
# Runs far more differential cases than ctest's 10,000 (the JS runtime against the C++ player):
#   tests/runtime_js/run_many.sh COUNT SEED [BUILD_DIR]
# plays the cases of seeds SEED .. SEED + COUNT - 1 in chunks of 100,000 (a line each as it
# goes), prints every mismatch with the command that replays its case, and exits 1 if any
# case disagrees. BUILD_DIR (default: build) holds make_cases
# (cmake --build BUILD_DIR --target make_cases).
set -euo pipefail
if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: $0 COUNT SEED [BUILD_DIR]" >&2
  exit 2
fi
count=$1
seed=$2
build=${3:-build}
here=$(cd "$(dirname "$0")" && pwd)
generator=$build/tests/runtime_js/make_cases
if [[ ! -x $generator ]]; then
  echo "$0: no $generator: build it first (cmake --build $build --target make_cases)" >&2
  exit 2
fi
chunk=100000
failed=0
start=$SECONDS
done_count=0
while ((done_count < count)); do
  n=$((count - done_count < chunk ? count - done_count : chunk))
  from=$((seed + done_count))
  if ! node "$here/run_cases.mjs" --generator "$generator" --seed "$from" --count "$n" |
    sed "s/^/seeds $from+$n: /"; then
    failed=1
  fi
  done_count=$((done_count + n))
done
echo "$count cases from seed $seed in $((SECONDS - start)) s: $([[ $failed == 0 ]] && echo "all agree" || echo "SOME DISAGREE")"
exit $failed
