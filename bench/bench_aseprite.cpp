// Importing an Aseprite file against decoding the same pixels from PNG (issue 11: at most
// 1.5x). A generated 256-frame 64x64 file with four layers (a background, a body, a part
// that moves and a 50% shadow), every cel a zlib-compressed 64x64 image as Aseprite saves
// it, written with the unit tests' writer (tests/unit/aseprite/ase_writer.hpp).
//   BM_aseprite_import: parse + flatten every frame into the file's sheet (what a build
//     does with `aseprite:`);
//   BM_png_decode: decode the PNG of that same flattened sheet (what a build does with the
//     sheet Aseprite would export), stb_image as the build uses it.
// docs/performance.md gives the figures and the command.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "ase_writer.hpp"
#include "spritec/aseprite/aseprite.hpp"
#include "spritec/image/image.hpp"

namespace {

namespace as = spritec::aseprite;
using namespace ase_test;

constexpr int kFrames = 256, kSide = 64;

// Pixel-art-like cel: flat colour blocks with outlines, different per frame and layer.
Bytes cel_pixels(int frame, int layer) {
  Bytes out;
  out.reserve(kSide * kSide * 4);
  std::uint32_t seed = std::uint32_t(frame * 131 + layer * 7919 + 1);
  auto next = [&] {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 16;
  };
  const std::uint32_t palette[4] = {0x3a5f8fff, 0xd9a066ff, 0x8f563bff, 0x222034ff};
  const int cx = 20 + (frame + layer * 9) % 24, cy = 20 + (frame * 3 + layer) % 24;
  for (int y = 0; y < kSide; ++y)
    for (int x = 0; x < kSide; ++x) {
      const int dx = x - cx, dy = y - cy, d = dx * dx + dy * dy;
      std::uint32_t c = 0;
      if (layer == 0)
        c = palette[(x / 8 + y / 8) % 2];
      else if (d < 120 + layer * 40)
        c = palette[(d / 60 + layer) % 4];
      else if (d < 160 + layer * 40)
        c = 0x222034ff;
      if (c != 0 && next() % 97 == 0) c ^= 0x10100000;  // a little dithering
      out.push_back(std::uint8_t(c >> 24));
      out.push_back(std::uint8_t(c >> 16));
      out.push_back(std::uint8_t(c >> 8));
      out.push_back(std::uint8_t(c));
    }
  return out;
}

const Bytes& aseprite_file() {
  static const Bytes bytes = [] {
    Sprite s;
    s.width = kSide;
    s.height = kSide;
    for (int f = 0; f < kFrames; ++f) {
      Frame fr;
      if (f == 0)
        fr.chunks = {layer_chunk({"bg"}), layer_chunk({"shadow", 3, 0, 0, 0, 128}),
                     layer_chunk({"body"}), layer_chunk({"arm"})};
      for (unsigned l = 0; l < 4; ++l)
        fr.chunks.push_back(image_cel(l, 0, 0, kSide, kSide, cel_pixels(f, int(l))));
      s.frames.push_back(fr);
    }
    return s.bytes();
  }();
  return bytes;
}

const Bytes& png_file() {
  static const Bytes bytes = [] {
    auto file = as::parse(aseprite_file());
    auto sheet = as::render_sheet(file.value, as::select_layers(file.value, {}).value,
                                  spritec::image::kDefaultMaxSide);
    return spritec::image::encode_png(sheet.value, 1);
  }();
  return bytes;
}

void BM_aseprite_import(benchmark::State& state) {
  const Bytes& bytes = aseprite_file();
  for (auto _ : state) {
    auto file = as::parse(bytes);
    auto layers = as::select_layers(file.value, {});
    auto sheet = as::render_sheet(file.value, layers.value, spritec::image::kDefaultMaxSide);
    if (!sheet) state.SkipWithError(sheet.error.message.c_str());
    benchmark::DoNotOptimize(sheet.value.rgba.data());
  }
  state.counters["file_bytes"] = double(bytes.size());
  state.SetItemsProcessed(state.iterations() * kFrames);
}

void BM_png_decode(benchmark::State& state) {
  const Bytes& bytes = png_file();
  for (auto _ : state) {
    auto img = spritec::image::decode_png(bytes);
    if (!img) state.SkipWithError("decode failed");
    benchmark::DoNotOptimize(img.value.rgba.data());
  }
  state.counters["file_bytes"] = double(bytes.size());
  state.SetItemsProcessed(state.iterations() * kFrames);
}

}  // namespace

BENCHMARK(BM_aseprite_import)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_png_decode)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
