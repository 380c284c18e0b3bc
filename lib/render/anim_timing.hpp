// Internal to spritec::render: what the GIF and APNG encoders share: exact frame timing,
// the frame checks, and the rectangle where two frames differ.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <vector>

#include "spritec/diag/result.hpp"
#include "spritec/geom/geom.hpp"
#include "spritec/image/image.hpp"

#include "spritec/render/anim_frame.hpp"

namespace spritec::render {

// Wide enough for sums of 64-bit durations scaled to a common denominator.
__extension__ typedef __int128 Wide;

// Durations on one common denominator: duration_i = amounts[i] / denominator seconds.
struct Units {
  std::vector<Wide> amounts;
  Wide denominator = 1;
};

// Fails (with a reason) on den <= 0, num < 0, or a common denominator above 2^62.
diag::Result<Units> to_units(const std::vector<Duration>& durations);

// GIF delays in centiseconds (gif_delays' rule) of durations given in units.
diag::Result<std::vector<int>> delays_from_units(const std::vector<Wide>& amounts,
                                                 Wide denominator);

// to_units one duration at a time, for encoders that take frames as they come: the common
// denominator grows with each new duration's. Every duration gets the amount to_units gives
// it over the same durations so far; values held in the old units are scaled to the new
// ones. A fraction amount / denominator is the same whatever the denominator has grown to,
// so timing computed from it matches the batch computation exactly.
class UnitClock {
 public:
  // The amount of `d` in units; each value `held` points to is rescaled first when the
  // denominator grows. Fails as to_units does.
  diag::Result<Wide> amount(const Duration& d, std::initializer_list<Wide*> held);
  Wide denominator() const { return lcm_; }

 private:
  std::int64_t lcm_ = 1;
};

// delays_from_units one amount at a time (amounts > 0, on `denominator`, which may have
// grown since the last call: rescale end() with the other held values).
class DelayClock {
 public:
  diag::Result<int> next(Wide amount, Wide denominator);
  Wide* end() { return &end_; }

 private:
  Wide end_ = 0;
  Wide shown_end_ = 0;  // centiseconds
};

// Checks that the frames are non-empty, equally sized, at most `max_side` a side, that
// their pixel buffers match their size, and that some frame has a non-zero duration.
diag::Status<> check_frames(const std::vector<AnimFrame>& frames, int max_side);

// check_frames' size and buffer checks one frame at a time, for the encoders that take
// frames as they come: the first frame fixes the size (and must be 1..max_side a side),
// every frame must have that size and a buffer of that many pixels. The same messages, in
// the same order, as check_frames.
class FrameChecker {
 public:
  explicit FrameChecker(int max_side) : max_side_(max_side) {}

  // Checks the next frame (counted even when it fails).
  diag::Status<> check(const image::Image& img);
  // Forgets the frames: the next one checked is a first frame again.
  void restart() { frames_ = 0; }
  // The frames checked since the start (or restart), and the first one's size.
  std::size_t frames() const { return frames_; }
  int width() const { return w_; }
  int height() const { return h_; }

 private:
  int max_side_;
  int w_ = 0, h_ = 0;
  std::size_t frames_ = 0;
};

// What every encoder does first: check_frames, then the frames' durations in units.
diag::Result<Units> check_and_time(const std::vector<AnimFrame>& frames, int max_side);

// The smallest rectangle holding every pixel where two w x h canvases (row-major, one
// element a pixel) differ; empty when they are equal.
template <class Pixel>
geom::Rect changed_rect(const std::vector<Pixel>& a, const std::vector<Pixel>& b, int w, int h) {
  int x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (int y = 0; y < h; ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(w);
    for (int x = 0; x < w; ++x) {
      if (a[row + static_cast<std::size_t>(x)] != b[row + static_cast<std::size_t>(x)]) {
        x0 = std::min(x0, x);
        x1 = std::max(x1, x);
        y0 = std::min(y0, y);
        y1 = std::max(y1, y);
      }
    }
  }
  if (x1 < 0) return {};
  return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

}  // namespace spritec::render
