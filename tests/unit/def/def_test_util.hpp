// Shared helpers for the def/ tests: load a definition written inline, as if it were the
// file tests/data/defs/t.sprites.yaml (so img/… paths resolve to the committed PNGs),
// with the project root at tests/data/defs.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "spritec/def/definition.hpp"

namespace def_test {

inline const std::string kDefsDir = SPRITEC_TEST_DATA "/defs";
inline const std::string kFile = kDefsDir + "/t.sprites.yaml";

struct Loaded {
  spritec::diag::Sink sink;
  std::optional<spritec::def::Definition> def;
};

inline Loaded load(const std::string& text, std::vector<std::string> entries = {}) {
  Loaded out;
  spritec::def::LoadOptions options;
  options.root = kDefsDir;
  options.entries = std::move(entries);
  out.def = spritec::def::load_definition_from(text, kFile, options, out.sink);
  return out;
}

// A fresh project root in the temp directory holding `files` (name, bytes); loads `yaml`
// from it as root/t.sprites.yaml, then removes the root.
inline Loaded load_in_root(
    const std::string& yaml,
    const std::vector<std::pair<std::string, std::vector<std::uint8_t>>>& files) {
  namespace fs = std::filesystem;
  const fs::path root =
      fs::temp_directory_path() / ("spritec-def-" + std::to_string(std::hash<std::string>{}(yaml)));
  fs::remove_all(root);
  fs::create_directories(root);
  for (const auto& [name, bytes] : files) {
    std::ofstream out(root / name, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  }
  Loaded out;
  spritec::def::LoadOptions options;
  options.root = root;
  out.def = spritec::def::load_definition_from(yaml, root / "t.sprites.yaml", options, out.sink);
  fs::remove_all(root);
  return out;
}

// The diagnostics with this code.
inline std::vector<spritec::diag::Diagnostic> with_code(const spritec::diag::Sink& sink,
                                                        spritec::diag::Code code) {
  std::vector<spritec::diag::Diagnostic> out;
  for (const auto& d : sink.diagnostics()) {
    if (d.code == code) out.push_back(d);
  }
  return out;
}

// Exactly one diagnostic, with this code at this line and column.
inline void require_only(const Loaded& l, spritec::diag::Code code, int line, int column) {
  INFO("first message: " << (l.sink.diagnostics().empty() ? std::string("(none)")
                                                          : l.sink.diagnostics()[0].message));
  REQUIRE(l.sink.diagnostics().size() == 1);
  const auto& d = l.sink.diagnostics()[0];
  CHECK(std::string(spritec::diag::info(d.code).id) == std::string(spritec::diag::info(code).id));
  CHECK(d.span.line == line);
  CHECK(d.span.column == column);
}

// The common head of the inline definitions: a 48x8 strip cut into six 8x8 cells
// s/0 … s/5 (lines 1-5).
inline const std::string kHead =
    "pack: p\n"
    "sheets:\n"
    "  - name: s\n"
    "    image: img/strip48x8.png\n"
    "    grid: {cell: [8, 8], origin: [4, 7]}\n";

}  // namespace def_test
