#!/usr/bin/env bash
# The README's first quick-start command: install what is missing, build spritec, and run
# the main job on the bundled sample (compile a pack, render its preview).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
# Each target compiled as a few units of up to 8 sources (CMAKE_UNITY_BUILD), which parse the
# headers they share once (docs/ci.md, "Where the time goes"); scripts/test.sh does the same.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON >/dev/null
# Only the tool here; scripts/test.sh builds the tests, fuzz replayers and benchmarks.
cmake --build build -j"$(nproc)" --target spritec
ln -sf cli/spritec build/spritec

mkdir -p out
sample=samples/hero
build/spritec check "$sample/hero.sprites.yaml"
build/spritec build "$sample/hero.sprites.yaml" -o out/hero.spk --json out/hero.json --stats
build/spritec preview "$sample/hero.scene.yaml" -o out/hero.gif --scale 3
build/spritec preview out/hero.spk -o out/hero-actions.png --scale 2
echo "bootstrap: wrote out/hero.spk, out/hero.json (+ out/hero.png), out/hero.gif, out/hero-actions.png"
