// spritec::render — drawing sprites on a stage: the core of every preview.
//
// A Sprite is one frame of a page placed at an actor's position: the frame's origin pixel
// lands on the position (rounded half up to whole pixels), and a flipped frame is
// mirrored about its origin pixel (so the origin stays put and a west-facing mirror of
// an east-facing frame stands on the same spot). compose() draws the sprites in order of
// y, then name (bytes), alpha-blended over the stage background, or over transparency
// when the background's alpha is 0. Debug drawing adds each frame's outline and a cross
// at each origin, and render_stage() the sprites' boxes and points. Deterministic and
// integer-exact; sprites outside the stage are clipped.
//
// Far away: positions are doubles, and a scene can put an actor anywhere (`at: [1e300, 0]`,
// a `move_by` that runs to infinity). A sprite whose position is not finite or lies
// further than kFarAway from 0 is off-stage: it is not drawn (nor its debug marks) — no
// frame, origin or stage is large enough for it to reach the stage. Every other position
// is rounded and placed in 64-bit arithmetic, so any 32-bit origin is placed exactly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "spritec/geom/geom.hpp"
#include "spritec/image/image.hpp"
#include "spritec/render/overlay.hpp"

namespace spritec::render {

struct Sprite {
  const image::Image* page = nullptr;  // null or an empty rect: nothing drawn (a blank step)
  geom::Rect rect;                     // the frame's (trimmed) rectangle in the page
  std::int32_t origin_x = 0;           // relative to rect's top-left corner (any value)
  std::int32_t origin_y = 0;
  bool flip_x = false;
  bool flip_y = false;
  double x = 0;  // the actor's position on the stage
  double y = 0;
  std::string name;  // the actor's name: ties in y are drawn in name order
  // Its boxes and points (overlay.hpp), drawn by render_stage() when the stage's debug is on.
  std::vector<ShapeMark> marks;
};

// Precondition: 0 <= width, height, and width * height * 4 bytes is allocatable (callers
// check their caps first: see FrameSequence::fits).
struct Stage {
  int width = 128;
  int height = 128;
  std::uint32_t background = 0;  // 0xRRGGBBAA; alpha 0 = transparent
  bool debug = false;            // frame outlines and origin crosses
};

// Positions further than this from 0 (in pixels) are off every stage: frames, origins and
// stages are all smaller than 2^33 pixels, and up to here a double still holds whole
// pixels exactly.
inline constexpr double kFarAway = 1e15;

// Position rounding used everywhere a sub-pixel position becomes a pixel: half up
// (floor(v + 0.5)). Empty when v is not finite or |v| > kFarAway (off-stage).
[[nodiscard]] std::optional<std::int64_t> to_pixel(double v);

image::Image compose(const Stage& stage, std::vector<Sprite> sprites);

// The stage composed, upscaled `scale` times (nearest neighbour) and, with debug on, each
// sprite's marks drawn over it at output resolution (overlay.hpp: 1-pixel outlines on the
// scaled pixel edges), in compose()'s order. Without marks: scaled(compose(...)) exactly.
image::Image render_stage(const Stage& stage, std::vector<Sprite> sprites, int scale);

}  // namespace spritec::render
