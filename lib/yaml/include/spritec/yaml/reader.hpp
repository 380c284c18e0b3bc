// spritec::yaml — checked YAML reading, shared by definition (def) and scene (sim) files.
//
// The bytes are checked before a parser sees them (size cap, UTF-8, tabs used for
// indentation, empty file), then parsed into our own tree of nodes: by libyaml (about 8x
// faster) when the text is one it reads exactly as yaml-cpp does — one document with no
// anchors, aliases, tags, directives, block or multi-line scalars, tabs, CRs, backslashes,
// byte-order mark, explicit `? ` keys, empty items or keys, no line over 1,024 bytes with a
// multi-byte character (where libyaml's 1,024-character limit on a key and yaml-cpp's 1,024
// bytes part), and no YAML indicator inside a plain scalar — and has no mistake; otherwise by
// yaml-cpp's event API, which also reports every mistake, so messages and positions never depend on
// which parser read the text (tests/unit/yaml/yaml_libyaml_test.cpp and the YAML fuzz target
// compare the two trees). Every node keeps its 1-based line and byte column; mapping entries keep
// their keys' positions and their order. While building the tree the reader rejects duplicate keys
// (E0103, with a "first defined here" note), nesting deeper than the cap (E0106) and aliases whose
// expansion adds more nodes than the cap (E0107, counted without materialising anything: an alias
// shares the anchored subtree; the literal nodes are bounded by the file size cap instead). Syntax
// errors are E0101 at the likely mistake, found by reading the text around yaml-cpp's mark (an
// unclosed quote or bracket, a missing space after ':', a key indented differently from its
// siblings), else at the mark; a quoted string left open at the end of the file (which yaml-cpp
// accepts) and a second document (`---`) are E0101 too.
//
// A value left empty gets a null node on its key's line, just after the ':', with the
// comment written there (`colorkey: #ff00ff` — '#' starts a comment) kept in
// Node::comment for messages.
//
// Limits: one document per file; scalar keys only; merge keys (`<<`) have no special
// meaning; a key written without `? ` ends with its ':' on its own line at most 1,024 bytes
// after its first byte (its opening quote, if quoted) — YAML's 1,024 characters, counted in
// bytes as yaml-cpp does, whichever parser reads the text (E0101 beyond). Failure: every problem
// goes to the Sink and the functions return an empty optional; nothing is thrown across this API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/diag/diagnostic.hpp"

namespace spritec::yaml {

inline constexpr std::uint64_t kMaxYamlBytes = 16ull << 20;  // 16 MiB
inline constexpr int kMaxYamlDepth = 64;
inline constexpr std::size_t kMaxYamlNodes = 100000;

struct ReadOptions {
  std::uint64_t max_bytes = kMaxYamlBytes;
  int max_depth = kMaxYamlDepth;          // the root collection is level 1
  std::size_t max_nodes = kMaxYamlNodes;  // nodes after alias expansion
  // Read with libyaml where it reads the text exactly as yaml-cpp does (see parse_yaml);
  // false: yaml-cpp always (the tests compare the two).
  bool libyaml = true;
};

enum class NodeKind { kNull, kScalar, kSequence, kMapping };

// How a scalar reads under the YAML 1.2 core schema. Quoted or tagged scalars are
// always strings; `null`/`~`/empty plain scalars and null events are kNull.
enum class ScalarType { kNull, kBool, kInt, kFloat, kString };

struct Node;

struct MapEntry {
  std::string key;
  int line = 0;  // the key's position
  int column = 0;
  const Node* value = nullptr;  // never null
};

// One node of the tree. Owned by its Document; aliases point at the anchored node, so a
// node may have several parents (the tree is a DAG).
struct Node {
  NodeKind kind = NodeKind::kNull;
  int line = 0;       // 1-based
  int column = 0;     // 1-based, bytes
  std::string value;  // scalars only
  // A null left empty where a comment follows its key (`colorkey: #ff00ff`): the comment,
  // from '#'. Such a null is placed just after the key's ':', on the key's line.
  std::string comment;
  bool plain = true;               // scalars: written without quotes or tag
  std::vector<const Node*> items;  // sequences
  std::vector<MapEntry> entries;   // mappings, in file order
  std::size_t expanded = 1;        // nodes in this subtree with aliases expanded

  bool is_null() const { return kind == NodeKind::kNull; }
  bool is_scalar() const { return kind == NodeKind::kScalar; }
  bool is_sequence() const { return kind == NodeKind::kSequence; }
  bool is_mapping() const { return kind == NodeKind::kMapping; }
  ScalarType scalar_type() const;  // kNull for null nodes; meaningless for collections
  // Non-reporting conversions (empty when the node is not of that type).
  std::optional<std::int64_t> as_int() const;  // integers in int64 range
  std::optional<double> as_number() const;     // integers and floats
  std::optional<bool> as_bool() const;
  // The value of `key` in a mapping, or nullptr (also for non-mappings).
  const Node* find(std::string_view key) const;
  const MapEntry* find_entry(std::string_view key) const;
};

// The nodes of a document, allocated in chunks (a large scene has 100,000 of them); their
// addresses never change.
class NodeArena {
 public:
  Node* make();
  // Calls f(node) for every node, in the order they were made.
  template <typename F>
  void for_each(F&& f) const {
    for (std::size_t c = 0; c < chunks_.size(); ++c) {
      const std::size_t n = c + 1 == chunks_.size() ? used_ : kChunk;
      for (std::size_t i = 0; i < n; ++i)
        f(chunks_[c][i]);
    }
  }

 private:
  static constexpr std::size_t kChunk = 256;
  std::vector<std::unique_ptr<Node[]>> chunks_;
  std::size_t used_ = kChunk;  // nodes made in the last chunk
};

// A parsed file. Movable; node pointers stay valid across moves.
class Document {
 public:
  Document(std::string file, NodeArena nodes, const Node* root);

  // The file name used in every Span (as the caller gave it).
  const std::string& file() const { return file_; }
  const Node& root() const { return *root_; }

  diag::Span span(const Node& node) const;
  diag::Span key_span(const MapEntry& entry) const;
  diag::Span file_span() const { return diag::Span{file_, 0, 0, 0}; }

  // Typed reads. On a mismatch they report E0105 (wrong type) at the node and return an
  // empty optional. read_string accepts any scalar that is not null (a plain `12` reads
  // as "12" — use scalar_type() to be strict); read_int accepts integers in int64 range.
  std::optional<std::int64_t> read_int(const Node& node, diag::Sink& sink) const;
  std::optional<double> read_number(const Node& node, diag::Sink& sink) const;
  std::optional<bool> read_bool(const Node& node, diag::Sink& sink) const;
  std::optional<std::string> read_string(const Node& node, diag::Sink& sink) const;
  // A sequence's items; a non-sequence is E0105.
  std::optional<std::vector<const Node*>> read_list(const Node& node, diag::Sink& sink) const;
  // A list of strings (each item through read_string).
  std::optional<std::vector<std::string>> read_string_list(const Node& node,
                                                           diag::Sink& sink) const;
  // Reports E0105 unless the node is a mapping.
  bool expect_mapping(const Node& node, diag::Sink& sink) const;

 private:
  std::string file_;
  NodeArena nodes_;
  const Node* root_;
};

// Parses `bytes` (the content of `file`, which names the file in Spans). Reports
// E0003, E0004, E0101, E0102, E0103, E0105 (non-scalar key), E0106, E0107.
std::optional<Document> parse_yaml(std::string_view bytes, std::string file, diag::Sink& sink,
                                   const ReadOptions& options = {});

// Reads `path` (capped at options.max_bytes: E0002; unreadable: E0001) and parses it.
// Spans name the file as `path.generic_string()`.
std::optional<Document> read_yaml_file(const std::filesystem::path& path, diag::Sink& sink,
                                       const ReadOptions& options = {});

namespace detail {
// The tree libyaml's events build, or nothing (and nothing reported) when the text is left
// to yaml-cpp: any mistake, and whatever libyaml may read otherwise (see parse_yaml).
std::optional<Document> parse_yaml_with_libyaml(std::string_view bytes, const std::string& file,
                                                const ReadOptions& options = {});
}  // namespace detail

// Readable name of a node's type for messages: "a string", "an integer", "a list", …
std::string describe_type(const Node& node);

}  // namespace spritec::yaml
