// What a build system and a CI job need from spritec (issue 22, part 3): `--allow-loss`
// accepts an export's losses (W07xx) without accepting a definition's warnings; E0401
// lists every frame that fits no page; the depfile is read right by the real Ninja and GNU
// Make (relative and absolute paths, awkward names); an output rebuilt with the same bytes
// keeps its time, so Ninja's restat skips the steps after it.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_run.hpp"
#include "spritec/image/image.hpp"

namespace fs = std::filesystem;
namespace image = spritec::image;
using namespace spritec_cli_test;

namespace {

fs::path fresh(const std::string& name) {
  fs::path dir = kScratch / "ci" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// A strip of `n` 8x8 frames side by side, each a different colour (so none merge).
void write_strip(const fs::path& file, int n, std::uint8_t shade = 0) {
  image::Image strip(8 * n, 8);
  for (int i = 0; i < n; ++i) {
    for (int y = 0; y < 8; ++y) {
      for (int x = 0; x < 8; ++x) {
        std::uint8_t* p = strip.pixel(8 * i + x, y);
        p[0] = std::uint8_t(20 * i);
        p[1] = shade;
        p[2] = std::uint8_t(255 - 20 * i);
        p[3] = 255;
      }
    }
  }
  const image::Bytes png = image::encode_png(strip);
  write_text(file, std::string(png.begin(), png.end()));
}

// A definition whose only loss in an animation format is its event (W0701).
const char* kWithEvent =
    "pack: blink\n"
    "sheets:\n"
    "  - {name: s, image: strip.png, grid: {cell: [8, 8], origin: [4, 7]}}\n"
    "actions:\n"
    "  idle:\n"
    "    frames: [{frame: s/0, ticks: 2, event: blink}, {frame: s/1, ticks: 2}]\n";

std::int64_t mtime_ns(const fs::path& file) {
  struct stat st {};
  REQUIRE(::stat(file.c_str(), &st) == 0);
  return std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

// Puts a file's modification time back to an old, recognisable second.
void age(const fs::path& file) {
  struct timespec times[2] = {{1000000000, 0}, {1000000000, 0}};
  REQUIRE(::utimensat(AT_FDCWD, file.c_str(), times, 0) == 0);
}
constexpr std::int64_t kAged = std::int64_t(1000000000) * 1000000000;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("--allow-loss accepts an export's losses under --werror, never a definition's warnings") {
  fs::path dir = fresh("allow-loss");
  write_strip(dir / "strip.png", 2);
  write_text(dir / "blink.sprites.yaml", kWithEvent);

  // Without it, --werror fails on the event Godot cannot carry, and writes nothing.
  Run strict = run_spritec({"build", "blink.sprites.yaml", "-o", "strict.spk", "--werror",
                            "--export", "godot4:strict/blink.tres"},
                           dir);
  CHECK(strict.exit == 1);
  CHECK(has(strict.err, "error[W0701]"));
  CHECK_FALSE(fs::exists(dir / "strict.spk"));
  CHECK_FALSE(fs::exists(dir / "strict"));

  // With it, the loss is a note: the build succeeds and writes the pack and the export.
  Run allowed = run_spritec({"build", "blink.sprites.yaml", "-o", "ok.spk", "--werror", "--export",
                             "godot4:ok/blink.tres", "--allow-loss", "W0701"},
                            dir);
  INFO(allowed.err);
  CHECK(allowed.exit == 0);
  CHECK(has(allowed.err, "note[W0701]"));
  CHECK(has(allowed.err, "allowed by --allow-loss"));
  CHECK_FALSE(has(allowed.err, "error["));
  CHECK_FALSE(has(allowed.err, "warning["));
  CHECK(fs::exists(dir / "ok.spk"));
  CHECK(fs::exists(dir / "ok/blink.tres"));

  // Another loss's code allows nothing here; `all` and a list with it do.
  CHECK(run_spritec({"build", "blink.sprites.yaml", "-o", "w.spk", "--werror", "--export",
                     "godot4:w/blink.tres", "--allow-loss", "W0702,W0703"},
                    dir)
            .exit == 1);
  CHECK(run_spritec({"build", "blink.sprites.yaml", "-o", "a.spk", "--werror", "--export",
                     "godot4:a/blink.tres", "--allow-loss", "all"},
                    dir)
            .exit == 0);
  CHECK(run_spritec({"build", "blink.sprites.yaml", "-o", "l.spk", "--werror", "--export",
                     "godot4:l/blink.tres", "--allow-loss", "W0702", "--allow-loss", "W0704,W0701"},
                    dir)
            .exit == 0);

  // spritec export takes it too.
  Run exported = run_spritec(
      {"export", "ok.spk", "--format", "phaser", "-o", "web/blink.json", "--werror"}, dir);
  CHECK(exported.exit == 1);
  Run exported_ok = run_spritec({"export", "ok.spk", "--format", "phaser", "-o", "web/blink.json",
                                 "--werror", "--allow-loss", "W0701"},
                                dir);
  CHECK(exported_ok.exit == 0);
  CHECK(has(exported_ok.err, "note[W0701]"));
  CHECK(fs::exists(dir / "web/blink.json"));

  // A definition's warning (W0301: 10 ms is not a whole number of ticks at 60 per second)
  // still fails --werror, whatever losses are allowed.
  write_text(dir / "inexact.sprites.yaml",
             "pack: blink\n"
             "sheets:\n"
             "  - {name: s, image: strip.png, grid: {cell: [8, 8], origin: [4, 7]}}\n"
             "actions:\n"
             "  idle:\n"
             "    frames: [{frame: s/0, ms: 10, event: blink}, {frame: s/1, ticks: 2}]\n");
  Run inexact = run_spritec({"build", "inexact.sprites.yaml", "-o", "x.spk", "--werror", "--export",
                             "godot4:x/blink.tres", "--allow-loss", "all"},
                            dir);
  INFO(inexact.err);
  CHECK(inexact.exit == 1);
  CHECK(has(inexact.err, "error[W0301]"));
  CHECK(has(inexact.err, "note[W0701]"));
  CHECK_FALSE(fs::exists(dir / "x.spk"));

  // Allowing a definition's warning, or a code that is none, is a usage error naming it.
  for (const char* code : {"W0301", "E0401", "W07", "bogus"}) {
    INFO(code);
    Run usage =
        run_spritec({"build", "blink.sprites.yaml", "-o", "u.spk", "--allow-loss", code}, dir);
    CHECK(usage.exit == 2);
    CHECK(has(usage.err, std::string("--allow-loss ") + code));
    Run usage_export = run_spritec(
        {"export", "ok.spk", "--format", "godot4", "-o", "u.tres", "--allow-loss", code}, dir);
    CHECK(usage_export.exit == 2);
  }
  CHECK_FALSE(fs::exists(dir / "u.spk"));
}

TEST_CASE("E0401 counts every frame no page holds and lists the first ten with their sizes") {
  fs::path dir = fresh("e0401");
  // 13 distinct 8x8 frames (untrimmed) against pages of at most 4x4; frame s/3 would fit
  // 8x8 pages too but not these.
  write_strip(dir / "strip.png", 13);
  write_text(dir / "big.sprites.yaml",
             "pack: big\n"
             "atlas: {max_size: [4, 4], trim: false}\n"
             "sheets:\n"
             "  - {name: s, image: strip.png, grid: {cell: [8, 8], origin: [4, 7]}}\n");
  Run run = run_spritec({"check", "big.sprites.yaml", "--format", "json"}, dir);
  CHECK(run.exit == 1);
  nlohmann::json doc = nlohmann::json::parse(run.out, nullptr, false);
  REQUIRE_FALSE(doc.is_discarded());
  REQUIRE(doc.at("diagnostics").size() == 1);  // one diagnostic for all of them
  const nlohmann::json& d = doc.at("diagnostics")[0];
  CHECK(d.at("code") == "E0401");
  CHECK(d.at("line") == 4);
  const std::string message = d.at("message");
  INFO(message);
  CHECK(message ==
        "13 frames do not fit a page of at most 4x4; the first 10 (trimmed, with extrusion): "
        "'s/0' 8x8, 's/1' 8x8, 's/2' 8x8, 's/3' 8x8, 's/4' 8x8, 's/5' 8x8, 's/6' 8x8, 's/7' 8x8, "
        "'s/8' 8x8, 's/9' 8x8, and 3 more");
  CHECK(d.at("notes")[0].at("message") == "max_size is set here");

  // Extrusion counts: with extrude 1 a 4x4 page holds no 3x3 frame (3 + 2 = 5).
  write_text(dir / "extruded.sprites.yaml",
             "pack: big\n"
             "atlas: {max_size: [4, 4], trim: false, extrude: 1}\n"
             "sheets:\n"
             "  - {name: s, image: strip.png, origin: [0, 0], frames: {a: {rect: [0, 0, 3, 3]}, "
             "b: {rect: [8, 0, 2, 2]}, c: {rect: [16, 0, 3, 2]}}}\n");
  Run extruded = run_spritec({"check", "extruded.sprites.yaml", "--format", "json"}, dir);
  nlohmann::json doc2 = nlohmann::json::parse(extruded.out, nullptr, false);
  REQUIRE_FALSE(doc2.is_discarded());
  REQUIRE(doc2.at("diagnostics").size() == 1);
  CHECK(doc2.at("diagnostics")[0].at("message") ==
        "2 frames do not fit a page of at most 4x4; their sizes (trimmed, with extrusion): "
        "'s/a' 5x5, 's/c' 5x4");
}

TEST_CASE("an output rebuilt with the same bytes keeps its time, with and without --cache") {
  fs::path dir = fresh("unchanged");
  write_strip(dir / "strip.png", 2);
  write_text(dir / "blink.sprites.yaml", kWithEvent);
  auto build = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"build",     "blink.sprites.yaml",
                                     "-o",        "out/blink.spk",
                                     "--pages",   "files",
                                     "--json",    "out/atlas.json",
                                     "--depfile", "out/blink.d",
                                     "--export",  "godot4:out/g/blink.tres"};
    args.insert(args.end(), extra.begin(), extra.end());
    Run run = run_spritec(args, dir);
    INFO(run.err);
    REQUIRE(run.exit == 0);
  };
  build({});
  // (--json with --pages files names the pack's page file: no second copy.)
  const std::vector<std::string> written = {"out/blink.spk",    "out/blink-0.png",
                                            "out/atlas.json",   "out/blink.d",
                                            "out/g/blink.tres", "out/g/blink-0.png"};
  for (const std::string& cache : {std::string(), std::string("cache")}) {
    INFO("cache: " << (cache.empty() ? "none" : cache));
    std::vector<std::string> extra;
    if (!cache.empty()) {
      extra = {"--cache", cache};
      build(extra);  // fills the cache; the next build is a hit
    }
    for (const std::string& f : written)
      age(dir / f);
    build(extra);
    for (const std::string& f : written) {
      INFO(f);
      CHECK(mtime_ns(dir / f) == kAged);
    }
  }
  // New pixels: the page files change. The pack, which only names its page file, and the
  // JSON and the Godot resource, which name the same places, hold the same bytes, but a
  // build tool sees only the pack's time: they are written with their pages. The
  // depfile, which names the same inputs, stays as it was.
  for (const std::string& f : written)
    age(dir / f);
  write_strip(dir / "strip.png", 2, 90);
  build({});
  for (const std::string& f : written) {
    INFO(f);
    if (f != "out/blink.d") CHECK(mtime_ns(dir / f) > kAged);
  }
  CHECK(mtime_ns(dir / "out/blink.d") == kAged);
}

namespace {

// Runs a shell command in `dir`, its stdout and stderr together.
Run shell(const std::string& command, const fs::path& dir) {
  fs::path log = dir / ".shell.log";
  std::string full = "cd " + shell_quote(dir.string()) + " && (" + command + ") >" +
                     shell_quote(log.string()) + " 2>&1";
  int status = std::system(full.c_str());
  Run run;
  run.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = read_text(log);
  return run;
}

// A tiny project whose file names hold what a depfile must escape: a space and
// parentheses, and '#', '$', ':', '%' and a non-ASCII letter.
const char* kOddImage = "odd #1 $x:y 50% \xc3\xa9.png";

fs::path odd_project(const std::string& name) {
  fs::path dir = fresh(name);
  fs::create_directories(dir / "my art");
  write_strip(dir / "my art/hero (1).png", 2);
  write_strip(dir / "my art" / kOddImage, 1);
  write_text(dir / "my art/hero.sprites.yaml",
             std::string("pack: hero\n"
                         "sheets:\n"
                         "  - {name: h, image: \"hero (1).png\", grid: {cell: [8, 8], origin: [4, "
                         "7]}}\n"
                         "  - {name: o, image: \"") +
                 kOddImage +
                 "\", grid: {cell: [8, 8], origin: [4, 7]}}\n"
                 "actions:\n"
                 "  idle:\n"
                 "    frames: [{frame: h/0, ticks: 2}, {frame: o/0, ticks: 2}]\n");
  return dir;
}

// Touches a file a little after everything written so far: the file system's clock
// advances in steps of a few milliseconds, so a touch right after a write could carry the
// same time.
void touch(const fs::path& file) {
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  REQUIRE(::utimensat(AT_FDCWD, file.c_str(), nullptr, 0) == 0);
}

}  // namespace

TEST_CASE(
    "ninja rebuilds from the depfile exactly when an input changed, and restat skips the rest") {
  // Ninja runs in a build directory below the project, as with CMake: the inputs lie
  // outside it, so the depfile names them by absolute paths.
  fs::path dir = odd_project("ninja");
  fs::create_directories(dir / "build");
  write_text(dir / "build/build.ninja",
             "rule spritec\n"
             "  command = " +
                 shell_quote(SPRITEC_EXE) +
                 " build '../my art/hero.sprites.yaml' -o $out --depfile $out.d --root ..\n"
                 "  depfile = $out.d\n"
                 "  deps = gcc\n"
                 "  restat = 1\n"
                 "  description = SPRITEC $out\n"
                 "rule copy\n"
                 "  command = cp $in $out\n"
                 "  description = COPY $out\n"
                 "build packs/hero.spk: spritec\n"
                 "build game/hero.spk: copy packs/hero.spk\n");
  fs::path build = dir / "build";
  Run first = shell("ninja", build);
  INFO(first.out);
  REQUIRE(first.exit == 0);
  CHECK(has(first.out, "SPRITEC packs/hero.spk"));
  CHECK(has(first.out, "COPY game/hero.spk"));
  Run deps = shell("ninja -t deps packs/hero.spk", build);
  INFO(deps.out);
  CHECK(has(deps.out, (fs::canonical(dir) / "my art/hero.sprites.yaml").string()));
  CHECK(has(deps.out, (fs::canonical(dir) / "my art/hero (1).png").string()));
  CHECK(has(deps.out, (fs::canonical(dir) / "my art" / kOddImage).string()));
  CHECK(has(shell("ninja", build).out, "no work to do"));

  for (const std::string& touched : std::vector<std::string>{
           "my art/hero (1).png", std::string("my art/") + kOddImage, "my art/hero.sprites.yaml"}) {
    INFO("touched " << touched);
    touch(dir / touched);
    Run again = shell("ninja", build);
    INFO(again.out);
    CHECK(has(again.out, "SPRITEC packs/hero.spk"));
    // The pack came out the same: left as it was, so restat skips the copy.
    CHECK_FALSE(has(again.out, "COPY"));
    CHECK(has(shell("ninja", build).out, "no work to do"));
  }
  // New pixels: the pack changes and the copy follows.
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  write_strip(dir / "my art/hero (1).png", 2, 77);
  Run changed = shell("ninja", build);
  INFO(changed.out);
  CHECK(has(changed.out, "SPRITEC packs/hero.spk"));
  CHECK(has(changed.out, "COPY game/hero.spk"));
  CHECK(has(shell("ninja", build).out, "no work to do"));
}

TEST_CASE("make rebuilds from the depfile exactly when an input changed, also after one is gone") {
  // Make runs in the project: the depfile names the inputs relative to it.
  fs::path dir = odd_project("make");
  write_text(dir / "Makefile",
             "packs/hero.spk: my\\ art/hero.sprites.yaml\n"
             "\t" +
                 shell_quote(SPRITEC_EXE) +
                 " build 'my art/hero.sprites.yaml' -o $@ --depfile packs/hero.d && touch $@\n"
                 "\t@echo SPRITEC-RAN\n"
                 "-include packs/hero.d\n");
  Run first = shell("make", dir);
  INFO(first.out);
  REQUIRE(first.exit == 0);
  CHECK(has(first.out, "SPRITEC-RAN"));
  const std::string depfile = read_text(dir / "packs/hero.d");
  CHECK(has(depfile, "  my\\ art/hero\\ (1).png"));
  CHECK(has(depfile, "  my\\ art/odd\\ \\#1\\ $$x\\:y\\ 50%\\ \xc3\xa9.png"));
  CHECK_FALSE(has(depfile, fs::canonical(dir).string()));
  CHECK(has(shell("make", dir).out, "is up to date"));

  for (const std::string& touched : std::vector<std::string>{
           "my art/hero (1).png", std::string("my art/") + kOddImage, "my art/hero.sprites.yaml"}) {
    INFO("touched " << touched);
    touch(dir / touched);
    Run again = shell("make", dir);
    INFO(again.out);
    CHECK(again.exit == 0);
    CHECK(has(again.out, "SPRITEC-RAN"));
    CHECK(has(shell("make", dir).out, "is up to date"));
  }
  // An image the definition no longer uses is deleted: Make does not stop at the depfile's
  // name for it (its empty rule), it runs spritec, which writes the new depfile. (A name
  // with '%' gets no empty rule: as a target it would be a pattern rule.)
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  write_text(dir / "my art/hero.sprites.yaml", std::string("pack: hero\n"
                                                           "sheets:\n"
                                                           "  - {name: o, image: \"") +
                                                   kOddImage +
                                                   "\", grid: {cell: [8, 8], origin: [4, 7]}}\n"
                                                   "actions:\n"
                                                   "  idle:\n"
                                                   "    frames: [{frame: o/0, ticks: 2}]\n");
  fs::remove(dir / "my art/hero (1).png");
  Run gone = shell("make", dir);
  INFO(gone.out);
  CHECK(gone.exit == 0);
  CHECK(has(gone.out, "SPRITEC-RAN"));
  CHECK_FALSE(has(read_text(dir / "packs/hero.d"), "hero\\ (1)"));
  CHECK(has(shell("make", dir).out, "is up to date"));
}

TEST_CASE(
    "docs/ci.md's job compiles spritec from Debian packages the project uses, and gates on check") {
  const std::string doc = read_text(kSource / "docs/ci.md");
  const std::size_t begin = doc.find("```yaml\n");
  REQUIRE(begin != std::string::npos);
  const std::string job = doc.substr(begin, doc.find("\n```", begin + 8) - begin);
  // The build dependencies it installs: each one a package scripts/install-deps.sh names.
  std::istringstream deps(read_text(kSource / "scripts/install-deps.sh"));
  std::set<std::string> known{std::istream_iterator<std::string>(deps),
                              std::istream_iterator<std::string>()};
  const std::size_t install = job.find("apt-get install", job.find("Compile spritec"));
  REQUIRE(install != std::string::npos);
  std::string list = job.substr(install, job.find("cmake -S", install) - install);
  std::regex word("[a-z0-9][a-z0-9.+-]+");
  std::size_t packages = 0;
  for (std::sregex_iterator it(list.begin(), list.end(), word), end; it != end; ++it) {
    const std::string name = it->str();
    if (name == "apt-get" || name == "install" || name == "qq" || name == "no-install-recommends")
      continue;
    INFO(name);
    CHECK(known.count(name) == 1);
    ++packages;
  }
  CHECK(packages >= 10);
  // Compiled once into the package, cached, installed; the gate is check --format github.
  CHECK(has(job, "scripts/package.sh .spritec/build .spritec-deb"));
  CHECK(has(job, "path: .spritec-deb"));
  CHECK(has(job, "apt-get install -y -qq --no-install-recommends ./.spritec-deb/spritec_*.deb"));
  CHECK(has(job, "spritec check --format github --werror"));
  CHECK(has(job, "--werror --allow-loss W0701,W0702"));
}
