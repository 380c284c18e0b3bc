// Indexed (palette) PNG writing: encode_png_indexed and encode_png_auto. Files are decoded
// with the tests' own stb_image (an oracle independent of the library's copy) and their
// chunks read by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "png_chunks.hpp"
#include "spritec/image/image.hpp"
#include "stb_oracle.hpp"

using spritec::image::Bytes;
using spritec::image::IdatCompressor;
using spritec::image::Image;
using spritec::image::IndexedPngOptions;
using spritec::image::PngFilters;

namespace {

using png_chunks::be32;

struct Chunk {
  std::string type;
  std::vector<std::uint8_t> data;
};

// The chunks of a PNG in file order (the signature checked, CRCs not).
std::vector<Chunk> chunks_of(const Bytes& png) {
  std::vector<Chunk> out;
  REQUIRE(png.size() >= 8);
  REQUIRE(std::memcmp(png.data(), spritec::image::kPngSignature, 8) == 0);
  std::size_t pos = 8;
  while (pos + 12 <= png.size()) {
    const std::uint32_t n = be32(png.data() + pos);
    REQUIRE(pos + 12 + n <= png.size());
    Chunk c;
    c.type.assign(reinterpret_cast<const char*>(png.data() + pos + 4), 4);
    c.data.assign(png.begin() + long(pos + 8), png.begin() + long(pos + 8 + n));
    out.push_back(std::move(c));
    pos += 12 + n;
  }
  REQUIRE(pos == png.size());
  return out;
}

const Chunk* find(const std::vector<Chunk>& chunks, const std::string& type) {
  for (const Chunk& c : chunks)
    if (c.type == type) return &c;
  return nullptr;
}

// The i-th of `n` distinct colours: varied RGB; every third one translucent, one of those
// fully transparent with a colour (which must survive), the rest opaque.
std::uint32_t nth_colour(int i) {
  const std::uint8_t r = std::uint8_t(i * 37);
  const std::uint8_t g = std::uint8_t(i * 11 + 5);
  const std::uint8_t b = std::uint8_t(i >> 2);
  const std::uint8_t a = std::uint8_t(i % 3 == 1 ? (i % 6 == 1 ? 0 : 100 + i % 100) : 255);
  return std::uint32_t(r) | std::uint32_t(g) << 8 | std::uint32_t(b) << 16 | std::uint32_t(a) << 24;
}

// A w x h image using exactly `colours` distinct RGBA values (w * h >= colours), in a
// scattered order so rows differ and filters have work.
Image image_with_colours(int colours, int w, int h) {
  Image img(w, h);
  for (int i = 0; i < w * h; ++i) {
    const int k = i < colours ? i : int((std::uint32_t(i) * 2654435761u) % std::uint32_t(colours));
    const std::uint32_t c = nth_colour(k);
    std::uint8_t* p = img.rgba.data() + std::size_t(i) * 4;
    p[0] = std::uint8_t(c);
    p[1] = std::uint8_t(c >> 8);
    p[2] = std::uint8_t(c >> 16);
    p[3] = std::uint8_t(c >> 24);
  }
  return img;
}

int expected_depth(int colours) {
  return colours <= 2 ? 1 : colours <= 4 ? 2 : colours <= 16 ? 4 : 8;
}

// Checks the file's chunks against the image's colours and decodes it with the oracle.
void check_indexed(const Bytes& png, const Image& img, int colours) {
  const std::vector<Chunk> chunks = chunks_of(png);
  REQUIRE(chunks.front().type == "IHDR");
  const Chunk& ihdr = chunks.front();
  CHECK(int(be32(ihdr.data.data())) == img.width);
  CHECK(int(be32(ihdr.data.data() + 4)) == img.height);
  CHECK(int(ihdr.data[8]) == expected_depth(colours));
  CHECK(int(ihdr.data[9]) == 3);   // colour type: palette
  CHECK(int(ihdr.data[12]) == 0);  // not interlaced
  const Chunk* plte = find(chunks, "PLTE");
  REQUIRE(plte != nullptr);
  CHECK(plte->data.size() == std::size_t(colours) * 3);
  // tRNS: exactly the translucent colours, which come first in the palette.
  int translucent = 0;
  for (int i = 0; i < colours; ++i)
    translucent += (nth_colour(i) >> 24) < 255;
  const Chunk* trns = find(chunks, "tRNS");
  if (translucent == 0) {
    CHECK(trns == nullptr);
  } else {
    REQUIRE(trns != nullptr);
    CHECK(trns->data.size() == std::size_t(translucent));
    for (std::uint8_t a : trns->data)
      CHECK(a < 255);
  }
  for (const Chunk& c : chunks) {
    CHECK(c.type != "tIME");
    CHECK(c.type != "tEXt");
  }
  CHECK(chunks.back().type == "IEND");

  const oracle::Decoded d = oracle::stb_decode_rgba(png);
  CHECK(d.width == img.width);
  CHECK(d.height == img.height);
  CHECK(d.rgba == img.rgba);
  const spritec::image::Result<Image> ours = spritec::image::decode_png(png);
  REQUIRE(ours);
  CHECK(ours.value.rgba == img.rgba);
  CHECK(spritec::image::read_png_palette_size(png.data(), png.size()) == colours);
}

}  // namespace

TEST_CASE("encode_png_indexed: bit depth by colour count, exact pixels, tRNS only as needed") {
  // Widths that are not whole bytes at 1, 2 and 4 bits a pixel.
  for (int colours : {1, 2, 3, 4, 5, 15, 16, 17, 100, 255, 256}) {
    for (int w : {1, 7, 13, 33}) {
      const int h = (colours + w - 1) / w + 3;
      CAPTURE(colours, w, h);
      const Image img = image_with_colours(colours, w, h);
      const Bytes png = spritec::image::encode_png_indexed(img);
      REQUIRE_FALSE(png.empty());
      check_indexed(png, img, colours);
      // encode_png_auto picks it; every compressor and filter choice gives the same pixels.
      CHECK(spritec::image::encode_png_auto(img) == png);
      for (const IndexedPngOptions& o :
           {IndexedPngOptions{6, IdatCompressor::kLibdeflate, PngFilters::kNone},
            IndexedPngOptions{1, IdatCompressor::kLibdeflate, PngFilters::kAdaptive},
            IndexedPngOptions{12, IdatCompressor::kLibdeflate, PngFilters::kAdaptive},
            IndexedPngOptions{6, IdatCompressor::kLibpngZlib, PngFilters::kNone},
            IndexedPngOptions{9, IdatCompressor::kLibpngZlib, PngFilters::kAdaptive},
            IndexedPngOptions{6, IdatCompressor::kLibpngZlib, PngFilters::kSmaller}}) {
        check_indexed(spritec::image::encode_png_indexed(img, o), img, colours);
      }
    }
  }
}

TEST_CASE("encode_png_indexed: an opaque image has no tRNS") {
  Image img(5, 3);
  for (int i = 0; i < 15; ++i) {
    std::uint8_t* p = img.rgba.data() + i * 4;
    p[0] = std::uint8_t(i % 3 * 100);
    p[3] = 255;
  }
  const std::vector<Chunk> chunks = chunks_of(spritec::image::encode_png_indexed(img));
  CHECK(find(chunks, "tRNS") == nullptr);
  REQUIRE(find(chunks, "PLTE") != nullptr);
  CHECK(find(chunks, "PLTE")->data.size() == 9);
}

TEST_CASE("encode_png_indexed: palette order is translucent colours first, each by first use") {
  // Row-major first uses: opaque red, transparent with a colour, opaque green, half blue,
  // red again, transparent black.
  const std::uint8_t pixels[][4] = {{255, 0, 0, 255}, {9, 8, 7, 0},     {0, 255, 0, 255},
                                    {0, 0, 255, 128}, {255, 0, 0, 255}, {0, 0, 0, 0}};
  Image img(3, 2);
  std::memcpy(img.rgba.data(), pixels, sizeof pixels);
  const Bytes png = spritec::image::encode_png_indexed(img);
  const std::vector<Chunk> chunks = chunks_of(png);
  REQUIRE(find(chunks, "PLTE") != nullptr);
  CHECK(find(chunks, "PLTE")->data ==
        std::vector<std::uint8_t>{9, 8, 7, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0});
  REQUIRE(find(chunks, "tRNS") != nullptr);
  CHECK(find(chunks, "tRNS")->data == std::vector<std::uint8_t>{0, 128, 0});
  CHECK(oracle::stb_decode_rgba(png).rgba == img.rgba);
}

TEST_CASE("257 colours are not indexed: encode_png_auto falls back to RGBA, exactly") {
  const Image img = image_with_colours(257, 20, 20);
  CHECK(spritec::image::encode_png_indexed(img).empty());
  const Bytes png = spritec::image::encode_png_auto(img);
  CHECK(png == spritec::image::encode_png(img));
  const std::vector<Chunk> chunks = chunks_of(png);
  CHECK(int(chunks.front().data[9]) == 6);  // RGBA
  CHECK(oracle::stb_decode_rgba(png).rgba == img.rgba);
  CHECK_FALSE(spritec::image::read_png_palette_size(png.data(), png.size()).has_value());
  // 256 of the same colours are indexed.
  CHECK_FALSE(spritec::image::encode_png_indexed(image_with_colours(256, 20, 20)).empty());
}

TEST_CASE("encode_png_indexed is deterministic, on any thread") {
  const Image img = image_with_colours(40, 300, 200);
  const Bytes a = spritec::image::encode_png_indexed(img);
  Bytes b;
  std::thread t([&] { b = spritec::image::encode_png_auto(img); });
  t.join();
  CHECK(a == b);
  CHECK(spritec::image::encode_png_indexed(img) == a);
}

TEST_CASE("encode_png_indexed's default keeps the smaller of filter none and adaptive") {
  for (int colours : {3, 17, 200}) {
    const Image img = image_with_colours(colours, 64, 48);
    const std::size_t none =
        spritec::image::encode_png_indexed(img, {6, IdatCompressor::kLibdeflate, PngFilters::kNone})
            .size();
    const std::size_t adaptive = spritec::image::encode_png_indexed(
                                     img, {6, IdatCompressor::kLibdeflate, PngFilters::kAdaptive})
                                     .size();
    CHECK(spritec::image::encode_png_indexed(img).size() == std::min(none, adaptive));
  }
}

TEST_CASE("encode_png_indexed refuses an empty image") {
  CHECK(spritec::image::encode_png_indexed(Image{}).empty());
  CHECK(spritec::image::encode_png_auto(Image{}).empty());
}

TEST_CASE("read_png_palette_size: only for indexed PNGs that have a readable PLTE") {
  const Bytes rgba = spritec::image::encode_png(image_with_colours(3, 4, 4));
  CHECK_FALSE(spritec::image::read_png_palette_size(rgba.data(), rgba.size()).has_value());
  const Bytes indexed = spritec::image::encode_png_indexed(image_with_colours(3, 4, 4));
  CHECK(spritec::image::read_png_palette_size(indexed.data(), indexed.size()) == 3);
  // Cut inside PLTE, or not a PNG at all.
  CHECK_FALSE(spritec::image::read_png_palette_size(indexed.data(), 40).has_value());
  const std::uint8_t junk[37] = {1, 2, 3};
  CHECK_FALSE(spritec::image::read_png_palette_size(junk, sizeof junk).has_value());
}
