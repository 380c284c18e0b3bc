#!/usr/bin/env bash
# Installs every Debian package spritec's build, tests and benchmarks need.
# Idempotent: quiet and quick when everything is already present.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev clang-format
  libyaml-cpp-dev libyaml-dev libcli11-dev libstb-dev catch2 libgif-dev giflib-tools libdeflate-dev
  libxxhash-dev nlohmann-json3-dev libvalijson-dev libbenchmark-dev
  # Only to regenerate tests/data/images/kinds/ (make_kinds.py): other encoders and decoders.
  python3-pil imagemagick libpng-dev
  # The engine checks of `spritec export` (tests/engines/): Godot 3's headless server loads
  # the SpriteFrames resources; Chromium runs Phaser and PixiJS.
  godot3-server chromium
  # The JavaScript runtime's declarations (runtimes/js/spritec.d.ts) are type-checked by tsc.
  node-typescript
  # `spritec serve`'s HTTP server.
  libcpp-httplib-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# Node.js (for the Kaitai Struct format test) may come from elsewhere with npm bundled;
# only ask Debian for it when there is no node at all.
if ! command -v node >/dev/null 2>&1; then missing+=(nodejs npm); fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Kaitai Struct format test's node packages (pinned in tests/kaitai/package-lock.json).
# Only when they are missing, so a second run stays quiet and offline.
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -d "$repo_root/tests/kaitai/node_modules" ]; then
  echo "install-deps: installing the Kaitai Struct test's node packages" >&2
  npm ci --prefix "$repo_root/tests/kaitai" --no-audit --no-fund --silent
fi
# The engine checks' node packages (tests/engines/*/package-lock.json: Phaser, PixiJS,
# playwright-core, spine-core), the same way.
for lock in "$repo_root"/tests/engines/*/package-lock.json; do
  [ -e "$lock" ] || continue
  dir="$(dirname "$lock")"
  if [ ! -d "$dir/node_modules" ]; then
    echo "install-deps: installing the node packages of ${dir#"$repo_root"/}" >&2
    npm ci --prefix "$dir" --no-audit --no-fund --silent
  fi
done
