#include <catch2/catch.hpp>

#include <string>

#include "spritec/render/font.hpp"
#include "spritec/render/strip.hpp"

using spritec::image::Image;
using spritec::render::Colour;
using spritec::render::draw_text;
using spritec::render::layout_grid;
using spritec::render::layout_strip;
using spritec::render::StripCell;
using spritec::render::StripOptions;
using spritec::render::StripRow;
using spritec::render::StripSection;
using spritec::render::text_size;

namespace {

// A solid w x h image of one colour with a distinct marker colour on its origin pixel.
StripCell cell(int w, int h, int ox, int oy) {
  StripCell c;
  c.image = Image(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      std::uint8_t* p = c.image.pixel(x, y);
      p[0] = 40;
      p[1] = 80;
      p[2] = 120;
      p[3] = 255;
    }
  }
  std::uint8_t* o = c.image.pixel(ox, oy);
  o[0] = 250;
  o[1] = 1;
  o[2] = 2;
  c.origin_x = ox;
  c.origin_y = oy;
  return c;
}

bool is_origin(const Image& img, int x, int y) {
  const std::uint8_t* p = img.pixel(x, y);
  return p[0] == 250 && p[1] == 1 && p[2] == 2;
}

// Pixels in (x0, y0)-(x1, y1) (exclusive) that are not the background (transparent).
int ink(const Image& img, int x0, int y0, int x1, int y1) {
  int n = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x)
      n += img.pixel(x, y)[3] != 0;
  }
  return n;
}

}  // namespace

TEST_CASE("text is drawn as pixels inside its measured size") {
  auto size = text_size("Hi 90");
  CHECK(size.width > 0);
  CHECK(size.height == spritec::render::kLineHeight);
  // Two lines: one more line advance.
  CHECK(text_size("a\nb").height == spritec::render::kLineAdvance + spritec::render::kLineHeight);
  CHECK(text_size("x", 2).width == 2 * text_size("x").width);
  CHECK(text_size("").width == 0);

  Image img(size.width + 10, size.height + 10);
  draw_text(img, 5, 5, "Hi 90", Colour{255, 255, 255, 255});
  CHECK(ink(img, 5, 5, 5 + size.width, 5 + size.height) > 20);
  // Nothing outside the measured box.
  CHECK(ink(img, 0, 0, img.width, img.height) == ink(img, 5, 5, 5 + size.width, 5 + size.height));
  // A byte outside printable ASCII is drawn (as '?'), not skipped or crashed on.
  Image odd(20, 20);
  draw_text(odd, 0, 0, "\xC3", Colour{});
  CHECK(ink(odd, 0, 0, 20, 20) > 0);
}

TEST_CASE("a glyph made of many bars is drawn whole") {
  // stb_easy_font builds '8' from 9 bars: three 2-pixel rows (y 0, 3, 6 at x 1..2), four
  // 1-pixel right-side pieces (x 3 at y 1, 2, 4, 5) and two 2-pixel left-side bars (x 0 at
  // y 1..2 and 4..5): 6 + 4 + 4 = 14 pixels. A too-small vertex buffer used to drop the
  // last bars of the last character.
  Image img(12, 12);
  draw_text(img, 0, 0, "8", Colour{});
  CHECK(ink(img, 0, 0, 12, 12) == 14);
  CHECK(img.pixel(0, 1)[3] == 255);
  CHECK(img.pixel(0, 5)[3] == 255);
  // Every printable character drawn twice has twice the ink of one.
  for (char c = 33; c < 127; ++c) {
    INFO("character " << c);
    Image one(30, 14), two(30, 14);
    draw_text(one, 0, 0, std::string(1, c), Colour{});
    draw_text(two, 0, 0, std::string(2, c), Colour{});
    CHECK(ink(one, 0, 0, 30, 14) > 0);
    CHECK(ink(two, 0, 0, 30, 14) == 2 * ink(one, 0, 0, 30, 14));
  }
}

TEST_CASE("an action strip has a row per view and a column per step on a common origin") {
  // Cell A is 4x6 with its origin at (2, 5); cell B is 6x4 with its origin at (1, 3).
  // Relative to the origin A spans x -2..2, y -5..1 and B spans x -1..5, y -3..1, so every
  // cell is 7 wide (-2..5) and 6 tall (-5..1); the origin sits 2 from the cell's left
  // (when the column is wider, centred) and 5 from its top.
  StripSection s;
  s.column_labels = {"8", "8 hit"};
  s.rows.push_back({"0", {cell(4, 6, 2, 5), cell(6, 4, 1, 3)}});
  s.rows.push_back({"90", {cell(4, 6, 2, 5), cell(6, 4, 1, 3)}});
  StripOptions o;  // gap 4, margin 4, transparent background
  Image sheet = layout_strip({s}, o);

  const int row_label_w = std::max(text_size("0").width, text_size("90").width);
  const int column_w = std::max(7, text_size("8 hit").width);
  const int label_h = spritec::render::kLineHeight;
  // margin + row labels + gap + two columns and the gap between them + margin.
  CHECK(sheet.width == 4 + row_label_w + 4 + 2 * column_w + 4 + 4);
  // margin + column labels + gap + two rows of 6 with a gap + margin.
  CHECK(sheet.height == 4 + label_h + 4 + 6 + 4 + 6 + 4);

  // Every origin pixel lands on its row's baseline and at the same place in its column.
  const int grid_x = 4 + row_label_w + 4;
  const int origin_dx = (column_w - 7) / 2 + 2;
  for (int r = 0; r < 2; ++r) {
    const int baseline = 4 + label_h + 4 + r * (6 + 4) + 5;
    for (int c = 0; c < 2; ++c) {
      INFO("row " << r << " column " << c);
      CHECK(is_origin(sheet, grid_x + c * (column_w + 4) + origin_dx, baseline));
    }
  }
  // Labels put ink left of the rows and above the columns, and nowhere else in the margin.
  CHECK(ink(sheet, 4, 4 + label_h + 4, 4 + row_label_w, sheet.height - 4) > 0);
  CHECK(ink(sheet, grid_x, 4, sheet.width - 4, 4 + label_h) > 0);
  CHECK(ink(sheet, 0, 0, sheet.width, 4) == 0);
  CHECK(ink(sheet, 0, 0, 4, sheet.height) == 0);
}

TEST_CASE("origin markers and outlines are drawn around each frame") {
  StripSection s;
  s.rows.push_back({"", {cell(3, 3, 1, 2)}});
  StripOptions o;
  o.origin_markers = true;
  o.outlines = true;
  o.margin = 0;
  Image sheet = layout_strip({s}, o);
  // Extents: the frame -1..2 x -2..1, outline 1 beyond: -2..3 x -3..2; the marker -2..3 both
  // ways. Union: x -2..3 (5), y -3..3 (6).
  REQUIRE(sheet.width == 5);
  REQUIRE(sheet.height == 6);
  // The origin is at (2, 3). The marker's arms end 2 pixels out: (0, 3) and (2, 5).
  const std::uint8_t* arm = sheet.pixel(0, 3);
  CHECK((arm[0] == 255 && arm[1] == 0 && arm[2] == 77));
  arm = sheet.pixel(2, 5);
  CHECK((arm[0] == 255 && arm[1] == 0 && arm[2] == 77));
  // The outline's top-left corner is one pixel up-left of the frame's (1, 1): (0, 0).
  const std::uint8_t* corner = sheet.pixel(0, 0);
  CHECK((corner[0] == 41 && corner[1] == 173 && corner[2] == 255));
}

TEST_CASE("sections stack into a contact sheet with titles and frames upscale") {
  StripSection walk;
  walk.title = "walk";
  walk.rows.push_back({"0", {cell(4, 4, 0, 3), cell(4, 4, 0, 3)}});
  StripSection idle;
  idle.title = "idle";
  idle.rows.push_back({"0", {cell(4, 4, 0, 3)}});
  StripOptions o;
  o.scale = 2;
  Image sheet = layout_strip({walk, idle}, o);
  // Each section: title (10 + gap 4) and one row of 8 (4 x 2); between sections 2 gaps.
  CHECK(sheet.height == 4 + (10 + 4 + 8) + 8 + (10 + 4 + 8) + 4);
  const int label_col = text_size("0").width + 4;
  const int title_w = text_size("walk").width;
  CHECK(sheet.width == 4 + std::max(label_col + 8 + 4 + 8, title_w) + 4);
  CHECK(ink(sheet, 4, 4, 4 + title_w, 14) > 0);
}

TEST_CASE("a scene grid wraps frames into rows of the given width") {
  std::vector<Image> frames(5, Image(10, 6));
  for (auto& f : frames)
    f.rgba.assign(f.rgba.size(), 255);
  StripOptions o;
  Image sheet = layout_grid(frames, 2, {}, o);
  // Two columns of 10 with a gap, three rows of 6 with gaps, margins of 4.
  CHECK(sheet.width == 4 + 10 + 4 + 10 + 4);
  CHECK(sheet.height == 4 + 6 + 4 + 6 + 4 + 6 + 4);
  // The fifth frame opens the third row; the cell right of it stays empty.
  CHECK(ink(sheet, 4, 24, 14, 30) == 60);
  CHECK(ink(sheet, 18, 24, 28, 30) == 0);
  CHECK(layout_grid({}, 3).empty());
}

TEST_CASE("a blank step keeps its column and shows only its origin marker") {
  StripSection s;
  StripCell blank;  // frame: null
  s.rows.push_back({"", {cell(3, 3, 1, 1), blank}});
  StripOptions o;
  o.origin_markers = true;
  o.margin = 0;
  Image sheet = layout_strip({s}, o);
  // Extents: the frame -1..2 both ways, the marker -2..3: cells 5 x 5, two columns and a gap.
  REQUIRE(sheet.width == 5 + 4 + 5);
  REQUIRE(sheet.height == 5);
  // The blank cell's origin is at (9 + 2, 2): its cross has 9 pixels and nothing else.
  CHECK(ink(sheet, 9, 0, 14, 5) == 9);
  CHECK(sheet.pixel(11, 2)[3] == 255);
  CHECK(sheet.pixel(9, 0)[3] == 0);
}
