#!/bin/sh
# Rebuilds every sample's art (each make_art.py rewrites its PNGs byte for byte), checks
# each definition with warnings as errors, and renders the committed preview GIFs
# (samples/<name>/<name>.gif, scale 2). The hero's preview lives in docs/images and is
# rendered by scripts/bootstrap.sh.
#
#   samples/regenerate.sh            # uses build/cli/spritec
#   SPRITEC=/path/to/spritec samples/regenerate.sh
#
# Afterwards `git status samples` shows what changed; review GIFs by eye before committing.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
spritec=${SPRITEC:-$repo/build/cli/spritec}
[ -x "$spritec" ] || { echo "regenerate: no spritec at $spritec (build it, or set SPRITEC)" >&2; exit 2; }
python=${PYTHON:-python3}

"$python" "$here/hero/make_art.py"
"$spritec" check "$here/hero/hero.sprites.yaml" --root "$repo" --werror

for name in knight effects platformer skirmish slime imp duel paperdoll; do
  dir=$here/$name
  "$python" "$dir/make_art.py"
  # Paths in definitions and scenes are relative to their files; the root is the repo.
  (cd "$dir" &&
    "$spritec" check "$name.sprites.yaml" --root ../.. --werror &&
    "$spritec" simulate "$name.scene.yaml" --root ../.. >/dev/null &&
    "$spritec" preview "$name.scene.yaml" --root ../.. -o "$name.gif" --scale 2)
done
# The paperdoll's pieces, each checked against its master (the scene checks them too).
(cd "$here/paperdoll" &&
  "$spritec" check --root ../.. --werror --master paperdoll.sprites.yaml \
    helmet.sprites.yaml leather.sprites.yaml plate.sprites.yaml sword.sprites.yaml shield.sprites.yaml)

# The duel's --debug previews (samples/README.md, the top-level README): its boxes and points.
(cd "$here/duel" &&
  "$spritec" preview duel.sprites.yaml --root ../.. --action attack -o attack-debug.png --scale 4 --debug &&
  "$spritec" preview duel.scene.yaml --root ../.. -o duel-debug.gif --scale 2 --debug)
