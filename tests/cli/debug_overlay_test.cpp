// `preview --debug` draws boxes as 1-pixel outlines just outside their pixels (docs/cli.md,
// "Boxes and points under --debug"): a box drawn tight around a frame's opaque pixels
// encloses exactly them, unflipped, flipped in x, y and both, and in a {mirror: V} view, at
// scale 1 and 3, in an action preview (APNG) and a strip (PNG).
//
// tests/data/previews/geometry: frame f/0 is an L of opaque pixels (90, 60, 200) at columns
// 3..8, rows 2..6 of a 12 x 10 cell, and its box `body` is [3, 2, 6, 5]. The pack's only
// names are body, hand and hit, so body is the first of the sorted names and has the
// palette's first colour, (255, 236, 39). Where the art lands is found in the rendered image
// (stb_image decodes it, not spritec); the expected outline is computed from it here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <string>
#include <vector>

// A static stb_image of this file's own, as cli_test.cpp has: an oracle spritec's image code
// does not go through.
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

#include "cli_run.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;

namespace {

using Rgba = std::array<unsigned char, 4>;

constexpr Rgba kArt{90, 60, 200, 255};
// compose() draws a frame's outline on its own border pixels, which for a trimmed frame are
// its opaque pixels' bounds: the art as drawn under --debug is the art and that outline.
constexpr Rgba kFrameOutline{41, 173, 255, 255};
constexpr Rgba kBody{255, 236, 39, 255};

struct Picture {
  int w = 0, h = 0;
  std::vector<unsigned char> px;
  Rgba at(int x, int y) const {
    const unsigned char* p = px.data() + (std::size_t(y) * std::size_t(w) + std::size_t(x)) * 4;
    return {p[0], p[1], p[2], p[3]};
  }
  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < w && y < h; }
};

Picture load(const fs::path& file) {
  Picture img;
  int n = 0;
  unsigned char* px = stbi_load(file.string().c_str(), &img.w, &img.h, &n, 4);
  if (px == nullptr) return img;
  img.px.assign(px, px + std::size_t(img.w) * std::size_t(img.h) * 4);
  stbi_image_free(px);
  return img;
}

// One drawn frame: the bounds of its art (inclusive) and where its L has no pixels.
struct Blob {
  int x0, y0, x1, y1;
  bool hollow_right, hollow_below;  // the L's empty corner, as flipped
  int empty_corners;                // of the four probed: 1 for an L
};

bool is_art(const Picture& img, int x, int y) {
  const Rgba c = img.at(x, y);
  return c == kArt || c == kFrameOutline;
}

// The 4-connected groups of art pixels.
std::vector<Blob> blobs(const Picture& img) {
  std::vector<char> seen(std::size_t(img.w) * std::size_t(img.h), 0);
  std::vector<Blob> out;
  for (int y = 0; y < img.h; ++y) {
    for (int x = 0; x < img.w; ++x) {
      if (seen[std::size_t(y) * img.w + x] || !is_art(img, x, y)) continue;
      Blob b{x, y, x, y, false, false, 0};
      std::vector<std::pair<int, int>> todo{{x, y}};
      seen[std::size_t(y) * img.w + x] = 1;
      while (!todo.empty()) {
        auto [cx, cy] = todo.back();
        todo.pop_back();
        b.x0 = std::min(b.x0, cx);
        b.y0 = std::min(b.y0, cy);
        b.x1 = std::max(b.x1, cx);
        b.y1 = std::max(b.y1, cy);
        const int dx[] = {1, -1, 0, 0}, dy[] = {0, 0, 1, -1};
        for (int k = 0; k < 4; ++k) {
          const int nx = cx + dx[k], ny = cy + dy[k];
          if (!img.inside(nx, ny) || seen[std::size_t(ny) * img.w + nx] || !is_art(img, nx, ny))
            continue;
          seen[std::size_t(ny) * img.w + nx] = 1;
          todo.push_back({nx, ny});
        }
      }
      // The L's empty corner: of the probes at source columns 1 and 4, rows 1 and 3 of the
      // 6 x 5 art (inside the frame outline), exactly one is not art.
      const int scale = (b.x1 - b.x0 + 1) / 6;
      for (int cx : {1, 4}) {
        for (int ry : {1, 3}) {
          if (is_art(img, b.x0 + cx * scale + scale / 2, b.y0 + ry * scale + scale / 2)) continue;
          ++b.empty_corners;
          b.hollow_right = cx == 4;
          b.hollow_below = ry == 3;
        }
      }
      out.push_back(b);
    }
  }
  return out;
}

// Every pixel of the ring just outside the blob is the box's colour, and no other pixel in
// it or one pixel beyond the ring is (the next view's ring may lie two pixels further).
void check_enclosed(const Picture& img, const Blob& b) {
  INFO("art at columns " << b.x0 << ".." << b.x1 << ", rows " << b.y0 << ".." << b.y1);
  int ring = 0, bad = 0;
  for (int x = b.x0 - 1; x <= b.x1 + 1; ++x) {
    for (int y : {b.y0 - 1, b.y1 + 1}) {
      REQUIRE(img.inside(x, y));
      ++ring;
      bad += img.at(x, y) != kBody;
    }
  }
  for (int y = b.y0; y <= b.y1; ++y) {
    for (int x : {b.x0 - 1, b.x1 + 1}) {
      REQUIRE(img.inside(x, y));
      ++ring;
      bad += img.at(x, y) != kBody;
    }
  }
  CHECK(bad == 0);
  int yellow = 0;
  for (int y = b.y0 - 2; y <= b.y1 + 2; ++y) {
    for (int x = b.x0 - 2; x <= b.x1 + 2; ++x)
      yellow += img.inside(x, y) && img.at(x, y) == kBody;
  }
  CHECK(yellow == ring);
}

}  // namespace

TEST_CASE("a box drawn tight around a frame's pixels encloses exactly them after flips",
          "[debug]") {
  const fs::path dir = kTests / "data" / "previews" / "geometry";
  const fs::path scratch = kScratch / "debug-overlay";
  fs::create_directories(scratch);
  for (int scale : {1, 3}) {
    for (bool strip : {false, true}) {
      const std::string name = std::string(strip ? "strip" : "still") + std::to_string(scale) +
                               (strip ? ".png" : ".apng");
      INFO(name);
      std::vector<std::string> args = {"preview",
                                       "geometry.sprites.yaml",
                                       "--action",
                                       "still",
                                       "--debug",
                                       "--scale",
                                       std::to_string(scale),
                                       "-o",
                                       (scratch / name).string()};
      if (!strip) args.insert(args.end(), {"--frames", "0..0"});
      Run run = run_spritec(args, dir);
      INFO(run.err);
      REQUIRE(run.exit == 0);
      const Picture img = load(scratch / name);  // an APNG's default image is its frame 0
      REQUIRE(img.w > 0);
      std::vector<Blob> found = blobs(img);
      // Five views: side by side in the action preview, one under another in the strip.
      REQUIRE(found.size() == 5);
      std::sort(found.begin(), found.end(), [strip](const Blob& a, const Blob& b) {
        return strip ? a.y0 < b.y0 : a.x0 < b.x0;
      });
      // The art is 6 x 5 pixels, upscaled.
      for (const Blob& b : found) {
        CHECK(b.x1 - b.x0 + 1 == 6 * scale);
        CHECK(b.y1 - b.y0 + 1 == 5 * scale);
      }
      // None, x, y, xy and {mirror: 2} (y mirrored: xy) flip the L's empty corner.
      const bool right[] = {true, false, true, false, false};
      const bool below[] = {true, true, false, false, false};
      for (std::size_t v = 0; v < found.size(); ++v) {
        INFO("view " << v);
        CHECK(found[v].empty_corners == 1);
        CHECK(found[v].hollow_right == right[v]);
        CHECK(found[v].hollow_below == below[v]);
        check_enclosed(img, found[v]);
      }
    }
  }
}
