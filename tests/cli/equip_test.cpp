// `preview --equip SLOT=PACK` (docs/cli.md, "Layered masters"): a layered master's preview
// draws, for each step, its layers back to front, each frame at its own origin on the
// actor's position.
//
// tests/data/previews/equip (make_art.py): solid, untrimmed frames with origins of their own
//   master  body  4 x 6 red    origin (2, 5)   order: cape, self, hat
//   hat     hat   6 x 3 blue   origin (3, 7)   (no `duck`)
//   cape    cape  8 x 4 green  origin (4, 3)
// The expected pictures are composed here from those numbers and the preview's documented
// stage (the frames' reach around their origins plus 2 px), not by spritec's renderer; the
// APNG is read by the tests' own decoder (decoders.hpp), the strip by stb_image.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

#include "cli_run.hpp"
#include "decoders.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;

namespace {

using Rgba = std::array<std::uint8_t, 4>;

constexpr Rgba kBlack{0, 0, 0, 255};
constexpr Rgba kRed{255, 0, 0, 255};
constexpr Rgba kBlue{0, 0, 255, 255};
constexpr Rgba kGreen{0, 255, 0, 255};

// A solid frame: its size, its origin and its colour.
struct Solid {
  int w, h, origin_x, origin_y;
  Rgba colour;
};

constexpr Solid kBody{4, 6, 2, 5, kRed};
constexpr Solid kHat{6, 3, 3, 7, kBlue};
constexpr Solid kCape{8, 4, 4, 3, kGreen};

const fs::path kDir = kTests / "data" / "previews" / "equip";

// What the preview should show: a stage as far as the layers reach around the origin plus
// 2 px, on black, the layers painted back to front over it.
spritec::image::Image expected_stage(const std::vector<Solid>& layers) {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  for (std::size_t i = 0; i < layers.size(); ++i) {
    const Solid& s = layers[i];
    x0 = i == 0 ? -s.origin_x : std::min(x0, -s.origin_x);
    y0 = i == 0 ? -s.origin_y : std::min(y0, -s.origin_y);
    x1 = i == 0 ? s.w - s.origin_x : std::max(x1, s.w - s.origin_x);
    y1 = i == 0 ? s.h - s.origin_y : std::max(y1, s.h - s.origin_y);
  }
  spritec::image::Image img(x1 - x0 + 4, y1 - y0 + 4);
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x)
      std::copy(kBlack.begin(), kBlack.end(), img.pixel(x, y));
  }
  const int home_x = 2 - x0, home_y = 2 - y0;  // where the actor stands
  for (const Solid& s : layers) {
    for (int y = 0; y < s.h; ++y) {
      for (int x = 0; x < s.w; ++x)
        std::copy(s.colour.begin(), s.colour.end(),
                  img.pixel(home_x - s.origin_x + x, home_y - s.origin_y + y));
    }
  }
  return img;
}

// The first frame of an APNG preview, decoded independently.
spritec::image::Image first_frame(const fs::path& file) {
  const std::string text = read_text(file);
  int plays = 0;
  render_test::DecodedAnimation decoded =
      render_test::decode_apng(std::vector<std::uint8_t>(text.begin(), text.end()), &plays);
  REQUIRE(decoded.error.empty());
  REQUIRE(!decoded.frames.empty());
  return decoded.frames.front().image;
}

// The first frame of `action`'s preview, with the given --equip arguments.
spritec::image::Image preview_frame(const std::string& action,
                                    const std::vector<std::string>& equip,
                                    const std::string& name) {
  const fs::path out = kScratch / "equip" / (name + ".png");
  fs::create_directories(out.parent_path());
  std::vector<std::string> args = {
      "preview", "master.sprites.yaml", "--action", action, "--animated", "--frames",
      "0..0",    "--background",        "#000000",  "-o",   out.string()};
  for (const std::string& e : equip) {
    args.push_back("--equip");
    args.push_back(e);
  }
  Run run = run_spritec(args, kDir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  return first_frame(out);
}

void check_same(const spritec::image::Image& got, const spritec::image::Image& want) {
  REQUIRE(got.width == want.width);
  REQUIRE(got.height == want.height);
  for (int y = 0; y < want.height; ++y) {
    for (int x = 0; x < want.width; ++x) {
      INFO("pixel (" << x << ", " << y << ")");
      const std::uint8_t* g = got.pixel(x, y);
      const std::uint8_t* w = want.pixel(x, y);
      CHECK(Rgba{g[0], g[1], g[2], g[3]} == Rgba{w[0], w[1], w[2], w[3]});
    }
  }
}

}  // namespace

TEST_CASE("preview --equip draws a master's layers back to front, each at its own origin") {
  // cape behind the body, the hat over the body's top row: 12 x 12.
  const spritec::image::Image want = expected_stage({kCape, kBody, kHat});
  REQUIRE(want.width == 12);
  REQUIRE(want.height == 12);
  check_same(preview_frame("idle", {"hat=hat.sprites.yaml", "cape=cape.sprites.yaml"}, "idle"),
             want);
  // The order on the command line does not matter: the view's order does.
  check_same(preview_frame("idle", {"cape=cape.sprites.yaml", "hat=hat.sprites.yaml"}, "swapped"),
             want);
}

TEST_CASE("preview --equip draws nothing for a piece that leaves the action out") {
  check_same(preview_frame("duck", {"hat=hat.sprites.yaml", "cape=cape.sprites.yaml"}, "duck"),
             expected_stage({kCape, kBody}));
}

TEST_CASE("preview of a layered master without --equip draws its own frames alone") {
  check_same(preview_frame("idle", {}, "bare"), expected_stage({kBody}));
}

TEST_CASE("preview --equip lays each step of a strip out as the layered actor") {
  const fs::path out = kScratch / "equip" / "strip.png";
  fs::create_directories(out.parent_path());
  Run run = run_spritec({"preview", "master.sprites.yaml", "--action", "idle", "-o", out.string(),
                         "--equip", "hat=hat.sprites.yaml", "--equip", "cape=cape.sprites.yaml"},
                        kDir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(out.string().c_str(), &w, &h, &n, 4);
  REQUIRE(px != nullptr);
  std::map<Rgba, int> count;
  for (int i = 0; i < w * h; ++i)
    ++count[Rgba{px[4 * i], px[4 * i + 1], px[4 * i + 2], px[4 * i + 3]}];
  stbi_image_free(px);
  // One cell on the strip's navy stage with white labels: the hat whole (18 px), the body
  // but for its top row under the hat (24 - 4), the cape but where the body covers it
  // (32 - 4 x 4).
  CHECK(count[kBlue] == 18);
  CHECK(count[kRed] == 20);
  CHECK(count[kGreen] == 16);
}

TEST_CASE("preview --equip refuses to write over a piece's image") {
  const fs::path dir = kScratch / "equip" / "inputs";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* f : {"master.sprites.yaml", "body.png", "hat.sprites.yaml", "hat.png"})
    fs::copy_file(kDir / f, dir / f);
  const std::string before = read_text(dir / "hat.png");
  Run run = run_spritec(
      {"preview", "master.sprites.yaml", "-o", "hat.png", "--equip", "hat=hat.sprites.yaml"}, dir);
  CHECK(run.exit == 1);
  CHECK(read_text(dir / "hat.png") == before);
}
