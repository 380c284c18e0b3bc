// Aseprite sources through the CLI: tags played as Aseprite plays them, checked through
// `spritec simulate` traces. The expected frame of every tick is worked out by hand below
// from the playback rules (docs/definitions.md, "Tags as actions"), not from the code under
// test. The data is tests/data/aseprite_json/ (make_export.py): an .aseprite file and its
// JSON export; frames 0-3 last 100, 100, 150, 50 ms, which at 60 ticks a second are 6, 6,
// 9 and 3 ticks.
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../unit/aseprite/ase_writer.hpp"
#include "cli_run.hpp"

using namespace spritec_cli_test;

namespace {

const int kTicks[] = {6, 6, 9, 3};  // frame i's duration in ticks

// The frame of each of `total` ticks when the frames `order` play, each for its duration:
// then with `hold` the last frame stays, without it the order starts again.
std::vector<int> expand(const std::vector<int>& order, int total, bool hold) {
  std::vector<int> out;
  while (static_cast<int>(out.size()) < total) {
    for (int f : order) {
      for (int t = 0; t < kTicks[f]; ++t)
        out.push_back(f);
    }
    if (hold) {
      while (static_cast<int>(out.size()) < total)
        out.push_back(order.back());
    }
  }
  out.resize(static_cast<std::size_t>(total));
  return out;
}

// The frame index of each tick of each actor in a simulate trace.
std::map<std::string, std::vector<int>> frames_by_actor(const std::string& trace) {
  std::map<std::string, std::vector<int>> out;
  std::istringstream lines(trace);
  std::string line;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line);
    const std::string frame = j.at("frame").get<std::string>();
    out[j.at("actor").get<std::string>()].push_back(std::stoi(frame.substr(frame.find('/') + 1)));
  }
  return out;
}

}  // namespace

TEST_CASE("Aseprite tags play as Aseprite plays them: every direction, repeat and hold") {
  const int total = 120;
  // tags.scene.yaml plays the JSON export's tags, tags-file.scene.yaml the .aseprite's.
  const std::string scene = GENERATE(std::string("tags.scene.yaml"), "tags-file.scene.yaml");
  INFO(scene);
  Run run = run_spritec({"simulate", scene, "--ticks", std::to_string(total - 1), "--trace", "-"},
                        kTests / "data" / "aseprite_json");
  INFO(run.err);
  REQUIRE(run.exit == 0);
  auto frames = frames_by_actor(run.out);

  // walk: 0-3 forward, repeat 0 (forever): 0 1 2 3 0 1 2 3 …
  CHECK(frames["walk"] == expand({0, 1, 2, 3}, total, false));
  // bounce: 0-2 pingpong, repeat 3: three passes 0 1 2 | 1 0 | 1 2, then 2 is held.
  CHECK(frames["bounce"] == expand({0, 1, 2, 1, 0, 1, 2}, total, true));
  // back: 1-3 reverse, repeat 2: two passes 3 2 1 | 3 2 1, then 1 is held.
  CHECK(frames["back"] == expand({3, 2, 1, 3, 2, 1}, total, true));
  // sway: 0-3 pingpong_reverse, forever: 3 2 1 0 1 2 3 2 1 0 … (the turning frames once).
  CHECK(frames["sway"] == expand({3, 2, 1, 0, 1, 2}, total, false));
  // fwd1: 0-3 forward, repeat 1: one pass 0 1 2 3, then 3 is held.
  CHECK(frames["fwd1"] == expand({0, 1, 2, 3}, total, true));
  // rev0: 1-3 reverse, forever: 3 2 1 3 2 1 …
  CHECK(frames["rev0"] == expand({3, 2, 1}, total, false));
  // pp0: 0-2 pingpong, forever: 0 1 2 1 0 1 2 1 …
  CHECK(frames["pp0"] == expand({0, 1, 2, 1}, total, false));
  // pp1: repeat 1 is one pass, one way: 0 1 2, then 2 is held.
  CHECK(frames["pp1"] == expand({0, 1, 2}, total, true));
  // pp2: one pass each way: 0 1 2 | 1 0, then 0 is held.
  CHECK(frames["pp2"] == expand({0, 1, 2, 1, 0}, total, true));
  // ppr3: 0-3 pingpong_reverse, repeat 3: 3 2 1 0 | 1 2 3 | 2 1 0, then 0 is held.
  CHECK(frames["ppr3"] == expand({3, 2, 1, 0, 1, 2, 3, 2, 1, 0}, total, true));
  // one: a single frame (2) pingpong, repeat 2: frame 2 throughout.
  CHECK(frames["one"] == std::vector<int>(total, 2));
}

TEST_CASE("Aseprite JSON in hash and array form give byte-identical packs") {
  const fs::path dir = kTests / "data" / "aseprite_json";
  const fs::path hash = kScratch / "aseprite-hash.spk", array = kScratch / "aseprite-array.spk";
  REQUIRE(run_spritec({"build", "hero.sprites.yaml", "-o", hash.string()}, dir).exit == 0);
  REQUIRE(run_spritec({"build", "hero-array.sprites.yaml", "-o", array.string()}, dir).exit == 0);
  CHECK(read_text(hash) == read_text(array));
}

TEST_CASE("a tag as a view: its frames in its direction with their durations; trims kept") {
  const fs::path dir = kTests / "data" / "aseprite_json";
  const fs::path pack = kScratch / "aseprite-views.spk";
  REQUIRE(run_spritec({"build", "views.sprites.yaml", "-o", pack.string()}, dir).exit == 0);
  Run run = run_spritec({"inspect", pack.string(), "--json"}, dir);
  REQUIRE(run.exit == 0);
  const auto j = nlohmann::json::parse(run.out);
  // Frames: the canvas (16x16) kept as the source size; the trimmed block of frame i sits
  // at (2 + 2i, 5) on it; origin [8, 15] is on the canvas.
  for (int i = 0; i < 4; ++i) {
    const auto& f = j["frames"][std::size_t(i)];
    CHECK(f["source_size"] == nlohmann::json::array({16, 16}));
    CHECK(f["trim"] == nlohmann::json::array({2 + 2 * i, 5}));
    CHECK(f["origin"] == nlohmann::json::array({8, 15}));
  }
  const auto& walk = j["actions"][0];
  REQUIRE(walk["steps"].size() == 2);
  for (int v = 0; v < 2; ++v) {
    const auto& view = walk["steps"][std::size_t(v)];
    REQUIRE(view.size() == 4);
    for (int i = 0; i < 4; ++i) {
      CHECK(view[std::size_t(i)]["frame"] == "hero/" + std::to_string(i));
      CHECK(view[std::size_t(i)]["ticks"] == kTicks[i]);
      CHECK(view[std::size_t(i)]["flip"] == (v == 0 ? "" : "x"));
    }
  }
  // sway is pingpong_reverse over 0-3: the view lists 3 2 1 0.
  const auto& sway = j["actions"][1]["steps"][0];
  REQUIRE(sway.size() == 4);
  for (int i = 0; i < 4; ++i)
    CHECK(sway[std::size_t(i)]["frame"] == "hero/" + std::to_string(3 - i));
}

TEST_CASE("an .aseprite file builds the same pack as its JSON export, and checks clean") {
  const fs::path dir = kTests / "data" / "aseprite_json";
  const fs::path json = kScratch / "aseprite-export.spk", file = kScratch / "aseprite-file.spk";
  const fs::path dep = kScratch / "aseprite-file.d";
  REQUIRE(run_spritec({"build", "hero.sprites.yaml", "-o", json.string()}, dir).exit == 0);
  Run run = run_spritec(
      {"build", "hero-file.sprites.yaml", "-o", file.string(), "--depfile", dep.string()}, dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  // The file's hidden guide layer (a linked cel in frames 1-3) is not drawn: the flattened
  // frames are exactly the export's.
  CHECK(read_text(json) == read_text(file));
  CHECK(read_text(dep).find("hero.aseprite") != std::string::npos);
  CHECK(run_spritec({"check", "hero-file.sprites.yaml", "--werror"}, dir).exit == 0);
}

TEST_CASE("layers: draws the named layers, hidden ones too; an unknown one is E0214") {
  const fs::path dir = kScratch / "aseprite-layers";
  fs::create_directories(dir);
  fs::copy_file(kTests / "data" / "aseprite_json" / "hero.aseprite", dir / "hero.aseprite",
                fs::copy_options::overwrite_existing);
  write_text(dir / "a.sprites.yaml",
             "pack: hero\nsheets:\n  - name: hero\n    aseprite: hero.aseprite\n"
             "    layers: [body, guide]\n");
  REQUIRE(run_spritec({"build", "a.sprites.yaml", "-o", "a.spk"}, dir).exit == 0);
  Run run = run_spritec({"inspect", "a.spk", "--json"}, dir);
  REQUIRE(run.exit == 0);
  const auto j = nlohmann::json::parse(run.out);
  // The guide is the row y = 11 across the canvas: with the body block at (2 + 2i, 5), 4x6,
  // each frame's pixels span (0, 5) to (15, 11).
  for (int i = 0; i < 4; ++i) {
    const auto& f = j["frames"][std::size_t(i)];
    CHECK(f["trim"] == nlohmann::json::array({0, 5}));
    CHECK(f["w"] == 16);
    CHECK(f["h"] == 7);
  }
  write_text(dir / "b.sprites.yaml",
             "pack: hero\nsheets:\n  - name: hero\n    aseprite: hero.aseprite\n"
             "    layers: [body, Guide]\n");
  run = run_spritec({"check", "b.sprites.yaml"}, dir);
  CHECK(run.exit == 1);
  CHECK(run.err.find("b.sprites.yaml:5:20: error[E0214]: Aseprite file 'hero.aseprite': no "
                     "layer or group named 'Guide' (layers: body, guide)") != std::string::npos);
}

TEST_CASE("the build cache keys on the .aseprite file's bytes") {
  const fs::path dir = kScratch / "aseprite-cache";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path data = kTests / "data" / "aseprite_json";
  fs::copy_file(data / "hero.aseprite", dir / "hero.aseprite");
  write_text(dir / "h.sprites.yaml",
             "pack: hero\nsheets:\n  - {name: hero, aseprite: hero.aseprite, tags: true}\n");
  const std::vector<std::string> build = {"build",   "h.sprites.yaml", "-o",     "h.spk",
                                          "--cache", "store",          "--stats"};
  REQUIRE(run_spritec(build, dir).exit == 0);  // fills the cache
  Run again = run_spritec(build, dir);
  REQUIRE(again.exit == 0);
  CHECK(again.err.find("cached") != std::string::npos);
  const std::string first = read_text(dir / "h.spk");
  // The artist saves a change: frame 0 now lasts 50 ms, not 100 (the frame header's
  // duration WORD at byte 128 + 8). The definition is unchanged; the pack must be rebuilt.
  std::string bytes = read_text(dir / "hero.aseprite");
  REQUIRE(static_cast<unsigned char>(bytes[136]) == 100);
  bytes[136] = char(50);
  write_text(dir / "hero.aseprite", bytes);
  Run changed = run_spritec(build, dir);
  INFO(changed.err);
  REQUIRE(changed.exit == 0);
  CHECK(changed.err.find("cached") == std::string::npos);
  CHECK(read_text(dir / "h.spk") != first);
}

// ---- an .aseprite file given to inspect and preview directly (issue 22) ----------------

TEST_CASE("inspect shows an .aseprite file: canvas, frames, layers, tags and slices") {
  const fs::path dir = kTests / "data" / "aseprite_json";
  // The same file under a name that says nothing: it is told by its magic number.
  const fs::path renamed = kScratch / "aseprite-inspect" / "hero.bin";
  fs::create_directories(renamed.parent_path());
  fs::copy_file(dir / "hero.aseprite", renamed, fs::copy_options::overwrite_existing);
  const std::string file = GENERATE(std::string("hero.aseprite"), std::string("renamed"));
  Run run = run_spritec({"inspect", "--json", file == "renamed" ? renamed.string() : file}, dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  CHECK(run.err.empty());
  const auto j = nlohmann::json::parse(run.out);
  // make_export.py: a 16x16 RGBA canvas, frames of 100, 100, 150, 50 ms, layers body
  // (visible) and guide (hidden), eleven tags, slice feet with keys at frames 0 and 2.
  CHECK(j["canvas"] == nlohmann::json::array({16, 16}));
  CHECK(j["color_mode"] == "rgba");
  REQUIRE(j["frames"].size() == 4);
  const int ms[] = {100, 100, 150, 50};
  for (std::size_t i = 0; i < 4; ++i)
    CHECK(j["frames"][i]["duration_ms"] == ms[i]);
  REQUIRE(j["layers"].size() == 2);
  CHECK(j["layers"][0]["name"] == "body");
  CHECK(j["layers"][0]["visible"] == true);
  CHECK(j["layers"][0]["drawn"] == true);
  CHECK(j["layers"][1]["name"] == "guide");
  CHECK(j["layers"][1]["visible"] == false);
  CHECK(j["layers"][1]["drawn"] == false);
  REQUIRE(j["tags"].size() == 11);
  CHECK(
      j["tags"][1] ==
      nlohmann::json(
          {{"name", "bounce"}, {"from", 0}, {"to", 2}, {"direction", "pingpong"}, {"repeat", 3}}));
  CHECK(j["tags"][3]["direction"] == "pingpong_reverse");
  CHECK(j["tags"][3]["repeat"] == 0);
  REQUIRE(j["slices"].size() == 1);
  const auto& keys = j["slices"][0]["keys"];
  REQUIRE(keys.size() == 2);
  // Bounds (4, 10, 8, 2) with pivot (4, 1) give origin (8, 11); (6, 10, 8, 2) and (3, 1)
  // give (9, 11).
  CHECK(keys[0]["bounds"] == nlohmann::json::array({4, 10, 8, 2}));
  CHECK(keys[0]["pivot"] == nlohmann::json::array({4, 1}));
  CHECK(keys[0]["origin"] == nlohmann::json::array({8, 11}));
  CHECK(keys[1]["frame"] == 2);
  CHECK(keys[1]["origin"] == nlohmann::json::array({9, 11}));
}

TEST_CASE("preview plays an .aseprite file as the definition with tags: true would") {
  // The oracle: the same file read by a written definition, its tags as actions.
  const fs::path dir = kScratch / "aseprite-preview";
  fs::create_directories(dir);
  fs::copy_file(kTests / "data" / "aseprite_json" / "hero.aseprite", dir / "hero.aseprite",
                fs::copy_options::overwrite_existing);
  write_text(dir / "written.sprites.yaml",
             "pack: hero\nsheets:\n  - {name: hero, aseprite: hero.aseprite, tags: true}\n");
  struct Output {
    std::vector<std::string> flags;
    std::string name;
  };
  const Output output = GENERATE(Output{{"--action", "sway"}, "sway.gif"},
                                 Output{{"--action", "bounce", "--scale", "2"}, "bounce.apng"},
                                 Output{{}, "first.gif"}, Output{{"--debug"}, "all.png"});
  INFO(output.name);
  std::vector<std::string> direct = {"preview", "hero.aseprite", "-o", "direct-" + output.name};
  std::vector<std::string> written = {"preview", "written.sprites.yaml", "-o",
                                      "written-" + output.name};
  direct.insert(direct.end(), output.flags.begin(), output.flags.end());
  written.insert(written.end(), output.flags.begin(), output.flags.end());
  Run run = run_spritec(direct, dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  CHECK(run.err.empty());
  REQUIRE(run_spritec(written, dir).exit == 0);
  CHECK(read_text(dir / ("direct-" + output.name)) == read_text(dir / ("written-" + output.name)));
}

TEST_CASE("a scene's pack may be an .aseprite file: it plays as the written definition") {
  // tags-file.scene.yaml plays every tag of hero.aseprite through hero-file.sprites.yaml
  // (tags: true); the same scene naming the file itself gives the same trace.
  const fs::path data = kTests / "data" / "aseprite_json";
  const fs::path dir = kScratch / "aseprite-scene";
  fs::create_directories(dir);
  fs::copy_file(data / "hero.aseprite", dir / "hero.aseprite",
                fs::copy_options::overwrite_existing);
  std::string scene = read_text(data / "tags-file.scene.yaml");
  const std::string packs = "packs: {hero: hero-file.sprites.yaml}";
  REQUIRE(scene.find(packs) != std::string::npos);
  scene.replace(scene.find(packs), packs.size(), "packs: {hero: hero.aseprite}");
  write_text(dir / "tags.scene.yaml", scene);
  const std::vector<std::string> args = {"simulate", "tags.scene.yaml", "--ticks",
                                         "200",      "--trace",         "-"};
  Run direct = run_spritec(args, dir);
  INFO(direct.err);
  REQUIRE(direct.exit == 0);
  Run written =
      run_spritec({"simulate", "tags-file.scene.yaml", "--ticks", "200", "--trace", "-"}, data);
  REQUIRE(written.exit == 0);
  CHECK(!direct.out.empty());
  CHECK(direct.out == written.out);
}

TEST_CASE("a previewed .aseprite file ticks at a rate where no duration is rounded") {
  // samples/slime: frames of 120, 200, 80, 100 and 150 ms, whose gcd with 1000 is 10 ms: at
  // 100 ticks a second every one is whole (at the default 60, 120 ms would be 7.2 ticks).
  const fs::path dir = kScratch / "aseprite-rate";
  fs::create_directories(dir);
  fs::copy_file(kSource / "samples" / "slime" / "slime.aseprite", dir / "slime.aseprite",
                fs::copy_options::overwrite_existing);
  write_text(dir / "written.sprites.yaml",
             "pack: slime\ntick_rate: 100\n"
             "sheets:\n  - {name: slime, aseprite: slime.aseprite, tags: true}\n");
  // On an opaque stage: the slime's shadow is translucent, which a transparent GIF would
  // warn about (W0405).
  Run run = run_spritec(
      {"preview", "slime.aseprite", "--action", "idle", "-o", "a.gif", "--background", "#000000"},
      dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  CHECK(run.err.empty());  // no W0301
  REQUIRE(run_spritec({"preview", "written.sprites.yaml", "--action", "idle", "-o", "b.gif",
                       "--background", "#000000"},
                      dir)
              .exit == 0);
  CHECK(read_text(dir / "a.gif") == read_text(dir / "b.gif"));
}

TEST_CASE("an .aseprite file without tags previews as one action of every frame") {
  const fs::path dir = kScratch / "aseprite-untagged";
  fs::create_directories(dir);
  // Two 1x1 frames of 100 and 50 ms, no tags (tests/unit/aseprite/ase_writer.hpp).
  ase_test::Sprite s;
  s.width = s.height = 1;
  s.frames = {{100,
               {ase_test::layer_chunk({"body"}),
                ase_test::image_cel(0, 0, 0, 1, 1, ase_test::rgba_pixels({0xff0000ff}))}},
              {50, {ase_test::image_cel(0, 0, 0, 1, 1, ase_test::rgba_pixels({0x00ff00ff}))}}};
  const ase_test::Bytes bytes = s.bytes();
  write_text(dir / "blink.aseprite", std::string(bytes.begin(), bytes.end()));
  Run run = run_spritec({"preview", "blink.aseprite", "--action", "nope", "-o", "x.gif"}, dir);
  CHECK(run.exit == 1);
  CHECK(run.err.find("has no action 'nope' (it has blink)") != std::string::npos);
  // Its steps are the frames for their durations, 6 and 3 ticks at 60 a second: the
  // preview is that of the action written so.
  write_text(dir / "oracle.sprites.yaml",
             "pack: blink\nsheets:\n  - {name: blink, aseprite: blink.aseprite}\n"
             "actions:\n  blink: {frames: [{frame: blink/0, ticks: 6}, {frame: blink/1, "
             "ticks: 3}]}\n");
  REQUIRE(run_spritec({"preview", "blink.aseprite", "--fps", "60", "-o", "a.gif"}, dir).exit == 0);
  REQUIRE(run_spritec({"preview", "oracle.sprites.yaml", "--fps", "60", "-o", "b.gif"}, dir).exit ==
          0);
  CHECK(read_text(dir / "a.gif") == read_text(dir / "b.gif"));
  // Under a name that says nothing it is told by its magic number, and plays the same.
  write_text(dir / "blink.bin", std::string(bytes.begin(), bytes.end()));
  REQUIRE(run_spritec({"preview", "blink.bin", "--fps", "60", "-o", "c.gif"}, dir).exit == 0);
  CHECK(read_text(dir / "c.gif") == read_text(dir / "b.gif"));
}

TEST_CASE("a damaged .aseprite file is E0213 at the file, without a line of its bytes") {
  const fs::path errors = kTests / "data" / "errors";
  // Damaged in its structure (found by the parser) and in a cel's zlib data (found when
  // the frames are drawn).
  const std::string which = GENERATE(std::string("E0213-aseprite-damaged"), "E0213-aseprite-zlib");
  const std::string command = GENERATE(std::string("inspect"), "preview");
  INFO(which << " " << command);
  std::vector<std::string> args = {command, "hero.aseprite"};
  if (command == "preview") args.insert(args.end(), {"-o", (kScratch / "damaged.gif").string()});
  Run run = run_spritec(args, errors / which);
  if (command == "inspect" && which == "E0213-aseprite-zlib") {
    CHECK(run.exit == 0);  // inspect reads the structure; it draws no pixels
    return;
  }
  CHECK(run.exit == 1);
  CHECK(run.err.rfind("hero.aseprite: error[E0213]: ", 0) == 0);
  CHECK(run.err.find("E0003") == std::string::npos);
  CHECK(run.err.find(" 1 | ") == std::string::npos);  // no source line is shown
}

TEST_CASE("check and build say an .aseprite file is not a definition") {
  const fs::path dir = kTests / "data" / "aseprite_json";
  for (const std::string command : {"check", "build"}) {
    std::vector<std::string> args = {command, "hero.aseprite"};
    if (command == "build") args.insert(args.end(), {"-o", (kScratch / "x.spk").string()});
    Run run = run_spritec(args, dir);
    CHECK(run.exit == 2);
    CHECK(run.err.find("hero.aseprite is an Aseprite file; " + command + " takes a definition") !=
          std::string::npos);
  }
}
