// Finding the sprites of an unaligned sheet: the rectangles of its opaque regions, for
// `detect: true` on an image sheet and `spritec detect` (docs/definitions.md, "detect").
//
// A region is a set of pixels with alpha above 0 that are 8-connected (diagonal neighbours
// count). Each region's bounding box is a candidate; two boxes closer than `gap` pixels —
// the Chebyshev distance between the rectangles, counting the empty columns or rows
// between them, so overlapping or touching boxes are 0 apart — are merged into the box
// holding both, until no two are that close. With gap 0 nothing is merged; with gap 1,
// boxes that overlap or touch; larger gaps join a sprite's detached parts (a sword, a
// shadow, a spark).
//
// Reading order: boxes sorted by top edge; a row starts with the topmost box left and takes
// every box whose top lies above that box's bottom edge; rows go top to bottom, boxes in a
// row left to right (ties by top edge). The same image gives the same list everywhere.
//
// Cost: one pass over the pixels collecting runs of opaque pixels; memory grows with the
// number of runs, capped at max_runs (a noise image would otherwise need gigabytes), and
// the merge with the number of regions, capped at max_regions. Over either cap the result
// is an error (kTooLarge) saying which. The merge is near-linear in the regions: each box
// is compared only with the merged boxes listed in the cells of a grid (at most 512 a side,
// cells at least gap + 1 px) that its grown box newly reaches, so 65,536 regions take
// milliseconds at any gap (it was quadratic: 65,536 pixels 2 px apart with gap 4096 took
// seconds). DetectStats counts the work, for tests and benchmarks.
#pragma once

#include <cstddef>
#include <vector>

#include "spritec/image/image.hpp"

namespace spritec::image {

struct DetectLimits {
  std::size_t max_runs = std::size_t{1} << 22;  // runs of opaque pixels in the image
  std::size_t max_regions = 65536;              // regions before merging (the frame cap)
};

// The work one detect_sprites call did.
struct DetectStats {
  std::size_t regions = 0;      // regions found, before merging
  std::size_t comparisons = 0;  // list entries the merge looked at
  std::size_t cell_visits = 0;  // grid cells the merge searched or listed a box in
};

Result<std::vector<Rect>> detect_sprites(const Image& img, int gap, const DetectLimits& limits = {},
                                         DetectStats* stats = nullptr);

}  // namespace spritec::image
