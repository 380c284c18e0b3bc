// Every kind of PNG an artist's tool writes decodes to the pixels a viewer shows.
//
// The fixtures under tests/data/images/kinds/ were written by Pillow and ImageMagick (a few
// by hand, per the PNG specification) and each NAME.rgba beside them is the RGBA that
// libpng, Pillow (where it follows the specification) and the specification's own
// arithmetic agreed on when make_kinds.py made them: nothing here comes from spritec.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "png_chunks.hpp"
#include "spritec/image/image.hpp"

using spritec::image::Bytes;
using spritec::image::ErrorKind;

namespace {

const std::string kKinds = std::string(SPRITEC_TEST_DATA) + "/images/kinds/";

Bytes read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

struct Fixture {
  std::string name;
  int width = 0;
  int height = 0;
};

std::vector<Fixture> fixtures() {
  std::ifstream in(kKinds + "kinds.tsv");
  REQUIRE(in);
  std::vector<Fixture> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Fixture f;
    std::string w, h;
    std::getline(fields, f.name, '\t');
    std::getline(fields, w, '\t');
    std::getline(fields, h, '\t');
    f.width = std::stoi(w);
    f.height = std::stoi(h);
    out.push_back(f);
  }
  return out;
}

using png_chunks::be32;

// What a PNG file is, read from its bytes here: colour type, depth, interlace, tRNS.
struct Kind {
  int colour = -1;
  int depth = 0;
  bool interlaced = false;
  bool trns = false;
  bool operator<(const Kind& o) const {
    return std::tie(colour, depth, interlaced, trns) <
           std::tie(o.colour, o.depth, o.interlaced, o.trns);
  }
};

Kind kind_of(const Bytes& png) {
  REQUIRE(png.size() >= 33);
  Kind k;
  k.depth = png[24];
  k.colour = png[25];
  k.interlaced = png[28] == 1;
  for (std::size_t pos = 8; png.size() - pos >= 12;) {
    const std::uint32_t length = be32(&png[pos]);
    if (std::string(png.begin() + std::ptrdiff_t(pos) + 4, png.begin() + std::ptrdiff_t(pos) + 8) ==
        "tRNS")
      k.trns = true;
    pos += 12 + std::size_t(length);
  }
  return k;
}

// --- PNGs made by hand for the rule-breaking cases (PNG specification, chapter 5) -----------

using png_chunks::chunk;

// A zlib stream of one stored (uncompressed) deflate block: RFC 1950 and 1951 by hand.
std::string zlib_stored(const std::string& raw) {
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : raw) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  const auto n = std::uint16_t(raw.size());
  std::string out = "\x78\x01";
  out += '\x01';  // final block, stored
  out += {char(n & 0xff), char(n >> 8), char(~n & 0xff), char((~n >> 8) & 0xff)};
  return out + raw + png_chunks::be32_bytes(b << 16 | a);
}

// A PNG of one row (filter byte 0 added), with `before` between IHDR and IDAT and `after`
// between IDAT and IEND.
Bytes one_row_png(int width, int depth, int colour, const std::string& row,
                  const std::string& before, const std::string& after = "") {
  const std::string ihdr = png_chunks::be32_bytes(std::uint32_t(width)) +
                           png_chunks::be32_bytes(1) +
                           std::string{char(depth), char(colour), 0, 0, 0};
  const std::string s = "\x89PNG\r\n\x1a\n" + chunk("IHDR", ihdr) + before +
                        chunk("IDAT", zlib_stored(std::string(1, '\0') + row)) + after +
                        chunk("IEND", "");
  return Bytes(s.begin(), s.end());
}

std::vector<std::uint8_t> decoded_rgba(const Bytes& png) {
  const auto d = spritec::image::decode_png(png);
  INFO("error detail: " << d.error.detail);
  REQUIRE(d.ok());
  return d.value.rgba;
}

}  // namespace

TEST_CASE("every kind of PNG decodes to exactly the RGBA libpng and Pillow show") {
  const std::vector<Fixture> all = fixtures();
  REQUIRE(all.size() >= 40);
  for (const Fixture& f : all) {
    INFO("fixture " << f.name << ".png (" << f.width << "x" << f.height << ")");
    const Bytes png = read_bytes(kKinds + f.name + ".png");
    const Bytes want = read_bytes(kKinds + f.name + ".rgba");
    REQUIRE(want.size() == std::size_t(f.width) * std::size_t(f.height) * 4);

    const auto info = spritec::image::read_png_info(png.data(), spritec::image::kPngHeaderBytes);
    REQUIRE(info.ok());
    CHECK(info.value.width == f.width);
    CHECK(info.value.height == f.height);

    const auto d = spritec::image::decode_png(png);
    INFO("error detail: " << d.error.detail);
    REQUIRE(d.ok());
    REQUIRE(d.value.width == f.width);
    REQUIRE(d.value.height == f.height);
    std::size_t differing = 0;
    std::string first;
    for (std::size_t i = 0; i < want.size(); i += 4) {
      if (std::equal(want.begin() + std::ptrdiff_t(i), want.begin() + std::ptrdiff_t(i) + 4,
                     d.value.rgba.begin() + std::ptrdiff_t(i)))
        continue;
      if (differing++ == 0) {
        const std::size_t p = i / 4;
        std::ostringstream s;
        s << "pixel (" << p % std::size_t(f.width) << ", " << p / std::size_t(f.width) << "): got "
          << int(d.value.rgba[i]) << "," << int(d.value.rgba[i + 1]) << ","
          << int(d.value.rgba[i + 2]) << "," << int(d.value.rgba[i + 3]) << " want " << int(want[i])
          << "," << int(want[i + 1]) << "," << int(want[i + 2]) << "," << int(want[i + 3]);
        first = s.str();
      }
    }
    INFO("first difference: " << first);
    CHECK(differing == 0);
  }
}

TEST_CASE("the fixtures hold every colour type, bit depth, tRNS and Adam7 a PNG can have") {
  std::set<Kind> present;
  for (const Fixture& f : fixtures())
    present.insert(kind_of(read_bytes(kKinds + f.name + ".png")));
  std::vector<Kind> wanted;
  for (bool trns : {false, true}) {
    for (int depth : {1, 2, 4, 8})
      wanted.push_back({3, depth, false, trns});
    for (int depth : {1, 2, 4, 8, 16})
      wanted.push_back({0, depth, false, trns});
    for (int depth : {8, 16})
      wanted.push_back({2, depth, false, trns});
  }
  for (int depth : {8, 16}) {
    wanted.push_back({4, depth, false, false});
    wanted.push_back({6, depth, false, false});
  }
  // Adam7 for every colour type, at a low depth, 8 and 16 bits where the type has them.
  for (Kind k : std::vector<Kind>{{3, 1, true, true},
                                  {3, 4, true, true},
                                  {3, 8, true, false},
                                  {0, 1, true, false},
                                  {0, 2, true, true},
                                  {0, 8, true, false},
                                  {0, 16, true, true},
                                  {4, 8, true, false},
                                  {4, 16, true, false},
                                  {2, 8, true, true},
                                  {2, 16, true, false},
                                  {6, 8, true, false},
                                  {6, 16, true, false}})
    wanted.push_back(k);
  for (const Kind& k : wanted) {
    INFO("colour type " << k.colour << ", " << k.depth << " bits" << (k.interlaced ? ", Adam7" : "")
                        << (k.trns ? ", tRNS" : ""));
    CHECK(present.count(k) == 1);
  }
}

TEST_CASE("16-bit samples are rounded to 8 bits, not cut to their high byte") {
  // grey16.png's first row: 0x0000 0x0081 0x017F 0x7F80 0x807F 0x8080 0x80FF 0xFF00 0xFFFF.
  // round(v * 255 / 65535) by hand: 0, 1, 1, 127, 128, 128, 128, 254, 255 (the high byte
  // would give 0 for 0x0081 and 255 for 0xFF00).
  const auto d = spritec::image::decode_png(read_bytes(kKinds + "grey16.png"));
  REQUIRE(d.ok());
  const std::vector<int> want = {0, 1, 1, 127, 128, 128, 128, 254, 255};
  for (std::size_t x = 0; x < want.size(); ++x) {
    INFO("pixel " << x);
    const std::uint8_t* p = d.value.pixel(int(x), 0);
    CHECK(int(p[0]) == want[x]);
    CHECK(int(p[1]) == want[x]);
    CHECK(int(p[2]) == want[x]);
    CHECK(int(p[3]) == 255);
  }
}

TEST_CASE("files breaking a rule of PLTE or tRNS decode as libpng shows them") {
  const std::string palette = chunk("PLTE", std::string("\x01\x02\x03\x04\x05\x06", 6));
  SECTION("a palette index past the palette is opaque black, the same every time") {
    const Bytes png = one_row_png(3, 8, 3, std::string("\x00\x01\x07", 3),
                                  palette + chunk("tRNS", std::string(1, '\x0a')));
    const std::vector<std::uint8_t> want = {1, 2, 3, 10, 4, 5, 6, 255, 0, 0, 0, 255};
    CHECK(decoded_rgba(png) == want);
    CHECK(decoded_rgba(png) == want);
  }
  SECTION("in a 4-bit image, index 15 of a 2-entry palette too") {
    const Bytes png = one_row_png(3, 4, 3, std::string("\x01\xf0", 2), palette);
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{1, 2, 3, 255, 4, 5, 6, 255, 0, 0, 0, 255});
  }
  SECTION("a palette tRNS longer than the palette is ignored") {
    const Bytes png = one_row_png(2, 8, 3, std::string("\x00\x01", 2),
                                  palette + chunk("tRNS", std::string("\x0a\x14\x1e", 3)));
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{1, 2, 3, 255, 4, 5, 6, 255});
  }
  SECTION("a palette tRNS before the palette is ignored") {
    const Bytes png = one_row_png(2, 8, 3, std::string("\x00\x01", 2),
                                  chunk("tRNS", std::string(1, '\x0a')) + palette);
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{1, 2, 3, 255, 4, 5, 6, 255});
  }
  SECTION("a tRNS in an image with an alpha channel is ignored") {
    const Bytes png = one_row_png(1, 8, 6, std::string("\x01\x02\x03\x04", 4),
                                  chunk("tRNS", std::string("\x00\x01\x00\x02\x00\x03", 6)));
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{1, 2, 3, 4});
  }
  SECTION("a tRNS after the image data is ignored") {
    const Bytes png = one_row_png(2, 8, 0, std::string("\x03\x04", 2), "",
                                  chunk("tRNS", std::string("\x00\x03", 2)));
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{3, 3, 3, 255, 4, 4, 4, 255});
  }
  SECTION("a grey tRNS of the wrong length is ignored") {
    const Bytes png = one_row_png(2, 8, 0, std::string("\x03\x04", 2),
                                  chunk("tRNS", std::string("\x00\x03\x00\x03", 4)));
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{3, 3, 3, 255, 4, 4, 4, 255});
  }
  SECTION("of two tRNS chunks the first counts") {
    const Bytes png = one_row_png(
        2, 8, 0, std::string("\x03\x04", 2),
        chunk("tRNS", std::string("\x00\x03", 2)) + chunk("tRNS", std::string("\x00\x04", 2)));
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{3, 3, 3, 0, 4, 4, 4, 255});
  }
  SECTION("a 2-bit grey key with high bits set is compared on its low 2 bits") {
    // Samples 0, 1, 2, 3 (0, 85, 170, 255); key 0x0101 -> 1.
    const Bytes png =
        one_row_png(4, 2, 0, std::string(1, '\x1b'), chunk("tRNS", std::string("\x01\x01", 2)));
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{0, 0, 0, 255, 85, 85, 85, 0, 170, 170, 170,
                                                         255, 255, 255, 255, 255});
  }
  SECTION("an 8-bit grey key with high bits set is compared on its low 8 bits") {
    const Bytes png =
        one_row_png(2, 8, 0, std::string("\x03\x04", 2), chunk("tRNS", std::string("\x01\x03", 2)));
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{3, 3, 3, 0, 4, 4, 4, 255});
  }
  SECTION("an empty IDAT chunk is legal (and stb_image never sees it)") {
    const Bytes png = one_row_png(2, 8, 0, std::string("\x03\x04", 2), chunk("IDAT", ""));
    CHECK(decoded_rgba(png) == std::vector<std::uint8_t>{3, 3, 3, 255, 4, 4, 4, 255});
    const std::string ihdr =
        png_chunks::be32_bytes(1) + png_chunks::be32_bytes(1) + std::string{8, 6, 0, 0, 0};
    const std::string only_empty =
        "\x89PNG\r\n\x1a\n" + chunk("IHDR", ihdr) + chunk("IDAT", "") + chunk("IEND", "");
    CHECK(spritec::image::decode_png(Bytes(only_empty.begin(), only_empty.end())).error.kind ==
          ErrorKind::kCorrupt);
  }
  SECTION("a second PLTE is corrupt") {
    const Bytes png = one_row_png(2, 8, 3, std::string("\x00\x01", 2), palette + palette);
    const auto d = spritec::image::decode_png(png);
    CHECK(d.error.kind == ErrorKind::kCorrupt);
  }
}

TEST_CASE("a palette PNG's header is read from its first 33 bytes") {
  // The bug this guards: a palette image needs PLTE (and maybe tRNS) to be decoded, not to
  // have its size read; the header read must not ask for them.
  const Bytes png = read_bytes(kKinds + "palette4_trns.png");
  const auto info = spritec::image::read_png_info(png.data(), spritec::image::kPngHeaderBytes);
  REQUIRE(info.ok());
  CHECK(info.value.width == 13);
  CHECK(info.value.height == 7);
}

TEST_CASE("a 16-bit PNG is decoded row by row too: the decoder holds a few rows, not the image") {
  // 256 x 256 RGBA at 16 bits: 524,544 bytes of filtered rows and as many of samples. A
  // decoder that inflates every row first and converts after (stb_image, before issue 23)
  // holds both, over 1 MB; row by row it holds a row or two and zlib's 32 KiB window.
  const int side = 256;
  std::string raw;
  for (int y = 0; y < side; ++y) {
    raw += '\0';  // filter: none
    for (int x = 0; x < side; ++x)
      for (int c = 0; c < 4; ++c) {
        const int v = (x * 257 + y * 131 + c * 4099) & 0xffff;
        raw += {char(v >> 8), char(v & 0xff)};
      }
  }
  // A zlib stream of stored blocks of at most 65,535 bytes (RFC 1950, 1951).
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : raw) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  std::string zlib = "\x78\x01";
  for (std::size_t at = 0; at < raw.size(); at += 65535) {
    const auto n = std::uint16_t(std::min<std::size_t>(65535, raw.size() - at));
    zlib += char(at + n == raw.size() ? 1 : 0);
    zlib += {char(n & 0xff), char(n >> 8), char(~n & 0xff), char((~n >> 8) & 0xff)};
    zlib += raw.substr(at, n);
  }
  zlib += png_chunks::be32_bytes(b << 16 | a);
  const std::string ihdr =
      png_chunks::be32_bytes(side) + png_chunks::be32_bytes(side) + std::string{16, 6, 0, 0, 0};
  const std::string file =
      "\x89PNG\r\n\x1a\n" + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", "");
  spritec::image::DecodeStats stats;
  const auto d = spritec::image::decode_png(Bytes(file.begin(), file.end()),
                                            spritec::image::kDefaultMaxSide, &stats);
  REQUIRE(d.ok());
  // Samples rounded to nearest, round(v * 255 / 65535), as the rule above says.
  for (int y : {0, 77, 255})
    for (int x : {0, 13, 255})
      for (int c = 0; c < 4; ++c) {
        const int v = (x * 257 + y * 131 + c * 4099) & 0xffff;
        CHECK(int(d.value.pixel(x, y)[c]) == (v * 255 + 32767) / 65535);
      }
  const std::size_t row = std::size_t(side) * 4;
  INFO("decoder peak " << stats.decoder_peak_bytes << " bytes");
  CHECK(stats.decoder_peak_bytes > 0);
  CHECK(stats.decoder_peak_bytes <= 8 * row + 128 * 1024);
}
