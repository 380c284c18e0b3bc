// Page PNG encodings compared on real pages (docs/performance.md, "PNG encoding"):
// RGBA (stb_image_write + libdeflate, what RGBA pages get) against indexed PNG with the
// pixel data deflated by libdeflate or by libpng's zlib, with filter none, adaptive
// filters or the smaller of both, at several levels. Every indexed file is decoded again and
// compared with the page, pixel for pixel.
//
// Usage: bench_png [--runs N] [--quick] PAGE.png...   (e.g. the OUT-N.png of `build --pages files`)
// Prints, per encoding, the total bytes over the pages and the best of N single-thread
// encode times of all of them.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "spritec/image/image.hpp"

namespace image = spritec::image;

namespace {

image::Bytes read(const char* path) {
  std::ifstream in(path, std::ios::binary);
  return image::Bytes(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3;
  bool quick = false;  // --quick: RGBA at level 6 only (level 12 takes seconds a page)
  std::vector<image::Image> pages;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--runs" && i + 1 < argc) {
      runs = std::atoi(argv[++i]);
      continue;
    }
    if (std::string(argv[i]) == "--quick") {
      quick = true;
      continue;
    }
    image::Result<image::Image> r = image::decode_png(read(argv[i]));
    if (!r) {
      std::fprintf(stderr, "bench_png: cannot decode %s\n", argv[i]);
      return 1;
    }
    pages.push_back(std::move(r.value));
  }
  if (pages.empty()) {
    std::fprintf(stderr, "usage: bench_png [--runs N] PAGE.png...\n");
    return 2;
  }
  std::size_t raw = 0;
  for (const image::Image& p : pages)
    raw += p.rgba.size();
  std::printf("%zu pages, %zu bytes of RGBA\n", pages.size(), raw);
  std::printf("| encoding | level | bytes | time |\n|---|---:|---:|---:|\n");

  const std::vector<int> levels_rgba = quick ? std::vector<int>{6} : std::vector<int>{1, 6, 9, 12};
  auto measure = [&](const char* name, int level,
                     const std::function<image::Bytes(const image::Image&)>& encode) {
    double best = 1e30;
    std::size_t bytes = 0;
    for (int run = 0; run < runs; ++run) {
      bytes = 0;
      const auto start = std::chrono::steady_clock::now();
      for (const image::Image& p : pages) {
        const image::Bytes png = encode(p);
        if (png.empty()) {
          std::fprintf(stderr, "bench_png: %s failed\n", name);
          std::exit(1);
        }
        bytes += png.size();
        if (run == 0) {
          image::Result<image::Image> back = image::decode_png(png);
          if (!back || back.value.rgba != p.rgba) {
            std::fprintf(stderr, "bench_png: %s does not decode to the page\n", name);
            std::exit(1);
          }
        }
      }
      best = std::min(
          best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::printf("| %s | %d | %zu | %.0f ms |\n", name, level, bytes, best * 1000);
    std::fflush(stdout);
  };

  for (int level : levels_rgba) {
    measure("RGBA, stb filters, libdeflate", level,
            [&](const image::Image& p) { return image::encode_png(p, level); });
  }
  for (int level : {1, 6, 7, 8, 9, 12}) {
    measure("indexed, filter none, libdeflate", level, [&](const image::Image& p) {
      return image::encode_png_indexed(
          p, {level, image::IdatCompressor::kLibdeflate, image::PngFilters::kNone});
    });
    measure("indexed, adaptive filters, libdeflate", level, [&](const image::Image& p) {
      return image::encode_png_indexed(
          p, {level, image::IdatCompressor::kLibdeflate, image::PngFilters::kAdaptive});
    });
    measure("indexed, smaller of both, libdeflate", level, [&](const image::Image& p) {
      return image::encode_png_indexed(
          p, {level, image::IdatCompressor::kLibdeflate, image::PngFilters::kSmaller});
    });
  }
  for (int level : {6, 9}) {
    measure("indexed, filter none, libpng zlib", level, [&](const image::Image& p) {
      return image::encode_png_indexed(
          p, {level, image::IdatCompressor::kLibpngZlib, image::PngFilters::kNone});
    });
    measure("indexed, adaptive filters, libpng zlib", level, [&](const image::Image& p) {
      return image::encode_png_indexed(
          p, {level, image::IdatCompressor::kLibpngZlib, image::PngFilters::kAdaptive});
    });
  }
  return 0;
}
