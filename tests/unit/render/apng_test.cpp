#include <catch2/catch.hpp>

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#endif
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include "decoders.hpp"
#include "spritec/render/apng.hpp"

using spritec::image::Image;
using spritec::render::AnimFrame;
using spritec::render::closest_fraction16;
using spritec::render::Duration;
using spritec::render::encode_apng;

namespace {

void set(Image& img, int x, int y, std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
  std::uint8_t* p = img.pixel(x, y);
  p[0] = r;
  p[1] = g;
  p[2] = b;
  p[3] = a;
}

// A sprite with a soft shadow: an opaque 5x5 body in two colours over a 7x2 shadow of
// alpha 96, plus a glow pixel of alpha 20; the whole thing at (sx, sy).
AnimFrame soft_frame(int w, int h, int sx, int sy, bool visible, int ticks) {
  AnimFrame f;
  f.image = Image(w, h);
  if (visible) {
    for (int x = 0; x < 7; ++x) {
      for (int y = 5; y < 7; ++y)
        set(f.image, sx + x, sy + y, 0, 0, 0, 96);
    }
    for (int y = 0; y < 5; ++y) {
      for (int x = 1; x < 6; ++x) {
        if ((x + y) % 2) {
          set(f.image, sx + x, sy + y, 255, 0, 77, 255);
        } else {
          set(f.image, sx + x, sy + y, 41, 173, 255, 255);
        }
      }
    }
    set(f.image, sx, sy, 255, 255, 200, 20);
  }
  f.duration = Duration{ticks, 60};
  return f;
}

}  // namespace

TEST_CASE("an apng with soft alpha decodes back pixel for pixel") {
  std::vector<AnimFrame> frames{
      soft_frame(24, 16, 1, 2, true, 2), soft_frame(24, 16, 4, 3, true, 2),
      soft_frame(24, 16, 4, 3, true, 2),  // repeated: merged
      soft_frame(24, 16, 0, 0, false, 2), soft_frame(24, 16, 15, 8, true, 3)};
  // A fully transparent pixel with stray colour is stored as transparent black.
  set(frames[4].image, 0, 15, 90, 80, 70, 0);
  auto apng = encode_apng(frames);
  REQUIRE(apng);
  int plays = -1;
  auto decoded = render_test::decode_apng(apng.value, &plays);
  REQUIRE(decoded.error.empty());
  CHECK(plays == 0);  // loops forever
  CHECK(decoded.width == 24);
  CHECK(decoded.height == 16);
  REQUIRE(decoded.frames.size() == 4);
  const std::size_t source[4] = {0, 1, 3, 4};
  for (std::size_t i = 0; i < 4; ++i) {
    INFO("frame " << i);
    Image expected = frames[source[i]].image;
    set(expected, 0, 15, 0, 0, 0, 0);
    CHECK(decoded.frames[i].image.rgba == expected.rgba);
  }
  // Timing: 2 ticks at 60 Hz = 1/30 s; the merged frame 4 ticks = 1/15 s; 3 ticks = 1/20 s.
  CHECK(decoded.frames[0].delay_num == 1);
  CHECK(decoded.frames[0].delay_den == 30);
  CHECK(decoded.frames[1].delay_num == 1);
  CHECK(decoded.frames[1].delay_den == 15);
  CHECK(decoded.frames[3].delay_num == 1);
  CHECK(decoded.frames[3].delay_den == 20);
  // Frame 0 covers the canvas; frame 1 only the region the sprite touched in frames 0 and 1:
  // from (1, 2) to (4 + 6, 3 + 6) inclusive.
  CHECK(decoded.frames[0].w == 24);
  CHECK(decoded.frames[0].h == 16);
  CHECK(decoded.frames[1].w <= 10);
  CHECK(decoded.frames[1].h <= 8);
}

TEST_CASE("the apng default image is frame 0 for a plain PNG decoder") {
  std::vector<AnimFrame> frames{soft_frame(12, 10, 2, 1, true, 4),
                                soft_frame(12, 10, 3, 2, true, 4)};
  auto apng = encode_apng(frames);
  REQUIRE(apng);
  int w = 0, h = 0, n = 0;
  unsigned char* pixels =
      stbi_load_from_memory(apng.value.data(), int(apng.value.size()), &w, &h, &n, 4);
  REQUIRE(pixels != nullptr);
  CHECK(w == 12);
  CHECK(h == 10);
  std::vector<std::uint8_t> got(pixels, pixels + w * h * 4);
  stbi_image_free(pixels);
  CHECK(got == frames[0].image.rgba);
}

TEST_CASE("the apng encoder is deterministic and rejects bad input") {
  std::vector<AnimFrame> frames{soft_frame(12, 10, 2, 1, true, 4),
                                soft_frame(12, 10, 3, 2, true, 4)};
  CHECK(encode_apng(frames).value == encode_apng(frames).value);
  CHECK_FALSE(encode_apng({}));
  std::vector<AnimFrame> mixed{frames[0], soft_frame(13, 10, 0, 0, false, 4)};
  CHECK_FALSE(encode_apng(mixed));
  std::vector<AnimFrame> bad{frames[0]};
  bad[0].duration = {-1, 60};
  CHECK_FALSE(encode_apng(bad));
}

TEST_CASE("apng delays are exact fractions or the closest 16-bit fraction") {
  // Reduced and fitting: kept exactly.
  CHECK(closest_fraction16(2, 60).num == 1);
  CHECK(closest_fraction16(2, 60).den == 30);
  CHECK(closest_fraction16(3, 99999).num == 1);  // = 1/33333
  CHECK(closest_fraction16(3, 99999).den == 33333);
  // 1/70000 lies between 0/1 and 1/65535; 1/65535 is 9.7e-7 away, 0/1 1.4e-5.
  CHECK(closest_fraction16(1, 70000).num == 1);
  CHECK(closest_fraction16(1, 70000).den == 65535);
  // 70001/70000 = 1 + 1/70000 lies between 1/1 and 65535/65534 (the neighbours of 1 with
  // 16-bit terms); 65535/65534 = 1 + 1/65534 is 9.9e-7 away, 1/1 is 1.4e-5 away.
  CHECK(closest_fraction16(70001, 70000).num == 65535);
  CHECK(closest_fraction16(70001, 70000).den == 65534);
  // 100000/3 s does not fit: 33333/1 is the closest with a numerator <= 65535.
  CHECK(closest_fraction16(100000, 3).num == 33333);
  CHECK(closest_fraction16(100000, 3).den == 1);
}

TEST_CASE("the streaming apng encoder fills in acTL's frame count when it finishes") {
  // Five frames, the middle two identical (merged into one): four frames stored.
  std::vector<AnimFrame> frames{
      soft_frame(16, 12, 0, 0, true, 2), soft_frame(16, 12, 2, 1, true, 2),
      soft_frame(16, 12, 4, 2, true, 3), soft_frame(16, 12, 4, 2, true, 3),
      soft_frame(16, 12, 6, 3, true, 2)};
  spritec::render::ApngEncoder encoder;
  for (const AnimFrame& f : frames) {
    REQUIRE(encoder.add(f.image, f.duration).ok());
    CHECK(encoder.output_bytes() > 0);  // written as it goes
  }
  auto bytes = encoder.finish();
  REQUIRE(bytes.ok());
  CHECK(bytes.value == encode_apng(frames).value);
  // acTL follows the signature (8 bytes) and IHDR (25): length, type, num_frames, num_plays.
  const std::vector<std::uint8_t>& b = bytes.value;
  REQUIRE(b.size() > 53);
  CHECK(std::string(b.begin() + 37, b.begin() + 41) == "acTL");
  CHECK(render_test::be32(&b[41]) == 4);
  int plays = -1;
  auto decoded = render_test::decode_apng(b, &plays);  // checks every CRC
  CHECK(decoded.error.empty());
  CHECK(decoded.frames.size() == 4);
  CHECK(plays == 0);
}
