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

// The HSL modes (W3C's SetLum, SetSat, ClipColor) with Aseprite's choice of which channel
// is min, mid and max when two are equal: the first of the conditional chains below.
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
double& min_ref(double& x, double& y) {
  return x < y ? x : y;
}
double& max_ref(double& x, double& y) {
  return x > y ? x : y;
}
double& mid_ref(double& x, double& y, double& z) {
  if (x > y) return y > z ? y : (x > z ? z : x);
  return y > z ? (z > x ? z : x) : y;
}
void set_sat(double& r, double& g, double& b, double s) {
  double& mn = min_ref(r, min_ref(g, b));
  double& md = mid_ref(r, g, b);
  double& mx = max_ref(r, max_ref(g, b));
  if (mx > mn) {
    md = (md - mn) * s / (mx - mn);
    mx = s;
  } else {
    md = mx = 0;
  }
  mn = 0;
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
  return normal(backdrop, mixed, opacity);
}

}  // namespace spritec::aseprite::detail
