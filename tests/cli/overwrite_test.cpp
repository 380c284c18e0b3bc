// Outputs never replace inputs (issue: a build wrote its atlas page over the source image).
// Every output flag of every command is pointed at every kind of file that command reads —
// by name, through a symbolic link and through a hard link — and must be refused with E0006
// and exit 1, leaving every file of the project byte for byte as it was.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;

namespace {

// Every regular file below `dir` (links resolved) with its bytes.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (fs::is_regular_file(e.path())) {
      files[fs::relative(e.path(), dir).string()] = read_text(e.path());
    }
  }
  return files;
}

// A project: the hero sample, a pack of it built with --pages files, a scene reading that
// pack, and links of each kind to each input.
fs::path make_project() {
  fs::path dir = kScratch / "overwrite";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* f : {"hero.sprites.yaml", "hero.png", "attack.png", "fx.png", "hero.scene.yaml"})
    fs::copy_file(kSource / "samples/hero" / f, dir / f);
  Run built =
      run_spritec({"build", "hero.sprites.yaml", "-o", "base.spk", "--pages", "files"}, dir);
  REQUIRE(built.exit == 0);
  REQUIRE(fs::exists(dir / "base-0.png"));
  std::string scene = read_text(dir / "hero.scene.yaml");
  std::size_t at = scene.find("hero.sprites.yaml");
  REQUIRE(at != std::string::npos);
  scene.replace(at, 17, "base.spk");
  write_text(dir / "packed.scene.yaml", scene);
  for (const char* f :
       {"hero.sprites.yaml", "hero.png", "hero.scene.yaml", "base.spk", "base-0.png"}) {
    fs::create_symlink(f, dir / (std::string("soft-") + f));
    fs::create_hard_link(dir / f, dir / (std::string("hard-") + f));
  }
  return dir;
}

struct Attempt {
  std::vector<std::string> args;  // with TARGET where the output goes
  std::vector<std::string> inputs;
};

}  // namespace

TEST_CASE("no output flag of any command can replace a file the command reads",
          "[hostile][sharded]") {
  fs::path dir = make_project();
  const std::map<std::string, std::string> before = snapshot(dir);
  const std::vector<std::string> definition_inputs = {"hero.sprites.yaml", "hero.png"};
  const std::vector<std::string> scene_inputs = {"hero.scene.yaml", "hero.sprites.yaml",
                                                 "hero.png"};
  const std::vector<std::string> pack_inputs = {"base.spk", "base-0.png"};
  const std::vector<Attempt> attempts = {
      {{"build", "hero.sprites.yaml", "-o", "TARGET"}, definition_inputs},
      {{"build", "hero.sprites.yaml", "-o", "out.spk", "--json", "TARGET"}, definition_inputs},
      {{"build", "hero.sprites.yaml", "-o", "out.spk", "--depfile", "TARGET"}, definition_inputs},
      {{"simulate", "hero.scene.yaml", "--trace", "TARGET"}, scene_inputs},
      {{"simulate", "packed.scene.yaml", "--trace", "TARGET"}, pack_inputs},
      {{"simulate", "hero.scene.yaml", "--replay", "TARGET"}, scene_inputs},
      {{"simulate", "packed.scene.yaml", "--replay", "TARGET"}, pack_inputs},
      {{"preview", "hero.scene.yaml", "-o", "TARGET"}, {"hero.png"}},
      {{"preview", "base.spk", "-o", "TARGET"}, {"base-0.png"}},
      {{"preview", "hero.sprites.yaml", "-o", "TARGET"}, {"hero.png"}},
  };
  int runs = 0;
  std::size_t index = 0;  // of the attempt: each shard runs its own (SPRITEC_TEST_SHARD)
  for (const Attempt& attempt : attempts) {
    for (const std::string& input : attempt.inputs) {
      for (const char* form : {"", "soft-", "hard-"}) {
        if (!in_shard(index++)) continue;
        std::vector<std::string> args = attempt.args;
        for (std::string& a : args) {
          if (a == "TARGET") a = form + input;
        }
        Run run = run_spritec(args, dir);
        INFO(join(args) << "\nstdout:\n" << run.out << "\nstderr:\n" << run.err);
        CHECK(run.exit == 1);
        CHECK(run.err.find("error[E0006]") != std::string::npos);
        CHECK(run.err.find("would replace") != std::string::npos);
        CHECK(snapshot(dir) == before);
        ++runs;
      }
    }
  }
  if (kShard.count == 1) CHECK(runs == 57);
}

TEST_CASE("derived outputs are checked too: --json's page image and --pages files' pages",
          "[hostile]") {
  fs::path dir = make_project();
  const std::map<std::string, std::string> before = snapshot(dir);
  // --json hero.json would write its page as hero.png, the source image.
  Run json =
      run_spritec({"build", "hero.sprites.yaml", "-o", "out.spk", "--json", "hero.json"}, dir);
  CHECK(json.exit == 1);
  CHECK(json.err.find("--json's page image hero.png would replace hero.png") != std::string::npos);
  // -o base.spk --pages files from a definition that reads base-0.png as an image.
  fs::copy_file(dir / "base-0.png", dir / "out-0.png");
  write_text(dir / "page.sprites.yaml",
             "pack: p\nsheets:\n  - {name: s, image: out-0.png, grid: {cell: [8, 8], origin: "
             "[0, 0]}}\n");
  std::map<std::string, std::string> with_page = snapshot(dir);
  Run pages = run_spritec({"build", "page.sprites.yaml", "-o", "out.spk", "--pages", "files"}, dir);
  CHECK(pages.exit == 1);
  CHECK(pages.err.find("-o's page file out-0.png would replace out-0.png") != std::string::npos);
  CHECK(snapshot(dir) == with_page);
  // unpack: frames.yaml in the output directory is a link to the definition.
  fs::create_directories(dir / "frames");
  fs::create_symlink("../base-0.png", dir / "frames/frames.yaml");
  Run unpack = run_spritec({"unpack", "base.spk", "-o", "frames"}, dir);
  CHECK(unpack.exit == 1);
  CHECK(unpack.err.find("error[E0006]") != std::string::npos);
  CHECK(read_text(dir / "base-0.png") == before.at("base-0.png"));
  // Two outputs naming one file: the pack and the JSON.
  Run same = run_spritec({"build", "hero.sprites.yaml", "-o", "o.spk", "--json", "o.spk"}, dir);
  CHECK(same.exit == 1);
  CHECK(same.err.find("are the same file") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "o.spk"));
}

TEST_CASE("an output that is a device, FIFO or directory is refused, never replaced", "[hostile]") {
  fs::path dir = make_project();
  fs::create_directories(dir / "adir");
  const std::vector<std::vector<std::string>> attempts = {
      {"build", "hero.sprites.yaml", "-o", "/dev/null"},
      {"build", "hero.sprites.yaml", "-o", "adir"},
      {"build", "hero.sprites.yaml", "-o", "x.spk", "--depfile", "/dev/null"},
      {"simulate", "hero.scene.yaml", "--trace", "/dev/null"},
      {"simulate", "hero.scene.yaml", "--replay", "/dev/null"},
      {"unpack", "base.spk", "-o", "hero.png"},
  };
  for (const auto& args : attempts) {
    Run run = run_spritec(args, dir);
    INFO(join(args) << "\n" << run.err);
    CHECK(run.exit == 1);
    CHECK(run.err.find("error[E0007]") != std::string::npos);
  }
  CHECK(fs::is_character_file("/dev/null"));
  CHECK(fs::is_directory(dir / "adir"));
}

TEST_CASE("every command makes the missing parent directories of its outputs", "[hostile]") {
  fs::path dir = make_project();
  CHECK(run_spritec({"build", "hero.sprites.yaml", "-o", "a/b/hero.spk", "--json", "c/d/h.json",
                     "--depfile", "e/f/h.d"},
                    dir)
            .exit == 0);
  CHECK(fs::exists(dir / "a/b/hero.spk"));
  CHECK(fs::exists(dir / "c/d/h.json"));
  CHECK(fs::exists(dir / "c/d/h.png"));
  CHECK(fs::exists(dir / "e/f/h.d"));
  CHECK(run_spritec({"simulate", "hero.scene.yaml", "--trace", "g/h/t.jsonl"}, dir).exit == 0);
  CHECK(fs::exists(dir / "g/h/t.jsonl"));
  CHECK(run_spritec({"preview", "hero.scene.yaml", "-o", "i/j/p.gif"}, dir).exit == 0);
  CHECK(fs::exists(dir / "i/j/p.gif"));
  CHECK(run_spritec({"unpack", "base.spk", "-o", "k/l"}, dir).exit == 0);
  CHECK(fs::exists(dir / "k/l/frames.yaml"));
  // Nothing else is left beside them: no temporaries.
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    INFO(e.path());
    CHECK(e.path().filename().string().rfind(".spritec-", 0) == std::string::npos);
  }
}

TEST_CASE("a long output name fits: the temporary's name is short", "[hostile]") {
  fs::path dir = make_project();
  std::string name(250, 'h');
  name += ".spk";
  Run run = run_spritec({"build", "hero.sprites.yaml", "-o", name}, dir);
  CHECK(run.exit == 0);
  CHECK(fs::exists(dir / name));
}

TEST_CASE("--pages files with --json writes each page once and the JSON names it", "[hostile]") {
  fs::path dir = make_project();
  Run run = run_spritec(
      {"build", "hero.sprites.yaml", "-o", "p/h.spk", "--pages", "files", "--json", "j/h.json"},
      dir);
  REQUIRE(run.exit == 0);
  CHECK(fs::exists(dir / "p/h-0.png"));
  CHECK_FALSE(fs::exists(dir / "j/h.png"));
  CHECK(read_text(dir / "j/h.json").find("\"image\": \"../p/h-0.png\"") != std::string::npos);
}

TEST_CASE("the build cache never replaces a non-regular file", "[hostile]") {
  fs::path dir = make_project();
  REQUIRE(
      run_spritec({"build", "hero.sprites.yaml", "-o", "a.spk", "--cache", "store"}, dir).exit ==
      0);
  std::vector<fs::path> stored;
  for (const auto& e : fs::directory_iterator(dir / "store"))
    stored.push_back(e.path());
  REQUIRE(stored.size() == 1);
  // Where the cache would store this build, a directory stands: the build succeeds, the
  // cache says why it did not store it, and the directory is left as it was.
  fs::remove(stored[0]);
  fs::create_directories(stored[0] / "keep");
  Run run = run_spritec({"build", "hero.sprites.yaml", "-o", "b.spk", "--cache", "store"}, dir);
  INFO(run.err);
  CHECK(run.exit == 0);
  CHECK(run.err.find("warning: not stored in the cache") != std::string::npos);
  CHECK(fs::is_directory(stored[0] / "keep"));
  CHECK(read_text(dir / "a.spk") == read_text(dir / "b.spk"));
}

namespace {

// What a flag's value names, for the test below.
enum class Names { kNothingWritten, kFile, kDirectory };

// Every path below `dir` (directories too) with the bytes of each regular file.
std::map<std::string, std::string> tree(const fs::path& dir) {
  std::map<std::string, std::string> paths;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string name = fs::relative(e.path(), dir).string();
    paths[name] = fs::is_regular_file(e.symlink_status()) ? read_text(e.path()) : "<not a file>";
  }
  return paths;
}

}  // namespace

TEST_CASE(
    "an empty or directory-like name for any output flag is a usage error before anything "
    "is made",
    "[hostile][sharded]") {
  // Every long flag of every command, as its --help lists it, is classified here; a flag
  // added without a row fails the first check, so a new output flag cannot go untested.
  const std::map<std::string, std::map<std::string, Names>> flags = {
      {"check",
       {{"--format", Names::kNothingWritten},
        {"--jobs", Names::kNothingWritten},
        {"--werror", Names::kNothingWritten},
        {"--entry", Names::kNothingWritten},
        {"--master", Names::kNothingWritten},
        {"--root", Names::kNothingWritten}}},
      {"build",
       {{"--output", Names::kFile},
        {"--pages", Names::kNothingWritten},
        {"--json", Names::kFile},
        {"--export", Names::kFile},
        {"--export-prefix", Names::kNothingWritten},
        {"--depfile", Names::kFile},
        {"--stats", Names::kNothingWritten},
        {"--jobs", Names::kNothingWritten},
        {"--cache", Names::kDirectory},
        {"--root", Names::kNothingWritten},
        {"--werror", Names::kNothingWritten},
        {"--allow-loss", Names::kNothingWritten},
        {"--format", Names::kNothingWritten}}},
      {"export",
       {{"--format", Names::kNothingWritten},
        {"--output", Names::kFile},
        {"--prefix", Names::kNothingWritten},
        {"--werror", Names::kNothingWritten},
        {"--allow-loss", Names::kNothingWritten},
        {"--diagnostics", Names::kNothingWritten}}},
      {"inspect", {{"--json", Names::kNothingWritten}, {"--format", Names::kNothingWritten}}},
      {"unpack", {{"--output", Names::kDirectory}, {"--format", Names::kNothingWritten}}},
      // serve writes nothing: what it builds stays in memory and is served from there.
      {"serve",
       {{"--port", Names::kNothingWritten},
        {"--host", Names::kNothingWritten},
        {"--equip", Names::kNothingWritten},
        {"--poll", Names::kNothingWritten},
        {"--jobs", Names::kNothingWritten},
        {"--root", Names::kNothingWritten}}},
      {"detect",
       {{"--gap", Names::kNothingWritten},
        {"--colorkey", Names::kNothingWritten},
        {"--name", Names::kNothingWritten},
        {"--format", Names::kNothingWritten}}},
      {"simulate",
       {{"--ticks", Names::kNothingWritten},
        {"--trace", Names::kFile},
        {"--replay", Names::kFile},
        {"--root", Names::kNothingWritten},
        {"--format", Names::kNothingWritten}}},
      {"preview",
       {{"--output", Names::kFile},
        {"--action", Names::kNothingWritten},
        {"--view", Names::kNothingWritten},
        {"--scale", Names::kNothingWritten},
        {"--fps", Names::kNothingWritten},
        {"--background", Names::kNothingWritten},
        {"--debug", Names::kNothingWritten},
        {"--frames", Names::kNothingWritten},
        {"--animated", Names::kNothingWritten},
        {"--every", Names::kNothingWritten},
        {"--ticks", Names::kNothingWritten},
        {"--equip", Names::kNothingWritten},
        {"--root", Names::kNothingWritten},
        {"--format", Names::kNothingWritten}}},
  };
  // Each command's inputs, and its required output with a good name (replaced when it is
  // the flag under test).
  const std::map<std::string, std::vector<std::string>> inputs = {
      {"build", {"hero.sprites.yaml"}},
      {"export", {"base.spk", "--format", "godot4"}},
      {"unpack", {"base.spk"}},
      {"simulate", {"hero.scene.yaml"}},
      {"preview", {"hero.scene.yaml"}}};
  const std::map<std::string, std::string> required_output = {
      {"build", "out.spk"}, {"export", "out.tres"}, {"unpack", "frames"}, {"preview", "p.gif"}};
  const std::vector<std::string> file_names = {"", "nd/", "nd/.", "nd/..", "nd/sub/", "."};

  fs::path dir = make_project();
  const std::map<std::string, std::string> before = tree(dir);
  int runs = 0;
  std::size_t index = 0;  // of the bad name: each shard runs its own (SPRITEC_TEST_SHARD)
  for (const auto& [command, classified] : flags) {
    Run help = run_spritec({command, "--help"}, dir);
    REQUIRE(help.exit == 0);
    std::set<std::string> listed;
    for (const std::string& flag : help_flags(help.out)) {
      if (flag.rfind("--", 0) == 0) listed.insert(flag);
    }
    std::set<std::string> known;
    for (const auto& entry : classified)
      known.insert(entry.first);
    INFO("spritec " << command << " --help:\n" << help.out);
    CHECK(listed == known);
    for (const auto& [flag, names] : classified) {
      if (names == Names::kNothingWritten) continue;
      const std::vector<std::string> bad =
          names == Names::kFile ? file_names : std::vector<std::string>{""};
      for (const std::string& name : bad) {
        if (!in_shard(index++)) continue;
        std::vector<std::string> args = {command};
        for (const std::string& a : inputs.at(command))
          args.push_back(a);
        if (flag != "--output" && required_output.count(command)) {
          args.push_back("--output");
          args.push_back(required_output.at(command));
        }
        args.push_back(flag);
        args.push_back(flag == "--export" ? "godot4:" + name : name);
        Run run = run_spritec(args, dir);
        INFO(join(args) << "\nstderr:\n" << run.err);
        CHECK(run.exit == 2);
        CHECK(run.err.find("spritec " + command + ": " + flag) != std::string::npos);
        CHECK(run.err.find("run 'spritec " + command + " --help'") != std::string::npos);
        CHECK(tree(dir) == before);
        ++runs;
      }
    }
  }
  // build -o, --json, --export, --depfile; export -o; simulate --trace, --replay; preview -o:
  // six names each; build --cache and unpack -o: the empty name.
  if (kShard.count == 1) CHECK(runs == 8 * 6 + 2);
}
