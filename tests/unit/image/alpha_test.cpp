// image::bleed, premultiply, unpremultiply, premultiply_error and clear_transparent against
// values worked out by hand and against plain references written here from the definitions
// in alpha.hpp (a brute-force distance for bleed, floating point for the roundings).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <vector>

#include "../pixels.hpp"
#include "spritec/image/alpha.hpp"
#include "spritec/image/image.hpp"

namespace image = spritec::image;
using image::Image;

namespace {

using spritec::test::at;
using spritec::test::Px;
using spritec::test::set;

// An image from rows of characters: '.' transparent black, a letter one of `colours`.
Image from_rows(const std::vector<std::string>& rows,
                const std::vector<std::pair<char, Px>>& colours) {
  Image img(int(rows[0].size()), int(rows.size()));
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      for (const auto& [c, px] : colours) {
        if (rows[std::size_t(y)][std::size_t(x)] == c) set(img, x, y, px);
      }
    }
  }
  return img;
}

// bleed as alpha.hpp defines it, the slow way: each transparent pixel's Chebyshev distance to
// the nearest coloured pixel by trying them all, then ring after ring, each pixel the colour
// of its first neighbour (left, right, up, down, up-left, up-right, down-left, down-right) one
// ring in.
Image reference_bleed(const Image& in) {
  Image out = in;
  const int w = in.width, h = in.height;
  std::vector<int> dist(std::size_t(w) * h, std::numeric_limits<int>::max());
  int far = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      int& d = dist[std::size_t(y) * w + x];
      for (int v = 0; v < h; ++v) {
        for (int u = 0; u < w; ++u) {
          if (in.pixel(u, v)[3] != 0) d = std::min(d, std::max(std::abs(u - x), std::abs(v - y)));
        }
      }
      if (d != std::numeric_limits<int>::max()) far = std::max(far, d);
    }
  }
  const int dx[8] = {-1, 1, 0, 0, -1, 1, -1, 1};
  const int dy[8] = {0, 0, -1, 1, -1, -1, 1, 1};
  for (int ring = 1; ring <= far; ++ring) {
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        if (dist[std::size_t(y) * w + x] != ring) continue;
        for (int k = 0; k < 8; ++k) {
          const int u = x + dx[k], v = y + dy[k];
          if (u < 0 || v < 0 || u >= w || v >= h) continue;
          if (dist[std::size_t(v) * w + u] == ring - 1) {
            std::copy(out.pixel(u, v), out.pixel(u, v) + 3, out.pixel(x, y));
            break;
          }
        }
      }
    }
  }
  return out;
}

const Px kRed = {200, 10, 10, 255};
const Px kGreen = {10, 200, 10, 255};
const Px kBlue = {10, 10, 200, 255};

}  // namespace

TEST_CASE("bleed gives each transparent pixel the nearest colour, ties as documented") {
  // R at the top-left, G at the bottom-right: the middle is one from both and looks left,
  // right, up, down (all one away) before up-left (R). The corners (2, 0) and (0, 2) are two
  // from both: (2, 0) takes its left neighbour's colour (R), (0, 2) its right neighbour's,
  // which took G from its own right.
  Image img = from_rows({"R..", "...", "..G"}, {{'R', kRed}, {'G', kGreen}});
  image::bleed(img);
  // Capitals: the coloured pixels; small letters: their colour under alpha 0.
  const Image want =
      from_rows({"Rrr", "rrg", "ggG"},
                {{'R', kRed}, {'G', kGreen}, {'r', {200, 10, 10, 0}}, {'g', {10, 200, 10, 0}}});
  CHECK(img.rgba == want.rgba);
  CHECK(at(img, 1, 1) == Px{200, 10, 10, 0});
  CHECK(at(img, 2, 0) == Px{200, 10, 10, 0});
  CHECK(at(img, 0, 2) == Px{10, 200, 10, 0});
  CHECK(at(img, 2, 1) == Px{10, 200, 10, 0});  // G below it, one away
  CHECK(at(img, 1, 0) == Px{200, 10, 10, 0});
  CHECK(at(img, 0, 0) == kRed);
  CHECK(at(img, 2, 2) == kGreen);
}

TEST_CASE("bleed: left wins a tie in a row, distance decides otherwise, far pixels are reached") {
  Image row = from_rows({"R.G..B"}, {{'R', kRed}, {'G', kGreen}, {'B', kBlue}});
  image::bleed(row);
  CHECK(at(row, 1, 0) == Px{200, 10, 10, 0});  // R and G both one away: left first
  CHECK(at(row, 3, 0) == Px{10, 200, 10, 0});  // G one away, B two
  CHECK(at(row, 4, 0) == Px{10, 10, 200, 0});  // B one away
  // One coloured pixel colours the whole image, however far.
  Image big(40, 30);
  set(big, 39, 29, {1, 2, 3, 255});
  image::bleed(big);
  for (int y = 0; y < 30; ++y) {
    for (int x = 0; x < 40; ++x) {
      if (x == 39 && y == 29) continue;
      REQUIRE(at(big, x, y) == Px{1, 2, 3, 0});
    }
  }
}

TEST_CASE("bleed counts any alpha above 0 as colour and changes nothing but transparent colour") {
  Image img(3, 1);
  set(img, 0, 0, {50, 60, 70, 1});  // barely visible, but it has a colour
  set(img, 2, 0, {9, 9, 9, 0});     // transparent with a colour of its own: replaced
  image::bleed(img);
  CHECK(at(img, 0, 0) == Px{50, 60, 70, 1});
  CHECK(at(img, 1, 0) == Px{50, 60, 70, 0});
  CHECK(at(img, 2, 0) == Px{50, 60, 70, 0});

  Image none(4, 3);
  set(none, 1, 1, {9, 8, 7, 0});
  const Image before = none;
  image::bleed(none);  // nothing has colour: left as it is
  CHECK(none.rgba == before.rgba);
  Image empty;
  image::bleed(empty);
  CHECK(empty.rgba.empty());
}

TEST_CASE("bleed matches the brute-force reference on random sparse images") {
  std::mt19937 rng(14);
  for (int round = 0; round < 40; ++round) {
    const int w = 1 + int(rng() % 23), h = 1 + int(rng() % 19);
    Image img(w, h);
    const int density = 1 + int(rng() % 12);  // roughly 1 in density*3 pixels coloured
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const std::uint32_t r = std::uint32_t(rng());
        if (r % std::uint32_t(density * 3) == 0) {
          set(img, x, y,
              {std::uint8_t(rng()), std::uint8_t(rng()), std::uint8_t(rng()),
               std::uint8_t(1 + rng() % 255)});
        } else if (r % 5 == 1) {
          set(img, x, y, {std::uint8_t(rng()), std::uint8_t(rng()), std::uint8_t(rng()), 0});
        }
      }
    }
    INFO("round " << round << " (" << w << "x" << h << ")");
    const Image want = reference_bleed(img);
    Image got = img;
    image::bleed(got);
    REQUIRE(got.rgba == want.rgba);
    // Alpha untouched; a second bleed changes nothing (the coloured pixels are the same).
    for (std::size_t i = 3; i < img.rgba.size(); i += 4)
      REQUIRE(got.rgba[i] == img.rgba[i]);
    Image again = got;
    image::bleed(again);
    REQUIRE(again.rgba == got.rgba);
  }
}

TEST_CASE("premultiply rounds c * a / 255 to nearest, by hand and for every value") {
  Image img(4, 1);
  set(img, 0, 0, {200, 100, 50, 128});  // 100.39, 50.20, 25.10
  set(img, 1, 0, {255, 1, 128, 255});   // opaque: unchanged
  set(img, 2, 0, {255, 200, 3, 0});     // transparent: black
  set(img, 3, 0, {255, 128, 127, 1});   // 1.0, 0.502 (up), 0.498 (down)
  image::premultiply(img);
  CHECK(at(img, 0, 0) == Px{100, 50, 25, 128});
  CHECK(at(img, 1, 0) == Px{255, 1, 128, 255});
  CHECK(at(img, 2, 0) == Px{0, 0, 0, 0});
  CHECK(at(img, 3, 0) == Px{1, 1, 0, 1});

  Image all(256, 256);
  for (int a = 0; a < 256; ++a) {
    for (int c = 0; c < 256; ++c)
      set(all, c, a, {std::uint8_t(c), std::uint8_t(255 - c), std::uint8_t(c), std::uint8_t(a)});
  }
  image::premultiply(all);
  for (int a = 0; a < 256; ++a) {
    for (int c = 0; c < 256; ++c) {
      const auto want = [&](int v) { return std::uint8_t(std::lround(v * a / 255.0)); };
      REQUIRE(at(all, c, a) == Px{want(c), want(255 - c), want(c), std::uint8_t(a)});
    }
  }
}

TEST_CASE("unpremultiply rounds c * 255 / a to nearest (halves up), clamped, for every value") {
  Image img(4, 1);
  set(img, 0, 0, {100, 50, 25, 128});  // 199.2, 99.6, 49.8
  set(img, 1, 0, {7, 8, 9, 255});      // opaque: unchanged
  set(img, 2, 0, {7, 8, 9, 0});        // transparent: black
  set(img, 3, 0, {1, 3, 2, 2});        // 127.5 (up to 128), 382.5 (clamped), 255
  image::unpremultiply(img);
  CHECK(at(img, 0, 0) == Px{199, 100, 50, 128});
  CHECK(at(img, 1, 0) == Px{7, 8, 9, 255});
  CHECK(at(img, 2, 0) == Px{0, 0, 0, 0});
  CHECK(at(img, 3, 0) == Px{128, 255, 255, 2});

  Image all(256, 256);
  for (int a = 0; a < 256; ++a) {
    for (int c = 0; c < 256; ++c)
      set(all, c, a, {std::uint8_t(c), std::uint8_t(c), std::uint8_t(c), std::uint8_t(a)});
  }
  image::unpremultiply(all);
  for (int a = 1; a < 255; ++a) {
    for (int c = 0; c < 256; ++c) {
      const double exact = c * 255.0 / a;  // a half is exact in binary
      const int want = std::min(255, int(std::floor(exact + 0.5)));
      REQUIRE(int(at(all, c, a)[0]) == want);
      REQUIRE(int(at(all, c, a)[3]) == a);
    }
  }
}

TEST_CASE("premultiplying and back costs premultiply_error(a) at most, exactly, and is stable") {
  CHECK(image::premultiply_error(255) == 0);
  CHECK(image::premultiply_error(254) == 1);
  CHECK(image::premultiply_error(85) == 1);
  CHECK(image::premultiply_error(84) == 2);
  CHECK(image::premultiply_error(64) == 2);
  CHECK(image::premultiply_error(10) == 13);
  CHECK(image::premultiply_error(2) == 64);
  CHECK(image::premultiply_error(1) == 127);
  CHECK(image::premultiply_error(0) == 255);

  Image all(256, 256);
  for (int a = 0; a < 256; ++a) {
    for (int c = 0; c < 256; ++c)
      set(all, c, a, {std::uint8_t(c), std::uint8_t(c), std::uint8_t(c), std::uint8_t(a)});
  }
  Image stored = all;
  image::premultiply(stored);
  Image back = stored;
  image::unpremultiply(back);
  Image again = back;
  image::premultiply(again);
  CHECK(again.rgba == stored.rgba);  // the straight pixels premultiply to the same bytes
  for (int a = 1; a < 256; ++a) {
    int worst = 0;
    for (int c = 0; c < 256; ++c) {
      REQUIRE(int(at(back, c, a)[3]) == a);
      worst = std::max(worst, std::abs(int(at(back, c, a)[0]) - c));
    }
    INFO("alpha " << a);
    REQUIRE(worst == image::premultiply_error(a));
  }
}

TEST_CASE("clear_transparent blackens exactly the pixels of alpha 0") {
  Image img(3, 1);
  set(img, 0, 0, {1, 2, 3, 0});
  set(img, 1, 0, {1, 2, 3, 1});
  set(img, 2, 0, {1, 2, 3, 255});
  image::clear_transparent(img);
  CHECK(at(img, 0, 0) == Px{0, 0, 0, 0});
  CHECK(at(img, 1, 0) == Px{1, 2, 3, 1});
  CHECK(at(img, 2, 0) == Px{1, 2, 3, 255});
}
