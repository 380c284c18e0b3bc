#!/usr/bin/env bash
# The README's second quick-start command: build everything (tests, fuzz replayers,
# benchmarks) and run the whole test suite through ctest — once in the normal build, then
# the parsers (the Aseprite reader among them) and the runtime again under AddressSanitizer
# and UBSan (every prefix of a pack in its own allocation, the fuzz corpora, the YAML
# reader), and the CLI itself under both on every bad input the suite holds.
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=$(nproc)
build=${SPRITEC_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$jobs"

if [ "${SPRITEC_SKIP_SANITIZERS:-0}" != 1 ]; then
  asan="$build-asan"
  cmake -S . -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSPRITEC_SANITIZE=address,undefined \
    -DSPRITEC_BENCH=OFF >/dev/null
  targets=$(cmake --build "$asan" --target help | sed -n 's/^\(test_\(runtime\|format\|image\|aseprite\|def\|pack\|io\|sim\)\|fuzz_[a-z_]*\):.*/\1/p' | sort -u)
  # shellcheck disable=SC2086
  cmake --build "$asan" -j"$jobs" --target $targets
  echo "== under AddressSanitizer and UBSan: $(echo $targets)"
  regex="^($(echo $targets | tr ' ' '|'))(_replay)?\$"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "$asan" --output-on-failure -j"$jobs" --timeout 600 -R "$regex"
  # The CLI itself under the sanitizers, on every bad-input case, the hostile packs and the
  # fuzz corpora ([hostile] tests): a sanitizer report exits 86/87, which no case expects.
  cmake --build "$asan" -j"$jobs" --target spritec test_cli
  echo "== the spritec CLI under AddressSanitizer and UBSan: test_cli [hostile]"
  ASAN_OPTIONS=detect_leaks=1:exitcode=86 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87 \
    "$asan/tests/cli/test_cli" "[hostile]"
fi

ctest --test-dir "$build" --output-on-failure -j"$jobs" --timeout 600
