#!/usr/bin/env bash
# The README's second quick-start command: build everything (tests, fuzz replayers,
# benchmarks) and run the whole test suite through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${SPRITEC_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)"
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" --timeout 600
