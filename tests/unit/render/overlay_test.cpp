// The --debug overlay of boxes and points (render/overlay.hpp, docs/cli.md "Boxes and points
// under --debug"): where a box's outline and a point's cross land at a scale, and which
// colour a name gets. Expected pixels are worked out by hand from the rule in the docs.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../runtime/pack_fixtures.hpp"
#include "spritec/render/overlay.hpp"

using namespace spritec;
using namespace spritec::test;

namespace {

using Pixels = std::set<std::pair<int, int>>;

// The pixels of `img` whose colour is `c`.
Pixels painted(const image::Image& img, render::Colour c) {
  Pixels out;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      const std::uint8_t* p = img.pixel(x, y);
      if (p[0] == c.r && p[1] == c.g && p[2] == c.b && p[3] == c.a) out.insert({x, y});
    }
  }
  return out;
}

constexpr render::Colour kRed{200, 0, 0, 255};

}  // namespace

TEST_CASE("a box's outline is the ring just outside its scaled pixels", "[overlay]") {
  image::Image img(20, 20);
  // Columns -2..0 and rows 1..2 about an origin pixel drawn at output (8, 4), scale 2: the
  // box covers output columns 8 - 4 = 4 .. 8 + 2 - 1 = 9 and rows 4 + 2 = 6 .. 4 + 6 - 1 = 9;
  // the ring is columns 3 and 10 (rows 5..10) and rows 5 and 10 (columns 3..10).
  render::ShapeMark box;
  box.x = -2;
  box.y = 1;
  box.w = 3;
  box.h = 2;
  box.colour = kRed;
  render::draw_marks(img, 8, 4, 2, {box});
  Pixels expected;
  for (int x = 3; x <= 10; ++x) {
    expected.insert({x, 5});
    expected.insert({x, 10});
  }
  for (int y = 6; y <= 9; ++y) {
    expected.insert({3, y});
    expected.insert({10, y});
  }
  CHECK(painted(img, kRed) == expected);
  const render::MarkExtents e = render::mark_extents({box}, 2);
  CHECK(e.x0 == -5);  // 3 - 8
  CHECK(e.x1 == 3);   // 10 - 8 + 1
  CHECK(e.y0 == 1);   // 5 - 4
  CHECK(e.y1 == 7);   // 10 - 4 + 1
}

TEST_CASE("a point's cross is centred on its scaled pixel with arms of scale + 1", "[overlay]") {
  image::Image img(20, 20);
  // Point (1, -1), origin pixel at output (6, 9), scale 3: its pixel covers columns 9..11
  // and rows 6..8; the centre is (10, 7), the arms 4 long: columns 6..14, rows 3..11.
  render::ShapeMark point;
  point.kind = runtime::ShapeKind::kPoint;
  point.x = 1;
  point.y = -1;
  point.colour = kRed;
  render::draw_marks(img, 6, 9, 3, {point});
  Pixels expected;
  for (int d = -4; d <= 4; ++d) {
    expected.insert({10 + d, 7});
    expected.insert({10, 7 + d});
  }
  CHECK(painted(img, kRed) == expected);
}

TEST_CASE("marks far outside the image are clipped without a pixel drawn", "[overlay]") {
  image::Image img(8, 8);
  render::ShapeMark box;
  box.x = -(1 << 28);
  box.y = 0;
  box.w = 1 << 28;
  box.h = 3;
  box.colour = kRed;
  render::draw_marks(img, 1000000000000000LL * 16, 2, 16, {box});
  CHECK(painted(img, kRed).empty());
}

TEST_CASE("each name's colour is its place in the packs' sorted names", "[overlay]") {
  // Pack a has hurt and hit, pack b has hand and hurt: the sorted union is hand, hit, hurt.
  auto pack_with = [](std::vector<std::string> names) {
    PackModel m;
    m.tick_rate = 60;
    PageModel page;
    page.width = 8;
    page.height = 8;
    page.png = fake_png(0, 64);
    m.pages = {page};
    FrameModel f = frame("f", 0, 0, 0, 8, 8, 4, 7, 8, 8, 0, 0);
    for (const std::string& n : names) {
      ShapeModel s;
      s.name = n;
      s.w = s.h = 1;
      f.shapes.push_back(s);
    }
    m.frames = {f};
    ActionModel a;
    a.name = "a";
    a.steps = {{step("f", 1)}};
    m.actions = {a};
    return write_or_fail(m);
  };
  const std::vector<std::uint8_t> a_bytes = pack_with({"hurt", "hit"});
  const std::vector<std::uint8_t> b_bytes = pack_with({"hand", "hurt"});
  runtime::PackView a, b;
  REQUIRE(runtime::parse_pack(a_bytes.data(), a_bytes.size(), a).ok());
  REQUIRE(runtime::parse_pack(b_bytes.data(), b_bytes.size(), b).ok());
  const render::ShapeColours colours({&a, &b});
  CHECK(colours.names() == std::vector<std::string>{"hand", "hit", "hurt"});
  // Pack b's step: hand (palette 0, yellow) and hurt (palette 2, pink).
  const std::vector<render::ShapeMark> marks = colours.step_marks(1, 0);
  REQUIRE(marks.size() == 2);
  CHECK(marks[0].name == 0);
  CHECK(marks[0].colour.g == 236);  // #ffec27
  CHECK(marks[1].name == 2);
  CHECK(marks[1].colour.b == 168);  // #ff77a8
  const std::vector<render::LegendEntry> legend = colours.legend({marks});
  REQUIRE(legend.size() == 2);
  CHECK(legend[0].name == "hand");
  CHECK(legend[1].name == "hurt");
  CHECK(colours.legend().size() == 3);
}
