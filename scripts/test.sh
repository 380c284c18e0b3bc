#!/usr/bin/env bash
# The README's second quick-start command: build everything (tests, fuzz replayers,
# benchmarks) and run the whole test suite through ctest — once in the normal build, then
# the parsers (the Aseprite reader among them) and the runtime again under AddressSanitizer
# and UBSan (every prefix of a pack in its own allocation, the fuzz corpora, the YAML
# reader), and the CLI itself under both on every bad input the suite holds.
#
# Each phase prints its wall time ("== phase: N s"); docs/ci.md says where the time goes.
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=$(nproc)
build=${SPRITEC_BUILD_DIR:-build}
started=$SECONDS
phase_start=$SECONDS
phase() {  # phase NAME: the wall time since the previous phase ended
  echo "== phase $1: $((SECONDS - phase_start)) s (total $((SECONDS - started)) s)"
  phase_start=$SECONDS
}

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$jobs"
phase "build (normal)"

if [ "${SPRITEC_SKIP_SANITIZERS:-0}" != 1 ]; then
  asan="$build-asan"
  cmake -S . -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSPRITEC_SANITIZE=address,undefined \
    -DSPRITEC_BENCH=OFF >/dev/null
  # Only what runs sanitized: the parsers' and runtime's unit tests, the fuzz replayers and
  # the CLI. test_cli is not built again: the normal one runs the sanitized CLI.
  targets=$(cmake --build "$asan" --target help | sed -n 's/^\(test_\(runtime\|format\|image\|aseprite\|yaml\|def\|pack\|io\|sim\)\|fuzz_[a-z_]*\):.*/\1/p' | sort -u)
  # shellcheck disable=SC2086
  cmake --build "$asan" -j"$jobs" --target $targets spritec
  phase "build (AddressSanitizer and UBSan)"
  echo "== under AddressSanitizer and UBSan: $(echo $targets)"
  regex="^($(echo $targets | tr ' ' '|'))(_replay)?\$"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "$asan" --output-on-failure -j"$jobs" --timeout 600 -R "$regex"
  phase "tests of the parsers and runtime, sanitized"
  # The CLI itself under the sanitizers, on every bad-input case, the hostile packs and the
  # fuzz corpora ([hostile] tests): a sanitizer report exits 86/87, which no case expects.
  # Most of this phase is the sanitized CLI's start-ups, one core each: $jobs processes share
  # the long loops ([sharded] cases; SPRITEC_TEST_SHARD in tests/cli/cli_run.hpp), and the
  # first also runs the other [hostile] cases. Each shard's report is printed whole.
  echo "== the spritec CLI under AddressSanitizer and UBSan: test_cli [hostile], $jobs shards"
  logs=$(mktemp -d)
  pids=()
  for ((shard = 0; shard < jobs; shard++)); do
    spec="[hostile]"
    [ "$shard" -eq 0 ] || spec="[hostile][sharded]"
    SPRITEC_TEST_SHARD="$shard/$jobs" SPRITEC_TEST_EXE="$(cd "$asan" && pwd)/cli/spritec" \
      ASAN_OPTIONS=detect_leaks=1:exitcode=86 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87 \
      "$build/tests/cli/test_cli" "$spec" >"$logs/$shard.log" 2>&1 &
    pids+=($!)
  done
  failed=0
  for ((shard = 0; shard < jobs; shard++)); do
    status=0
    wait "${pids[$shard]}" || status=$?
    echo "-- shard $shard of $jobs (exit $status)"
    cat "$logs/$shard.log"
    [ "$status" -eq 0 ] || failed=1
  done
  rm -rf "$logs"
  [ "$failed" -eq 0 ]
  phase "the CLI on bad inputs, sanitized"
fi

ctest --test-dir "$build" --output-on-failure -j"$jobs" --timeout 600
phase "ctest (normal)"
