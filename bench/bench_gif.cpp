// GIF (and APNG) encoder benchmark on a generated pixel-art animation: 48 frames of 128x128,
// a 24x24 walker with a 4-frame cycle crossing a tiled stage, all 16 colours of PICO-8's
// palette (so a 16-entry colour table has no spare entry for transparency).
//
//   bench_gif                 Google Benchmark timings of encode_gif / encode_apng
//   bench_gif --write DIR     writes DIR/frame_NNN.png (opaque stage), DIR/clear_NNN.png (the
//                             same without the sky), DIR/ours.gif, DIR/ours_transparent.gif
//                             and DIR/ours.apng, and prints their sizes and encode times
//
// bench/bench_gif.sh compares the written GIF with ImageMagick and gifsicle on the same
// frames (docs/performance.md, "GIF").
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "spritec/image/image.hpp"
#include "spritec/render/apng.hpp"
#include "spritec/render/gif.hpp"

namespace {

using spritec::image::Image;
using spritec::render::AnimFrame;

constexpr int kSize = 128;
constexpr int kFrames = 48;

// PICO-8's sixteen colours.
const std::uint32_t kPalette[16] = {0x000000, 0x1d2b53, 0x7e2553, 0x008751, 0xab5236, 0x5f574f,
                                    0xc2c3c7, 0xfff1e8, 0xff004d, 0xffa300, 0xffec27, 0x00e436,
                                    0x29adff, 0x83769c, 0xff77a8, 0xffccaa};

void put(Image& img, int x, int y, int colour) {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  std::uint8_t* p = img.pixel(x, y);
  p[0] = static_cast<std::uint8_t>(kPalette[colour] >> 16);
  p[1] = static_cast<std::uint8_t>(kPalette[colour] >> 8);
  p[2] = static_cast<std::uint8_t>(kPalette[colour]);
  p[3] = 255;
}

void rect(Image& img, int x0, int y0, int w, int h, int colour) {
  for (int y = y0; y < y0 + h; ++y) {
    for (int x = x0; x < x0 + w; ++x)
      put(img, x, y, colour);
  }
}

// The stage: sky, two hills, a brick ground with a grass edge; `opaque` false leaves the sky
// transparent.
void draw_stage(Image& img, bool opaque) {
  for (int y = 0; y < kSize; ++y) {
    for (int x = 0; x < kSize; ++x) {
      int hill = 80 - static_cast<int>(12.0 * (1.0 + ((x / 16) % 2 ? 0.5 : 0.0)));
      if (y >= 96) {
        bool mortar = (y - 96) % 8 == 7 || (x + ((y - 96) / 8 % 2) * 4) % 8 == 7;
        put(img, x, y, mortar ? 5 : 4);
      } else if (y >= 93) {
        put(img, x, y, 3);
      } else if (y >= hill + (x % 32 < 16 ? x % 16 : 16 - x % 16) / 2) {
        put(img, x, y, 1);
      } else if (opaque) {
        put(img, x, y, 12);
      }
    }
  }
  // A sun and two clouds.
  for (int y = -6; y <= 6; ++y) {
    for (int x = -6; x <= 6; ++x) {
      if (x * x + y * y <= 36) put(img, 104 + x, 18 + y, 10);
    }
  }
  rect(img, 14, 20, 20, 5, 7);
  rect(img, 18, 16, 10, 4, 7);
  rect(img, 60, 30, 16, 4, 6);
  // A bush on the grass.
  rect(img, 40, 88, 12, 5, 11);
  rect(img, 43, 85, 6, 3, 11);
}

// The walker: a 24x24 figure with a four-step leg cycle, its feet at (x, y).
void draw_walker(Image& img, int x, int y, int step) {
  int bob = step % 2;
  rect(img, x - 5, y - 22 + bob, 10, 8, 15);  // head
  rect(img, x - 5, y - 22 + bob, 10, 2, 2);   // hair
  put(img, x + 2, y - 18 + bob, 0);           // eye
  rect(img, x - 6, y - 14 + bob, 12, 8, 8);   // shirt
  rect(img, x - 6, y - 14 + bob, 12, 1, 14);  // collar
  rect(img, x - 8, y - 13 + bob, 2, 6, 15);   // arm
  rect(img, x + 6, y - 13 + bob, 2, 6, 15);   // arm
  rect(img, x - 5, y - 6 + bob, 10, 2, 13);   // belt
  static const int kLeg[4][2] = {{-4, 3}, {-2, 1}, {3, -4}, {1, -2}};
  rect(img, x + kLeg[step][0] - 1, y - 4, 3, 4, 1);  // legs
  rect(img, x + kLeg[step][1] - 1, y - 4, 3, 4, 0);
  rect(img, x + kLeg[step][0] - 2, y - 1, 4, 1, 9);  // shoes
  rect(img, x + kLeg[step][1] - 2, y - 1, 4, 1, 9);
}

std::vector<AnimFrame> make_frames(bool opaque) {
  std::vector<AnimFrame> frames;
  for (int i = 0; i < kFrames; ++i) {
    AnimFrame f;
    f.image = Image(kSize, kSize);
    draw_stage(f.image, opaque);
    draw_walker(f.image, 4 + i * 3, 93, (i / 2) % 4);
    // A coin spinning in place (changes every 4th frame; unchanged frames in between).
    int w = std::abs(3 - (i / 4) % 6);
    rect(f.image, 90 - w, 60, 2 * w + 1, 8, 10);
    f.duration = {2, 60};  // 2 ticks at 60 Hz: 30 fps
    frames.push_back(std::move(f));
  }
  return frames;
}

void BM_EncodeGif(benchmark::State& state) {
  auto frames = make_frames(state.range(0) != 0);
  std::size_t size = 0;
  for (auto _ : state) {
    auto gif = spritec::render::encode_gif(frames);
    size = gif.value.size();
    benchmark::DoNotOptimize(gif.value.data());
  }
  state.counters["bytes"] = static_cast<double>(size);
}
BENCHMARK(BM_EncodeGif)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_EncodeApng(benchmark::State& state) {
  auto frames = make_frames(true);
  std::size_t size = 0;
  for (auto _ : state) {
    auto apng = spritec::render::encode_apng(frames);
    size = apng.value.size();
    benchmark::DoNotOptimize(apng.value.data());
  }
  state.counters["bytes"] = static_cast<double>(size);
}
BENCHMARK(BM_EncodeApng)->Unit(benchmark::kMillisecond);

bool save(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

template <class F>
double millis(F&& f) {
  auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

int write_outputs(const std::string& dir) {
  auto frames = make_frames(true);
  for (int i = 0; i < kFrames; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "/frame_%03d.png", i);
    if (!save(dir + name, spritec::image::encode_png(frames[static_cast<std::size_t>(i)].image))) {
      std::fprintf(stderr, "cannot write %s%s\n", dir.c_str(), name);
      return 1;
    }
  }
  auto clear_frames = make_frames(false);
  for (int i = 0; i < kFrames; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "/clear_%03d.png", i);
    if (!save(dir + name,
              spritec::image::encode_png(clear_frames[static_cast<std::size_t>(i)].image))) {
      std::fprintf(stderr, "cannot write %s%s\n", dir.c_str(), name);
      return 1;
    }
  }
  spritec::diag::Result<std::vector<std::uint8_t>> gif, clear_gif, apng;
  double t_gif = millis([&] { gif = spritec::render::encode_gif(frames); });
  double t_clear = millis([&] { clear_gif = spritec::render::encode_gif(clear_frames); });
  double t_apng = millis([&] { apng = spritec::render::encode_apng(frames); });
  if (!gif || !clear_gif || !apng) {
    std::fprintf(stderr, "encoding failed: %s%s%s\n", gif.error.message.c_str(),
                 clear_gif.error.message.c_str(), apng.error.message.c_str());
    return 1;
  }
  save(dir + "/ours.gif", gif.value);
  save(dir + "/ours_transparent.gif", clear_gif.value);
  save(dir + "/ours.apng", apng.value);
  std::printf("ours.gif %zu bytes %.1f ms\n", gif.value.size(), t_gif);
  std::printf("ours_transparent.gif %zu bytes %.1f ms\n", clear_gif.value.size(), t_clear);
  std::printf("ours.apng %zu bytes %.1f ms\n", apng.value.size(), t_apng);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--write") == 0) return write_outputs(argv[2]);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
