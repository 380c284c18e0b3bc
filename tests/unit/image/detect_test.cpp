// Sprite detection (image/detect.hpp): regions, merging by gap, reading order, caps. The
// expected rectangles are read off the small pictures drawn in each test.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
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
    return "{" + std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.width) +
           "," + std::to_string(r.height) + "}";
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

namespace {

// The definition of detect.hpp, written as plainly as it reads, for small images: regions
// by flood fill (8-connected), their boxes, then any two boxes closer than `gap` merged
// into one until no two are, comparing every pair again after each merge. Sorted by top
// edge, then left edge.
std::vector<Rect> reference_detect(const Image& img, int gap) {
  const int w = img.width, h = img.height;
  std::vector<int> seen(std::size_t(w) * h, 0);
  std::vector<Rect> boxes;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (img.pixel(x, y)[3] == 0 || seen[std::size_t(y) * w + x]) continue;
      int x0 = x, y0 = y, x1 = x, y1 = y;
      std::vector<std::pair<int, int>> todo = {{x, y}};
      seen[std::size_t(y) * w + x] = 1;
      while (!todo.empty()) {
        auto [px, py] = todo.back();
        todo.pop_back();
        x0 = std::min(x0, px), y0 = std::min(y0, py), x1 = std::max(x1, px), y1 = std::max(y1, py);
        for (int dy = -1; dy <= 1; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            const int nx = px + dx, ny = py + dy;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
            if (img.pixel(nx, ny)[3] == 0 || seen[std::size_t(ny) * w + nx]) continue;
            seen[std::size_t(ny) * w + nx] = 1;
            todo.push_back({nx, ny});
          }
        }
      }
      boxes.push_back({x0, y0, x1 - x0 + 1, y1 - y0 + 1});
    }
  }
  // Empty columns (rows) between two spans; 0 when they overlap or touch.
  auto apart = [](int a0, int a1, int b0, int b1) {
    return std::max({0, b0 - a1 - 1, a0 - b1 - 1});
  };
  bool merged = gap > 0;
  while (merged) {
    merged = false;
    for (std::size_t i = 0; i < boxes.size() && !merged; ++i) {
      for (std::size_t j = i + 1; j < boxes.size() && !merged; ++j) {
        const Rect a = boxes[i], b = boxes[j];
        if (std::max(apart(a.x, a.x + a.width - 1, b.x, b.x + b.width - 1),
                     apart(a.y, a.y + a.height - 1, b.y, b.y + b.height - 1)) >= gap)
          continue;
        const int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
        const int x1 = std::max(a.x + a.width, b.x + b.width),
                  y1 = std::max(a.y + a.height, b.y + b.height);
        boxes[i] = {x0, y0, x1 - x0, y1 - y0};
        boxes.erase(boxes.begin() + std::ptrdiff_t(j));
        merged = true;
      }
    }
  }
  return boxes;
}

std::vector<Rect> by_top_left(std::vector<Rect> rects) {
  std::sort(rects.begin(), rects.end(),
            [](const Rect& a, const Rect& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  return rects;
}

// 65,536 single pixels 2 px apart (every even x and y of 512 x 512): the most regions a
// sheet may have, each 1 px from its neighbours.
Image dots_512() {
  Image img(512, 512);
  for (int y = 0; y < 512; y += 2) {
    for (int x = 0; x < 512; x += 2)
      img.pixel(x, y)[3] = 255;
  }
  return img;
}

}  // namespace

TEST_CASE(
    "merged boxes are those of merging any two close boxes until none are, on generated "
    "sheets") {
  // Seeded sheets of scattered pixels, short strokes and blocks at several densities; every
  // gap from 0 to 12. The reference compares every pair after every merge.
  std::uint32_t seed = 12345;
  auto next = [&seed](std::uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  int sheets = 0;
  for (int round = 0; round < 40; ++round) {
    const int w = 8 + int(next(56)), h = 8 + int(next(56));
    Image img(w, h);
    const int shapes = 1 + int(next(std::uint32_t(w * h / 12 + 1)));
    for (int s = 0; s < shapes; ++s) {
      const int x = int(next(std::uint32_t(w))), y = int(next(std::uint32_t(h)));
      const int sw = 1 + int(next(round % 3 == 0 ? 1 : 4)), sh = 1 + int(next(round % 2 ? 1 : 3));
      for (int yy = y; yy < std::min(h, y + sh); ++yy) {
        for (int xx = x; xx < std::min(w, x + sw); ++xx)
          img.pixel(xx, yy)[3] = std::uint8_t(1 + next(255));
      }
    }
    for (int gap = 0; gap <= 12; ++gap) {
      auto found = detect_sprites(img, gap);
      REQUIRE(found.ok());
      INFO("sheet " << round << " (" << w << "x" << h << "), gap " << gap);
      CHECK(by_top_left(found.value) == by_top_left(reference_detect(img, gap)));
      ++sheets;
    }
  }
  CHECK(sheets == 40 * 13);
}

TEST_CASE("merging 65,536 regions takes a number of steps linear in them, at any gap") {
  // Before, boxes were merged by a sweep that started again after every merge: 65,536 pixels
  // 2 px apart with gap 4096 (all one sprite) took about n^2 / 2 comparisons, seconds of
  // detect, check and build. Now each region looks only at the merged boxes listed in the
  // grid cells its box newly reaches.
  const Image dots = dots_512();
  const std::size_t n = 65536;
  struct Case {
    int gap;
    std::size_t sprites;
  };
  // gap 1: nothing merges (1 px between neighbours); 2 and more: everything does.
  for (const Case c : {Case{1, n}, Case{2, 1}, Case{3, 1}, Case{64, 1}, Case{4096, 1}}) {
    spritec::image::DetectStats stats;
    auto found = detect_sprites(dots, c.gap, {}, &stats);
    REQUIRE(found.ok());
    INFO("gap " << c.gap << ": " << stats.comparisons << " comparisons, " << stats.cell_visits
                << " cell visits");
    CHECK(stats.regions == n);
    CHECK(found.value.size() == c.sprites);
    if (c.sprites == 1) CHECK(found.value[0] == Rect{0, 0, 511, 511});
    CHECK(stats.comparisons <= 8 * n);
    CHECK(stats.cell_visits <= 8 * n);
  }
}
