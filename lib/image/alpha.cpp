#include "spritec/image/alpha.hpp"

#include <cassert>
#include <cstddef>
#include <cstring>
#include <vector>

namespace spritec::image {

namespace {

// bleed's pixel states: not reached yet, reached in the ring being made (distance d), in the
// ring before it (d - 1, whose colours the ring takes), or done with.
enum : std::uint8_t { kUnreached = 0, kThisRing = 1, kLastRing = 2, kDone = 3 };

}  // namespace

void bleed(Image& img) {
  if (img.empty()) return;
  const std::size_t w = std::size_t(img.width);
  const std::size_t h = std::size_t(img.height);
  // States live on a grid one pixel larger on every side, its border done with, so no
  // neighbour needs a bounds check; rings hold indices into that grid.
  const std::size_t gw = w + 2;
  const std::size_t cells = gw * (h + 2);
  assert(cells <= 0xFFFFFFFFu);  // 32-bit indices (a page is at most 16384 x 16384)
  if (cells > 0xFFFFFFFFu) return;
  std::uint8_t* px = img.rgba.data();
  std::vector<std::uint8_t> state(cells, kDone);

  // The neighbours, in the order a pixel looks for its colour: left, right, up, down, then
  // up-left, up-right, down-left, down-right; as steps on the grid and in the image.
  static constexpr int kDx[8] = {-1, 1, 0, 0, -1, 1, -1, 1};
  static constexpr int kDy[8] = {0, 0, -1, 1, -1, -1, 1, 1};
  std::ptrdiff_t grid_step[8], image_step[8];
  for (int k = 0; k < 8; ++k) {
    grid_step[k] = std::ptrdiff_t(kDy[k]) * std::ptrdiff_t(gw) + kDx[k];
    image_step[k] = std::ptrdiff_t(kDy[k]) * std::ptrdiff_t(w) + kDx[k];
  }
  for (std::size_t y = 0; y < h; ++y) {
    for (std::size_t x = 0; x < w; ++x) {
      if (px[(y * w + x) * 4 + 3] == 0) state[(y + 1) * gw + x + 1] = kUnreached;
    }
  }

  // Ring 0: the coloured pixels next to a transparent one (the others are nobody's nearest).
  std::vector<std::uint32_t> ring, next;
  for (std::size_t y = 1; y <= h; ++y) {
    for (std::size_t g = y * gw + 1, end = g + w; g < end; ++g) {
      if (state[g] != kDone) continue;
      for (int k = 0; k < 8; ++k) {
        if (state[std::size_t(std::ptrdiff_t(g) + grid_step[k])] == kUnreached) {
          state[g] = kLastRing;
          ring.push_back(std::uint32_t(g));
          break;
        }
      }
    }
  }
  while (!ring.empty()) {
    // The next ring: every pixel not reached yet next to this one (in any order: what each
    // takes depends only on which ring its neighbours are in).
    next.clear();
    for (std::uint32_t g : ring) {
      for (int k = 0; k < 8; ++k) {
        const std::size_t n = std::size_t(std::ptrdiff_t(g) + grid_step[k]);
        if (state[n] == kUnreached) {
          state[n] = kThisRing;
          next.push_back(std::uint32_t(n));
        }
      }
    }
    for (std::uint32_t g : next) {
      const std::size_t y = g / gw - 1, x = g % gw - 1;
      std::uint8_t* to = px + (y * w + x) * 4;
      for (int k = 0; k < 8; ++k) {
        if (state[std::size_t(std::ptrdiff_t(g) + grid_step[k])] == kLastRing) {
          std::memcpy(to, to + image_step[k] * 4, 3);
          break;
        }
      }
    }
    for (std::uint32_t g : ring)
      state[g] = kDone;
    for (std::uint32_t g : next)
      state[g] = kLastRing;
    ring.swap(next);
  }
}

namespace {

// Calls f(p, a) on each pixel p whose alpha a is neither 0 nor 255; a transparent pixel's
// colour becomes black, an opaque one is left as it is.
template <typename F>
void each_translucent(Image& img, F&& f) {
  std::uint8_t* p = img.rgba.data();
  const std::size_t n = img.rgba.size() / 4;
  for (std::size_t i = 0; i < n; ++i, p += 4) {
    const unsigned a = p[3];
    if (a == 255) continue;
    if (a == 0) {
      p[0] = p[1] = p[2] = 0;
      continue;
    }
    f(p, a);
  }
}

}  // namespace

void premultiply(Image& img) {
  each_translucent(img, [](std::uint8_t* p, unsigned a) {
    for (int c = 0; c < 3; ++c)
      p[c] = std::uint8_t((p[c] * a + 127) / 255);
  });
}

void unpremultiply(Image& img) {
  each_translucent(img, [](std::uint8_t* p, unsigned a) {
    for (int c = 0; c < 3; ++c) {
      const unsigned v = (p[c] * 255u + a / 2) / a;
      p[c] = std::uint8_t(v > 255 ? 255 : v);
    }
  });
}

int premultiply_error(int a) {
  return a <= 0 ? 255 : (127 + a / 2) / a;
}

void clear_transparent(Image& img) {
  std::uint8_t* p = img.rgba.data();
  const std::size_t n = img.rgba.size() / 4;
  for (std::size_t i = 0; i < n; ++i, p += 4) {
    if (p[3] == 0) p[0] = p[1] = p[2] = 0;
  }
}

}  // namespace spritec::image
