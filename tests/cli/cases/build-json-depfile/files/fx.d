$SCRATCH/fx.spk: \
  fx.sprites.yaml \
  $TESTS/data/conformance/strip.png
