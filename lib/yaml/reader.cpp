#include "spritec/yaml/reader.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>
#include <yaml.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <utility>

#include "spritec/diag/utf8.hpp"
#include "spritec/io/files.hpp"
#include "syntax.hpp"

namespace spritec::yaml {
namespace {

using diag::Code;

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool is_null_text(std::string_view s) {
  return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

std::optional<bool> bool_text(std::string_view s) {
  if (s == "true" || s == "True" || s == "TRUE") return true;
  if (s == "false" || s == "False" || s == "FALSE") return false;
  return std::nullopt;
}

// Core-schema integers: [-+]?[0-9]+ and 0x[0-9a-fA-F]+ / 0o[0-7]+. Empty when the text is
// not an integer or does not fit int64.
std::optional<std::int64_t> int_text(std::string_view s) {
  std::int64_t v = 0;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'o')) {
    const int base = s[1] == 'x' ? 16 : 8;
    for (std::size_t i = 2; i < s.size(); ++i) {
      if (base == 16 ? !is_hex(s[i]) : (s[i] < '0' || s[i] > '7')) return std::nullopt;
    }
    auto [p, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), v, base);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
  }
  std::string_view digits = s;
  if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) digits.remove_prefix(1);
  if (digits.empty()) return std::nullopt;
  for (char c : digits) {
    if (!is_digit(c)) return std::nullopt;
  }
  const char* first = s.data() + (s[0] == '+' ? 1 : 0);
  auto [p, ec] = std::from_chars(first, s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

// Core-schema floats: [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?, .inf, .nan.
bool is_float_text(std::string_view s) {
  std::string_view t = s;
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) t.remove_prefix(1);
  if (t == ".inf" || t == ".Inf" || t == ".INF") return true;
  if (s == ".nan" || s == ".NaN" || s == ".NAN") return true;
  std::size_t i = 0;
  std::size_t int_digits = 0;
  while (i < t.size() && is_digit(t[i]))
    ++i, ++int_digits;
  std::size_t frac_digits = 0;
  if (i < t.size() && t[i] == '.') {
    ++i;
    while (i < t.size() && is_digit(t[i]))
      ++i, ++frac_digits;
  }
  if (int_digits == 0 && frac_digits == 0) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    std::size_t exp_digits = 0;
    while (i < t.size() && is_digit(t[i]))
      ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == t.size();
}

// 1-based line and byte column of an offset.
std::pair<int, int> position_of(std::string_view s, std::size_t offset) {
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset && i < s.size(); ++i) {
    if (s[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return {line, static_cast<int>(offset - line_start) + 1};
}

// A tab in the leading whitespace of a line that holds content (not a comment) is used
// as indentation. Returns its offset or npos.
std::size_t find_indent_tab(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t tab = std::string_view::npos;
    std::size_t j = i;
    while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) {
      if (s[j] == '\t' && tab == std::string_view::npos) tab = j;
      ++j;
    }
    const bool content = j < s.size() && s[j] != '\n' && s[j] != '\r' && s[j] != '#';
    if (tab != std::string_view::npos && content) return tab;
    while (j < s.size() && s[j] != '\n')
      ++j;
    i = j + 1;
  }
  return std::string_view::npos;
}

// Thrown inside the event handler to stop the parse at once (never leaves this file).
struct StopParse {
  Code code;
  YAML::Mark mark;
  std::string message;
};

class TreeBuilder : public YAML::EventHandler {
 public:
  TreeBuilder(const std::string& file, const detail::SourceLines& text, diag::Sink& sink,
              const ReadOptions& options)
      : file_(file), text_(text), sink_(sink), options_(options) {}

  NodeArena take_nodes() { return std::move(nodes_); }
  const Node* root() const { return root_; }
  bool saw_document() const { return saw_document_; }
  bool had_errors() const { return errors_; }

  // Whether a quoted scalar starts at this 1-based position.
  bool quoted_scalar_at(int line, int column) const {
    bool found = false;
    nodes_.for_each([&](const Node& n) {
      found = found ||
              (n.kind == NodeKind::kScalar && !n.plain && n.line == line && n.column == column);
    });
    return found;
  }

  void OnDocumentStart(const YAML::Mark&) override { saw_document_ = true; }
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    Node* n = make(NodeKind::kNull, mark);
    // A value left empty (`colorkey:`, or `colorkey: #ff00ff`, where '#' starts a comment)
    // gets its null at the next token, often on a later line: place it where the value
    // belongs instead, on the key's line, and keep the comment written there.
    if (!stack_.empty() && stack_.back().have_key && !stack_.back().drop_value &&
        !detail::spells_null(text_, n->line, n->column)) {
      const Open& top = stack_.back();
      if (auto slot = detail::value_slot(text_, top.key_line, top.key_column)) {
        n->line = slot->line;
        n->column = slot->column;
        n->comment = slot->comment;
      }
    }
    remember(anchor, n);
    attach(n);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end()) {
      throw StopParse{Code::kYamlSyntax, mark, "alias to an unknown anchor"};
    }
    const Node* target = it->second;
    for (const Open& o : stack_) {
      if (o.node == target) {
        throw StopParse{Code::kAliasExpansion, mark,
                        "alias refers to a collection that contains it (infinite expansion)"};
      }
    }
    // Only what aliases add is counted: the literal nodes are bounded by the file size.
    count(target->expanded, mark);
    attach(target, &mark);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    scalar(mark, tag == "?", anchor, value);
  }

  // A scalar, `plain` when written without quotes or tag.
  void scalar(const YAML::Mark& mark, bool plain, YAML::anchor_t anchor, std::string value) {
    if (anchor == YAML::NullAnchor && !stack_.empty() && !stack_.back().have_key &&
        stack_.back().node->kind == NodeKind::kMapping) {
      // A mapping key: kept as the entry's key and position, no node of its own.
      take_key(stack_.back(), mark.line + 1, mark.column + 1, std::move(value));
      return;
    }
    Node* n = make(NodeKind::kScalar, mark);
    n->value = std::move(value);
    n->plain = plain;
    remember(anchor, n);
    attach(n);
  }

  // The null of a mapping value left empty, placed where yaml-cpp's OnNull places it when
  // its mark does not spell a null: on the key's line, just after the ':'. False (nothing
  // added) when the value is not a mapping's or its key's line cannot be read that way.
  bool empty_value() {
    if (stack_.empty() || !stack_.back().have_key || stack_.back().drop_value) return false;
    const Open& top = stack_.back();
    auto slot = detail::value_slot(text_, top.key_line, top.key_column);
    if (!slot) return false;
    Node* node = nodes_.make();
    node->kind = NodeKind::kNull;
    node->line = slot->line;
    node->column = slot->column;
    node->comment = std::move(slot->comment);
    attach(node);
    return true;
  }

  // Whether the innermost open collection is a mapping waiting for a key.
  bool expects_key() const {
    return !stack_.empty() && stack_.back().node->kind == NodeKind::kMapping &&
           !stack_.back().have_key;
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(NodeKind::kSequence, mark, anchor);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(NodeKind::kMapping, mark, anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Open {
    Node* node = nullptr;
    bool have_key = false;  // mappings: a key is waiting for its value
    std::string key;
    int key_line = 0;
    int key_column = 0;
    bool drop_value = false;  // the key was a duplicate or not a scalar
  };

  Node* make(NodeKind kind, const YAML::Mark& mark) {
    Node* n = nodes_.make();
    n->kind = kind;
    n->line = mark.line + 1;
    n->column = mark.column + 1;
    return n;
  }

  void remember(YAML::anchor_t anchor, const Node* n) {
    if (anchor != YAML::NullAnchor) anchors_[anchor] = n;
  }

  void count(std::size_t added, const YAML::Mark& mark) {
    total_ += added;
    if (total_ > options_.max_nodes) {
      throw StopParse{Code::kAliasExpansion, mark,
                      "aliases expand to more than " + std::to_string(options_.max_nodes) +
                          " nodes (billion laughs?)"};
    }
  }

  void open(NodeKind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
    if (static_cast<int>(stack_.size()) + 1 > options_.max_depth) {
      throw StopParse{Code::kTooDeep, mark,
                      "nesting is deeper than " + std::to_string(options_.max_depth) + " levels"};
    }
    Node* n = make(kind, mark);
    remember(anchor, n);
    // A collection used as a mapping key is rejected when it closes (attach()).
    Open o;
    o.node = n;
    stack_.push_back(std::move(o));
  }

  void close() {
    Open done = std::move(stack_.back());
    stack_.pop_back();
    Node* n = done.node;
    std::size_t size = 1;
    for (const Node* item : n->items)
      size += item->expanded;
    for (const MapEntry& e : n->entries)
      size += 1 + e.value->expanded;
    n->expanded = size;
    attach(n);
  }

  // Adds a finished node (or an alias's target) to its parent.
  void attach(const Node* n, const YAML::Mark* alias_mark = nullptr) {
    if (stack_.empty()) {
      if (!root_) root_ = n;
      return;
    }
    Open& top = stack_.back();
    Node* parent = top.node;
    if (parent->kind == NodeKind::kSequence) {
      parent->items.push_back(n);
      return;
    }
    if (!top.have_key) {
      top.have_key = true;
      top.drop_value = false;
      top.key_line = alias_mark ? alias_mark->line + 1 : n->line;
      top.key_column = alias_mark ? alias_mark->column + 1 : n->column;
      if (n->kind == NodeKind::kMapping || n->kind == NodeKind::kSequence) {
        error(Code::kWrongType, top.key_line, top.key_column,
              "a mapping key must be a plain string, not " + describe_type(*n));
        top.drop_value = true;
        return;
      }
      take_key(top, top.key_line, top.key_column,
               n->kind == NodeKind::kNull ? std::string() : n->value);
      return;
    }
    top.have_key = false;
    if (top.drop_value) return;
    parent->entries.push_back(MapEntry{top.key, top.key_line, top.key_column, n});
  }

  // A scalar (or null) key of the mapping `top`: a duplicate is E0103 and its value is
  // dropped. Keys already seen are the entries written so far and the keys dropped as
  // duplicates; small mappings (nearly all) are searched in place, large ones through an
  // index, so a hostile mapping of many keys stays O(n log n).
  void take_key(Open& top, int line, int column, std::string key) {
    top.have_key = true;
    top.drop_value = false;
    top.key_line = line;
    top.key_column = column;
    top.key = std::move(key);
    const std::vector<MapEntry>& entries = top.node->entries;
    const MapEntry* first = nullptr;
    constexpr std::size_t kScan = 16;
    if (entries.size() <= kScan && pending_.find(top.node) == pending_.end()) {
      for (const MapEntry& e : entries) {
        if (e.key == top.key) {
          first = &e;
          break;
        }
      }
    } else {
      auto& index = pending_[top.node];
      if (index.size() < entries.size()) {
        for (std::size_t i = index.size(); i < entries.size(); ++i)
          index.emplace(entries[i].key, i);
      }
      auto it = index.find(top.key);
      if (it != index.end()) first = &entries[it->second];
    }
    if (first == nullptr) return;
    diag::Note note{diag::Span{file_, first->line, first->column, 0}, "first defined here"};
    sink_.error(Code::kDuplicateKey, diag::Span{file_, top.key_line, top.key_column, 0},
                "duplicate key '" + top.key + "'", {note});
    errors_ = true;
    top.drop_value = true;
  }

  void error(Code code, int line, int column, std::string message) {
    sink_.error(code, diag::Span{file_, line, column, 0}, std::move(message));
    errors_ = true;
  }

  const std::string& file_;
  const detail::SourceLines& text_;
  diag::Sink& sink_;
  const ReadOptions& options_;
  NodeArena nodes_;
  std::vector<Open> stack_;
  std::map<YAML::anchor_t, const Node*> anchors_;
  // Large mappings: key -> index of its entry (take_key).
  std::map<const Node*, std::map<std::string, std::size_t, std::less<>>> pending_;
  const Node* root_ = nullptr;
  std::size_t total_ = 0;  // nodes added by aliases, expanded
  bool saw_document_ = false;
  bool errors_ = false;
};

// Run on what follows the first document: any further document is an error at its start
// (its `---`), since a definition or scene is one document and the rest would be ignored.
class SecondDocument : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark& mark) override {
    throw StopParse{Code::kYamlSyntax, mark,
                    "a second YAML document starts here; a definition or scene file holds one "
                    "document, and everything after this '---' would be ignored: remove the "
                    "line, or move the second document to a file of its own"};
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// An implicit (simple) key ends with its ':' at most 1,024 units after the key's first
// character (its opening quote, if quoted): libyaml counts characters, yaml-cpp bytes
// (Scanner::VerifySimpleKey: INPUT.pos() - key.mark.pos > 1024). Both also require the
// ':' on the key's line, so the two can only disagree on a line of more than 1,024 bytes
// that holds a multi-byte character; on an ASCII line characters are bytes.
constexpr std::size_t kSimpleKeyReach = 1024;

// Characters after which libyaml and yaml-cpp may read a text differently, or count its
// lines or columns differently: a CR (libyaml ends a line at a lone CR), a tab (separators),
// a byte-order mark, NEL, LS and PS (line breaks to libyaml, YAML 1.1), a backslash (the
// escapes of double-quoted scalars differ at the edges); and a line over 1,024 bytes with
// a multi-byte character, where a key one accepts may be too long for the other
// (kSimpleKeyReach). Such texts are left to yaml-cpp.
bool libyaml_reads_alike(std::string_view s) {
  std::size_t line_start = 0;
  bool multibyte = false;  // the line so far holds a byte >= 0x80
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == '\n') {
      if (multibyte && i - line_start > kSimpleKeyReach) return false;
      line_start = i + 1;
      multibyte = false;
      continue;
    }
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) multibyte = true;
    if (c == '\r' || c == '\t' || c == '\\') return false;
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x85) {
      return false;  // NEL
    }
    if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(s[i + 2]) == 0xA8 ||
         static_cast<unsigned char>(s[i + 2]) == 0xA9)) {
      return false;  // LS, PS
    }
    if (c == 0xEF && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xBB &&
        static_cast<unsigned char>(s[i + 2]) == 0xBF) {
      return false;  // BOM
    }
  }
  return true;
}

// libyaml's event stream, one event at a time; frees each event it replaces.
class LibyamlEvents {
 public:
  explicit LibyamlEvents(std::string_view bytes) {
    yaml_parser_initialize(&parser_);
    yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(bytes.data()),
                                 bytes.size());
  }
  ~LibyamlEvents() {
    if (have_) yaml_event_delete(&event_);
    yaml_parser_delete(&parser_);
  }
  LibyamlEvents(const LibyamlEvents&) = delete;
  LibyamlEvents& operator=(const LibyamlEvents&) = delete;

  // The next event, or nullptr when libyaml refuses the text.
  const yaml_event_t* next() {
    if (have_) yaml_event_delete(&event_);
    have_ = yaml_parser_parse(&parser_, &event_) != 0;
    return have_ ? &event_ : nullptr;
  }

 private:
  yaml_parser_t parser_;
  yaml_event_t event_;
  bool have_ = false;
};

// libyaml's marks count characters; the tree's columns count bytes (yaml-cpp's).
class ColumnsInBytes {
 public:
  ColumnsInBytes(const detail::SourceLines& lines, bool ascii) : lines_(lines), ascii_(ascii) {}

  YAML::Mark operator()(const yaml_mark_t& m) const {
    YAML::Mark mark;
    mark.line = static_cast<int>(m.line);
    mark.column = static_cast<int>(m.column);
    if (!ascii_) {
      const std::string_view line = lines_.line(mark.line + 1);
      std::size_t byte = 0;
      for (std::size_t chars = 0; chars < m.column && byte < line.size(); ++chars) {
        byte += std::max<std::size_t>(1, diag::utf8_sequence_length(line, byte));
      }
      mark.column = static_cast<int>(byte);
    }
    return mark;
  }

 private:
  const detail::SourceLines& lines_;
  bool ascii_;
};

// Whether a key at `mark` follows the explicit key indicator `? ` (yaml-cpp reads `{?a: 1}`
// otherwise than libyaml).
bool explicit_key(const detail::SourceLines& lines, const YAML::Mark& mark) {
  const std::string_view line = lines.line(mark.line + 1);
  std::size_t p = std::min(static_cast<std::size_t>(mark.column), line.size());
  while (p > 0 && line[p - 1] == ' ')
    --p;
  return p > 0 && line[p - 1] == '?';
}

// What one of libyaml's events decided: go on to the next, or stop with the tree taken (the
// document read alike) or refused (left to yaml-cpp).
enum class Verdict { kNext, kTaken, kRefused };

// One pass of libyaml's events into the TreeBuilder, with yaml-cpp's marks
// (build_with_libyaml). Each event either builds its part of the tree or refuses the text.
class LibyamlPass {
 public:
  LibyamlPass(TreeBuilder& builder, const detail::SourceLines& lines, bool ascii)
      : builder_(builder), lines_(lines), to_mark_(lines, ascii) {}

  Verdict take(const yaml_event_t& e) {
    switch (e.type) {
      case YAML_NO_EVENT:
      case YAML_ALIAS_EVENT:
        return Verdict::kRefused;
      case YAML_STREAM_START_EVENT:
        return Verdict::kNext;
      case YAML_STREAM_END_EVENT:
        return documents_ == 1 ? Verdict::kTaken : Verdict::kRefused;
      case YAML_DOCUMENT_START_EVENT:
        return document_start(e);
      case YAML_SCALAR_EVENT:
        return scalar(e);
      case YAML_SEQUENCE_START_EVENT:
      case YAML_MAPPING_START_EVENT:
        return collection_start(e);
      case YAML_DOCUMENT_END_EVENT:
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        end(e.type);
        return Verdict::kNext;
    }
    return Verdict::kNext;
  }

 private:
  // The end of the document, a sequence or a mapping.
  void end(yaml_event_type_t type) {
    if (type == YAML_DOCUMENT_END_EVENT) {
      builder_.OnDocumentEnd();
    } else if (type == YAML_SEQUENCE_END_EVENT) {
      builder_.OnSequenceEnd();
    } else {
      builder_.OnMapEnd();
    }
  }

  // One document, without directives.
  Verdict document_start(const yaml_event_t& e) {
    const auto& d = e.data.document_start;
    if (++documents_ > 1 || d.version_directive != nullptr ||
        d.tag_directives.start != d.tag_directives.end) {
      return Verdict::kRefused;
    }
    builder_.OnDocumentStart(to_mark_(e.start_mark));
    return Verdict::kNext;
  }

  // A scalar on one line, without anchor or tag, read as yaml-cpp reads it.
  Verdict scalar(const yaml_event_t& e) {
    const auto& sc = e.data.scalar;
    if (sc.anchor != nullptr || sc.tag != nullptr) return Verdict::kRefused;
    if (sc.style == YAML_LITERAL_SCALAR_STYLE || sc.style == YAML_FOLDED_SCALAR_STYLE ||
        e.start_mark.line != e.end_mark.line) {
      return Verdict::kRefused;
    }
    const YAML::Mark mark = to_mark_(e.start_mark);
    const bool plain = sc.style == YAML_PLAIN_SCALAR_STYLE;
    if (after_empty_value_ && plain &&
        detail::spells_null(lines_, mark.line + 1, mark.column + 1)) {
      return Verdict::kRefused;
    }
    after_empty_value_ = false;
    if (builder_.expects_key() && explicit_key(lines_, mark)) return Verdict::kRefused;
    const std::string_view value(reinterpret_cast<const char*>(sc.value), sc.length);
    // yaml-cpp reads some indicators inside a plain scalar otherwise (`[a, b?c]` is
    // "unknown token" to it): such scalars are left to it.
    if (plain && value.find_first_of("?:#[]{},&*!|>'\"%@`") != std::string_view::npos) {
      return Verdict::kRefused;
    }
    if (plain && value.empty()) {
      // A value left empty (libyaml's empty scalar is placed after the ':').
      if (builder_.expects_key() || !builder_.empty_value()) return Verdict::kRefused;
      after_empty_value_ = true;
    } else if (plain && is_null_text(value)) {
      builder_.OnNull(mark, YAML::NullAnchor);  // as yaml-cpp: `~`, `null` are nulls
    } else {
      builder_.scalar(mark, plain, YAML::NullAnchor, std::string(value));
    }
    return Verdict::kNext;
  }

  // A sequence or a mapping, without anchor or tag.
  Verdict collection_start(const yaml_event_t& e) {
    const bool sequence = e.type == YAML_SEQUENCE_START_EVENT;
    const yaml_char_t* anchor =
        sequence ? e.data.sequence_start.anchor : e.data.mapping_start.anchor;
    const yaml_char_t* tag = sequence ? e.data.sequence_start.tag : e.data.mapping_start.tag;
    if (anchor != nullptr || tag != nullptr) return Verdict::kRefused;
    after_empty_value_ = false;
    if (sequence) {
      builder_.OnSequenceStart(to_mark_(e.start_mark), "?", YAML::NullAnchor,
                               YAML::EmitterStyle::Default);
    } else {
      builder_.OnMapStart(to_mark_(e.start_mark), "?", YAML::NullAnchor,
                          YAML::EmitterStyle::Default);
    }
    return Verdict::kNext;
  }

  TreeBuilder& builder_;
  const detail::SourceLines& lines_;
  const ColumnsInBytes to_mark_;
  int documents_ = 0;
  // After a value left empty, yaml-cpp's mark for its null is the next token's place; if
  // a scalar there spells a null, it would have kept that place: left to yaml-cpp.
  bool after_empty_value_ = false;
};

// Builds the tree from libyaml's events for a document libyaml reads exactly as yaml-cpp
// does, through the same TreeBuilder, with yaml-cpp's marks. Returns false, having built
// nothing that counts, for anything else: a text libyaml refuses or may read otherwise
// (libyaml_reads_alike), anchors, aliases, tags, directives, block scalars, a scalar over
// several lines, a second document, an empty value whose null yaml-cpp would place
// elsewhere, and every document with a mistake — yaml-cpp then reads it, so every message
// and position is the one it has always been.
bool build_with_libyaml(std::string_view bytes, TreeBuilder& builder,
                        const detail::SourceLines& lines) {
  if (bytes.empty() || !libyaml_reads_alike(bytes)) return false;
  const bool ascii = std::all_of(bytes.begin(), bytes.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  LibyamlPass pass(builder, lines, ascii);
  LibyamlEvents events(bytes);
  try {
    for (;;) {
      const yaml_event_t* e = events.next();
      if (e == nullptr) return false;
      const Verdict verdict = pass.take(*e);
      if (verdict != Verdict::kNext) return verdict == Verdict::kTaken;
      if (builder.had_errors()) return false;
    }
  } catch (const StopParse&) {
    return false;
  }
}

std::string with_article(const char* noun) {
  const char c = noun[0];
  const bool vowel = c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
  return std::string(vowel ? "an " : "a ") + noun;
}

}  // namespace

ScalarType Node::scalar_type() const {
  if (kind == NodeKind::kNull) return ScalarType::kNull;
  if (kind != NodeKind::kScalar || !plain) return ScalarType::kString;
  if (is_null_text(value)) return ScalarType::kNull;
  if (bool_text(value)) return ScalarType::kBool;
  if (int_text(value)) return ScalarType::kInt;
  if (is_float_text(value)) return ScalarType::kFloat;  // also integers beyond int64
  return ScalarType::kString;
}

const MapEntry* Node::find_entry(std::string_view key) const {
  for (const MapEntry& e : entries) {
    if (e.key == key) return &e;
  }
  return nullptr;
}

const Node* Node::find(std::string_view key) const {
  const MapEntry* e = find_entry(key);
  return e ? e->value : nullptr;
}

std::string describe_type(const Node& node) {
  switch (node.kind) {
    case NodeKind::kNull:
      return "null";
    case NodeKind::kSequence:
      return "a list";
    case NodeKind::kMapping:
      return "a mapping";
    case NodeKind::kScalar:
      break;
  }
  switch (node.scalar_type()) {
    case ScalarType::kNull:
      return "null";
    case ScalarType::kBool:
      return "a boolean";
    case ScalarType::kInt:
      return "an integer";
    case ScalarType::kFloat:
      return "a number";
    case ScalarType::kString:
      return "a string";
  }
  return "a value";
}

Node* NodeArena::make() {
  if (used_ == kChunk) {
    chunks_.push_back(std::make_unique<Node[]>(kChunk));
    used_ = 0;
  }
  return &chunks_.back()[used_++];
}

Document::Document(std::string file, NodeArena nodes, const Node* root)
    : file_(std::move(file)), nodes_(std::move(nodes)), root_(root) {}

diag::Span Document::span(const Node& node) const {
  // A plain one-line scalar is written exactly as its value, so its end is known; an empty
  // value with a comment where it belongs underlines the comment's first word; other nodes
  // get a one-character underline.
  int end = 0;
  if (node.kind == NodeKind::kScalar && node.plain && !node.value.empty() &&
      node.value.find('\n') == std::string::npos) {
    end = node.column + static_cast<int>(node.value.size());
  } else if (node.kind == NodeKind::kNull && !node.comment.empty()) {
    const std::size_t word = node.comment.find_first_of(" \t");
    end = node.column + static_cast<int>(word == std::string::npos ? node.comment.size() : word);
  }
  return diag::Span{file_, node.line, node.column, end};
}

diag::Span Document::key_span(const MapEntry& entry) const {
  return diag::Span{file_, entry.line, entry.column,
                    entry.column + static_cast<int>(entry.key.size())};
}

namespace {
void wrong_type(const Document& doc, const Node& node, const char* expected, diag::Sink& sink) {
  sink.error(Code::kWrongType, doc.span(node),
             "expected " + with_article(expected) + ", found " + describe_type(node));
}
}  // namespace

std::optional<std::int64_t> Node::as_int() const {
  if (kind != NodeKind::kScalar || !plain) return std::nullopt;
  return int_text(value);
}

std::optional<double> Node::as_number() const {
  if (kind != NodeKind::kScalar || !plain) return std::nullopt;
  if (auto v = int_text(value)) return static_cast<double>(*v);
  if (!is_float_text(value)) return std::nullopt;
  std::string_view u = value;
  const bool neg = !u.empty() && u[0] == '-';
  if (!u.empty() && (u[0] == '+' || u[0] == '-')) u.remove_prefix(1);
  if (u == ".inf" || u == ".Inf" || u == ".INF") return neg ? -HUGE_VAL : HUGE_VAL;
  if (u == ".nan" || u == ".NaN" || u == ".NAN") return std::nan("");
  return std::strtod(value.c_str(), nullptr);
}

std::optional<bool> Node::as_bool() const {
  if (kind != NodeKind::kScalar || !plain) return std::nullopt;
  return bool_text(value);
}

std::optional<std::int64_t> Document::read_int(const Node& node, diag::Sink& sink) const {
  if (auto v = node.as_int()) return v;
  wrong_type(*this, node, "integer", sink);
  return std::nullopt;
}

std::optional<double> Document::read_number(const Node& node, diag::Sink& sink) const {
  if (auto v = node.as_number()) return v;
  wrong_type(*this, node, "number", sink);
  return std::nullopt;
}

std::optional<bool> Document::read_bool(const Node& node, diag::Sink& sink) const {
  if (auto v = node.as_bool()) return v;
  wrong_type(*this, node, "boolean (true or false)", sink);
  return std::nullopt;
}

std::optional<std::string> Document::read_string(const Node& node, diag::Sink& sink) const {
  if (node.kind == NodeKind::kScalar && node.scalar_type() != ScalarType::kNull) {
    return node.value;
  }
  wrong_type(*this, node, "string", sink);
  return std::nullopt;
}

std::optional<std::vector<const Node*>> Document::read_list(const Node& node,
                                                            diag::Sink& sink) const {
  if (node.kind == NodeKind::kSequence) return node.items;
  wrong_type(*this, node, "list", sink);
  return std::nullopt;
}

std::optional<std::vector<std::string>> Document::read_string_list(const Node& node,
                                                                   diag::Sink& sink) const {
  auto items = read_list(node, sink);
  if (!items) return std::nullopt;
  std::vector<std::string> out;
  bool ok = true;
  for (const Node* item : *items) {
    if (auto s = read_string(*item, sink)) {
      out.push_back(std::move(*s));
    } else {
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return out;
}

bool Document::expect_mapping(const Node& node, diag::Sink& sink) const {
  if (node.kind == NodeKind::kMapping) return true;
  wrong_type(*this, node, "mapping", sink);
  return false;
}

namespace {

std::optional<Document> libyaml_tree(std::string_view bytes, const std::string& file,
                                     const detail::SourceLines& lines, const ReadOptions& options) {
  diag::Sink unused;  // a document with a mistake is left to yaml-cpp: nothing is reported
  TreeBuilder builder(file, lines, unused, options);
  if (!build_with_libyaml(bytes, builder, lines) || builder.had_errors()) return std::nullopt;
  if (!builder.saw_document() || builder.root() == nullptr || builder.root()->is_null()) {
    return std::nullopt;
  }
  if (auto open = detail::find_unclosed_quote(bytes);
      open && builder.quoted_scalar_at(open->line, open->column)) {
    return std::nullopt;
  }
  const Node* root = builder.root();
  return Document(file, builder.take_nodes(), root);
}

}  // namespace

std::optional<Document> detail::parse_yaml_with_libyaml(std::string_view bytes,
                                                        const std::string& file,
                                                        const ReadOptions& options) {
  return libyaml_tree(bytes, file, SourceLines(bytes), options);
}

std::optional<Document> parse_yaml(std::string_view bytes, std::string file, diag::Sink& sink,
                                   const ReadOptions& options) {
  if (bytes.size() > options.max_bytes) {
    sink.error(Code::kFileTooLarge, diag::Span{file, 0, 0, 0},
               "file is larger than " + std::to_string(options.max_bytes) + " bytes");
    return std::nullopt;
  }
  if (const std::size_t bad = diag::find_invalid_utf8(bytes); bad != std::string_view::npos) {
    auto [line, column] = position_of(bytes, bad);
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X",
                  static_cast<unsigned>(static_cast<unsigned char>(bytes[bad])));
    sink.error(Code::kInvalidUtf8, diag::Span{file, line, column, 0},
               std::string("invalid UTF-8: byte ") + hex + " does not start a valid character");
    return std::nullopt;
  }
  if (const std::size_t tab = find_indent_tab(bytes); tab != std::string_view::npos) {
    auto [line, column] = position_of(bytes, tab);
    sink.error(Code::kTab, diag::Span{file, line, column, 0},
               "tab character used for indentation (YAML indents with spaces)");
    return std::nullopt;
  }

  const detail::SourceLines lines(bytes);
  if (options.libyaml) {
    if (auto doc = libyaml_tree(bytes, file, lines, options)) return doc;
  }
  TreeBuilder builder(file, lines, sink, options);
  try {
    std::istringstream in{std::string(bytes)};
    YAML::Parser parser(in);
    parser.HandleNextDocument(builder);
    if (!builder.had_errors()) {
      SecondDocument rest;
      parser.HandleNextDocument(rest);
    }
  } catch (const StopParse& stop) {
    sink.error(stop.code, diag::Span{file, stop.mark.line + 1, stop.mark.column + 1, 0},
               stop.message);
    return std::nullopt;
  } catch (const YAML::Exception& e) {
    if (e.mark.is_null()) {
      sink.error(Code::kYamlSyntax, diag::Span{file, 0, 0, 0}, "YAML syntax: " + e.msg);
      return std::nullopt;
    }
    // yaml-cpp stops where it gave up, often a line after the mistake: name the likely
    // mistake at its own place.
    const detail::SyntaxFinding f =
        detail::explain_syntax_error(bytes, e.mark.line + 1, e.mark.column + 1, e.msg);
    sink.error(Code::kYamlSyntax, diag::Span{file, f.line, f.column, f.end_column}, f.message);
    return std::nullopt;
  } catch (const std::exception& e) {
    sink.error(Code::kYamlSyntax, diag::Span{file, 0, 0, 0},
               std::string("YAML could not be read: ") + e.what());
    return std::nullopt;
  }
  if (builder.had_errors()) return std::nullopt;
  // yaml-cpp accepts a quoted string left open at the end of the file (it takes the rest
  // of the file as the string); that is always a mistake.
  if (auto open = detail::find_unclosed_quote(bytes);
      open && builder.quoted_scalar_at(open->line, open->column)) {
    sink.error(Code::kYamlSyntax, diag::Span{file, open->line, open->column, 0}, open->message);
    return std::nullopt;
  }
  if (!builder.saw_document() || builder.root() == nullptr || builder.root()->is_null()) {
    sink.error(Code::kEmptyFile, diag::Span{file, 0, 0, 0}, "the file is empty");
    return std::nullopt;
  }
  const Node* root = builder.root();
  return Document(std::move(file), builder.take_nodes(), root);
}

std::optional<Document> read_yaml_file(const std::filesystem::path& path, diag::Sink& sink,
                                       const ReadOptions& options) {
  const std::string name = path.generic_string();
  const diag::Result<io::Bytes, io::ReadFailure> r = io::read_file(path, options.max_bytes);
  if (!r) {
    const Code code =
        r.error.kind == io::ReadError::kTooLarge ? Code::kFileTooLarge : Code::kFileUnreadable;
    sink.error(code, diag::Span{name, 0, 0, 0},
               "cannot read " + name + ": " + io::describe(r.error));
    return std::nullopt;
  }
  std::string_view bytes(reinterpret_cast<const char*>(r.value.data()), r.value.size());
  return parse_yaml(bytes, name, sink, options);
}

}  // namespace spritec::yaml
