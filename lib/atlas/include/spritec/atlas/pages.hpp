// spritec::atlas pages — atlas pages as a pack stores them, from composed pixels to PNG
// (docs/definitions.md "atlas": bleed, premultiply, png).
//
// A page is stored premultiplied when the atlas says `premultiply`, else bled when it says
// `bleed` (a premultiplied page stores black under alpha 0 whatever bleed gave it, so bleed
// is skipped there; the pack still records it, for readers that un-premultiply for an engine
// with straight alpha and bleed again: exports). Every reader that turns pages into frames
// (unpack, previews, exports, the scale variants) sees them straight: un-premultiplied when
// the pack says premultiplied, else as stored.
//
// Pages are prepared and encoded on `jobs` threads (spritec/work: 0 = one per core), each
// as soon as it is composed while the later ones are composed; each page's bytes depend
// only on its own pixels, so they are the same for any `jobs` and order. A page that cannot
// be encoded for want of memory is E0901 (an internal failure, exit 3).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "spritec/atlas/atlas.hpp"
#include "spritec/def/model.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/image/image.hpp"

namespace spritec::atlas {

struct PageOptions {
  // Encode the pages as PNG. Without (`spritec check`): the pages are stored and seen
  // straight again only, as the variants of a build are scaled from them.
  bool encode = true;
  // Keep the pages' pixels (straight) once encoded; else each page's pixels are let go as
  // soon as it is encoded (width and height stay), which lowers a build's peak memory.
  bool keep_pages = true;
};

// A composed atlas with its pages stored and, when asked, encoded.
struct StoredAtlas {
  Atlas atlas;
  std::vector<std::vector<std::uint8_t>> page_pngs;  // one per page (empty without encode)
  double encode_seconds = 0;  // the encoding left once the last page was composed
};

// build_atlas (options.plan_only must be false; options.page_done is taken), each page
// stored, encoded and seen straight again as soon as it is composed. Empty when build_atlas
// reported an error, or a page could not be encoded (E0901 at the definition's file).
[[nodiscard]] std::optional<StoredAtlas> build_stored_atlas(const def::Definition& definition,
                                                            Options options,
                                                            const PageOptions& pages,
                                                            diag::Sink& sink);

// The pages of an atlas already composed (a scale variant's), stored and encoded as
// build_stored_atlas does, on `jobs` threads. Empty when one could not be encoded (E0901
// at `at`).
[[nodiscard]] std::optional<std::vector<std::vector<std::uint8_t>>> encode_pages(
    const def::AtlasOptions& atlas, std::vector<image::Image>& pages, int jobs,
    const PageOptions& options, const diag::Span& at, diag::Sink& sink);

// Pages a pack stores as PNG (`premultiplied`: as the pack says), decoded and seen straight,
// on `jobs` threads. Empty when one is not a readable PNG.
[[nodiscard]] std::optional<std::vector<image::Image>> decode_pages(
    const std::vector<std::vector<std::uint8_t>>& pngs, bool premultiplied, int jobs);

// Pages as readers see them: un-premultiplied when `premultiplied`, else left as they are;
// on `jobs` threads.
void straight_page_alpha(std::vector<image::Image>& pages, bool premultiplied, int jobs);

}  // namespace spritec::atlas
