#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

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

namespace {

// A w x h cell of one colour with a marker pixel at (0, 0), its origin anywhere.
StripCell cell_at(int w, int h, std::int64_t ox, std::int64_t oy) {
  StripCell c = cell(w, h, 0, 0);
  c.origin_x = ox;
  c.origin_y = oy;
  return c;
}

StripSection two_rows(StripCell a, StripCell b) {
  StripSection s;
  s.title = "far";
  s.column_labels = {"0: 3t"};
  s.rows = {{"0 deg", {std::move(a)}}, {"180 deg", {std::move(b)}}};
  return s;
}

}  // namespace

TEST_CASE("cells with origins at the ends of the 32-bit range lay out as any others") {
  // Only the differences between origins matter: origins (2^31 - 8, -2^31 + 8) and
  // (2^31 - 1, -2^31) differ by (7, -8) exactly as (0, 8) and (7, 0) do, so the sheets
  // are the same pixel for pixel, at any scale.
  for (int scale : {1, 16}) {
    INFO("scale " << scale);
    StripOptions o;
    o.scale = scale;
    o.origin_markers = false;
    StripSection far = two_rows(cell_at(6, 6, 2147483640, -2147483640),
                                cell_at(6, 6, 2147483647, -2147483647 - 1));
    StripSection near = two_rows(cell_at(6, 6, 0, 8), cell_at(6, 6, 7, 0));
    Image a = layout_strip({far}, o);
    Image b = layout_strip({near}, o);
    REQUIRE(!a.empty());
    CHECK(a.width == b.width);
    CHECK(a.height == b.height);
    CHECK(a.rgba == b.rgba);
    CHECK(spritec::render::strip_size({far}, o).width == a.width);
    CHECK(spritec::render::strip_size({far}, o).height == a.height);
  }
}

TEST_CASE("a strip whose cells lie 2^32 px apart is measured, refused, and never allocated") {
  StripSection s = two_rows(cell_at(6, 6, 2147483647, 0), cell_at(6, 6, -2147483647 - 1, 0));
  StripOptions o;
  o.scale = 16;
  spritec::render::SheetSize size = spritec::render::strip_size({s}, o);
  // The column reaches from -(2^31 - 1) * 16 to (2^31 + 6) * 16.
  CHECK(size.width > (std::int64_t(1) << 36));
  CHECK_FALSE(spritec::render::sheet_fits(size));
  CHECK(layout_strip({s}, o).empty());
  // A hostile origin that would overflow even 64 bits once scaled saturates.
  StripSection worse = two_rows(cell_at(6, 6, std::int64_t(1) << 62, 0), cell_at(6, 6, 0, 0));
  CHECK_FALSE(spritec::render::sheet_fits(spritec::render::strip_size({worse}, o)));
  CHECK(layout_strip({worse}, o).empty());
}

TEST_CASE("a sheet is capped at 32768 px a side and 512 MiB of pixels") {
  using spritec::render::sheet_fits;
  CHECK(sheet_fits({32768, 4096}));  // exactly 512 MiB
  CHECK_FALSE(sheet_fits({32769, 1}));
  CHECK_FALSE(sheet_fits({1, 32769}));
  CHECK_FALSE(sheet_fits({32768, 4097}));
  CHECK_FALSE(sheet_fits({0, 10}));
  SECTION("a grid within 32768 px a side but over 512 MiB is refused before it is drawn") {
    // 64 frames of 100x100 at scale 16, 8 to a row: 8 x 1600 + 7 x 4 + 2 x 4 = 12836 px a
    // side, 659 MB of pixels.
    std::vector<Image> frames(64, Image(100, 100));
    StripOptions o;
    o.scale = 16;
    spritec::render::SheetSize size = spritec::render::grid_size(frames, 8, {}, o);
    CHECK(size.width == 12836);
    CHECK(size.height == 12836);
    CHECK_FALSE(sheet_fits(size));
    CHECK(layout_grid(frames, 8, {}, o).empty());
  }
}

TEST_CASE("a cell taken from a page is cropped and mirrored as it is drawn") {
  // The page holds the cell at (3, 1); drawn mirrored in x it must equal the same pixels
  // copied out and mirrored by hand.
  Image page(10, 6);
  StripCell owned = cell(4, 3, 1, 2);  // marker at (1, 2)
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x)
      std::copy(owned.image.pixel(x, y), owned.image.pixel(x, y) + 4, page.pixel(3 + x, 1 + y));
  StripCell ref;
  ref.page = &page;
  ref.rect = {3, 1, 4, 3};
  ref.flip_x = true;
  ref.origin_x = 4 - 1 - 1;  // the origin mirrored with the cell
  ref.origin_y = 2;
  StripCell by_hand = owned;
  spritec::image::flip_x(by_hand.image);
  by_hand.origin_x = 2;
  StripSection a, b;
  a.rows = {{"", {ref}}};
  b.rows = {{"", {by_hand}}};
  StripOptions o;
  o.scale = 3;
  Image x = layout_strip({a}, o), y = layout_strip({b}, o);
  REQUIRE(!x.empty());
  CHECK(x.rgba == y.rgba);
  CHECK(ref.width() == 4);
  CHECK(ref.height() == 3);
}

TEST_CASE("a cell's layers above it are drawn over it, each at its own origin") {
  // The back frame A is 4x6 with its origin at (2, 5): x -2..2, y -5..1 around the origin.
  // Above it, B is 6x2 of another colour with its origin at (3, 6): x -3..3, y -6..-4, so
  // its lower row lies over A's top row. The cell reaches around both: x -3..3, y -6..1.
  StripCell b;
  b.image = Image(6, 2);
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 6; ++x) {
      std::uint8_t* p = b.image.pixel(x, y);
      p[0] = 200, p[1] = 10, p[2] = 10, p[3] = 255;
    }
  }
  b.origin_x = 3;
  b.origin_y = 6;
  StripSection s;
  s.rows.push_back({"", {cell(4, 6, 2, 5)}});
  s.rows[0].cells[0].above.push_back(b);
  Image sheet = layout_strip({s}, StripOptions{});  // margin 4, no labels
  REQUIRE(sheet.width == 4 + 6 + 4);
  REQUIRE(sheet.height == 4 + 7 + 4);
  // The origin lands 3 right of and 6 below the cell's corner (4, 4).
  CHECK(is_origin(sheet, 7, 10));
  auto colour = [&](int x, int y) {
    const std::uint8_t* p = sheet.pixel(x, y);
    return std::vector<int>{p[0], p[1], p[2], p[3]};
  };
  const std::vector<int> a_colour{40, 80, 120, 255}, b_colour{200, 10, 10, 255};
  CHECK(colour(4, 4) == b_colour);  // B's corner: origin - (3, 6)
  CHECK(colour(9, 5) == b_colour);
  CHECK(colour(5, 5) == b_colour);  // B over A's top row
  CHECK(colour(8, 5) == b_colour);
  CHECK(colour(5, 6) == a_colour);  // A below B
  CHECK(colour(8, 9) == a_colour);
  CHECK(colour(4, 6) == std::vector<int>{0, 0, 0, 0});  // beside A, under B: nothing
  CHECK(ink(sheet, 0, 0, sheet.width, sheet.height) == 6 * 2 + 4 * 6 - 4);
}
