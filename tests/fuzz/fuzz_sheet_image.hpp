// The image the JSON sheet targets (fuzz_texturepacker, fuzz_aseprite_json) load their bytes
// beside: atlas.png of kSheetSide x kSheetSide whose every pixel differs, so a frame's pixels
// tell where in the image they came from.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>

#include "fuzz_temp_dir.hpp"
#include "spritec/image/image.hpp"

constexpr int kSheetSide = 32;

// Pixel (x, y) of atlas.png: every one different, half of them translucent, a few clear.
inline void sheet_pixel(int x, int y, std::uint8_t out[4]) {
  out[0] = static_cast<std::uint8_t>(8 * x);
  out[1] = static_cast<std::uint8_t>(8 * y);
  out[2] = static_cast<std::uint8_t>(x ^ y);
  out[3] = static_cast<std::uint8_t>((x + y) % 7 == 0 ? 0 : (x + y) % 2 ? 255 : 128);
  if (out[3] == 0) out[0] = out[1] = out[2] = 0;
}

// A temporary directory (named after `prefix`) for the process, holding atlas.png.
inline const std::filesystem::path& sheet_root(const char* prefix) {
  static const FuzzTempDir dir(prefix);
  static const bool written = [] {
    spritec::image::Image img(kSheetSide, kSheetSide);
    for (int y = 0; y < kSheetSide; ++y)
      for (int x = 0; x < kSheetSide; ++x)
        sheet_pixel(x, y, img.pixel(x, y));
    const spritec::image::Bytes png = spritec::image::encode_png(img);
    std::ofstream(dir.path() / "atlas.png", std::ios::binary)
        .write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
    return true;
  }();
  (void)written;
  return dir.path();
}
