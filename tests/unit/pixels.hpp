// RGBA pixels by coordinate, for the unit tests that build and read images by hand.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "spritec/image/image.hpp"

namespace spritec::test {

using Px = std::array<std::uint8_t, 4>;

inline Px at(const image::Image& img, int x, int y) {
  const std::uint8_t* p = img.pixel(x, y);
  return {p[0], p[1], p[2], p[3]};
}

inline void set(image::Image& img, int x, int y, Px v) {
  std::uint8_t* p = img.pixel(x, y);
  for (std::size_t i = 0; i < 4; ++i)
    p[i] = v[i];
}

}  // namespace spritec::test
