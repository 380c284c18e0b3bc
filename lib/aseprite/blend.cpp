// The blend modes of Aseprite's layer chunk, computed as Aseprite's renderer computes them:
// each mode makes a new colour from backdrop and source, which then goes over the backdrop
// with the normal (source-over) rule at the source's alpha times the opacity. The W3C
// compositing formulas, in the integer forms Aseprite uses; soft light and the HSL modes
// in double precision as there.
#include "blend.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace spritec::aseprite::detail {
namespace {

int div_un8(int a, int b) {
  return (a * 0xff + b / 2) / b;
}

int multiply(int b, int s) {
  return mul_un8(b, s);
}
int screen(int b, int s) {
  return b + s - mul_un8(b, s);
}
int hard_light(int b, int s) {
  return s < 128 ? multiply(b, s << 1) : screen(b, (s << 1) - 255);
}
int overlay(int b, int s) {
  return hard_light(s, b);
}
int difference(int b, int s) {
  return std::abs(b - s);
}
int exclusion(int b, int s) {
  return b + s - 2 * mul_un8(b, s);
}

int color_dodge(int b, int s) {
  if (b == 0) return 0;
  s = 255 - s;
  return b >= s ? 255 : div_un8(b, s);
}
int color_burn(int b, int s) {
  if (b == 255) return 255;
  b = 255 - b;
  return b >= s ? 0 : 255 - div_un8(b, s);
}
int divide(int b, int s) {
  if (b == 0) return 0;
  return b >= s ? 255 : div_un8(b, s);
}
int soft_light(int b_in, int s_in) {
  const double b = b_in / 255.0;
  const double s = s_in / 255.0;
  const double d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : std::sqrt(b);
  const double r = s <= 0.5 ? b - (1.0 - 2.0 * s) * b * (1.0 - b) : b + (2.0 * s - 1.0) * (d - b);
  return int(r * 255 + 0.5);
}

// The HSL modes (W3C's SetLum, SetSat, ClipColor) as Aseprite computes them.
double lum(double r, double g, double b) {
  return 0.3 * r + 0.59 * g + 0.11 * b;
}
double sat(double r, double g, double b) {
  return std::max(r, std::max(g, b)) - std::min(r, std::min(g, b));
}
void clip_color(double& r, double& g, double& b) {
  const double l = lum(r, g, b);
  const double n = std::min(r, std::min(g, b));
  const double x = std::max(r, std::max(g, b));
  if (n < 0) {
    r = l + (r - l) * l / (l - n);
    g = l + (g - l) * l / (l - n);
    b = l + (b - l) * l / (l - n);
  }
  if (x > 1) {
    r = l + (r - l) * (1 - l) / (x - l);
    g = l + (g - l) * (1 - l) / (x - l);
    b = l + (b - l) * (1 - l) / (x - l);
  }
}
void set_lum(double& r, double& g, double& b, double l) {
  const double d = l - lum(r, g, b);
  r += d;
  g += d;
  b += d;
  clip_color(r, g, b);
}
// Aseprite's SetSat (since 1.3.13): the channels scaled into [0, s] by their range.
void set_sat(double& r, double& g, double& b, double s) {
  const double lo = std::min(std::min(r, g), b);
  const double hi = std::max(std::max(r, g), b);
  const double range = hi - lo;
  if (range > 0.0) {
    r = (r - lo) * s / range;
    g = (g - lo) * s / range;
    b = (b - lo) * s / range;
  } else {
    r = g = b = 0.0;
  }
}
int to_byte(double v) {
  return std::clamp(int(255.0 * v), 0, 255);
}

Rgba hsl(BlendMode mode, Rgba backdrop, Rgba src) {
  const double br = red(backdrop) / 255.0, bg = green(backdrop) / 255.0,
               bb = blue(backdrop) / 255.0;
  const double sr = red(src) / 255.0, sg = green(src) / 255.0, sb = blue(src) / 255.0;
  double r = 0, g = 0, b = 0;
  switch (mode) {
    case BlendMode::kHue:  // source hue, backdrop saturation and luminosity
      r = sr, g = sg, b = sb;
      set_sat(r, g, b, sat(br, bg, bb));
      set_lum(r, g, b, lum(br, bg, bb));
      break;
    case BlendMode::kSaturation:
      r = br, g = bg, b = bb;
      set_sat(r, g, b, sat(sr, sg, sb));
      set_lum(r, g, b, lum(br, bg, bb));
      break;
    case BlendMode::kColor:
      r = sr, g = sg, b = sb;
      set_lum(r, g, b, lum(br, bg, bb));
      break;
    default:  // luminosity
      r = br, g = bg, b = bb;
      set_lum(r, g, b, lum(sr, sg, sb));
      break;
  }
  return rgba(to_byte(r), to_byte(g), to_byte(b), alpha(src));
}

template <class F>
Rgba separable(Rgba backdrop, Rgba src, F f) {
  return rgba(f(red(backdrop), red(src)), f(green(backdrop), green(src)),
              f(blue(backdrop), blue(src)), alpha(src));
}

// Aseprite's rgba_blender_merge: each channel moved from `b` towards `s` by `opacity`.
Rgba merge(Rgba b, Rgba s, int opacity) {
  int r, g, bl;
  if (alpha(b) == 0) {
    r = red(s), g = green(s), bl = blue(s);
  } else if (alpha(s) == 0) {
    r = red(b), g = green(b), bl = blue(b);
  } else {
    r = red(b) + mul_un8(red(s) - red(b), opacity);
    g = green(b) + mul_un8(green(s) - green(b), opacity);
    bl = blue(b) + mul_un8(blue(s) - blue(b), opacity);
  }
  const int a = alpha(b) + mul_un8(alpha(s) - alpha(b), opacity);
  if (a == 0) r = g = bl = 0;
  return rgba(r, g, bl, a);
}

}  // namespace

Rgba blend(BlendMode mode, Rgba backdrop, Rgba src, int opacity) {
  if (mode == BlendMode::kNormal || alpha(backdrop) == 0) return normal(backdrop, src, opacity);
  Rgba mixed = src;
  switch (mode) {
    case BlendMode::kMultiply:
      mixed = separable(backdrop, src, multiply);
      break;
    case BlendMode::kScreen:
      mixed = separable(backdrop, src, screen);
      break;
    case BlendMode::kOverlay:
      mixed = separable(backdrop, src, overlay);
      break;
    case BlendMode::kDarken:
      mixed = separable(backdrop, src, [](int b, int s) { return std::min(b, s); });
      break;
    case BlendMode::kLighten:
      mixed = separable(backdrop, src, [](int b, int s) { return std::max(b, s); });
      break;
    case BlendMode::kColorDodge:
      mixed = separable(backdrop, src, color_dodge);
      break;
    case BlendMode::kColorBurn:
      mixed = separable(backdrop, src, color_burn);
      break;
    case BlendMode::kHardLight:
      mixed = separable(backdrop, src, hard_light);
      break;
    case BlendMode::kSoftLight:
      mixed = separable(backdrop, src, soft_light);
      break;
    case BlendMode::kDifference:
      mixed = separable(backdrop, src, difference);
      break;
    case BlendMode::kExclusion:
      mixed = separable(backdrop, src, exclusion);
      break;
    case BlendMode::kHue:
    case BlendMode::kSaturation:
    case BlendMode::kColor:
    case BlendMode::kLuminosity:
      mixed = hsl(mode, backdrop, src);
      break;
    case BlendMode::kAddition:
      mixed = separable(backdrop, src, [](int b, int s) { return std::min(b + s, 255); });
      break;
    case BlendMode::kSubtract:
      mixed = separable(backdrop, src, [](int b, int s) { return std::max(b - s, 0); });
      break;
    case BlendMode::kDivide:
      mixed = separable(backdrop, src, divide);
      break;
    case BlendMode::kNormal:
      break;
  }
  // Aseprite's new blending method (RGBA_BLENDER_N): the mode's result over the backdrop,
  // merged with plain normal blending by the backdrop's alpha, then towards the mode's
  // result again by backdrop alpha times source alpha (opaque backdrop: the mode's result).
  const Rgba plain = normal(backdrop, src, opacity);
  const Rgba moded = normal(backdrop, mixed, opacity);
  const int ba = alpha(backdrop);
  const Rgba by_backdrop = merge(plain, moded, ba);
  return merge(by_backdrop, moded, mul_un8(ba, mul_un8(alpha(src), opacity)));
}

}  // namespace spritec::aseprite::detail
