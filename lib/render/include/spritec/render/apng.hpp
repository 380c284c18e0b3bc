// spritec::render APNG encoder — an animation of RGBA frames as an animated PNG with exact
// timing and full alpha (DESIGN.md section 5: for art that GIF cannot carry).
//
// What it does:
// - Pixels are stored as 8-bit RGBA, losslessly. A fully transparent pixel is stored as
//   transparent black (0,0,0,0) whatever its colour channels were.
// - Each frame's fcTL delay is its exact duration, the fraction reduced; when numerator or
//   denominator does not fit 16 bits the closest fraction that fits is used (a duration
//   of ticks at any tick rate up to 65535 always fits).
// - Identical consecutive frames are merged; each later frame stores only the rectangle
//   that changed, with the previous frame's dispose_op (none / background / previous) and
//   this frame's blend_op (source, or over with unchanged pixels made transparent) chosen
//   by compressing the candidates and keeping the smallest. Rows are filtered (none or
//   adaptive, whichever is smaller) and deflated with libdeflate.
// - The animation loops forever; the first frame is also the default image (IDAT), so a
//   viewer without APNG support shows frame 0. Output is byte-identical on every run.
//
// Limits: frames up to 65535 pixels a side, all the same size, at least one frame of
// non-zero total duration. Bad input is the result's error (one sentence); nothing throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "spritec/diag/result.hpp"
#include "spritec/render/anim_frame.hpp"

namespace spritec::render {

struct ApngOptions {
  // libdeflate compression level of the stored frames, 1..12.
  int compression_level = 9;
};

diag::Result<std::vector<std::uint8_t>> encode_apng(const std::vector<AnimFrame>& frames,
                                                    const ApngOptions& options = {});

// The same APNG, byte for byte, from frames given one at a time (in order, each with its
// duration): each is planned when it comes and written when the next distinct frame has
// chosen its dispose_op, so only the last distinct frame, the canvas the previous frame
// was drawn over, the frame not yet written and the file so far are held. acTL's frame
// count is filled in by finish(). A frame is checked as encode_apng checks it; the first
// failure is returned by every later call.
class ApngEncoder {
 public:
  explicit ApngEncoder(const ApngOptions& options = {});
  ~ApngEncoder();
  ApngEncoder(const ApngEncoder&) = delete;
  ApngEncoder& operator=(const ApngEncoder&) = delete;

  diag::Status<> add(const image::Image& image, const Duration& duration);
  diag::Result<std::vector<std::uint8_t>> finish();
  std::size_t output_bytes() const;  // the file so far

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The fraction num/den (den > 0, num >= 0) as the closest fraction whose numerator and
// denominator both fit 16 bits, reduced. A zero denominator is never returned. Exposed for
// tests.
struct Fraction16 {
  std::uint16_t num = 0;
  std::uint16_t den = 1;
};
Fraction16 closest_fraction16(std::int64_t num, std::int64_t den);

}  // namespace spritec::render
