// A TexturePacker atlas built by hand, the way TexturePacker's documentation and the
// engines' loaders (Pixi's Spritesheet, Phaser's JSONHash parser) describe it, read back
// by a texturepacker_json: sheet: every frame comes out of build_atlas as the upright,
// untrimmed sprite it was, pixel for pixel, with its origin.
//
// The oracle is this file's own packing: each sprite is drawn upright on its canvas, its
// opaque part (the trim) copied into the atlas, turned 90° clockwise for a rotated frame —
// upright pixel (u, v) of a w x h trim lands at (x + h - 1 - v, y + u) of the atlas,
// whose region is h wide and w tall — and the rest of the atlas is magenta, so a pixel
// read from the wrong place shows.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../pixels.hpp"
#include "spritec/atlas/atlas.hpp"
#include "spritec/def/definition.hpp"

namespace fs = std::filesystem;
namespace atlas = spritec::atlas;
namespace image = spritec::image;
using spritec::test::at;
using spritec::test::Px;
using spritec::test::set;

namespace {

const Px kJunk{255, 0, 255, 255};

struct Sprite {
  std::string name;
  int canvas_w, canvas_h;  // the untrimmed sprite
  int trim_x, trim_y;      // its opaque part's place on the canvas
  int trim_w, trim_h;      // and size
  bool rotated;            // stored turned clockwise
  int at_x, at_y;          // where its region starts in the atlas
  std::string pivot;       // JSON, or empty
  int origin_x, origin_y;  // the origin expected (worked out by hand from the pivot)
  int id;                  // picks its colours; equal ids, equal pixels
};

// The upright canvas: the trim filled with colours unique to (id, u, v), one pixel half
// transparent; transparent around it.
image::Image upright(const Sprite& s) {
  image::Image img(s.canvas_w, s.canvas_h);
  for (int v = 0; v < s.trim_h; ++v) {
    for (int u = 0; u < s.trim_w; ++u) {
      const auto a = static_cast<std::uint8_t>(u == 1 && v == 0 ? 128 : 255);
      set(img, s.trim_x + u, s.trim_y + v,
          Px{static_cast<std::uint8_t>(40 * s.id + 10 * u), static_cast<std::uint8_t>(20 + 10 * v),
             static_cast<std::uint8_t>(250 - 30 * s.id), a});
    }
  }
  return img;
}

// Sprites of every kind TexturePacker writes, on a 24x12 atlas:
// idle: trimmed, not rotated; run: rotated, untrimmed (5x3 upright, 3x5 stored);
// spark: trimmed and rotated; box: a square rotated (the direction still shows);
// run_alias: TexturePacker's alias of an identical sprite (the same region as run);
// blank: a fully transparent sprite, stored as one transparent pixel.
const std::vector<Sprite> kSprites = {
    {"idle.png", 6, 8, 1, 2, 4, 5, false, 0, 0, R"({"x":0.5,"y":1})", 3, 8, 0},
    {"run.png", 5, 3, 0, 0, 5, 3, true, 5, 0, R"({"x":0.5,"y":0.5})", 3, 2, 1},
    {"spark.png", 7, 6, 2, 1, 3, 4, true, 9, 0, "", -2, 5, 2},
    {"box.png", 4, 4, 0, 0, 4, 4, true, 14, 0, R"({"x":0,"y":0})", 0, 0, 3},
    {"run_alias.png", 5, 3, 0, 0, 5, 3, true, 5, 0, "", -2, 5, 1},
    {"blank.png", 3, 3, 0, 0, 0, 0, false, 23, 11, "", -2, 5, 4},
};

image::Image pack_by_hand() {
  image::Image page(24, 12);
  for (int y = 0; y < page.height; ++y)
    for (int x = 0; x < page.width; ++x)
      set(page, x, y, kJunk);
  set(page, 23, 11, Px{0, 0, 0, 0});  // blank's one pixel
  for (const Sprite& s : kSprites) {
    const image::Image up = upright(s);
    for (int v = 0; v < s.trim_h; ++v) {
      for (int u = 0; u < s.trim_w; ++u) {
        const Px p = at(up, s.trim_x + u, s.trim_y + v);
        if (s.rotated) {
          set(page, s.at_x + s.trim_h - 1 - v, s.at_y + u, p);
        } else {
          set(page, s.at_x + u, s.at_y + v, p);
        }
      }
    }
  }
  return page;
}

// The JSON (Hash) TexturePacker writes for kSprites: `frame` holds the upright trim size.
std::string json_hash() {
  std::string out = "{\"frames\": {\n";
  for (std::size_t i = 0; i < kSprites.size(); ++i) {
    const Sprite& s = kSprites[i];
    const bool blank = s.trim_w == 0;
    const int w = blank ? 1 : s.trim_w, h = blank ? 1 : s.trim_h;
    const std::string size = "\"w\":" + std::to_string(w) + ",\"h\":" + std::to_string(h);
    out += "\"" + s.name + "\": {\"frame\": {\"x\":" + std::to_string(s.at_x) +
           ",\"y\":" + std::to_string(s.at_y) + "," + size +
           "}, \"rotated\": " + (s.rotated ? "true" : "false") +
           ", \"trimmed\": true, \"spriteSourceSize\": {\"x\":" + std::to_string(s.trim_x) +
           ",\"y\":" + std::to_string(s.trim_y) + "," + size +
           "}, \"sourceSize\": {\"w\":" + std::to_string(s.canvas_w) +
           ",\"h\":" + std::to_string(s.canvas_h) + "}" +
           (s.pivot.empty() ? "" : ", \"pivot\": " + s.pivot) + "}" +
           (i + 1 < kSprites.size() ? ",\n" : "\n");
  }
  return out + "}, \"meta\": {\"image\": \"atlas.png\", \"size\": {\"w\":24,\"h\":12}}}\n";
}

fs::path fresh_dir() {
  static std::atomic<int> counter{0};
  const fs::path dir =
      fs::temp_directory_path() /
      ("spritec-tp-atlas-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("a TexturePacker atlas's frames come out upright and untrimmed, with their origins") {
  const bool trim = GENERATE(true, false);
  INFO("trim: " << trim);
  const fs::path dir = fresh_dir();
  const image::Bytes png = image::encode_png(pack_by_hand());
  std::ofstream(dir / "atlas.png", std::ios::binary)
      .write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
  std::ofstream(dir / "atlas.json", std::ios::binary) << json_hash();

  spritec::diag::Sink sink;
  spritec::def::LoadOptions options;
  options.root = dir;
  const std::string text = std::string("pack: p\natlas: {trim: ") + (trim ? "true" : "false") +
                           ", padding: 0}\nsheets:\n  - name: tp\n    texturepacker_json: "
                           "atlas.json\n    origin: [-2, 5]\n";
  const auto def = spritec::def::load_definition_from(text, dir / "t.sprites.yaml", options, sink);
  INFO((sink.diagnostics().empty() ? std::string() : sink.diagnostics()[0].message));
  REQUIRE(def);
  const auto built = atlas::build_atlas(*def, atlas::Options{}, sink);
  REQUIRE(built);
  fs::remove_all(dir);
  REQUIRE(built->frames.size() == kSprites.size());
  for (std::size_t i = 0; i < kSprites.size(); ++i) {
    const Sprite& s = kSprites[i];
    const atlas::Frame& f = built->frames[i];
    INFO(f.name);
    CHECK(f.name == "tp/" + s.name);
    CHECK(f.source_w == s.canvas_w);
    CHECK(f.source_h == s.canvas_h);
    CHECK(f.origin.x == s.origin_x);
    CHECK(f.origin.y == s.origin_y);
    const image::Image got = atlas::untrimmed_frame(built->pages[std::size_t(f.page)], f.rect,
                                                    f.source_w, f.source_h, f.trim_x, f.trim_y);
    const image::Image want = upright(s);
    REQUIRE(got.width == want.width);
    REQUIRE(got.height == want.height);
    int wrong = 0;
    for (int y = 0; y < want.height; ++y)
      for (int x = 0; x < want.width; ++x)
        wrong += at(got, x, y) != at(want, x, y);
    CHECK(wrong == 0);
  }
  // The alias is stored once (the same pixels as run's), the blank not at all.
  CHECK(built->frames[4].duplicate_of == 1);
  if (trim) CHECK(built->frames[5].rect.width == 0);  // trim: false keeps its one pixel
}
