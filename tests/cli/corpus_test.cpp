// The hostile corpus through the CLI itself: every file of the fuzz corpora (and every
// crash reproducer in them) given to the commands that read that kind of file. Each run
// ends in 0, 1 or 2 — never 3, a signal or a sanitizer report. scripts/test.sh runs this
// against the ASan/UBSan build of spritec, whose reports exit with status 86/87.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "spritec/image/image.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;

namespace {

// The seeds and reproducers of a corpus (files named by hand: every crash-* among them),
// plus an even sample of 40 of the inputs the campaigns found (named by their SHA-1), so a
// run through the CLI stays within seconds while covering what fuzzing reached.
std::vector<fs::path> corpus(const std::string& name) {
  std::vector<fs::path> named, found;
  fs::path dir = kTests / "fuzz" / "corpus" / name;
  const std::regex sha1("[0-9a-f]{40}");
  for (const auto& e : fs::directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    bool hashed = std::regex_match(e.path().filename().string(), sha1);
    (hashed ? found : named).push_back(e.path());
  }
  std::sort(named.begin(), named.end());
  std::sort(found.begin(), found.end());
  const std::size_t sample = 40;
  for (std::size_t i = 0; i < std::min(sample, found.size()); ++i)
    named.push_back(found[i * found.size() / std::min(sample, found.size())]);
  return named;
}

// Runs spritec on args and checks the run ended cleanly.
Run clean_run(const std::vector<std::string>& args, const fs::path& cwd) {
  Run run = run_spritec(args, cwd);
  INFO(join(args) << "\nexit " << run.exit << "\n" << run.err.substr(0, 4000));
  CHECK(run.exit >= 0);
  CHECK(run.exit <= 2);
  CHECK(run.err.find("Sanitizer") == std::string::npos);
  CHECK(run.err.find("runtime error") == std::string::npos);
  CHECK(run.err.find("internal error") == std::string::npos);
  return run;
}

// clean_run, true when the input was refused at the door (refused_at_the_door, cli_run.hpp).
bool expect_clean(const std::vector<std::string>& args, const fs::path& cwd) {
  return refused_at_the_door(clean_run(args, cwd));
}

// The error codes a run reported, in order.
std::vector<std::string> error_codes(const Run& run) {
  static const std::regex code(R"(error\[(E[0-9]{4})\])");
  std::vector<std::string> codes;
  for (auto it = std::sregex_iterator(run.err.begin(), run.err.end(), code);
       it != std::sregex_iterator(); ++it)
    codes.push_back((*it)[1].str());
  return codes;
}

// `check DEF`, then `build DEF -o OUT` in `dir`. A definition check refuses (exit 1) is
// refused by build with the same errors: both load it with def::load_definition, and
// check plans its atlas as build makes it, the two parting only once the pages are
// packed (atlas.cpp, plan_only), so build reaches the same refusal through the same code.
// ctest's run of the normal spritec builds every input and checks exactly that; under a
// sanitized spritec (kOnceIfRefused) a refused definition is checked only, sparing a
// third of a second a start for the same code on the same input.
void check_then_build(const std::string& def, const std::string& out, const fs::path& dir) {
  const Run checked = clean_run({"check", def}, dir);
  if (checked.exit == 1 && kOnceIfRefused) return;
  const Run built = clean_run({"build", def, "-o", out}, dir);
  if (checked.exit != 1) return;
  INFO("check said:\n"
       << checked.err.substr(0, 2000) << "\nbuild said:\n"
       << built.err.substr(0, 2000));
  CHECK(built.exit == 1);
  CHECK(error_codes(built) == error_codes(checked));
}

// Under a sanitized spritec an input refused at the door goes through its first command
// only (kOnceIfRefused, cli_run.hpp).
bool refused_once(bool refused) {
  return kOnceIfRefused && refused;
}

}  // namespace

TEST_CASE("every corpus definition and scene through check, build, simulate and preview",
          "[hostile][sharded]") {
  fs::path dir = kScratch / "corpus-yaml";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::vector<fs::path> definitions = corpus("yaml");
  for (const fs::path& file : this_shard(definitions)) {
    fs::copy_file(file, dir / "d.sprites.yaml", fs::copy_options::overwrite_existing);
    check_then_build("d.sprites.yaml", "d.spk", dir);
  }
  std::vector<fs::path> scenes = corpus("scene");
  for (const fs::path& file : corpus("simulate"))
    scenes.push_back(file);
  for (const fs::path& file : this_shard(scenes)) {
    fs::copy_file(file, dir / "s.scene.yaml", fs::copy_options::overwrite_existing);
    // As check_then_build: simulate and preview read the scene and load its packs as check
    // does (sim::read_scene_file, load_scene_packs), so a scene check refuses is refused by
    // both with the same errors (checked here with the normal spritec); a sanitized one only
    // checks it.
    const Run checked = clean_run({"check", "s.scene.yaml"}, dir);
    if (checked.exit == 1 && kOnceIfRefused) continue;
    const Run simulated =
        clean_run({"simulate", "s.scene.yaml", "--ticks", "200", "--trace", "t.jsonl"}, dir);
    const Run previewed =
        clean_run({"preview", "s.scene.yaml", "--ticks", "60", "-o", "p.gif"}, dir);
    if (checked.exit != 1) continue;
    INFO("check said:\n"
         << checked.err.substr(0, 2000) << "\nsimulate said:\n"
         << simulated.err.substr(0, 2000) << "\npreview said:\n"
         << previewed.err.substr(0, 2000));
    CHECK(simulated.exit == 1);
    CHECK(error_codes(simulated) == error_codes(checked));
    CHECK(previewed.exit == 1);
    CHECK(error_codes(previewed) == error_codes(checked));
  }
  CHECK(definitions.size() + scenes.size() >= 30);
}

TEST_CASE("every corpus pack through inspect, unpack and preview", "[hostile][sharded]") {
  fs::path dir = kScratch / "corpus-spk";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::vector<fs::path> files = corpus("spk");
  for (const fs::path& file : this_shard(files)) {
    fs::copy_file(file, dir / "p.spk", fs::copy_options::overwrite_existing);
    if (refused_once(expect_clean({"inspect", "p.spk"}, dir))) continue;
    expect_clean({"inspect", "--json", "p.spk"}, dir);
    fs::remove_all(dir / "frames");
    expect_clean({"unpack", "p.spk", "-o", "frames"}, dir);
    expect_clean({"preview", "p.spk", "-o", "strip.png"}, dir);
    expect_clean({"preview", "p.spk", "-o", "a.gif"}, dir);
  }
  CHECK(files.size() >= 10);
}

TEST_CASE("every corpus PNG as a sheet's image through check and build", "[hostile][sharded]") {
  fs::path dir = kScratch / "corpus-png";
  fs::remove_all(dir);
  fs::create_directories(dir);
  write_text(dir / "i.sprites.yaml",
             "pack: i\nsheets:\n  - {name: s, image: i.png, origin: [0, 0], frames: {a: {rect: [0, "
             "0, 1, 1]}}}\n");
  const std::vector<fs::path> files = corpus("png");
  for (const fs::path& file : this_shard(files)) {
    fs::copy_file(file, dir / "i.png", fs::copy_options::overwrite_existing);
    check_then_build("i.sprites.yaml", "i.spk", dir);
  }
  CHECK(files.size() >= 10);
}

TEST_CASE("every corpus Aseprite file as a sheet through check and build", "[hostile][sharded]") {
  fs::path dir = kScratch / "corpus-aseprite";
  fs::remove_all(dir);
  fs::create_directories(dir);
  write_text(dir / "a.sprites.yaml",
             "pack: a\nsheets:\n  - {name: s, aseprite: a.aseprite, tags: true}\n");
  const std::vector<fs::path> files = corpus("aseprite");
  for (const fs::path& file : this_shard(files)) {
    fs::copy_file(file, dir / "a.aseprite", fs::copy_options::overwrite_existing);
    check_then_build("a.sprites.yaml", "a.spk", dir);
  }
  CHECK(files.size() >= 5);
}

TEST_CASE("every corpus TexturePacker JSON as a sheet through check and build",
          "[hostile][sharded]") {
  fs::path dir = kScratch / "corpus-texturepacker";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(kTests / "data" / "texturepacker" / "atlas.png", dir / "atlas.png");
  write_text(dir / "a.sprites.yaml",
             "pack: a\nsheets:\n  - {name: s, texturepacker_json: a.json}\n");
  const std::vector<fs::path> files = corpus("texturepacker");
  for (const fs::path& file : this_shard(files)) {
    fs::copy_file(file, dir / "a.json", fs::copy_options::overwrite_existing);
    check_then_build("a.sprites.yaml", "a.spk", dir);
  }
  CHECK(files.size() >= 10);
}

TEST_CASE("every corpus Aseprite JSON as a sheet through check and build", "[hostile][sharded]") {
  // The seeds name atlas.png of 32x32 (meta.image, meta.size), as the fuzz target's image.
  fs::path dir = kScratch / "corpus-aseprite-json";
  fs::remove_all(dir);
  fs::create_directories(dir);
  spritec::image::Image atlas(32, 32);
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x) {
      std::uint8_t* p = atlas.pixel(x, y);
      p[0] = static_cast<std::uint8_t>(8 * x);
      p[1] = static_cast<std::uint8_t>(8 * y);
      p[3] = 255;
    }
  const spritec::image::Bytes png = spritec::image::encode_png(atlas);
  write_text(dir / "atlas.png", std::string(png.begin(), png.end()));
  write_text(dir / "a.sprites.yaml",
             "pack: a\nsheets:\n  - {name: s, aseprite_json: a.json, tags: true}\n");
  const std::vector<fs::path> files = corpus("aseprite_json");
  for (const fs::path& file : this_shard(files)) {
    fs::copy_file(file, dir / "a.json", fs::copy_options::overwrite_existing);
    check_then_build("a.sprites.yaml", "a.spk", dir);
  }
  CHECK(files.size() >= 10);
}

TEST_CASE("every corpus Flare file as a sheet through check and build", "[hostile][sharded]") {
  // The seeds' image is a.png (others name images that are not there: E0202 after the
  // whole file was read and parsed).
  fs::path dir = kScratch / "corpus-flare";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(kTests / "data" / "flare" / "mod" / "images" / "imp.png", dir / "a.png");
  write_text(dir / "f.sprites.yaml", "pack: f\nsheets:\n  - {name: s, flare: f.txt}\n");
  const std::vector<fs::path> files = corpus("flare");
  for (const fs::path& file : this_shard(files)) {
    fs::copy_file(file, dir / "f.txt", fs::copy_options::overwrite_existing);
    check_then_build("f.sprites.yaml", "f.spk", dir);
  }
  CHECK(files.size() >= 5);
}
