// Aseprite's blend modes on straight-alpha RGBA pixels, with the integer arithmetic its
// renderer uses (the rounding 8-bit multiply and divide of pixman), so that flattened
// frames equal what Aseprite exports. Private to aseprite/.
#pragma once

#include <cstdint>

#include "spritec/aseprite/aseprite.hpp"

namespace spritec::aseprite::detail {

// A pixel as Aseprite packs it: red in the low byte, alpha in the high byte.
using Rgba = std::uint32_t;

inline constexpr Rgba rgba(int r, int g, int b, int a) {
  return Rgba(r) | Rgba(g) << 8 | Rgba(b) << 16 | Rgba(a) << 24;
}
inline constexpr int red(Rgba c) {
  return int(c & 0xff);
}
inline constexpr int green(Rgba c) {
  return int((c >> 8) & 0xff);
}
inline constexpr int blue(Rgba c) {
  return int((c >> 16) & 0xff);
}
inline constexpr int alpha(Rgba c) {
  return int(c >> 24);
}

// round(a * b / 255) the way pixman's MUL_UN8 computes it.
inline constexpr int mul_un8(int a, int b) {
  const int t = a * b + 0x80;
  return ((t >> 8) + t) >> 8;
}

// Source over backdrop (Aseprite's rgba_blender_normal), inline: most layers are normal.
inline Rgba normal(Rgba backdrop, Rgba src, int opacity) {
  if (opacity == 255 && alpha(src) == 255) return src;  // MUL_UN8(x, 255) == x: exact
  if (alpha(backdrop) == 0) return (src & 0x00ffffffu) | Rgba(mul_un8(alpha(src), opacity)) << 24;
  if (alpha(src) == 0) return backdrop;
  const int sa = mul_un8(alpha(src), opacity);
  const int ba = alpha(backdrop);
  const int ra = sa + ba - mul_un8(ba, sa);
  const auto mix = [&](int bc, int sc) { return bc + (sc - bc) * sa / ra; };
  return rgba(mix(red(backdrop), red(src)), mix(green(backdrop), green(src)),
              mix(blue(backdrop), blue(src)), ra);
}

// `src` over `backdrop` in `mode`, the source's alpha scaled by `opacity` (0..255), by
// Aseprite's new blending method (its default): over a fully transparent backdrop every
// mode is normal; over a translucent one the mode's result is mixed with normal blending
// by the backdrop's alpha, exactly as Aseprite's RGBA_BLENDER_N does.
Rgba blend(BlendMode mode, Rgba backdrop, Rgba src, int opacity);

}  // namespace spritec::aseprite::detail
