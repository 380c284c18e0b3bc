#include "spritec/render/font.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#endif
#include <stb_easy_font.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace spritec::render {
namespace {

// stb_easy_font indexes its tables with (char - 32): keep to printable ASCII.
std::string printable(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    auto u = static_cast<unsigned char>(c);
    if (c != '\n' && (u < 32 || u > 126)) c = '?';
  }
  return out;
}

void put(image::Image& dst, int x, int y, Colour c) {
  if (x < 0 || y < 0 || x >= dst.width || y >= dst.height) return;
  std::uint8_t* p = dst.pixel(x, y);
  if (c.a == 255) {
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
    p[3] = 255;
    return;
  }
  // Straight-alpha "over".
  int sa = c.a, da = p[3];
  int oa = sa * 255 + da * (255 - sa);  // alpha * 255
  if (oa == 0) return;
  const std::uint8_t src[3] = {c.r, c.g, c.b};
  for (int k = 0; k < 3; ++k) {
    int v = (src[k] * sa * 255 + p[k] * da * (255 - sa) + oa / 2) / oa;
    p[k] = static_cast<std::uint8_t>(v);
  }
  p[3] = static_cast<std::uint8_t>((oa + 127) / 255);
}

}  // namespace

TextSize text_size(std::string_view text, int scale) {
  if (text.empty()) return {};
  scale = std::max(1, scale);
  std::string s = printable(text);
  int lines = 1 + static_cast<int>(std::count(s.begin(), s.end(), '\n'));
  int width = stb_easy_font_width(s.data());
  return {width * scale, ((lines - 1) * kLineAdvance + kLineHeight) * scale};
}

void draw_text(image::Image& dst, int x, int y, std::string_view text, Colour colour, int scale) {
  if (text.empty() || dst.empty()) return;
  scale = std::max(1, scale);
  std::string s = printable(text);
  // stb_easy_font averages ~270 bytes of vertices per character but a glyph can take more
  // (a '8' is 9 quads, 576 bytes) and it silently truncates: allow 40 quads per character.
  std::vector<char> buffer(s.size() * 40 * 64 + 64);
  int quads =
      stb_easy_font_print(0, 0, s.data(), nullptr, buffer.data(), static_cast<int>(buffer.size()));
  // Bars may share corner pixels: mark the covered pixels first, then paint each once.
  TextSize size = text_size(text, 1);
  const int mw = size.width + 8, mh = size.height + 8;
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(mw) * static_cast<std::size_t>(mh), 0);
  for (int q = 0; q < quads; ++q) {
    // Each vertex is 16 bytes: x, y, z floats then a colour. Vertex 0 is the top-left
    // corner of the bar, vertex 2 the bottom-right.
    const char* v0 = buffer.data() + static_cast<std::size_t>(q) * 64;
    const char* v2 = v0 + 32;
    float fx0, fy0, fx1, fy1;
    std::copy(v0, v0 + 4, reinterpret_cast<char*>(&fx0));
    std::copy(v0 + 4, v0 + 8, reinterpret_cast<char*>(&fy0));
    std::copy(v2, v2 + 4, reinterpret_cast<char*>(&fx1));
    std::copy(v2 + 4, v2 + 8, reinterpret_cast<char*>(&fy1));
    int x0 = std::max(0, static_cast<int>(std::lround(fx0)));
    int y0 = std::max(0, static_cast<int>(std::lround(fy0)));
    int x1 = std::min(mw, static_cast<int>(std::lround(fx1)));
    int y1 = std::min(mh, static_cast<int>(std::lround(fy1)));
    for (int py = y0; py < y1; ++py) {
      for (int px = x0; px < x1; ++px) {
        mask[static_cast<std::size_t>(py) * static_cast<std::size_t>(mw) +
             static_cast<std::size_t>(px)] = 1;
      }
    }
  }
  for (int my = 0; my < mh; ++my) {
    for (int mx = 0; mx < mw; ++mx) {
      if (!mask[static_cast<std::size_t>(my) * static_cast<std::size_t>(mw) +
                static_cast<std::size_t>(mx)]) {
        continue;
      }
      for (int sy = 0; sy < scale; ++sy) {
        for (int sx = 0; sx < scale; ++sx) {
          put(dst, x + mx * scale + sx, y + my * scale + sy, colour);
        }
      }
    }
  }
}

}  // namespace spritec::render
