// Internal to spritec::yaml: reading YAML source text the way a person reads it, to say what
// a syntax mistake is and where it was made. yaml-cpp reports where it gave up — often the
// line after the mistake — in its own words ("illegal map value"); these functions look at
// the text around that place for the usual causes: a quote or a bracket never closed, a
// missing space after ':', a key indented differently from its siblings, a '#' that
// started a comment. They only read text; they never fail and never throw.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spritec::yaml::detail {

// A place in the text (1-based line, 1-based byte column, exclusive end column or 0) and
// what to say there.
struct SyntaxFinding {
  int line = 0;
  int column = 0;
  int end_column = 0;
  std::string message;
};

// yaml-cpp stopped at (line, column), 1-based, with `raw` (its message). Returns the likely
// mistake at its own place, or yaml-cpp's place with its words made plain.
SyntaxFinding explain_syntax_error(std::string_view text, int line, int column,
                                   const std::string& raw);

// A quoted scalar still open at the end of the text (yaml-cpp accepts it, and the string
// silently swallows the rest of the file): its opening quote.
std::optional<SyntaxFinding> find_unclosed_quote(std::string_view text);

// The text split into lines once (without line breaks; a CR before LF dropped), for
// lookups by line number during a parse.
class SourceLines {
 public:
  explicit SourceLines(std::string_view text);
  // Line `line` (1-based), or an empty view past the end.
  std::string_view line(int line) const;

 private:
  std::vector<std::string_view> lines_;
};

// Where the value of the mapping key at (key_line, key_column) belongs on the key's own
// line — just after the ':' and its spaces — and the comment written there, if any
// ("#ff00ff" for `colorkey: #ff00ff`). Empty when the key's line cannot be read that way.
struct ValueSlot {
  int line = 0;
  int column = 0;
  std::string comment;  // from '#' to the end of the line, trailing spaces removed
};
std::optional<ValueSlot> value_slot(const SourceLines& text, int key_line, int key_column);

// Whether the text at (line, column) spells a null scalar (`~`, `null`, `Null`, `NULL`):
// told apart from a value left empty, whose null yaml-cpp places at the next token.
bool spells_null(const SourceLines& text, int line, int column);

}  // namespace spritec::yaml::detail
