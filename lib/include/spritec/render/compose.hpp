// spritec::render — drawing sprites on a stage: the core of every preview.
//
// A Sprite is one frame of a page placed at an actor's position: the frame's origin pixel
// lands on the position (rounded half up to whole pixels), and a flipped frame is
// mirrored about its origin pixel (so the origin stays put and a west-facing mirror of
// an east-facing frame stands on the same spot). compose() draws the sprites in order of
// y, then name (bytes), alpha-blended over the stage background, or over transparency
// when the background's alpha is 0. Debug drawing adds each frame's outline and a cross
// at each origin. Deterministic and integer-exact; sprites outside the stage are clipped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spritec/image/image.hpp"

namespace spritec::render {

struct Sprite {
  const image::Image* page = nullptr;  // null or an empty rect: nothing drawn (a blank step)
  image::Rect rect;                    // the frame's (trimmed) rectangle in the page
  int origin_x = 0;                    // relative to rect's top-left corner
  int origin_y = 0;
  bool flip_x = false;
  bool flip_y = false;
  double x = 0;  // the actor's position on the stage
  double y = 0;
  std::string name;  // the actor's name: ties in y are drawn in name order
};

struct Stage {
  int width = 128;
  int height = 128;
  std::uint32_t background = 0;  // 0xRRGGBBAA; alpha 0 = transparent
  bool debug = false;            // frame outlines and origin crosses
};

// Position rounding used everywhere a sub-pixel position becomes a pixel.
int to_pixel(double v);

image::Image compose(const Stage& stage, std::vector<Sprite> sprites);

}  // namespace spritec::render
