#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "png_chunks.hpp"
#include "spritec/image/image.hpp"
#include "stb_oracle.hpp"

using spritec::image::Bytes;
using spritec::image::ErrorKind;
using spritec::image::Image;

namespace {

// A picture with every alpha value and varied colours, so filters and compression see
// real structure.
Image test_image(int w, int h) {
  Image img(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      std::uint8_t* p = img.pixel(x, y);
      p[0] = std::uint8_t(x * 7);
      p[1] = std::uint8_t(y * 13);
      p[2] = std::uint8_t((x * y) ^ 0x5a);
      p[3] = std::uint8_t(x + y * w);
    }
  }
  return img;
}

using png_chunks::chunk;

const std::string kSignature = "\x89PNG\r\n\x1a\n";

// A PNG signature and an IHDR chunk (8-bit RGBA unless told), nothing else.
Bytes header_only(std::uint32_t w, std::uint32_t h, char depth = 8, char colour = 6) {
  const std::string ihdr =
      png_chunks::be32_bytes(w) + png_chunks::be32_bytes(h) + std::string{depth, colour, 0, 0, 0};
  const std::string s = kSignature + chunk("IHDR", ihdr);
  return Bytes(s.begin(), s.end());
}

Bytes read_file(const std::string& name) {
  std::ifstream in(std::string(SPRITEC_TEST_DATA) + "/images/" + name, std::ios::binary);
  REQUIRE(in);
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("an encoded PNG decodes to the same pixels with stb_image and with decode_png") {
  const Image img = test_image(37, 23);
  const Bytes png = spritec::image::encode_png(img);
  REQUIRE(png.size() > 8);

  const oracle::Decoded direct = oracle::stb_decode_rgba(png);
  CHECK(direct.width == 37);
  CHECK(direct.height == 23);
  CHECK(direct.rgba == img.rgba);

  const auto decoded = spritec::image::decode_png(png);
  REQUIRE(decoded.ok());
  CHECK(decoded.value.width == 37);
  CHECK(decoded.value.height == 23);
  CHECK(decoded.value.rgba == img.rgba);

  const auto info = spritec::image::read_png_info(png);
  REQUIRE(info.ok());
  CHECK(info.value.width == 37);
  CHECK(info.value.height == 23);
}

TEST_CASE("encoding the same pixels twice gives the same bytes") {
  const Image img = test_image(50, 40);
  const Bytes a = spritec::image::encode_png(img);
  const Bytes b = spritec::image::encode_png(img);
  CHECK(a == b);
  // And a decode/encode round trip is stable too.
  const auto decoded = spritec::image::decode_png(a);
  REQUIRE(decoded.ok());
  CHECK(spritec::image::encode_png(decoded.value) == a);
}

TEST_CASE("encode_png_rgba_rows encodes a window of a larger image through its stride") {
  const Image big = test_image(20, 10);
  // The 6x4 window at (3, 2): start at its first pixel, step a whole row of the big image.
  const Bytes png = spritec::image::encode_png_rgba_rows(big.pixel(3, 2), 6, 4, big.width * 4);
  const oracle::Decoded d = oracle::stb_decode_rgba(png);
  REQUIRE(d.width == 6);
  REQUIRE(d.height == 4);
  CHECK(d.rgba == spritec::image::crop(big, {3, 2, 6, 4}).rgba);
}

TEST_CASE("an empty image encodes to no bytes") {
  CHECK(spritec::image::encode_png(Image{}).empty());
  CHECK(spritec::image::encode_png(Image(0, 5)).empty());
}

TEST_CASE("libdeflate's PNG is no larger than stb_image_write's default one") {
  const Image img = test_image(64, 64);
  const Bytes ours = spritec::image::encode_png(img);
  const Bytes stb = oracle::stb_encode_default(img.rgba, 64, 64);
  REQUIRE(!stb.empty());
  CHECK(ours.size() <= stb.size());
  CHECK(oracle::stb_decode_rgba(stb).rgba == oracle::stb_decode_rgba(ours).rgba);

  SECTION("and the strongest level is no larger than the default one") {
    const Bytes smallest = spritec::image::encode_png(img, spritec::image::kSmallestPngLevel);
    CHECK(smallest.size() <= ours.size());
    CHECK(oracle::stb_decode_rgba(smallest).rgba == img.rgba);
    CHECK(spritec::image::encode_png(img, spritec::image::kSmallestPngLevel) == smallest);
  }
}

TEST_CASE("bytes that are not a PNG are rejected as not a PNG") {
  const std::vector<std::string> not_png = {
      "",
      "hello, world",
      std::string("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00", 20),
      std::string("BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00\x00\x00", 18),
      "GIF89a\x01\x00\x01\x00",
      kSignature.substr(0, 7),                  // a signature cut short
      std::string("\x89PNG\n\x1a\n\n") + "xx",  // damaged by a text-mode transfer
  };
  for (const std::string& s : not_png) {
    INFO("input of " << s.size() << " bytes");
    const Bytes bytes(s.begin(), s.end());
    const auto info = spritec::image::read_png_info(bytes);
    CHECK(info.error.kind == ErrorKind::kNotPng);
    const auto decoded = spritec::image::decode_png(bytes);
    CHECK(decoded.error.kind == ErrorKind::kNotPng);
  }
}

TEST_CASE("a header claiming 20000x10 is refused as too large before decoding") {
  // Only a signature and a valid IHDR: no image data at all. If the cap were checked
  // after decoding this would be "corrupt"; it must be "too large" with the dimensions.
  const Bytes png = header_only(20000, 10);
  const auto decoded = spritec::image::decode_png(png);
  CHECK(decoded.error.kind == ErrorKind::kTooLarge);
  CHECK(decoded.error.width == 20000);
  CHECK(decoded.error.height == 10);

  SECTION("read_png_info reports the size and leaves the cap to the caller") {
    const auto info = spritec::image::read_png_info(png);
    REQUIRE(info.ok());
    CHECK(info.value.width == 20000);
    CHECK(info.value.height == 10);
  }
  SECTION("huge headers too, past stb_image's own limits") {
    const auto huge = spritec::image::decode_png(header_only(0x7fffffffu, 0x7fffffffu));
    CHECK(huge.error.kind == ErrorKind::kTooLarge);
    CHECK(huge.error.width == 0x7fffffff);
  }
  SECTION("exactly 16384 passes the cap (and then fails for lack of data)") {
    const auto at_cap = spritec::image::decode_png(header_only(16384, 1));
    CHECK(at_cap.error.kind == ErrorKind::kCorrupt);
  }
  SECTION("the cap is a parameter") {
    const Bytes real = spritec::image::encode_png(test_image(16, 8));
    const auto capped = spritec::image::decode_png(real, 15);
    CHECK(capped.error.kind == ErrorKind::kTooLarge);
    CHECK(capped.error.width == 16);
    CHECK(capped.error.height == 8);
    CHECK(spritec::image::decode_png(real, 16).ok());
  }
}

TEST_CASE("read_png_info reads only the header") {
  // A header with no image data after it: enough for the size, not for the pixels.
  const Bytes png = header_only(100, 50);
  const auto info = spritec::image::read_png_info(png);
  REQUIRE(info.ok());
  CHECK(info.value.width == 100);
  CHECK(info.value.height == 50);
  CHECK(spritec::image::decode_png(png).error.kind == ErrorKind::kCorrupt);
}

TEST_CASE("an invalid IHDR is corrupt") {
  SECTION("zero width") {
    CHECK(spritec::image::read_png_info(header_only(0, 5)).error.kind == ErrorKind::kCorrupt);
  }
  SECTION("colour type 5 does not exist") {
    CHECK(spritec::image::read_png_info(header_only(4, 4, 8, 5)).error.kind == ErrorKind::kCorrupt);
  }
  SECTION("16-bit palette is not allowed") {
    CHECK(spritec::image::read_png_info(header_only(4, 4, 16, 3)).error.kind ==
          ErrorKind::kCorrupt);
  }
  SECTION("a wrong CRC") {
    Bytes png = header_only(4, 4);
    png[29] ^= 0x01;  // first CRC byte (8 signature + 8 chunk head + 13 data)
    const auto info = spritec::image::read_png_info(png);
    CHECK(info.error.kind == ErrorKind::kCorrupt);
    CHECK(info.error.detail.find("CRC") != std::string::npos);
  }
  SECTION("another chunk first") {
    const std::string s = kSignature + chunk("tEXt", "a\0b") + chunk("IHDR", std::string(13, 1));
    CHECK(spritec::image::decode_png(Bytes(s.begin(), s.end())).error.kind == ErrorKind::kCorrupt);
  }
}

TEST_CASE("every truncated prefix of a valid PNG is an error, never a crash") {
  const Bytes png = spritec::image::encode_png(test_image(9, 7));
  for (std::size_t n = 0; n < png.size(); ++n) {
    INFO("prefix of " << n << " bytes of " << png.size());
    const Bytes prefix(png.begin(), png.begin() + std::ptrdiff_t(n));
    const auto decoded = spritec::image::decode_png(prefix);
    REQUIRE_FALSE(decoded.ok());
    CHECK(decoded.error.kind == (n < 8 ? ErrorKind::kNotPng : ErrorKind::kCorrupt));
  }
}

TEST_CASE("a PNG with any one byte changed is an error, never a crash") {
  // Signature bytes make it "not a PNG"; every other byte is covered by a chunk CRC or
  // changes a chunk length (so the chunks no longer line up).
  const Bytes png = spritec::image::encode_png(test_image(5, 4));
  for (std::size_t i = 0; i < png.size(); ++i) {
    INFO("byte " << i << " of " << png.size());
    Bytes damaged = png;
    damaged[i] ^= 0x10;
    const auto decoded = spritec::image::decode_png(damaged);
    REQUIRE_FALSE(decoded.ok());
    CHECK(decoded.error.kind == (i < 8 ? ErrorKind::kNotPng : ErrorKind::kCorrupt));
  }
}

TEST_CASE("damaged image data with valid CRCs is still an error, never a crash") {
  // Rebuild the file with garbage in IDAT and correct CRCs, so stb_image itself must
  // notice.
  const std::string ihdr =
      png_chunks::be32_bytes(4) + png_chunks::be32_bytes(4) + std::string{8, 6, 0, 0, 0};
  const std::string s =
      kSignature + chunk("IHDR", ihdr) + chunk("IDAT", "\x78\x9c garbage!") + chunk("IEND", "");
  const auto decoded = spritec::image::decode_png(Bytes(s.begin(), s.end()));
  CHECK(decoded.error.kind == ErrorKind::kCorrupt);
  CHECK_FALSE(decoded.error.detail.empty());
}

TEST_CASE("PNGs of other colour types decode to straight RGBA") {
  SECTION("palette with transparency") {
    // make_images.py: palette red, green, blue, white; tRNS gives white alpha 128.
    const auto d = spritec::image::decode_png(read_file("palette_2x2.png"));
    REQUIRE(d.ok());
    CHECK(d.value.width == 2);
    CHECK(d.value.height == 2);
    CHECK(d.value.rgba == std::vector<std::uint8_t>{255, 0, 0, 255, 0, 255, 0, 255,  //
                                                    0, 0, 255, 255, 255, 255, 255, 128});
  }
  SECTION("16-bit grey is scaled to 8 bits") {
    // 0x0000, 0x8080, 0xFFFF -> 0, 128, 255 (v / 257), opaque.
    const auto d = spritec::image::decode_png(read_file("gray16_3x1.png"));
    REQUIRE(d.ok());
    CHECK(d.value.rgba ==
          std::vector<std::uint8_t>{0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255});
  }
  SECTION("grey with alpha") {
    const auto d = spritec::image::decode_png(read_file("gray_alpha_2x1.png"));
    REQUIRE(d.ok());
    CHECK(d.value.rgba == std::vector<std::uint8_t>{10, 10, 10, 20, 200, 200, 200, 255});
  }
}

#if defined(__SANITIZE_ADDRESS__)
#define SPRITEC_NO_ADDRESS_LIMIT 1  // ASan reserves terabytes of address space up front
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define SPRITEC_NO_ADDRESS_LIMIT 1
#endif
#endif

TEST_CASE("running out of memory while decoding is kOutOfMemory, not corrupt") {
#ifdef SPRITEC_NO_ADDRESS_LIMIT
  WARN("skipped: address-space limits do not work under the sanitizer");
#else
  // In a child process: a valid 4096x4096 PNG (64 MiB as RGBA, a few KiB as PNG) decoded
  // with the address space limited to what the process uses plus 32 MiB.
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    Bytes png = spritec::image::encode_png(Image(4096, 4096));
    long pages = 0;
    if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(f, "%ld", &pages) != 1) pages = 0;
      std::fclose(f);
    }
    if (png.empty() || pages <= 0) _exit(10);
    const rlim_t limit = rlim_t(pages) * rlim_t(sysconf(_SC_PAGESIZE)) + (32u << 20);
    const rlimit r{limit, limit};
    if (setrlimit(RLIMIT_AS, &r) != 0) _exit(11);
    const auto d = spritec::image::decode_png(png);
    _exit(d.error.kind == ErrorKind::kOutOfMemory ? 0 : d.ok() ? 1 : 2);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  INFO("child exit: 0 out of memory, 1 decoded, 2 another error, 10/11 setup failed");
  CHECK(WEXITSTATUS(status) == 0);
#endif
}

TEST_CASE("kPngSignature is the PNG file signature: encode_png writes it, read_png_info wants it") {
  const std::uint8_t expected[8] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A};
  CHECK(std::equal(std::begin(expected), std::end(expected),
                   std::begin(spritec::image::kPngSignature),
                   std::end(spritec::image::kPngSignature)));
  const Bytes png = spritec::image::encode_png(test_image(3, 2));
  REQUIRE(png.size() > 8);
  CHECK(std::equal(png.begin(), png.begin() + 8, std::begin(spritec::image::kPngSignature)));
  Bytes other = png;
  other[1] = 'Q';
  CHECK(spritec::image::read_png_info(other).error.kind == ErrorKind::kNotPng);
  CHECK(spritec::image::read_png_info(png).ok());
}

TEST_CASE("decoding a PNG holds a few rows besides the image, not a second copy of it") {
  // Before, stb_image inflated every row (one image's bytes) and unfiltered them into a
  // buffer of its own (another), which was then copied into the Image: a 16384x16384 sheet
  // took over 2 GiB to decode where 1 GiB is the image. libpng now writes each row straight
  // into the image, holding a row or two and zlib's 32 KiB window besides it.
  for (int side : {256, 1024}) {
    const Bytes png = spritec::image::encode_png(test_image(side, side));
    spritec::image::DecodeStats stats;
    const auto decoded = spritec::image::decode_png(png, spritec::image::kDefaultMaxSide, &stats);
    REQUIRE(decoded.ok());
    const std::size_t row = std::size_t(side) * 4;
    INFO("side " << side << ": decoder peak " << stats.decoder_peak_bytes << " bytes");
    CHECK(stats.image_bytes == row * side);
    CHECK(stats.decoder_peak_bytes > 0);  // it is counted
    CHECK(stats.decoder_peak_bytes <= 8 * row + 128 * 1024);
  }
}
