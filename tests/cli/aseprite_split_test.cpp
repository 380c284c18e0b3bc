// `layers: split` on an aseprite: sheet (issue 26, item 3): one .aseprite file drawn as
// layers compiles into a layered master and one piece pack per visible top-level layer or
// group. The file is made here (ase_writer.hpp, from the file specification); the expected
// pixels of every piece come from the blocks drawn into it below, and the oracle for the
// composition is the whole file flattened by Aseprite's own rules (a scene of the .aseprite
// file itself), not the layered renderer.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../unit/aseprite/ase_writer.hpp"
#include "cli_run.hpp"
#include "rgba_oracle.hpp"

using namespace spritec_cli_test;

namespace {

constexpr int kSide = 8;  // the canvas is 8x8
constexpr int kFrames = 4;

struct Block {
  int x, y, w, h;
  std::uint32_t rgba;  // 0xRRGGBBAA, opaque
};

// What layer `layer` (0 body, 2 armour inside the group 'gear', 3 the hidden guide, 4 weapon)
// draws on frame `f`.
Block block(int layer, int f) {
  switch (layer) {
    case 0:
      return {1 + f % 2, 2, 4, 6, 0xff0000ff};  // body: a red block stepping right and back
    case 2:
      return {1 + f % 2, 4, 4, 2, 0x00ff00ff};  // armour: green, over the body's middle
    case 3:
      return {0, 7, 8, 1, 0xffffffff};  // guide: a white line, hidden
    default:
      return {6, 1 + f / 2, 1, 6, 0x0000ffff};  // weapon: blue, raised in the attack
  }
}

// body, gear (a group) / armour, guide (hidden), weapon — bottom to top; tags walk 0-1 and
// attack 2-3; every frame 100 ms.
ase_test::Bytes layered_file() {
  ase_test::Sprite s;
  s.width = s.height = kSide;
  ase_test::Layer hidden{"guide"};
  hidden.flags = 2;
  ase_test::Layer group{"gear"};
  group.type = 1;
  ase_test::Layer armour{"armour"};
  armour.level = 1;
  for (int f = 0; f < kFrames; ++f) {
    ase_test::Frame frame;
    if (f == 0) {
      frame.chunks = {ase_test::layer_chunk({"body"}),
                      ase_test::layer_chunk(group),
                      ase_test::layer_chunk(armour),
                      ase_test::layer_chunk(hidden),
                      ase_test::layer_chunk({"weapon"}),
                      ase_test::tags_chunk({{"walk", 0, 1}, {"attack", 2, 3}})};
    }
    for (int layer : {0, 2, 3, 4}) {
      const Block b = block(layer, f);
      frame.chunks.push_back(ase_test::image_cel(unsigned(layer), b.x, b.y, unsigned(b.w),
                                                 unsigned(b.h),
                                                 ase_test::fill(unsigned(b.w * b.h), b.rgba)));
    }
    s.frames.push_back(frame);
  }
  return s.bytes();
}

// The canvas-sized frame that `blocks` draw, opaque blocks later on top.
Rgba expected(const std::vector<Block>& blocks) {
  Rgba img{kSide, kSide, std::vector<unsigned char>(kSide * kSide * 4, 0)};
  for (const Block& b : blocks) {
    for (int y = b.y; y < b.y + b.h; ++y) {
      for (int x = b.x; x < b.x + b.w; ++x) {
        unsigned char* p = img.px.data() + (std::size_t(y) * kSide + x) * 4;
        for (int c = 0; c < 4; ++c)
          p[c] = static_cast<unsigned char>(b.rgba >> (24 - 8 * c));
      }
    }
  }
  return img;
}

nlohmann::json inspect(const fs::path& dir, const std::string& pack) {
  Run r = run_spritec({"inspect", "--json", pack}, dir);
  INFO(r.err);
  REQUIRE(r.exit == 0);
  return nlohmann::json::parse(r.out);
}

// A scratch directory of its own (`name`) holding knight.aseprite and a definition that
// splits it.
fs::path split_dir(const std::string& name) {
  const fs::path dir = kScratch / ("aseprite-split-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir / "out");
  const ase_test::Bytes bytes = layered_file();
  write_text(dir / "knight.aseprite", std::string(bytes.begin(), bytes.end()));
  write_text(dir / "knight.sprites.yaml",
             "pack: knight\nsheets:\n"
             "  - {name: k, aseprite: knight.aseprite, tags: true, layers: split}\n");
  return dir;
}

}  // namespace

TEST_CASE("layers: split builds a master of the file's layers and a piece pack per layer") {
  const fs::path dir = split_dir("build");
  Run run = run_spritec({"build", "knight.sprites.yaml", "-o", "out/knight.spk"}, dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  CHECK(run.err.empty());
  // The master: the visible top-level layers and groups, bottom to top (the hidden guide
  // left out, the group one slot), drawn in that order in the one view of every tag.
  const auto master = inspect(dir, "out/knight.spk");
  const nlohmann::json slots = {"body", "gear", "weapon"};
  CHECK(master["layers"]["slots"] == slots);
  CHECK(master["layers"]["order"] == nlohmann::json::array({slots}));
  CHECK(master["frames"].empty());  // a pure clock
  REQUIRE(master["actions"].size() == 2);
  for (const std::string slot : {"body", "gear", "weapon"}) {
    INFO(slot);
    const auto piece = inspect(dir, "out/knight." + slot + ".spk");
    CHECK(piece["slot"] == slot);
    CHECK(piece["actions"].size() == 2);
    CHECK(piece["frames"].size() == std::size_t(kFrames));
    // Its frames are its layer's pixels alone (the group's: the armour inside it).
    const fs::path frames = dir / ("frames-" + slot);
    REQUIRE(
        run_spritec({"unpack", "out/knight." + slot + ".spk", "-o", frames.string()}, dir).exit ==
        0);
    const int layer = slot == "body" ? 0 : slot == "gear" ? 2 : 4;
    for (int f = 0; f < kFrames; ++f) {
      INFO("frame " << f);
      const Rgba got = load_rgba(frames / "k" / (std::to_string(f) + ".png"));
      const Rgba want = expected({block(layer, f)});
      CHECK(got.w == want.w);
      CHECK(got.h == want.h);
      CHECK(got.px == want.px);
    }
  }
  CHECK(run.out.find("wrote out/knight.gear.spk") != std::string::npos);
}

TEST_CASE("a scene wearing every split piece draws what the whole .aseprite file draws") {
  const fs::path dir = split_dir("scene");
  REQUIRE(run_spritec({"build", "knight.sprites.yaml", "-o", "out/knight.spk"}, dir).exit == 0);
  // The oracle: the same actor from the file itself, every visible layer flattened by
  // Aseprite's rules; the blocks are opaque, so drawing the layers one over another in
  // the file's order gives the same pixels.
  const std::string script =
      "script:\n  - wait: 14\n  - {actor: k, action: attack}\n"
      "  - wait: 14\n";
  write_text(dir / "split.scene.yaml",
             "stage: {size: [12, 12]}\nfps: 60\n"
             "packs: {knight: out/knight.spk, body: out/knight.body.spk, gear: "
             "out/knight.gear.spk, weapon: out/knight.weapon.spk}\n"
             "actors:\n  - {name: k, pack: knight, action: walk, at: [2, 2], layers: {body: "
             "body, gear: gear, weapon: weapon}}\n" +
                 script);
  write_text(dir / "whole.scene.yaml",
             "stage: {size: [12, 12]}\nfps: 60\npacks: {knight: knight.aseprite}\n"
             "actors:\n  - {name: k, pack: knight, action: walk, at: [2, 2]}\n" +
                 script);
  Run split = run_spritec({"preview", "split.scene.yaml", "-o", "split.png"}, dir);
  INFO(split.err);
  REQUIRE(split.exit == 0);
  Run whole = run_spritec({"preview", "whole.scene.yaml", "-o", "whole.png"}, dir);
  INFO(whole.err);
  REQUIRE(whole.exit == 0);
  const Rgba a = load_rgba(dir / "split.png"), b = load_rgba(dir / "whole.png");
  REQUIRE(a.w > 0);
  CHECK(a.w == b.w);
  CHECK(a.h == b.h);
  CHECK(a.px == b.px);
  // A scene naming the definition itself gets the master (a pure clock), so the same.
  std::string by_definition = read_text(dir / "split.scene.yaml");
  by_definition.replace(by_definition.find("out/knight.spk"), 14, "knight.sprites.yaml");
  write_text(dir / "definition.scene.yaml", by_definition);
  Run defined = run_spritec({"preview", "definition.scene.yaml", "-o", "definition.png"}, dir);
  INFO(defined.err);
  REQUIRE(defined.exit == 0);
  CHECK(load_rgba(dir / "definition.png").px == b.px);
  Run trace =
      run_spritec({"simulate", "definition.scene.yaml", "--ticks", "0", "--trace", "-"}, dir);
  REQUIRE(trace.exit == 0);
  const auto tick0 = nlohmann::json::parse(trace.out.substr(0, trace.out.find('\n')));
  CHECK(tick0["frame"] == "");  // every step of the master is blank
  CHECK(tick0["layers"].size() == 3);
  // And not trivially: the preview shows every layer's colour (red body, green armour, blue
  // weapon), so the pieces were drawn.
  for (std::uint32_t colour : {0xff0000ffu, 0x00ff00ffu, 0x0000ffffu}) {
    bool found = false;
    for (std::size_t i = 0; i + 3 < a.px.size() && !found; i += 4) {
      found = a.px[i] == (colour >> 24) && a.px[i + 1] == ((colour >> 16) & 0xff) &&
              a.px[i + 2] == ((colour >> 8) & 0xff) && a.px[i + 3] == 0xff;
    }
    CHECK(found);
  }
}

TEST_CASE("layers: split refuses a layer that cannot name a slot, and a written layers:") {
  const fs::path dir = split_dir("refuse");
  write_text(dir / "both.sprites.yaml",
             "pack: knight\nlayers: {slots: [a], order: [[a]]}\nsheets:\n"
             "  - {name: k, aseprite: knight.aseprite, tags: true, layers: split}\n");
  Run run = run_spritec({"check", "both.sprites.yaml"}, dir);
  CHECK(run.exit == 1);
  CHECK(run.err.find("error[E0250]: sheet 'k' says layers: split") != std::string::npos);
  // A layer named with a space (Aseprite's default "Layer 1") cannot be part of a file name.
  ase_test::Sprite s;
  s.width = s.height = 1;
  s.frames = {{100,
               {ase_test::layer_chunk({"Layer 1"}),
                ase_test::image_cel(0, 0, 0, 1, 1, ase_test::rgba_pixels({0xff0000ff}))}}};
  const ase_test::Bytes bytes = s.bytes();
  write_text(dir / "plain.aseprite", std::string(bytes.begin(), bytes.end()));
  write_text(dir / "plain.sprites.yaml",
             "pack: plain\nsheets:\n  - {name: p, aseprite: plain.aseprite, layers: split}\n");
  run = run_spritec({"check", "plain.sprites.yaml"}, dir);
  CHECK(run.exit == 1);
  CHECK(run.err.find("plain.sprites.yaml:3:49: error[E0250]: layers: split of sheet 'p': layer "
                     "'Layer 1' cannot name a slot") != std::string::npos);
}

TEST_CASE("layers: split makes at most 32 slots: a file of 33 visible layers is E0250") {
  const fs::path dir = split_dir("many");
  ase_test::Sprite s;
  s.width = s.height = 1;
  ase_test::Frame frame;
  for (int i = 0; i < 33; ++i)
    frame.chunks.push_back(ase_test::layer_chunk({"l" + std::to_string(i)}));
  s.frames = {frame};
  const ase_test::Bytes bytes = s.bytes();
  write_text(dir / "many.aseprite", std::string(bytes.begin(), bytes.end()));
  write_text(dir / "many.sprites.yaml",
             "pack: many\nsheets:\n  - {name: m, aseprite: many.aseprite, layers: split}\n");
  Run run = run_spritec({"build", "many.sprites.yaml", "-o", "many.spk"}, dir);
  CHECK(run.exit == 1);
  CHECK(run.err.find("error[E0250]: layers: split of sheet 'm': the file has 33 visible "
                     "top-level layers and groups; a split makes one slot of each, 1 to 32") !=
        std::string::npos);
  CHECK(!fs::exists(dir / "many.spk"));
}
