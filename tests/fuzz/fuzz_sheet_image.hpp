// The image the JSON sheet targets (fuzz_texturepacker, fuzz_aseprite_json) load their bytes
// beside: atlas.png of kSheetSide x kSheetSide whose every pixel differs, so a frame's pixels
// tell where in the image they came from.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>

#include "fuzz_check.hpp"
#include "fuzz_temp_dir.hpp"
#include "spritec/atlas/atlas.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/diag/diagnostic.hpp"
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

// Builds the atlas of `d`, a sheet read from atlas.png: it is built, or refused with an
// error; each frame keeps its canvas and origin, its trim lies inside the canvas, and (for
// the first 64 frames up to 1 Mpx) its untrimmed pixels are `expected(frame)`, the image the
// target works out from the format's description.
template <class Expected>
void check_sheet_atlas(const spritec::def::Definition& d, Expected expected) {
  spritec::diag::Sink sink;
  const std::optional<spritec::atlas::Atlas> built =
      spritec::atlas::build_atlas(d, spritec::atlas::Options{}, sink);
  if (!built) {
    FUZZ_CHECK(sink.has_errors());  // a canvas too large for a page, say
    return;
  }
  FUZZ_CHECK(built->frames.size() == d.frames.size());
  for (std::size_t i = 0; i < d.frames.size(); ++i) {
    const spritec::def::Frame& f = d.frames[i];
    const spritec::atlas::Frame& a = built->frames[i];
    FUZZ_CHECK(a.source_w == f.canvas.width && a.source_h == f.canvas.height);
    FUZZ_CHECK(a.origin == f.origin);
    FUZZ_CHECK(a.trim_x >= 0 && a.trim_y >= 0);
    FUZZ_CHECK(a.trim_x + a.rect.width <= a.source_w && a.trim_y + a.rect.height <= a.source_h);
    if (i >= 64 || std::int64_t{f.canvas.width} * f.canvas.height > 1 << 20) continue;
    const spritec::image::Image got = spritec::atlas::untrimmed_frame(
        built->pages[std::size_t(a.page)], a.rect, a.source_w, a.source_h, a.trim_x, a.trim_y);
    FUZZ_CHECK(got.rgba == expected(f).rgba);
  }
}
