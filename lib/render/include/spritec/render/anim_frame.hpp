// spritec::render — the input shared by the preview encoders (GIF, APNG): a sequence of
// RGBA frames, each shown for an exact rational duration.
//
// Durations are exact fractions of a second (num / den), e.g. `ticks / tick_rate`, so an
// encoder can accumulate them without drift. Nothing here allocates beyond the frames the
// caller owns, prints or throws. An encoder returns the file's bytes as a
// diag::Result<std::vector<std::uint8_t>>: the bytes, or a one-line reason.
//
// Frames can also be streamed: a renderer hands each frame to a FrameSink as soon as its
// duration is known (the streaming encoders, GifEncoder and ApngEncoder, take them one at
// a time), so a preview's memory does not grow with its length.
#pragma once

#include <cstdint>
#include <vector>

#include "spritec/image/image.hpp"

namespace spritec::render {

// A duration of num / den seconds. Valid when den > 0 and num >= 0.
struct Duration {
  std::int64_t num = 0;
  std::int64_t den = 1;
};

// One frame of an animation: a straight-alpha RGBA image and how long it is shown.
// Every frame of one animation has the same size. A frame of zero duration is never shown
// and encoders drop it.
struct AnimFrame {
  image::Image image;
  Duration duration;
};

// Takes an animation's frames one at a time, in order, each with its duration.
class FrameSink {
 public:
  virtual ~FrameSink() = default;
  // False stops the animation: the sink keeps its reason.
  virtual bool frame(image::Image image, Duration duration) = 0;
};

}  // namespace spritec::render
