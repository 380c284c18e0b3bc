// TexturePacker's JSON through the CLI (docs/definitions.md, "TexturePacker"): the atlas of
// tests/data/texturepacker (make_atlas.py packs it by hand, rotated, trimmed, aliased and
// blank sprites, and writes each sprite upright as upright/<name>.png) is built and
// unpacked, and every frame unpack writes is the upright sprite, pixel for pixel, decoded
// by stb_image (not by spritec); the origins are the ones worked out by hand in
// make_atlas.py from the pivots.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "rgba_oracle.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;

namespace {

const fs::path kData = kTests / "data" / "texturepacker";

struct Expected {
  const char* name;  // the JSON's name
  int origin_x, origin_y;
};

// From make_atlas.py: pivots (0.5, 1) on 6x8 -> (3, 8); (0.5, 0.5) on 5x3 -> (2.5, 1.5)
// rounded half away from zero -> (3, 2); (0, 0) -> (0, 0); no pivot: the sheet's [-2, 5].
const Expected kFrames[] = {{"hero/idle", 3, 8}, {"hero/run", 3, 2},   {"fx/spark.png", -2, 5},
                            {"box", 0, 0},       {"hero/run2", -2, 5}, {"blank", -2, 5}};

}  // namespace

TEST_CASE("a TexturePacker atlas builds and unpacks into its upright, untrimmed sprites") {
  const std::string def = GENERATE(std::string("hero.sprites.yaml"), "hero-array.sprites.yaml");
  INFO(def);
  const fs::path scratch = kScratch / ("tp-" + def);
  fs::remove_all(scratch);
  const Run built = run_spritec({"build", def, "-o", (scratch / "tp.spk").string()}, kData);
  INFO(built.err);
  REQUIRE(built.exit == 0);
  const Run unpacked = run_spritec(
      {"unpack", (scratch / "tp.spk").string(), "-o", (scratch / "frames").string()}, kData);
  INFO(unpacked.err);
  REQUIRE(unpacked.exit == 0);
  for (const Expected& e : kFrames) {
    INFO(e.name);
    const Rgba want = load_rgba(kData / "upright" / (std::string(e.name) + ".png"));
    REQUIRE(want.w > 0);
    CHECK(load_rgba(scratch / "frames" / "tp" / (std::string(e.name) + ".png")) == want);
  }
  const Run inspected = run_spritec({"inspect", (scratch / "tp.spk").string(), "--json"}, kData);
  REQUIRE(inspected.exit == 0);
  const auto j = nlohmann::json::parse(inspected.out);
  REQUIRE(j["frames"].size() == std::size(kFrames));
  for (std::size_t i = 0; i < std::size(kFrames); ++i) {
    const auto& f = j["frames"][i];
    INFO(kFrames[i].name);
    CHECK(f["name"] == "tp/" + std::string(kFrames[i].name));
    CHECK(f["origin"] == nlohmann::json::array({kFrames[i].origin_x, kFrames[i].origin_y}));
  }
  // hero/run2 is TexturePacker's alias of hero/run: stored once.
  CHECK(j["frames"][4]["x"] == j["frames"][1]["x"]);
  CHECK(j["frames"][4]["y"] == j["frames"][1]["y"]);
}

TEST_CASE("TexturePacker's Hash and Array forms give byte-identical packs") {
  const fs::path hash = kScratch / "tp-hash.spk", array = kScratch / "tp-array.spk";
  REQUIRE(run_spritec({"build", "hero.sprites.yaml", "-o", hash.string()}, kData).exit == 0);
  REQUIRE(run_spritec({"build", "hero-array.sprites.yaml", "-o", array.string()}, kData).exit == 0);
  CHECK(read_text(hash) == read_text(array));
}

TEST_CASE("the TexturePacker JSON and its image are dependencies of the pack") {
  const fs::path pack = kScratch / "tp-deps.spk", deps = kScratch / "tp-deps.d";
  REQUIRE(
      run_spritec({"build", "hero.sprites.yaml", "-o", pack.string(), "--depfile", deps.string()},
                  kData)
          .exit == 0);
  const std::string text = read_text(deps);
  CHECK(text.find("atlas.json") != std::string::npos);
  CHECK(text.find("atlas.png") != std::string::npos);
}

TEST_CASE("spritec's own JSON (Hash) and Pixi export read back as TexturePacker sheets") {
  // samples/hero built with --json, and exported for Pixi (pivots written as Pixi's
  // anchor): each JSON as a texturepacker_json: sheet x gives the same frames — every
  // unpacked PNG byte for byte, every size and origin (the pivots' fractions times the
  // source size round back to the origins written in hero.sprites.yaml).
  const std::string via = GENERATE(std::string("json"), "pixi");
  INFO(via);
  const fs::path dir = kScratch / ("tp-roundtrip-" + via);
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path hero = kSource / "samples" / "hero";
  std::vector<std::string> build = {"build", "hero.sprites.yaml", "-o",
                                    (dir / "hero.spk").string()};
  if (via == "json") {
    for (const char* more : {"--pages", "files", "--json"})
      build.push_back(more);
    build.push_back((dir / "hero.json").string());
  }
  REQUIRE(run_spritec(build, hero).exit == 0);
  if (via == "pixi") {
    REQUIRE(run_spritec({"export", (dir / "hero.spk").string(), "--format", "pixi", "-o",
                         (dir / "hero.json").string()},
                        dir)
                .exit == 0);
  }
  write_text(dir / "x.sprites.yaml",
             "pack: x\nsheets:\n  - name: x\n    texturepacker_json: hero.json\n");
  const Run rebuilt = run_spritec({"build", "x.sprites.yaml", "-o", "x.spk"}, dir);
  INFO(rebuilt.err);
  REQUIRE(rebuilt.exit == 0);
  REQUIRE(run_spritec({"unpack", "hero.spk", "-o", "a"}, dir).exit == 0);
  REQUIRE(run_spritec({"unpack", "x.spk", "-o", "b"}, dir).exit == 0);
  std::string listed = read_text(dir / "b" / "frames.yaml");
  for (std::size_t at; (at = listed.find("\"x/")) != std::string::npos;)
    listed.replace(at, 3, "\"");
  const std::string original = read_text(dir / "a" / "frames.yaml");
  CHECK(listed.substr(listed.find('\n')) == original.substr(original.find('\n')));
  int pngs = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir / "a")) {
    if (e.path().extension() != ".png") continue;
    INFO(e.path());
    CHECK(read_text(e.path()) ==
          read_text(dir / "b" / "x" / e.path().lexically_relative(dir / "a")));
    ++pngs;
  }
  CHECK(pngs == 19);
}
