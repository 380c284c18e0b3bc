// Fuzz target: the checked YAML reader and the definition loader.
//
// 1. yaml::parse_yaml on the bytes. A parsed document's tree is walked once per node (it
//    is a DAG: aliases share subtrees, so nodes are visited by address) through every
//    typed read; positions must be 1-based. Failure must come with an error reported.
// 2. def::load_definition_from on the same bytes, as `x.sprites.yaml` in a temporary empty
//    directory that is also the root: every image path fails to resolve (or leaves the
//    root), so no file outside it is ever opened.
// 3. The diagnostics of both are rendered as text, JSON and GitHub annotations, as the CLI
//    does (the JSON renderer must cope with whatever bytes a message quotes).
// 4. libyaml's reading, where it takes the text, is yaml-cpp's: same tree, node for node,
//    position for position, and never a tree where yaml-cpp finds a mistake.
// 5. A document the schema walk accepts as a definition, valijson accepts too (the walk
//    alone decides for the sprites schema).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "../unit/yaml/yaml_tree_diff.hpp"
#include "fuzz_check.hpp"
#include "fuzz_diag.hpp"
#include "fuzz_temp_dir.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/diag/render.hpp"
#include "spritec/yaml/reader.hpp"
#include "spritec/yaml/schema.hpp"

namespace {

namespace def = spritec::def;
namespace yaml = spritec::yaml;
namespace diag = spritec::diag;
namespace fs = std::filesystem;

volatile std::uint64_t g_sink = 0;

const fs::path& empty_root() {
  static const FuzzTempDir dir("spritec-fuzz-yaml");
  return dir.path();
}

void walk(const yaml::Document& doc, const yaml::Node& root) {
  std::unordered_set<const yaml::Node*> seen;
  std::vector<const yaml::Node*> todo{&root};
  diag::Sink scratch;  // typed reads report type mismatches here
  while (!todo.empty()) {
    const yaml::Node* n = todo.back();
    todo.pop_back();
    if (!seen.insert(n).second) continue;
    FUZZ_CHECK(n->line >= 1 && n->column >= 1);
    FUZZ_CHECK(n->expanded >= 1);
    g_sink = g_sink + yaml::describe_type(*n).size();
    const diag::Span span = doc.span(*n);
    FUZZ_CHECK(span.line == n->line);
    switch (n->kind) {
      case yaml::NodeKind::kNull:
      case yaml::NodeKind::kScalar: {
        g_sink = g_sink + static_cast<int>(n->scalar_type());
        if (auto v = n->as_int()) g_sink = g_sink + std::uint64_t(*v);
        if (auto v = n->as_number()) g_sink = g_sink + (*v == *v ? 1 : 2);
        if (auto v = n->as_bool()) g_sink = g_sink + *v;
        (void)doc.read_int(*n, scratch);
        (void)doc.read_number(*n, scratch);
        (void)doc.read_bool(*n, scratch);
        (void)doc.read_string(*n, scratch);
        break;
      }
      case yaml::NodeKind::kSequence:
        for (const yaml::Node* item : n->items) {
          FUZZ_CHECK(item != nullptr);
          todo.push_back(item);
        }
        (void)doc.read_list(*n, scratch);
        (void)doc.read_string_list(*n, scratch);
        break;
      case yaml::NodeKind::kMapping:
        for (const yaml::MapEntry& e : n->entries) {
          FUZZ_CHECK(e.value != nullptr);
          FUZZ_CHECK(e.line >= 1 && e.column >= 1);
          FUZZ_CHECK(n->find(e.key) != nullptr);
          (void)doc.key_span(e);
          todo.push_back(e.value);
        }
        FUZZ_CHECK(doc.expect_mapping(*n, scratch));
        break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  {
    diag::Sink sink;
    std::optional<yaml::Document> doc = yaml::parse_yaml(bytes, "fuzz.yaml", sink);
    if (doc) {
      walk(*doc, doc->root());
      diag::Sink scratch;
      if (yaml::validate_schema(*doc, def::sprites_schema(), scratch)) {
        FUZZ_CHECK(yaml::valijson_accepts(*doc, def::sprites_schema()));
      }
    } else {
      FUZZ_CHECK(sink.has_errors());
    }
    g_sink = g_sink + render_all(sink);
  }
  if (std::optional<yaml::Document> fast = yaml::detail::parse_yaml_with_libyaml(bytes, "f.yaml")) {
    diag::Sink sink;
    yaml::ReadOptions yaml_cpp;
    yaml_cpp.libyaml = false;
    std::optional<yaml::Document> slow = yaml::parse_yaml(bytes, "f.yaml", sink, yaml_cpp);
    FUZZ_CHECK(slow.has_value());
    const std::string diff = yaml::testing::tree_diff(fast->root(), slow->root());
    if (!diff.empty()) std::fprintf(stderr, "libyaml and yaml-cpp differ: %s\n", diff.c_str());
    FUZZ_CHECK(diff.empty());
  }
  {
    diag::Sink sink;
    def::LoadOptions options;
    options.root = empty_root();
    std::optional<def::Definition> d =
        def::load_definition_from(bytes, empty_root() / "x.sprites.yaml", options, sink);
    if (!d) FUZZ_CHECK(sink.has_errors());
    g_sink = g_sink + render_all(sink);
  }
  return 0;
}
