// Scale variants end to end (docs/definitions.md, "variants"; docs/cli.md, "build"): the
// variant packs of tests/data/defs/valid/variants, read back with inspect and unpack and
// checked against expectations written by hand or computed here from the base pack's
// frames (decoded by stb_image, not by spritec).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "rgba_oracle.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;

namespace {

const fs::path kGem = kTests / "data" / "defs" / "valid" / "variants";

nlohmann::json inspect(const fs::path& pack) {
  Run r = run_spritec({"inspect", "--json", pack.string()}, pack.parent_path());
  REQUIRE(r.exit == 0);
  return nlohmann::json::parse(r.out);
}

std::set<std::string> files_in(const fs::path& dir) {
  std::set<std::string> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) out.insert(fs::relative(e.path(), dir).generic_string());
  }
  return out;
}

Run build_gem(const fs::path& out_dir, std::vector<std::string> more = {}) {
  fs::remove_all(out_dir);
  fs::create_directories(out_dir);
  std::vector<std::string> args = {"build", "variants.sprites.yaml", "-o",
                                   (out_dir / "gem.spk").string()};
  args.insert(args.end(), more.begin(), more.end());
  return run_spritec(args, kGem);
}

}  // namespace

TEST_CASE("variants: the base pack is the pack the definition makes without them") {
  fs::path scratch = kScratch / "variants" / "base";
  Run with = build_gem(scratch / "with");
  INFO(with.err);
  REQUIRE(with.exit == 0);
  CHECK(with.out == "wrote " + (scratch / "with" / "gem.spk").string() +
                        " (884 bytes, 1 page, 5 frames, 1 action)\n"
                        "wrote " +
                        (scratch / "with" / "gem@2x.spk").string() +
                        " (900 bytes, 1 page, scale 2)\n"
                        "wrote " +
                        (scratch / "with" / "gem@3x.spk").string() +
                        " (948 bytes, 1 page, scale 3)\n"
                        "wrote " +
                        (scratch / "with" / "gem@0.5x.spk").string() +
                        " (1076 bytes, 1 page, scale 0.5)\n"
                        "wrote " +
                        (scratch / "with" / "gem@1.5x.spk").string() +
                        " (1720 bytes, 1 page, scale 1.5)\n");
  // The same definition with its variants: block cut out, beside a copy of its image.
  fs::path plain = scratch / "plain";
  fs::create_directories(plain);
  fs::copy_file(kGem / "gem.png", plain / "gem.png", fs::copy_options::overwrite_existing);
  std::string text = read_text(kGem / "variants.sprites.yaml");
  text = std::regex_replace(text, std::regex("variants:\n(  - .*\n)+"), "");
  REQUIRE(text.find("suffix") == std::string::npos);
  write_text(plain / "gem.sprites.yaml", text);
  Run without =
      run_spritec({"build", "gem.sprites.yaml", "-o", (plain / "out.spk").string()}, plain);
  REQUIRE(without.exit == 0);
  CHECK(read_text(plain / "out.spk") == read_text(scratch / "with" / "gem.spk"));
}

TEST_CASE("variants: nearest 2x and 3x packs unpack to every base frame's pixels repeated") {
  fs::path scratch = kScratch / "variants" / "nearest";
  REQUIRE(build_gem(scratch / "out").exit == 0);
  Run base = run_spritec(
      {"unpack", (scratch / "out" / "gem.spk").string(), "-o", (scratch / "frames").string()},
      scratch);
  REQUIRE(base.exit == 0);
  const std::string base_yaml = read_text(scratch / "frames" / "frames.yaml");
  for (int n : {2, 3}) {
    INFO("scale " << n);
    const std::string suffix = "@" + std::to_string(n) + "x";
    fs::path dir = scratch / ("frames" + suffix);
    Run r = run_spritec(
        {"unpack", (scratch / "out" / ("gem" + suffix + ".spk")).string(), "-o", dir.string()},
        scratch);
    REQUIRE(r.exit == 0);
    const std::string yaml = read_text(dir / "frames.yaml");
    for (int f = 0; f < 5; ++f) {
      const std::string name = "gem/" + std::to_string(f);
      INFO("frame " << name);
      Rgba src = load_rgba(scratch / "frames" / (name + ".png"));
      Rgba got = load_rgba(dir / (name + ".png"));
      REQUIRE(src.w == 7);
      REQUIRE(src.h == 9);
      REQUIRE(got.w == 7 * n);
      REQUIRE(got.h == 9 * n);
      std::size_t mismatches = 0;
      for (int y = 0; y < got.h; ++y) {
        for (int x = 0; x < got.w; ++x) {
          const unsigned char* want = src.at(x / n, y / n);
          const unsigned char* have = got.at(x, y);
          bool same = want[3] == 0 ? have[3] == 0 : std::equal(want, want + 4, have);
          if (!same) ++mismatches;
        }
      }
      CHECK(mismatches == 0);
      // Sizes and origins: n times the base's ([7, 9] with origin [3, 7]).
      CHECK(base_yaml.find("\"" + name + "\": {size: [7, 9], origin: [3, 7]}") !=
            std::string::npos);
      CHECK(yaml.find("\"" + name + "\": {size: [" + std::to_string(7 * n) + ", " +
                      std::to_string(9 * n) + "], origin: [" + std::to_string(3 * n) + ", " +
                      std::to_string(7 * n) + "]}") != std::string::npos);
    }
  }
}

TEST_CASE("variants: moves, origins and sizes follow the rounding rules; actions are the same") {
  fs::path scratch = kScratch / "variants" / "rules";
  REQUIRE(build_gem(scratch).exit == 0);
  const nlohmann::json base = inspect(scratch / "gem.spk");
  // Worked out by hand from docs/definitions.md: sizes ceil(7s) x ceil(9s); origins
  // [3, 7] x s rounded half away from zero; moves [3,-1] [3,-1] [-1,0] [3,1] [0,0], each
  // view's running sum scaled and rounded, each step the difference.
  struct Want {
    std::string suffix;
    std::vector<int> size;
    std::vector<int> origin;
    std::vector<std::vector<int>> moves;
  };
  const std::vector<Want> wants = {
      {"@2x", {14, 18}, {6, 14}, {{6, -2}, {6, -2}, {-2, 0}, {6, 2}, {0, 0}}},
      {"@3x", {21, 27}, {9, 21}, {{9, -3}, {9, -3}, {-3, 0}, {9, 3}, {0, 0}}},
      // sums x 3 6 5 8 8 -> 1.5 3 2.5 4 4 -> 2 3 3 4 4; y -1 -2 -2 -1 -1 -> -1 -1 -1 -1 -1
      {"@0.5x", {4, 5}, {2, 4}, {{2, -1}, {1, 0}, {0, 0}, {1, 0}, {0, 0}}},
      // sums x 4.5 9 7.5 12 12 -> 5 9 8 12 12; y -1.5 -3 -3 -1.5 -1.5 -> -2 -3 -3 -2 -2
      {"@1.5x", {11, 14}, {5, 11}, {{5, -2}, {4, -1}, {-1, 0}, {4, 1}, {0, 0}}},
  };
  for (const Want& want : wants) {
    INFO("variant " << want.suffix);
    const nlohmann::json v = inspect(scratch / ("gem" + want.suffix + ".spk"));
    CHECK(v["tick_rate"] == base["tick_rate"]);
    REQUIRE(v["frames"].size() == base["frames"].size());
    for (std::size_t i = 0; i < v["frames"].size(); ++i) {
      const nlohmann::json& f = v["frames"][i];
      INFO("frame " << f["name"]);
      CHECK(f["name"] == base["frames"][i]["name"]);
      CHECK(f["source_size"] == nlohmann::json(want.size));
      CHECK(f["origin"] == nlohmann::json(want.origin));
    }
    REQUIRE(v["actions"].size() == 1);
    nlohmann::json action = v["actions"][0];
    nlohmann::json base_action = base["actions"][0];
    REQUIRE(action["steps"][0].size() == want.moves.size());
    for (std::size_t s = 0; s < want.moves.size(); ++s) {
      CHECK(action["steps"][0][s]["move"] == nlohmann::json(want.moves[s]));
      action["steps"][0][s].erase("move");
      base_action["steps"][0][s].erase("move");
    }
    // Everything else of the action (steps, ticks, events, mode …) is the base's.
    CHECK(action == base_action);
  }
}

TEST_CASE("variants: boxes and points scale with the pixels, an emptied box left out") {
  // tests/data/defs/valid/variant-shapes: gem cells with hurt [1, 2, 5, 6], spark
  // [4, 4, 1, 1], far [-1, -1, 3, 2] and tip (6, 0) on every frame; spin's second step adds
  // hit [5, 3, 4, 2]. Corners scaled and rounded half away from zero, worked out by hand:
  //   0.5:  hurt (0.5, 1) (3, 4) -> [1, 1, 2, 3]; spark (2, 2) (2.5, 2.5) -> [2, 2, 1, 1];
  //         far (-0.5, -0.5) (1, 0.5) -> [-1, -1, 2, 2]; tip (3, 0); hit (2.5, 1.5) (4.5, 2.5)
  //         -> [3, 2, 2, 1]
  //   1.5:  hurt (1.5, 3) (9, 12) -> [2, 3, 7, 9]; spark (6, 6) (7.5, 7.5) -> [6, 6, 2, 2];
  //         far (-1.5, -1.5) (3, 1.5) -> [-2, -2, 5, 4]; tip (9, 0); hit (7.5, 4.5)
  //         (13.5, 7.5) -> [8, 5, 6, 3]
  //   0.25: hurt (0.25, 0.5) (1.5, 2) -> [0, 1, 2, 1]; spark (1, 1) (1.25, 1.25) -> empty;
  //         far (-0.25, -0.25) (0.5, 0.25) -> (0, 0) (1, 0): empty; tip (1.5, 0) -> (2, 0);
  //         hit (1.25, 0.75) (2.25, 1.25) -> [1, 1, 1, 0]: empty. W0410 for each emptied box.
  const fs::path dir = kTests / "data" / "defs" / "valid" / "variant-shapes";
  const fs::path scratch = kScratch / "variants" / "shapes";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  Run r = run_spritec({"build", "shapes.sprites.yaml", "-o", (scratch / "gem.spk").string()}, dir);
  REQUIRE(r.exit == 0);
  CHECK(std::regex_search(r.err, std::regex("14:[0-9]+: warning\\[W0410\\]: box 'spark'")));
  CHECK(std::regex_search(r.err, std::regex("14:[0-9]+: warning\\[W0410\\]: box 'far'")));
  CHECK(std::regex_search(r.err, std::regex("20:[0-9]+: warning\\[W0410\\]: box 'hit'")));
  using J = nlohmann::json;
  struct Want {
    std::string suffix;
    J frame_boxes, frame_points, step_boxes;
  };
  const std::vector<Want> wants = {
      {"", J{{"far", {-1, -1, 3, 2}}, {"hurt", {1, 2, 5, 6}}, {"spark", {4, 4, 1, 1}}},
       J{{"tip", {6, 0}}}, J{{"hit", {5, 3, 4, 2}}}},
      {"@0.5x", J{{"far", {-1, -1, 2, 2}}, {"hurt", {1, 1, 2, 3}}, {"spark", {2, 2, 1, 1}}},
       J{{"tip", {3, 0}}}, J{{"hit", {3, 2, 2, 1}}}},
      {"@1.5x", J{{"far", {-2, -2, 5, 4}}, {"hurt", {2, 3, 7, 9}}, {"spark", {6, 6, 2, 2}}},
       J{{"tip", {9, 0}}}, J{{"hit", {8, 5, 6, 3}}}},
      {"@0.25x", J{{"hurt", {0, 1, 2, 1}}}, J{{"tip", {2, 0}}}, J()},
  };
  for (const Want& want : wants) {
    INFO("variant '" << want.suffix << "'");
    const J v = inspect(scratch / ("gem" + want.suffix + ".spk"));
    for (const J& f : v["frames"]) {
      CHECK(f["boxes"] == want.frame_boxes);
      CHECK(f["points"] == want.frame_points);
    }
    const J& step = v["actions"][0]["steps"][0][1];
    CHECK(step.value("boxes", J()) == want.step_boxes);
  }
}

TEST_CASE("variants: a smooth 0.5x frame lies inside its halved frame and keeps its colours") {
  fs::path scratch = kScratch / "variants" / "smooth";
  REQUIRE(build_gem(scratch / "out").exit == 0);
  Run r = run_spritec(
      {"unpack", (scratch / "out" / "gem@0.5x.spk").string(), "-o", (scratch / "frames").string()},
      scratch);
  REQUIRE(r.exit == 0);
  for (int f = 0; f < 3; ++f) {
    INFO("frame " << f);
    Rgba got = load_rgba(scratch / "frames" / "gem" / (std::to_string(f) + ".png"));
    REQUIRE(got.w == 4);
    REQUIRE(got.h == 5);
    // The diamond's middle (source rows 1..5 around column 3) is mostly opaque at
    // output (1, 1) and (1, 2), whose centres lie inside it.
    CHECK(int(got.at(1, 1)[3]) >= 128);
    CHECK(int(got.at(1, 2)[3]) >= 128);
  }
  // The transparent frame stays empty.
  Rgba blank = load_rgba(scratch / "frames" / "gem" / "4.png");
  REQUIRE(blank.w == 4);
  for (int y = 0; y < blank.h; ++y)
    for (int x = 0; x < blank.w; ++x)
      CHECK(int(blank.at(x, y)[3]) == 0);
}

TEST_CASE("variants: every output kind gets the suffix, and all are one set") {
  fs::path scratch = kScratch / "variants" / "outputs";
  Run r = build_gem(scratch, {"--pages", "files", "--json", (scratch / "js" / "gem.json").string(),
                              "--export", "godot4:" + (scratch / "godot" / "gem.tres").string(),
                              "--depfile", (scratch / "gem.d").string()});
  INFO(r.err);
  REQUIRE(r.exit == 0);
  std::set<std::string> want = {"gem.d", "gem.spk", "gem-0.png"};
  for (std::string s : {"@2x", "@3x", "@0.5x", "@1.5x"}) {
    want.insert("gem" + s + ".spk");
    want.insert("gem" + s + "-0.png");
    want.insert("js/gem" + s + ".json");
  }
  want.insert("js/gem.json");
  for (std::string s : {"", "@2x", "@3x", "@0.5x", "@1.5x"}) {
    want.insert("godot/gem" + s + ".tres");
    want.insert("godot/gem" + s + "-0.png");
  }
  std::set<std::string> got = files_in(scratch);
  for (const std::string& name : want)
    CHECK(got.count(name) == 1);
  for (const std::string& name : got)
    CHECK(want.count(name) == 1);
  // The JSON names its own pack's page file; the export's warnings come once.
  CHECK(read_text(scratch / "js" / "gem@2x.json").find("\"image\": \"../gem@2x-0.png\"") !=
        std::string::npos);
  CHECK(read_text(scratch / "godot" / "gem@0.5x.tres").find("gem@0.5x-0.png") != std::string::npos);
  std::size_t warnings = 0;
  for (std::size_t at = 0; (at = r.err.find("warning[W0701]", at)) != std::string::npos; ++at)
    ++warnings;
  CHECK(warnings == 1);
  // The depfile is the build's: the base pack's rule.
  CHECK(read_text(scratch / "gem.d").rfind((scratch / "gem.spk").string() + ":", 0) == 0);
}

TEST_CASE("variants: a variant that does not fit writes nothing, not even the base pack") {
  fs::path scratch = kScratch / "variants" / "nothing";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  Run r = run_spritec({"build", "input.sprites.yaml", "-o", (scratch / "out.spk").string(),
                       "--json", (scratch / "out.json").string()},
                      kTests / "data" / "errors" / "E0401-variant-frame-too-large");
  CHECK(r.exit == 1);
  CHECK(r.err.find("error[E0401]: in variant '@8x' (scale 8)") != std::string::npos);
  CHECK(files_in(scratch).empty());
}

TEST_CASE("variants: the same bytes for any --jobs and from the cache") {
  fs::path scratch = kScratch / "variants" / "same";
  fs::remove_all(scratch);
  std::vector<std::vector<std::string>> runs = {
      {"--jobs", "1"},
      {"--jobs", "4"},
      {"--cache", (scratch / "store").string()},
      {"--cache", (scratch / "store").string(), "--jobs", "2", "--stats"}};
  std::vector<std::map<std::string, std::string>> outputs;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    fs::path out = scratch / std::to_string(i);
    std::vector<std::string> more = runs[i];
    more.push_back("--pages");
    more.push_back("files");
    Run r = build_gem(out, more);
    REQUIRE(r.exit == 0);
    if (i == 3) {  // served from the cache, the variants made again from its pages
      CHECK(r.err.find("cached      ") != std::string::npos);
      CHECK(r.err.find("variant     @0.5x (scale 0.5): 1 page") != std::string::npos);
    }
    std::map<std::string, std::string> files;
    for (const std::string& name : files_in(out))
      files[name] = read_text(out / name);
    CHECK(files.size() == 10);  // 5 packs, 5 pages
    outputs.push_back(files);
  }
  for (std::size_t i = 1; i < outputs.size(); ++i) {
    INFO("run " << i);
    CHECK(outputs[i] == outputs[0]);
  }
}

TEST_CASE("variants: check scales and packs every variant's frames") {
  Run r = run_spritec({"check", "input.sprites.yaml"},
                      kTests / "data" / "errors" / "E0401-variant-frame-too-large");
  CHECK(r.exit == 1);
  CHECK(r.err.find("error[E0401]: in variant '@8x'") != std::string::npos);
  Run ok = run_spritec({"check", "variants.sprites.yaml"}, kGem);
  CHECK(ok.exit == 0);
}

TEST_CASE("variants: a variant's output that would replace an input is E0006, nothing written") {
  // The definition reads strip@2x.png; -o strip.png would write the @2x pack over it.
  fs::path scratch = kScratch / "variants" / "clash";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  fs::copy_file(kTests / "data" / "errors" / "E0410-variant-scale" / "strip.png",
                scratch / "strip@2x.png");
  write_text(scratch / "d.sprites.yaml",
             "pack: d\nvariants:\n  - {scale: 2, suffix: \"@2x\"}\nsheets:\n"
             "  - {name: s, image: strip@2x.png, grid: {cell: [8, 8], origin: [4, 7]}}\n");
  const std::string before = read_text(scratch / "strip@2x.png");
  Run r = run_spritec({"build", "d.sprites.yaml", "-o", "strip.png"}, scratch);
  CHECK(r.exit == 1);
  CHECK(r.err.find("error[E0006]: -o's pack of variant '@2x' strip@2x.png would replace "
                   "strip@2x.png, an image the definition reads") != std::string::npos);
  CHECK(read_text(scratch / "strip@2x.png") == before);
  CHECK(files_in(scratch) == std::set<std::string>{"d.sprites.yaml", "strip@2x.png"});
}

TEST_CASE(
    "variants: premultiplied, bled pages: a 2x variant unpacks to the base's frames doubled") {
  // tests/data/defs/valid/alpha with variants, beside copies of its images: each variant
  // pack is format 1.1 with premultiplied, bled pages like the base, and what unpack gives
  // of the @2x pack is exactly what it gives of the base, every pixel repeated.
  fs::path scratch = kScratch / "variants" / "alpha";
  fs::remove_all(scratch);
  fs::create_directories(scratch / "a");
  fs::create_directories(scratch / "soft");
  fs::create_directories(scratch / "palette");
  const fs::path valid = kTests / "data" / "defs" / "valid";
  fs::copy_file(valid / "soft" / "glow.png", scratch / "soft" / "glow.png");
  fs::copy_file(valid / "palette" / "blob.png", scratch / "palette" / "blob.png");
  std::string text = read_text(valid / "alpha" / "alpha.sprites.yaml");
  REQUIRE(text.find("pack: alpha\n") != std::string::npos);
  text.replace(text.find("pack: alpha\n"), 12,
               "pack: alpha\nvariants:\n  - {scale: 2, suffix: \"@2x\"}\n"
               "  - {scale: 0.5, suffix: \"@0.5x\", filter: smooth}\n");
  write_text(scratch / "a" / "alpha.sprites.yaml", text);
  Run built = run_spritec({"build", "alpha.sprites.yaml", "-o", "out/alpha.spk", "--root", ".."},
                          scratch / "a");
  INFO(built.err);
  REQUIRE(built.exit == 0);
  for (std::string suffix : {"", "@2x", "@0.5x"}) {
    const nlohmann::json doc = inspect(scratch / "a" / "out" / ("alpha" + suffix + ".spk"));
    CHECK(doc["format_version"] == nlohmann::json({1, 1}));
    CHECK(doc["page_alpha"] == "premultiplied");
  }
  for (std::string suffix : {"", "@2x"}) {
    Run r =
        run_spritec({"unpack", "out/alpha" + suffix + ".spk", "-o", "un" + suffix}, scratch / "a");
    REQUIRE(r.exit == 0);
  }
  std::size_t frames = 0;
  for (const std::string& name : files_in(scratch / "a" / "un")) {
    if (name == "frames.yaml") continue;
    INFO("frame " << name);
    ++frames;
    Rgba src = load_rgba(scratch / "a" / "un" / name);
    Rgba got = load_rgba(scratch / "a" / "un@2x" / name);
    REQUIRE(got.w == 2 * src.w);
    REQUIRE(got.h == 2 * src.h);
    std::size_t mismatches = 0;
    for (int y = 0; y < got.h; ++y) {
      for (int x = 0; x < got.w; ++x) {
        const unsigned char* want = src.at(x / 2, y / 2);
        const unsigned char* have = got.at(x, y);
        if (want[3] == 0 ? have[3] != 0 : !std::equal(want, want + 4, have)) ++mismatches;
      }
    }
    CHECK(mismatches == 0);
  }
  CHECK(frames == 8);
}
