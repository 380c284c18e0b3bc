// The boxes and points of what an actor shows (runtime/shapes.hpp): a frame's with the step's
// own laid over them, in actor-local coordinates with the step's flips applied. Expected
// values are worked out by hand from docs/runtime.md's rule: pixel column u of a frame lands
// at position + (u - origin) unflipped and position - (u - origin) flipped in x.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pack_fixtures.hpp"
#include "spritec/runtime/shapes.hpp"

using namespace spritec;
using namespace spritec::test;

namespace {

// One 8x8 frame "f" with origin (4, 7): hurt [1, 2, 3, 2] (columns 1..3, rows 2..3) and
// hand at (6, 3). Action "a" has one step per flip, each adding nothing; action "b" shows f
// with a step of its own: hit added, hurt replaced, hand removed; then a blank step with
// wave relative to the actor.
PackModel shapes_model() {
  PackModel m;
  m.tick_rate = 60;
  PageModel page;
  page.width = 8;
  page.height = 8;
  page.png = fake_png(0, 64);
  m.pages = {page};
  FrameModel f = frame("f", 0, 0, 0, 8, 8, 4, 7, 8, 8, 0, 0);
  f.shapes = {box("hurt", 1, 2, 3, 2), point("hand", 6, 3)};
  m.frames = {f};
  ActionModel a;
  a.name = "a";
  a.views = 4;
  a.steps = {{step("f", 1)},
             {step("f", 1, "", 0, 0, true)},
             {step("f", 1, "", 0, 0, false, true)},
             {step("f", 1, "", 0, 0, true, true)}};
  ActionModel b;
  b.name = "b";
  StepModel own = step("f", 1, "", 0, 0, true);
  own.shapes = {box("hit", 6, 0, 2, 1), box("hurt", 0, 0, 8, 8),
                removal("hand", runtime::ShapeKind::kPoint)};
  StepModel blank = step("", 1);
  blank.shapes = {box("wave", -5, -2, 10, 2)};
  b.steps = {{own, blank}};
  m.actions = {a, b};
  return m;
}

struct Seen {
  std::string name;
  runtime::ShapeKind kind;
  std::int32_t x, y;
  std::uint32_t w, h;
  bool operator==(const Seen& o) const {
    return name == o.name && kind == o.kind && x == o.x && y == o.y && w == o.w && h == o.h;
  }
};

std::ostream& operator<<(std::ostream& os, const Seen& s) {
  return os << s.name << (s.kind == runtime::ShapeKind::kBox ? " box " : " point ") << s.x << ","
            << s.y << " " << s.w << "x" << s.h;
}

std::vector<Seen> seen(const runtime::PackView& pack, const runtime::ActorState& st) {
  std::vector<Seen> out;
  runtime::for_each_shape(pack, st, [&](const runtime::LocalShape& s) {
    out.push_back({std::string(pack.shape_name(s.name)), s.kind, s.x, s.y, s.w, s.h});
  });
  return out;
}

constexpr auto kBox = runtime::ShapeKind::kBox;
constexpr auto kPoint = runtime::ShapeKind::kPoint;

}  // namespace

TEST_CASE("a frame's boxes and points come back about the origin, mirrored as pixels are",
          "[shapes]") {
  const std::vector<std::uint8_t> bytes = write_or_fail(shapes_model());
  runtime::PackView pack;
  REQUIRE(runtime::parse_pack(bytes.data(), bytes.size(), pack).ok());
  runtime::ActorState st;
  runtime::EventBuffer ev;
  runtime::start(pack, st, pack.find_action("a"), false, ev);
  // Unflipped: hurt columns 1..3 -> 1-4 .. 3-4 = -3..-1, rows 2..3 -> -5..-4; hand (2, -4).
  runtime::set_angle(pack, st, 0);
  CHECK(seen(pack, st) ==
        std::vector<Seen>{{"hurt", kBox, -3, -5, 3, 2}, {"hand", kPoint, 2, -4, 0, 0}});
  // Flipped in x (view 1, 90 degrees): columns -3..-1 land on 1..3; hand's column 2 on -2.
  runtime::set_angle(pack, st, 90);
  CHECK(seen(pack, st) ==
        std::vector<Seen>{{"hurt", kBox, 1, -5, 3, 2}, {"hand", kPoint, -2, -4, 0, 0}});
  // Flipped in y (view 2): rows -5..-4 land on 4..5; hand's row -4 on 4.
  runtime::set_angle(pack, st, 180);
  CHECK(seen(pack, st) ==
        std::vector<Seen>{{"hurt", kBox, -3, 4, 3, 2}, {"hand", kPoint, 2, 4, 0, 0}});
  // Both (view 3).
  runtime::set_angle(pack, st, 270);
  CHECK(seen(pack, st) ==
        std::vector<Seen>{{"hurt", kBox, 1, 4, 3, 2}, {"hand", kPoint, -2, 4, 0, 0}});
}

TEST_CASE("a step's own boxes are added, replace the frame's and take them away", "[shapes]") {
  const std::vector<std::uint8_t> bytes = write_or_fail(shapes_model());
  runtime::PackView pack;
  REQUIRE(runtime::parse_pack(bytes.data(), bytes.size(), pack).ok());
  runtime::ActorState st;
  runtime::EventBuffer ev;
  runtime::start(pack, st, pack.find_action("b"), false, ev);
  // Step 0, flipped in x: hit [6, 0, 2, 1] -> columns 2..3 about the origin, mirrored to
  // -3..-2; hurt replaced by [0, 0, 8, 8] -> columns -4..3 mirrored to -3..4, rows -7..0;
  // hand taken away. Boxes in name order: hit, hurt.
  CHECK(seen(pack, st) ==
        std::vector<Seen>{{"hit", kBox, -3, -7, 2, 1}, {"hurt", kBox, -3, -7, 8, 8}});
  runtime::LocalShape hit;
  CHECK(runtime::find_shape(pack, st, kBox, pack.find_shape_name("hit"), hit));
  CHECK(hit.x == -3);
  CHECK_FALSE(runtime::find_shape(pack, st, kPoint, pack.find_shape_name("hand"), hit));
  // Step 1, blank: wave as written, relative to the actor.
  runtime::tick(pack, st, ev);
  CHECK(st.step == 1);
  CHECK(seen(pack, st) == std::vector<Seen>{{"wave", kBox, -5, -2, 10, 2}});
}

TEST_CASE("world boxes overlap when they share an area, not an edge", "[shapes]") {
  runtime::ActorState a, b;
  a.x = 10.5;
  a.y = 0;
  b.x = 14.5;
  b.y = 0;
  const runtime::LocalShape box{0, kBox, 0, 0, 4, 4};
  // a covers [10.5, 14.5), b [14.5, 18.5): touching only.
  CHECK_FALSE(runtime::overlaps(runtime::world_box(a, box), runtime::world_box(b, box)));
  b.x = 14.25;
  CHECK(runtime::overlaps(runtime::world_box(a, box), runtime::world_box(b, box)));
}

TEST_CASE("packs without geometry have none, and the reader rejects bad shapes",
          "[shapes][reader]") {
  const std::vector<std::uint8_t> plain = write_or_fail(sample_model());
  runtime::PackView pack;
  REQUIRE(runtime::parse_pack(plain.data(), plain.size(), pack).ok());
  CHECK(pack.version_minor() == 0);
  CHECK(pack.shape_name_count() == 0);
  runtime::ActorState st;
  runtime::EventBuffer ev;
  runtime::start(pack, st, 0, false, ev);
  CHECK(seen(pack, st).empty());

  // A box of width 0 in SHAP: bad value at the record's w.
  std::vector<std::uint8_t> bytes = write_or_fail(shapes_model());
  const std::size_t shap = section_offset(bytes, runtime::spk::kTagShapes);
  put_u32(bytes, shap + runtime::spk::ShapeRecord::kOffW, 0);
  runtime::ParseOptions no_checksum;
  no_checksum.verify_checksum = false;
  runtime::ParseResult r = runtime::parse_pack(bytes.data(), bytes.size(), pack, no_checksum);
  CHECK(r.error == runtime::ParseError::kBadValue);
  CHECK(r.offset == shap + runtime::spk::ShapeRecord::kOffW);
  // Two shapes of a frame out of order (hurt's name index 2 before hand's 0 is fine as a box
  // before a point; make the point a box: then names 2, 0 are out of order).
  bytes = write_or_fail(shapes_model());
  bytes[shap + runtime::spk::ShapeRecord::kSize + runtime::spk::ShapeRecord::kOffKind] = 0;
  put_u32(bytes, shap + runtime::spk::ShapeRecord::kSize + runtime::spk::ShapeRecord::kOffW, 1);
  put_u32(bytes, shap + runtime::spk::ShapeRecord::kSize + runtime::spk::ShapeRecord::kOffH, 1);
  r = runtime::parse_pack(bytes.data(), bytes.size(), pack, no_checksum);
  CHECK(r.error == runtime::ParseError::kBadValue);
  CHECK(std::string(r.message) == "shapes not sorted by kind and name");
}
