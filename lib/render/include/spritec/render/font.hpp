// spritec::render bitmap font — short ASCII labels drawn into RGBA images, for preview
// strips and contact sheets.
//
// The glyphs are stb_easy_font's (a built-in font made of horizontal and vertical bars),
// rasterised to whole pixels: at scale 1 a capital is 5 pixels wide and 7 tall, lines are 12
// pixels apart, readable as is. Only printable ASCII is drawn; any other byte is drawn as
// '?'. '\n' starts a new line. Nothing here allocates beyond the caller's image, prints or
// throws; drawing is clipped to the image.
#pragma once

#include <cstdint>
#include <string_view>

#include "spritec/image/image.hpp"

namespace spritec::render {

struct Colour {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

struct TextSize {
  int width = 0;   // pixels, at the given scale
  int height = 0;  // from the top of the first line to the lowest possible descender
};

// Line spacing and the height of one line's ink (descenders included), at scale 1.
inline constexpr int kLineAdvance = 12;
inline constexpr int kLineHeight = 10;

// The size `text` takes when drawn at integer `scale` (>= 1). {0, 0} for empty text.
TextSize text_size(std::string_view text, int scale = 1);

// Draws `text` with its top-left corner at (x, y), replacing the pixels under the glyphs
// with `colour` (when colour.a is 255; otherwise blended over them).
void draw_text(image::Image& dst, int x, int y, std::string_view text, Colour colour,
               int scale = 1);

}  // namespace spritec::render
