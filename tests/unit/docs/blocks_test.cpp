// Docs are tests: every ```yaml block of README.md and docs/*.md that is a complete
// definition (it has a top-level `pack:`) or a complete scene (a top-level `packs:`) is
// written out with the files it names and checked with `spritec check`. It must check
// clean — no error, no warning — unless the line before its fence says otherwise:
//
//   <!-- check: error E0203 -->      it must fail with exactly these codes (one or more)
//   <!-- check: warning W0301 -->    it must pass with exactly these warnings
//   <!-- check: skip REASON -->      it cannot be written out as shown (say why)
//
// The files a block names (image:, files:, a scene's packs) are taken from tests/docs/ or
// a samples/ folder, the first that has them; a definition found there brings its own
// images, and a pack `X.spk` that exists nowhere is built from `X.sprites.yaml`. A block
// that must check clean naming a file that exists nowhere fails: docs show real files.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>

namespace fs = std::filesystem;

namespace {

const fs::path kSource = SPRITEC_SOURCE_DIR;
const fs::path kScratch = fs::path(SPRITEC_BINARY_DIR) / "tests" / "docs-blocks";

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

struct Block {
  std::string doc;  // README.md, docs/errors.md
  int line = 0;     // of the opening fence
  std::string text;
  std::string marker;  // what follows "check:" in the comment before the fence, or empty
  bool definition = false;
  bool scene = false;
};

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r'))
    s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && s[i] == ' ')
    ++i;
  return s.substr(i);
}

bool has_top_key(const std::string& text, const std::string& key) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(key + ":", 0) == 0) return true;
  }
  return false;
}

// Every ```yaml block of a Markdown file, with the fence's indentation removed.
std::vector<Block> yaml_blocks(const fs::path& file, const std::string& name) {
  std::vector<Block> blocks;
  std::istringstream in(read_text(file));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string fence = trim(lines[i]);
    if (fence != "```yaml") continue;
    const std::size_t indent = lines[i].find('`');
    Block b;
    b.doc = name;
    b.line = static_cast<int>(i) + 1;
    for (std::size_t k = i; k-- > 0;) {
      const std::string before = trim(lines[k]);
      if (before.empty()) continue;
      static const std::regex marker("^<!-- check: (.*) -->$");
      std::smatch m;
      if (std::regex_match(before, m, marker)) b.marker = m[1];
      break;
    }
    std::size_t j = i + 1;
    for (; j < lines.size() && trim(lines[j]) != "```"; ++j) {
      const std::string& l = lines[j];
      b.text +=
          (l.size() >= indent && l.find_first_not_of(' ') >= indent ? l.substr(indent) : trim(l)) +
          "\n";
    }
    b.definition = has_top_key(b.text, "pack");
    b.scene = has_top_key(b.text, "packs");
    blocks.push_back(std::move(b));
    i = j;
  }
  return blocks;
}

std::vector<Block> all_blocks() {
  std::vector<Block> blocks = yaml_blocks(kSource / "README.md", "README.md");
  std::vector<fs::path> docs;
  for (const auto& e : fs::directory_iterator(kSource / "docs")) {
    if (e.path().extension() == ".md") docs.push_back(e.path());
  }
  std::sort(docs.begin(), docs.end());
  for (const fs::path& d : docs) {
    auto more = yaml_blocks(d, "docs/" + d.filename().string());
    blocks.insert(blocks.end(), more.begin(), more.end());
  }
  return blocks;
}

// The paths a definition or scene names: image:, aseprite:, files: and the values of packs:.
struct References {
  std::vector<std::string> images;
  std::vector<std::string> patterns;
  std::vector<std::string> packs;
};

References references(const std::string& text) {
  References r;
  static const std::regex image(R"((?:^|[\s{,])(?:image|aseprite):\s*"?([^"\s,}#]+))");
  static const std::regex files(R"((?:^|[\s{,])files:\s*"?([^"\s,}#]+))");
  static const std::regex packs(R"((?:^|\n)packs:\s*\{([^}]*)\})");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), image);
       it != std::sregex_iterator(); ++it)
    r.images.push_back((*it)[1]);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), files);
       it != std::sregex_iterator(); ++it)
    r.patterns.push_back((*it)[1]);
  std::smatch m;
  if (std::regex_search(text, m, packs)) {
    std::istringstream entries(m[1].str());
    for (std::string entry; std::getline(entries, entry, ',');) {
      const std::size_t colon = entry.find(':');
      if (colon != std::string::npos) r.packs.push_back(trim(entry.substr(colon + 1)));
    }
  }
  return r;
}

bool glob_match(const std::string& pattern, const std::string& name) {
  std::string re;
  for (char c : pattern) {
    if (c == '*')
      re += ".*";
    else if (c == '?')
      re += ".";
    else if (std::string("\\^$.|+()[]{}").find(c) != std::string::npos)
      re += std::string("\\") + c;
    else
      re += c;
  }
  return std::regex_match(name, std::regex(re));
}

std::vector<fs::path> search_dirs() {
  std::vector<fs::path> dirs = {kSource / "tests" / "docs"};
  std::vector<fs::path> samples;
  for (const auto& e : fs::directory_iterator(kSource / "samples")) {
    if (e.is_directory()) samples.push_back(e.path());
  }
  std::sort(samples.begin(), samples.end());
  dirs.insert(dirs.end(), samples.begin(), samples.end());
  return dirs;
}

// Writes out the files a block names, from tests/docs/ or samples/.
class Materializer {
 public:
  explicit Materializer(fs::path out) : out_(std::move(out)) {}

  // Copies what `text` (a file written in out_/dir) names: from `home`, the folder that
  // file came from, or from the first search folder that has it when home is null.
  void bring(const std::string& text, const fs::path& dir, const fs::path* home) {
    const References r = references(text);
    for (const std::string& image : r.images)
      copy_file(dir, image, home);
    for (const std::string& pattern : r.patterns)
      copy_pattern(dir, pattern, home);
    for (const std::string& pack : r.packs)
      bring_pack(dir, pack);
  }

  std::vector<std::string> missing;
  std::vector<std::string> builds;  // "X.sprites.yaml -o X.spk", relative to out_

 private:
  std::vector<fs::path> sources(const fs::path* home) const {
    return home ? std::vector<fs::path>{*home} : search_dirs();
  }

  void copy_file(const fs::path& dir, const std::string& name, const fs::path* home) {
    for (const fs::path& d : sources(home)) {
      if (!fs::is_regular_file(d / name)) continue;
      fs::create_directories((out_ / dir / name).parent_path());
      fs::copy_file(d / name, out_ / dir / name, fs::copy_options::overwrite_existing);
      return;
    }
    missing.push_back((dir / name).lexically_normal().generic_string());
  }

  void copy_pattern(const fs::path& dir, const std::string& pattern, const fs::path* home) {
    const fs::path sub = fs::path(pattern).parent_path();
    const std::string name = fs::path(pattern).filename().string();
    for (const fs::path& d : sources(home)) {
      if (!fs::is_directory(d / sub)) continue;
      bool any = false;
      for (const auto& e : fs::directory_iterator(d / sub)) {
        if (!glob_match(name, e.path().filename().string())) continue;
        fs::create_directories(out_ / dir / sub);
        fs::copy_file(e.path(), out_ / dir / sub / e.path().filename(),
                      fs::copy_options::overwrite_existing);
        any = true;
      }
      if (any) return;
    }
    missing.push_back((dir / pattern).lexically_normal().generic_string());
  }

  void bring_pack(const fs::path& dir, const std::string& name) {
    std::string def = name;
    if (fs::path(name).extension() == ".spk") {
      for (const fs::path& d : search_dirs()) {
        if (!fs::is_regular_file(d / name)) continue;
        fs::create_directories((out_ / dir / name).parent_path());
        fs::copy_file(d / name, out_ / dir / name, fs::copy_options::overwrite_existing);
        return;
      }
      // Not compiled anywhere: build it from its definition.
      def = (fs::path(name).parent_path() / (fs::path(name).stem().string() + ".sprites.yaml"))
                .generic_string();
      builds.push_back((dir / def).lexically_normal().generic_string() + " -o " +
                       (dir / name).lexically_normal().generic_string());
    }
    for (const fs::path& d : search_dirs()) {
      if (!fs::is_regular_file(d / def)) continue;
      fs::create_directories((out_ / dir / def).parent_path());
      fs::copy_file(d / def, out_ / dir / def, fs::copy_options::overwrite_existing);
      const fs::path home = (d / def).parent_path();
      bring(read_text(d / def), (dir / def).parent_path(), &home);
      return;
    }
    missing.push_back((dir / def).lexically_normal().generic_string());
  }

  fs::path out_;
};

struct Run {
  int exit = -1;
  std::string out;
};

Run run_in(const fs::path& dir, const std::string& args) {
  const std::string command = "cd '" + dir.string() + "' && '" + std::string(SPRITEC_EXE) + "' " +
                              args + " 2>'" + (dir / "stderr.txt").string() + "'";
  Run r;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe);
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    r.out.append(buffer, n);
  const int status = pclose(pipe);
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::set<std::string> words_after(const std::string& marker, const std::string& kind) {
  std::set<std::string> codes;
  std::istringstream words(marker.substr(kind.size()));
  for (std::string w; words >> w;)
    codes.insert(w);
  return codes;
}

}  // namespace

TEST_CASE("the block reader finds fenced YAML, its marker and what makes it complete") {
  fs::create_directories(kScratch);
  const fs::path md = kScratch / "sample.md";
  std::ofstream(md) << "Text.\n\n<!-- check: error E0203 -->\n\n```yaml\npack: a\n```\n\n"
                       "- item:\n\n  ```yaml\n  packs: {a: a.sprites.yaml}\n  ```\n\n"
                       "```yaml\nwalk: {frames: [s/0]}\n```\n";
  const std::vector<Block> blocks = yaml_blocks(md, "sample.md");
  REQUIRE(blocks.size() == 3);
  CHECK(blocks[0].marker == "error E0203");
  CHECK(blocks[0].definition);
  CHECK(blocks[0].line == 5);
  CHECK(blocks[1].marker.empty());
  CHECK(blocks[1].scene);
  CHECK(blocks[1].text == "packs: {a: a.sprites.yaml}\n");
  CHECK_FALSE(blocks[2].definition);
  CHECK_FALSE(blocks[2].scene);
  const References r = references(
      "sheets:\n  - {name: a, image: a.png}\n  - name: b\n    files: \"run/*.png\"\n"
      "packs: {hero: hero.sprites.yaml, fx: fx.spk}\n");
  CHECK(r.images == std::vector<std::string>{"a.png"});
  CHECK(r.patterns == std::vector<std::string>{"run/*.png"});
  CHECK(r.packs == std::vector<std::string>{"hero.sprites.yaml", "fx.spk"});
}

TEST_CASE("every complete definition and scene in the docs checks as the docs say") {
  std::vector<Block> blocks = all_blocks();
  int complete = 0;
  for (std::size_t n = 0; n < blocks.size(); ++n) {
    const Block& b = blocks[n];
    INFO(b.doc << ":" << b.line << " (marker: '" << b.marker << "')\n" << b.text);
    if (!b.definition && !b.scene) {
      // A marker on a fragment would test nothing: say so.
      CHECK(b.marker.empty());
      continue;
    }
    ++complete;
    if (b.marker.rfind("skip ", 0) == 0) continue;
    const fs::path dir = kScratch / ("block" + std::to_string(n));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string file = b.definition ? "doc.sprites.yaml" : "doc.scene.yaml";
    std::ofstream(dir / file, std::ios::binary) << b.text;
    Materializer m(dir);
    m.bring(b.text, ".", nullptr);
    INFO("files named by the block that exist in neither tests/docs nor samples/: " << [&] {
      std::string s;
      for (const auto& x : m.missing)
        s += x + " ";
      return s;
    }());
    // An error example may name a file that is missing on purpose (E0202's missing.png).
    if (b.marker.rfind("error ", 0) != 0) CHECK(m.missing.empty());
    for (const std::string& build : m.builds) {
      const Run built = run_in(dir, "build " + build);
      INFO("spritec build " << build << "\n" << read_text(dir / "stderr.txt"));
      REQUIRE(built.exit == 0);
    }
    const Run r = run_in(dir, "check --format json " + file);
    INFO("spritec check:\n" << r.out << read_text(dir / "stderr.txt"));
    const auto doc = nlohmann::json::parse(r.out, nullptr, false);
    REQUIRE_FALSE(doc.is_discarded());
    std::set<std::string> codes;
    for (const auto& d : doc["diagnostics"])
      codes.insert(d["code"].get<std::string>());
    if (b.marker.empty()) {
      CHECK(r.exit == 0);
      CHECK(codes.empty());
    } else if (b.marker.rfind("error ", 0) == 0) {
      CHECK(r.exit == 1);
      CHECK(codes == words_after(b.marker, "error "));
    } else if (b.marker.rfind("warning ", 0) == 0) {
      CHECK(r.exit == 0);
      CHECK(codes == words_after(b.marker, "warning "));
    } else {
      FAIL("unknown marker '" << b.marker << "' (error CODE…, warning CODE…, skip REASON)");
    }
  }
  // README's definition, definitions.md's complete file, scenes.md's example and the
  // complete examples of errors.md at least.
  CHECK(complete >= 10);
}
