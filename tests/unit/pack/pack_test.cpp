#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "spritec/pack/pack.hpp"

using spritec::pack::ErrorKind;
using spritec::pack::Heuristic;
using spritec::pack::kHeuristics;
using spritec::pack::kSortOrders;
using spritec::pack::Options;
using spritec::pack::Packing;
using spritec::pack::Result;
using spritec::pack::Size;
using spritec::pack::SortOrder;

namespace {

// Sizes in [lo, hi] from a fixed seed. std::mt19937's sequence is fixed by the standard;
// the distributions are not, so the mapping to a range is done here.
std::vector<Size> random_sizes(std::uint32_t seed, std::size_t n, int lo, int hi) {
  std::mt19937 rng(seed);
  const auto span = std::uint32_t(hi - lo + 1);
  std::vector<Size> sizes(n);
  for (Size& s : sizes) {
    s.width = lo + int(rng() % span);
    s.height = lo + int(rng() % span);
  }
  return sizes;
}

bool is_pow2(int v) {
  return v > 0 && (v & (v - 1)) == 0;
}

// Checks every promise of pack() about a successful result.
void check_packing(const std::vector<Size>& sizes, const Options& o, const Packing& p) {
  REQUIRE(p.placements.size() == sizes.size());
  const int max_w = o.max_width;
  const int max_h = o.max_height;
  std::vector<std::int64_t> used(p.pages.size(), 0);
  std::vector<Size> bbox(p.pages.size(), Size{1, 1});
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const auto& pl = p.placements[i];
    const Size s = sizes[i];
    if (s.width == 0 || s.height == 0) {
      CHECK(pl.page == 0);
      CHECK(pl.x == 0);
      CHECK(pl.y == 0);
      continue;
    }
    REQUIRE(pl.page >= 0);
    REQUIRE(std::size_t(pl.page) < p.pages.size());
    const auto& page = p.pages[std::size_t(pl.page)];
    // In bounds: items may touch the page edge, padding is not needed there.
    CHECK(pl.x >= 0);
    CHECK(pl.y >= 0);
    CHECK(pl.x + s.width <= page.width);
    CHECK(pl.y + s.height <= page.height);
    used[std::size_t(pl.page)] += std::int64_t{s.width} * s.height;
    bbox[std::size_t(pl.page)].width = std::max(bbox[std::size_t(pl.page)].width, pl.x + s.width);
    bbox[std::size_t(pl.page)].height =
        std::max(bbox[std::size_t(pl.page)].height, pl.y + s.height);
  }
  for (std::size_t k = 0; k < p.pages.size(); ++k) {
    const auto& page = p.pages[k];
    CHECK(page.width <= max_w);
    CHECK(page.height <= max_h);
    CHECK(page.used_area == used[k]);
    if (o.power_of_two) {
      CHECK(is_pow2(page.width));
      CHECK(is_pow2(page.height));
      // Shrunk: the next smaller power of two would cut an item.
      CHECK(page.width / 2 < bbox[k].width);
      CHECK(page.height / 2 < bbox[k].height);
    } else {
      // Shrunk to the used bounding box exactly.
      CHECK(page.width == bbox[k].width);
      CHECK(page.height == bbox[k].height);
    }
  }
  // No two items on a page overlap, and at least `padding` pixels lie between them.
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const Size a = sizes[i];
    if (a.width == 0 || a.height == 0) continue;
    const auto& pa = p.placements[i];
    for (std::size_t j = i + 1; j < sizes.size(); ++j) {
      const Size b = sizes[j];
      if (b.width == 0 || b.height == 0) continue;
      const auto& pb = p.placements[j];
      if (pa.page != pb.page) continue;
      const bool apart = pa.x + a.width + o.padding <= pb.x || pb.x + b.width + o.padding <= pa.x ||
                         pa.y + a.height + o.padding <= pb.y || pb.y + b.height + o.padding <= pa.y;
      if (!apart) {
        INFO("items " << i << " and " << j << " overlap or are closer than the padding");
        CHECK(apart);
        return;
      }
    }
  }
}

bool same_packing(const Packing& a, const Packing& b) {
  if (a.placements.size() != b.placements.size() || a.pages.size() != b.pages.size()) return false;
  for (std::size_t i = 0; i < a.placements.size(); ++i) {
    const auto& x = a.placements[i];
    const auto& y = b.placements[i];
    if (x.page != y.page || x.x != y.x || x.y != y.y) return false;
  }
  for (std::size_t i = 0; i < a.pages.size(); ++i) {
    const auto& x = a.pages[i];
    const auto& y = b.pages[i];
    if (x.width != y.width || x.height != y.height || x.used_area != y.used_area) return false;
  }
  return a.heuristic == b.heuristic && a.sort_order == b.sort_order;
}

}  // namespace

TEST_CASE("four 8x8 items fill a 16x16 page exactly") {
  // By hand: 4 * 64 = 256 = 16 * 16, so the only packing on one page is the four
  // quadrants, and the page cannot shrink below 16x16.
  Options o;
  o.max_width = 16;
  o.max_height = 16;
  const std::vector<Size> sizes(4, Size{8, 8});
  const Result r = spritec::pack::pack(sizes, o);
  REQUIRE(r.ok());
  check_packing(sizes, o, r.value);
  REQUIRE(r.value.pages.size() == 1);
  CHECK(r.value.pages[0].width == 16);
  CHECK(r.value.pages[0].height == 16);
  CHECK(r.value.pages[0].used_area == 256);
  CHECK(r.value.occupancy() == 1.0);
  std::vector<std::pair<int, int>> corners;
  for (const auto& pl : r.value.placements)
    corners.emplace_back(pl.x, pl.y);
  std::sort(corners.begin(), corners.end());
  CHECK(corners == std::vector<std::pair<int, int>>{{0, 0}, {0, 8}, {8, 0}, {8, 8}});
}

TEST_CASE("four 8x8 items in a large page still make a 256-pixel page") {
  // Same items with room to spare: the last page is re-packed into the smallest page
  // found, and no page smaller than 256 pixels can hold 256 pixels of items.
  const std::vector<Size> sizes(4, Size{8, 8});
  const Result r = spritec::pack::pack(sizes, Options{});
  REQUIRE(r.ok());
  check_packing(sizes, Options{}, r.value);
  REQUIRE(r.value.pages.size() == 1);
  CHECK(r.value.pages[0].area() == 256);
  CHECK(r.value.occupancy() == 1.0);
}

TEST_CASE("padding separates items but is not needed at the page edge") {
  // Two 8x8 items with padding 2 in a page at most 18 wide and 8 tall: side by side they
  // take 8 + 2 + 8 = 18 pixels, so the page is exactly 18x8 with items at x=0 and x=10.
  Options o;
  o.max_width = 18;
  o.max_height = 8;
  o.padding = 2;
  const std::vector<Size> sizes(2, Size{8, 8});
  const Result r = spritec::pack::pack(sizes, o);
  REQUIRE(r.ok());
  check_packing(sizes, o, r.value);
  REQUIRE(r.value.pages.size() == 1);
  CHECK(r.value.pages[0].width == 18);
  CHECK(r.value.pages[0].height == 8);
  std::vector<int> xs = {r.value.placements[0].x, r.value.placements[1].x};
  std::sort(xs.begin(), xs.end());
  CHECK(xs == std::vector<int>{0, 10});

  SECTION("one pixel less and they need two pages") {
    // 17 < 18: the second item cannot sit beside the first; below it would need
    // 8 + 2 + 8 = 18 rows.
    o.max_width = 17;
    const Result r2 = spritec::pack::pack(sizes, o);
    REQUIRE(r2.ok());
    check_packing(sizes, o, r2.value);
    CHECK(r2.value.pages.size() == 2);
  }
}

TEST_CASE("random items never overlap and stay in their pages") {
  const std::uint32_t seed = GENERATE(1u, 2u, 3u, 4u);
  const int padding = GENERATE(0, 1, 3);
  const bool pow2 = GENERATE(false, true);
  Options o;
  o.max_width = 300;
  o.max_height = 200;
  o.padding = padding;
  o.power_of_two = pow2;
  if (pow2) {
    // check_packing compares with the largest power-of-two page.
    o.max_width = 256;
    o.max_height = 128;
  }
  std::vector<Size> sizes = random_sizes(seed, 250, 1, 40);
  sizes[7] = {0, 12};  // zero-size items mixed in
  sizes[20] = {0, 0};
  INFO("seed " << seed << " padding " << padding << " pow2 " << pow2);
  const Result r = spritec::pack::pack(sizes, o);
  REQUIRE(r.ok());
  check_packing(sizes, o, r.value);
  // No page holds more than its area: a lower bound on the page count.
  std::int64_t area = 0;
  for (const Size& s : sizes)
    area += std::int64_t{s.width} * s.height;
  const std::int64_t page = std::int64_t{o.max_width} * o.max_height;
  CHECK(std::int64_t(r.value.pages.size()) >= (area + page - 1) / page);
  CHECK(r.value.pages.size() >= 2);
}

TEST_CASE("the combinations tried side by side give the same packing as one by one") {
  // 2,500 items: pack() tries its large-input combinations, each on a thread of its own.
  const std::vector<Size> sizes = random_sizes(7, 2500, 4, 60);
  Options one;
  one.max_width = 1024;
  one.max_height = 1024;
  one.padding = 2;
  Options many = one;
  many.jobs = 3;
  const Result a = spritec::pack::pack(sizes, one);
  const Result b = spritec::pack::pack(sizes, many);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a.value.heuristic == b.value.heuristic);
  CHECK(a.value.sort_order == b.value.sort_order);
  REQUIRE(a.value.placements.size() == b.value.placements.size());
  for (std::size_t i = 0; i < a.value.placements.size(); ++i) {
    INFO("item " << i);
    CHECK(a.value.placements[i].page == b.value.placements[i].page);
    CHECK(a.value.placements[i].x == b.value.placements[i].x);
    CHECK(a.value.placements[i].y == b.value.placements[i].y);
  }
  REQUIRE(a.value.pages.size() == b.value.pages.size());
  for (std::size_t p = 0; p < a.value.pages.size(); ++p) {
    CHECK(a.value.pages[p].width == b.value.pages[p].width);
    CHECK(a.value.pages[p].height == b.value.pages[p].height);
  }
}

TEST_CASE("every heuristic and sort order gives a valid packing on its own") {
  Options o;
  o.max_width = 256;
  o.max_height = 256;
  o.padding = 1;
  const std::vector<Size> sizes = random_sizes(42, 200, 4, 48);
  for (Heuristic h : kHeuristics) {
    for (SortOrder s : kSortOrders) {
      INFO("heuristic " << int(h) << " sort " << int(s));
      const Result r = spritec::pack::pack_with(sizes, o, h, s);
      REQUIRE(r.ok());
      check_packing(sizes, o, r.value);
      CHECK(r.value.heuristic == h);
      CHECK(r.value.sort_order == s);
    }
  }
}

TEST_CASE("pack keeps the best combination: no single one uses fewer pages or less area") {
  Options o;
  o.max_width = 256;
  o.max_height = 256;
  const std::vector<Size> sizes = random_sizes(7, 120, 4, 48);
  const Result best = spritec::pack::pack(sizes, o);
  REQUIRE(best.ok());
  for (Heuristic h : kHeuristics) {
    for (SortOrder s : kSortOrders) {
      const Result one = spritec::pack::pack_with(sizes, o, h, s);
      REQUIRE(one.ok());
      INFO("heuristic " << int(h) << " sort " << int(s));
      CHECK(best.value.pages.size() <= one.value.pages.size());
      if (best.value.pages.size() == one.value.pages.size()) {
        CHECK(best.value.page_area() <= one.value.page_area());
      }
    }
  }
}

TEST_CASE("the same input always gives the same packing") {
  Options o;
  o.max_width = 512;
  o.max_height = 512;
  o.padding = 2;
  const std::vector<Size> sizes = random_sizes(99, 600, 1, 64);
  const Result a = spritec::pack::pack(sizes, o);
  const Result b = spritec::pack::pack(sizes, o);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(same_packing(a.value, b.value));

  SECTION("also for a large input packed with the reduced strategy set") {
    const std::vector<Size> big = random_sizes(5, 3000, 8, 64);
    o.max_width = 1024;
    o.max_height = 1024;
    const Result c = spritec::pack::pack(big, o);
    const Result d = spritec::pack::pack(big, o);
    REQUIRE(c.ok());
    REQUIRE(d.ok());
    CHECK(same_packing(c.value, d.value));
    check_packing(big, o, c.value);
  }
}

TEST_CASE("equal items are ordered by input index") {
  // Three identical items: with every sort key equal, the first item goes first, so it
  // lands at the origin.
  const std::vector<Size> sizes(3, Size{10, 10});
  const Result r = spritec::pack::pack(sizes, Options{});
  REQUIRE(r.ok());
  CHECK(r.value.placements[0].x == 0);
  CHECK(r.value.placements[0].y == 0);
}

TEST_CASE("an item larger than the page is an error naming it") {
  Options o;
  o.max_width = 64;
  o.max_height = 32;
  SECTION("too wide") {
    const std::vector<Size> sizes = {{10, 10}, {20, 20}, {65, 1}, {100, 100}};
    const Result r = spritec::pack::pack(sizes, o);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.kind == ErrorKind::kItemTooLarge);
    CHECK(r.error.item == 2);  // the first offending item in input order
    CHECK(r.error.size.width == 65);
    CHECK(r.error.max_size.width == 64);
    CHECK(r.error.max_size.height == 32);
  }
  SECTION("too tall") {
    const Result r = spritec::pack::pack({{10, 33}}, o);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.kind == ErrorKind::kItemTooLarge);
    CHECK(r.error.item == 0);
  }
  SECTION("exactly the page size fits") {
    const Result r = spritec::pack::pack({{64, 32}}, o);
    REQUIRE(r.ok());
    CHECK(r.value.pages[0].width == 64);
    CHECK(r.value.pages[0].height == 32);
  }
  SECTION("with power_of_two the largest page is 32 wide when max_width is 63") {
    o.max_width = 63;
    o.power_of_two = true;
    const Result r = spritec::pack::pack({{33, 8}}, o);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.kind == ErrorKind::kItemTooLarge);
    CHECK(r.error.max_size.width == 32);
  }
  SECTION("negative sizes and bad options are errors too") {
    CHECK(spritec::pack::pack({{1, 1}, {-1, 4}}, o).error.kind == ErrorKind::kInvalidSize);
    CHECK(spritec::pack::pack({{1, 1}, {-1, 4}}, o).error.item == 1);
    o.padding = -1;
    CHECK(spritec::pack::pack({{1, 1}}, o).error.kind == ErrorKind::kInvalidOptions);
    o.padding = 0;
    o.max_width = 0;
    CHECK(spritec::pack::pack({{1, 1}}, o).error.kind == ErrorKind::kInvalidOptions);
  }
}

TEST_CASE("power_of_two pages are rounded up to powers of two") {
  // A 20x10 item alone: the bounding box 20x10 rounds up to 32x16.
  Options o;
  o.power_of_two = true;
  const Result r = spritec::pack::pack({{20, 10}}, o);
  REQUIRE(r.ok());
  REQUIRE(r.value.pages.size() == 1);
  CHECK(r.value.pages[0].width == 32);
  CHECK(r.value.pages[0].height == 16);
  CHECK(r.value.pages[0].used_area == 200);
  CHECK(r.value.occupancy() == Approx(200.0 / 512.0));

  SECTION("items are arranged to need the smallest power-of-two page") {
    // Four 16x16 items: 1024 pixels; 32x32 holds them and nothing smaller can.
    const Result r4 = spritec::pack::pack(std::vector<Size>(4, Size{16, 16}), o);
    REQUIRE(r4.ok());
    CHECK(r4.value.pages[0].area() == 1024);
  }
}

TEST_CASE("items that exceed one page go on more pages") {
  // 64x64 items in 128x128 pages: four per page, so ten items need three pages, and the
  // last page holds two (128x64 once shrunk, 8192 pixels).
  Options o;
  o.max_width = 128;
  o.max_height = 128;
  const std::vector<Size> sizes(10, Size{64, 64});
  const Result r = spritec::pack::pack(sizes, o);
  REQUIRE(r.ok());
  check_packing(sizes, o, r.value);
  REQUIRE(r.value.pages.size() == 3);
  CHECK(r.value.pages[0].area() == 128 * 128);
  CHECK(r.value.pages[1].area() == 128 * 128);
  CHECK(r.value.pages[2].area() == 128 * 64);
  CHECK(r.value.used_area() == 10 * 64 * 64);

  SECTION("unless only one page is allowed: then it is an error naming an item") {
    o.allow_multiple_pages = false;
    const Result one = spritec::pack::pack(sizes, o);
    REQUIRE_FALSE(one.ok());
    CHECK(one.error.kind == ErrorKind::kTooManyPages);
    // Equal items go in input order, so items 0..3 fill the page and 4 is the first left.
    CHECK(one.error.item == 4);
  }
  SECTION("a single page is fine when everything fits on it") {
    o.allow_multiple_pages = false;
    const Result one = spritec::pack::pack(std::vector<Size>(4, Size{64, 64}), o);
    REQUIRE(one.ok());
    CHECK(one.value.pages.size() == 1);
  }
}

TEST_CASE("zero-size items sit at the origin of page 0 and take no room") {
  SECTION("mixed with real items") {
    const std::vector<Size> sizes = {{0, 0}, {16, 16}, {5, 0}, {0, 7}};
    const Result r = spritec::pack::pack(sizes, Options{});
    REQUIRE(r.ok());
    check_packing(sizes, Options{}, r.value);
    REQUIRE(r.value.pages.size() == 1);
    CHECK(r.value.pages[0].width == 16);
    CHECK(r.value.pages[0].height == 16);
    CHECK(r.value.used_area() == 256);
  }
  SECTION("alone they still get one (1x1, empty) page to point at") {
    const Result r = spritec::pack::pack({{0, 0}, {3, 0}}, Options{});
    REQUIRE(r.ok());
    REQUIRE(r.value.pages.size() == 1);
    CHECK(r.value.pages[0].width == 1);
    CHECK(r.value.pages[0].height == 1);
    CHECK(r.value.pages[0].used_area == 0);
    CHECK(r.value.occupancy() == 0.0);
  }
  SECTION("no items at all give no pages") {
    const Result r = spritec::pack::pack({}, Options{});
    REQUIRE(r.ok());
    CHECK(r.value.pages.empty());
    CHECK(r.value.placements.empty());
  }
}

TEST_CASE("the strategy set shrinks for large inputs") {
  // All 25 combinations up to 500 items, contact point dropped above, and a short list
  // above kAllCombinationsLimit.
  CHECK(spritec::pack::strategies_for(10).size() == 25);
  CHECK(spritec::pack::strategies_for(spritec::pack::kContactPointLimit).size() == 25);
  CHECK(spritec::pack::strategies_for(spritec::pack::kContactPointLimit + 1).size() == 20);
  CHECK(spritec::pack::strategies_for(spritec::pack::kAllCombinationsLimit + 1).size() < 10);
}

// Layout::kShelves: rows tallest first, one page width for all pages (pack.hpp, Layout).
namespace {

Options shelves(int max_width, int max_height) {
  Options o;
  o.max_width = max_width;
  o.max_height = max_height;
  o.padding = 1;
  o.layout = spritec::pack::Layout::kShelves;
  return o;
}

}  // namespace

// Each item's (page, x, y), and each page's (width, height).
using Triples = std::vector<std::array<int, 3>>;
using Pairs = std::vector<std::array<int, 2>>;
Triples placed(const Result& r) {
  Triples out;
  for (const spritec::pack::Placement& p : r.value.placements)
    out.push_back({p.page, p.x, p.y});
  return out;
}
Pairs page_sizes(const Result& r) {
  Pairs out;
  for (const spritec::pack::Page& p : r.value.pages)
    out.push_back({p.width, p.height});
  return out;
}

TEST_CASE("shelves start a row where the next item would pass the page width") {
  // Padded area 3 x 41 x 11 = 1353 fits a 64 x 64 square: the width is 64, one 40-wide
  // item a row, rows 10 + 1 apart.
  const Result r = spritec::pack::pack({{40, 10}, {40, 10}, {40, 10}}, shelves(1024, 1024));
  REQUIRE(r.ok());
  CHECK(placed(r) == Triples{{0, 0, 0}, {0, 0, 11}, {0, 0, 22}});
  CHECK(page_sizes(r) == Pairs{{64, 32}});
  CHECK(r.value.pages[0].used_area == 1200);
}

TEST_CASE("shelves place the tallest items first, ties by width and then input order") {
  // Order 20x8, 15x8, 10x5, 5x5 on one row, one pixel apart.
  const Result r = spritec::pack::pack({{10, 5}, {15, 8}, {20, 8}, {5, 5}}, shelves(1024, 1024));
  CHECK(placed(r) == Triples{{0, 37, 0}, {0, 21, 0}, {0, 0, 0}, {0, 48, 0}});
  CHECK(page_sizes(r) == Pairs{{64, 8}});
}

TEST_CASE("shelves start a page where a row would pass the largest page height") {
  const std::vector<Size> sizes = {{40, 10}, {40, 10}, {40, 10}};
  const Result r = spritec::pack::pack(sizes, shelves(1024, 30));
  CHECK(placed(r) == Triples{{0, 0, 0}, {0, 0, 11}, {1, 0, 0}});
  CHECK(page_sizes(r) == Pairs{{64, 21}, {64, 10}});

  Options one_page = shelves(1024, 30);
  one_page.allow_multiple_pages = false;
  const Result refused = spritec::pack::pack(sizes, one_page);
  CHECK(refused.error.kind == ErrorKind::kTooManyPages);
  CHECK(refused.error.item == 2);
}

TEST_CASE("shelves widen the page by powers of two until its square holds the padded area") {
  // 100 items of 11 x 11 padded: 12,100 px needs 128 x 128. 11 items a row: the 11th
  // starts at x = 110 and ends at 120; a 12th would end at 131.
  const std::vector<Size> sizes(100, Size{10, 10});
  const Result r = spritec::pack::pack(sizes, shelves(1024, 1024));
  const Triples at = placed(r);
  CHECK(at[10] == std::array<int, 3>{0, 110, 0});
  CHECK(at[11] == std::array<int, 3>{0, 0, 11});
  CHECK(at[99] == std::array<int, 3>{0, 0, 99});
  CHECK(page_sizes(r) == Pairs{{128, 109}});
  // At most max_width, and never narrower than the widest item.
  CHECK(spritec::pack::pack(sizes, shelves(100, 1024)).value.pages[0].width == 100);
  CHECK(page_sizes(spritec::pack::pack({{200, 3}}, shelves(1024, 1024))) == Pairs{{200, 3}});
}

TEST_CASE("shelves place a zero-size item in turn, taking its padding") {
  // Order: 4x4, 0x3, 0x0.
  const Result r = spritec::pack::pack({{0, 0}, {4, 4}, {0, 3}}, shelves(1024, 1024));
  CHECK(placed(r) == Triples{{0, 6, 0}, {0, 0, 0}, {0, 5, 0}});
  CHECK(page_sizes(r) == Pairs{{64, 4}});
  CHECK(r.value.pages[0].used_area == 16);
}
