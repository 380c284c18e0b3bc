// Fuzz target: TexturePacker JSON as a sheet (texturepacker_json:), through the definition
// loader and the atlas.
//
// The bytes are written as a.json into a temporary root that also holds atlas.png, a 32x32
// image whose every pixel differs, and a definition naming a.json is loaded:
// 1. Failure comes with an error; every diagnostic and note has a 1-based position or none;
//    the diagnostics render as text (reading the JSON back for its lines), JSON and
//    GitHub annotations.
// 2. An accepted sheet's frames are named s/<something>, lie inside the image (a rotated
//    one's region h x w of its upright size), fit their canvases (capped at 16,384 a
//    side), and have origins within ±1,000,000.
// 3. build_atlas then gives every frame its canvas as its source size, and (for up to 64
//    frames) each untrimmed frame is exactly the image's region at the frame's place on
//    the canvas — turned counter-clockwise for a rotated one, computed here pixel by pixel
//    from the formula (upright (u, v) is region pixel (h - 1 - v, u)), not by spritec.
// Seeds: tests/fuzz/corpus/texturepacker (Hash and Array forms, rotated, trimmed, pivots,
// the error cases' files).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz_check.hpp"
#include "fuzz_diag.hpp"
#include "fuzz_sheet_image.hpp"
#include "spritec/atlas/atlas.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/diag/render.hpp"
#include "spritec/image/image.hpp"

namespace {

namespace def = spritec::def;
namespace diag = spritec::diag;
namespace image = spritec::image;
namespace fs = std::filesystem;

volatile std::uint64_t g_sink = 0;

const fs::path& root() {
  return sheet_root("spritec-fuzz-texturepacker");
}

void check_frame(const def::Frame& f) {
  FUZZ_CHECK(f.name.rfind("s/", 0) == 0 && f.name.size() > 2);
  FUZZ_CHECK(f.rect.x >= 0 && f.rect.y >= 0 && f.rect.width >= 0 && f.rect.height >= 0);
  FUZZ_CHECK(f.rect.x + f.rect.width <= kSheetSide && f.rect.y + f.rect.height <= kSheetSide);
  const int up_w = f.rotated ? f.rect.height : f.rect.width;
  const int up_h = f.rotated ? f.rect.width : f.rect.height;
  FUZZ_CHECK(f.canvas.width >= 1 && f.canvas.height >= 1);
  FUZZ_CHECK(f.canvas.width <= def::kMaxImageSide && f.canvas.height <= def::kMaxImageSide);
  FUZZ_CHECK(f.offset.x >= 0 && f.offset.y >= 0);
  FUZZ_CHECK(f.offset.x + up_w <= f.canvas.width && f.offset.y + up_h <= f.canvas.height);
  FUZZ_CHECK(f.origin.x >= -1000000 && f.origin.x <= 1000000);
  FUZZ_CHECK(f.origin.y >= -1000000 && f.origin.y <= 1000000);
}

// The untrimmed frame as the format describes it, from the source pixels.
image::Image expected(const def::Frame& f) {
  image::Image out(f.canvas.width, f.canvas.height);
  const int up_w = f.rotated ? f.rect.height : f.rect.width;
  const int up_h = f.rotated ? f.rect.width : f.rect.height;
  for (int v = 0; v < up_h; ++v) {
    for (int u = 0; u < up_w; ++u) {
      const int x = f.rotated ? f.rect.x + f.rect.width - 1 - v : f.rect.x + u;
      const int y = f.rotated ? f.rect.y + u : f.rect.y + v;
      sheet_pixel(x, y, out.pixel(f.offset.x + u, f.offset.y + v));
    }
  }
  return out;
}

void check_atlas(const def::Definition& d) {
  check_sheet_atlas(d, expected);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fs::path& dir = root();
  std::ofstream(dir / "a.json", std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  diag::Sink sink;
  def::LoadOptions options;
  options.root = dir;
  options.jobs = 1;
  const std::optional<def::Definition> d = def::load_definition_from(
      "pack: f\natlas: {padding: 0}\nsheets:\n  - name: s\n    texturepacker_json: a.json\n",
      dir / "f.sprites.yaml", options, sink);
  check_positions(sink);
  g_sink = g_sink + render_all(sink);
  if (!d) {
    FUZZ_CHECK(sink.has_errors());
    return 0;
  }
  FUZZ_CHECK(!sink.has_errors());
  for (const def::Frame& f : d->frames)
    check_frame(f);
  check_atlas(*d);
  return 0;
}
