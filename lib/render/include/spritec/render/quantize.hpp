// spritec::render colour quantiser — a deterministic palette for images with more colours
// than a GIF can hold, and the mapping of pixels onto it.
//
// The palette is built by median cut over the weighted histogram of every colour of the
// animation (the box with the largest squared error is split at the weighted median of
// its widest channel), then refined by a few k-means passes. Ties are broken by colour
// value, so the same histogram always gives the same palette. Mapping takes the nearest
// palette colour (squared RGB distance, lowest index on ties). Optional ordered dithering
// (8x8 Bayer) offsets a colour the palette does not hold exactly by an amount that depends
// only on the pixel's canvas position, so static areas map identically in every frame.
//
// Colours are 0xRRGGBB in a uint32_t. Nothing here prints, throws or fails.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace spritec::render {

class Nearest;  // internal: the nearest-colour search

struct ColourCount {
  std::uint32_t rgb = 0;
  std::uint64_t count = 0;
};

// Counts the colours in `pixels`, skipping the value `skip` (e.g. a transparent marker).
// Returns them sorted by colour value.
std::vector<ColourCount> colour_histogram(const std::vector<std::uint32_t>& pixels,
                                          std::uint32_t skip);
// Adds the counts of `more` (sorted by colour) into `into` (sorted by colour).
void merge_histograms(std::vector<ColourCount>& into, const std::vector<ColourCount>& more);

// A palette of at most `max_colours` (>= 1) colours for `histogram` (sorted by colour,
// as colour_histogram returns it). When the histogram has at most `max_colours` colours
// they are returned exactly, sorted by value.
std::vector<std::uint32_t> build_palette(const std::vector<ColourCount>& histogram,
                                         int max_colours);

// Maps colours to the nearest palette index, caching results.
class PaletteMapper {
 public:
  explicit PaletteMapper(std::vector<std::uint32_t> palette);
  // The index of the palette colour nearest to `rgb`.
  std::uint8_t nearest(std::uint32_t rgb);
  // The index for the pixel at canvas position (x, y), with ordered dithering when
  // `dither` is set.
  std::uint8_t map(std::uint32_t rgb, int x, int y, bool dither);
  const std::vector<std::uint32_t>& palette() const { return palette_; }

 private:
  std::vector<std::uint32_t> palette_;
  std::shared_ptr<const Nearest> search_;
  std::vector<std::uint8_t> cache_;
  int dither_amplitude_ = 0;
};

}  // namespace spritec::render
