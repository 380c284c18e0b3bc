// What build_atlas and scale_atlas share once their pages are composed (atlas.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "spritec/atlas/atlas.hpp"
#include "spritec/pack/pack.hpp"

namespace spritec::atlas::detail {

// Packs the rectangles of the stored frames (atlas.frames[i] for i in `stored`), each grown
// by the extrusion on every side, with the definition's atlas options, on `jobs` threads
// (the same packing for any number: pack.hpp).
pack::Result pack_stored(const Atlas& atlas, const std::vector<std::size_t>& stored,
                         const def::AtlasOptions& opt, int jobs);

// A frame that fits no page, with the size that does not fit.
struct TooLarge {
  std::size_t frame = 0;  // index into definition.frames
  std::int64_t width = 0, height = 0;
};

// The stored frames (atlas.frames[i] for i in `stored`) that, grown by the extrusion, are
// wider or taller than `max` (the largest page the packer allows), in the stored order.
std::vector<TooLarge> frames_too_large(const Atlas& atlas, const std::vector<std::size_t>& stored,
                                       const def::AtlasOptions& opt, pack::Size max);

// One E0401 for every frame of `frames` (not empty), at the first: how many, and the
// first ten with their sizes, so one run shows the extent of the problem. `context`
// opens the message ("in variant '@2x' (scale 2), "); `measured` says what the sizes are
// (" (trimmed, with extrusion)"); `notes` point at max_size or the variant.
void report_too_large(const def::Definition& definition, const std::vector<TooLarge>& frames,
                      pack::Size max, const std::string& context, const std::string& measured,
                      std::vector<diag::Note> notes, diag::Sink& sink);

// Hands freed heap pages back to the system (glibc's malloc_trim; nothing elsewhere).
void give_back_freed_memory();

// Duplicates take their originals' page and place; a definition whose every frame is fully
// transparent still gets a page (1x1, transparent), so every frame names a page that
// exists; then the occupancy over all pages.
void finish_atlas(Atlas& atlas);

}  // namespace spritec::atlas::detail
