#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <vector>

#include "../pixels.hpp"
#include "spritec/image/image.hpp"

using spritec::image::Image;
using spritec::image::Rect;

namespace {

using spritec::test::at;
using spritec::test::Px;
using spritec::test::set;

// An opaque image whose pixel (x, y) is (x, y, 100, 255): easy to read positions back.
Image coords(int w, int h) {
  Image img(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x)
      set(img, x, y, {std::uint8_t(x), std::uint8_t(y), 100, 255});
  }
  return img;
}

const Px kClear = {0, 0, 0, 0};

}  // namespace

TEST_CASE("a new image is transparent black") {
  const Image img(3, 2);
  CHECK(img.rgba == std::vector<std::uint8_t>(3 * 2 * 4, 0));
}

TEST_CASE("the colour key turns exactly that colour transparent") {
  Image img(4, 1);
  set(img, 0, 0, {255, 0, 255, 255});  // the key
  set(img, 1, 0, {255, 0, 254, 255});  // one off in blue: kept
  set(img, 2, 0, {255, 0, 255, 10});   // the key at another alpha: still the key
  set(img, 3, 0, {0, 0, 0, 255});      // black: kept
  spritec::image::apply_colorkey(img, 255, 0, 255);
  CHECK(at(img, 0, 0) == kClear);
  CHECK(at(img, 1, 0) == Px{255, 0, 254, 255});
  CHECK(at(img, 2, 0) == kClear);
  CHECK(at(img, 3, 0) == Px{0, 0, 0, 255});
}

TEST_CASE("trim bounds hold exactly the pixels whose alpha is not zero") {
  Image img(6, 5);
  set(img, 1, 1, {0, 0, 0, 1});  // alpha 1 is content
  set(img, 4, 3, {9, 9, 9, 255});
  set(img, 5, 0, {200, 200, 200, 0});  // colour under alpha 0 is not content

  SECTION("over the whole image") {
    // Content spans x 1..4 and y 1..3: 4 wide, 3 tall.
    CHECK(spritec::image::trim_bounds(img, {0, 0, 6, 5}) == Rect{1, 1, 4, 3});
  }
  SECTION("inside a sub-rectangle, in image coordinates") {
    // Columns 2..5 see only the pixel at (4, 3).
    CHECK(spritec::image::trim_bounds(img, {2, 0, 4, 5}) == Rect{4, 3, 1, 1});
  }
  SECTION("an all-transparent rectangle trims to nothing") {
    CHECK(spritec::image::trim_bounds(img, {2, 0, 4, 2}) == Rect{});
    CHECK(spritec::image::trim_bounds(Image(3, 3), {0, 0, 3, 3}).empty());
  }
  SECTION("a fully opaque rectangle keeps its bounds") {
    const Image full = coords(4, 4);
    CHECK(spritec::image::trim_bounds(full, {1, 1, 2, 3}) == Rect{1, 1, 2, 3});
  }
}

TEST_CASE("crop copies a rectangle") {
  const Image img = coords(5, 4);
  const Image c = spritec::image::crop(img, {2, 1, 3, 2});
  REQUIRE(c.width == 3);
  REQUIRE(c.height == 2);
  CHECK(at(c, 0, 0) == Px{2, 1, 100, 255});
  CHECK(at(c, 2, 1) == Px{4, 2, 100, 255});
}

TEST_CASE("turning counter-clockwise makes the region's right column the top row") {
  // The region x 1..3, y 1..2 of a 5x4 image, turned a quarter counter-clockwise, is 2
  // wide and 3 tall: its top row is the region's right column read downwards, (3, 1) then
  // (3, 2); its bottom row the left column, (1, 1) then (1, 2).
  const Image img = coords(5, 4);
  const Image t = spritec::image::turn_counter_clockwise(img, {1, 1, 3, 2});
  REQUIRE(t.width == 2);
  REQUIRE(t.height == 3);
  CHECK(at(t, 0, 0) == Px{3, 1, 100, 255});
  CHECK(at(t, 1, 0) == Px{3, 2, 100, 255});
  CHECK(at(t, 0, 1) == Px{2, 1, 100, 255});
  CHECK(at(t, 1, 1) == Px{2, 2, 100, 255});
  CHECK(at(t, 0, 2) == Px{1, 1, 100, 255});
  CHECK(at(t, 1, 2) == Px{1, 2, 100, 255});
}

TEST_CASE("blit replaces pixels, alpha included, and skips what falls outside") {
  const Image src = coords(3, 3);
  Image dst(4, 4);
  set(dst, 0, 0, {7, 7, 7, 255});
  SECTION("inside") {
    Image half = coords(2, 1);
    set(half, 0, 0, {1, 2, 3, 0});  // a transparent source pixel still replaces
    set(dst, 2, 3, {50, 50, 50, 255});
    spritec::image::blit(dst, 2, 3, half, {0, 0, 2, 1});
    CHECK(at(dst, 2, 3) == Px{1, 2, 3, 0});
    CHECK(at(dst, 3, 3) == Px{1, 0, 100, 255});
    CHECK(at(dst, 0, 0) == Px{7, 7, 7, 255});
  }
  SECTION("partly off the top-left corner") {
    // src_rect (1,1)-(2,2) drawn at (-1, -1): only src (2, 2) lands, at (0, 0).
    spritec::image::blit(dst, -1, -1, src, {1, 1, 2, 2});
    CHECK(at(dst, 0, 0) == Px{2, 2, 100, 255});
    CHECK(at(dst, 1, 0) == kClear);
    CHECK(at(dst, 0, 1) == kClear);
  }
  SECTION("partly off the bottom-right corner") {
    spritec::image::blit(dst, 3, 3, src, {0, 0, 3, 3});
    CHECK(at(dst, 3, 3) == Px{0, 0, 100, 255});
    CHECK(at(dst, 2, 2) == kClear);
  }
  SECTION("entirely outside: nothing changes") {
    const Image before = dst;
    spritec::image::blit(dst, 10, 0, src, {0, 0, 3, 3});
    spritec::image::blit(dst, 0, -3, src, {0, 0, 3, 3});
    CHECK(dst.rgba == before.rgba);
  }
}

TEST_CASE("blend_over composites straight alpha exactly") {
  Image dst(1, 1);
  Image src(1, 1);
  auto blend = [&](Px d, Px s) {
    set(dst, 0, 0, d);
    set(src, 0, 0, s);
    spritec::image::blend_over(dst, 0, 0, src, {0, 0, 1, 1});
    return at(dst, 0, 0);
  };
  SECTION("an opaque source replaces") {
    CHECK(blend({1, 2, 3, 40}, {200, 100, 50, 255}) == Px{200, 100, 50, 255});
  }
  SECTION("a transparent source leaves the destination") {
    CHECK(blend({1, 2, 3, 40}, {200, 100, 50, 0}) == Px{1, 2, 3, 40});
  }
  SECTION("half red over opaque blue") {
    // out alpha = 128/255 + 1 * 127/255 = 1 -> 255.
    // red  = 255 * 128 / 255 = 128 exactly; blue = 255 * 127 / 255 = 127 exactly.
    CHECK(blend({0, 0, 255, 255}, {255, 0, 0, 128}) == Px{128, 0, 127, 255});
  }
  SECTION("any source over transparent black is the source") {
    // out alpha = 100; colour = 10 * 100 / 100 = 10 (the destination weighs 0).
    CHECK(blend({0, 0, 0, 0}, {10, 20, 30, 100}) == Px{10, 20, 30, 100});
  }
  SECTION("half white over half black") {
    // alpha: 128 + 128 * 127 / 255 = 191.75 -> 192.
    // colour: 255 * 128 / 191.75 = 170.2 -> 170.
    CHECK(blend({0, 0, 0, 128}, {255, 255, 255, 128}) == Px{170, 170, 170, 192});
  }
}

TEST_CASE("flips mirror the image") {
  Image img = coords(3, 2);
  SECTION("left-right") {
    spritec::image::flip_x(img);
    CHECK(at(img, 0, 0) == Px{2, 0, 100, 255});
    CHECK(at(img, 1, 0) == Px{1, 0, 100, 255});
    CHECK(at(img, 2, 1) == Px{0, 1, 100, 255});
  }
  SECTION("top-bottom") {
    spritec::image::flip_y(img);
    CHECK(at(img, 0, 0) == Px{0, 1, 100, 255});
    CHECK(at(img, 2, 1) == Px{2, 0, 100, 255});
  }
  SECTION("twice is the identity") {
    const Image before = img;
    spritec::image::flip_x(img);
    spritec::image::flip_x(img);
    spritec::image::flip_y(img);
    spritec::image::flip_y(img);
    CHECK(img.rgba == before.rgba);
  }
}

TEST_CASE("nearest scaling turns each pixel into an n x n block") {
  const Image img = coords(2, 3);
  const Image s = spritec::image::scale_nearest(img, 3);
  REQUIRE(s.width == 6);
  REQUIRE(s.height == 9);
  for (int y = 0; y < 9; ++y) {
    for (int x = 0; x < 6; ++x) {
      INFO(x << "," << y);
      CHECK(at(s, x, y) == at(img, x / 3, y / 3));
    }
  }
  CHECK(spritec::image::scale_nearest(img, 1).rgba == img.rgba);
  CHECK(spritec::image::scale_nearest(Image(40000, 1), 2).empty());  // over 65536 wide
}

TEST_CASE("extrude repeats the edge pixels outward") {
  // A 2x2 frame at (2, 2) in a 6x6 page:   A B
  //                                        C D
  const Px a = {1, 0, 0, 255};
  const Px b = {2, 0, 0, 255};
  const Px c = {3, 0, 0, 255};
  const Px d = {4, 0, 0, 255};
  Image page(6, 6);
  set(page, 2, 2, a);
  set(page, 3, 2, b);
  set(page, 2, 3, c);
  set(page, 3, 3, d);

  SECTION("by one pixel") {
    // Expected page, worked out by hand (. = untouched, transparent):
    //   . . . . . .
    //   . A A B B .
    //   . A A B B .
    //   . C C D D .
    //   . C C D D .
    //   . . . . . .
    spritec::image::extrude(page, {2, 2, 2, 2}, 1);
    const Px _ = kClear;
    const std::vector<std::vector<Px>> expected = {
        {_, _, _, _, _, _}, {_, a, a, b, b, _}, {_, a, a, b, b, _},
        {_, c, c, d, d, _}, {_, c, c, d, d, _}, {_, _, _, _, _, _},
    };
    for (int y = 0; y < 6; ++y) {
      for (int x = 0; x < 6; ++x) {
        INFO(x << "," << y);
        CHECK(at(page, x, y) == expected[std::size_t(y)][std::size_t(x)]);
      }
    }
  }
  SECTION("by two pixels, reaching the page edge") {
    spritec::image::extrude(page, {2, 2, 2, 2}, 2);
    CHECK(at(page, 0, 0) == a);  // corner squares take the corner pixel
    CHECK(at(page, 1, 0) == a);
    CHECK(at(page, 5, 0) == b);
    CHECK(at(page, 0, 5) == c);
    CHECK(at(page, 5, 5) == d);
    CHECK(at(page, 2, 0) == a);  // above the top row
    CHECK(at(page, 3, 5) == d);  // below the bottom row
    CHECK(at(page, 0, 3) == c);  // left of the left column
  }
  SECTION("past the page edge nothing is written out of bounds") {
    Image small(2, 2);
    set(small, 0, 0, a);
    set(small, 1, 1, d);
    spritec::image::extrude(small, {0, 0, 1, 1}, 3);  // left and top fall outside
    CHECK(at(small, 1, 0) == a);
    CHECK(at(small, 0, 1) == a);
    CHECK(at(small, 1, 1) == a);  // the corner below-right takes A too
  }
  SECTION("zero pixels changes nothing") {
    const Image before = page;
    spritec::image::extrude(page, {2, 2, 2, 2}, 0);
    CHECK(page.rgba == before.rgba);
  }
}

TEST_CASE("equal content hashes equal and one changed pixel changes the hash") {
  Image one = coords(8, 8);
  Image two(12, 12);
  spritec::image::blit(two, 3, 4, one, {2, 2, 4, 3});
  const Rect ra = {2, 2, 4, 3};
  const Rect rb = {3, 4, 4, 3};
  CHECK(spritec::image::hash_rect(one, ra) == spritec::image::hash_rect(two, rb));
  CHECK(spritec::image::equal_rect(one, ra, two, rb));

  SECTION("one pixel differs") {
    two.pixel(5, 6)[2] ^= 1;  // inside rb
    CHECK(spritec::image::hash_rect(one, ra) != spritec::image::hash_rect(two, rb));
    CHECK_FALSE(spritec::image::equal_rect(one, ra, two, rb));
  }
  SECTION("the same bytes in another shape differ") {
    // 4 transparent pixels as 4x1 and as 2x2 (and 1x4): same bytes, different frames.
    const Image clear(4, 4);
    const auto h41 = spritec::image::hash_rect(clear, {0, 0, 4, 1});
    const auto h22 = spritec::image::hash_rect(clear, {0, 0, 2, 2});
    const auto h14 = spritec::image::hash_rect(clear, {0, 0, 1, 4});
    CHECK(h41 != h22);
    CHECK(h22 != h14);
    CHECK(h41 != h14);
    CHECK_FALSE(spritec::image::equal_rect(clear, {0, 0, 4, 1}, clear, {0, 0, 2, 2}));
  }
  SECTION("the hash does not depend on where the rectangle is") {
    const Image clear(4, 4);
    CHECK(spritec::image::hash_rect(clear, {0, 0, 2, 2}) ==
          spritec::image::hash_rect(clear, {2, 1, 2, 2}));
  }
}
