// The definition model (DESIGN.md section 2) and the checks on sheets, images and
// frames (E01xx from the schema, E02xx). Positions are 1-based line:byte-column, counted
// by hand on the inline texts.
#include <filesystem>
#include <functional>

#include "def_test_util.hpp"
#include "spritec/def/model.hpp"

using namespace def_test;
using spritec::def::Flip;
using spritec::def::PlayMode;
using spritec::def::Rect;
using spritec::def::SheetKind;
using spritec::def::ThenKind;
using spritec::diag::Code;
namespace fs = std::filesystem;

TEST_CASE("a grid yields frames named row-major with the grid's origin") {
  auto l = load(
      "pack: p\n"
      "sheets:\n"
      "  - name: s\n"
      "    image: img/sheet32x16.png\n"
      "    grid: {cell: [8, 8], origin: [4, 7]}\n");
  REQUIRE(l.def);
  CHECK(l.sink.diagnostics().empty());
  const auto& d = *l.def;
  CHECK(d.pack == "p");
  CHECK(d.tick_rate == 60);
  REQUIRE(d.sheets.size() == 1);
  CHECK(d.sheets[0].kind == SheetKind::kGrid);
  CHECK(d.sheets[0].image_size.width == 32);
  CHECK(d.sheets[0].image_size.height == 16);
  // 32x16 in 8x8 cells: 4 columns, 2 rows, 8 frames s/0 … s/7.
  REQUIRE(d.frames.size() == 8);
  for (int i = 0; i < 8; ++i)
    CHECK(d.frames[static_cast<std::size_t>(i)].name == "s/" + std::to_string(i));
  // Row-major: s/3 is column 3 of row 0, s/5 column 1 of row 1.
  CHECK(d.frames[3].rect == Rect{24, 0, 8, 8});
  CHECK(d.frames[5].rect == Rect{8, 8, 8, 8});
  CHECK(d.frames[5].origin.x == 4);
  CHECK(d.frames[5].origin.y == 7);
  const fs::path expected = fs::weakly_canonical(kDefsDir + "/img/sheet32x16.png");
  CHECK(d.frames[0].image == expected);
  REQUIRE(d.dependencies.size() == 2);
  CHECK(d.dependencies[0] == fs::path(kFile));
  CHECK(d.dependencies[1] == expected);
  CHECK(d.actions.empty());
}

TEST_CASE("a grid's offset, spacing and count choose which cells become frames") {
  // 48 px wide, offset 2, cells 8 with spacing 2: cells start at 2, 12, 22, 32 (ends 40);
  // the next would start at 42 and end at 50 > 48, so 4 columns; 1 row. count 3 keeps 3.
  auto l = load(
      "pack: p\n"
      "sheets:\n"
      "  - name: s\n"
      "    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], offset: [2, 0], spacing: [2, 0], count: 3}\n"
      "  - name: t\n"
      "    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], offset: [2, 0], spacing: [2, 0]}\n");
  REQUIRE(l.def);
  const auto& f = l.def->frames;
  REQUIRE(f.size() == 7);
  CHECK(f[0].rect == Rect{2, 0, 8, 8});
  CHECK(f[1].rect == Rect{12, 0, 8, 8});
  CHECK(f[2].rect == Rect{22, 0, 8, 8});
  CHECK(f[3].name == "t/0");
  CHECK(f[6].name == "t/3");
  CHECK(f[6].rect == Rect{32, 0, 8, 8});
  // Without an origin anywhere, frames pivot on their top-left corner.
  CHECK(f[0].origin.x == 0);
  CHECK(f[0].origin.y == 0);
}

TEST_CASE("explicit frames keep their rects and fall back to the sheet's origin") {
  auto l = load(
      "pack: p\n"
      "sheets:\n"
      "  - name: hero\n"
      "    image: img/strip48x8.png\n"
      "    origin: [1, 2]\n"
      "    colorkey: \"#FF00ff\"\n"
      "    frames:\n"
      "      e: {rect: [0, 0, 24, 8], origin: [8, 15]}\n"
      "      s: {rect: [24, 0, 16, 8]}\n");
  REQUIRE(l.def);
  const auto& d = *l.def;
  REQUIRE(d.frames.size() == 2);
  CHECK(d.frames[0].name == "hero/e");
  CHECK(d.frames[0].rect == Rect{0, 0, 24, 8});
  CHECK(d.frames[0].origin.x == 8);
  CHECK(d.frames[0].origin.y == 15);  // an origin may lie outside its frame
  CHECK(d.frames[1].name == "hero/s");
  CHECK(d.frames[1].origin.x == 1);
  CHECK(d.frames[1].origin.y == 2);
  REQUIRE(d.sheets[0].colorkey);
  CHECK(*d.sheets[0].colorkey == spritec::def::Rgb{255, 0, 255});
  CHECK(d.sheets[0].kind == SheetKind::kFrames);
}

TEST_CASE("files: makes one frame per matching PNG, sorted by name") {
  // img/run holds run_b.png, run_a.png, run_c.png (16x30) and notes.txt.
  auto l = load(
      "pack: p\n"
      "sheets:\n"
      "  - name: run\n"
      "    files: \"img/run/*.png\"\n"
      "    origin: [16, 30]\n");
  REQUIRE(l.def);
  const auto& f = l.def->frames;
  REQUIRE(f.size() == 3);
  CHECK(f[0].name == "run/run_a");
  CHECK(f[1].name == "run/run_b");
  CHECK(f[2].name == "run/run_c");
  CHECK(f[2].rect == Rect{0, 0, 16, 30});
  CHECK(f[0].rect == Rect{0, 0, 16, 32});
  CHECK(f[0].origin.x == 16);
  CHECK(f[0].origin.y == 30);
  CHECK(f[1].image == fs::weakly_canonical(kDefsDir + "/img/run/run_b.png"));
  CHECK(l.def->sheets[0].kind == SheetKind::kFiles);
  CHECK(l.def->dependencies.size() == 4);
}

TEST_CASE("? matches one character in a files: pattern") {
  auto l = load("pack: p\nsheets:\n  - name: r\n    files: img/run/run_?.png\n");
  REQUIRE(l.def);
  CHECK(l.def->frames.size() == 3);
}

TEST_CASE("atlas options default as DESIGN.md says and can be overridden") {
  auto plain = load(kHead);
  REQUIRE(plain.def);
  const auto& a = plain.def->atlas;
  CHECK(a.max_size.width == 2048);
  CHECK(a.max_size.height == 2048);
  CHECK(a.padding == 2);
  CHECK(a.extrude == 0);
  CHECK(a.trim);
  CHECK(a.dedupe);
  CHECK_FALSE(a.power_of_two);
  CHECK(a.png == spritec::def::PagePng::kAuto);
  CHECK_FALSE(a.bleed);
  CHECK_FALSE(a.premultiply);

  auto custom = load(kHead +
                     "atlas: {max_size: [1024, 512], padding: 0, extrude: 1, trim: false, "
                     "dedupe: false, power_of_two: true, png: rgba}\n");
  REQUIRE(custom.def);
  const auto& b = custom.def->atlas;
  CHECK(b.max_size.width == 1024);
  CHECK(b.max_size.height == 512);
  CHECK(b.padding == 0);
  CHECK(b.extrude == 1);
  CHECK_FALSE(b.trim);
  CHECK_FALSE(b.dedupe);
  CHECK(b.power_of_two);
  CHECK(b.png == spritec::def::PagePng::kRgba);

  auto automatic = load(kHead + "atlas: {png: auto}\n");
  REQUIRE(automatic.def);
  CHECK(automatic.def->atlas.png == spritec::def::PagePng::kAuto);

  auto alpha = load(kHead + "atlas: {bleed: true, premultiply: true}\n");
  REQUIRE(alpha.def);
  CHECK(alpha.def->atlas.bleed);
  CHECK(alpha.def->atlas.premultiply);
  CHECK(alpha.def->atlas.png == spritec::def::PagePng::kAuto);
}

TEST_CASE("ms converts to ticks rounded to nearest, at least 1") {
  using spritec::def::ms_is_exact;
  using spritec::def::ms_to_ticks;
  // floor((ms * rate + 500) / 1000):
  CHECK(ms_to_ticks(100, 60) == 6);  // 6000 + 500 -> 6
  CHECK(ms_to_ticks(100, 25) == 3);  // 2500 + 500 = 3000 -> 3 (2.5 rounds up)
  CHECK(ms_to_ticks(25, 60) == 2);   // 1500 + 500 = 2000 -> 2
  CHECK(ms_to_ticks(24, 60) == 1);   // 1440 + 500 = 1940 -> 1
  CHECK(ms_to_ticks(10, 60) == 1);   // 600 + 500 -> 1
  CHECK(ms_to_ticks(0, 60) == 1);    // 0 + 500 -> 0, raised to 1
  CHECK(ms_to_ticks(1000, 60) == 60);
  CHECK(ms_is_exact(50, 60));        // 3000 / 1000 = 3
  CHECK_FALSE(ms_is_exact(10, 60));  // 0.6 ticks
  CHECK_FALSE(ms_is_exact(0, 60));   // rounded up to 1
}

TEST_CASE("actions load with their defaults, views, flat lists and blank steps") {
  const std::string text = kHead +
                           "actions:\n"
                           "  walk:\n"
                           "    views: 2\n"
                           "    first_view: -90\n"
                           "    ticks: 8\n"
                           "    frames:\n"
                           "      - [s/0, {frame: s/1, move: [2, 0], event: step}]\n"
                           "      - [{frame: s/0, flip: x}, {frame: s/1, flip: x, move: [-2, 0], "
                           "event: step}]\n"
                           "    transitions:\n"
                           "      - {to: idle, unless: [move]}\n"
                           "  idle: {frames: [s/2, {frame: null}, ~, {frame: s/3, ms: 50}]}\n"
                           "  attack: {mode: once, then: idle, frames: [s/4]}\n"
                           "  boom: {mode: pingpong, repeat: 2, then: destroy, ms: 34, frames: "
                           "[s/5]}\n";
  auto l = load(text);
  REQUIRE(l.def);
  const auto& d = *l.def;
  REQUIRE(d.actions.size() == 4);

  const auto& walk = d.actions[0];
  CHECK(walk.name == "walk");
  CHECK(walk.views == 2);
  CHECK(walk.first_view == 270);  // -90 degrees normalised
  CHECK(walk.mode == PlayMode::kLoop);
  CHECK(walk.repeat == 0);  // forever
  CHECK(walk.then == ThenKind::kHold);
  REQUIRE(walk.steps.size() == 2);
  REQUIRE(walk.steps[0].size() == 2);
  CHECK(walk.steps[0][0].frame == "s/0");
  CHECK(walk.steps[0][0].ticks == 8);
  CHECK(walk.steps[0][1].move.x == 2);
  CHECK(walk.steps[0][1].event == "step");
  CHECK(walk.steps[1][0].flip == Flip::kX);
  CHECK(walk.steps[1][1].move.x == -2);
  REQUIRE(walk.transitions.size() == 1);
  CHECK(walk.transitions[0].to == "idle");
  CHECK(walk.transitions[0].unless == std::vector<std::string>{"move"});
  CHECK(walk.transitions[0].when.empty());
  CHECK_FALSE(walk.transitions[0].immediate);

  const auto& idle = d.actions[1];
  REQUIRE(idle.steps.size() == 1);  // a flat list is one view
  REQUIRE(idle.steps[0].size() == 4);
  CHECK(idle.steps[0][0].ticks == 6);  // the default 100 ms at 60 ticks/s
  CHECK(idle.steps[0][1].blank);
  CHECK(idle.steps[0][1].frame.empty());
  CHECK(idle.steps[0][2].blank);
  CHECK(idle.steps[0][3].ticks == 3);  // 50 ms at 60 ticks/s, exact

  const auto& attack = d.actions[2];
  CHECK(attack.mode == PlayMode::kOnce);
  CHECK(attack.repeat == 1);  // once plays one cycle
  CHECK(attack.then == ThenKind::kAction);
  CHECK(attack.then_action == "idle");

  const auto& boom = d.actions[3];
  CHECK(boom.mode == PlayMode::kPingpong);
  CHECK(boom.repeat == 2);
  CHECK(boom.then == ThenKind::kDestroy);
  CHECK(boom.steps[0][0].ticks == 2);  // 34 ms * 60 = 2.04 ticks -> 2

  CHECK(d.inputs == std::vector<std::string>{"move"});
  CHECK(d.events == std::vector<std::string>{"step"});

  // The only diagnostic: 34 ms is not a whole number of ticks (W0301 at the value,
  // line 18 "  boom: {mode: pingpong, repeat: 2, then: destroy, ms: 34, …": column 56).
  REQUIRE(l.sink.diagnostics().size() == 1);
  const auto& w = l.sink.diagnostics()[0];
  CHECK(w.severity == spritec::diag::Severity::kWarning);
  CHECK(w.code == Code::kInexactDuration);
  CHECK(w.span.line == 18);
  CHECK(w.span.column == 56);
  CHECK(w.message == "ms: 34 is 2.04 ticks at 60 ticks per second; rounded to 2");
}

TEST_CASE("the default step of 100 ms follows the pack's tick rate") {
  // 100 ms at 25 ticks/s is 2.5 ticks, rounded to 3; a default is not warned about.
  auto l = load("pack: p\ntick_rate: 25\n" + kHead.substr(8) + "actions:\n  a: {frames: [s/0]}\n");
  REQUIRE(l.def);
  CHECK(l.def->tick_rate == 25);
  CHECK(l.def->actions[0].steps[0][0].ticks == 3);
  CHECK(l.sink.diagnostics().empty());
}

TEST_CASE("a definition without actions is a plain atlas") {
  for (const std::string tail : {"", "actions:\n", "actions: {}\n"}) {
    auto l = load(kHead + tail);
    REQUIRE(l.def);
    CHECK(l.def->actions.empty());
    CHECK(l.sink.diagnostics().empty());
  }
}

// --- schema errors -------------------------------------------------------------------

TEST_CASE("an unknown key is reported at the key with a suggestion (E0104)") {
  // "    grid: {cell: [8, 8], orign: [4, 7]}": 4 + 21 bytes precede orign -> column 26.
  auto l = load(
      "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], orign: [4, 7]}\n");
  CHECK_FALSE(l.def);
  require_only(l, Code::kUnknownKey, 5, 26);
  CHECK(l.sink.diagnostics()[0].message == "unknown key 'orign' (did you mean 'origin'?)");
}

TEST_CASE("after unknown keys the other checks still run") {
  // The typo (E0104 at 5:26) and the missing image (E0202 at 7:12) in one run.
  auto l = load(
      "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], orign: [4, 7]}\n"
      "  - name: t\n    image: img/missing.png\n    grid: {cell: [8, 8]}\n");
  CHECK_FALSE(l.def);
  REQUIRE(l.sink.diagnostics().size() == 2);
  CHECK(l.sink.diagnostics()[0].code == Code::kUnknownKey);
  CHECK(l.sink.diagnostics()[1].code == Code::kImageUnreadable);
  CHECK(l.sink.diagnostics()[1].span.line == 7);
  CHECK(l.sink.diagnostics()[1].span.column == 12);
}

TEST_CASE("after a wrong type the well-formed parts are still checked") {
  // tick_rate: fast (E0105 at 2:12) and the missing image (E0202 at 5:12) in one run.
  auto l = load(
      "pack: p\ntick_rate: fast\nsheets:\n  - name: t\n    image: img/missing.png\n"
      "    grid: {cell: [8, 8]}\n");
  CHECK_FALSE(l.def);
  REQUIRE(l.sink.diagnostics().size() == 2);
  CHECK(l.sink.diagnostics()[0].code == Code::kWrongType);
  CHECK(l.sink.diagnostics()[0].span.line == 2);
  CHECK(l.sink.diagnostics()[1].code == Code::kImageUnreadable);
  CHECK(l.sink.diagnostics()[1].span.line == 5);
  CHECK(l.sink.diagnostics()[1].span.column == 12);
}

TEST_CASE("a misspelt top-level key suggests the real one") {
  auto l = load("pack: p\ntickrate: 30\n");
  require_only(l, Code::kUnknownKey, 2, 1);
  CHECK(l.sink.diagnostics()[0].message == "unknown key 'tickrate' (did you mean 'tick_rate'?)");
}

TEST_CASE("a missing required key is reported at its mapping (E0108)") {
  SECTION("grid without cell: at the flow mapping's brace, 5:11") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    grid: {origin: [4, 7]}\n");
    require_only(l, Code::kMissingKey, 5, 11);
    CHECK(l.sink.diagnostics()[0].message == "missing required key 'cell'");
  }
  SECTION("no pack: at the root mapping, 1:1") {
    auto l = load("sheets: []\n");
    require_only(l, Code::kMissingKey, 1, 1);
  }
}

TEST_CASE("a value of the wrong type is E0105 at the value") {
  auto l = load("pack: p\ntick_rate: fast\n");
  require_only(l, Code::kWrongType, 2, 12);
  CHECK(l.sink.diagnostics()[0].message == "tick_rate must be an integer, got a string ('fast')");
}

TEST_CASE("a value breaking a schema rule is E0109 at the value") {
  SECTION("below the minimum") {
    auto l = load("pack: p\ntick_rate: 0\n");
    require_only(l, Code::kSchema, 2, 12);
  }
  SECTION("not one of the modes: '  a: {mode: bounce' puts bounce at column 13") {
    auto l = load(kHead + "actions:\n  a: {mode: bounce, frames: [s/0]}\n");
    require_only(l, Code::kSchema, 7, 13);
  }
  SECTION("a page PNG kind that is not auto or rgba: 'atlas: {png: indexed}' at column 14") {
    auto l = load("pack: p\natlas: {png: indexed}\n");
    require_only(l, Code::kSchema, 2, 14);
  }
  SECTION("bleed that is not a boolean: 'atlas: {bleed: 1}' at column 16") {
    auto l = load("pack: p\natlas: {bleed: 1}\n");
    require_only(l, Code::kWrongType, 2, 16);
  }
  SECTION("a rect with three numbers") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    frames:\n      a: {rect: [0, 0, 8]}\n");
    require_only(l, Code::kSchema, 6, 17);
  }
}

// --- paths and images ----------------------------------------------------------------

namespace {
// A sheet whose image: value starts at 4:12 ("    image: " is 11 bytes).
std::string with_image(const std::string& image) {
  return "pack: p\nsheets:\n  - name: s\n    image: " + image + "\n    grid: {cell: [8, 8]}\n";
}
}  // namespace

TEST_CASE("absolute paths and paths leaving the root are E0201 at the value") {
  SECTION("absolute") {
    auto l = load(with_image("/etc/hosts"));
    require_only(l, Code::kPathOutsideRoot, 4, 12);
  }
  SECTION("an existing image outside the root (tests/data/defs)") {
    auto l = load(with_image("../conformance/strip.png"));
    require_only(l, Code::kPathOutsideRoot, 4, 12);
  }
  SECTION("a path that climbs out and comes back in is fine") {
    auto l = load(with_image("img/../img/strip48x8.png"));
    CHECK(l.def);
  }
}

TEST_CASE("a missing, non-PNG or truncated image is E0202 at its image: value") {
  for (const char* image : {"img/missing.png", "img/not_png.png", "img/truncated.png", "img/run"}) {
    INFO(image);
    auto l = load(with_image(image));
    require_only(l, Code::kImageUnreadable, 4, 12);
  }
}

TEST_CASE("an image over 16384 pixels a side is E0204, decided from its header") {
  // img/wide20000.png is a signature and an IHDR claiming 20000x8, with no pixel data.
  auto l = load(with_image("img/wide20000.png"));
  require_only(l, Code::kImageTooLarge, 4, 12);
  CHECK(l.sink.diagnostics()[0].message ==
        "image 'img/wide20000.png' is 20000x8 pixels; the limit is 16384 pixels a side");
}

TEST_CASE("a files: pattern matching nothing is E0205") {
  auto l = load("pack: p\nsheets:\n  - name: r\n    files: \"img/run/*.gif\"\n");
  // The quoted scalar starts at its quote: column 12.
  require_only(l, Code::kGlobNoMatch, 4, 12);
}

TEST_CASE("a zero-size rect or grid cell is E0206") {
  SECTION("rect: '      a: {rect: ' puts the list at column 17") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    frames:\n      a: {rect: [0, 0, 0, 8]}\n");
    require_only(l, Code::kZeroSizeRect, 6, 17);
  }
  SECTION("grid cell: '    grid: {cell: ' puts the list at column 18") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    grid: {cell: [0, 8]}\n");
    require_only(l, Code::kZeroSizeRect, 5, 18);
  }
}

TEST_CASE("a grid that yields no frame is E0207") {
  SECTION("cells larger than the image: at the grid, 5:11") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    grid: {cell: [64, 64]}\n");
    require_only(l, Code::kGridEmpty, 5, 11);
  }
  SECTION("count 0: at the count, 5:33") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    grid: {cell: [8, 8], count: 0}\n");
    require_only(l, Code::kGridEmpty, 5, 33);
  }
}

TEST_CASE("a rect outside its image is E0203 at the rect") {
  SECTION("past the right edge: 44 + 8 = 52 > 48") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    frames:\n      a: {rect: [0, 0, 8, 8]}\n      b: {rect: [44, 0, 8, 8]}\n");
    require_only(l, Code::kRectOutsideImage, 7, 17);
    CHECK(l.sink.diagnostics()[0].message ==
          "rect of 's/b' ends at x=52, outside strip48x8.png (48x8)");
  }
  SECTION("past the bottom edge: 4 + 8 = 12 > 8") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    frames:\n      b: {rect: [0, 4, 8, 8]}\n");
    require_only(l, Code::kRectOutsideImage, 6, 17);
    CHECK(l.sink.diagnostics()[0].message ==
          "rect of 's/b' ends at y=12, outside strip48x8.png (48x8)");
  }
  SECTION("a grid count beyond the six cells of the strip") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    grid: {cell: [8, 8], count: 7}\n");
    require_only(l, Code::kRectOutsideImage, 5, 33);
  }
}

TEST_CASE("a grid that would pass the frame cap is E0212, before any frame is listed") {
  // img/square300.png claims 300x300 pixels: 1x1 cells make 90000 frames > 65536.
  auto l = load(
      "pack: p\nsheets:\n  - name: s\n    image: img/square300.png\n"
      "    grid: {cell: [1, 1]}\n");
  require_only(l, Code::kTooManyFrames, 5, 11);
  CHECK(l.sink.diagnostics()[0].message ==
        "sheet 's' brings the definition to 90000 frames; the limit is 65536");
}

TEST_CASE("two frames with the same full name are E0208 with a note") {
  // Sheet "a" frame "b/c" and sheet "a/b" frame "c" are both "a/b/c".
  // Line 8 "    frames: {c: {rect: " -> the second rect at column 24;
  // line 5 "    frames: {\"b/c\": {rect: " -> the first at column 28.
  auto l = load(
      "pack: p\n"
      "sheets:\n"
      "  - name: a\n"
      "    image: img/strip48x8.png\n"
      "    frames: {\"b/c\": {rect: [0, 0, 8, 8]}}\n"
      "  - name: a/b\n"
      "    image: img/strip48x8.png\n"
      "    frames: {c: {rect: [8, 0, 8, 8]}}\n");
  require_only(l, Code::kDuplicateFrame, 8, 24);
  const auto& notes = l.sink.diagnostics()[0].notes;
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].message == "first defined here");
  CHECK(notes[0].span.line == 5);
  CHECK(notes[0].span.column == 28);
}

TEST_CASE("a colorkey that is not #rrggbb is E0209") {
  for (const char* key : {"\"#ff00f\"", "\"ff00ff\"", "\"#ff00fg\"", "\"#ff00ff80\""}) {
    INFO(key);
    auto l = load(std::string("pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n") +
                  "    colorkey: " + key + "\n    grid: {cell: [8, 8]}\n");
    require_only(l, Code::kBadColour, 5, 15);
  }
}

TEST_CASE("two sheets with the same name are E0210, reported once") {
  auto l = load(kHead + "  - name: s\n    image: img/strip48x8.png\n    grid: {cell: [8, 8]}\n");
  require_only(l, Code::kDuplicateSheet, 6, 11);
  REQUIRE(l.sink.diagnostics()[0].notes.size() == 1);
  CHECK(l.sink.diagnostics()[0].notes[0].span.line == 3);
}

TEST_CASE("a sheet that does not say how to cut its image is E0211") {
  SECTION("image: without grid: or frames:") {
    auto l = load("pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n");
    require_only(l, Code::kSheetSource, 4, 12);
  }
  SECTION("neither image: nor files:: at the name") {
    auto l = load("pack: p\nsheets:\n  - name: s\n");
    require_only(l, Code::kSheetSource, 3, 11);
  }
}

TEST_CASE("every error in a file is reported in one run") {
  // A missing image, a bad colorkey and an unknown frame in an action: three errors.
  auto l = load(
      "pack: p\n"
      "sheets:\n"
      "  - name: s\n"
      "    image: img/missing.png\n"
      "    grid: {cell: [8, 8]}\n"
      "  - name: t\n"
      "    image: img/strip48x8.png\n"
      "    colorkey: red\n"
      "    grid: {cell: [8, 8]}\n"
      "actions:\n"
      "  a: {frames: [t/0, t/6, s/3]}\n");
  CHECK_FALSE(l.def);
  CHECK(with_code(l.sink, Code::kImageUnreadable).size() == 1);
  CHECK(with_code(l.sink, Code::kBadColour).size() == 1);
  // t/6 does not exist; s/3 is not reported because sheet s could not be read.
  const auto unknown = with_code(l.sink, Code::kUnknownFrame);
  REQUIRE(unknown.size() == 1);
  CHECK(unknown[0].message.find("'t/6'") != std::string::npos);
  CHECK(l.sink.error_count() == 3);
}

TEST_CASE("load_definition reads the file from disk") {
  spritec::diag::Sink sink;
  spritec::def::LoadOptions options;
  options.root = kDefsDir;
  auto d = spritec::def::load_definition(kDefsDir + "/valid/hero.sprites.yaml", options, sink);
  INFO((sink.diagnostics().empty() ? std::string() : sink.diagnostics()[0].message));
  REQUIRE(d);
  CHECK(sink.diagnostics().empty());
  CHECK(d->pack == "hero");
  // body: 32x16 in 8x8 cells -> 8 frames; attack: 2 explicit; run: 3 files.
  CHECK(d->frames.size() == 13);
  CHECK(d->actions.size() == 3);
}

TEST_CASE("a symlink that leads outside the root is E0201, for image: and files: alike") {
  // A fresh root in the temp directory holding links to an image outside it.
  const fs::path root = fs::temp_directory_path() /
                        ("spritec-def-symlink-" + std::to_string(std::hash<std::string>{}(kFile)));
  fs::remove_all(root);
  fs::create_directories(root / "frames");
  const fs::path outside = fs::weakly_canonical(kDefsDir + "/img/strip48x8.png");
  fs::create_symlink(outside, root / "linked.png");
  fs::create_symlink(outside, root / "frames" / "a.png");
  spritec::def::LoadOptions options;
  options.root = root;
  spritec::diag::Sink sink;
  auto d = spritec::def::load_definition_from(
      "pack: p\n"
      "sheets:\n"
      "  - name: s\n"
      "    image: linked.png\n"
      "    grid: {cell: [8, 8]}\n"
      "  - name: f\n"
      "    files: frames/*.png\n",
      root / "t.sprites.yaml", options, sink);
  fs::remove_all(root);
  CHECK_FALSE(d);
  const auto errors = with_code(sink, Code::kPathOutsideRoot);
  REQUIRE(errors.size() == 2);
  CHECK(errors[0].span.line == 4);
  CHECK(errors[0].span.column == 12);
  CHECK(errors[1].span.line == 7);
  CHECK(errors[1].span.column == 12);
  CHECK(sink.error_count() == 2);
}

TEST_CASE("reverse, immediate rules and step durations in ms are read") {
  // Line 7: "  a: {reverse: true, frames: [{frame: s/0, ms: 20}, s/1], transitions: …".
  // 20 ms at 60 ticks/s is 1.2 ticks -> 1, with W0301 at the 20. Before it: "  a: {" 6,
  // "reverse: true, " 15, "frames: [" 9, "{frame: s/0, " 13, "ms: " 4 = 47 bytes: column 48.
  auto l = load(kHead +
                "actions:\n"
                "  a: {reverse: true, frames: [{frame: s/0, ms: 20}, s/1], transitions: [{to: a, "
                "when: [jump], immediate: true}]}\n");
  REQUIRE(l.def);
  const auto& a = l.def->actions[0];
  CHECK(a.reverse);
  CHECK(a.steps[0][0].ticks == 1);
  CHECK(a.steps[0][1].ticks == 6);
  REQUIRE(a.transitions.size() == 1);
  CHECK(a.transitions[0].immediate);
  CHECK(a.transitions[0].when == std::vector<std::string>{"jump"});
  REQUIRE(l.sink.diagnostics().size() == 1);
  CHECK(l.sink.diagnostics()[0].code == Code::kInexactDuration);
  CHECK(l.sink.diagnostics()[0].span.line == 7);
  CHECK(l.sink.diagnostics()[0].span.column == 48);
}

TEST_CASE("variants are read in order, each scale an exact fraction in lowest terms") {
  auto l = load(
      "pack: p\n"
      "variants:\n"
      "  - {scale: 2, suffix: \"@2x\"}\n"
      "  - {scale: 0.5, suffix: \"@0.5x\", filter: smooth}\n"
      "  - {scale: 1.250, suffix: \"-hd\", filter: nearest}\n"
      "  - {scale: 0.333333, suffix: \"@third\"}\n"
      "  - {scale: 16.0, suffix: \"@16x\"}\n"
      "  - {scale: 0.0625, suffix: \"@16th\"}\n"
      "sheets:\n"
      "  - name: s\n"
      "    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], origin: [4, 7]}\n");
  REQUIRE(l.def);
  CHECK(l.sink.diagnostics().empty());
  const auto& v = l.def->variants;
  REQUIRE(v.size() == 6);
  CHECK(v[0].num == 2);
  CHECK(v[0].den == 1);
  CHECK(v[0].suffix == "@2x");
  CHECK(v[0].filter == spritec::def::ScaleFilter::kNearest);  // the default
  CHECK(v[1].num == 1);
  CHECK(v[1].den == 2);
  CHECK(v[1].filter == spritec::def::ScaleFilter::kSmooth);
  CHECK(v[1].scale_text == "0.5");
  CHECK(v[2].num == 5);
  CHECK(v[2].den == 4);
  CHECK(v[2].suffix == "-hd");
  CHECK(v[3].num == 333333);
  CHECK(v[3].den == 1000000);
  CHECK(v[4].num == 16);
  CHECK(v[4].den == 1);
  CHECK(v[5].num == 1);
  CHECK(v[5].den == 16);
  CHECK(v[0].span.line == 3);
  CHECK(v[0].span.column == 5);
}

TEST_CASE("a variant's scale and suffix are checked where they are written") {
  const std::string tail =
      "sheets:\n"
      "  - name: s\n"
      "    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], origin: [4, 7]}\n";
  // line 3, the value at column 13 (scale) or 24 (suffix after "scale: 2, ")
  for (const char* scale : {"0", "17", "16.000001", "0.062499", "1e1", "0.1234567", "-2"}) {
    INFO("scale " << scale);
    auto l = load("pack: p\nvariants:\n  - {scale: " + std::string(scale) + ", suffix: \"@v\"}\n" +
                  tail);
    CHECK_FALSE(l.def);
    require_only(l, Code::kVariantScale, 3, 13);
  }
  for (const char* suffix :
       {"", "a/b", "a\\\\b", "c:d", "x\\ty", ".", "..", "123456789012345678901234567890123"}) {
    INFO("suffix " << suffix);
    auto l = load("pack: p\nvariants:\n  - {scale: 2, suffix: \"" + std::string(suffix) + "\"}\n" +
                  tail);
    CHECK_FALSE(l.def);
    require_only(l, Code::kVariantSuffix, 3, 24);
  }
  auto twice = load(
      "pack: p\nvariants:\n  - {scale: 2, suffix: \"@2x\"}\n  - {scale: 3, suffix: \"@2x\"}\n" +
      tail);
  require_only(twice, Code::kVariantSuffix, 4, 24);
  REQUIRE(twice.sink.diagnostics()[0].notes.size() == 1);
  CHECK(twice.sink.diagnostics()[0].notes[0].span.line == 3);
  std::string many = "pack: p\nvariants:\n";
  for (int i = 0; i < 9; ++i)
    many += "  - {scale: 2, suffix: \"@" + std::to_string(i) + "\"}\n";
  auto l = load(many + tail);
  require_only(l, Code::kTooManyVariants, 11, 5);
  // 32 bytes is the longest suffix
  auto longest = load(
      "pack: p\nvariants:\n  - {scale: 2, suffix: \"12345678901234567890123456789012\"}\n" + tail);
  CHECK(longest.def);
}
