#define XXH_STATIC_LINKING_ONLY  // XXH3_state_t on the stack
#include <xxhash.h>

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstring>

#include "spritec/image/image.hpp"

namespace spritec::image {
namespace {

Rect intersect(Rect a, Rect b) {
  const int x0 = std::max(a.x, b.x);
  const int y0 = std::max(a.y, b.y);
  const int x1 = std::min(a.x + a.width, b.x + b.width);
  const int y1 = std::min(a.y + a.height, b.y + b.height);
  if (x1 <= x0 || y1 <= y0) return {};
  return {x0, y0, x1 - x0, y1 - y0};
}

bool inside(const Image& img, Rect r) {
  return r.x >= 0 && r.y >= 0 && r.width >= 0 && r.height >= 0 && r.x + r.width <= img.width &&
         r.y + r.height <= img.height;
}

// The parts of src_rect (clipped to src) and of its destination at (x, y) (clipped to dst)
// that both exist: *src_out and (*dx, *dy) give the same pixels' source and destination.
bool clip_copy(const Image& dst, int* dx, int* dy, const Image& src, Rect src_rect, Rect* src_out) {
  Rect s = intersect(src_rect, whole(src));
  if (s.empty()) return false;
  int x = *dx + (s.x - src_rect.x);
  int y = *dy + (s.y - src_rect.y);
  const Rect d = intersect({x, y, s.width, s.height}, whole(dst));
  if (d.empty()) return false;
  s = {s.x + (d.x - x), s.y + (d.y - y), d.width, d.height};
  *dx = d.x;
  *dy = d.y;
  *src_out = s;
  return true;
}

}  // namespace

Image::Image(int w, int h)
    : width(w), height(h), rgba(std::size_t(std::max(w, 0)) * std::size_t(std::max(h, 0)) * 4) {}

void apply_colorkey(Image& img, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  std::uint8_t* p = img.rgba.data();
  const std::size_t n = img.rgba.size() / 4;
  for (std::size_t i = 0; i < n; ++i, p += 4) {
    if (p[0] == r && p[1] == g && p[2] == b) std::memset(p, 0, 4);
  }
}

Rect trim_bounds(const Image& img, Rect rect) {
  assert(inside(img, rect));
  rect = intersect(rect, whole(img));
  int x0 = rect.x + rect.width;
  int y0 = rect.y + rect.height;
  int x1 = rect.x - 1;
  int y1 = rect.y - 1;
  for (int y = rect.y; y < rect.y + rect.height; ++y) {
    const std::uint8_t* row = img.pixel(rect.x, y);
    for (int x = 0; x < rect.width; ++x) {
      if (row[4 * x + 3] == 0) continue;
      x0 = std::min(x0, rect.x + x);
      x1 = std::max(x1, rect.x + x);
      y0 = std::min(y0, y);
      y1 = y;
    }
  }
  if (x1 < x0) return {};
  return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

Image crop(const Image& img, Rect rect) {
  assert(inside(img, rect));
  rect = intersect(rect, whole(img));
  Image out(rect.width, rect.height);
  for (int y = 0; y < rect.height; ++y) {
    std::memcpy(out.pixel(0, y), img.pixel(rect.x, rect.y + y), std::size_t(rect.width) * 4);
  }
  return out;
}

Image turn_counter_clockwise(const Image& img, Rect rect) {
  assert(inside(img, rect));
  rect = intersect(rect, whole(img));
  Image out(rect.height, rect.width);
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      std::memcpy(out.pixel(x, y), img.pixel(rect.x + rect.width - 1 - y, rect.y + x), 4);
    }
  }
  return out;
}

void blit(Image& dst, int x, int y, const Image& src, Rect src_rect) {
  assert(&dst != &src);
  Rect s;
  if (!clip_copy(dst, &x, &y, src, src_rect, &s)) return;
  for (int row = 0; row < s.height; ++row) {
    std::memcpy(dst.pixel(x, y + row), src.pixel(s.x, s.y + row), std::size_t(s.width) * 4);
  }
}

void blend_over(Image& dst, int x, int y, const Image& src, Rect src_rect) {
  assert(&dst != &src);
  Rect s;
  if (!clip_copy(dst, &x, &y, src, src_rect, &s)) return;
  for (int row = 0; row < s.height; ++row) {
    const std::uint8_t* sp = src.pixel(s.x, s.y + row);
    std::uint8_t* dp = dst.pixel(x, y + row);
    for (int i = 0; i < s.width; ++i, sp += 4, dp += 4) {
      const std::uint32_t sa = sp[3];
      if (sa == 255) {
        std::memcpy(dp, sp, 4);
        continue;
      }
      if (sa == 0) continue;
      // With alphas a in 0..255: out_a = sa + da (1 - sa), and each colour is the
      // alpha-weighted mean c = (sc sa + dc da (1 - sa)) / out_a. Everything is kept
      // scaled by 255 so it stays in integers (at most 255^3 * 2), then rounded.
      const std::uint32_t da = dp[3];
      const std::uint32_t dw = da * (255 - sa);      // destination weight, x255
      const std::uint32_t out_a255 = sa * 255 + dw;  // > 0 since sa > 0
      for (int c = 0; c < 3; ++c) {
        const std::uint32_t num = sp[c] * sa * 255 + dp[c] * dw;
        dp[c] = std::uint8_t((num + out_a255 / 2) / out_a255);
      }
      dp[3] = std::uint8_t((out_a255 + 127) / 255);
    }
  }
}

void flip_x(Image& img) {
  if (img.empty()) return;
  for (int y = 0; y < img.height; ++y) {
    std::uint8_t* a = img.pixel(0, y);
    std::uint8_t* b = img.pixel(img.width - 1, y);
    for (; a < b; a += 4, b -= 4)
      std::swap_ranges(a, a + 4, b);
  }
}

void flip_y(Image& img) {
  if (img.empty()) return;
  const std::size_t row = std::size_t(img.width) * 4;
  for (int y = 0; y < img.height / 2; ++y) {
    std::swap_ranges(img.pixel(0, y), img.pixel(0, y) + row, img.pixel(0, img.height - 1 - y));
  }
}

Image scale_nearest(const Image& img, int n) {
  assert(n >= 1);
  if (n < 1 || img.empty()) return {};
  if (std::int64_t{img.width} * n > 65536 || std::int64_t{img.height} * n > 65536) return {};
  Image out(img.width * n, img.height * n);
  const std::size_t out_row = std::size_t(out.width) * 4;
  for (int y = 0; y < img.height; ++y) {
    std::uint8_t* first = out.pixel(0, y * n);
    const std::uint8_t* sp = img.pixel(0, y);
    std::uint8_t* dp = first;
    for (int x = 0; x < img.width; ++x, sp += 4) {
      for (int k = 0; k < n; ++k, dp += 4)
        std::memcpy(dp, sp, 4);
    }
    for (int k = 1; k < n; ++k)
      std::memcpy(out.pixel(0, y * n + k), first, out_row);
  }
  return out;
}

void extrude(Image& dst, Rect rect, int n) {
  assert(n >= 0 && inside(dst, rect));
  rect = intersect(rect, whole(dst));
  if (rect.empty() || n <= 0) return;
  const int right = rect.x + rect.width - 1;
  const int bottom = rect.y + rect.height - 1;
  // Sideways first, on the rect's own rows…
  const int x_lo = std::max(0, rect.x - n);
  const int x_hi = std::min(dst.width - 1, right + n);
  for (int y = rect.y; y <= bottom; ++y) {
    std::uint8_t left_px[4];
    std::uint8_t right_px[4];
    std::memcpy(left_px, dst.pixel(rect.x, y), 4);
    std::memcpy(right_px, dst.pixel(right, y), 4);
    for (int x = x_lo; x < rect.x; ++x)
      std::memcpy(dst.pixel(x, y), left_px, 4);
    for (int x = right + 1; x <= x_hi; ++x)
      std::memcpy(dst.pixel(x, y), right_px, 4);
  }
  // …then the widened top and bottom rows upward and downward, which fills the corners
  // with the corner pixels.
  const std::size_t span = std::size_t(x_hi - x_lo + 1) * 4;
  for (int y = std::max(0, rect.y - n); y < rect.y; ++y) {
    std::memcpy(dst.pixel(x_lo, y), dst.pixel(x_lo, rect.y), span);
  }
  for (int y = bottom + 1; y <= std::min(dst.height - 1, bottom + n); ++y) {
    std::memcpy(dst.pixel(x_lo, y), dst.pixel(x_lo, bottom), span);
  }
}

std::uint64_t hash_rect(const Image& img, Rect rect) {
  assert(inside(img, rect));
  rect = intersect(rect, whole(img));
  XXH3_state_t state;
  XXH3_INITSTATE(&state);
  XXH3_64bits_reset(&state);
  const std::uint32_t dims[2] = {std::uint32_t(rect.width), std::uint32_t(rect.height)};
  std::uint8_t header[8];
  for (int i = 0; i < 2; ++i) {
    for (int b = 0; b < 4; ++b)
      header[4 * i + b] = std::uint8_t(dims[i] >> (8 * b));
  }
  XXH3_64bits_update(&state, header, sizeof header);
  for (int y = rect.y; y < rect.y + rect.height; ++y) {
    XXH3_64bits_update(&state, img.pixel(rect.x, y), std::size_t(rect.width) * 4);
  }
  return XXH3_64bits_digest(&state);
}

bool equal_rect(const Image& a, Rect ra, const Image& b, Rect rb) {
  assert(inside(a, ra) && inside(b, rb));
  if (!inside(a, ra) || !inside(b, rb)) return false;
  if (ra.width != rb.width || ra.height != rb.height) return false;
  for (int y = 0; y < ra.height; ++y) {
    if (std::memcmp(a.pixel(ra.x, ra.y + y), b.pixel(rb.x, rb.y + y), std::size_t(ra.width) * 4) !=
        0) {
      return false;
    }
  }
  return true;
}

}  // namespace spritec::image
