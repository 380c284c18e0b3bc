#include "spritec/render/compose.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace spritec::render {

namespace {

void put(image::Image& img, int x, int y, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  std::uint8_t* p = img.pixel(x, y);
  p[0] = r;
  p[1] = g;
  p[2] = b;
  p[3] = 255;
}

}  // namespace

int to_pixel(double v) {
  return static_cast<int>(std::floor(v + 0.5));
}

image::Image compose(const Stage& stage, std::vector<Sprite> sprites) {
  image::Image out(stage.width, stage.height);
  std::uint8_t bg[4] = {std::uint8_t(stage.background >> 24), std::uint8_t(stage.background >> 16),
                        std::uint8_t(stage.background >> 8), std::uint8_t(stage.background)};
  if (bg[3] != 0) {
    for (std::size_t i = 0; i < out.rgba.size(); i += 4)
      std::copy(bg, bg + 4, &out.rgba[i]);
  }
  std::stable_sort(sprites.begin(), sprites.end(), [](const Sprite& a, const Sprite& b) {
    return std::tie(a.y, a.name) < std::tie(b.y, b.name);
  });
  struct Box {
    int x, y, w, h, px, py;
  };
  std::vector<Box> boxes;
  for (const Sprite& s : sprites) {
    int px = to_pixel(s.x);
    int py = to_pixel(s.y);
    if (s.page == nullptr || s.rect.empty()) {
      boxes.push_back({px, py, 0, 0, px, py});
      continue;
    }
    // Unflipped, local pixel u lands at px + (u - origin); mirrored about the origin pixel
    // it lands at px + (origin - u), so the mirrored rectangle starts at px + origin - w + 1.
    int x0 = s.flip_x ? px + s.origin_x - s.rect.w + 1 : px - s.origin_x;
    int y0 = s.flip_y ? py + s.origin_y - s.rect.h + 1 : py - s.origin_y;
    if (!s.flip_x && !s.flip_y) {
      image::blend_over(out, x0, y0, *s.page, s.rect);
    } else {
      image::Image frame = image::crop(*s.page, s.rect);
      if (s.flip_x) image::flip_x(frame);
      if (s.flip_y) image::flip_y(frame);
      image::blend_over(out, x0, y0, frame, image::whole(frame));
    }
    boxes.push_back({x0, y0, s.rect.w, s.rect.h, px, py});
  }
  if (stage.debug) {
    for (const Box& b : boxes) {
      for (int i = 0; i < b.w; ++i) {
        put(out, b.x + i, b.y, 41, 173, 255);
        put(out, b.x + i, b.y + b.h - 1, 41, 173, 255);
      }
      for (int j = 0; j < b.h; ++j) {
        put(out, b.x, b.y + j, 41, 173, 255);
        put(out, b.x + b.w - 1, b.y + j, 41, 173, 255);
      }
      for (int d = -2; d <= 2; ++d) {
        put(out, b.px + d, b.py, 255, 0, 77);
        put(out, b.px, b.py + d, 255, 0, 77);
      }
    }
  }
  return out;
}

}  // namespace spritec::render
