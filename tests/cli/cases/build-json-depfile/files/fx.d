$SCRATCH/fx.spk: \
  fx.sprites.yaml \
  strip.png

fx.sprites.yaml:

strip.png:
