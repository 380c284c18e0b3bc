// The stages build_atlas (atlas.cpp) and scale_atlas (scale.cpp) share once each frame's
// pixels are made: pick the stored frames (dedupe), pack them (E0401, E0403), compose the
// pages. Each stage is generic over "the stored pixels of frame i" and over a Context that
// says whose frames they are in the messages, so every rule is written once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "spritec/atlas/atlas.hpp"
#include "spritec/geom/geom.hpp"
#include "spritec/pack/pack.hpp"

namespace spritec::atlas::detail {

// The pixels frame i stores: `at` in `image` (the frame's trimmed pixels).
struct Pixels {
  const image::Image* image = nullptr;
  geom::Rect at;
};
using PixelsOf = std::function<Pixels(std::size_t frame)>;

// Whose frames the stages work on, in their messages: the base atlas's or a variant's.
struct Context {
  std::string opening;            // opens E0401's message: "" or "in variant '@2x' (scale 2), "
  std::vector<diag::Note> notes;  // E0401's notes: where max_size is set, or the variant
  diag::Span span;                // where E0403 and an internal failure point
  std::string frames;             // E0403's subject: "the frames" or "the frames of variant …"
  std::string unpackable;         // the internal failure's message
  std::int64_t area_cap = kMaxPageArea;  // the pages' area allowed, in all
  std::string area_cap_text;             // that cap as E0403 says it ("… pixels")
  std::string remedy;                    // what E0403 advises
};

// Picks the stored frames, in definition order: every frame with pixels (its rect's w and
// h set; an empty rect is an empty frame, counted as such), less, when `dedupe`, those
// equal to an earlier stored one (same hash, then a full compare), which get duplicate_of.
// Counts stats.empty, stats.duplicates and stats.stored. Returns the stored frame indices.
std::vector<std::size_t> pick_stored(Atlas& atlas, bool dedupe, const PixelsOf& pixels,
                                     const std::function<std::uint64_t(std::size_t)>& hash);

// Packs the stored frames (each grown by the extrusion on every side) with the definition's
// atlas options on `jobs` threads (the same packing for any number: pack.hpp), and caps the
// pages: E0401 for the frames no page holds, E0403 for pages over kMaxPages or
// where.area_cap. Sets stats.pack_seconds and stats.page_area. Empty when it reported.
std::optional<pack::Packing> pack_pages(const def::Definition& definition, Atlas& atlas,
                                        const std::vector<std::size_t>& stored, int jobs,
                                        const Context& where, diag::Sink& sink);

// Without composing (plan_only): each stored frame gets its page.
void place_planned(Atlas& atlas, const std::vector<std::size_t>& stored,
                   const pack::Packing& packed);

// Composes the pages one after another, each frame in packing order (the order only
// matters where extrusions meet, and pages do not share pixels): blits each stored frame's
// pixels and extrudes its edges, calls drawn(i) once frame i is drawn (so its pixels may
// go) and page_done (may be empty) once a page is final; then finish_atlas.
void compose_pages(Atlas& atlas, const std::vector<std::size_t>& stored,
                   const pack::Packing& packed, const def::AtlasOptions& opt,
                   const PixelsOf& pixels, const std::function<void(std::size_t)>& drawn,
                   const std::function<void(std::size_t, image::Image&)>& page_done);

// A frame that fits no page, with the size that does not fit.
struct TooLarge {
  std::size_t frame = 0;  // index into definition.frames
  std::int64_t width = 0, height = 0;
};

// One E0401 for every frame of `frames` (not empty), at the first: how many, and the
// first ten with their sizes, so one run shows the extent of the problem. `opening`
// opens the message ("in variant '@2x' (scale 2), "); `measured` says what the sizes are
// (" (trimmed, with extrusion)"); `notes` point at max_size or the variant.
void report_too_large(const def::Definition& definition, const std::vector<TooLarge>& frames,
                      geom::Size max, const std::string& opening, const std::string& measured,
                      std::vector<diag::Note> notes, diag::Sink& sink);

// Duplicates take their originals' page and place; a definition whose every frame is fully
// transparent still gets a page (1x1, transparent), so every frame names a page that
// exists; then the occupancy over all pages.
void finish_atlas(Atlas& atlas);

}  // namespace spritec::atlas::detail
