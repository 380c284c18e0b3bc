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

# The tests that run sanitized below are not built or run again here (SPRITEC_TEST_SET in
# tests/CMakeLists.txt says which); without the sanitizers, this build holds them all.
test_set=normal
[ "${SPRITEC_SKIP_SANITIZERS:-0}" != 1 ] || test_set=all
# Both builds compile each target as a few units (CMAKE_UNITY_BUILD), as bootstrap.sh does.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON \
  -DSPRITEC_TEST_SET=$test_set >/dev/null
cmake --build "$build" -j"$jobs"
phase "build (normal)"

if [ "${SPRITEC_SKIP_SANITIZERS:-0}" != 1 ]; then
  asan="$build-asan"
  # Only what runs sanitized (SPRITEC_TEST_SET=sanitized): the parsers' and runtime's unit
  # tests, the fuzz replayers and the CLI. test_cli is not built again: the normal one runs
  # the sanitized CLI.
  cmake -S . -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSPRITEC_SANITIZE=address,undefined \
    -DSPRITEC_BENCH=OFF -DSPRITEC_TEST_SET=sanitized -DCMAKE_UNITY_BUILD=ON >/dev/null
  cmake --build "$asan" -j"$jobs"
  phase "build (AddressSanitizer and UBSan)"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "$asan" --output-on-failure -j"$jobs" --timeout 600
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

# Twice as many tests at once as cores: the engine checks mostly wait on a browser or an
# engine (about 20 s of CPU in 55 s), so the CPU-bound tests run beside them.
ctest --test-dir "$build" --output-on-failure -j"$((jobs * 2))" --timeout 600
phase "ctest (normal)"
