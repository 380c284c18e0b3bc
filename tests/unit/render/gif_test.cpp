#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <numeric>

#include "decoders.hpp"
#include "spritec/render/gif.hpp"

using spritec::image::Image;
using spritec::render::AnimFrame;
using spritec::render::Duration;
using spritec::render::encode_gif;
using spritec::render::gif_delays;
using spritec::render::GifOptions;

namespace {

// Four pixel-art colours (PICO-8's red, orange, blue, green).
const std::uint8_t kColours[4][3] = {{255, 0, 77}, {255, 163, 0}, {41, 173, 255}, {0, 135, 81}};

void set(Image& img, int x, int y, const std::uint8_t rgb[3], std::uint8_t a = 255) {
  std::uint8_t* p = img.pixel(x, y);
  p[0] = rgb[0];
  p[1] = rgb[1];
  p[2] = rgb[2];
  p[3] = a;
}

// A 6x6 sprite in four colours with transparent corners, its top-left at (sx, sy).
void draw_sprite(Image& img, int sx, int sy) {
  for (int y = 0; y < 6; ++y) {
    for (int x = 0; x < 6; ++x) {
      bool corner = (x == 0 || x == 5) && (y == 0 || y == 5);
      if (!corner) set(img, sx + x, sy + y, kColours[(x + y) % 4]);
    }
  }
}

AnimFrame frame_with_sprites(int w, int h, std::vector<std::pair<int, int>> at, int ticks) {
  AnimFrame f;
  f.image = Image(w, h);
  for (auto [x, y] : at)
    draw_sprite(f.image, x, y);
  f.duration = Duration{ticks, 60};
  return f;
}

// What a GIF can show of a frame: alpha < 128 -> transparent black, else opaque.
Image as_gif_shows(const Image& in) {
  Image out = in;
  for (std::size_t i = 0; i < out.rgba.size(); i += 4) {
    if (out.rgba[i + 3] < 128) {
      out.rgba[i] = out.rgba[i + 1] = out.rgba[i + 2] = out.rgba[i + 3] = 0;
    } else {
      out.rgba[i + 3] = 255;
    }
  }
  return out;
}

int delay_sum(const render_test::DecodedAnimation& a) {
  int sum = 0;
  for (const auto& f : a.frames)
    sum += f.delay;
  return sum;
}

}  // namespace

TEST_CASE("gif delays follow cumulative time so 30 fps never drifts") {
  // Ten frames of 1/30 s end at k/30 s = 10k/3 cs: 3.33, 6.67, 10, 13.33, 16.67, 20, 23.33,
  // 26.67, 30, 33.33 -> rounded 3, 7, 10, 13, 17, 20, 23, 27, 30, 33. Differences:
  std::vector<Duration> d(10, Duration{1, 30});
  std::vector<int> expected{3, 4, 3, 3, 4, 3, 3, 4, 3, 3};
  auto delays = gif_delays(d).value;
  CHECK(delays == expected);
  CHECK(std::accumulate(delays.begin(), delays.end(), 0) == 33);
}

TEST_CASE("gif delays never go below 2 cs and later frames pay the time back") {
  SECTION("60 fps frames are all lengthened to 2 cs") {
    // Ideal ends 1.67, 3.33, 5, 6.67, 8.33, 10 cs round to 2, 3, 5, 7, 8, 10; with the 2 cs
    // floor each frame ends 2 cs after the previous one: 2, 4, 6, 8, 10, 12.
    std::vector<Duration> d(6, Duration{1, 60});
    CHECK(gif_delays(d).value == std::vector<int>{2, 2, 2, 2, 2, 2});
  }
  SECTION("a long frame after short ones absorbs the excess") {
    // Ends: 1/60, 2/60, 3/60, then + 1/2 s -> ideal 1.67, 3.33, 5, 55 cs -> 2, 3, 5, 55.
    // Shown: 2, 4 (floor), 6 (floor), 55. Delays 2, 2, 2, 49: total 55 = 0.55 s exactly.
    std::vector<Duration> d{{1, 60}, {1, 60}, {1, 60}, {1, 2}};
    CHECK(gif_delays(d).value == std::vector<int>{2, 2, 2, 49});
  }
}

TEST_CASE("gif delays of mixed tick durations sum to the exact total") {
  // Ticks 5, 7, 3, 9, 4, 6, 11 at 60 Hz end at ticks 5, 12, 15, 24, 28, 34, 45, i.e. at
  // 8.33, 20, 25, 40, 46.67, 56.67, 75 cs -> rounded 8, 20, 25, 40, 47, 57, 75.
  std::vector<Duration> d{{5, 60}, {7, 60}, {3, 60}, {9, 60}, {4, 60}, {6, 60}, {11, 60}};
  CHECK(gif_delays(d).value == std::vector<int>{8, 12, 5, 15, 7, 10, 18});
}

TEST_CASE("gif delays reject invalid durations") {
  const auto zero_den = gif_delays({{1, 0}});
  CHECK_FALSE(zero_den.ok());
  CHECK(zero_den.value.empty());
  CHECK(zero_den.error.message == "invalid frame duration 1/0");
  const auto negative = gif_delays({{-1, 60}});
  CHECK_FALSE(negative.ok());
  CHECK(negative.error.message == "invalid frame duration -1/60");
}

TEST_CASE("a pixel-art animation decodes back pixel for pixel through giflib") {
  // A sprite moving right, pausing (a repeated frame), vanishing (pixels must turn
  // transparent again), then two sprites.
  std::vector<AnimFrame> frames{frame_with_sprites(32, 20, {{2, 3}}, 6),
                                frame_with_sprites(32, 20, {{5, 3}}, 6),
                                frame_with_sprites(32, 20, {{9, 4}}, 6),
                                frame_with_sprites(32, 20, {{9, 4}}, 6),
                                frame_with_sprites(32, 20, {}, 6),
                                frame_with_sprites(32, 20, {{1, 1}}, 6),
                                frame_with_sprites(32, 20, {{1, 1}, {20, 10}}, 6)};
  auto gif = encode_gif(frames);
  REQUIRE(gif);
  auto decoded = render_test::decode_gif(gif.value);
  REQUIRE(decoded.error.empty());
  CHECK(decoded.loops_forever);
  CHECK(decoded.width == 32);
  CHECK(decoded.height == 20);
  // Frames 2 and 3 are identical: 6 GIF frames. Each input frame is 6 ticks = 10 cs, the
  // merged one 20 cs; the total is 7 * 10 = 70 cs.
  REQUIRE(decoded.frames.size() == 6);
  const std::size_t source[6] = {0, 1, 2, 4, 5, 6};
  for (std::size_t i = 0; i < 6; ++i) {
    INFO("frame " << i);
    CHECK(decoded.frames[i].image.rgba == as_gif_shows(frames[source[i]].image).rgba);
  }
  CHECK(decoded.frames[2].delay == 20);
  CHECK(delay_sum(decoded) == 70);
  // Four colours and the transparent index fit a 3-bit (8 entry) palette.
  CHECK(decoded.global_colours == 8);
}

TEST_CASE("an opaque gif lays every pixel over the background colour") {
  std::vector<AnimFrame> frames{frame_with_sprites(16, 12, {{1, 1}}, 6),
                                frame_with_sprites(16, 12, {{8, 4}}, 6)};
  GifOptions options;
  options.transparent = false;
  options.background = 0x1d2b53;
  auto gif = encode_gif(frames, options);
  REQUIRE(gif);
  auto decoded = render_test::decode_gif(gif.value);
  REQUIRE(decoded.frames.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    Image expected = frames[i].image;
    for (std::size_t p = 0; p < expected.rgba.size(); p += 4) {
      if (expected.rgba[p + 3] == 0) {
        expected.rgba[p] = 0x1d;
        expected.rgba[p + 1] = 0x2b;
        expected.rgba[p + 2] = 0x53;
        expected.rgba[p + 3] = 255;
      }
    }
    CHECK(decoded.frames[i].image.rgba == expected.rgba);
  }
}

TEST_CASE("soft alpha becomes transparent below 128 and is laid over the background above") {
  AnimFrame f;
  f.image = Image(2, 1);
  const std::uint8_t red[3] = {255, 0, 0};
  set(f.image, 0, 0, red, 64);
  set(f.image, 1, 0, red, 200);
  f.duration = {1, 10};
  GifOptions options;
  options.background = 0x0000FF;
  auto decoded = render_test::decode_gif(encode_gif({f}, options).value);
  REQUIRE(decoded.frames.size() == 1);
  const auto& img = decoded.frames[0].image;
  // Alpha 64 < 128: transparent.
  CHECK(img.pixel(0, 0)[3] == 0);
  // Alpha 200 over blue: red 255*200/255 = 200, blue 255*55/255 = 55.
  CHECK(img.pixel(1, 0)[0] == 200);
  CHECK(img.pixel(1, 0)[1] == 0);
  CHECK(img.pixel(1, 0)[2] == 55);
  CHECK(img.pixel(1, 0)[3] == 255);
}

TEST_CASE("each gif frame stores only the rectangle that changed") {
  // A 64x64 opaque pattern; in the second frame only the 3x2 block at (40, 50) changes.
  AnimFrame a;
  a.image = Image(64, 64);
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 64; ++x)
      set(a.image, x, y, kColours[(x / 3 + y / 5) % 4]);
  }
  a.duration = {10, 60};
  AnimFrame b = a;
  const std::uint8_t white[3] = {255, 241, 232};
  for (int y = 50; y < 52; ++y) {
    for (int x = 40; x < 43; ++x)
      set(b.image, x, y, white);
  }
  auto decoded = render_test::decode_gif(encode_gif({a, b}).value);
  REQUIRE(decoded.frames.size() == 2);
  const auto& second = decoded.frames[1];
  CHECK(second.x == 40);
  CHECK(second.y == 50);
  CHECK(second.w == 3);
  CHECK(second.h == 2);
  CHECK(second.image.rgba == b.image.rgba);
}

TEST_CASE("ten distinct frames at 30 fps get delays 3,4,3,3,... through the encoder") {
  std::vector<AnimFrame> frames;
  for (int i = 0; i < 10; ++i) {
    AnimFrame f = frame_with_sprites(24, 8, {{i, 1}}, 2);  // 2 ticks at 60 Hz = 1/30 s
    frames.push_back(f);
  }
  auto decoded = render_test::decode_gif(encode_gif(frames).value);
  REQUIRE(decoded.frames.size() == 10);
  std::vector<int> delays;
  for (const auto& f : decoded.frames)
    delays.push_back(f.delay);
  CHECK(delays == std::vector<int>{3, 4, 3, 3, 4, 3, 3, 4, 3, 3});
  // The animation lasts 10/30 s = 33.3 cs: within 1 cs.
  CHECK(std::abs(delay_sum(decoded) * 3 - 100) <= 3);
}

TEST_CASE("frames of zero duration are dropped") {
  std::vector<AnimFrame> frames{frame_with_sprites(16, 8, {{0, 0}}, 0),
                                frame_with_sprites(16, 8, {{4, 1}}, 6),
                                frame_with_sprites(16, 8, {{8, 2}}, 6)};
  auto decoded = render_test::decode_gif(encode_gif(frames).value);
  REQUIRE(decoded.frames.size() == 2);
  CHECK(decoded.frames[0].image.rgba == as_gif_shows(frames[1].image).rgba);
}

TEST_CASE("more than 255 colours are quantised with a bounded error and stable bytes") {
  // 32x32 pixels of distinct colours (x*8, y*8, (x+y)*4): 1024 colours, two frames.
  std::vector<AnimFrame> frames;
  for (int k = 0; k < 2; ++k) {
    AnimFrame f;
    f.image = Image(32, 32);
    for (int y = 0; y < 32; ++y) {
      for (int x = 0; x < 32; ++x) {
        std::uint8_t c[3] = {std::uint8_t(x * 8), std::uint8_t(y * 8), std::uint8_t((x + y) * 4)};
        set(f.image, (x + k) % 32, y, c);
      }
    }
    f.duration = {1, 10};
    frames.push_back(f);
  }
  for (bool dither : {false, true}) {
    INFO("dither " << dither);
    GifOptions options;
    options.dither = dither;
    auto first = encode_gif(frames, options);
    auto second = encode_gif(frames, options);
    REQUIRE(first);
    CHECK(first.value == second.value);
    auto decoded = render_test::decode_gif(first.value);
    REQUIRE(decoded.frames.size() == 2);
    CHECK(decoded.global_colours == 256);
    for (std::size_t i = 0; i < 2; ++i) {
      const auto& got = decoded.frames[i].image.rgba;
      const auto& want = frames[i].image.rgba;
      long total = 0;
      int worst = 0;
      for (std::size_t p = 0; p < want.size(); ++p) {
        int e = std::abs(int(got[p]) - int(want[p]));
        total += e;
        worst = std::max(worst, e);
      }
      // 255 colours for a 32x32x(2-D) gradient: cells of about 2x2 source colours, steps
      // of 8 -> typical errors of a few units; dithering adds at most its amplitude.
      double mean = double(total) / double(want.size());
      CHECK(mean < 6.0);
      CHECK(worst <= (dither ? 48 : 24));
    }
  }
}

TEST_CASE("the gif encoder is deterministic and rejects bad input") {
  std::vector<AnimFrame> frames{frame_with_sprites(20, 10, {{1, 1}}, 5),
                                frame_with_sprites(20, 10, {{6, 2}}, 5)};
  CHECK(encode_gif(frames).value == encode_gif(frames).value);

  CHECK_FALSE(encode_gif({}));
  std::vector<AnimFrame> mixed{frames[0], frame_with_sprites(21, 10, {}, 5)};
  CHECK_FALSE(encode_gif(mixed));
  std::vector<AnimFrame> bad_time{frames[0]};
  bad_time[0].duration = {1, 0};
  CHECK_FALSE(encode_gif(bad_time));
  std::vector<AnimFrame> never_shown{frames[0]};
  never_shown[0].duration = {0, 60};
  CHECK_FALSE(encode_gif(never_shown));
  std::vector<AnimFrame> short_buffer{frames[0]};
  short_buffer[0].image.rgba.resize(10);
  CHECK_FALSE(encode_gif(short_buffer));
}

TEST_CASE("random pixel-art animations of 1 to 255 colours round trip exactly") {
  // Frames change by random blocks of random colours or transparency, so frames must clear
  // pixels, reuse earlier content and, with a power-of-two colour count, pick a per-frame
  // transparent index or a larger table. Whatever the encoder chooses, giflib must give
  // back every frame.
  std::uint32_t seed = 12345;
  auto next = [&seed](std::uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int colours : {1, 2, 3, 4, 8, 16, 17, 64, 255}) {
    INFO(colours << " colours");
    std::vector<AnimFrame> frames;
    Image img(20, 14);
    auto paint = [&](int x0, int y0, int w, int h) {
      for (int y = y0; y < std::min(img.height, y0 + h); ++y) {
        for (int x = x0; x < std::min(img.width, x0 + w); ++x) {
          std::uint8_t* p = img.pixel(x, y);
          if (next(4) == 0) {
            p[0] = p[1] = p[2] = p[3] = 0;
          } else {
            auto k = static_cast<std::uint8_t>(next(static_cast<std::uint32_t>(colours)));
            p[0] = k;
            p[1] = static_cast<std::uint8_t>(255 - k);
            p[2] = static_cast<std::uint8_t>(k * 7);
            p[3] = 255;
          }
        }
      }
    };
    paint(0, 0, 20, 14);
    for (int f = 0; f < 8; ++f) {
      frames.push_back(AnimFrame{img, Duration{1, 10}});
      for (int b = 0; b < 3; ++b) {
        paint(static_cast<int>(next(20)), static_cast<int>(next(14)), 1 + static_cast<int>(next(8)),
              1 + static_cast<int>(next(6)));
      }
    }
    auto gif = encode_gif(frames);
    REQUIRE(gif);
    auto decoded = render_test::decode_gif(gif.value);
    REQUIRE(decoded.error.empty());
    REQUIRE(decoded.frames.size() == frames.size());
    for (std::size_t i = 0; i < frames.size(); ++i) {
      INFO("frame " << i);
      CHECK(decoded.frames[i].image.rgba == as_gif_shows(frames[i].image).rgba);
    }
  }
}

TEST_CASE("colours that fill the table exactly borrow an unused index for transparency") {
  // Four colours over a 48x48 opaque stage: a 4-entry table (2-bit codes) holds them all
  // with no spare entry. Later frames move a one-colour sprite and need transparency only for
  // unchanged pixels: each can use a colour it does not draw as its transparent index, which
  // beats an 8-entry table's 3-bit codes on a noisy 48x48 first frame.
  auto stage = [](int sprite_x) {
    AnimFrame f;
    f.image = Image(48, 48);
    for (int y = 0; y < 48; ++y) {
      for (int x = 0; x < 48; ++x)
        set(f.image, x, y, kColours[(x * 7 + y * 13 + x * y) % 3]);
    }
    for (int y = 20; y < 24; ++y) {
      for (int x = sprite_x; x < sprite_x + 4; ++x)
        set(f.image, x, y, kColours[3]);
    }
    f.duration = {1, 10};
    return f;
  };
  std::vector<AnimFrame> frames{stage(2), stage(6), stage(10), stage(14)};
  auto decoded = render_test::decode_gif(encode_gif(frames).value);
  REQUIRE(decoded.frames.size() == 4);
  CHECK(decoded.global_colours == 4);
  for (std::size_t i = 0; i < 4; ++i)
    CHECK(decoded.frames[i].image.rgba == frames[i].image.rgba);

  // When a frame draws all four colours and also has transparent pixels, no index is free:
  // the table grows to 8 entries.
  std::vector<AnimFrame> holed = frames;
  holed[0].image.pixel(0, 0)[3] = 0;
  decoded = render_test::decode_gif(encode_gif(holed).value);
  REQUIRE(decoded.frames.size() == 4);
  CHECK(decoded.global_colours == 8);
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(decoded.frames[i].image.rgba == as_gif_shows(holed[i].image).rgba);
  }
}

TEST_CASE("soft-alpha art with many colours is quantised over the background") {
  // A glow whose alpha falls from 255 at the centre to 0 at radius 12, its colour a
  // gradient: over a dark blue stage this makes well over 255 colours. The GIF must show
  // each pixel close to src * a + bg * (1 - a), computed here per channel.
  const int bg[3] = {0x1d, 0x2b, 0x53};
  std::vector<AnimFrame> frames;
  for (int k = 0; k < 3; ++k) {
    AnimFrame f;
    f.image = Image(40, 30);
    for (int y = 0; y < 30; ++y) {
      for (int x = 0; x < 40; ++x) {
        double dx = x - (12 + 6 * k), dy = y - 15;
        double d = std::sqrt(dx * dx + dy * dy);
        std::uint8_t c[3] = {std::uint8_t(255 - x * 3), std::uint8_t(100 + y * 5),
                             std::uint8_t(x * 6)};
        set(f.image, x, y, c, d < 12 ? std::uint8_t(255 * (1 - d / 12)) : 0);
      }
    }
    f.duration = {1, 10};
    frames.push_back(f);
  }
  GifOptions options;
  options.transparent = false;
  options.background = 0x1d2b53;
  auto decoded = render_test::decode_gif(encode_gif(frames, options).value);
  REQUIRE(decoded.frames.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    long total = 0;
    int worst = 0;
    for (int y = 0; y < 30; ++y) {
      for (int x = 0; x < 40; ++x) {
        const std::uint8_t* s = frames[i].image.pixel(x, y);
        const std::uint8_t* g = decoded.frames[i].image.pixel(x, y);
        CHECK(g[3] == 255);
        for (int c = 0; c < 3; ++c) {
          int want = (s[c] * s[3] + bg[c] * (255 - s[3]) + 127) / 255;
          int e = std::abs(want - g[c]);
          total += e;
          worst = std::max(worst, e);
        }
      }
    }
    // The stage colour itself is exact; the glow's colours share 254 palette entries.
    CHECK(double(total) / (40 * 30 * 3) < 3.0);
    CHECK(worst <= 24);
  }
}

TEST_CASE("the streaming encoder times frames whose denominators change as they come") {
  // Durations on different denominators (1/30, 1/7, 3/60, 2/9): the common one grows
  // frame by frame, and the delays are still those of the whole set at once.
  const std::vector<Duration> durations{{1, 30}, {1, 7}, {3, 60}, {2, 9}, {1, 30}};
  spritec::render::GifEncoder encoder;
  std::vector<AnimFrame> frames;
  for (std::size_t i = 0; i < durations.size(); ++i) {
    AnimFrame f = frame_with_sprites(24, 8, {{int(i) * 3, 1}}, 1);
    f.duration = durations[i];
    frames.push_back(f);
    REQUIRE(encoder.count(f.image, f.duration).ok());
  }
  for (const AnimFrame& f : frames)
    REQUIRE(encoder.add(f.image, f.duration).ok());
  auto bytes = encoder.finish();
  REQUIRE(bytes.ok());
  auto decoded = render_test::decode_gif(bytes.value);
  std::vector<int> delays;
  for (const auto& f : decoded.frames)
    delays.push_back(f.delay);
  CHECK(delays == gif_delays(durations).value);
}

TEST_CASE("the streaming encoder refuses frames its first pass did not count") {
  AnimFrame a = frame_with_sprites(16, 8, {{0, 0}}, 2);
  AnimFrame b = frame_with_sprites(16, 8, {{4, 1}}, 2);
  SECTION("a colour the palette lacks") {
    b.image.rgba[0] = 1;  // a colour of its own
    b.image.rgba[3] = 255;
    spritec::render::GifEncoder encoder;
    REQUIRE(encoder.count(a.image, a.duration).ok());
    CHECK_FALSE(encoder.add(b.image, b.duration).ok());
    CHECK_FALSE(encoder.finish().ok());
  }
  SECTION("more frames than counted") {
    spritec::render::GifEncoder encoder;
    REQUIRE(encoder.count(a.image, a.duration).ok());
    REQUIRE(encoder.add(a.image, a.duration).ok());
    CHECK_FALSE(encoder.add(a.image, a.duration).ok());
  }
  SECTION("fewer") {
    spritec::render::GifEncoder encoder;
    REQUIRE(encoder.count(a.image, a.duration).ok());
    REQUIRE(encoder.count(a.image, a.duration).ok());
    REQUIRE(encoder.add(a.image, a.duration).ok());
    CHECK_FALSE(encoder.finish().ok());
  }
  SECTION("nothing") {
    spritec::render::GifEncoder encoder;
    CHECK(encoder.finish().error.message == "no frames to encode");
  }
}

namespace {

// `count` frames of w x h: a few sprites moving over a stage of `colours` colours (opaque
// when `opaque`), every third frame a repeat of the one before (merged by the encoder).
std::vector<AnimFrame> busy_animation(int w, int h, int count, int colours, bool opaque) {
  std::vector<AnimFrame> frames;
  for (int k = 0; k < count; ++k) {
    AnimFrame f;
    f.image = Image(w, h);
    const int shown = k % 3 == 2 ? k - 1 : k;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const int c = (x / 5 + y / 7 + (x * y) % 3) % colours;
        const std::uint8_t rgb[3] = {std::uint8_t(37 * c), std::uint8_t(90 + 11 * c),
                                     std::uint8_t(255 - 23 * c)};
        if (opaque || (x + y + shown) % 11 != 0) set(f.image, x, y, rgb);
      }
    }
    for (int s = 0; s < 4; ++s)
      draw_sprite(f.image, (shown * (s + 1) + 9 * s) % (w - 6), (shown * 2 + 5 * s) % (h - 6));
    f.duration = {1 + k % 2, 30};
    frames.push_back(std::move(f));
  }
  return frames;
}

}  // namespace

TEST_CASE("the streaming encoder's frames are worked on by two threads with the same bytes") {
  // Distinct frames are worked on ahead, by the caller's thread and the encoder's, in an
  // order that changes from run to run: the bytes never do. Colour counts that leave an
  // entry spare, fill the table (both tables tried) and need a transparent index.
  for (int colours : {3, 7, 12, 16}) {
    for (bool opaque : {true, false}) {
      INFO("colours " << colours << " opaque " << opaque);
      const std::vector<AnimFrame> frames = busy_animation(96, 64, 40, colours, opaque);
      GifOptions options;
      options.transparent = !opaque;
      const auto want = encode_gif(frames, options);
      REQUIRE(want.ok());
      for (int run = 0; run < 8; ++run) {
        spritec::render::GifEncoder encoder(options);
        for (const AnimFrame& f : frames)
          REQUIRE(encoder.count(f.image, f.duration).ok());
        for (const AnimFrame& f : frames)
          REQUIRE(encoder.add(f.image, f.duration).ok());
        const auto got = encoder.finish();
        REQUIRE(got.ok());
        CHECK(got.value == want.value);
      }
      // And what the GIF shows is the frames (opaque: alpha < 128 is never transparent).
      auto decoded = render_test::decode_gif(want.value);
      std::size_t shown = 0;
      for (std::size_t k = 0; k < frames.size(); ++k) {
        if (k % 3 == 2) continue;  // merged with the frame before
        REQUIRE(shown < decoded.frames.size());
        if (!opaque) CHECK(decoded.frames[shown].image.rgba == as_gif_shows(frames[k].image).rgba);
        ++shown;
      }
      CHECK(shown == decoded.frames.size());
    }
  }
}

TEST_CASE("the streaming encoder's output_over answers as output_bytes does, frame by frame") {
  // output_over() answers without waiting for the frames still being worked on when they
  // cannot take the output over the cap; the answer is output_bytes() > cap all the same.
  const std::vector<AnimFrame> frames = busy_animation(80, 60, 30, 16, false);
  spritec::render::GifEncoder sizes;
  for (const AnimFrame& f : frames)
    REQUIRE(sizes.count(f.image, f.duration).ok());
  std::vector<std::size_t> after;  // output_bytes() after each add()
  for (const AnimFrame& f : frames) {
    REQUIRE(sizes.add(f.image, f.duration).ok());
    after.push_back(sizes.output_bytes());
  }
  CHECK(after.back() > after.front());
  std::vector<std::size_t> caps{0,
                                after.front(),
                                after[10] - 1,
                                after[10],
                                after[20] + 1,
                                after.back(),
                                after.back() + 100000,
                                std::size_t(1) << 40};
  for (std::size_t cap : caps) {
    INFO("cap " << cap);
    spritec::render::GifEncoder encoder;
    for (const AnimFrame& f : frames)
      REQUIRE(encoder.count(f.image, f.duration).ok());
    for (std::size_t k = 0; k < frames.size(); ++k) {
      REQUIRE(encoder.add(frames[k].image, frames[k].duration).ok());
      INFO("frame " << k);
      CHECK(encoder.output_over(cap) == (after[k] > cap));
      CHECK(encoder.output_over(cap) == (encoder.output_bytes() > cap));
    }
    CHECK(encoder.finish().ok());
  }
}

TEST_CASE("a streaming encoder dropped with frames still being worked on stops cleanly") {
  // A preview that stops early (an error, the output cap) destroys its encoder without
  // finish(): the frames unfinished are dropped, the encoder's thread stopped.
  const std::vector<AnimFrame> frames = busy_animation(120, 90, 24, 7, true);
  for (std::size_t stop : {std::size_t(1), std::size_t(2), std::size_t(5), frames.size()}) {
    spritec::render::GifEncoder encoder;
    for (const AnimFrame& f : frames)
      REQUIRE(encoder.count(f.image, f.duration).ok());
    for (std::size_t k = 0; k < stop; ++k)
      REQUIRE(encoder.add(frames[k].image, frames[k].duration).ok());
  }
  SUCCEED();
}
