// spritec::exporter's Model (lib/export/model.cpp): the order each animation plays its
// frames in, the mirrored regions and the blank, names that clash, uniform rates, and
// E0701 (aseprite-json's one sheet). Every expected value is worked out by hand in the
// comments from DESIGN.md section 3's rules; the played orders are also checked against
// the runtime's player, tick by tick, as a second oracle.
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "pack_in_memory.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/diag/codes.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/export/export.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/image/image.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/spk_reader.hpp"
#include "writers.hpp"  // lib/export: detail::pixi

using namespace spritec;
namespace fs = std::filesystem;
using exporter::Animation;
using exporter::Model;
using exporter::Region;
using exporter::RegionTicks;
using format::ActionModel;
using format::FrameModel;
using format::PackModel;
using format::StepModel;
using runtime::Mode;

namespace {

// A format by its name (docs/engines.md).
exporter::Format named(std::string_view name) {
  const std::optional<exporter::Format> f = exporter::parse_format(name);
  REQUIRE(f);
  return *f;
}

}  // namespace

namespace {

// A written and parsed pack with its decoded pages (the view points into `bytes`).
using export_test::Pack;

std::unique_ptr<Pack> make(const PackModel& m, std::vector<image::Image> pages) {
  return export_test::pack_in_memory(m, std::move(pages));
}

FrameModel frame(std::string name, std::uint32_t x, std::uint32_t y, std::uint32_t w,
                 std::uint32_t h, std::int32_t ox, std::int32_t oy, std::uint32_t sw,
                 std::uint32_t sh, std::uint32_t tx, std::uint32_t ty) {
  FrameModel f;
  f.name = std::move(name);
  f.x = x, f.y = y, f.w = w, f.h = h;
  f.origin_x = ox, f.origin_y = oy;
  f.source_w = sw, f.source_h = sh;
  f.trim_x = tx, f.trim_y = ty;
  return f;
}

StepModel step(std::string frame, std::uint32_t ticks, bool fx = false, bool fy = false) {
  StepModel s;
  s.frame = std::move(frame);
  s.ticks = ticks;
  s.flip_x = fx;
  s.flip_y = fy;
  return s;
}

ActionModel action(std::string name, Mode mode, std::vector<std::vector<StepModel>> steps) {
  ActionModel a;
  a.name = std::move(name);
  a.mode = mode;
  a.views = std::uint32_t(steps.size());
  a.steps = std::move(steps);
  return a;
}

// A 16x8 page whose every pixel tells where it is: (x, y, 100, 255).
image::Image page_16x8() {
  image::Image img(16, 8);
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 16; ++x) {
      std::uint8_t* p = img.pixel(x, y);
      p[0] = std::uint8_t(x), p[1] = std::uint8_t(y), p[2] = 100, p[3] = 255;
    }
  }
  return img;
}

// Frames of the fixture:
//   0 "a"        at (0,0) 4x3, trimmed from 8x6 at (1,1), origin (2,3) in the untrimmed
//                frame, so (1,2) in the rectangle as the pack stores it
//   1 "b"        at (4,0) 2x2, untrimmed, origin (0,0)
//   2 "c"        at (6,0) 3x3, untrimmed, origin (1,1)
//   3 "a|flip_x" at (0,4) 1x1: the name the mirrored "a" would take
PackModel fixture() {
  PackModel m;
  m.tick_rate = 10;
  m.pages.push_back({16, 8, image::encode_png(page_16x8()), ""});
  m.frames = {frame("a", 0, 0, 4, 3, 2, 3, 8, 6, 1, 1), frame("b", 4, 0, 2, 2, 0, 0, 2, 2, 0, 0),
              frame("c", 6, 0, 3, 3, 1, 1, 3, 3, 0, 0),
              frame("a|flip_x", 0, 4, 1, 1, 0, 0, 1, 1, 0, 0)};
  const std::vector<StepModel> abc = {step("a", 1), step("b", 2), step("c", 3)};
  m.actions.push_back(action("loop", Mode::kLoop, {abc}));
  ActionModel once = action("once", Mode::kOnce, {{step("a", 2), step("b", 2)}});
  once.then = runtime::ThenKind::kDestroy;
  m.actions.push_back(once);
  m.actions.push_back(action("pp", Mode::kPingpong, {abc}));
  ActionModel pp2 = action("pp2", Mode::kPingpong, {abc});
  pp2.repeat = 2;
  m.actions.push_back(pp2);
  ActionModel rev = action("rev", Mode::kLoop, {abc});
  rev.reverse = true;
  m.actions.push_back(rev);
  ActionModel r3 = action("r3", Mode::kLoop, {abc});
  r3.repeat = 3;
  r3.loop_from = 1;
  m.actions.push_back(r3);
  ActionModel lf = action("lf", Mode::kLoop, {abc});
  lf.loop_from = 2;
  m.actions.push_back(lf);
  // Two views: every mirror of "a", "a" flipped twice in a row, and a blank step.
  m.actions.push_back(
      action("mir", Mode::kLoop,
             {{step("a", 1), step("a", 1, true), step("", 4)},
              {step("a", 1, true), step("a", 1, true, true), step("a", 1, false, true)}}));
  return m;
}

const Animation& anim(const Model& m, const std::string& name) {
  for (const Animation& a : m.animations) {
    if (a.name == name) return a;
  }
  FAIL("no animation " << name);
  throw 0;
}

// The regions an animation shows, in order, and their ticks.
std::vector<std::uint32_t> regions(const Animation& a) {
  std::vector<std::uint32_t> out;
  for (const RegionTicks& f : a.frames)
    out.push_back(f.region);
  return out;
}
std::vector<std::uint32_t> ticks(const Animation& a) {
  std::vector<std::uint32_t> out;
  for (const RegionTicks& f : a.frames)
    out.push_back(f.ticks);
  return out;
}

// What the runtime's player shows on ticks 0 .. n-1 of a one-view action (the frame index
// of the step shown), and what the animation shows (a loop starting over at its first
// frame, a finished one holding its last).
std::vector<std::uint32_t> player_frames(const runtime::PackView& pack, const char* name, int n) {
  runtime::ActorState st;
  auto ignore = [](std::uint32_t) {};
  runtime::start(pack, st, pack.find_action(name), false, ignore);
  std::vector<std::uint32_t> out;
  for (int t = 0; t < n; ++t) {
    out.push_back(runtime::current_step(pack, st).frame);
    runtime::tick(pack, st, ignore);
  }
  return out;
}
std::vector<std::uint32_t> animation_frames(const Model& m, const Animation& a, int n) {
  std::vector<std::uint32_t> per_tick;
  for (const RegionTicks& f : a.frames) {
    for (std::uint32_t k = 0; k < f.ticks; ++k)
      per_tick.push_back(m.regions[f.region].frame);
  }
  std::vector<std::uint32_t> out;
  for (int t = 0; t < n; ++t) {
    std::size_t i = std::size_t(t);
    out.push_back(i < per_tick.size() ? per_tick[i]
                  : a.loop            ? per_tick[i % per_tick.size()]
                                      : per_tick.back());
  }
  return out;
}

}  // namespace

TEST_CASE("each action plays its steps in the order the player shows them") {
  auto p = make(fixture(), {page_16x8()});
  const Model m = exporter::build_model(p->view, p->pages, true);
  CHECK(m.tick_rate == 10);
  // One animation per action and view: 7 one-view actions, mir/0 and mir/1.
  REQUIRE(m.animations.size() == 9);
  using V = std::vector<std::uint32_t>;
  const std::uint32_t a = 0, b = 1, c = 2;

  // loop: a b c, then again from a.
  CHECK(regions(anim(m, "loop")) == V{a, b, c});
  CHECK(ticks(anim(m, "loop")) == V{1, 2, 3});
  CHECK(anim(m, "loop").loop);
  CHECK(anim(m, "loop").action == 0);
  // once: a b, and it stays.
  CHECK(regions(anim(m, "once")) == V{a, b});
  CHECK_FALSE(anim(m, "once").loop);
  // pingpong forever: a b c b | a b c b | … (the ends are not shown twice), so one cycle
  // of the looping animation is a b c b.
  CHECK(regions(anim(m, "pp")) == V{a, b, c, b});
  CHECK(ticks(anim(m, "pp")) == V{1, 2, 3, 2});
  CHECK(anim(m, "pp").loop);
  // pingpong, repeat 2: the first cycle a b c b a; the second starts at b (a's time has
  // just run out): b c b a; then it holds a.
  CHECK(regions(anim(m, "pp2")) == V{a, b, c, b, a, b, c, b, a});
  CHECK_FALSE(anim(m, "pp2").loop);
  // reverse: the list as if written backwards.
  CHECK(regions(anim(m, "rev")) == V{c, b, a});
  CHECK(ticks(anim(m, "rev")) == V{3, 2, 1});
  CHECK(anim(m, "rev").loop);
  // loop, repeat 3, loop_from 1: a b c, then b c twice more; then it holds c.
  CHECK(regions(anim(m, "r3")) == V{a, b, c, b, c, b, c});
  CHECK(ticks(anim(m, "r3")) == V{1, 2, 3, 2, 3, 2, 3});
  CHECK_FALSE(anim(m, "r3").loop);
  // loop forever from loop_from 2: a b c c c …; formats loop a whole list, so the list is
  // the first pass and the action is named as not carried exactly (W0705).
  CHECK(regions(anim(m, "lf")) == V{a, b, c});
  CHECK(anim(m, "lf").loop);
  CHECK(m.uncarried.loop_tail == std::vector<std::string>{"lf"});
  // r3 finishes, so its loop_from tail is played exactly.
  CHECK(m.uncarried.long_repeat.empty());
  CHECK(m.uncarried.then == std::vector<std::string>{"once"});
  CHECK(m.uncarried.events.empty());
  CHECK(m.uncarried.motion.empty());
  CHECK(m.uncarried.transitions.empty());

  // The same, tick by tick, from the runtime's player over three cycles of the longest.
  for (const char* name : {"loop", "once", "pp", "pp2", "rev", "r3"}) {
    INFO(name);
    CHECK(animation_frames(m, anim(m, name), 60) == player_frames(p->view, name, 60));
  }
}

TEST_CASE("mirrored steps get mirrored regions, each (frame, flip) once, about the origin pixel") {
  auto p = make(fixture(), {page_16x8()});
  const Model m = exporter::build_model(p->view, p->pages, true);
  // The pack's 4 frames first, as they are; then, in the order first needed (mir/0: a,
  // a flip_x, blank; mir/1: a flip_x again, a flip_xy, a flip_y): 4 "a|flip_x|" (the
  // frame "a|flip_x" has that name already), 5 the blank, 6 a flip_xy, 7 a flip_y.
  REQUIRE(m.regions.size() == 8);
  for (std::uint32_t i = 0; i < 4; ++i) {
    CHECK(m.regions[i].frame == i);
    CHECK(m.regions[i].page == 0);
    CHECK_FALSE(m.regions[i].flip_x);
  }
  CHECK(m.regions[0].name == "a");
  CHECK(m.regions[0].origin_x == 1);  // 2 - trim 1
  CHECK(m.regions[0].origin_y == 2);  // 3 - trim 1
  CHECK(m.regions[3].name == "a|flip_x");
  CHECK(m.regions[4].name == "a|flip_x|");
  CHECK(m.regions[5].name == "|blank");
  CHECK(m.regions[6].name == "a|flip_xy");
  CHECK(m.regions[7].name == "a|flip_y");
  using V = std::vector<std::uint32_t>;
  CHECK(regions(anim(m, "mir/0")) == V{0, 4, 5});
  CHECK(ticks(anim(m, "mir/0")) == V{1, 1, 4});
  CHECK(regions(anim(m, "mir/1")) == V{4, 6, 7});

  // "a": 4x3 rectangle, origin (1,2) in it, trimmed from 8x6 at (1,1).
  // Mirrored in x about the origin pixel: origin_x' = w-1-origin_x = 4-1-1 = 2, and the
  // rectangle sits at trim_x' = source_w-trim_x-w = 8-1-4 = 3 in the mirrored frame; so the
  // untrimmed origin is 2+3 = 5 = 8-1-2, the definition's origin mirrored.
  const Region& fx = m.regions[4];
  CHECK(fx.frame == 0);
  CHECK(fx.flip_x);
  CHECK_FALSE(fx.flip_y);
  CHECK(fx.w == 4);
  CHECK(fx.h == 3);
  CHECK(fx.origin_x == 2);
  CHECK(fx.origin_y == 2);
  CHECK(fx.trim_x == 3);
  CHECK(fx.trim_y == 1);
  CHECK(fx.source_w == 8);
  CHECK(fx.source_h == 6);
  CHECK(fx.untrimmed_origin_x() == 5);
  // In y: origin_y' = 3-1-2 = 0, trim_y' = 6-1-3 = 2 (untrimmed 2 = 6-1-3).
  const Region& fy = m.regions[7];
  CHECK(fy.frame == 0);
  CHECK(fy.flip_y);
  CHECK_FALSE(fy.flip_x);
  CHECK(fy.origin_x == 1);
  CHECK(fy.trim_x == 1);
  CHECK(fy.origin_y == 0);
  CHECK(fy.trim_y == 2);
  const Region& fxy = m.regions[6];
  CHECK(fxy.flip_x);
  CHECK(fxy.flip_y);
  CHECK(fxy.origin_x == 2);
  CHECK(fxy.trim_x == 3);
  CHECK(fxy.origin_y == 0);
  CHECK(fxy.trim_y == 2);
  // The blank: 2x2, origin at its centre pixel (1,1), no pack frame.
  const Region& blank = m.regions[5];
  CHECK(blank.frame == runtime::kNone);
  CHECK(blank.w == 2);
  CHECK(blank.h == 2);
  CHECK(blank.source_w == 2);
  CHECK(blank.source_h == 2);
  CHECK(blank.origin_x == 1);
  CHECK(blank.origin_y == 1);

  // The mirrored regions and the blank are on a page of the export's own, after the pack's.
  REQUIRE(m.pages.size() == 2);
  CHECK(m.pages[0].pixels == &p->pages[0]);
  CHECK(m.pages[0].png != nullptr);  // embedded: its PNG is written as it is
  CHECK(m.pages[1].pixels == nullptr);
  for (std::uint32_t i = 4; i < 8; ++i)
    CHECK(m.regions[i].page == 1);
  const image::Image& own = m.pages[1].image();
  // Their pixels: "a" is page (0..3, 0..2), pixel (x, y) = (x, y, 100, 255).
  for (const std::uint32_t r : {4u, 6u, 7u}) {
    const Region& g = m.regions[r];
    INFO("region " << g.name);
    REQUIRE(g.x + g.w <= std::uint32_t(own.width));
    REQUIRE(g.y + g.h <= std::uint32_t(own.height));
    for (std::uint32_t y = 0; y < g.h; ++y) {
      for (std::uint32_t x = 0; x < g.w; ++x) {
        const std::uint8_t* px = own.pixel(int(g.x + x), int(g.y + y));
        const std::uint32_t sx = g.flip_x ? g.w - 1 - x : x;
        const std::uint32_t sy = g.flip_y ? g.h - 1 - y : y;
        CHECK(px[0] == sx);
        CHECK(px[1] == sy);
        CHECK(px[2] == 100);
        CHECK(px[3] == 255);
      }
    }
  }
  for (std::uint32_t y = 0; y < 2; ++y) {
    for (std::uint32_t x = 0; x < 2; ++x)
      CHECK(own.pixel(int(blank.x + x), int(blank.y + y))[3] == 0);
  }
  // No two of the export's regions overlap on their page (1 px apart or more).
  for (std::uint32_t i = 4; i < 8; ++i) {
    for (std::uint32_t j = i + 1; j < 8; ++j) {
      const Region& r = m.regions[i];
      const Region& s = m.regions[j];
      const bool apart =
          r.x + r.w < s.x + 1 || s.x + s.w < r.x + 1 || r.y + r.h < s.y + 1 || s.y + s.h < r.y + 1;
      CHECK(apart);
    }
  }
}

TEST_CASE("atlas formats get the pack's frames only: no mirrors, no blank, no animations") {
  auto p = make(fixture(), {page_16x8()});
  const Model m = exporter::build_model(p->view, p->pages, false);
  CHECK(m.regions.size() == 4);
  CHECK(m.pages.size() == 1);
  CHECK(m.animations.empty());
}

TEST_CASE("a frame named like a mirror or the blank: the export's names get '|' added") {
  PackModel m = fixture();
  m.frames.push_back(frame("|blank", 1, 4, 1, 1, 0, 0, 1, 1, 0, 0));
  m.frames.push_back(frame("a|flip_x|", 2, 4, 1, 1, 0, 0, 1, 1, 0, 0));
  m.frames.push_back(frame("a|flip_y", 3, 4, 1, 1, 0, 0, 1, 1, 0, 0));
  auto p = make(m, {page_16x8()});
  const Model model = exporter::build_model(p->view, p->pages, true);
  // Frames 0..6; then a flip_x (wanted "a|flip_x", taken, "a|flip_x|", taken), the blank
  // ("|blank" taken), a flip_xy (free), a flip_y (taken).
  REQUIRE(model.regions.size() == 11);
  CHECK(model.regions[7].name == "a|flip_x||");
  CHECK(model.regions[8].name == "|blank|");
  CHECK(model.regions[9].name == "a|flip_xy");
  CHECK(model.regions[10].name == "a|flip_y|");
  std::set<std::string> names;
  for (const Region& r : model.regions)
    names.insert(r.name);
  CHECK(names.size() == model.regions.size());
}

namespace {

// `m` and two pingpongs of a b c: "big", repeat 16383, and "bigger", repeat 16384.
PackModel with_long_pingpongs(PackModel m) {
  ActionModel big = action("big", Mode::kPingpong, {{step("a", 1), step("b", 1), step("c", 1)}});
  big.repeat = 16383;
  ActionModel bigger = big;
  bigger.name = "bigger";
  bigger.repeat = 16384;
  m.actions.push_back(big);
  m.actions.push_back(bigger);
  return m;
}

}  // namespace

TEST_CASE("a repeat that would expand past 65,536 steps loops and is named") {
  // A cycle after the first is 4 steps (b c b a): 5 + 4 * (16383 - 1) = 65533 fits;
  // 5 + 4 * (16384 - 1) = 65537 does not.
  auto p = make(with_long_pingpongs(fixture()), {page_16x8()});
  const Model model = exporter::build_model(p->view, p->pages, true);
  CHECK(anim(model, "big").frames.size() == 65533);
  CHECK_FALSE(anim(model, "big").loop);
  CHECK(anim(model, "bigger").frames.size() == 5);  // the first cycle, looping
  CHECK(anim(model, "bigger").loop);
  CHECK(model.uncarried.long_repeat == std::vector<std::string>{"bigger"});
}

namespace {

Animation with_ticks(const std::vector<std::uint32_t>& ticks) {
  Animation a;
  for (std::uint32_t t : ticks)
    a.frames.push_back({0, t});
  return a;
}

}  // namespace

TEST_CASE("uniform rate: the exact gcd of the ticks, or the smallest step within 100,000 frames") {
  // gcd(4, 6, 10) = 2: at 60 ticks/s, 30 fps; the frames shown 2, 3 and 5 times.
  Animation a = with_ticks({4, 6, 10});
  exporter::UniformRate r = exporter::uniform_rate(a, 60);
  CHECK(r.exact);
  CHECK(r.ticks_per_frame == 2);
  CHECK(r.fps == 30.0);
  CHECK(exporter::repeats(a.frames[0], r) == 2);
  CHECK(exporter::repeats(a.frames[1], r) == 3);
  CHECK(exporter::repeats(a.frames[2], r) == 5);
  // gcd(3, 5) = 1: 7 ticks/s is 7 fps.
  r = exporter::uniform_rate(with_ticks({3, 5}), 7);
  CHECK(r.ticks_per_frame == 1);
  CHECK(r.fps == 7.0);
  // gcd(12, 18) = 6 at 8 ticks/s: 8/6 fps.
  r = exporter::uniform_rate(with_ticks({12, 18}), 8);
  CHECK(r.ticks_per_frame == 6);
  CHECK(r.fps == 8.0 / 6.0);
  // 100,000 frames at the exact rate still fit: 100,000 one-tick steps.
  Animation fits = with_ticks(std::vector<std::uint32_t>(100000, 1));
  r = exporter::uniform_rate(fits, 60);
  CHECK(r.exact);
  CHECK(r.ticks_per_frame == 1);
  // 1 + 200,000 ticks, gcd 1, would be 200,001 frames: the step becomes
  // ceil(200,001 / 100,000) = 3 ticks, 20 fps at 60, and the frames are rounded:
  // 1/3 -> 1 (at least once), 200,000/3 = 66,666.7 -> 66,667.
  Animation longer = with_ticks({1, 200000});
  r = exporter::uniform_rate(longer, 60);
  CHECK_FALSE(r.exact);
  CHECK(r.ticks_per_frame == 3);
  CHECK(r.fps == 20.0);
  CHECK(exporter::repeats(longer.frames[0], r) == 1);
  CHECK(exporter::repeats(longer.frames[1], r) == 66667);
  // 100,001 one-tick steps: step 2, each frame 1/2 -> rounded half up -> 1.
  Animation over = with_ticks(std::vector<std::uint32_t>(100001, 1));
  r = exporter::uniform_rate(over, 60);
  CHECK_FALSE(r.exact);
  CHECK(r.ticks_per_frame == 2);
  CHECK(exporter::repeats(over.frames[0], r) == 1);
  // One step of 4,000,000,000 ticks: gcd 4e9, one frame, exact.
  r = exporter::uniform_rate(with_ticks({4000000000u}), 60);
  CHECK(r.exact);
  CHECK(r.ticks_per_frame == 4000000000u);
}

TEST_CASE("E0701: aseprite-json's one sheet cannot hold the frames; other formats can") {
  // 128x128 frames at distinct offsets (dx, dy) of one 256x256 page (they overlap, so the
  // page stays small; the sheet places each distinct rectangle anew). On a 16,384 px wide
  // sheet with 1 px between them, 127 fit in a row (127*129-1 = 16,382) and 127 rows
  // (the 128th would start at y = 127*129 = 16,383 and end past 16,384): 16,129 in all.
  // One more, 16,130, does not fit, and nothing of the sheet's 1 GiB is made.
  PackModel m;
  m.tick_rate = 60;
  image::Image page(256, 256);
  page.pixel(0, 0)[3] = 255;
  m.pages.push_back({256, 256, image::encode_png(page), ""});
  for (std::uint32_t i = 0; i < 16130; ++i)
    m.frames.push_back(
        frame("f" + std::to_string(i), i % 129, i / 129, 128, 128, 0, 0, 128, 128, 0, 0));
  auto p = make(m, {page});
  exporter::Options o;
  o.format = named("aseprite-json");
  o.stem = "big";
  o.out_name = "big.json";
  o.pack_name = "big.spk";
  diag::Sink sink;
  auto files = exporter::export_pack(p->view, p->pages, o, sink);
  CHECK_FALSE(files.has_value());
  REQUIRE(sink.error_count() == 1);
  CHECK(diag::info(sink.diagnostics()[0].code).id == "E0701");
  CHECK(sink.diagnostics()[0].code == diag::Code::kExportSheetTooLarge);
  // Phaser keeps the pack's page: the same pack exports.
  o.format = named("phaser");
  diag::Sink ok;
  auto phaser = exporter::export_pack(p->view, p->pages, o, ok);
  REQUIRE(phaser.has_value());
  CHECK(ok.error_count() == 0);
  CHECK((*phaser)[0].name == "big.json");
}

TEST_CASE("aseprite-json writes whole milliseconds, and aseprite_json: reads back the ticks") {
  // 60 ticks/s: one action of 1, 1, 1, 2, 7 ticks. It ends at ticks 1, 2, 3, 5, 12 =
  // 16.67, 33.33, 50, 83.33, 200 ms; rounded there: 17, 33, 50, 83, 200; so the durations
  // are 17, 16, 17, 33, 117 (whole, as Aseprite writes them; the fractions 16.67 … were
  // refused by spritec's own reader). Read back at 60/s ((ms * 60 + 500) / 1000): 1, 1,
  // 1, 2, 7.
  PackModel m;
  m.tick_rate = 60;
  m.pages.push_back({16, 8, image::encode_png(page_16x8()), ""});
  m.frames = {frame("a", 0, 0, 4, 3, 2, 3, 8, 6, 1, 1), frame("b", 4, 0, 2, 2, 0, 0, 2, 2, 0, 0)};
  m.actions.push_back(
      action("walk", Mode::kLoop,
             {{step("a", 1), step("b", 1), step("a", 1), step("b", 2), step("a", 7)}}));
  auto p = make(m, {page_16x8()});
  exporter::Options o;
  o.format = named("aseprite-json");
  o.stem = "rt";
  o.out_name = "rt.json";
  o.pack_name = "rt.spk";
  diag::Sink sink;
  auto files = exporter::export_pack(p->view, p->pages, o, sink);
  REQUIRE(files.has_value());
  // One W0706 for the 5 frames, none a whole number of ms on its own (16.67 … 116.67).
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == diag::Code::kExportDurations);
  INFO(sink.diagnostics()[0].message);
  CHECK(sink.diagnostics()[0].message.find("5 of 5 frames are rounded") != std::string::npos);

  const fs::path root = fs::temp_directory_path() / "spritec-export-aseprite-roundtrip";
  fs::remove_all(root);
  fs::create_directories(root);
  for (const exporter::File& f : *files) {
    std::ofstream out(root / f.name, std::ios::binary);
    out.write(reinterpret_cast<const char*>(f.bytes.data()), std::streamsize(f.bytes.size()));
  }
  diag::Sink read;
  def::LoadOptions options;
  options.root = root;
  auto d = def::load_definition_from(
      "pack: rt\ntick_rate: 60\nsheets:\n  - name: s\n    aseprite_json: rt.json\n    tags: true\n",
      root / "rt.sprites.yaml", options, read);
  fs::remove_all(root);
  INFO((read.diagnostics().empty() ? "" : read.diagnostics()[0].message));
  REQUIRE(d);
  CHECK(read.error_count() == 0);
  const def::Action* walk = d->find_action("walk");
  REQUIRE(walk);
  std::vector<int> ticks;
  for (const def::Step& s : walk->steps.at(0))
    ticks.push_back(s.ticks);
  CHECK(ticks == std::vector<int>{1, 1, 1, 2, 7});
  REQUIRE(d->sheets.at(0).durations_ms.size() == 5);
  CHECK(d->sheets.at(0).durations_ms == std::vector<int>{17, 16, 17, 33, 117});
}

// Issue 23, hostile inputs: the caps and refusals of export_pack (E0703, E0704) and the
// linear pixi writer.
namespace {

exporter::Options options_for(exporter::Format format) {
  exporter::Options o;
  o.format = format;
  o.stem = "x";
  o.out_name = "x.json";
  o.pack_name = "x.spk";
  return o;
}

// One 1x1 frame "f" on a 1x1 page, and `actions`.
std::unique_ptr<Pack> one_frame_pack(std::vector<ActionModel> actions) {
  PackModel m;
  m.tick_rate = 60;
  image::Image page(1, 1);
  page.pixel(0, 0)[3] = 255;
  m.pages.push_back({1, 1, image::encode_png(page), ""});
  m.frames = {frame("f", 0, 0, 1, 1, 0, 0, 1, 1, 0, 0)};
  m.actions = std::move(actions);
  return make(m, {page});
}

// An action of `views` views of the one-tick step "f", looping `repeat` times.
ActionModel spin(std::string name, std::uint32_t views, std::uint32_t repeat) {
  ActionModel a = action(std::move(name), Mode::kLoop,
                         std::vector<std::vector<StepModel>>(views, {step("f", 1)}));
  a.repeat = repeat;
  return a;
}

bool animated(exporter::Format f) {
  return f->name != "spine" && f->name != "libgdx-legacy";
}

std::vector<exporter::Format> all_formats() {
  return {named("godot4"), named("godot3"), named("spine"),        named("libgdx-legacy"),
          named("phaser"), named("pixi"),   named("aseprite-json")};
}

}  // namespace

TEST_CASE("animation_frames counts what build_model makes, views times the steps played") {
  // The fixture's actions (steps a b c unless said), worked out by hand: loop 3; once 2;
  // pingpong forever a b c b = 4; pingpong repeat 2: a b c b a, then b c b a = 9; reverse
  // 3; repeat 3 from loop_from 1: a b c, b c, b c = 7; loop_from 2 forever 3; two views
  // of 3 = 6. And the long pingpongs: 65,533, and 5 for the one that loops instead.
  const std::vector<std::uint64_t> expected = {3, 2, 4, 9, 3, 7, 3, 6, 65533, 5};
  auto p = make(with_long_pingpongs(fixture()), {page_16x8()});
  REQUIRE(p->view.action_count() == expected.size());
  const Model model = exporter::build_model(p->view, p->pages, true);
  for (std::uint32_t i = 0; i < p->view.action_count(); ++i) {
    INFO(p->view.action_name(i));
    CHECK(exporter::animation_frames(p->view.action(i)) == expected[i]);
    std::uint64_t made = 0;
    for (const Animation& a : model.animations)
      made += a.action == i ? a.frames.size() : 0;
    CHECK(made == expected[i]);
  }
}

TEST_CASE("E0703: 360 views repeated 65,536 times are refused before anything is built") {
  // The 9 KB pack of issue 23: 23.6 million frames (bad_alloc, SIGABRT, a 1.4 GB file).
  const std::uint64_t count = 360ull * 65536;  // views x (1 step x 65,536 cycles)
  REQUIRE(count > exporter::kMaxAnimationFrames);
  auto p = one_frame_pack({spin("spin", 360, 65536)});
  for (exporter::Format f : all_formats()) {
    INFO(exporter::format_name(f));
    diag::Sink sink;
    auto files = exporter::export_pack(p->view, p->pages, options_for(f), sink);
    if (!animated(f)) {  // an atlas has no animations: nothing to expand
      CHECK(files.has_value());
      CHECK(sink.error_count() == 0);
      continue;
    }
    CHECK_FALSE(files.has_value());
    REQUIRE(sink.error_count() == 1);
    const diag::Diagnostic& d = sink.diagnostics()[0];
    CHECK(d.code == diag::Code::kExportTooManyFrames);
    INFO(d.message);
    CHECK(d.message.find("hold " + std::to_string(count) + " frames") != std::string::npos);
    CHECK(d.message.find("action 'spin'") != std::string::npos);
  }
}

TEST_CASE("E0703 counts every action together, and exactly the cap exports") {
  // Two views of 65,536 one-tick steps played (repeat 65,536 of one step): 131,072, the
  // cap; one more one-step action passes it.
  const std::uint64_t at_cap = 2ull * 65536;
  REQUIRE(at_cap == exporter::kMaxAnimationFrames);
  auto fits = one_frame_pack({spin("spin", 2, 65536)});
  diag::Sink ok;
  auto files = exporter::export_pack(fits->view, fits->pages, options_for(named("godot3")), ok);
  CHECK(files.has_value());
  CHECK(ok.error_count() == 0);
  auto over = one_frame_pack({spin("spin", 2, 65536), spin("one", 1, 1)});
  diag::Sink refused;
  files = exporter::export_pack(over->view, over->pages, options_for(named("godot3")), refused);
  CHECK_FALSE(files.has_value());
  REQUIRE(refused.error_count() == 1);
  CHECK(refused.diagnostics()[0].code == diag::Code::kExportTooManyFrames);
  INFO(refused.diagnostics()[0].message);
  CHECK(refused.diagnostics()[0].message.find("hold " + std::to_string(at_cap + 1) + " frames") !=
        std::string::npos);
}

TEST_CASE("E0703: godot3 and pixi count their one-rate lists, which durations lengthen") {
  // Two actions of steps of 1 and 99,999 ticks (gcd 1): 2 frames each in the Model, but
  // 1 + 99,999 = 100,000 listed at the exact rate, 200,000 together: over the cap for the
  // formats that list frames at one rate; godot4 and phaser give durations and export.
  auto action_of = [](std::string name) {
    return action(std::move(name), Mode::kLoop, {{step("f", 1), step("f", 99999)}});
  };
  const std::uint64_t listed = 2 * (1 + 99999);
  REQUIRE(listed > exporter::kMaxAnimationFrames);
  auto p = one_frame_pack({action_of("a"), action_of("b")});
  for (exporter::Format f : all_formats()) {
    INFO(exporter::format_name(f));
    diag::Sink sink;
    auto files = exporter::export_pack(p->view, p->pages, options_for(f), sink);
    if (f != named("godot3") && f != named("pixi")) {
      CHECK(files.has_value());
      continue;
    }
    CHECK_FALSE(files.has_value());
    REQUIRE(sink.error_count() == 1);
    CHECK(sink.diagnostics()[0].code == diag::Code::kExportTooManyFrames);
    INFO(sink.diagnostics()[0].message);
    CHECK(sink.diagnostics()[0].message.find("hold " + std::to_string(listed) + " frames") !=
          std::string::npos);
  }
}

TEST_CASE("E0704: an action named as another action's view is exported is refused, naming both") {
  // walk has 2 views, exported as walk/0 and walk/1; the action walk/1 would be a second
  // walk/1 (godot4, phaser and aseprite-json held both, pixi kept one). Atlases export.
  auto p = one_frame_pack({spin("walk", 2, 0), spin("walk/1", 1, 0)});
  for (exporter::Format f : all_formats()) {
    INFO(exporter::format_name(f));
    diag::Sink sink;
    auto files = exporter::export_pack(p->view, p->pages, options_for(f), sink);
    if (!animated(f)) {
      CHECK(files.has_value());
      continue;
    }
    CHECK_FALSE(files.has_value());
    REQUIRE(sink.error_count() == 1);
    const diag::Diagnostic& d = sink.diagnostics()[0];
    CHECK(d.code == diag::Code::kExportNameClash);
    INFO(d.message);
    CHECK(d.message.find("two animations named 'walk/1'") != std::string::npos);
    CHECK(d.message.find("view 1 of action 'walk'") != std::string::npos);
    CHECK(d.message.find("and action 'walk/1'") != std::string::npos);
  }
  // walk/2 is no view of a two-view walk, nor walk/01: both export.
  for (const char* name : {"walk/2", "walk/01"}) {
    auto q = one_frame_pack({spin("walk", 2, 0), spin(name, 1, 0)});
    diag::Sink sink;
    CHECK(exporter::export_pack(q->view, q->pages, options_for(named("phaser")), sink));
    CHECK(sink.error_count() == 0);
  }
}

TEST_CASE("the pixi writer adds each frame without looking up the names before it") {
  // Filling an ordered JSON object by key scans every key before it: 65,535 frames took
  // 14 s (issue 23). The writer appends instead, which it may because its keys are
  // distinct by construction (E0501, E0704). The proof that no key is looked up: given a
  // Model with two regions of one name (which export_pack never passes it), both entries
  // are written — a lookup would have found the first and replaced it.
  Model model;
  exporter::Page page;
  page.width = page.height = 4;
  page.own = image::Image(4, 4);
  model.pages.push_back(std::move(page));
  for (const char* name : {"twice", "once", "twice"}) {
    Region r;
    r.name = name;
    r.w = r.h = r.source_w = r.source_h = 1;
    model.regions.push_back(r);
  }
  const std::vector<exporter::File> files =
      exporter::detail::pixi(model, options_for(named("pixi")));
  REQUIRE(!files.empty());
  const std::string text(files[0].bytes.begin(), files[0].bytes.end());
  std::size_t entries = 0;
  for (std::size_t at = text.find("\"twice\": {"); at != std::string::npos;
       at = text.find("\"twice\": {", at + 1))
    ++entries;
  CHECK(entries == 2);
}

TEST_CASE("the formats' one table gives their names, their order and their help text") {
  // docs/cli.md: export --format takes these eight names, listed in this order.
  const std::vector<std::string> names = {"godot4", "godot3", "spine",         "libgdx-legacy",
                                          "phaser", "pixi",   "aseprite-json", "spritec-json"};
  CHECK(exporter::format_names() == names);
  for (const std::string& name : names) {
    INFO(name);
    REQUIRE(exporter::parse_format(name).has_value());
    CHECK(exporter::format_name(*exporter::parse_format(name)) == name);
  }
  CHECK_FALSE(exporter::parse_format("godot").has_value());
  CHECK(exporter::formats_listed(false) ==
        "godot4, godot3, spine, libgdx-legacy, phaser, pixi, aseprite-json or spritec-json");
  CHECK(exporter::formats_listed(true) ==
        "godot4, godot3 (SpriteFrames .tres), spine, libgdx-legacy (.atlas), phaser "
        "(multi-atlas + STEM.anims.json), pixi (JSON Hash pages), aseprite-json or spritec-json "
        "(the whole pack, for runtimes/js)");
}

TEST_CASE("every format of the table is found by its name, and no other name is") {
  // docs/engines.md names the seven engine formats; docs/format.md spritec-json.
  const std::vector<std::string> names = {"godot4", "godot3", "spine",         "libgdx-legacy",
                                          "phaser", "pixi",   "aseprite-json", "spritec-json"};
  CHECK(exporter::format_names() == names);
  for (const std::string& name : names)
    CHECK(exporter::format_name(named(name)) == name);
  CHECK_FALSE(exporter::parse_format("godot"));
  CHECK_FALSE(exporter::parse_format(""));
  CHECK(exporter::formats_listed(false) ==
        "godot4, godot3, spine, libgdx-legacy, phaser, pixi, aseprite-json or spritec-json");
}
