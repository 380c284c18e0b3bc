// What build_atlas and scale_atlas share once their pages are composed (atlas.cpp).
#pragma once

#include "spritec/atlas/atlas.hpp"

namespace spritec::atlas::detail {

// Hands freed heap pages back to the system (glibc's malloc_trim; nothing elsewhere).
void give_back_freed_memory();

// Duplicates take their originals' page and place; a definition whose every frame is fully
// transparent still gets a page (1x1, transparent), so every frame names a page that
// exists; then the occupancy over all pages.
void finish_atlas(Atlas& atlas);

}  // namespace spritec::atlas::detail
