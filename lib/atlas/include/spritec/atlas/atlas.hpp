// spritec::atlas — a checked definition and its images in, atlas pages and the frame table
// out (DESIGN.md sections 2 and 4).
//
// The steps, in order: decode every source image once (in parallel with `jobs` threads,
// merged in a fixed order), apply sheet colour keys, cut each frame's source rectangle,
// trim fully transparent borders (origins stay exact: the frame keeps its untrimmed size,
// its origin as written, and where the trimmed rectangle starts), merge pixel-identical
// frames (an XXH3 hash, then a full compare — the hash alone is never trusted), pack the
// unique trimmed rectangles (grown by `extrude` on each side, `padding` apart) with
// spritec::pack, and compose the pages, extruding each frame's edge pixels.
//
// Every frame of the definition gets an entry, in definition order, even when its pixels
// are shared with an earlier one; an all-transparent frame is kept as an empty rectangle
// (width = height = 0) with its origin.
//
// Failure: an image that cannot be read or decoded is E0202 at its sheet's image: value;
// a frame larger than max_size is E0401 naming it; pages over kMaxPages or kMaxPageArea in
// all are E0403, found after packing and before any page is allocated. build_atlas returns an empty
// optional only when it reported an error. Output is deterministic: the same definition and images
// give identical pages and tables for any `jobs`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "spritec/def/model.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/geom/geom.hpp"
#include "spritec/image/image.hpp"

namespace spritec::atlas {

// Caps on the pages of one definition, all held in memory while composed (docs/limits.md).
inline constexpr std::size_t kMaxPages = 1024;
inline constexpr std::int64_t kMaxPageArea = std::int64_t(1) << 30;  // pixels, all pages
// The pages of all scale variants of one definition together (each variant's also within
// kMaxPageArea): a build holds them all until its outputs are written.
inline constexpr std::int64_t kMaxVariantPageArea = std::int64_t(1) << 31;

struct Options {
  int jobs = 1;  // threads for decoding; 0 or less: the number of cores
  // Stop after packing: every check build_atlas makes, no page composed (`spritec check`).
  bool plan_only = false;
  // Called from the calling thread as images are decoded (done, total); may be empty.
  std::function<void(std::size_t, std::size_t)> progress;
  // Called from the calling thread as soon as page i is composed (its pixels final), while
  // later pages are composed; may be empty. The page is pages[i] of the Atlas returned,
  // whose pixels stay where they are (the vector of pages is reserved whole and moved, never
  // copied), so another thread may work on it meanwhile; build_atlas touches it no more.
  std::function<void(std::size_t i, image::Image& page)> page_done;
  // scale_atlas: what the variants before this one left of kMaxVariantPageArea.
  std::int64_t variant_area_left = kMaxVariantPageArea;
};

struct Frame {
  std::string name;
  int page = 0;
  geom::Rect rect;     // the trimmed rectangle in the page (empty: an all-transparent frame)
  geom::Point origin;  // relative to the untrimmed frame, as written in the definition
  int source_w = 0;    // untrimmed size
  int source_h = 0;
  int trim_x = 0;  // where the trimmed rectangle starts inside the untrimmed frame
  int trim_y = 0;
  // Index of the first frame with the same pixels, or -1 when this one is stored itself.
  long duplicate_of = -1;
};

struct Stats {
  std::size_t frames = 0;
  std::size_t stored = 0;          // frames whose pixels are stored (unique and not empty)
  std::size_t duplicates = 0;      // frames merged into an earlier identical one
  std::size_t empty = 0;           // all-transparent frames
  std::size_t images = 0;          // source images decoded
  std::int64_t source_pixels = 0;  // untrimmed frame area, all frames
  std::int64_t used_pixels = 0;    // stored trimmed area
  double occupancy = 0;            // used / page area over all pages
  std::int64_t page_area = 0;      // scale_atlas: its pages' area (also with plan_only)
  std::vector<double> page_occupancy;
  double decode_seconds = 0;
  double pack_seconds = 0;
  double compose_seconds = 0;
};

struct Atlas {
  std::vector<image::Image> pages;
  std::vector<Frame> frames;  // one per definition frame, same order
  Stats stats;
};

[[nodiscard]] std::optional<Atlas> build_atlas(const def::Definition& definition,
                                               const Options& options, diag::Sink& sink);

// A scale variant of `base` (built from `definition`), docs/definitions.md "variants":
// each frame scaled on its own from its pixels in base's pages, as if its whole untrimmed
// frame were: ceil(source_w * scale) x ceil(source_h * scale), output pixel X covering the
// source span [X / scale, (X + 1) / scale); nearest takes the source pixel under the
// centre (an integer scale repeats each pixel exactly), smooth resamples with
// image::resize_smooth. Then trimmed again (when the atlas trims), deduplicated by the
// scaled pixels and packed and composed with the definition's atlas options; origins are
// scaled_coordinate(origin). Base must be a composed atlas (not plan_only) whose frames
// are definition.frames in order. E0401 for a scaled frame no page holds, E0403 for
// pages (or the scaled frames, counted before scaling) over the caps, each naming the
// variant. Deterministic for any options.jobs.
[[nodiscard]] std::optional<Atlas> scale_atlas(const def::Definition& definition, const Atlas& base,
                                               const def::Variant& variant, const Options& options,
                                               diag::Sink& sink);

// ceil(length * scale): a scaled frame's untrimmed size.
std::int64_t scaled_length(std::int64_t length, const def::Variant& variant);
// value * scale rounded to the nearest integer, halves away from zero (so -v gives -r):
// origins, and the running sums of moves.
int scaled_coordinate(std::int64_t value, const def::Variant& variant);

// The pixels of one frame back, untrimmed (source_w x source_h, transparent around the
// trimmed rectangle), from a page. Used by `unpack` and the round-trip tests.
image::Image untrimmed_frame(const image::Image& page, const geom::Rect& rect, int source_w,
                             int source_h, int trim_x, int trim_y);

}  // namespace spritec::atlas
