#!/usr/bin/env bash
# The README's first quick-start command: install what is missing, build spritec, and run
# the main job on the bundled sample (compile a pack, render its preview).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"

mkdir -p out
sample=samples/hero/hero.sprites.yaml
build/spritec check "$sample"
if build/spritec build --help >/dev/null 2>&1; then
  build/spritec build "$sample" -o out/hero.spk --json out/hero.json
  echo "wrote out/hero.spk and out/hero.json"
fi
if build/spritec preview --help >/dev/null 2>&1; then
  build/spritec preview samples/hero/hero.scene.yaml -o out/hero.gif --scale 3
  echo "wrote out/hero.gif"
fi
