// What pages store under their alpha (atlas: {bleed, premultiply}) and how readers get
// straight alpha back: the image ops of spritec/image/alpha.hpp on one page, or on a list of
// pages with one thread per page up to `jobs`. Each page's result depends only on its own
// pixels, so it is the same for any `jobs` and in any order.
#pragma once

#include <vector>

#include "spritec/image/image.hpp"

namespace spritec::pipeline {

// A page as the pack stores it: premultiplied when `premultiply`, else bled when `bleed`
// (a premultiplied page stores black under alpha 0 whatever bleed gave it, so bleed is
// skipped there; the pack still records it, for readers that un-premultiply for an engine
// with straight alpha and bleed again: exports).
void store_page_alpha(image::Image& page, bool bleed, bool premultiply);
void store_page_alpha(std::vector<image::Image>& pages, bool bleed, bool premultiply, int jobs);

// A page as every reader that turns pages into frames uses it (unpack, previews, exports):
// un-premultiplied when the pack says `premultiplied`, else left as it is.
void straight_page_alpha(image::Image& page, bool premultiplied);
void straight_page_alpha(std::vector<image::Image>& pages, bool premultiplied, int jobs);

}  // namespace spritec::pipeline
