// What build_atlas and scale_atlas share once their pages are composed (atlas.cpp).
#pragma once

#include <cstddef>
#include <vector>

#include "spritec/atlas/atlas.hpp"
#include "spritec/pack/pack.hpp"

namespace spritec::atlas::detail {

// Packs the rectangles of the stored frames (atlas.frames[i] for i in `stored`), each grown
// by the extrusion on every side, with the definition's atlas options, on `jobs` threads
// (the same packing for any number: pack.hpp).
pack::Result pack_stored(const Atlas& atlas, const std::vector<std::size_t>& stored,
                         const def::AtlasOptions& opt, int jobs);

// Hands freed heap pages back to the system (glibc's malloc_trim; nothing elsewhere).
void give_back_freed_memory();

// Duplicates take their originals' page and place; a definition whose every frame is fully
// transparent still gets a page (1x1, transparent), so every frame names a page that
// exists; then the occupancy over all pages.
void finish_atlas(Atlas& atlas);

}  // namespace spritec::atlas::detail
