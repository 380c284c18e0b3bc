#!/bin/sh
# Renders the pictures of docs/semantics.md from the definition and scenes in this
# directory. Run from the repository's top directory after building spritec:
#   tests/docs/render.sh            (uses build/cli/spritec, or $SPRITEC)
# Look at every picture before committing it.
set -eu
spritec=${SPRITEC:-build/cli/spritec}
out=docs/images
for action in loop steps turn compass facing; do
  "$spritec" preview tests/docs/modes.sprites.yaml --action "$action" \
    -o "$out/semantics-$action.png" --scale 2 --background "#1d2b53"
done
for scene in loop tap pingpong once reverse bounce; do
  "$spritec" preview "tests/docs/$scene.scene.yaml" -o "$out/semantics-$scene-played.png" --scale 2
done
