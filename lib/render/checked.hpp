// Saturating 64-bit arithmetic for preview layouts: sizes are summed and multiplied from
// pack fields (32-bit origins, counts of views and steps) that a hostile pack sets to
// anything, so every such sum saturates at the int64 range instead of overflowing. A
// saturated value is far over every cap, and the caps are checked before anything is
// allocated.
#pragma once

#include <cstdint>
#include <limits>

namespace spritec::render::detail {

inline std::int64_t sat_add(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (!__builtin_add_overflow(a, b, &r)) return r;
  return b > 0 ? std::numeric_limits<std::int64_t>::max()
               : std::numeric_limits<std::int64_t>::min();
}

inline std::int64_t sat_sub(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (!__builtin_sub_overflow(a, b, &r)) return r;
  return b < 0 ? std::numeric_limits<std::int64_t>::max()
               : std::numeric_limits<std::int64_t>::min();
}

inline std::int64_t sat_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (!__builtin_mul_overflow(a, b, &r)) return r;
  return (a < 0) != (b < 0) ? std::numeric_limits<std::int64_t>::min()
                            : std::numeric_limits<std::int64_t>::max();
}

}  // namespace spritec::render::detail
