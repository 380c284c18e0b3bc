#include "spritec/render/compose.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <tuple>

namespace spritec::render {

namespace {

void put(image::Image& img, std::int64_t x, std::int64_t y, std::uint8_t r, std::uint8_t g,
         std::uint8_t b) {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  std::uint8_t* p = img.pixel(int(x), int(y));
  p[0] = r;
  p[1] = g;
  p[2] = b;
  p[3] = 255;
}

// A sprite placed on the stage: its frame's top-left corner and its position, in pixels.
struct Placed {
  const Sprite* sprite;
  std::int64_t px, py;  // the position, rounded
  std::int64_t x0, y0;  // where the (mirrored) rectangle's top-left pixel lands
};

}  // namespace

std::optional<std::int64_t> to_pixel(double v) {
  // The comparison is false for NaN too.
  if (!(std::fabs(v) <= kFarAway)) return std::nullopt;
  return static_cast<std::int64_t>(std::floor(v + 0.5));
}

namespace {

// The sprites on the stage, far-away ones dropped, in drawing order (y, then name).
std::vector<Placed> place_all(const std::vector<Sprite>& sprites) {
  // Far-away sprites are dropped first, so every y compared below is finite (a NaN would
  // break the sort's ordering).
  std::vector<Placed> placed;
  for (const Sprite& s : sprites) {
    std::optional<std::int64_t> px = to_pixel(s.x), py = to_pixel(s.y);
    if (!px || !py) continue;
    // Unflipped, local pixel u lands at px + (u - origin); mirrored about the origin pixel
    // it lands at px + (origin - u), so the mirrored rectangle starts at px + origin - w + 1.
    // |px| <= 1e15 and origins and sizes are 32-bit: no overflow in 64 bits.
    std::int64_t x0 = s.flip_x ? *px + s.origin_x - s.rect.width + 1 : *px - s.origin_x;
    std::int64_t y0 = s.flip_y ? *py + s.origin_y - s.rect.height + 1 : *py - s.origin_y;
    placed.push_back({&s, *px, *py, x0, y0});
  }
  std::stable_sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) {
    return std::tie(a.sprite->y, a.sprite->name) < std::tie(b.sprite->y, b.sprite->name);
  });
  return placed;
}

void draw_sprites(const Stage& stage, const std::vector<Placed>& placed, image::Image& out) {
  for (const Placed& p : placed) {
    const Sprite& s = *p.sprite;
    if (s.page == nullptr || s.rect.empty()) continue;
    // Only a rectangle that overlaps the stage is drawn, so the coordinates handed to the
    // image functions are within a frame's size of the stage and fit an int.
    if (p.x0 >= stage.width || p.y0 >= stage.height || p.x0 + s.rect.width <= 0 ||
        p.y0 + s.rect.height <= 0)
      continue;
    if (!s.flip_x && !s.flip_y) {
      image::blend_over(out, int(p.x0), int(p.y0), *s.page, s.rect);
    } else {
      image::Image frame = image::crop(*s.page, s.rect);
      if (s.flip_x) image::flip_x(frame);
      if (s.flip_y) image::flip_y(frame);
      image::blend_over(out, int(p.x0), int(p.y0), frame, image::whole(frame));
    }
  }
}

// Each frame's outline and a cross at each origin, at the stage's own resolution.
void draw_debug(const Stage& stage, const std::vector<Placed>& placed, image::Image& out) {
  for (const Placed& p : placed) {
    const Sprite& s = *p.sprite;
    const bool framed = s.page != nullptr && !s.rect.empty();
    const std::int64_t w = framed ? s.rect.width : 0, h = framed ? s.rect.height : 0;
    // The outline's pixels, clipped to the stage before looping.
    std::int64_t i0 = std::max<std::int64_t>(0, -p.x0);
    std::int64_t i1 = std::min<std::int64_t>(w, std::int64_t(stage.width) - p.x0);
    for (std::int64_t i = i0; i < i1; ++i) {
      put(out, p.x0 + i, p.y0, 41, 173, 255);
      put(out, p.x0 + i, p.y0 + h - 1, 41, 173, 255);
    }
    std::int64_t j0 = std::max<std::int64_t>(0, -p.y0);
    std::int64_t j1 = std::min<std::int64_t>(h, std::int64_t(stage.height) - p.y0);
    for (std::int64_t j = j0; j < j1; ++j) {
      put(out, p.x0, p.y0 + j, 41, 173, 255);
      put(out, p.x0 + w - 1, p.y0 + j, 41, 173, 255);
    }
    for (int d = -2; d <= 2; ++d) {
      put(out, p.px + d, p.py, 255, 0, 77);
      put(out, p.px, p.py + d, 255, 0, 77);
    }
  }
}

image::Image compose_placed(const Stage& stage, const std::vector<Placed>& placed) {
  assert(stage.width >= 0 && stage.height >= 0);
  image::Image out(stage.width, stage.height);
  std::uint8_t bg[4] = {std::uint8_t(stage.background >> 24), std::uint8_t(stage.background >> 16),
                        std::uint8_t(stage.background >> 8), std::uint8_t(stage.background)};
  if (bg[3] != 0) {
    for (std::size_t i = 0; i < out.rgba.size(); i += 4)
      std::copy(bg, bg + 4, &out.rgba[i]);
  }
  draw_sprites(stage, placed, out);
  if (stage.debug) draw_debug(stage, placed, out);
  return out;
}

}  // namespace

image::Image compose(const Stage& stage, std::vector<Sprite> sprites) {
  return compose_placed(stage, place_all(sprites));
}

image::Image render_stage(const Stage& stage, std::vector<Sprite> sprites, int scale) {
  const std::vector<Placed> placed = place_all(sprites);
  image::Image out = compose_placed(stage, placed);
  if (scale > 1) out = image::scale_nearest(out, scale);
  if (!stage.debug) return out;
  // The origin pixel of a sprite at px covers output columns px * scale .. + scale - 1;
  // |px| <= 1e15 and scale <= 16: no overflow in 64 bits.
  for (const Placed& p : placed) {
    if (!p.sprite->marks.empty())
      draw_marks(out, p.px * scale, p.py * scale, scale, p.sprite->marks);
  }
  return out;
}

}  // namespace spritec::render
