// libyaml reads a text in place of yaml-cpp only where it reads it exactly as yaml-cpp
// does: the same tree, node for node and position for position (1-based line, byte
// column), and never a tree where yaml-cpp finds a mistake — every message and position
// stays yaml-cpp's. yaml-cpp (ReadOptions::libyaml = false) is the oracle here: on
// hand-written texts, on every YAML file of the repository and the fuzz corpus, and on
// mutations of them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "spritec/yaml/reader.hpp"
#include "yaml_long_keys.hpp"
#include "yaml_tree_diff.hpp"

namespace yaml = spritec::yaml;
namespace fs = std::filesystem;
using spritec::diag::Code;
using spritec::diag::Sink;

namespace {

struct Outcome {
  bool taken = false;  // libyaml built the tree
  std::string diff;    // what differs from yaml-cpp's reading ("" when alike)
};

// Reads `text` both ways. libyaml's tree, when it gives one, must be yaml-cpp's.
Outcome compare(const std::string& text) {
  Outcome out;
  std::optional<yaml::Document> fast = yaml::detail::parse_yaml_with_libyaml(text, "t.yaml");
  if (!fast) return out;
  out.taken = true;
  Sink sink;
  yaml::ReadOptions yaml_cpp;
  yaml_cpp.libyaml = false;
  std::optional<yaml::Document> slow = yaml::parse_yaml(text, "t.yaml", sink, yaml_cpp);
  if (!slow) {
    out.diff = "yaml-cpp refuses it: " +
               (sink.diagnostics().empty() ? std::string() : sink.diagnostics()[0].message);
    return out;
  }
  out.diff = yaml::testing::tree_diff(fast->root(), slow->root());
  return out;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Every YAML file of the samples, the tests' data and the YAML fuzz corpus, in name order.
std::vector<fs::path> corpus() {
  std::vector<fs::path> files;
  const fs::path source = SPRITEC_SOURCE_DIR;
  for (const char* dir : {"samples", "tests/data", "tests/cli/cases", "tests/fuzz/corpus/yaml",
                          "tests/fuzz/corpus/scene", "docs"}) {
    if (!fs::exists(source / dir)) continue;
    for (const auto& e : fs::recursive_directory_iterator(source / dir)) {
      if (!e.is_regular_file()) continue;
      const std::string ext = e.path().extension().string();
      const bool yaml = ext == ".yaml" || ext == ".yml";
      const bool fuzz = e.path().generic_string().find("/fuzz/corpus/") != std::string::npos;
      if ((yaml || fuzz) && e.file_size() < (1u << 20)) files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("libyaml takes the plain texts and reads them as yaml-cpp does") {
  const std::vector<std::string> texts = {
      "a: 1\n",
      "---\na: 1\n...\n",
      "z: 1\na: x\nc:\n  b: [1, two]\n",
      "stage: {size: [320, 200], background: \"#1d2b53\"}\nfps: 30\n",
      "a: ~\nb: null\nc: Null\nd: NULL\ne: ''\nf: \"\"\n",
      "colorkey:\nnext: 1\n",
      "colorkey: #ff00ff\nnext: 1\n",
      "outer:\n  inner:\n  other: 2\nlast:\n",
      "{a: , b: 1}\n",
      "{a, b: 1}\n",
      "- {name: é, at: [1, 2]}\n- {name: 'ü''s', at: [3, 4]}\n",
      "naïve: [x, é, y]\nkey: \"ä: b\"\n",
      "list:\n- a\n- b: 1\n  c: 2\n-   - nested\n",
      "a: 'quoted # not a comment'  # a comment\n",
      "a: 1.5\nb: -2\nc: 0x1F\nd: .inf\ne: true\nf: yes\n",
      "'quoted key': 1\n\"double\": 2\n",
      "a: [1, [2, [3, {b: c}]]]\n",
      "# only a comment line first\n\na: 1\n\n\n# trailing\n",
  };
  for (const std::string& text : texts) {
    INFO(text);
    const Outcome o = compare(text);
    CHECK(o.taken);
    CHECK(o.diff.empty());
  }
}

TEST_CASE("libyaml leaves to yaml-cpp what it may read otherwise, and every mistake") {
  const std::vector<std::string> texts = {
      "a: &x 1\nb: *x\n",        // anchors and aliases
      "a: !!str 1\n",            // tags
      "%YAML 1.2\n---\na: 1\n",  // directives
      "a: 1\r\nb: 2\r\n",        // CR
      "a:\t1\n",                 // a tab
      "a: \"x\\ny\"\n",          // escapes
      "a: |\n  text\n",          // block scalars
      "a: >\n  text\n",          //
      "a: two\n  lines\n",       // a scalar over two lines
      "a: 1\n---\nb: 2\n",       // a second document
      "- \n- b\n",               // an empty item (yaml-cpp places its null elsewhere)
      ": v\n",                   // an empty key
      "a:\nnull : 1\n",          // the next token spells null
      "\xEF\xBB\xBF"
      "a: 1\n",  // a byte-order mark
      "a: b\xE2\x80\xA8"
      "c\n",              // LS
      "a: 1\na: 2\n",     // duplicate keys: a mistake
      "a: [1, 2\n",       // syntax mistakes
      "a: 'open\n",       //
      "",                 // empty
      "~\n",              // a null document
      "just a scalar\n",  // fine, but the root is a scalar: still alike
  };
  for (const std::string& text : texts) {
    INFO(text);
    const Outcome o = compare(text);
    CHECK(o.diff.empty());
    if (text != "just a scalar\n") CHECK_FALSE(o.taken);
  }
}

TEST_CASE("libyaml reads every YAML file of the repository as yaml-cpp does") {
  std::size_t files = 0;
  std::size_t taken = 0;
  std::size_t plain_files = 0;  // not from the fuzz corpus
  std::size_t plain_taken = 0;
  for (const fs::path& p : corpus()) {
    const Outcome o = compare(read_all(p));
    INFO(p.generic_string());
    CHECK(o.diff.empty());
    ++files;
    taken += o.taken ? 1 : 0;
    if (p.generic_string().find("/fuzz/") == std::string::npos) {
      ++plain_files;
      plain_taken += o.taken ? 1 : 0;
    }
  }
  // Most definitions and scenes are plain YAML: libyaml must actually be taking them.
  CHECK(files > 1000);
  CHECK(plain_taken * 2 > plain_files);
  WARN("libyaml took " << taken << " of " << files << " files, " << plain_taken << " of the "
                       << plain_files << " outside the fuzz corpus");
}

TEST_CASE("libyaml reads mutated YAML as yaml-cpp does, or leaves it to yaml-cpp") {
  // Deterministic mutations of the repository's definitions and scenes: pieces that matter
  // to YAML's grammar (indicators, spaces, line breaks, tabs, CR, a two-byte character)
  // inserted, or put in place of a character, or characters deleted.
  std::vector<std::string> seeds;
  for (const fs::path& p : corpus()) {
    if (p.generic_string().find("/fuzz/") == std::string::npos) seeds.push_back(read_all(p));
  }
  REQUIRE(!seeds.empty());
  const std::vector<std::string> pieces = {
      ":", "-", "[",  "]",  "{",        "}",  ",",  "'",  "\"",   "#",    " ",   "\n",
      "?", "~", "&",  "*",  "!",        "|",  ">",  ".",  "0",    "a",    "\\",  "%",
      "@", "`", "\t", "\r", "\xC3\xA9", ": ", "- ", "  ", "null", "\n  ", "\n- "};
  std::mt19937 rng(20261124);
  std::size_t taken = 0;
  std::size_t tries = 0;
  const char* more = std::getenv("SPRITEC_MUTATION_ROUNDS");  // to search longer by hand
  const int rounds = more ? std::atoi(more) : 4000;
  if (const char* seed = std::getenv("SPRITEC_MUTATION_SEED")) rng.seed(std::atoi(seed));
  for (int round = 0; round < rounds; ++round) {
    std::string text = seeds[rng() % seeds.size()];
    if (text.empty()) continue;
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < edits && !text.empty(); ++k) {
      const std::size_t at = rng() % text.size();
      const std::string& piece = pieces[rng() % pieces.size()];
      switch (rng() % 3) {
        case 0:
          text.insert(at, piece);
          break;
        case 1:
          text.erase(at, 1 + rng() % 2);
          break;
        default:
          text.replace(at, 1, piece);
          break;
      }
    }
    const Outcome o = compare(text);
    INFO(text);
    INFO(o.diff);
    REQUIRE(o.diff.empty());
    ++tries;
    taken += o.taken ? 1 : 0;
  }
  CHECK(taken * 5 > tries);
  WARN("libyaml took " << taken << " of " << tries << " mutated texts");
}

namespace {

// One reading of a text by parse_yaml: the tree, or the first diagnostic.
struct Reading {
  std::optional<yaml::Document> doc;
  Code code = Code::kInternal;
  int line = 0;
  int column = 0;
  std::string message;
};

Reading read_yaml(const std::string& text, bool libyaml) {
  Reading r;
  Sink sink;
  yaml::ReadOptions options;
  options.libyaml = libyaml;
  r.doc = yaml::parse_yaml(text, "t.yaml", sink, options);
  if (!sink.diagnostics().empty()) {
    const auto& d = sink.diagnostics()[0];
    r.code = d.code;
    r.line = d.span.line;
    r.column = d.span.column;
    r.message = d.message;
  }
  return r;
}

// What differs between two readings ("" when they are alike).
std::string reading_diff(const Reading& a, const Reading& b) {
  if (a.doc.has_value() != b.doc.has_value()) {
    return std::string("one reads, the other refuses: ") + a.message + b.message;
  }
  if (a.doc) return yaml::testing::tree_diff(a.doc->root(), b.doc->root());
  if (a.code != b.code || a.line != b.line || a.column != b.column || a.message != b.message) {
    return "errors differ: " + std::to_string(a.line) + ":" + std::to_string(a.column) + " " +
           a.message + " vs " + std::to_string(b.line) + ":" + std::to_string(b.column) + " " +
           b.message;
  }
  return "";
}

// All diagnostics of a load, one a line: code, position, message.
}  // namespace

TEST_CASE("a long multi-byte key reads alike by both parsers and with or without a backslash") {
  // libyaml limits an implicit key to 1,024 characters, yaml-cpp to 1,024 bytes (issue 23,
  // finding 8): every text here must read as yaml_long_keys expects, by yaml-cpp's rule,
  // whichever parser reads it, and an unrelated backslash comment must change nothing.
  std::size_t taken = 0;
  std::size_t refused = 0;
  const std::vector<yaml_long_keys::KeyText> texts = yaml_long_keys::texts();
  for (const yaml_long_keys::KeyText& t : texts) {
    INFO(t.label);
    const std::string with_backslash = t.text + yaml_long_keys::kBackslashComment;
    const Reading fast = read_yaml(t.text, true);
    const Reading slow = read_yaml(t.text, false);
    const Reading fast_bs = read_yaml(with_backslash, true);
    const Reading slow_bs = read_yaml(with_backslash, false);
    CHECK(reading_diff(fast, slow) == "");
    CHECK(reading_diff(fast, fast_bs) == "");
    CHECK(reading_diff(slow, slow_bs) == "");
    CHECK(compare(t.text).diff == "");
    taken += compare(t.text).taken ? 1 : 0;
    CHECK(fast.doc.has_value() == t.reads);
    if (!fast.doc) {
      ++refused;
      CHECK(fast.code == Code::kYamlSyntax);
      CHECK(fast.line == t.line);  // at the key, saying why
      CHECK(fast.column == t.column);
      CHECK(fast.message.find("this key is too long") != std::string::npos);
      continue;
    }
    const yaml::Node* parent = fast.doc->root().find(t.parent);
    REQUIRE(parent != nullptr);
    REQUIRE(parent->entries.size() == 1);
    CHECK(parent->entries[0].key == t.key);
    CHECK(parent->entries[0].line == t.line);
    CHECK(parent->entries[0].column == t.column);
  }
  // Both sides of the limit are here, and libyaml still reads the keys that fit on a line
  // of at most 1,024 bytes.
  CHECK(refused > 0);
  CHECK(refused < texts.size());
  CHECK(taken > 0);
}
