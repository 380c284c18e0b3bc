// Origins written with words (origin: [center, bottom]): each word names a pixel of the
// frame's untrimmed size w x h — left 0, center floor(w/2), right w-1; top 0, center
// floor(h/2), bottom h-1 (docs/definitions.md, "Origins") — resolved frame by frame, wherever
// a numeric origin may be written. The expected pixels are worked out from the images' sizes
// (tests/data/defs/make_pngs.py), not taken from the loader.
#include "def_test_util.hpp"

using namespace def_test;
using spritec::def::Point;
using spritec::diag::Code;

namespace {

Point origin_of(const Loaded& l, const std::string& frame) {
  REQUIRE(l.def);
  const spritec::def::Frame* f = l.def->find_frame(frame);
  REQUIRE(f);
  return f->origin;
}

const std::string kActions = "actions:\n  a: {frames: [s/0]}\n";

}  // namespace

TEST_CASE("origin words name pixels of each grid cell: [center, bottom] of 8x8 is (4, 7)") {
  Loaded l = load(
      "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], origin: [center, bottom]}\n" +
      kActions);
  INFO((l.sink.diagnostics().empty() ? "" : l.sink.diagnostics()[0].message));
  CHECK(origin_of(l, "s/0") == Point{4, 7});
  CHECK(origin_of(l, "s/5") == Point{4, 7});
}

TEST_CASE("origin words: left/top are 0, right/bottom the last pixel, mixed with numbers") {
  SECTION("a sheet's origin, used by its grid") {
    Loaded l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    origin: [right, top]\n    grid: {cell: [8, 8]}\n" +
        kActions);
    CHECK(origin_of(l, "s/2") == Point{7, 0});
  }
  SECTION("a number and a word") {
    Loaded l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    grid: {cell: [8, 8], origin: [left, -3]}\n" +
        kActions);
    CHECK(origin_of(l, "s/0") == Point{0, -3});
  }
  SECTION("center of an odd size is its middle pixel, of an even size the one right of it") {
    // frames: rectangles 5x3 and 6x4: floor(5/2) = 2, floor(3/2) = 1; 6/2 = 3, 4/2 = 2.
    Loaded l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
        "    origin: [center, center]\n"
        "    frames:\n      0: {rect: [0, 0, 5, 3]}\n      1: {rect: [8, 0, 6, 4]}\n"
        "      2: {rect: [16, 0, 6, 4], origin: [right, bottom]}\n" +
        kActions);
    CHECK(origin_of(l, "s/0") == Point{2, 1});
    CHECK(origin_of(l, "s/1") == Point{3, 2});
    CHECK(origin_of(l, "s/2") == Point{5, 3});  // a frame's own origin, on its own rect
  }
}

TEST_CASE("origin words on files: and detect: resolve on each frame's own size") {
  SECTION("files: run_a and run_b are 16x32, run_c 16x30") {
    Loaded l = load(
        "pack: p\nsheets:\n  - name: s\n    files: img/run/*.png\n"
        "    origin: [center, bottom]\nactions:\n  a: {frames: [s/run_a]}\n");
    CHECK(origin_of(l, "s/run_a") == Point{8, 31});
    CHECK(origin_of(l, "s/run_c") == Point{8, 29});
  }
  SECTION("detect: the opaque 48x8 strip is one 48x8 sprite") {
    Loaded l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n    detect: true\n"
        "    origin: [center, bottom]\n" +
        kActions);
    CHECK(origin_of(l, "s/0") == Point{24, 7});
  }
}

TEST_CASE("an origin word of the other axis is E0221 at the word") {
  Loaded l = load(
      "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], origin: [bottom, center]}\n" +
      kActions);
  require_only(l, Code::kOriginWord, 5, 35);
  CHECK(l.sink.diagnostics()[0].message.find("x: left, center or right") != std::string::npos);
}

TEST_CASE("a word that is no origin word is a schema error listing the words") {
  Loaded l = load(
      "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], origin: [middle, bottom]}\n" +
      kActions);
  REQUIRE_FALSE(l.def);
  REQUIRE(!with_code(l.sink, Code::kSchema).empty());
  CHECK(with_code(l.sink, Code::kSchema)[0].message.find("center") != std::string::npos);
}
