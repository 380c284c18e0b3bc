// The GIF encoder's size counter (gif_lzw.hpp) against giflib itself: every count must be
// the exact size of giflib's output, since the frame optimiser picks candidates by it.
#include <gif_lib.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "spritec/render/gif_lzw.hpp"

using spritec::render::gif_choose_pixels;
using spritec::render::gif_minimal_file_bytes;
using spritec::render::GifLzwCounter;

namespace {

int write_to_vector(GifFileType* gif, const GifByteType* data, int len) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(gif->UserData);
  out->insert(out->end(), data, data + len);
  return len;
}

// The size of the GIF giflib writes for one w x h image of `pixels` with a 2^bpp colour
// table, written as the encoder's measure did (screen, image, one EGifPutLine, close).
std::size_t giflib_size(std::vector<std::uint8_t> pixels, int w, int h, int bpp) {
  std::vector<std::uint8_t> bytes;
  int error = 0;
  GifFileType* gif = EGifOpen(&bytes, write_to_vector, &error);
  REQUIRE(gif);
  EGifSetGifVersion(gif, true);
  std::vector<GifColorType> colours(std::size_t{1} << bpp, GifColorType{1, 2, 3});
  ColorMapObject* map = GifMakeMapObject(static_cast<int>(colours.size()), colours.data());
  REQUIRE(EGifPutScreenDesc(gif, w, h, 8, 0, map) == GIF_OK);
  GifFreeMapObject(map);
  REQUIRE(EGifPutImageDesc(gif, 0, 0, w, h, false, nullptr) == GIF_OK);
  REQUIRE(EGifPutLine(gif, pixels.data(), w * h) == GIF_OK);
  REQUIRE(EGifCloseFile(gif, &error) == GIF_OK);
  return bytes.size();
}

struct Rng {
  std::uint32_t s;
  std::uint32_t next(std::uint32_t n) {
    s = s * 1664525u + 1013904223u;
    return (s >> 8) % n;
  }
};

// Pixels of several kinds: uniform noise (the dictionary fills and is cleared), runs of
// random lengths, a few colours, one colour with sparse noise, a single colour.
std::vector<std::uint8_t> make_pixels(Rng& rng, int kind, std::size_t n, int bpp) {
  const auto colours = static_cast<std::uint32_t>(1u << bpp);
  std::vector<std::uint8_t> px(n);
  std::uint8_t run = 0;
  for (std::size_t i = 0; i < n; ++i) {
    switch (kind) {
      case 0:
        px[i] = static_cast<std::uint8_t>(rng.next(colours));
        break;
      case 1:
        if (rng.next(12) == 0) run = static_cast<std::uint8_t>(rng.next(colours));
        px[i] = run;
        break;
      case 2:
        px[i] = static_cast<std::uint8_t>(rng.next(std::min(colours, 3u)));
        break;
      case 3:
        px[i] = rng.next(50) == 0 ? static_cast<std::uint8_t>(rng.next(colours)) : 0;
        break;
      default:
        px[i] = static_cast<std::uint8_t>(colours - 1);
        break;
    }
  }
  return px;
}

}  // namespace

TEST_CASE("counted LZW sizes equal giflib's output on random pixels of every table size") {
  Rng rng{2024};
  const std::pair<int, int> shapes[] = {{1, 1},   {2, 1},   {3, 2},     {17, 5},  {64, 64},
                                        {255, 3}, {320, 1}, {320, 200}, {97, 731}};
  for (int bpp = 1; bpp <= 8; ++bpp) {
    GifLzwCounter counter(bpp);  // reused: each count starts from an empty dictionary
    for (auto [w, h] : shapes) {
      for (int kind = 0; kind < 5; ++kind) {
        INFO("bpp " << bpp << ", " << w << "x" << h << ", kind " << kind);
        const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
        std::vector<std::uint8_t> px = make_pixels(rng, kind, n, bpp);
        CHECK(counter.file_bytes(px.data(), n) == giflib_size(px, w, h, bpp));
      }
    }
  }
}

TEST_CASE("two images counted side by side get the counts each gets alone") {
  Rng rng{99};
  const std::pair<int, int> shapes[] = {{1, 1}, {2, 1}, {17, 5}, {320, 200}, {97, 731}};
  for (int bpp : {1, 2, 5, 8}) {
    GifLzwCounter counter(bpp);
    for (auto [w, h] : shapes) {
      for (int kind_a = 0; kind_a < 5; ++kind_a) {
        const int kind_b = (kind_a + 2) % 5;
        INFO("bpp " << bpp << ", " << w << "x" << h << ", kinds " << kind_a << " " << kind_b);
        const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
        std::vector<std::uint8_t> a = make_pixels(rng, kind_a, n, bpp);
        std::vector<std::uint8_t> b = make_pixels(rng, kind_b, n, bpp);
        const auto both = counter.bits_pair(a.data(), b.data(), n);
        CHECK(both.first == counter.bits(a.data(), n));
        CHECK(both.second == counter.bits(b.data(), n));
        // A candidate's masked pixels are its literal ones with some made one value.
        std::vector<std::uint8_t> masked = a;
        for (std::size_t i = 0; i < n; i += 1 + rng.next(3))
          masked[i] = 0;
        const auto pair = counter.bits_pair(masked.data(), a.data(), n);
        CHECK(pair.first == counter.bits(masked.data(), n));
        CHECK(pair.second == counter.bits(a.data(), n));
        CHECK(gif_minimal_file_bytes(pair.first, bpp) == giflib_size(masked, w, h, bpp));
      }
    }
  }
}

TEST_CASE("counted LZW sizes mask pixels to the table's bits as giflib does") {
  Rng rng{7};
  std::vector<std::uint8_t> px(4000);
  for (auto& p : px)
    p = static_cast<std::uint8_t>(rng.next(256));
  for (int bpp : {1, 3, 5}) {
    GifLzwCounter counter(bpp);
    CHECK(counter.file_bytes(px.data(), px.size()) == giflib_size(px, 80, 50, bpp));
  }
}

TEST_CASE("counted LZW sizes equal giflib's on pixel-art frames") {
  // A stage of a few colours with sprites: long runs, repeated rows, the dictionary's
  // width growing to 12 bits and being cleared.
  for (int bpp : {2, 4, 5, 8}) {
    const int w = 320, h = 200;
    std::vector<std::uint8_t> px(static_cast<std::size_t>(w) * h);
    const int colours = 1 << bpp;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        int c = y > 150 ? 1 + (x / 8 + y / 8) % 2 : 0;
        int sx = x % 40, sy = y % 50;
        if (sx > 10 && sx < 26 && sy > 12 && sy < 34)
          c = 3 + (sx * 7 + sy * 3 + x / 40) % (colours - 3 > 0 ? colours - 3 : 1);
        px[static_cast<std::size_t>(y) * w + x] = static_cast<std::uint8_t>(c % colours);
      }
    }
    GifLzwCounter counter(bpp);
    INFO("bpp " << bpp);
    CHECK(counter.file_bytes(px.data(), px.size()) == giflib_size(px, w, h, bpp));
    CHECK(counter.file_bytes(px.data(), px.size()) ==
          gif_minimal_file_bytes(counter.bits(px.data(), px.size()), bpp));
  }
}

TEST_CASE("the chooser keeps every fixed pixel and its counted size equals giflib's") {
  Rng rng{99};
  for (int bpp : {1, 2, 4, 5, 8}) {
    const auto colours = static_cast<std::uint32_t>(1u << bpp);
    for (int kind = 0; kind < 4; ++kind) {
      for (bool transparent_first : {false, true}) {
        INFO("bpp " << bpp << ", kind " << kind << ", transparent first " << transparent_first);
        const int w = 160, h = 120;
        const std::size_t n = static_cast<std::size_t>(w) * h;
        std::vector<std::uint8_t> value = make_pixels(rng, kind, n, bpp);
        std::vector<std::uint8_t> flexible(n);
        const auto clear = static_cast<std::uint8_t>(colours - 1);
        for (std::size_t i = 0; i < n; ++i) {
          flexible[i] = static_cast<std::uint8_t>(kind == 3 ? (i / 97) % 3 != 0 : rng.next(3) != 0);
          if (value[i] == clear && !flexible[i]) value[i] = 0;
        }
        std::vector<std::uint8_t> out;
        const std::uint64_t bits =
            gif_choose_pixels(value, flexible, clear, transparent_first, bpp, out);
        REQUIRE(out.size() == n);
        for (std::size_t i = 0; i < n; ++i) {
          if (out[i] != value[i]) {
            REQUIRE(flexible[i]);
            REQUIRE(out[i] == clear);
          }
        }
        CHECK(gif_minimal_file_bytes(bits, bpp) == giflib_size(out, w, h, bpp));
      }
    }
  }
}
