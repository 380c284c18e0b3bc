// spritec export and build --export through the CLI (issue 12): build --export writes exactly
// what export writes from the pack it built, run after run, with embedded pages and with
// page files; the trust rules of every output (never over the pack or its pages, never a
// directory or FIFO, parents made, the set written whole or not at all); usage errors;
// Godot's res:// paths; and every hostile pack through every format.
#include <sys/stat.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/image/image.hpp"
#include "spritec/runtime/spk_layout.hpp"
#include "spritec/runtime/spk_reader.hpp"
#include "spritec/runtime/xxh64.hpp"

namespace fs = std::filesystem;
namespace format = spritec::format;
namespace runtime = spritec::runtime;
using namespace spritec_cli_test;
using spritec::runtime::Mode;

namespace {

struct Fmt {
  std::string name;
  std::string ext;  // OUT's extension as docs/cli.md gives it
};

const std::vector<Fmt> kFormats = {{"godot4", ".tres"},        {"godot3", ".tres"},
                                   {"spine", ".atlas"},        {"libgdx-legacy", ".atlas"},
                                   {"phaser", ".json"},        {"pixi", ".json"},
                                   {"aseprite-json", ".json"}, {"spritec-json", ".json"}};

// Every regular file below `dir` with its bytes, by path relative to `dir`.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  if (!fs::exists(dir)) return files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (fs::is_regular_file(e.path()))
      files[fs::relative(e.path(), dir).generic_string()] = read_text(e.path());
  }
  return files;
}

std::set<std::string> names_of(const std::map<std::string, std::string>& files) {
  std::set<std::string> out;
  for (const auto& [name, bytes] : files)
    out.insert(name);
  return out;
}

fs::path fresh(const std::string& name) {
  fs::path dir = kScratch / "export" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<fs::path> samples() {
  return sample_definitions();
}

// A copy of the hero sample, built with --pages files as base.spk + base-0.png.
fs::path hero_project(const std::string& name) {
  fs::path dir = fresh(name);
  for (const char* f : {"hero.sprites.yaml", "hero.png", "attack.png", "fx.png"})
    fs::copy_file(kSource / "samples/hero" / f, dir / f);
  Run built =
      run_spritec({"build", "hero.sprites.yaml", "-o", "base.spk", "--pages", "files"}, dir);
  REQUIRE(built.exit == 0);
  REQUIRE(fs::exists(dir / "base-0.png"));
  return dir;
}

std::size_t lines(const std::string& text) {
  return std::size_t(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("build --export writes exactly what export writes from the built pack, every run") {
  std::vector<fs::path> defs = samples();
  REQUIRE(defs.size() >= 6);
  for (const fs::path& def : defs) {
    const std::string sample = def.parent_path().filename().string();
    std::map<std::string, std::map<std::string, std::string>> by_pages;
    for (const std::string pages : {"embed", "files"}) {
      INFO(sample << " with --pages " << pages);
      fs::path dir = fresh("samples/" + sample + "/" + pages);
      std::vector<std::string> args = {
          "build", def.filename().string(), "-o", (dir / "pack/p.spk").string(), "--pages", pages};
      for (const Fmt& f : kFormats) {
        args.push_back("--export");
        args.push_back(f.name + ":" + (dir / "built" / f.name / ("out" + f.ext)).string());
      }
      Run built = run_spritec(args, def.parent_path());
      INFO(built.err);
      REQUIRE(built.exit == 0);
      const std::map<std::string, std::string> pack_files = snapshot(dir / "pack");
      for (const char* run : {"exported", "again"}) {
        for (const Fmt& f : kFormats) {
          Run e = run_spritec({"export", (dir / "pack/p.spk").string(), "--format", f.name, "-o",
                               (dir / run / f.name / ("out" + f.ext)).string()},
                              dir);
          INFO(f.name << "\n" << e.err);
          CHECK(e.exit == 0);
        }
      }
      const auto built_files = snapshot(dir / "built");
      CHECK(built_files == snapshot(dir / "exported"));
      CHECK(built_files == snapshot(dir / "again"));
      // The pack and its page file are read, never touched.
      CHECK(snapshot(dir / "pack") == pack_files);
      CHECK(pack_files.count("p.spk") == 1);
      CHECK(pack_files.count("p-0.png") == (pages == "files" ? 1u : 0u));
      // The files of each format, as docs/cli.md names them.
      for (const Fmt& f : kFormats) {
        INFO(f.name);
        std::set<std::string> names;
        std::size_t pngs = 0;
        for (const std::string& n : names_of(built_files)) {
          if (n.rfind(f.name + "/", 0) != 0) continue;
          names.insert(n.substr(f.name.size() + 1));
          if (n.size() > 4 && n.compare(n.size() - 4, 4, ".png") == 0) ++pngs;
        }
        CHECK(names.count("out" + f.ext) == 1);
        if (f.name == "aseprite-json") {
          CHECK(names == std::set<std::string>{"out.json", "out.png"});
          continue;
        }
        CHECK(pngs >= 1);
        for (std::size_t i = 0; i < pngs; ++i)
          CHECK(names.count("out-" + std::to_string(i) + ".png") == 1);
        std::size_t other = names.size() - pngs - 1;
        if (f.name == "phaser") {
          CHECK(names.count("out.anims.json") == 1);
          CHECK(other == 1);
        } else if (f.name == "pixi") {
          // One JSON per page: OUT for page 0, out-N.json for the others.
          CHECK(other == pngs - 1);
          for (std::size_t i = 1; i < pngs; ++i)
            CHECK(names.count("out-" + std::to_string(i) + ".json") == 1);
        } else {
          CHECK(other == 0);
        }
        // The pack's own pages come first, as they are: with page files beside the pack,
        // page 0 of every format with pages is byte for byte the pack's page file.
        if (pages == "files")
          CHECK(built_files.at(f.name + "/out-0.png") == pack_files.at("p-0.png"));
      }
      // The atlas formats add no pages of their own: the samples' packs have one page.
      CHECK(built_files.count("spine/out-1.png") == 0);
      CHECK(built_files.count("libgdx-legacy/out-1.png") == 0);
      by_pages[pages] = built_files;
    }
    // The page stored beside the pack is decoded and encoded again; it gives the same bytes
    // as the PNG embedded in the pack, so every file of every format is the same.
    INFO(sample);
    CHECK(by_pages["embed"] == by_pages["files"]);
  }
}

TEST_CASE("an export never replaces the pack or its page files: E0006, nothing written",
          "[hostile]") {
  fs::path dir = hero_project("trust");
  fs::create_symlink("base.spk", dir / "soft.spk");
  fs::create_hard_link(dir / "base.spk", dir / "hard.spk");
  fs::create_symlink("base-0.png", dir / "soft-0.png");
  const auto before = snapshot(dir);
  const std::vector<std::vector<std::string>> attempts = {
      // OUT is the pack, by name and through links.
      {"godot4", "base.spk"},
      {"phaser", "soft.spk"},
      {"pixi", "hard.spk"},
      // OUT is the pack's page file.
      {"spine", "base-0.png"},
      // A page of the export (STEM-0.png) is the pack's page file.
      {"godot4", "base.tres"},
      {"godot3", "base.tres"},
      {"spine", "base.atlas"},
      {"libgdx-legacy", "base.atlas"},
      {"phaser", "base.json"},
      {"pixi", "base.json"},
      {"godot4", "soft.tres"},
      // aseprite-json's one sheet STEM.png is the pack's page file.
      {"aseprite-json", "base-0.json"},
      {"aseprite-json", "soft-0.json"},
  };
  for (const auto& a : attempts) {
    Run run = run_spritec({"export", "base.spk", "--format", a[0], "-o", a[1]}, dir);
    INFO(a[0] << " -o " << a[1] << "\n" << run.err);
    CHECK(run.exit == 1);
    CHECK(run.err.find("error[E0006]") != std::string::npos);
    CHECK(run.err.find("would replace") != std::string::npos);
    CHECK(run.out.empty());
    CHECK(snapshot(dir) == before);
  }
  // build --export: the export's files are checked against the build's inputs and outputs.
  Run image = run_spritec(
      {"build", "hero.sprites.yaml", "-o", "n.spk", "--export", "aseprite-json:hero.json"}, dir);
  CHECK(image.exit == 1);
  CHECK(image.err.find("error[E0006]") != std::string::npos);
  CHECK(image.err.find("hero.png would replace hero.png") != std::string::npos);
  Run page = run_spritec({"build", "hero.sprites.yaml", "-o", "q.spk", "--pages", "files",
                          "--export", "godot4:q.tres"},
                         dir);
  CHECK(page.exit == 1);
  CHECK(page.err.find("are the same file") != std::string::npos);
  CHECK(snapshot(dir) == before);
}

TEST_CASE("an export's OUT or page that is a directory or a FIFO is E0007", "[hostile]") {
  fs::path dir = hero_project("kinds");
  fs::create_directories(dir / "adir");
  REQUIRE(mkfifo((dir / "fifo").c_str(), 0600) == 0);
  fs::create_directories(dir / "x-1.png");  // godot4's second page (the mirrored frames)
  REQUIRE(mkfifo((dir / "y-0.png").c_str(), 0600) == 0);
  const auto before = snapshot(dir);
  const std::vector<std::vector<std::string>> attempts = {
      {"export", "base.spk", "--format", "godot4", "-o", "adir"},
      {"export", "base.spk", "--format", "phaser", "-o", "fifo"},
      {"export", "base.spk", "--format", "godot4", "-o", "x.tres"},
      {"export", "base.spk", "--format", "pixi", "-o", "y.json"},
      {"build", "hero.sprites.yaml", "-o", "z.spk", "--export", "spine:adir"},
      {"build", "hero.sprites.yaml", "-o", "z.spk", "--export", "libgdx-legacy:y.atlas"},
  };
  for (const auto& args : attempts) {
    Run run = run_spritec(args, dir);
    INFO(join(args) << "\n" << run.err);
    CHECK(run.exit == 1);
    CHECK(run.err.find("error[E0007]") != std::string::npos);
    CHECK(snapshot(dir) == before);
  }
  CHECK(fs::is_directory(dir / "adir"));
  CHECK(fs::is_fifo(dir / "fifo"));
  CHECK(fs::is_directory(dir / "x-1.png"));
  CHECK(fs::is_fifo(dir / "y-0.png"));
}

TEST_CASE("export makes the missing parent directories and leaves no temporaries", "[hostile]") {
  fs::path dir = hero_project("parents");
  for (const Fmt& f : kFormats) {
    Run run = run_spritec(
        {"export", "base.spk", "--format", f.name, "-o", "a/" + f.name + "/b/c/o" + f.ext}, dir);
    INFO(f.name << "\n" << run.err);
    CHECK(run.exit == 0);
    CHECK(fs::is_regular_file(dir / "a" / f.name / "b/c" / ("o" + f.ext)));
  }
  Run built = run_spritec(
      {"build", "hero.sprites.yaml", "-o", "p/q.spk", "--export", "phaser:r/s/t.json"}, dir);
  CHECK(built.exit == 0);
  CHECK(fs::is_regular_file(dir / "p/q.spk"));
  CHECK(fs::is_regular_file(dir / "r/s/t.json"));
  CHECK(fs::is_regular_file(dir / "r/s/t.anims.json"));
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    INFO(e.path());
    CHECK(e.path().filename().string().rfind(".spritec-", 0) == std::string::npos);
  }
}

TEST_CASE("a failing export leaves an older export as it was: the set is written whole or not",
          "[hostile]") {
  fs::path dir = hero_project("whole");
  // An older export of the hero pack, which each attempt below would replace.
  REQUIRE(
      run_spritec({"export", "base.spk", "--format", "godot4", "-o", "keep/g.tres"}, dir).exit ==
      0);
  REQUIRE(
      run_spritec({"export", "base.spk", "--format", "phaser", "-o", "keep/p.json"}, dir).exit ==
      0);
  const auto kept = snapshot(dir / "keep");
  REQUIRE(kept.size() == 7);  // g.tres g-0 g-1, p.json p.anims.json p-0 p-1
  // Change the pack so a new export would differ: the knight sample over base.spk.
  fs::path other = fresh("whole-other");
  REQUIRE(run_spritec({"build", "knight.sprites.yaml", "-o", (other / "k.spk").string()},
                      kSource / "samples/knight")
              .exit == 0);
  REQUIRE(run_spritec({"export", (other / "k.spk").string(), "--format", "godot4", "-o",
                       (other / "g.tres").string()},
                      dir)
              .exit == 0);
  REQUIRE(read_text(other / "g.tres") != kept.at("g.tres"));

  // --werror with a warning: nothing written.
  Run werror = run_spritec(
      {"export", (other / "k.spk").string(), "--format", "godot4", "-o", "keep/g.tres", "--werror"},
      dir);
  CHECK(werror.exit == 1);
  CHECK(snapshot(dir / "keep") == kept);
  // build --export of two sets, the second of which cannot be written (its directory
  // cannot be made): the first, staged already, is not written either, nor the pack.
  fs::path before_pack = dir / "base.spk";
  const std::string pack_bytes = read_text(before_pack);
  write_text(dir / "blocker", "a file where a directory would be made\n");
  Run partial = run_spritec({"build", "hero.sprites.yaml", "-o", "base2.spk", "--pages", "embed",
                             "--export", "godot4:keep/g.tres", "--export", "phaser:blocker/p.json"},
                            dir);
  INFO(partial.err);
  CHECK(partial.exit == 3);
  CHECK(partial.err.find("error[E0005]") != std::string::npos);
  CHECK(snapshot(dir / "keep") == kept);
  CHECK_FALSE(fs::exists(dir / "base2.spk"));
  CHECK(read_text(before_pack) == pack_bytes);
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    INFO(e.path());
    CHECK(e.path().filename().string().rfind(".spritec-", 0) == std::string::npos);
  }
  // The export command itself: its OUT's directory cannot be made.
  Run blocked =
      run_spritec({"export", "base.spk", "--format", "godot4", "-o", "blocker/g.tres"}, dir);
  CHECK(blocked.exit == 3);
  CHECK(blocked.err.find("error[E0005]") != std::string::npos);
}

TEST_CASE("export and build --export refuse bad usage with exit 2 before doing anything") {
  fs::path dir = hero_project("usage");
  const auto before = snapshot(dir);
  // An unknown format: one line.
  Run unknown = run_spritec({"export", "base.spk", "--format", "godot5", "-o", "x.tres"}, dir);
  CHECK(unknown.exit == 2);
  CHECK(lines(unknown.err) == 1);
  CHECK(unknown.err.find("godot5") != std::string::npos);
  CHECK(unknown.out.empty());
  // build --export that is not FORMAT:OUT: exit 2, one line, nothing built.
  for (const char* bad : {"nonsense", "godot4:", ":x.tres", "godot5:x.tres", "GODOT4:x.tres"}) {
    Run run = run_spritec({"build", "hero.sprites.yaml", "-o", "new.spk", "--export", bad}, dir);
    INFO(bad << "\n" << run.err);
    CHECK(run.exit == 2);
    CHECK(lines(run.err) == 1);
    CHECK(run.err.find(std::string("--export ") + bad + " is not FORMAT:OUT") != std::string::npos);
    CHECK(run.out.empty());
    CHECK_FALSE(fs::exists(dir / "new.spk"));
  }
  // A good --export after a bad one changes nothing.
  Run mixed = run_spritec({"build", "hero.sprites.yaml", "-o", "new.spk", "--export",
                           "godot4:g.tres", "--export", "nonsense"},
                          dir);
  CHECK(mixed.exit == 2);
  // export of a definition names the command that takes it.
  Run def = run_spritec({"export", "hero.sprites.yaml", "--format", "godot4", "-o", "x.tres"}, dir);
  CHECK(def.exit == 2);
  CHECK(lines(def.err) == 1);
  CHECK(def.err.find("is a definition") != std::string::npos);
  CHECK(def.err.find("spritec build") != std::string::npos);
  // Missing operands.
  CHECK(run_spritec({"export", "base.spk", "--format", "godot4"}, dir).exit == 2);
  CHECK(run_spritec({"export", "base.spk", "-o", "x.tres"}, dir).exit == 2);
  CHECK(run_spritec({"export", "--format", "godot4", "-o", "x.tres"}, dir).exit == 2);
  CHECK(snapshot(dir) == before);
}

TEST_CASE("export --werror fails on a warning and writes nothing; without warnings it writes") {
  fs::path dir = hero_project("werror");
  for (const Fmt& f : kFormats) {
    if (f.name == "spritec-json") {
      // The whole pack: nothing is left out, nothing is warned of, so it writes.
      Run run = run_spritec(
          {"export", "base.spk", "--format", f.name, "-o", "whole/o.json", "--werror"}, dir);
      INFO(run.err);
      CHECK(run.exit == 0);
      CHECK(run.err.empty());
      CHECK(fs::exists(dir / "whole/o.json"));
      continue;
    }
    Run run = run_spritec(
        {"export", "base.spk", "--format", f.name, "-o", "w/" + f.name + "/o" + f.ext, "--werror"},
        dir);
    INFO(f.name << "\n" << run.err);
    CHECK(run.exit ==
          1);  // the hero pack has actions, events and mirrors: every lossy format warns
    CHECK(run.err.find("error[W07") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "w"));
  }
  // A pack with nothing any format leaves out: one frame, one looping action.
  write_text(dir / "plain.sprites.yaml",
             "pack: plain\nsheets:\n  - {name: body, image: hero.png, grid: {cell: [24, 24], "
             "origin: [12, 23]}}\nactions:\n  idle:\n    frames: [{frame: body/0, ticks: 3}, "
             "{frame: body/1, ticks: 6}]\n");  // 50 and 100 ms: whole, as aseprite-json needs
  Run plain = run_spritec({"build", "plain.sprites.yaml", "-o", "plain.spk"}, dir);
  INFO(plain.err);
  REQUIRE(plain.exit == 0);
  for (const std::string f : {"godot4", "phaser", "aseprite-json"}) {
    Run run = run_spritec(
        {"export", "plain.spk", "--format", f, "-o", "ok/" + f + ".x", "--werror"}, dir);
    INFO(f << "\n" << run.err);
    CHECK(run.exit == 0);
    CHECK(run.err.empty());
    CHECK(fs::exists(dir / "ok" / (f + ".x")));
  }
}

TEST_CASE("export --diagnostics json lists the W07xx warnings of each format") {
  fs::path dir = hero_project("json");
  // The hero sample: events (attack), transitions (walk), root motion, then: destroy,
  // loop_from (idle), so every animation format warns W0701-W0705; pixi adds W0706, and
  // aseprite-json too (durations of 8 ticks at 60/s are not whole milliseconds).
  const std::set<std::string> animations = {"W0701", "W0702", "W0703", "W0704", "W0705"};
  std::map<std::string, std::set<std::string>> expected = {
      {"godot4", animations},        {"godot3", animations}, {"phaser", animations},
      {"aseprite-json", animations}, {"spine", {"W0707"}},   {"libgdx-legacy", {"W0707", "W0708"}},
  };
  expected["spritec-json"] = {};  // the whole pack: nothing left out
  expected["pixi"] = animations;
  expected["pixi"].insert("W0706");
  // 8 ticks at 60/s is 133.33 ms: aseprite-json writes whole ms and says so.
  expected["aseprite-json"].insert("W0706");
  for (const Fmt& f : kFormats) {
    Run run = run_spritec(
        {"export", "base.spk", "--format", f.name, "-o", "j/o" + f.ext, "--diagnostics", "json"},
        dir);
    INFO(f.name << "\n" << run.err);
    CHECK(run.exit == 0);
    nlohmann::json doc = nlohmann::json::parse(run.err, nullptr, false);
    REQUIRE_FALSE(doc.is_discarded());
    std::set<std::string> codes;
    std::map<std::string, int> count;
    for (const auto& d : doc.at("diagnostics")) {
      CHECK(d.at("severity") == "warning");
      CHECK(d.at("file") == "base.spk");
      codes.insert(d.at("code").get<std::string>());
      ++count[d.at("code").get<std::string>()];
    }
    CHECK(codes == expected.at(f.name));
    CHECK(doc.at("errors") == 0);
    CHECK(doc.at("warnings") == int(doc.at("diagnostics").size()));
    // One warning per kind (pixi's W0706 is given once for the missing durations).
    for (const auto& [code, n] : count)
      CHECK(n == 1);
  }
}

// build --export exports "exactly as spritec export would" (docs/cli.md): its warnings are
// shown, and --werror counts them (found by this test: they were put in the sink after the
// build had reported it).
TEST_CASE("build --export reports the export's warnings, and --werror counts them") {
  fs::path dir = hero_project("build-warnings");
  Run exported = run_spritec({"export", "base.spk", "--format", "godot4", "-o", "e/g.tres"}, dir);
  REQUIRE(exported.exit == 0);
  REQUIRE(exported.err.find("warning[W0701]") != std::string::npos);
  Run built = run_spritec(
      {"build", "hero.sprites.yaml", "-o", "b.spk", "--export", "godot4:b/g.tres"}, dir);
  CHECK(built.exit == 0);
  CHECK(built.err.find("warning[W0701]") != std::string::npos);
  CHECK(built.err.find("warning[W0705]") != std::string::npos);
  Run werror = run_spritec(
      {"build", "hero.sprites.yaml", "-o", "w.spk", "--export", "godot4:w/g.tres", "--werror"},
      dir);
  CHECK(werror.exit == 1);
  CHECK_FALSE(fs::exists(dir / "w.spk"));
  CHECK_FALSE(fs::exists(dir / "w"));
}

TEST_CASE("godot pages are res:// paths from the project.godot at or above OUT") {
  fs::path dir = hero_project("godot");
  fs::create_directories(dir / "game/a/b");
  write_text(dir / "game/project.godot", "config_version=5\n");
  for (const std::string f : {"godot4", "godot3"}) {
    INFO(f);
    Run in_project =
        run_spritec({"export", "base.spk", "--format", f, "-o", "game/a/b/" + f + ".tres"}, dir);
    REQUIRE(in_project.exit == 0);
    std::string tres = read_text(dir / "game/a/b" / (f + ".tres"));
    CHECK(tres.find("\"res://a/b/" + f + "-0.png\"") != std::string::npos);
    CHECK(tres.find("\"res://a/b/" + f + "-1.png\"") != std::string::npos);
    CHECK(tres.find("res://" + f + "-0.png") == std::string::npos);
    // At the project's top.
    REQUIRE(
        run_spritec({"export", "base.spk", "--format", f, "-o", "game/" + f + ".tres"}, dir).exit ==
        0);
    CHECK(read_text(dir / "game" / (f + ".tres")).find("\"res://" + f + "-0.png\"") !=
          std::string::npos);
    // No project.godot at or above: OUT's directory is res://.
    REQUIRE(
        run_spritec({"export", "base.spk", "--format", f, "-o", "loose/a/b/" + f + ".tres"}, dir)
            .exit == 0);
    std::string loose = read_text(dir / "loose/a/b" / (f + ".tres"));
    CHECK(loose.find("\"res://" + f + "-0.png\"") != std::string::npos);
    CHECK(loose.find("res://a/") == std::string::npos);
  }
  // A project.godot further up than the nearest one does not count.
  fs::create_directories(dir / "game/sub");
  write_text(dir / "game/sub/project.godot", "config_version=5\n");
  fs::create_directories(dir / "game/sub/c");
  REQUIRE(run_spritec({"export", "base.spk", "--format", "godot4", "-o", "game/sub/c/n.tres"}, dir)
              .exit == 0);
  CHECK(read_text(dir / "game/sub/c/n.tres").find("\"res://c/n-0.png\"") != std::string::npos);
}

namespace {

// The named seeds and reproducers of the pack corpus plus an even sample of 40 of the
// hashed inputs the campaigns found (as corpus_test.cpp takes them), and the packs of
// tests/data/packs/.
std::vector<fs::path> hostile_packs() {
  std::vector<fs::path> named, found;
  const std::regex sha1("[0-9a-f]{40}");
  for (const auto& e : fs::directory_iterator(kTests / "fuzz/corpus/spk")) {
    if (!e.is_regular_file()) continue;
    (std::regex_match(e.path().filename().string(), sha1) ? found : named).push_back(e.path());
  }
  std::sort(named.begin(), named.end());
  std::sort(found.begin(), found.end());
  const std::size_t sample = std::min<std::size_t>(40, found.size());
  for (std::size_t i = 0; i < sample; ++i)
    named.push_back(found[i * found.size() / sample]);
  for (const auto& e : fs::directory_iterator(kTests / "data/packs")) {
    if (e.is_regular_file() && e.path().extension() == ".spk") named.push_back(e.path());
  }
  return named;
}

// The fuzz corpus was mutated with the checksum check off, so most of it stops at the
// checksum: with it made right, the reader's structural checks decide, and what passes
// them reaches the exporter.
std::string resealed(std::string pack) {
  namespace spk = runtime::spk;
  if (pack.size() < spk::Header::kSize) return pack;
  std::uint64_t sum =
      runtime::xxh64(reinterpret_cast<const std::uint8_t*>(pack.data()) + spk::Header::kSize,
                     pack.size() - spk::Header::kSize, 0);
  for (int i = 0; i < 8; ++i)
    pack[spk::Header::kOffChecksum + std::size_t(i)] = char((sum >> (8 * i)) & 0xff);
  return pack;
}

// A pack that parses and names page files: a patterned page of its size beside it (within
// a modest size), so the export gets past reading them.
void write_page_files(const std::string& pack, const fs::path& dir) {
  runtime::PackView view;
  if (!runtime::parse_pack(reinterpret_cast<const std::uint8_t*>(pack.data()), pack.size(), view))
    return;
  for (std::uint32_t i = 0; i < view.page_count(); ++i) {
    const runtime::Page p = view.page(i);
    if (!p.external || p.file_name.empty() || p.file_name.find('/') != std::string_view::npos)
      continue;
    if (p.width == 0 || p.height == 0 || std::uint64_t(p.width) * p.height > (1u << 20)) continue;
    spritec::image::Image img(int(p.width), int(p.height));
    for (std::size_t k = 0; k < img.rgba.size(); ++k)
      img.rgba[k] = std::uint8_t((k * 37) ^ (k >> 5));
    const auto png = spritec::image::encode_png(img);
    write_text(dir / std::string(p.file_name), std::string(png.begin(), png.end()));
  }
}

// Packs the reader accepts with values at the edges, written with the format writer:
// the longest ticks, repeats past any expansion, origins and untrimmed sizes at the ends
// of their ranges (mirrored too), only blank steps, names a text atlas cannot hold.
std::vector<std::string> edge_packs() {
  std::vector<std::string> out;
  spritec::image::Image img(4, 4);
  for (std::size_t k = 0; k < img.rgba.size(); ++k)
    img.rgba[k] = std::uint8_t(k * 13);
  auto base = [&] {
    format::PackModel m;
    m.pages.push_back({4, 4, spritec::image::encode_png(img), ""});
    return m;
  };
  auto frame = [](std::string name, std::uint32_t w, std::uint32_t h, std::int32_t ox,
                  std::int32_t oy, std::uint32_t sw, std::uint32_t sh, std::uint32_t tx,
                  std::uint32_t ty) {
    format::FrameModel f;
    f.name = std::move(name);
    f.w = w, f.h = h, f.origin_x = ox, f.origin_y = oy;
    f.source_w = sw, f.source_h = sh, f.trim_x = tx, f.trim_y = ty;
    return f;
  };
  auto step = [](std::string name, std::uint32_t ticks, bool fx, bool fy) {
    format::StepModel s;
    s.frame = std::move(name);
    s.ticks = ticks;
    s.flip_x = fx;
    s.flip_y = fy;
    return s;
  };
  auto add = [&](const format::PackModel& m) {
    auto written = format::write_spk(m);
    INFO(written.error.message);
    REQUIRE(written.ok());
    out.emplace_back(written.value.begin(), written.value.end());
  };
  {
    // Ticks of 2^32-1 and 1 (gcd 1: billions of frames at the exact rate), pingpong and
    // loop with the largest repeat, loop_from at the last step, reverse, once.
    format::PackModel m = base();
    m.tick_rate = 1000;
    m.frames.push_back(frame("a", 2, 2, 1, 1, 2, 2, 0, 0));
    m.frames.push_back(frame("b", 4, 4, 0, 0, 4, 4, 0, 0));
    int n = 0;
    for (Mode mode : {Mode::kLoop, Mode::kPingpong, Mode::kOnce}) {
      for (std::uint32_t repeat : {0u, 1u, 2u, 0xFFFFFFFFu}) {
        format::ActionModel a;
        a.name = "a" + std::to_string(n++);
        a.mode = mode;
        a.repeat = mode == Mode::kOnce ? 0 : repeat;
        a.loop_from = repeat == 2 ? 2 : 1;
        a.reverse = repeat == 1;
        a.steps = {{step("a", 0xFFFFFFFFu, false, false), step("b", 1, true, false),
                    step("", 7, false, false)}};
        m.actions.push_back(a);
      }
    }
    add(m);
  }
  {
    // Origins at the ends of int32 and untrimmed sizes at the ends of uint32, mirrored
    // every way; many views.
    format::PackModel m = base();
    m.frames.push_back(frame("lo", 1, 1, INT32_MIN, INT32_MIN, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0));
    m.frames.push_back(frame("far", 2, 2, 0x7FFFFFF0, 0x7FFFFFF0, 0xFFFFFFFFu, 0xFFFFFFFFu,
                             0x7FFFFFF0u, 0x7FFFFFF0u));
    m.frames.push_back(frame("hi", 4, 4, INT32_MAX, INT32_MAX, 4, 4, 0, 0));
    format::ActionModel a;
    a.name = "spin";
    a.views = 64;
    for (std::uint32_t v = 0; v < 64; ++v)
      a.steps.push_back({step(v % 3 == 0 ? "lo" : v % 3 == 1 ? "far" : "hi", 1 + v, v & 2, v & 4)});
    m.actions.push_back(a);
    add(m);
  }
  {
    // Only blank steps, no frames at all.
    format::PackModel m = base();
    format::ActionModel a;
    a.name = "nothing";
    a.steps = {{step("", 3, false, false), step("", 5, false, false)}};
    m.actions.push_back(a);
    add(m);
  }
  {
    // Names a text atlas cannot hold (E0702 for spine and libgdx-legacy), and names with
    // quotes and backslashes for the JSON and .tres writers.
    format::PackModel m = base();
    int i = 0;
    for (const char* name :
         {"a:b", " lead", "trail ", "tab\there", "quote\"d", "back\\slash", "\x7f", "\xff\xfe"}) {
      m.frames.push_back(frame(name, 1, 1, 0, 0, 1, 1, 0, 0));
      format::ActionModel a;
      a.name = "act" + std::to_string(i++) + "\"]";
      a.steps = {{step(name, 2, true, true)}};
      m.actions.push_back(a);
    }
    add(m);
  }
  return out;
}

}  // namespace

TEST_CASE("every hostile pack through every export format: exit 0 or 1, never a crash",
          "[hostile][sharded]") {
  fs::path dir = fresh("hostile");
  int runs = 0, exported = 0;
  std::set<std::string> reached;  // packs that some format exported
  // A sanitized spritec takes a pack the reader refuses through one format, not seven
  // (kOnceIfRefused, cli_run.hpp): export reads the pack and its pages before it looks at the
  // format (pipeline/export.cpp, open_pack). ctest's run keeps all seven.
  for (const fs::path& file : this_shard(hostile_packs())) {
    const std::string bytes = read_text(file);
    for (const bool reseal : {false, true}) {
      fs::remove_all(dir);
      fs::create_directories(dir);
      const std::string pack = reseal ? resealed(bytes) : bytes;
      if (reseal && pack == bytes) continue;
      write_text(dir / "p.spk", pack);
      write_page_files(pack, dir);
      for (const Fmt& f : kFormats) {
        Run run = run_spritec({"export", "p.spk", "--format", f.name, "-o", "o/x" + f.ext}, dir);
        INFO(file.filename().string() << (reseal ? " (resealed)" : "") << " --format " << f.name
                                      << "\nexit " << run.exit << "\n"
                                      << run.err.substr(0, 4000));
        CHECK((run.exit == 0 || run.exit == 1));
        CHECK(run.err.find("Sanitizer") == std::string::npos);
        CHECK(run.err.find("runtime error") == std::string::npos);
        CHECK(run.err.find("internal error") == std::string::npos);
        if (run.exit == 0) {
          ++exported;
          reached.insert(file.filename().string());
          CHECK(fs::is_regular_file(dir / "o" / ("x" + f.ext)));
        } else {
          CHECK_FALSE(fs::exists(dir / "o"));
        }
        fs::remove_all(dir / "o");
        ++runs;
        if (kOnceIfRefused && refused_at_the_door(run)) break;
      }
    }
  }
  // The edge packs: every format exports them or refuses them with a code.
  int edge = 0;
  for (const std::string& pack : this_shard(edge_packs())) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    write_text(dir / "p.spk", pack);
    for (const Fmt& f : kFormats) {
      Run run = run_spritec({"export", "p.spk", "--format", f.name, "-o", "o/x" + f.ext}, dir);
      INFO("edge pack " << edge << " --format " << f.name << "\nexit " << run.exit << "\n"
                        << run.err.substr(0, 4000));
      CHECK((run.exit == 0 || run.exit == 1));
      CHECK(run.err.find("Sanitizer") == std::string::npos);
      CHECK(run.err.find("runtime error") == std::string::npos);
      CHECK(run.err.find("internal error") == std::string::npos);
      if (run.exit == 1) CHECK(run.err.find("error[E07") != std::string::npos);
      ++runs;
    }
    ++edge;
  }
  // What the inputs reach is a property of the whole set, checked where one process runs
  // it all (ctest's run; a shard of scripts/test.sh sees only its part).
  if (kShard.count == 1 && !kOnceIfRefused) {
    CHECK(edge == 4);
    CHECK(runs >= 300);
    // Some of them get through the reader and are exported (the resealed seeds at least).
    CHECK(exported >= 7 * 4);
    CHECK(reached.size() >= 4);
  }
}

namespace {

// A pack of one opaque 1x1 frame "f" on a 1x1 page, and `actions`.
std::string one_frame_pack(std::vector<format::ActionModel> actions,
                           std::vector<std::string> frame_names = {"f"}) {
  format::PackModel m;
  spritec::image::Image page(1, 1);
  page.rgba[3] = 255;
  m.pages.push_back({1, 1, spritec::image::encode_png(page), ""});
  for (std::string& name : frame_names) {
    format::FrameModel f;
    f.name = std::move(name);
    f.w = f.h = f.source_w = f.source_h = 1;
    m.frames.push_back(f);
  }
  m.actions = std::move(actions);
  auto written = format::write_spk(m);
  INFO(written.error.message);
  REQUIRE(written.ok());
  return std::string(written.value.begin(), written.value.end());
}

// `views` views of the one-tick step "f", looping `repeat` times.
format::ActionModel spin(std::uint32_t views, std::uint32_t repeat) {
  format::ActionModel a;
  a.name = "spin";
  a.views = views;
  format::StepModel s;
  s.frame = "f";
  s.ticks = 1;
  a.steps.assign(views, {s});
  a.repeat = repeat;
  return a;
}

bool atlas_only(const Fmt& f) {
  return f.name == "spine" || f.name == "libgdx-legacy";
}

}  // namespace

TEST_CASE("a 9 KB pack of 360 views repeated 65,536 times is E0703 in every animation format",
          "[hostile]") {
  // Issue 23: 23.6 million animation frames, once bad_alloc (phaser, pixi), SIGABRT
  // (aseprite-json), a 1.4 GB godot4 file. Now refused from the pack's actions, before
  // anything is built; the atlases, which have no animations, export.
  fs::path dir = fresh("repeat-views");
  const std::string pack = one_frame_pack({spin(360, 65536)});
  CHECK(pack.size() < 16 * 1024);
  write_text(dir / "p.spk", pack);
  const std::string count = std::to_string(360ull * 65536);  // views x played steps
  for (const Fmt& f : kFormats) {
    Run run = run_spritec({"export", "p.spk", "--format", f.name, "-o", "o/x" + f.ext}, dir);
    INFO(f.name << "\nexit " << run.exit << "\n" << run.err);
    CHECK(run.err.find("Sanitizer") == std::string::npos);
    if (atlas_only(f) || f.name == "spritec-json") {
      CHECK(run.exit == 0);  // spritec-json writes the 360 views' one step each: no expansion
    } else {
      CHECK(run.exit == 1);
      CHECK(run.err.find("error[E0703]") != std::string::npos);
      CHECK(run.err.find("hold " + count + " frames") != std::string::npos);
      CHECK(run.err.find("action 'spin'") != std::string::npos);
      CHECK_FALSE(fs::exists(dir / "o"));
    }
    fs::remove_all(dir / "o");
  }
  // build --export takes the same path: the definition of that pack, nothing written.
  spritec::image::Image img(1, 1);
  img.rgba[3] = 255;
  const auto png = spritec::image::encode_png(img);
  write_text(dir / "s.png", std::string(png.begin(), png.end()));
  std::string views;
  for (int v = 0; v < 360; ++v)
    views += v == 0 ? "[s/0]" : ", [s/0]";
  write_text(dir / "spin.sprites.yaml",
             "pack: p\nsheets:\n  - {name: s, image: s.png, grid: {cell: [1, 1]}}\n"
             "actions:\n  spin: {views: 360, repeat: 65536, frames: [" +
                 views + "]}\n");
  Run run = run_spritec(
      {"build", "spin.sprites.yaml", "-o", "b.spk", "--export", "phaser:o/b.json"}, dir);
  INFO(run.err);
  CHECK(run.exit == 1);
  CHECK(run.err.find("error[E0703]") != std::string::npos);
  CHECK(run.err.find("hold " + count + " frames") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "b.spk"));
  CHECK_FALSE(fs::exists(dir / "o"));
}

TEST_CASE("export refuses a pack with two frames of one name in every format, as unpack does",
          "[hostile]") {
  // The format allows it (spritec never builds one): pixi kept one frame and its animation
  // showed the wrong one; spine got two regions of one name. E0501 now, nothing written.
  fs::path dir = fresh("duplicate-frames");
  format::ActionModel a;
  a.name = "idle";
  format::StepModel second;
  second.frame = "zr";
  a.steps = {{second}};
  std::string pack = one_frame_pack({a}, {"zq", "zr"});
  const std::size_t at = pack.find("zr", runtime::spk::Header::kSize);
  REQUIRE(at != std::string::npos);
  REQUIRE(pack.find("zr", at + 1) == std::string::npos);  // one string, shared
  pack.replace(at, 2, "zq");
  pack = resealed(pack);
  write_text(dir / "p.spk", pack);
  for (const Fmt& f : kFormats) {
    Run run = run_spritec({"export", "p.spk", "--format", f.name, "-o", "o/x" + f.ext}, dir);
    INFO(f.name << "\n" << run.err);
    if (f.name == "spritec-json") {
      // Records refer to frames by index, not by name: both frames are kept, as in the pack.
      CHECK(run.exit == 0);
      const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "o/x.json"));
      CHECK(doc.at("frames").size() == 2);
      CHECK(doc.at("frames")[1].at("name") == "zq");
      CHECK(doc.at("actions")[0].at("steps")[0][0].at("frame") == 1);
      fs::remove_all(dir / "o");
      continue;
    }
    CHECK(run.exit == 1);
    CHECK(run.err.find("error[E0501]") != std::string::npos);
    CHECK(run.err.find("frames 0 and 1 have the same name 'zq'") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "o"));
  }
}

namespace {

// Each animation's name and how many frames it lists, read from one format's files:
// phaser's STEM.anims.json (`anims[].frames`), pixi's page 0 (`animations`), aseprite-json's
// `meta.frameTags` (to - from + 1).
std::map<std::string, std::size_t> animations_of(const std::string& format, const fs::path& dir) {
  std::map<std::string, std::size_t> out;
  if (format == "phaser") {
    const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "p.anims.json"));
    for (const auto& a : doc.at("anims"))
      out[a.at("key").get<std::string>()] = a.at("frames").size();
  } else if (format == "pixi") {
    const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "p.json"));
    for (const auto& [name, frames] : doc.at("animations").items())
      out[name] = frames.size();
  } else {
    const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "p.json"));
    for (const auto& t : doc.at("meta").at("frameTags"))
      out[t.at("name").get<std::string>()] =
          t.at("to").get<std::size_t>() - t.at("from").get<std::size_t>() + 1;
  }
  return out;
}

}  // namespace

// Issue 26 item 6 (docs/engines.md, "Layered actors"): the paperdoll sample's body is a
// layered master, so every export of it says once that its draw order is left out (W0710);
// each piece exports without that warning, and shows the body's animations under the
// body's names with the body's frame counts (the helmet leaves idle out).
TEST_CASE(
    "a layered master's export warns W0710 once; its pieces export the master's "
    "animation names and frame counts") {
  const fs::path sample = kSource / "samples/paperdoll";
  fs::path dir = fresh("paperdoll");
  const std::vector<std::string> pieces = {"helmet", "leather", "plate", "sword", "shield"};
  for (const std::string& name :
       std::vector<std::string>{"body", "helmet", "leather", "plate", "sword", "shield"}) {
    // The body is the sample's master, paperdoll.sprites.yaml.
    const std::string def = name == "body" ? "paperdoll" : name;
    Run built = run_spritec(
        {"build", def + ".sprites.yaml", "-o", (dir / (name + ".spk")).string()}, sample);
    INFO(name << "\n" << built.err);
    REQUIRE(built.exit == 0);
  }
  auto w0710_count = [](const std::string& err) {
    nlohmann::json doc = nlohmann::json::parse(err, nullptr, false);
    REQUIRE_FALSE(doc.is_discarded());
    int n = 0;
    for (const auto& d : doc.at("diagnostics"))
      n += d.at("code") == "W0710" ? 1 : 0;
    return n;
  };
  for (const Fmt& f : kFormats) {
    INFO(f.name);
    Run body = run_spritec({"export", "body.spk", "--format", f.name, "-o",
                            "body-" + f.name + "/p" + f.ext, "--diagnostics", "json"},
                           dir);
    INFO(body.err);
    CHECK(body.exit == 0);
    // spritec-json carries the slots and the order (layers), so it has nothing to warn of.
    CHECK(w0710_count(body.err) == (f.name == "spritec-json" ? 0 : 1));
    for (const std::string& piece : pieces) {
      Run e = run_spritec({"export", piece + ".spk", "--format", f.name, "-o",
                           piece + "-" + f.name + "/p" + f.ext, "--diagnostics", "json"},
                          dir);
      INFO(piece << "\n" << e.err);
      CHECK(e.exit == 0);
      CHECK(w0710_count(e.err) == 0);
    }
  }
  // The body: walk, attack and idle in 8 views (docs: ACTION/VIEW); walk 4 steps (loop),
  // attack 3 (once), idle 2 — as samples/paperdoll/paperdoll.sprites.yaml writes them.
  std::map<std::string, std::size_t> expected;
  for (int v = 0; v < 8; ++v) {
    expected["walk/" + std::to_string(v)] = 4;
    expected["attack/" + std::to_string(v)] = 3;
    expected["idle/" + std::to_string(v)] = 2;
  }
  for (const std::string format : {"phaser", "aseprite-json"}) {
    INFO(format);
    CHECK(animations_of(format, dir / ("body-" + format)) == expected);
    for (const std::string& piece : pieces) {
      INFO(piece);
      std::map<std::string, std::size_t> want = expected;
      if (piece == "helmet") {
        for (int v = 0; v < 8; ++v)
          want.erase("idle/" + std::to_string(v));
      }
      CHECK(animations_of(format, dir / (piece + "-" + format)) == want);
    }
  }
  // pixi lists frames at one rate: whatever the lists are, the piece's equal the body's.
  const auto body_pixi = animations_of("pixi", dir / "body-pixi");
  for (const std::string& piece : pieces) {
    INFO(piece);
    for (const auto& [name, n] : animations_of("pixi", dir / (piece + "-pixi"))) {
      REQUIRE(body_pixi.count(name) == 1);
      CHECK(body_pixi.at(name) == n);
    }
  }
}
