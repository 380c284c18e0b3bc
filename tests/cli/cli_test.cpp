// End-to-end tests of the spritec executable.
//
// Golden cases are data: tests/cli/cases/<name>/case.txt holds
//   cwd: <directory, relative to tests/>      (default: the case directory)
//   setup: <a shell command run in cwd first> ($SCRATCH, $SPRITEC filled in)
//   args: <arguments after spritec>           (one line; split on spaces)
//   exit: <expected exit status>
//   outputs: <files under $SCRATCH>           (compared with the case's files/<name>)
//   timings: yes                              (numbers before " s" shown as "T s")
// and optional goldens `stdout` / `stderr` compared byte for byte. Paths of outputs
// should point into $SCRATCH (replaced by a scratch directory). SPRITEC_UPDATE_GOLDENS=1
// rewrites the goldens instead of comparing (cmake --build build --target update-goldens).
#include <sys/wait.h>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

// Our own stb_image copy, static, so the oracle does not go through spritec's image code.
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

#include "cli_run.hpp"
#include "decoders.hpp"
#include "schema_errors.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/geom/geom.hpp"
#include "spritec/image/alpha.hpp"
#include "spritec/image/image.hpp"

namespace fs = std::filesystem;
namespace geom = spritec::geom;
namespace image = spritec::image;
using namespace spritec_cli_test;

namespace {

std::vector<std::string> split_args(const std::string& line, const fs::path& scratch) {
  std::vector<std::string> args;
  std::istringstream in(line);
  std::string word;
  while (in >> word) {
    std::size_t at;
    while ((at = word.find("$SCRATCH")) != std::string::npos) {
      word.replace(at, 8, scratch.string());
    }
    args.push_back(word);
  }
  return args;
}

std::map<std::string, std::string> read_fields(const fs::path& file) {
  std::map<std::string, std::string> fields;
  std::istringstream in(read_text(file));
  std::string line;
  while (std::getline(in, line)) {
    std::size_t colon = line.find(':');
    if (line.empty() || line[0] == '#' || colon == std::string::npos) continue;
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    fields[line.substr(0, colon)] = value;
  }
  return fields;
}

std::vector<fs::path> sorted_dirs(const fs::path& dir) {
  std::vector<fs::path> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.is_directory()) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

image::Image load_with_stb(const fs::path& file) {
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(file.string().c_str(), &w, &h, &n, 4);
  image::Image img;
  if (!px) return img;
  img.width = w;
  img.height = h;
  img.rgba.assign(px, px + std::size_t(w) * h * 4);
  stbi_image_free(px);
  return img;
}

}  // namespace

TEST_CASE("golden CLI cases give their exit status and output", "[golden]") {
  bool update = std::getenv("SPRITEC_UPDATE_GOLDENS") != nullptr;
  std::vector<fs::path> cases = sorted_dirs(kTests / "cli" / "cases");
  REQUIRE(!cases.empty());
  for (const fs::path& dir : cases) {
    auto fields = read_fields(dir / "case.txt");
    fs::path scratch = kScratch / "cases" / dir.filename();
    fs::remove_all(scratch);
    fs::create_directories(scratch);
    fs::path cwd = fields.count("cwd") ? kTests / fields["cwd"] : dir;
    if (fields.count("setup")) {
      // A shell command run in cwd first; $SCRATCH and $SPRITEC (the executable) filled in.
      std::string setup = fields["setup"];
      for (const auto& [from, to] :
           {std::pair<std::string, std::string>{"$SCRATCH", scratch.string()},
            {"$SPRITEC", shell_quote(kSpritec)}}) {
        std::size_t at;
        while ((at = setup.find(from)) != std::string::npos)
          setup.replace(at, from.size(), to);
      }
      REQUIRE(std::system(("cd " + shell_quote(cwd.string()) + " && " + setup).c_str()) == 0);
    }
    Run run = run_spritec(split_args(fields["args"], scratch), cwd);
    // Scratch paths differ between machines: goldens show them as $SCRATCH. Timings
    // (build --stats) differ between runs: shown as "T s".
    auto normal = [&](std::string s) {
      std::size_t at;
      while ((at = s.find(scratch.string())) != std::string::npos) {
        s.replace(at, scratch.string().size(), "$SCRATCH");
      }
      const std::string tests = (kTests / "").string();  // with its trailing separator
      while ((at = s.find(tests)) != std::string::npos)
        s.replace(at, tests.size(), "$TESTS/");
      if (fields.count("timings"))
        s = std::regex_replace(s, std::regex("[0-9]+\\.[0-9]+ s\\b"), "T s");
      return s;
    };
    INFO("case " << dir.filename().string() << "\nstdout:\n"
                 << run.out << "\nstderr:\n"
                 << run.err);
    // `outputs: a.json b.d` — files the command wrote under $SCRATCH, compared byte for byte
    // with the case's goldens in files/ (text outputs with $SCRATCH for the scratch path).
    std::vector<std::string> outputs = split_args(fields["outputs"], scratch);
    if (update) {
      write_text(dir / "stdout", normal(run.out));
      write_text(dir / "stderr", normal(run.err));
      for (const std::string& name : outputs) {
        fs::create_directories((dir / "files" / name).parent_path());
        write_text(dir / "files" / name, normal(read_text(scratch / name)));
      }
      continue;
    }
    CHECK(run.exit == std::stoi(fields["exit"]));
    if (fs::exists(dir / "stdout")) CHECK(normal(run.out) == read_text(dir / "stdout"));
    if (fs::exists(dir / "stderr")) CHECK(normal(run.err) == read_text(dir / "stderr"));
    for (const std::string& name : outputs) {
      INFO("output " << name);
      REQUIRE(fs::exists(scratch / name));
      CHECK(normal(read_text(scratch / name)) == read_text(dir / "files" / name));
    }
  }
}

TEST_CASE("every error case reports its code at its line and column", "[hostile][sharded]") {
  // tests/data/errors/<code>-<slug>/: input.sprites.yaml checked with the flags in args.txt
  // (or a whole command line as `args:` in case.txt), and
  // expected.txt = "LINE:COLUMN CODE" (0:0 for a diagnostic about a whole file).
  std::vector<fs::path> cases = sorted_dirs(kTests / "data" / "errors");
  REQUIRE(!cases.empty());
  for (const fs::path& dir : this_shard(cases)) {
    std::string expected = read_text(dir / "expected.txt");
    std::istringstream in(expected);
    std::string position, code;
    in >> position >> code;
    INFO("case " << dir.filename().string() << " expects " << expected);
    REQUIRE(!code.empty());
    CHECK(dir.filename().string().rfind(code, 0) == 0);
    std::vector<std::string> args = {"check", "input.sprites.yaml"};
    if (fs::exists(dir / "args.txt")) {  // extra check flags, e.g. --entry walk
      for (const std::string& a : split_args(read_text(dir / "args.txt"), kScratch)) {
        args.push_back(a);
      }
    }
    int want_exit = code[0] == 'E' ? 1 : 0;  // warnings and notes do not fail
    if (fs::exists(dir / "case.txt")) {
      // A whole command line; `setup:` prepares inputs too big or odd to commit, or builds
      // the pack an `export` case reads (run by the shell in the case directory; $SCRATCH
      // and $SPRITEC filled in), `exit:` overrides the expected status.
      auto fields = read_fields(dir / "case.txt");
      fs::path scratch = kScratch / "errors" / dir.filename();
      fs::remove_all(scratch);
      fs::create_directories(scratch);
      auto substitute = [&](std::string text) {
        std::size_t at;
        while ((at = text.find("$SCRATCH")) != std::string::npos) {
          text.replace(at, 8, scratch.string());
        }
        while ((at = text.find("$SPRITEC")) != std::string::npos) {
          text.replace(at, 8, shell_quote(kSpritec));
        }
        return text;
      };
      if (fields.count("setup")) {
        std::string setup =
            "cd " + shell_quote(dir.string()) + " && " + substitute(fields["setup"]);
        REQUIRE(std::system(setup.c_str()) == 0);
      }
      args = split_args(fields["args"], scratch);
      if (fields.count("exit")) want_exit = std::stoi(fields["exit"]);
    }
    Run run = run_spritec(args, dir);
    INFO("stdout:\n" << run.out << "\nstderr:\n" << run.err);
    CHECK(run.exit == want_exit);
    // Every line of expected.txt ("LINE:COLUMN CODE"): one run reports every problem.
    std::istringstream lines(expected);
    std::string line;
    while (std::getline(lines, line)) {
      std::istringstream fields(line);
      std::string at, what;
      if (!(fields >> at >> what)) continue;
      std::string where = at == "0:0" ? "" : ":" + at;
      std::regex pattern(where + ": (error|warning|note)\\[" + what + "\\]");
      INFO("expected: " << line);
      CHECK(std::regex_search(run.err, pattern));
    }
  }
}

TEST_CASE("the public conformance cases of bad definitions fail where expected.tsv says",
          "[hostile]") {
  fs::path dir = kTests / "data" / "conformance";
  std::istringstream tsv(read_text(dir / "bad" / "expected.tsv"));
  std::string line;
  int cases = 0;
  while (std::getline(tsv, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string file, exit, row, col;
    std::getline(fields, file, '\t');
    std::getline(fields, exit, '\t');
    std::getline(fields, row, '\t');
    std::getline(fields, col, '\t');
    Run run = run_spritec({"check", "--format", "json", "bad/" + file}, dir);
    INFO(file << "\n" << run.out << run.err);
    CHECK(run.exit == std::stoi(exit));
    auto doc = nlohmann::json::parse(run.out);
    bool found = false;
    for (const auto& d : doc["diagnostics"]) {
      if (d["severity"] == "error" && d["line"] == std::stoi(row) && d["column"] == std::stoi(col))
        found = true;
    }
    CHECK(found);
    ++cases;
  }
  CHECK(cases == 3);
}

namespace {

// Every definition that builds: the samples and tests/data/defs/valid.
std::vector<fs::path> buildable_definitions() {
  std::vector<fs::path> defs;
  for (const fs::path& root : {kSource / "samples", kTests / "data" / "defs" / "valid"}) {
    if (!fs::exists(root)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      std::string name = e.path().filename().string();
      if (e.is_regular_file() && name.size() > 13 &&
          name.compare(name.size() - 13, 13, ".sprites.yaml") == 0)
        defs.push_back(e.path());
    }
  }
  std::sort(defs.begin(), defs.end());
  return defs;
}

}  // namespace

namespace {

// What a pack stores under alpha, as inspect --json says it.
struct PackAlpha {
  bool premultiplied = false;
  bool bled = false;
};

// Pages of each kind seen by the round trips.
struct PageKinds {
  std::size_t indexed = 0;
  std::size_t rgba = 0;
};

// A colour channel `c` of alpha `a` as a premultiplied page gives it back: premultiplied as
// docs/definitions.md says ((c * a + 127) / 255), then divided again ((p * 255 + a / 2) / a,
// at most 255); alpha 0 keeps no colour.
std::uint8_t through_premultiply(std::uint8_t c, std::uint8_t a) {
  if (a == 255) return c;
  if (a == 0) return 0;
  const unsigned p = (unsigned(c) * a + 127) / 255;
  return std::uint8_t(std::min(255u, (p * 255 + a / 2u) / a));
}

// Builds `def` (run in its directory, inputs under `root`) into scratch/p.spk, in a
// scratch directory made empty first; the build must succeed.
void build_into(const fs::path& def, const fs::path& root, const fs::path& scratch) {
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  Run built = run_spritec({"build", def.filename().string(), "-o", (scratch / "p.spk").string(),
                           "--root", root.string()},
                          def.parent_path());
  INFO(built.err);
  REQUIRE(built.exit == 0);
}

// Builds `def` (run in its directory, inputs under `root`) into scratch/p.spk, unpacks it
// into scratch/frames, and checks every frame against its source pixels decoded with
// stb_image directly (a decoder we did not write), cut at the rectangles the definition
// names, colour key applied by hand: the same RGBA, a fully transparent pixel as (0, 0, 0,
// 0); from a premultiplied pack each colour as through_premultiply gives it. Checks that
// the pack stores what `alpha` says, counts its page kinds into `kinds`.
void check_round_trip(const fs::path& def, const fs::path& root, const fs::path& scratch,
                      PackAlpha alpha, PageKinds& kinds) {
  INFO("definition " << def.string());
  build_into(def, root, scratch);
  Run listed = run_spritec({"inspect", "--json", (scratch / "p.spk").string()}, scratch);
  REQUIRE(listed.exit == 0);
  auto doc = nlohmann::json::parse(listed.out);
  CHECK(doc["page_alpha"] == (alpha.premultiplied ? "premultiplied" : "straight"));
  CHECK(doc["bled"] == alpha.bled);
  Run described = run_spritec({"inspect", (scratch / "p.spk").string()}, scratch);
  REQUIRE(described.exit == 0);
  std::size_t indexed_here = 0;
  for (std::size_t at = 0;
       (at = described.out.find("embedded indexed PNG (", at)) != std::string::npos; ++at)
    ++indexed_here;
  REQUIRE(doc["pages"].size() >= indexed_here);
  kinds.indexed += indexed_here;
  kinds.rgba += doc["pages"].size() - indexed_here;
  const std::string stem = def.stem().stem().string();
  if (stem == "rgba") CHECK(indexed_here == 0);  // png: rgba
  if (stem == "palette" && !alpha.premultiplied) CHECK(indexed_here == doc["pages"].size());
  Run unpacked = run_spritec(
      {"unpack", (scratch / "p.spk").string(), "-o", (scratch / "frames").string()}, scratch);
  REQUIRE(unpacked.exit == 0);

  spritec::diag::Sink sink;
  spritec::def::LoadOptions load;
  load.root = root;
  auto definition = spritec::def::load_definition(def, load, sink);
  REQUIRE(definition);
  CHECK(definition->atlas.premultiply == alpha.premultiplied);
  CHECK(definition->atlas.bleed == alpha.bled);
  // Format 1.3 for a layered master or a piece, 1.2 for a pack with boxes or points, else
  // 1.1 (with its ALPH section) only for a pack that needs it.
  const bool layers = definition->layers.master() || !definition->layers.slot.empty();
  const bool shapes = !definition->shape_names.empty();
  CHECK(doc["format_version"] ==
        nlohmann::json::array({1, layers                              ? 3
                                  : shapes                            ? 2
                                  : alpha.premultiplied || alpha.bled ? 1
                                                                      : 0}));
  std::string frames_yaml = read_text(scratch / "frames" / "frames.yaml");
  REQUIRE(doc["frames"].size() == definition->frames.size());
  std::map<std::string, image::Image> sources;
  for (const spritec::def::Frame& frame : definition->frames) {
    INFO("frame " << frame.name);
    const spritec::def::Sheet& sheet = definition->sheets[frame.sheet];
    // An .aseprite file is no PNG for stb to read: its flattened pixels are checked
    // against an export written independently (tests/cli/aseprite_test.cpp: the same
    // pack as the JSON export's) and by hand in tests/unit/aseprite.
    if (sheet.kind == spritec::def::SheetKind::kAseprite) continue;
    std::string key = frame.image.string();
    if (!sources.count(key)) sources[key] = load_with_stb(frame.image);
    const image::Image& src = sources[key];
    REQUIRE(src.width > 0);
    image::Image got = load_with_stb(scratch / "frames" / (frame.name + ".png"));
    REQUIRE(got.width == frame.rect.width);
    REQUIRE(got.height == frame.rect.height);
    std::size_t mismatches = 0;
    for (int y = 0; y < got.height; ++y) {
      for (int x = 0; x < got.width; ++x) {
        const std::uint8_t* s =
            src.rgba.data() + (std::size_t(frame.rect.y + y) * src.width + frame.rect.x + x) * 4;
        std::uint8_t want[4] = {s[0], s[1], s[2], s[3]};
        if (sheet.colorkey && s[0] == sheet.colorkey->r && s[1] == sheet.colorkey->g &&
            s[2] == sheet.colorkey->b)
          want[0] = want[1] = want[2] = want[3] = 0;
        if (want[3] == 0) want[0] = want[1] = want[2] = 0;  // unpack writes no colour there
        if (alpha.premultiplied) {
          for (int c = 0; c < 3; ++c)
            want[c] = through_premultiply(want[c], want[3]);
        }
        const std::uint8_t* g = got.rgba.data() + (std::size_t(y) * got.width + x) * 4;
        if (!std::equal(want, want + 4, g)) ++mismatches;
      }
    }
    CHECK(mismatches == 0);
    // The origin written by unpack is the definition's, untrimmed; then the frame's boxes and
    // points, when it has some.
    CHECK(frames_yaml.find("\"" + frame.name + "\": {size: [" + std::to_string(frame.rect.width) +
                           ", " + std::to_string(frame.rect.height) + "], origin: [" +
                           std::to_string(frame.origin.x) + ", " + std::to_string(frame.origin.y) +
                           (frame.shapes.empty() ? "]}" : "], ")) != std::string::npos);
  }
}

// The tree the buildable definitions read (samples/ and tests/data/defs/), copied under
// `mirror`, with `keys` (e.g. "bleed: true") added to every definition's atlas mapping —
// keys a definition already has are left as written. Returns each definition's copy, in the
// order of `defs`.
std::vector<fs::path> with_atlas_keys(const std::vector<fs::path>& defs, const fs::path& mirror,
                                      const std::vector<std::string>& keys) {
  fs::remove_all(mirror);
  for (const fs::path& dir : {kSource / "samples", kTests / "data" / "defs"}) {
    const fs::path to = mirror / dir.lexically_relative(kSource);
    fs::create_directories(to);
    fs::copy(dir, to, fs::copy_options::recursive);
  }
  std::vector<fs::path> out;
  for (const fs::path& def : defs) {
    const fs::path copy = mirror / def.lexically_relative(kSource);
    std::string text = read_text(copy);
    std::vector<std::string> wanted;
    for (const std::string& key : keys) {
      const std::string name = key.substr(0, key.find(':'));
      if (!std::regex_search(text, std::regex("(^|\\n)atlas:.*\\b" + name + ":")) &&
          !std::regex_search(text, std::regex("\\n  " + name + ":")))
        wanted.push_back(key);
    }
    std::smatch m;
    if (std::regex_search(text, m, std::regex("(^|\\n)atlas: *\\{"))) {  // atlas: {…}
      std::string added;
      for (const std::string& key : wanted)
        added += key + ", ";
      text.insert(std::size_t(m.position(0) + m.length(0)), added);
    } else if (std::regex_search(text, m, std::regex("(^|\\n)atlas: *(#[^\\n]*)?\\n"))) {
      std::string added;
      for (const std::string& key : wanted)
        added += "  " + key + "\n";
      text.insert(std::size_t(m.position(0) + m.length(0)), added);
    } else if (!wanted.empty()) {
      std::string added = "atlas: {";
      for (std::size_t i = 0; i < wanted.size(); ++i)
        added += (i ? ", " : "") + wanted[i];
      text += (text.empty() || text.back() == '\n' ? "" : "\n") + added + "}\n";
    }
    write_text(copy, text);
    out.push_back(copy);
  }
  return out;
}

}  // namespace

TEST_CASE("build then unpack gives back every frame's source pixels and origin") {
  std::vector<fs::path> defs = buildable_definitions();
  REQUIRE(!defs.empty());
  // Both kinds of page are round-tripped: indexed (png: auto with at most 256 colours) and
  // RGBA (more colours, or png: rgba).
  PageKinds kinds;
  for (const fs::path& def : defs) {
    spritec::diag::Sink sink;
    spritec::def::LoadOptions load;
    load.root = kSource;
    auto definition = spritec::def::load_definition(def, load, sink);
    REQUIRE(definition);
    check_round_trip(def, kSource, kScratch / "roundtrip" / def.stem().stem(),
                     {definition->atlas.premultiply, definition->atlas.bleed}, kinds);
  }
  CHECK(kinds.indexed > 0);
  CHECK(kinds.rgba > 0);
}

TEST_CASE("with bleed the same frames come back byte for byte; with premultiply within rounding") {
  // Every buildable definition again, with atlas: {bleed: true}, then {premultiply: true}
  // (in a copy of the tree they read). Bleed changes only the colour of fully transparent
  // pixels, which unpack writes as (0, 0, 0, 0): the unpacked frames are the same files as
  // without it, and so are the previews (a transparent pixel draws nothing).
  const std::vector<fs::path> defs = buildable_definitions();
  const fs::path bled_tree = kScratch / "roundtrip-bleed" / "tree";
  const fs::path premultiplied_tree = kScratch / "roundtrip-premultiply" / "tree";
  const std::vector<fs::path> bled = with_atlas_keys(defs, bled_tree, {"bleed: true"});
  const std::vector<fs::path> premultiplied =
      with_atlas_keys(defs, premultiplied_tree, {"premultiply: true"});
  PageKinds kinds;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    const std::string name = defs[i].stem().stem().string();
    spritec::diag::Sink sink;
    spritec::def::LoadOptions load;
    load.root = kSource;
    auto plain = spritec::def::load_definition(defs[i], load, sink);
    REQUIRE(plain);
    const fs::path plain_dir = kScratch / "roundtrip-plain" / name;
    check_round_trip(defs[i], kSource, plain_dir, {plain->atlas.premultiply, plain->atlas.bleed},
                     kinds);
    const fs::path bled_dir = kScratch / "roundtrip-bleed" / name;
    check_round_trip(bled[i], bled_tree, bled_dir, {plain->atlas.premultiply, true}, kinds);
    const fs::path premultiplied_dir = kScratch / "roundtrip-premultiply" / name;
    check_round_trip(premultiplied[i], premultiplied_tree, premultiplied_dir,
                     {true, plain->atlas.bleed}, kinds);
    if (plain->atlas.premultiply || plain->atlas.bleed) continue;  // nothing to compare with
    INFO("definition " << defs[i].string());
    // Bleed: the same unpacked files, and the same previews of every action, GIF and APNG,
    // and the same contact sheet.
    for (const auto& e : fs::recursive_directory_iterator(plain_dir / "frames")) {
      if (!e.is_regular_file()) continue;
      const fs::path rel = e.path().lexically_relative(plain_dir);
      INFO("file " << rel.string());
      CHECK(read_text(bled_dir / rel) == read_text(e.path()));
    }
    for (const std::string out : {"sheet.png", "play.gif", "play.apng"}) {
      INFO("preview " << out);
      std::vector<std::string> args = {"preview", "p.spk", "-o", out};
      if (out != "sheet.png") args.insert(args.end(), {"--frames", "0..40"});
      REQUIRE(run_spritec(args, plain_dir).exit == 0);
      REQUIRE(run_spritec(args, bled_dir).exit == 0);
      CHECK(read_text(bled_dir / out) == read_text(plain_dir / out));
    }
    // Premultiply: the contact sheet (frames over an opaque background) within 1 a channel:
    // a colour off by (127 + a / 2) / a is drawn weighted by a / 255.
    REQUIRE(run_spritec({"preview", "p.spk", "-o", "sheet.png"}, premultiplied_dir).exit == 0);
    const image::Image want = load_with_stb(plain_dir / "sheet.png");
    const image::Image got = load_with_stb(premultiplied_dir / "sheet.png");
    REQUIRE(got.width == want.width);
    REQUIRE(got.height == want.height);
    int worst = 0;
    for (std::size_t k = 0; k < got.rgba.size(); ++k)
      worst = std::max(worst, std::abs(int(got.rgba[k]) - int(want.rgba[k])));
    CHECK(worst <= 1);
  }
  CHECK(kinds.indexed > 0);
  CHECK(kinds.rgba > 0);

  // The samples' scenes, as the README renders them, with bleed: the same GIFs.
  for (const auto& e : fs::directory_iterator(kSource / "samples")) {
    if (!e.is_directory()) continue;
    for (const auto& f : fs::directory_iterator(e.path())) {
      const std::string file = f.path().filename().string();
      if (file.size() < 11 || file.compare(file.size() - 11, 11, ".scene.yaml") != 0) continue;
      INFO("scene " << f.path().string());
      const fs::path copy = bled_tree / f.path().lexically_relative(kSource);
      const fs::path out = kScratch / "roundtrip-bleed" / (file + ".gif");
      const fs::path want = kScratch / "roundtrip-plain" / (file + ".gif");
      REQUIRE(run_spritec({"preview", file, "-o", want.string()}, f.path().parent_path()).exit ==
              0);
      REQUIRE(run_spritec({"preview", file, "-o", out.string(), "--root", bled_tree.string()},
                          copy.parent_path())
                  .exit == 0);
      CHECK(read_text(out) == read_text(want));
    }
  }
}

TEST_CASE("exports write bled straight pages of a bled pack; spine keeps premultiplied ones") {
  // tests/data/defs/valid/alpha (premultiplied and bled, mirrored steps) and the hero sample
  // with bleed (straight and bled). Every page a straight-alpha export writes — the pack's
  // and the export's own (mirrored frames, aseprite-json's sheet) — is bled: bleeding it
  // again changes nothing. spine's pages of the premultiplied pack stay premultiplied (no
  // colour above its alpha, nothing under alpha 0) and say pma:true.
  const fs::path tree = kScratch / "export-alpha" / "tree";
  const fs::path hero =
      with_atlas_keys({kSource / "samples" / "hero" / "hero.sprites.yaml"}, tree, {"bleed: true"})
          .front();
  const fs::path alpha = kTests / "data" / "defs" / "valid" / "alpha" / "alpha.sprites.yaml";
  for (const auto& [def, root, premultiplied] :
       {std::tuple{alpha, kSource, true}, std::tuple{hero, tree, false}}) {
    INFO("definition " << def.string());
    const fs::path scratch = kScratch / "export-alpha" / def.stem().stem();
    build_into(def, root, scratch);
    for (const std::string format : {"godot4", "phaser", "aseprite-json", "spine"}) {
      INFO("format " << format);
      const fs::path dir = scratch / format;
      const std::string out = format == "spine"    ? "x.atlas"
                              : format == "godot4" ? "x.tres"
                                                   : "x.json";
      Run exported =
          run_spritec({"export", "p.spk", "--format", format, "-o", (dir / out).string()}, scratch);
      INFO(exported.err);
      REQUIRE(exported.exit == 0);
      const bool pma = premultiplied && format == "spine";
      if (format == "spine")
        CHECK((read_text(dir / out).find("pma:true") != std::string::npos) == pma);
      std::size_t pages = 0;
      for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().extension() != ".png") continue;
        INFO("page " << e.path().filename().string());
        ++pages;
        const image::Image page = load_with_stb(e.path());
        REQUIRE(page.width > 0);
        if (pma) {
          std::size_t over = 0;
          for (std::size_t k = 0; k < page.rgba.size(); k += 4) {
            const std::uint8_t a = page.rgba[k + 3];
            for (std::size_t c = 0; c < 3; ++c)
              over += page.rgba[k + c] > a ? 1 : 0;
          }
          CHECK(over == 0);
        } else {
          image::Image again = page;
          image::bleed(again);
          CHECK(again.rgba == page.rgba);
        }
      }
      CHECK(pages >= (format == "godot4" ? 2u : 1u));  // godot4: mirrored frames' own page
    }
  }
}

TEST_CASE("building twice, and with another thread count, gives identical bytes") {
  for (const fs::path& def : buildable_definitions()) {
    INFO("definition " << def.string());
    fs::path scratch = kScratch / "determinism" / def.stem().stem();
    fs::remove_all(scratch);
    fs::create_directories(scratch);
    std::vector<std::string> variants = {"1", "4", "1"};
    std::vector<std::string> packs, jsons, pages;
    for (std::size_t i = 0; i < variants.size(); ++i) {
      fs::path out = scratch / ("p" + std::to_string(i));
      fs::create_directories(out);
      Run r = run_spritec(
          {"build", def.filename().string(), "-o", (out / "p.spk").string(), "--json",
           (out / "p.json").string(), "--jobs", variants[i], "--root", kSource.string()},
          def.parent_path());
      REQUIRE(r.exit == 0);
      packs.push_back(read_text(out / "p.spk"));
      jsons.push_back(read_text(out / "p.json"));
      pages.push_back(read_text(out / (fs::exists(out / "p.png") ? "p.png" : "p-0.png")));
    }
    CHECK(packs[0] == packs[1]);
    CHECK(packs[0] == packs[2]);
    CHECK(jsons[0] == jsons[1]);
    CHECK(pages[0] == pages[1]);
    CHECK(!packs[0].empty());
  }
}

TEST_CASE("JSON outputs follow the schemas that ship in schemas/") {
  SECTION("check --format json, with errors and notes") {
    Run run = run_spritec({"check", "--format", "json", "bad/typo.sprites.yaml",
                           "bad/unknown_frame.sprites.yaml", "bad/outside.sprites.yaml"},
                          kTests / "data" / "conformance");
    CHECK(run.exit == 1);
    auto doc = nlohmann::json::parse(run.out);
    CHECK(doc["errors"].get<int>() >= 3);
    CHECK(schema_errors("diagnostics.schema.json", doc) == "");
  }
  SECTION("inspect --json of the frozen pack and of a fresh build") {
    Run frozen = run_spritec({"inspect", "--json", "format-1.0.spk"}, kTests / "data" / "packs");
    REQUIRE(frozen.exit == 0);
    CHECK(schema_errors("inspect.schema.json", nlohmann::json::parse(frozen.out)) == "");
    fs::path scratch = kScratch / "schema";
    fs::create_directories(scratch);
    Run built = run_spritec({"build", "hero.sprites.yaml", "-o", (scratch / "hero.spk").string()},
                            kSource / "samples" / "hero");
    REQUIRE(built.exit == 0);
    Run fresh = run_spritec({"inspect", "--json", (scratch / "hero.spk").string()}, scratch);
    REQUIRE(fresh.exit == 0);
    CHECK(schema_errors("inspect.schema.json", nlohmann::json::parse(fresh.out)) == "");
  }
  SECTION("inspect --json of an .aseprite file") {
    Run run =
        run_spritec({"inspect", "--json", "hero.aseprite"}, kTests / "data" / "aseprite_json");
    REQUIRE(run.exit == 0);
    CHECK(schema_errors("aseprite-inspect.schema.json", nlohmann::json::parse(run.out)) == "");
  }
  SECTION("a schema catches a document that breaks it") {
    CHECK(schema_errors("diagnostics.schema.json", nlohmann::json{{"errors", -1}}) != "");
  }
}

TEST_CASE("a build from the cache gives the same bytes as a fresh build") {
  fs::path scratch = kScratch / "cache";
  fs::remove_all(scratch);
  for (std::string pages : {"embed", "files"}) {
    INFO("--pages " << pages);
    std::vector<std::string> packs, jsons, stats;
    for (int i = 0; i < 3; ++i) {
      // 0: fresh, no cache; 1: fills the cache; 2: served from it.
      fs::path out = scratch / pages / std::to_string(i);
      fs::create_directories(out);
      std::vector<std::string> args = {
          "build",  "hero.sprites.yaml",          "-o",      (out / "hero.spk").string(),
          "--json", (out / "hero.json").string(), "--pages", pages,
          "--stats"};
      if (i > 0) {
        args.push_back("--cache");
        args.push_back((scratch / "store").string());
      }
      Run r = run_spritec(args, kSource / "samples" / "hero");
      REQUIRE(r.exit == 0);
      packs.push_back(read_text(out / "hero.spk"));
      jsons.push_back(read_text(out / "hero.json"));
      stats.push_back(r.err);
      // With --pages files the JSON names the pack's page file: no second copy.
      if (pages == "files") CHECK_FALSE(fs::exists(out / "hero.png"));
    }
    CHECK(packs[0] == packs[1]);
    CHECK(packs[0] == packs[2]);
    CHECK(jsons[0] == jsons[2]);
    // The cache keeps packs with embedded pages whatever --pages says, so the files build
    // is served by what the embed build stored.
    CHECK((stats[1].find("cached") == std::string::npos) == (pages == "embed"));
    CHECK(stats[2].find("cached") != std::string::npos);
  }
}

TEST_CASE("the public conformance scene gives exactly demo.trace.jsonl") {
  // Run from the case's folder (the path policy's root), 40 ticks; x/y compared within
  // 0.001, every other field exactly.
  fs::path dir = kTests / "data" / "conformance";
  fs::path trace = kScratch / "demo.jsonl";
  fs::create_directories(kScratch);
  Run run =
      run_spritec({"simulate", "demo.scene.yaml", "--ticks", "40", "--trace", trace.string()}, dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  std::istringstream got(read_text(trace)), want(read_text(dir / "demo.trace.jsonl"));
  std::string g, w;
  int lines = 0;
  while (std::getline(want, w)) {
    REQUIRE(std::getline(got, g));
    INFO("line " << lines + 1 << "\n got: " << g << "\nwant: " << w);
    auto gj = nlohmann::ordered_json::parse(g), wj = nlohmann::ordered_json::parse(w);
    std::vector<std::string> gkeys, wkeys;
    for (auto& [k, v] : gj.items())
      gkeys.push_back(k);
    for (auto& [k, v] : wj.items())
      wkeys.push_back(k);
    CHECK(gkeys == wkeys);
    for (auto& [k, v] : wj.items()) {
      if (k == "x" || k == "y") {
        CHECK(std::abs(gj[k].get<double>() - v.get<double>()) < 0.001);
      } else {
        CHECK(gj[k] == v);
      }
    }
    ++lines;
  }
  CHECK(!std::getline(got, g));
  CHECK(lines == 52);
  SECTION("without --ticks the run ends on the tick the last script item ends") {
    Run summary = run_spritec({"simulate", "demo.scene.yaml"}, dir);
    REQUIRE(summary.exit == 0);
    CHECK(summary.out.rfind("ticks run: 0..26 (27 ticks)\n", 0) == 0);
  }
  SECTION("the same scene through a prebuilt pack gives the same trace") {
    fs::path pack_dir = kScratch / "demo-spk";
    fs::remove_all(pack_dir);
    fs::create_directories(pack_dir);
    Run built =
        run_spritec({"build", "fx.sprites.yaml", "-o", (pack_dir / "fx.spk").string()}, dir);
    REQUIRE(built.exit == 0);
    std::string scene = read_text(dir / "demo.scene.yaml");
    scene.replace(scene.find("fx.sprites.yaml"), 15, "fx.spk");
    write_text(pack_dir / "demo.scene.yaml", scene);
    Run again =
        run_spritec({"simulate", "demo.scene.yaml", "--ticks", "40", "--trace", "-"}, pack_dir);
    REQUIRE(again.exit == 0);
    CHECK(again.out == read_text(trace));
  }
}

namespace {

struct GifFrames {
  std::vector<image::Image> frames;  // composed (coalesced) frames
  std::vector<int> delays;           // centiseconds
  int loops = -1;                    // 0 when the NETSCAPE2.0 loop extension says forever
};

// The GIF as a browser shows it, through the render tests' giflib-based decoder (one
// decoder for every test; it shares no code with the encoder).
GifFrames read_gif(const fs::path& file) {
  std::string text = read_text(file);
  render_test::DecodedAnimation decoded =
      render_test::decode_gif(std::vector<std::uint8_t>(text.begin(), text.end()));
  REQUIRE(decoded.error.empty());
  GifFrames out;
  for (const render_test::DecodedFrame& f : decoded.frames) {
    out.frames.push_back(f.image);
    out.delays.push_back(f.delay);
  }
  if (decoded.loops_forever) out.loops = 0;
  return out;
}

bool same_pixels(const image::Image& a, const image::Image& b) {
  if (a.width != b.width || a.height != b.height) return false;
  for (std::size_t i = 0; i < a.rgba.size(); i += 4) {
    if (a.rgba[i + 3] == 0 && b.rgba[i + 3] == 0) continue;
    if (!std::equal(&a.rgba[i], &a.rgba[i] + 4, &b.rgba[i])) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("a scene's GIF plays for the scene's duration and shows the rendered frames") {
  fs::path dir = kSource / "samples" / "hero";
  fs::path scratch = kScratch / "gif";
  fs::create_directories(scratch);
  Run summary = run_spritec({"simulate", "hero.scene.yaml"}, dir);
  REQUIRE(summary.exit == 0);
  // "ticks run: 0..T (N ticks)": the preview lasts N ticks at 60 per second.
  std::smatch m;
  REQUIRE(std::regex_search(summary.out, m,
                            std::regex("ticks run: 0\\.\\.([0-9]+) \\(([0-9]+) ticks\\)")));
  long ticks = std::stol(m[2]);
  Run gif = run_spritec({"preview", "hero.scene.yaml", "-o", (scratch / "hero.gif").string()}, dir);
  REQUIRE(gif.exit == 0);
  GifFrames decoded = read_gif(scratch / "hero.gif");
  CHECK(decoded.loops == 0);
  long total = 0;
  for (int d : decoded.delays) {
    CHECK(d >= 2);
    total += d;
  }
  CHECK(std::abs(double(total) - double(ticks) * 100.0 / 60.0) <= 1.0);
  // The first and the last frames, rendered alone as APNG (its default image is the frame,
  // decoded by stb_image), match what giflib composes.
  Run first = run_spritec(
      {"preview", "hero.scene.yaml", "-o", (scratch / "first.apng").string(), "--frames", "0..0"},
      dir);
  REQUIRE(first.exit == 0);
  CHECK(same_pixels(load_with_stb(scratch / "first.apng"), decoded.frames.front()));
  std::smatch n;
  REQUIRE(std::regex_search(gif.out, n, std::regex("\\(([0-9]+) rendered frames")));
  std::string last = std::to_string(std::stol(n[1]) - 1);
  Run final_frame = run_spritec({"preview", "hero.scene.yaml", "-o",
                                 (scratch / "last.apng").string(), "--frames", last + ".." + last},
                                dir);
  REQUIRE(final_frame.exit == 0);
  CHECK(same_pixels(load_with_stb(scratch / "last.apng"), decoded.frames.back()));
}

TEST_CASE("golden previews stay byte for byte what was reviewed", "[golden]") {
  // Each was opened and looked at (GIF frames extracted to PNG) before it was locked.
  struct Preview {
    std::string name;
    std::vector<std::string> args;
  };
  std::vector<Preview> previews = {
      {"hero-scene.gif", {"preview", "samples/hero/hero.scene.yaml", "--scale", "2"}},
      {"hero-walk.gif", {"preview", "samples/hero/hero.sprites.yaml", "--action", "walk"}},
      {"hero-attack.apng", {"preview", "samples/hero/hero.sprites.yaml", "--action", "attack"}},
      {"hero-explode.gif",
       {"preview", "samples/hero/hero.sprites.yaml", "--action", "explode", "--background",
        "#1d2b53"}},
      {"hero-contact.png", {"preview", "samples/hero/hero.sprites.yaml", "--debug"}},
      // An origin 20 px left of its frame; the west view mirrors it about the origin.
      {"anchor-fly.gif",
       {"preview", "tests/data/defs/valid/anchor/anchor.sprites.yaml", "--debug", "--scale", "2",
        "--background", "#1d2b53"}},
      {"demo-grid.png",
       {"preview", "tests/data/conformance/demo.scene.yaml", "--every", "4", "--scale", "2",
        "--root", "tests/data/conformance"}},
      // Boxes and points under --debug: a body box tight around the art, a hit box past it on
      // the swinging step, a hand point; the west view mirrors them with the pixels.
      {"geometry-swing.gif",
       {"preview", "tests/data/previews/geometry/geometry.sprites.yaml", "--action", "swing",
        "--debug", "--scale", "3"}},
      {"geometry-contact.png",
       {"preview", "tests/data/previews/geometry/geometry.sprites.yaml", "--debug", "--scale",
        "2"}},
      {"geometry-scene.png",
       {"preview", "tests/data/previews/geometry/geometry.scene.yaml", "--debug", "--scale", "2",
        "--every", "3"}},
  };
  bool update = std::getenv("SPRITEC_UPDATE_GOLDENS") != nullptr;
  fs::path goldens = kTests / "cli" / "previews";
  fs::path scratch = kScratch / "previews";
  fs::create_directories(scratch);
  for (const Preview& p : previews) {
    INFO(p.name);
    std::vector<std::string> args = p.args;
    args.push_back("-o");
    args.push_back((scratch / p.name).string());
    Run run = run_spritec(args, kSource);
    INFO(run.err);
    REQUIRE(run.exit == 0);
    if (update) {
      fs::create_directories(goldens);
      fs::copy_file(scratch / p.name, goldens / p.name, fs::copy_options::overwrite_existing);
      continue;
    }
    CHECK(read_text(scratch / p.name) == read_text(goldens / p.name));
  }
}

TEST_CASE("soft alpha is exact in APNG and close in GIF over the background") {
  // A pulsing glow with hundreds of colours and partial alpha (tests/data/defs/valid/soft).
  fs::path dir = kTests / "data" / "defs" / "valid" / "soft";
  fs::path scratch = kScratch / "soft";
  fs::create_directories(scratch);
  SECTION("APNG over transparency gives back the frame's own pixels") {
    Run run = run_spritec({"preview", "soft.sprites.yaml", "--action", "pulse", "-o",
                           (scratch / "pulse.apng").string(), "--frames", "0..0"},
                          dir);
    REQUIRE(run.exit == 0);
    // The action preview puts the frame's bounds 2 px in from the stage's corner; the
    // first frame is glow/0, cut from glow.png by stb_image here.
    image::Image got = load_with_stb(scratch / "pulse.apng");
    image::Image sheet = load_with_stb(dir / "glow.png");
    REQUIRE(got.width > 0);
    geom::Rect content = image::trim_bounds(got, image::whole(got));
    geom::Rect source = image::trim_bounds(sheet, {0, 0, 32, 32});
    REQUIRE(content.width == source.width);
    REQUIRE(content.height == source.height);
    // Fully transparent pixels may differ in colour; every other byte must match.
    CHECK(same_pixels(image::crop(got, content), image::crop(sheet, source)));
  }
  SECTION("the GIF is quantised but stays within a few levels of the exact APNG") {
    std::vector<std::string> common = {"preview", "soft.sprites.yaml", "--action",
                                       "pulse",   "--background",      "#1d2b53"};
    auto with = [&](std::string out) {
      std::vector<std::string> a = common;
      a.push_back("-o");
      a.push_back((scratch / out).string());
      return a;
    };
    REQUIRE(run_spritec(with("pulse.gif"), dir).exit == 0);
    auto first = with("first.apng");
    first.push_back("--frames");
    first.push_back("0..0");
    REQUIRE(run_spritec(first, dir).exit == 0);
    GifFrames gif = read_gif(scratch / "pulse.gif");
    image::Image exact = load_with_stb(scratch / "first.apng");
    REQUIRE(gif.frames.front().width == exact.width);
    long total = 0;
    int worst = 0;
    for (std::size_t i = 0; i < exact.rgba.size(); i += 4) {
      for (int c = 0; c < 3; ++c) {
        int d = std::abs(int(exact.rgba[i + c]) - int(gif.frames.front().rgba[i + c]));
        total += d;
        worst = std::max(worst, d);
      }
      CHECK(gif.frames.front().rgba[i + 3] == 255);  // opaque over the background
    }
    double mean = double(total) / double(exact.rgba.size() / 4 * 3);
    CHECK(mean < 3.0);
    CHECK(worst < 40);
  }
}

TEST_CASE("every sample checks clean, simulates, and previews to its committed GIF") {
  // samples/<name>/<name>.sprites.yaml and <name>.scene.yaml; the committed <name>.gif was
  // reviewed by eye (samples/regenerate.sh renders it) and must be what spritec renders.
  int samples = 0;
  for (const fs::path& dir : sorted_dirs(kSource / "samples")) {
    std::string name = dir.filename().string();
    INFO("sample " << name);
    fs::path scratch = kScratch / "samples" / name;
    fs::remove_all(scratch);
    fs::create_directories(scratch);
    Run check = run_spritec({"check", name + ".sprites.yaml", "--root", "../..", "--werror"}, dir);
    INFO(check.err);
    CHECK(check.exit == 0);
    CHECK(check.err.empty());
    if (!fs::exists(dir / (name + ".scene.yaml"))) continue;
    Run sim = run_spritec({"simulate", name + ".scene.yaml", "--root", "../.."}, dir);
    INFO(sim.err);
    CHECK(sim.exit == 0);
    CHECK(sim.err.empty());  // no warning either: every action is reachable from the scene
    CHECK(sim.out.rfind("ticks run: 0..", 0) == 0);
    ++samples;
    if (!fs::exists(dir / (name + ".gif"))) continue;
    Run gif = run_spritec({"preview", name + ".scene.yaml", "--root", "../..", "-o",
                           (scratch / (name + ".gif")).string(), "--scale", "2"},
                          dir);
    REQUIRE(gif.exit == 0);
    CHECK(read_text(scratch / (name + ".gif")) == read_text(dir / (name + ".gif")));
  }
  CHECK(samples >= 5);
}

TEST_CASE("the duel sample's fighters strike each other on the ticks worked out by hand") {
  // samples/duel/duel.scene.yaml explains the numbers: left's hit box [47, 56) meets
  // right's mirrored hurt box [51, 61) when its strike step starts on tick 10; right's
  // mirrored hit box [41, 50) meets left's hurt box [36, 46) on tick 58. Nothing else.
  const fs::path dir = kSource / "samples" / "duel";
  Run sim = run_spritec({"simulate", "duel.scene.yaml", "--root", "../..", "--trace", "-"}, dir);
  REQUIRE(sim.exit == 0);
  std::vector<std::string> struck;
  std::istringstream lines(sim.out);
  std::string line;
  while (std::getline(lines, line)) {
    const nlohmann::json j = nlohmann::json::parse(line);
    if (j.contains("contacts")) {
      struck.push_back(std::to_string(j["tick"].get<int>()) + " " + j["actor"].get<std::string>() +
                       " " + j["contacts"].dump());
    }
  }
  CHECK(struck == std::vector<std::string>{"10 left [[\"struck\",\"right\"]]",
                                           "58 right [[\"struck\",\"left\"]]"});
  // Its --debug previews (samples/regenerate.sh renders them; reviewed by eye) are what
  // spritec renders.
  const fs::path scratch = kScratch / "samples" / "duel-debug";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  Run png = run_spritec({"preview", "duel.sprites.yaml", "--root", "../..", "--action", "attack",
                         "-o", (scratch / "attack-debug.png").string(), "--scale", "4", "--debug"},
                        dir);
  REQUIRE(png.exit == 0);
  CHECK(read_text(scratch / "attack-debug.png") == read_text(dir / "attack-debug.png"));
  Run gif = run_spritec({"preview", "duel.scene.yaml", "--root", "../..", "-o",
                         (scratch / "duel-debug.gif").string(), "--scale", "2", "--debug"},
                        dir);
  REQUIRE(gif.exit == 0);
  CHECK(read_text(scratch / "duel-debug.gif") == read_text(dir / "duel-debug.gif"));
}

TEST_CASE("several pages give one JSON (Hash) per page, each naming the others") {
  // anchor.sprites.yaml: six 8x8 frames, untrimmed, no padding, pages of at most 16x16:
  // four fit on the first page (16x16), two on the second (16x8).
  fs::path dir = kTests / "data" / "defs" / "valid" / "anchor";
  fs::path scratch = kScratch / "multipage";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  Run run = run_spritec({"build", "anchor.sprites.yaml", "-o", (scratch / "anchor.spk").string(),
                         "--json", (scratch / "atlas.json").string(), "--pages", "files"},
                        dir);
  REQUIRE(run.exit == 0);
  auto first = nlohmann::json::parse(read_text(scratch / "atlas.json"));
  auto second = nlohmann::json::parse(read_text(scratch / "atlas-1.json"));
  // --pages files: the JSON names the pack's page files (written once).
  CHECK(first["meta"]["image"] == "anchor-0.png");
  CHECK(second["meta"]["image"] == "anchor-1.png");
  CHECK(first["meta"]["related_multi_packs"] == nlohmann::json::array({"atlas-1.json"}));
  CHECK(second["meta"]["related_multi_packs"] == nlohmann::json::array({"atlas.json"}));
  CHECK(first["meta"]["size"] == nlohmann::json({{"w", 16}, {"h", 16}}));
  CHECK(second["meta"]["size"] == nlohmann::json({{"w", 16}, {"h", 8}}));
  CHECK(first["frames"].size() + second["frames"].size() == 6);
  // The origin lies outside the frame: pivot = origin / source size, negative here.
  auto& frame = first["frames"].begin().value();
  CHECK(frame["pivot"]["x"].get<double>() == -2.5);  // -20 / 8
  CHECK(frame["pivot"]["y"].get<double>() == 0.5);   // 4 / 8
  CHECK(frame["trimmed"] == false);
  CHECK(first["animations"].contains("fly/0"));
  CHECK(first["animations"]["fly/1"].size() == 3);
  // --pages files: the pack names its pages beside it; the JSON shares them.
  CHECK(fs::exists(scratch / "anchor-0.png"));
  CHECK(load_with_stb(scratch / "anchor-1.png").height == 8);
  CHECK_FALSE(fs::exists(scratch / "atlas-1.png"));
  Run unpacked = run_spritec({"unpack", "anchor.spk", "-o", "frames"}, scratch);
  CHECK(unpacked.exit == 0);
  CHECK(read_text(scratch / "frames" / "frames.yaml")
            .find("\"bolt/0\": {size: [8, 8], origin: [-20, 4]}") != std::string::npos);
}

TEST_CASE("a definition of every kind of PNG builds, and unpack gives back what libpng shows") {
  // tests/data/images/kinds/: PNGs of every colour type, depth, tRNS and interlace, written
  // by Pillow and ImageMagick, each with NAME.rgba, the RGBA that libpng and Pillow show
  // (make_kinds.py). One sheet per file, one frame covering it all.
  const fs::path kinds = kTests / "data" / "images" / "kinds";
  const fs::path scratch = kScratch / "png-kinds";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  struct Kind {
    std::string name;
    int width = 0;
    int height = 0;
  };
  std::vector<Kind> all;
  std::istringstream tsv(read_text(kinds / "kinds.tsv"));
  std::string line;
  std::string yaml = "pack: kinds\nsheets:\n";
  while (std::getline(tsv, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Kind k;
    std::string w, h;
    std::getline(fields, k.name, '\t');
    std::getline(fields, w, '\t');
    std::getline(fields, h, '\t');
    k.width = std::stoi(w);
    k.height = std::stoi(h);
    all.push_back(k);
    fs::copy_file(kinds / (k.name + ".png"), scratch / (k.name + ".png"));
    yaml += "  - name: " + k.name + "\n    image: " + k.name + ".png\n    grid: {cell: [" + w +
            ", " + h + "], origin: [0, 0]}\n";
  }
  REQUIRE(all.size() >= 40);
  yaml += "actions:\n  show:\n    frames: [" + all.front().name + "/0]\n";
  write_text(scratch / "kinds.sprites.yaml", yaml);

  Run checked = run_spritec({"check", "kinds.sprites.yaml"}, scratch);
  INFO(checked.err);
  CHECK(checked.exit == 0);
  Run built = run_spritec({"build", "kinds.sprites.yaml", "-o", "kinds.spk"}, scratch);
  INFO(built.err);
  REQUIRE(built.exit == 0);
  Run unpacked = run_spritec({"unpack", "kinds.spk", "-o", "frames"}, scratch);
  INFO(unpacked.err);
  REQUIRE(unpacked.exit == 0);
  for (const Kind& k : all) {
    INFO("fixture " << k.name);
    const std::string want = read_text(kinds / (k.name + ".rgba"));
    REQUIRE(want.size() == std::size_t(k.width) * std::size_t(k.height) * 4);
    // Our own PNG (RGBA8, from stb_image_write) read back with stb_image.
    const image::Image got = load_with_stb(scratch / "frames" / k.name / "0.png");
    REQUIRE(got.width == k.width);
    REQUIRE(got.height == k.height);
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < want.size(); i += 4) {
      // A fully transparent pixel may come back as any transparent colour (trimming).
      const bool same =
          std::uint8_t(want[i + 3]) == 0
              ? got.rgba[i + 3] == 0
              : std::equal(want.begin() + std::ptrdiff_t(i), want.begin() + std::ptrdiff_t(i) + 4,
                           got.rgba.begin() + std::ptrdiff_t(i),
                           [](char a, std::uint8_t b) { return std::uint8_t(a) == b; });
      if (!same) ++mismatches;
    }
    CHECK(mismatches == 0);
  }
}

TEST_CASE("a GIF is transparent or opaque as its stage is, whatever its first pixel shows") {
  // corner.scene.yaml: a transparent stage and an opaque frame over pixel (0, 0), which used
  // to make the whole GIF opaque (its colour the frame's) when the encoder guessed from it.
  fs::path dir = kTests / "data" / "previews";
  fs::path scratch = kScratch / "corner";
  fs::create_directories(scratch);
  Run run = run_spritec(
      {"preview", "corner.scene.yaml", "-o", (scratch / "corner.gif").string(), "--root", ".."},
      dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  GifFrames gif = read_gif(scratch / "corner.gif");
  REQUIRE(!gif.frames.empty());
  const image::Image& first = gif.frames.front();
  REQUIRE(first.width == 16);
  CHECK(first.pixel(0, 0)[3] == 255);  // the frame's corner
  CHECK(first.pixel(15, 11)[3] == 0);  // the stage, away from the frame
  CHECK(first.pixel(8, 0)[3] == 0);
  SECTION("an opaque stage colour gives an opaque GIF of that colour") {
    Run opaque =
        run_spritec({"preview", "corner.scene.yaml", "-o", (scratch / "opaque.gif").string(),
                     "--root", "..", "--background", "#1d2b53"},
                    dir);
    REQUIRE(opaque.exit == 0);
    GifFrames g = read_gif(scratch / "opaque.gif");
    const std::uint8_t* p = g.frames.front().pixel(15, 11);
    CHECK((p[0] == 0x1d && p[1] == 0x2b && p[2] == 0x53 && p[3] == 255));
  }
}
