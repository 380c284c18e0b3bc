// Scale variants (atlas::scale_atlas): the expected pixels, sizes and places are written
// out by hand from the rules in docs/definitions.md ("variants"), not computed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "../pixels.hpp"
#include "spritec/atlas/atlas.hpp"
#include "spritec/geom/geom.hpp"

namespace atlas = spritec::atlas;
namespace def = spritec::def;
namespace geom = spritec::geom;
namespace image = spritec::image;

namespace {

using spritec::test::at;
using spritec::test::Px;
using spritec::test::set;

const Px kA{200, 0, 0, 255};
const Px kB{0, 200, 0, 255};
const Px kC{0, 0, 200, 255};
const Px kD{90, 90, 90, 128};
const Px kClear{0, 0, 0, 0};

// An atlas of one page holding `frames`.
atlas::Atlas on_page(image::Image page, std::vector<atlas::Frame> frames) {
  atlas::Atlas a;
  a.pages.push_back(std::move(page));
  a.frames = std::move(frames);
  return a;
}

def::Variant variant(std::int64_t num, std::int64_t den, def::ScaleFilter filter,
                     const std::string& suffix = "@v") {
  def::Variant v;
  v.num = num;
  v.den = den;
  v.filter = filter;
  v.suffix = suffix;
  v.scale_text = std::to_string(num) + "/" + std::to_string(den);
  return v;
}

// A definition of `n` frames named f0, f1 … (only the names, spans and atlas options are
// read by scale_atlas) with padding 0.
def::Definition definition(std::size_t n) {
  def::Definition d;
  d.atlas.padding = 0;
  for (std::size_t i = 0; i < n; ++i) {
    def::Frame& f = d.frames.emplace_back();
    f.name = "f" + std::to_string(i);
  }
  return d;
}

atlas::Frame frame(const std::string& name, geom::Rect rect, int source_w, int source_h, int trim_x,
                   int trim_y, geom::Point origin) {
  atlas::Frame f;
  f.name = name;
  f.rect = rect;
  f.source_w = source_w;
  f.source_h = source_h;
  f.trim_x = trim_x;
  f.trim_y = trim_y;
  f.origin = origin;
  return f;
}

// The untrimmed frame back from a variant's page.
image::Image untrimmed(const atlas::Atlas& a, std::size_t i) {
  const atlas::Frame& f = a.frames[i];
  return atlas::untrimmed_frame(a.pages[std::size_t(f.page)], f.rect, f.source_w, f.source_h,
                                f.trim_x, f.trim_y);
}

}  // namespace

TEST_CASE("scaled sizes round up and coordinates round half away from zero") {
  const def::Variant half = variant(1, 2, def::ScaleFilter::kNearest);
  const def::Variant twice = variant(2, 1, def::ScaleFilter::kNearest);
  const def::Variant three_halves = variant(3, 2, def::ScaleFilter::kSmooth);
  CHECK(atlas::scaled_length(15, half) == 8);  // 7.5
  CHECK(atlas::scaled_length(14, half) == 7);
  CHECK(atlas::scaled_length(1, half) == 1);  // 0.5: never 0
  CHECK(atlas::scaled_length(24, twice) == 48);
  CHECK(atlas::scaled_length(5, three_halves) == 8);  // 7.5
  CHECK(atlas::scaled_coordinate(23, half) == 12);    // 11.5
  CHECK(atlas::scaled_coordinate(-23, half) == -12);
  CHECK(atlas::scaled_coordinate(22, half) == 11);
  CHECK(atlas::scaled_coordinate(1, half) == 1);  // 0.5
  CHECK(atlas::scaled_coordinate(-1, half) == -1);
  CHECK(atlas::scaled_coordinate(0, half) == 0);
  CHECK(atlas::scaled_coordinate(-7, twice) == -14);
  CHECK(atlas::scaled_coordinate(3, three_halves) == 5);  // 4.5
  CHECK(atlas::scaled_coordinate(4, three_halves) == 6);
  const def::Variant third = variant(333333, 1000000, def::ScaleFilter::kSmooth);
  CHECK(atlas::scaled_coordinate(3, third) == 1);  // 0.999999
  CHECK(atlas::scaled_length(3, third) == 1);
}

TEST_CASE("2x nearest repeats every pixel of a trimmed frame, its place and origin doubled") {
  // Page: A B at (1, 1), C D below; the frame is 4x4 untrimmed, its pixels at (1, 2).
  image::Image page(4, 3);
  set(page, 1, 1, kA);
  set(page, 2, 1, kB);
  set(page, 1, 2, kC);
  set(page, 2, 2, kD);
  atlas::Atlas base = on_page(page, {frame("f0", {1, 1, 2, 2}, 4, 4, 1, 2, {1, 3})});
  def::Definition d = definition(1);
  spritec::diag::Sink sink;
  auto scaled = atlas::scale_atlas(d, base, variant(2, 1, def::ScaleFilter::kNearest), {}, sink);
  REQUIRE(scaled);
  REQUIRE(scaled->frames.size() == 1);
  const atlas::Frame& f = scaled->frames[0];
  CHECK(f.source_w == 8);
  CHECK(f.source_h == 8);
  CHECK(f.trim_x == 2);
  CHECK(f.trim_y == 4);
  CHECK(f.rect.width == 4);
  CHECK(f.rect.height == 4);
  CHECK(f.origin == geom::Point{2, 6});
  const std::vector<std::vector<Px>> want = {
      {kA, kA, kB, kB}, {kA, kA, kB, kB}, {kC, kC, kD, kD}, {kC, kC, kD, kD}};
  const image::Image& p = scaled->pages[std::size_t(f.page)];
  for (int y = 0; y < 4; ++y) {
    for (int x = 0; x < 4; ++x) {
      INFO("pixel " << x << ", " << y);
      CHECK(at(p, f.rect.x + x, f.rect.y + y) == want[std::size_t(y)][std::size_t(x)]);
    }
  }
  // Untrimmed: transparent everywhere else.
  image::Image whole = untrimmed(*scaled, 0);
  CHECK(at(whole, 0, 0) == kClear);
  CHECK(at(whole, 2, 4) == kA);
  CHECK(at(whole, 5, 7) == kD);
  CHECK(at(whole, 6, 7) == kClear);
}

TEST_CASE("0.5x nearest takes the pixel under each centre, the last one past an odd end") {
  // One row: a 5-wide frame whose pixels A B C lie at x 1..3 (x 0 and 4 transparent).
  // Output pixel X takes source floor(2X + 1): X 0 -> 1 (A), X 1 -> 3 (C), X 2 -> 5,
  // past the end: the last pixel, 4, which is transparent. So A C, trimmed to start at 0.
  image::Image page(3, 1);
  set(page, 0, 0, kA);
  set(page, 1, 0, kB);
  set(page, 2, 0, kC);
  atlas::Atlas base = on_page(page, {frame("f0", {0, 0, 3, 1}, 5, 1, 1, 0, {3, 1})});
  def::Definition d = definition(1);
  spritec::diag::Sink sink;
  auto scaled = atlas::scale_atlas(d, base, variant(1, 2, def::ScaleFilter::kNearest), {}, sink);
  REQUIRE(scaled);
  const atlas::Frame& f = scaled->frames[0];
  CHECK(f.source_w == 3);  // ceil(2.5)
  CHECK(f.source_h == 1);  // ceil(0.5)
  CHECK(f.trim_x == 0);
  CHECK(f.trim_y == 0);
  REQUIRE(f.rect.width == 2);
  REQUIRE(f.rect.height == 1);
  CHECK(f.origin == geom::Point{2, 1});  // 1.5 and 0.5, halves away from zero
  const image::Image& p = scaled->pages[std::size_t(f.page)];
  CHECK(at(p, f.rect.x, f.rect.y) == kA);
  CHECK(at(p, f.rect.x + 1, f.rect.y) == kC);
}

TEST_CASE("frames equal in the base are merged by their scaled pixels, not their source") {
  // f0 and f1 share the base's pixels (one opaque pixel A) at x 0 and x 1 of a 2x1 frame;
  // f2 is f0 again. At 0.5x nearest output pixel 0 takes source 1: f0 keeps nothing
  // (empty), f1 keeps A. At 2x all three keep A A and are merged into one.
  image::Image page(1, 1);
  set(page, 0, 0, kA);
  atlas::Atlas base = on_page(page, {
                                        frame("f0", {0, 0, 1, 1}, 2, 1, 0, 0, {0, 0}),
                                        frame("f1", {0, 0, 1, 1}, 2, 1, 1, 0, {0, 0}),
                                        frame("f2", {0, 0, 1, 1}, 2, 1, 0, 0, {0, 0}),
                                    });
  def::Definition d = definition(3);
  spritec::diag::Sink sink;
  auto half = atlas::scale_atlas(d, base, variant(1, 2, def::ScaleFilter::kNearest), {}, sink);
  REQUIRE(half);
  CHECK(half->frames[0].rect.empty());
  CHECK(half->frames[1].rect.width == 1);
  CHECK(half->frames[1].trim_x == 0);
  CHECK(half->frames[2].rect.empty());
  CHECK(half->stats.empty == 2);
  CHECK(half->stats.stored == 1);
  auto twice = atlas::scale_atlas(d, base, variant(2, 1, def::ScaleFilter::kNearest), {}, sink);
  REQUIRE(twice);
  CHECK(twice->stats.stored == 1);
  CHECK(twice->stats.duplicates == 2);
  CHECK(twice->frames[0].trim_x == 0);
  CHECK(twice->frames[1].trim_x == 2);
  CHECK(twice->frames[1].rect == twice->frames[0].rect);
  CHECK(twice->frames[1].duplicate_of == 0);
}

TEST_CASE("smooth keeps a uniform opaque frame uniform and opaque up to its edges") {
  // A 3x3 frame of one colour fills its frame: the edges are clamped, so every pixel of
  // the 1.5x (5x5) and the 0.5x (2x2) frame is exactly that colour.
  image::Image page(3, 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x)
      set(page, x, y, kB);
  atlas::Atlas base = on_page(page, {frame("f0", {0, 0, 3, 3}, 3, 3, 0, 0, {1, 1})});
  def::Definition d = definition(1);
  for (auto [num, den, side] : {std::array<int, 3>{3, 2, 5}, std::array<int, 3>{1, 2, 2}}) {
    INFO("scale " << num << "/" << den);
    spritec::diag::Sink sink;
    auto scaled =
        atlas::scale_atlas(d, base, variant(num, den, def::ScaleFilter::kSmooth), {}, sink);
    REQUIRE(scaled);
    const atlas::Frame& f = scaled->frames[0];
    CHECK(f.source_w == side);
    REQUIRE(f.rect.width == side);
    REQUIRE(f.rect.height == side);
    CHECK(f.trim_x == 0);
    const image::Image& p = scaled->pages[std::size_t(f.page)];
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x)
        CHECK(at(p, f.rect.x + x, f.rect.y + y) == kB);
  }
}

TEST_CASE("smooth scales a frame with transparency around it, never past its frame") {
  // A 4x4 opaque block at (4, 4) of a 12x12 frame, halved: the block covers output pixels
  // 2..3, whose centres lie in it; the filter (Mitchell, reaching 2 output pixels) spreads
  // some alpha one pixel out and takes some from the centre; nothing lies outside the 6x6
  // frame.
  image::Image page(4, 4);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      set(page, x, y, kC);
  atlas::Atlas base = on_page(page, {frame("f0", {0, 0, 4, 4}, 12, 12, 4, 4, {6, 11})});
  def::Definition d = definition(1);
  spritec::diag::Sink sink;
  auto scaled = atlas::scale_atlas(d, base, variant(1, 2, def::ScaleFilter::kSmooth), {}, sink);
  REQUIRE(scaled);
  const atlas::Frame& f = scaled->frames[0];
  CHECK(f.source_w == 6);
  CHECK(f.origin == geom::Point{3, 6});  // 5.5 away from zero
  CHECK(f.trim_x == 1);
  CHECK(f.trim_y == 1);
  CHECK(f.rect.width == 4);
  CHECK(f.rect.height == 4);
  image::Image whole = untrimmed(*scaled, 0);
  // Weighted by alpha: every pixel that shows has the block's colour exactly (no dark
  // fringe); the four centre pixels mostly opaque, the ring around them faint, and the
  // result symmetric as the input is.
  for (int y = 0; y < 6; ++y) {
    for (int x = 0; x < 6; ++x) {
      INFO("pixel " << x << ", " << y);
      const Px p = at(whole, x, y);
      if (p[3] > 0) CHECK(Px{p[0], p[1], p[2], 0} == Px{0, 0, 200, 0});
      CHECK(p == at(whole, 5 - x, y));
      CHECK(p == at(whole, x, 5 - y));
      const bool centre = x >= 2 && x < 4 && y >= 2 && y < 4;
      if (centre) CHECK(p[3] >= 192);
      if (!centre) CHECK(p[3] <= 64);
    }
  }
  CHECK(at(whole, 0, 0) == kClear);
  CHECK(at(whole, 5, 5) == kClear);
}

TEST_CASE("a scaled frame no page holds is E0401 naming the variant") {
  image::Image page(8, 8);
  set(page, 0, 0, kA);
  set(page, 7, 7, kA);
  atlas::Atlas base = on_page(page, {frame("f0", {0, 0, 8, 8}, 8, 8, 0, 0, {0, 0})});
  def::Definition d = definition(1);
  d.atlas.max_size = {16, 16};
  for (def::ScaleFilter filter : {def::ScaleFilter::kNearest, def::ScaleFilter::kSmooth}) {
    spritec::diag::Sink sink;
    CHECK_FALSE(atlas::scale_atlas(d, base, variant(3, 1, filter, "@3x"), {}, sink));
    REQUIRE(sink.error_count() == 1);
    CHECK(sink.diagnostics()[0].code == spritec::diag::Code::kFrameTooLarge);
    CHECK(sink.diagnostics()[0].message.find("variant '@3x'") != std::string::npos);
  }
  spritec::diag::Sink sink;
  CHECK(atlas::scale_atlas(d, base, variant(2, 1, def::ScaleFilter::kNearest), {}, sink));
  CHECK(sink.error_count() == 0);
}

TEST_CASE("E0401 of a variant counts every frame too large and lists the first ten") {
  // 12 distinct 8x8 frames; at scale 3 each is 24x24, over pages of at most 16x16.
  image::Image page(96, 8);
  std::vector<atlas::Frame> frames;
  for (int i = 0; i < 12; ++i) {
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x)
        set(page, 8 * i + x, y, {std::uint8_t(20 * i), 0, 0, 255});
    frames.push_back(frame("f" + std::to_string(i), {8 * i, 0, 8, 8}, 8, 8, 0, 0, {0, 0}));
  }
  atlas::Atlas base = on_page(page, frames);
  def::Definition d = definition(12);
  d.atlas.max_size = {16, 16};
  spritec::diag::Sink sink;
  CHECK_FALSE(
      atlas::scale_atlas(d, base, variant(3, 1, def::ScaleFilter::kNearest, "@3x"), {}, sink));
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == spritec::diag::Code::kFrameTooLarge);
  CHECK(sink.diagnostics()[0].message ==
        "in variant '@3x' (scale 3/1), 12 frames do not fit a page of at most 16x16; the first "
        "10: 'f0' 24x24, 'f1' 24x24, 'f2' 24x24, 'f3' 24x24, 'f4' 24x24, 'f5' 24x24, 'f6' 24x24, "
        "'f7' 24x24, 'f8' 24x24, 'f9' 24x24, and 2 more");
}

TEST_CASE("a variant's pages are the same for any number of threads") {
  image::Image page(40, 40);
  for (int y = 0; y < 40; ++y)
    for (int x = 0; x < 40; ++x)
      set(page, x, y, Px{std::uint8_t(x * 6), std::uint8_t(y * 6), 77, std::uint8_t(x * y % 256)});
  atlas::Atlas base;
  base.pages.push_back(page);
  def::Definition d = definition(16);
  for (int i = 0; i < 16; ++i)
    base.frames.push_back(frame("f" + std::to_string(i), {(i % 4) * 10, (i / 4) * 10, 9, 7 + i % 3},
                                11, 12, i % 2, i % 3, {5, 11}));
  for (def::ScaleFilter filter : {def::ScaleFilter::kNearest, def::ScaleFilter::kSmooth}) {
    spritec::diag::Sink sink;
    atlas::Options one;
    one.jobs = 1;
    atlas::Options four;
    four.jobs = 4;
    auto a = atlas::scale_atlas(d, base, variant(3, 4, filter), one, sink);
    auto b = atlas::scale_atlas(d, base, variant(3, 4, filter), four, sink);
    REQUIRE(a);
    REQUIRE(b);
    REQUIRE(a->pages.size() == b->pages.size());
    for (std::size_t p = 0; p < a->pages.size(); ++p)
      CHECK(a->pages[p].rgba == b->pages[p].rgba);
  }
}

TEST_CASE("smooth computes only the trimmed pixels' reach, as if the whole frame were scaled") {
  // Frames whose pixels lie at several places in larger, transparent frames (touching
  // an edge or not), at several scales: the variant's untrimmed frame equals the whole
  // untrimmed frame resized at once.
  image::Image page(5, 4);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 5; ++x)
      set(page, x, y,
          Px{std::uint8_t(40 * x), std::uint8_t(50 * y), 180, std::uint8_t(60 + 40 * x)});
  atlas::Atlas base =
      on_page(page, {
                        frame("f0", {0, 0, 5, 4}, 23, 17, 9, 6, {0, 0}),   // inside
                        frame("f1", {0, 0, 5, 4}, 23, 17, 0, 13, {0, 0}),  // bottom-left
                        frame("f2", {0, 0, 5, 4}, 5, 4, 0, 0, {0, 0}),     // the whole frame
                        frame("f3", {0, 0, 5, 4}, 40, 9, 35, 2, {0, 0}),   // right edge
                    });
  def::Definition d = definition(4);
  for (auto [num, den] :
       {std::array<int, 2>{1, 2}, std::array<int, 2>{3, 2}, std::array<int, 2>{1, 16},
        std::array<int, 2>{5, 1}, std::array<int, 2>{3, 4}}) {
    const def::Variant v = variant(num, den, def::ScaleFilter::kSmooth);
    spritec::diag::Sink sink;
    auto scaled = atlas::scale_atlas(d, base, v, {}, sink);
    REQUIRE(scaled);
    for (std::size_t i = 0; i < base.frames.size(); ++i) {
      INFO("scale " << num << "/" << den << ", frame " << i);
      const image::Image source = untrimmed(base, i);
      const int w = int(atlas::scaled_length(source.width, v));
      const int h = int(atlas::scaled_length(source.height, v));
      const image::Image want = image::resize_smooth(source, w, h, v.scale(), v.scale(), 0, 0);
      const image::Image got = untrimmed(*scaled, i);
      REQUIRE(got.width == w);
      REQUIRE(got.height == h);
      int worst = 0;
      for (std::size_t k = 0; k < got.rgba.size(); ++k)
        worst = std::max(worst, std::abs(int(got.rgba[k]) - int(want.rgba[k])));
      CHECK(worst == 0);
    }
  }
}

TEST_CASE("a variant's pages count against what the variants before it left") {
  image::Image page(8, 8);
  set(page, 0, 0, kA);
  set(page, 7, 7, kA);
  atlas::Atlas base = on_page(page, {frame("f0", {0, 0, 8, 8}, 8, 8, 0, 0, {0, 0})});
  def::Definition d = definition(1);
  atlas::Options options;
  options.variant_area_left = 255;  // a 16x16 page is 256 pixels
  spritec::diag::Sink sink;
  CHECK_FALSE(
      atlas::scale_atlas(d, base, variant(2, 1, def::ScaleFilter::kNearest), options, sink));
  REQUIRE(sink.error_count() == 1);
  CHECK(sink.diagnostics()[0].code == spritec::diag::Code::kPagesTooLarge);
  options.variant_area_left = 256;
  spritec::diag::Sink fits;
  auto scaled =
      atlas::scale_atlas(d, base, variant(2, 1, def::ScaleFilter::kNearest), options, fits);
  REQUIRE(scaled);
  CHECK(scaled->stats.page_area == 256);
}

TEST_CASE("the colour of a base page's transparent pixels does not reach a variant") {
  // f0 and f1: A over a transparent pixel, once black and once coloured (as bleed or a
  // source leaves it). Their variants are the same, (0, 0, 0, 0) below A, and merged.
  image::Image page(2, 2);
  set(page, 0, 0, kA);
  set(page, 1, 0, kA);
  set(page, 1, 1, Px{50, 60, 70, 0});
  atlas::Atlas base = on_page(page, {
                                        frame("f0", {0, 0, 1, 2}, 1, 2, 0, 0, {0, 0}),
                                        frame("f1", {1, 0, 1, 2}, 1, 2, 0, 0, {0, 0}),
                                    });
  def::Definition d = definition(2);
  d.atlas.trim = false;
  for (def::ScaleFilter filter : {def::ScaleFilter::kNearest, def::ScaleFilter::kSmooth}) {
    spritec::diag::Sink sink;
    auto scaled = atlas::scale_atlas(d, base, variant(2, 1, filter), {}, sink);
    REQUIRE(scaled);
    CHECK(scaled->stats.stored == 1);
    CHECK(scaled->frames[1].duplicate_of == 0);
    CHECK(at(untrimmed(*scaled, 1), 1, 3) == kClear);
  }
}

TEST_CASE("a smooth frame that fits once trimmed is not refused for its filter's margins") {
  // 12x12 opaque pixels in the middle of a 40x40 frame, 16x smooth: the computed part
  // holds margins of 4 source pixels (64 output pixels) a side, 322 px in all, far over a
  // 240x240 page, but the trimmed frame (192 px and the filter's soft edge, within its
  // support of 2 source pixels a side) fits.
  image::Image page(12, 12);
  for (int y = 0; y < 12; ++y)
    for (int x = 0; x < 12; ++x)
      set(page, x, y, kA);
  atlas::Atlas base = on_page(page, {frame("f0", {0, 0, 12, 12}, 40, 40, 14, 14, {0, 0})});
  def::Definition d = definition(1);
  d.atlas.max_size = {240, 240};
  spritec::diag::Sink sink;
  auto scaled = atlas::scale_atlas(d, base, variant(16, 1, def::ScaleFilter::kSmooth), {}, sink);
  INFO((sink.diagnostics().empty() ? std::string() : sink.diagnostics()[0].message));
  REQUIRE(scaled);
  CHECK(scaled->frames[0].rect.width > 192);
  CHECK(scaled->frames[0].rect.width <= 192 + 2 * 32);
}
