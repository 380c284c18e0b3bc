// Sprite detection (image/detect.hpp): regions, merging by gap, reading order, caps. The
// expected rectangles are read off the small pictures drawn in each test.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "spritec/image/detect.hpp"

using spritec::image::detect_sprites;
using spritec::image::DetectLimits;
using spritec::image::ErrorKind;
using spritec::image::Image;
using spritec::image::Rect;

namespace Catch {
template <>
struct StringMaker<Rect> {
  static std::string convert(const Rect& r) {
    return "{" + std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.w) + "," +
           std::to_string(r.h) + "}";
  }
};
}  // namespace Catch

namespace {

// An image from rows of text: '#' an opaque pixel, anything else transparent.
Image draw(const std::vector<std::string>& rows) {
  Image img(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      if (rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '#') {
        img.pixel(x, y)[3] = 255;
      }
    }
  }
  return img;
}

std::vector<Rect> detect(const std::vector<std::string>& rows, int gap) {
  auto r = detect_sprites(draw(rows), gap);
  REQUIRE(r.ok());
  return r.value;
}

}  // namespace

TEST_CASE("regions are 8-connected: diagonal neighbours join, a one-pixel gap separates") {
  const std::vector<std::string> art = {
      "#.....",  //
      ".#..#.",  //
      "..#.#.",  //
      "......",  //
  };
  CHECK(detect(art, 0) == std::vector<Rect>{{0, 0, 3, 3}, {4, 1, 1, 2}});
}

TEST_CASE("a U shape is one region although its arms meet only at the bottom") {
  const std::vector<std::string> art = {
      "#..#",  //
      "#..#",  //
      "####",  //
  };
  CHECK(detect(art, 0) == std::vector<Rect>{{0, 0, 4, 3}});
}

TEST_CASE("gap merges boxes closer than it; gap 0 merges nothing") {
  // Two blobs with 2 empty columns between them (x 0-1 and x 4-5); a speck inside the
  // first one's box at distance 0.
  const std::vector<std::string> art = {
      "##..##",  //
      "#...##",  //
      ".#....",  //
  };
  // gap 0: three regions: (0,0)-(1,0)+(0,1) is one (8-connected), (1,2) touches (0,1)
  // diagonally, so it is the same region. The right blob is another.
  CHECK(detect(art, 0) == std::vector<Rect>{{0, 0, 2, 3}, {4, 0, 2, 2}});
  CHECK(detect(art, 2) == std::vector<Rect>{{0, 0, 2, 3}, {4, 0, 2, 2}});  // 2 apart: not < 2
  CHECK(detect(art, 3) == std::vector<Rect>{{0, 0, 6, 3}});
}

TEST_CASE("boxes that overlap without touching pixels merge from gap 1") {
  const std::vector<std::string> art = {
      "#####",  //
      "#...#",  //
      "#.#.#",  //
      "#...#",  //
      "#####",  //
  };
  CHECK(detect(art, 0) == std::vector<Rect>{{0, 0, 5, 5}, {2, 2, 1, 1}});
  CHECK(detect(art, 1) == std::vector<Rect>{{0, 0, 5, 5}});
}

TEST_CASE("merging repeats until no two boxes are closer than the gap") {
  // a and b are 1 apart, b and c 1 apart, but a and c 3 apart: all three join at gap 2.
  const std::vector<std::string> art = {
      "#.#.#",  //
  };
  CHECK(detect(art, 2) == std::vector<Rect>{{0, 0, 5, 1}});
  CHECK(detect(art, 1).size() == 3);
}

TEST_CASE("reading order: rows top to bottom, left to right within a row") {
  // Row 1: a tall sprite at x 6 starting higher than a short one at x 0; row 2 below both.
  const std::vector<std::string> art = {
      "......#.",  //
      "##....#.",  //
      "##....#.",  //
      "........",  //
      "...#....",  //
      "#.......",  //
  };
  // The tall sprite opens row 1 (it is topmost) and the short one joins it (its top, row
  // 1, is above the tall one's bottom, row 2); in the row they go left to right. The
  // sprite at (3,4) opens row 2; the one at (0,5) starts below its bottom: row 3.
  CHECK(detect(art, 0) ==
        std::vector<Rect>{{0, 1, 2, 2}, {6, 0, 1, 3}, {3, 4, 1, 1}, {0, 5, 1, 1}});
}

TEST_CASE("a row takes the boxes whose top is above the first box's bottom edge") {
  const std::vector<std::string> art = {
      "#..#",  //
      "#...",  //
      "...#",  //
  };
  // The first box (x 0, rows 0-1) ends on row 1; the box at (3,0) starts on row 0 so it
  // is in the row; the one at (3,2) starts below, so it opens the next row.
  CHECK(detect(art, 0) == std::vector<Rect>{{0, 0, 1, 2}, {3, 0, 1, 1}, {3, 2, 1, 1}});
}

TEST_CASE("a transparent image has no sprites; any alpha above 0 counts as opaque") {
  Image img(4, 4);
  CHECK(detect_sprites(img, 1).value.empty());
  img.pixel(2, 3)[3] = 1;
  CHECK(detect_sprites(img, 1).value == std::vector<Rect>{{2, 3, 1, 1}});
}

TEST_CASE("too many runs or regions is kTooLarge, not an allocation") {
  // A checkerboard: every opaque pixel is its own run, and (8-connected) one region.
  Image img(64, 64);
  for (int y = 0; y < 64; ++y) {
    for (int x = (y % 2); x < 64; x += 2)
      img.pixel(x, y)[3] = 255;
  }
  DetectLimits few_runs;
  few_runs.max_runs = 100;
  auto runs = detect_sprites(img, 0, few_runs);
  CHECK(runs.error.kind == ErrorKind::kTooLarge);
  CHECK(runs.error.detail.find("runs") != std::string::npos);
  CHECK(detect_sprites(img, 0).value == std::vector<Rect>{{0, 0, 64, 64}});

  Image dots(64, 64);  // pixels 2 apart both ways: 32 x 32 separate regions
  for (int y = 0; y < 64; y += 2) {
    for (int x = 0; x < 64; x += 2)
      dots.pixel(x, y)[3] = 255;
  }
  DetectLimits few_regions;
  few_regions.max_regions = 1000;
  auto regions = detect_sprites(dots, 0, few_regions);
  CHECK(regions.error.kind == ErrorKind::kTooLarge);
  CHECK(regions.error.detail.find("regions") != std::string::npos);
  CHECK(detect_sprites(dots, 0).value.size() == 1024);
  CHECK(detect_sprites(dots, 2).value == std::vector<Rect>{{0, 0, 63, 63}});
}
