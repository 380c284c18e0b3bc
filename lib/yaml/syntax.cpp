#include "syntax.hpp"

#include <algorithm>
#include <climits>
#include <vector>

namespace spritec::yaml::detail {
namespace {

// The lines of the text without their line breaks (a CR before LF is dropped too), and a
// UTF-8 byte order mark at the start blanked out so it does not count as content.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == text.size()) break;
    start = end + 1;
  }
  return lines;
}

bool is_space(char c) {
  return c == ' ' || c == '\t';
}
bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

std::string in_quotes(std::string_view s) {
  return "'" + std::string(s) + "'";
}

struct Opener {
  char c = 0;
  int line = 0;  // 1-based
  int column = 0;
};

struct Mismatch {
  int line = 0;
  int column = 0;
  char closer = 0;
  Opener opener;
};

// An implicit key whose ':' is more than kKeyReach bytes after the key's first byte (its
// opening quote, if quoted), which yaml-cpp does not read as a key.
struct LongKey {
  int line = 0;
  int column = 0;               // 1-based, the key's first byte
  int colon = 0;                // 1-based, its ':'
  std::vector<Opener> openers;  // the flow collections it is in, outermost first
};
constexpr int kKeyReach = 1024;

// A quoted scalar that did not close on the line it opened on.
struct LongQuote {
  int line = 0;
  int column = 0;
  char quote = 0;
  int end_line = 0;  // 0: never closed
};

// A `key:value` with no space after the ':' (YAML reads it as one word).
struct Glued {
  int column = 0;  // 0-based, the key's first byte
  int end = 0;     // 0-based, exclusive: the end of the glued word
};

struct LineInfo {
  bool content = false;       // holds something besides spaces and a comment
  bool continuation = false;  // starts inside a flow collection, a quote or a block scalar
  int indent = 0;             // 0-based column of the first byte that is not a space
  bool dash = false;          // starts with "- "
  int key_column = -1;        // 0-based column of a block key (after any "- ")
  std::string key;
  bool inline_value = false;  // something follows "key:" (or "- ") on this line
  int comment = -1;           // 0-based column of a '#' that starts a comment
  std::vector<Glued> glued;
};

bool is_indicator(char c) {
  switch (c) {
    case '[':
    case ']':
    case '{':
    case '}':
    case '"':
    case '\'':
    case '#':
    case '&':
    case '*':
    case '!':
    case '|':
    case '>':
    case '%':
    case '@':
    case '`':
    case ',':
      return true;
    default:
      return false;
  }
}

// The end (0-based, exclusive) of a quoted scalar starting at `p` on one line, or npos.
std::size_t quote_end(std::string_view s, std::size_t p) {
  const char q = s[p];
  for (std::size_t i = p + 1; i < s.size(); ++i) {
    if (q == '"' && s[i] == '\\') {
      ++i;
    } else if (q == '\'' && s[i] == '\'' && i + 1 < s.size() && s[i + 1] == '\'') {
      ++i;
    } else if (s[i] == q) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// A tokenizer just good enough to follow quotes, flow brackets, comments, block scalars
// and the key at the start of each line. It never fails: odd text only makes it less
// informative.
class Lexer {
 public:
  // `keep_lines`: record what each line holds (for explaining an error); without it only
  // quotes and brackets are followed (a pass over every file that parses).
  Lexer(std::string_view text, int stop_line, int stop_column, bool keep_lines = true)
      : stop_line_(stop_line), stop_column_(stop_column), keep_lines_(keep_lines) {
    raw_ = split_lines(text);
    if (!raw_.empty() && raw_[0].substr(0, 3) == "\xEF\xBB\xBF") {
      bom_ = true;
    }
  }

  void run() {
    for (std::size_t i = 0; i < raw_.size(); ++i)
      lex_line(static_cast<int>(i) + 1, raw_[i]);
    snapshot(INT_MAX, INT_MAX);
    if (in_quote_) long_quotes.push_back(LongQuote{quote_line_, quote_column_, quote_, 0});
  }

  std::string_view line_text(int line) const {
    return line >= 1 && line <= static_cast<int>(raw_.size())
               ? raw_[static_cast<std::size_t>(line - 1)]
               : std::string_view();
  }

  std::vector<LineInfo> lines;
  std::vector<Opener> stack_at_stop;
  bool quote_open_at_stop = false;
  std::vector<Mismatch> mismatches;
  std::vector<LongQuote> long_quotes;
  std::optional<LongKey> long_key;  // the first one
  int last_content_line = 0;

 private:
  // Records the state at yaml-cpp's mark once the scan passes it.
  void snapshot(int line, int column) {
    if (stopped_) return;
    if (line > stop_line_ || (line == stop_line_ && column >= stop_column_)) {
      stopped_ = true;
      stack_at_stop = stack_;
      quote_open_at_stop = in_quote_;
    }
  }

  // Whether the ':' at `p` ends a key: followed by a space or the line's end, or in a flow
  // collection by ',', ']', '}', or right after a quoted key (`{"a":1}`).
  bool value_indicator(std::string_view s, std::size_t p) const {
    if (p + 1 == s.size() || is_space(s[p + 1])) return true;
    if (stack_.empty()) return false;
    const char next = s[p + 1];
    return next == ',' || next == ']' || next == '}' || prev_ == '"' || prev_ == '\'';
  }

  // A ':' at 0-based `colon` of line `ln` ends the key that started on this line, if any.
  void note_key_end(int ln, int colon) {
    if (key_start_ >= 0 && colon - key_start_ > kKeyReach && !long_key) {
      long_key = LongKey{ln, key_start_ + 1, colon + 1, stack_};
    }
    key_start_ = -1;
  }

  bool token_start(std::string_view s, std::size_t p) const {
    if (prev_ == 0 || prev_ == '[' || prev_ == '{' || prev_ == ',') return true;
    if (prev_ == ':' || prev_ == '-' || prev_ == '?') return p == 0 || is_space(s[p - 1]);
    return false;
  }

  // A flow-mapping key glued to its value: `{cell:[8, 8]}`.
  void check_flow_key(std::string_view s, std::size_t p, LineInfo& info) {
    std::size_t k = p;
    while (k < s.size() && is_space(s[k]))
      ++k;
    std::size_t j = k;
    while (j < s.size() && is_word(s[j]))
      ++j;
    if (j > k && j + 1 < s.size() && s[j] == ':' && !is_space(s[j + 1]) && s[j + 1] != ',' &&
        s[j + 1] != '}' && s[j + 1] != ']' && s[j + 1] != ':') {
      std::size_t end = j + 1;
      while (end < s.size() && !is_space(s[end]) && s[end] != ',' && s[end] != '}')
        ++end;
      info.glued.push_back(Glued{static_cast<int>(k), static_cast<int>(end)});
    }
  }

  // The key (and the dashes before it) at the start of a line that does not continue
  // anything.
  void read_line_start(std::string_view s, std::size_t p, LineInfo& info) {
    std::size_t k = p;
    while (k < s.size() && s[k] == '-' && (k + 1 == s.size() || is_space(s[k + 1]))) {
      info.dash = true;
      ++k;
      while (k < s.size() && is_space(s[k]))
        ++k;
    }
    std::size_t value = std::string_view::npos;  // where the value starts
    if (k < s.size() && (s[k] == '"' || s[k] == '\'')) {
      const std::size_t end = quote_end(s, k);
      if (end != std::string_view::npos && end < s.size() && s[end] == ':' &&
          (end + 1 == s.size() || is_space(s[end + 1]))) {
        info.key_column = static_cast<int>(k);
        info.key = std::string(s.substr(k + 1, end - k - 2));
        value = end + 1;
      }
    } else if (k < s.size() && !is_indicator(s[k])) {
      std::size_t j = k;
      while (j < s.size() && is_word(s[j]))
        ++j;
      if (j > k && j + 1 < s.size() && s[j] == ':' && !is_space(s[j + 1]) && s[j + 1] != ':' &&
          s[j + 1] != '/') {
        std::size_t end = j + 1;
        while (end < s.size() && !is_space(s[end]))
          ++end;
        info.glued.push_back(Glued{static_cast<int>(k), static_cast<int>(end)});
      }
      for (std::size_t i = k; i < s.size(); ++i) {
        if (s[i] == '#' && i > k && is_space(s[i - 1])) break;
        if (s[i] == ':' && (i + 1 == s.size() || is_space(s[i + 1]))) {
          info.key_column = static_cast<int>(k);
          info.key = std::string(s.substr(k, i - k));
          while (!info.key.empty() && is_space(info.key.back()))
            info.key.pop_back();
          value = i + 1;
          break;
        }
      }
    }
    if (info.key_column < 0 && info.dash) value = k;
    if (value == std::string_view::npos) return;
    std::size_t v = value;
    while (v < s.size() && is_space(s[v]))
      ++v;
    info.inline_value = v < s.size() && s[v] != '#';
    // A block scalar (`|` or `>`) swallows the lines indented deeper than its key.
    if (v < s.size() && (s[v] == '|' || s[v] == '>')) {
      std::size_t e = v + 1;
      while (e < s.size() && (s[e] == '+' || s[e] == '-' || (s[e] >= '0' && s[e] <= '9')))
        ++e;
      while (e < s.size() && is_space(s[e]))
        ++e;
      if (e == s.size() || s[e] == '#') {
        block_ = true;
        block_indent_ = info.key_column >= 0 ? info.key_column : info.indent;
      }
    }
  }

  // One line: its start (indent, dashes, key), then its bytes, following quotes, flow
  // brackets and comments.
  void lex_line(int ln, std::string_view s) {
    LineInfo info;
    std::size_t p = 0;
    if (ln == 1 && bom_) p = 3;
    while (p < s.size() && s[p] == ' ')
      ++p;
    info.indent = static_cast<int>(p);
    const bool blank = p == s.size() || s[p] == '#';
    if (inside_block_scalar(p, blank, info)) {
      if (keep_lines_) lines.push_back(std::move(info));
      return;
    }
    info.continuation = in_quote_ || !stack_.empty();
    if (!info.continuation) {
      prev_ = 0;
      if (!blank) read_line_start(s, p, info);
    }
    p = in_quote_ ? 0 : p;
    key_start_ = -1;  // a key does not span lines
    for (; p < s.size(); ++p) {
      snapshot(ln, static_cast<int>(p) + 1);
      if (!lex_byte(ln, s, p, info)) break;
    }
    snapshot(ln, static_cast<int>(s.size()) + 1);
    if (info.content) last_content_line = ln;
    if (keep_lines_) lines.push_back(std::move(info));
  }

  // Whether a line whose first byte that is not a space is at `p` belongs to the block
  // scalar above it (it is then recorded as a continuation); a line that does not ends it.
  bool inside_block_scalar(std::size_t p, bool blank, LineInfo& info) {
    if (!block_) return false;
    if (blank || static_cast<int>(p) > block_indent_) {
      info.continuation = true;
      info.content = !blank;
      return true;
    }
    block_ = false;
    return false;
  }

  // The byte at `p` of line `ln` (`p` moves past a byte it escapes). Returns false at a
  // comment, which ends the line.
  bool lex_byte(int ln, std::string_view s, std::size_t& p, LineInfo& info) {
    const char c = s[p];
    if (in_quote_) {
      lex_quoted(ln, s, p);
      info.content = true;
      return true;
    }
    if (is_space(c)) return true;
    if (c == '#' && (p == 0 || is_space(s[p - 1]))) {
      info.comment = static_cast<int>(p);
      return false;
    }
    info.content = true;
    if (lex_opening(ln, s, p, info) || lex_flow_punctuation(ln, s, p, info)) return true;
    if (c == ':' && value_indicator(s, p)) {
      note_key_end(ln, static_cast<int>(p));
    } else if (token_start(s, p)) {
      key_start_ = static_cast<int>(p);
    }
    prev_ = c;
    return true;
  }

  // A byte inside a quoted scalar: an escape (`\` in double quotes) or a doubled single
  // quote takes the next byte with it; the closing quote ends the scalar, recorded when it
  // closes on a later line than it opened on.
  void lex_quoted(int ln, std::string_view s, std::size_t& p) {
    const char c = s[p];
    if (quote_ == '"' && c == '\\') {
      ++p;
    } else if (quote_ == '\'' && c == '\'' && p + 1 < s.size() && s[p + 1] == '\'') {
      ++p;
    } else if (c == quote_) {
      in_quote_ = false;
      prev_ = c;
      if (quote_line_ != ln)
        long_quotes.push_back(LongQuote{quote_line_, quote_column_, quote_, ln});
    }
  }

  // A quote or a flow bracket opening at the start of a token. Returns whether it was one.
  bool lex_opening(int ln, std::string_view s, std::size_t p, LineInfo& info) {
    const char c = s[p];
    if ((c == '"' || c == '\'') && token_start(s, p)) {
      key_start_ = static_cast<int>(p);
      in_quote_ = true;
      quote_ = c;
      quote_line_ = ln;
      quote_column_ = static_cast<int>(p) + 1;
      return true;
    }
    if ((c == '[' || c == '{') && token_start(s, p)) {
      stack_.push_back(Opener{c, ln, static_cast<int>(p) + 1});
      prev_ = c;
      if (c == '{') check_flow_key(s, p + 1, info);
      return true;
    }
    return false;
  }

  // A closing bracket or a comma inside a flow collection (a closer that does not match
  // its opener is recorded). Returns whether it was one.
  bool lex_flow_punctuation(int ln, std::string_view s, std::size_t p, LineInfo& info) {
    const char c = s[p];
    if ((c == ']' || c == '}') && !stack_.empty()) {
      const Opener top = stack_.back();
      if ((top.c == '[') != (c == ']')) {
        mismatches.push_back(Mismatch{ln, static_cast<int>(p) + 1, c, top});
      }
      stack_.pop_back();
      prev_ = c;
      return true;
    }
    if (c == ',' && !stack_.empty()) {
      prev_ = c;
      if (stack_.back().c == '{') check_flow_key(s, p + 1, info);
      return true;
    }
    return false;
  }

  std::vector<std::string_view> raw_;
  bool bom_ = false;
  int stop_line_;
  int stop_column_;
  bool keep_lines_;
  bool stopped_ = false;
  std::vector<Opener> stack_;
  bool in_quote_ = false;
  char quote_ = 0;
  int quote_line_ = 0;
  int quote_column_ = 0;
  bool block_ = false;
  int block_indent_ = 0;
  char prev_ = 0;       // the last significant byte outside quotes and comments
  int key_start_ = -1;  // 0-based, where the last scalar on this line started, or -1
};

std::string closer_of(char opener) {
  return opener == '[' ? "]" : "}";
}

std::string where(const Opener& o, int line) {
  return o.line == line ? "column " + std::to_string(o.column)
                        : "line " + std::to_string(o.line) + ", column " + std::to_string(o.column);
}

std::optional<SyntaxFinding> quote_finding(const Lexer& lx, int line, int column) {
  for (auto it = lx.long_quotes.rbegin(); it != lx.long_quotes.rend(); ++it) {
    if (it->line > line || (it->line == line && it->column >= column)) continue;
    const std::string q(1, it->quote);
    SyntaxFinding f{it->line, it->column, 0, ""};
    if (it->end_line == 0 || it->end_line > line) {
      f.message = "the string that starts with this " + q +
                  " is never closed, so it swallows the lines after it; add the closing " + q;
    } else {
      f.message = "the string that starts with this " + q +
                  " is not closed on its line (it runs on to line " + std::to_string(it->end_line) +
                  "); add the closing " + q;
    }
    return f;
  }
  return std::nullopt;
}

std::optional<SyntaxFinding> mismatch_finding(const Lexer& lx, int line, int column) {
  for (const Mismatch& m : lx.mismatches) {
    if (m.line > line || (m.line == line && m.column > column)) break;
    return SyntaxFinding{m.line, m.column, 0,
                         std::string("this '") + m.closer + "' closes the '" + m.opener.c +
                             "' at " + where(m.opener, m.line) + "; a '" + closer_of(m.opener.c) +
                             "' is missing before it"};
  }
  return std::nullopt;
}

// A key too long for YAML, where yaml-cpp stopped at or after its start (at its ':' in a
// block mapping or a flow list, at the key in a flow mapping), or at a flow collection
// that holds it.
std::optional<SyntaxFinding> long_key_finding(const Lexer& lx, int line, int column) {
  if (!lx.long_key) return std::nullopt;
  const LongKey& k = *lx.long_key;
  bool here = k.line < line || (k.line == line && k.column <= column);
  for (const Opener& o : k.openers)
    here = here || (o.line == line && o.column == column);
  if (!here) return std::nullopt;
  return SyntaxFinding{k.line, k.column, k.colon,
                       "this key is too long: its ':' comes " + std::to_string(k.colon - k.column) +
                           " bytes after its start, but YAML allows a key written without '? ' "
                           "at most " +
                           std::to_string(kKeyReach) + " bytes (an 'é' takes 2); shorten it"};
}

std::optional<SyntaxFinding> glued_finding(const Lexer& lx, std::string_view text, int line) {
  const auto raw = split_lines(text);
  for (int ln = std::min<int>(line, static_cast<int>(lx.lines.size())); ln >= 1 && ln >= line - 2;
       --ln) {
    const LineInfo& info = lx.lines[static_cast<std::size_t>(ln - 1)];
    if (info.glued.empty()) continue;
    const Glued& g = info.glued.front();
    const std::string_view s = raw[static_cast<std::size_t>(ln - 1)];
    const std::string word(
        s.substr(static_cast<std::size_t>(g.column), static_cast<std::size_t>(g.end - g.column)));
    const std::size_t colon = word.find(':');
    const std::string fixed = word.substr(0, colon + 1) + " " + word.substr(colon + 1);
    return SyntaxFinding{ln, g.column + 1, g.end + 1,
                         "missing space after ':': YAML reads " + in_quotes(word) +
                             " as one word, not a key and its value; write " + in_quotes(fixed)};
  }
  return std::nullopt;
}

std::optional<SyntaxFinding> unclosed_finding(const Lexer& lx, int line, const std::string& raw) {
  const bool at_end = line > lx.last_content_line;
  if (lx.stack_at_stop.empty() || (raw.find("flow") == std::string::npos && !at_end)) {
    return std::nullopt;
  }
  const Opener& o = lx.stack_at_stop.back();
  SyntaxFinding f{
      o.line, o.column, 0,
      std::string("this '") + o.c + "' is never closed; add the '" + closer_of(o.c) + "'"};
  const LineInfo& info = lx.lines[static_cast<std::size_t>(o.line - 1)];
  if (info.comment >= o.column) {
    // `{colorkey: #ff00ff, …}`: the comment swallowed the value and the closing brace.
    std::string_view word = lx.line_text(o.line).substr(static_cast<std::size_t>(info.comment));
    const std::size_t end = word.find_first_of(" \t,]}");
    if (end != std::string_view::npos) word = word.substr(0, end);
    f.message += ": the '#' at column " + std::to_string(info.comment + 1) +
                 " starts a comment, which hides the rest of the line; quote it: \"" +
                 std::string(word) + "\"";
  }
  return f;
}

std::string name_of(const LineInfo& info) {
  if (!info.key.empty()) return in_quotes(info.key);
  return info.dash ? "the list item" : "the line";
}

std::string spaces(int n) {
  return std::to_string(n) + (n == 1 ? " space" : " spaces");
}

std::optional<SyntaxFinding> indent_finding(const Lexer& lx, int line) {
  if (line < 1 || line > static_cast<int>(lx.lines.size())) return std::nullopt;
  const LineInfo& cur = lx.lines[static_cast<std::size_t>(line - 1)];
  if (!cur.content || cur.continuation) return std::nullopt;
  int prev = line - 1;
  while (prev >= 1 && (!lx.lines[static_cast<std::size_t>(prev - 1)].content ||
                       lx.lines[static_cast<std::size_t>(prev - 1)].continuation))
    --prev;
  if (prev < 1) return std::nullopt;
  const LineInfo& p = lx.lines[static_cast<std::size_t>(prev - 1)];
  const int col = cur.indent;
  const int pcol = p.key_column >= 0 ? p.key_column : p.indent;
  std::string what =
      cur.key.empty() ? (cur.dash ? "this list item" : "this line") : in_quotes(cur.key);
  const int end = cur.key.empty() ? 0 : cur.key_column + 1 + static_cast<int>(cur.key.size());
  const int start = cur.key.empty() ? col + 1 : cur.key_column + 1;
  if (col > pcol) {
    if (!p.inline_value) return std::nullopt;  // a nested block: fine
    return SyntaxFinding{line, start, end,
                         what + " is indented more than " + name_of(p) + " on line " +
                             std::to_string(prev) + " before it (" + spaces(col) + " against " +
                             std::to_string(pcol) + "): keys of one mapping must line up, and " +
                             name_of(p) + " already has its value"};
  }
  // Shallower than the line before: it must line up with a key (or a '-') above it.
  struct Column {
    int column;
    int line;
    const LineInfo* info;
  };
  std::vector<Column> open;
  open.push_back({pcol, prev, &p});
  if (p.dash) open.push_back({p.indent, prev, &p});
  int threshold = p.indent;
  for (int q = prev - 1; q >= 1 && threshold > 0; --q) {
    const LineInfo& qi = lx.lines[static_cast<std::size_t>(q - 1)];
    if (!qi.content || qi.continuation || qi.indent >= threshold) continue;
    open.push_back({qi.key_column >= 0 ? qi.key_column : qi.indent, q, &qi});
    if (qi.dash) open.push_back({qi.indent, q, &qi});
    threshold = qi.indent;
  }
  if (col == 0) return std::nullopt;
  for (const Column& c : open) {
    if (c.column == col) return std::nullopt;
  }
  const Column* deeper = nullptr;
  const Column* shallower = nullptr;
  for (const Column& c : open) {
    if (c.column > col && (!deeper || c.column < deeper->column)) deeper = &c;
    if (c.column < col && (!shallower || c.column > shallower->column)) shallower = &c;
  }
  auto describe = [](const Column& c) {
    const bool dash_column = c.info->dash && c.column == c.info->indent;
    return std::to_string(c.column) + " (" +
           (dash_column ? std::string("the list item") : name_of(*c.info)) + " on line " +
           std::to_string(c.line) + ")";
  };
  std::string message =
      what + " is indented " + spaces(col) + ", which lines up with nothing above it: ";
  if (deeper && shallower) {
    message += "the lines above are indented " + describe(*deeper) + " and " + describe(*shallower);
  } else if (deeper) {
    message += "the line above is indented " + describe(*deeper);
  } else if (shallower) {
    message += "the line above is indented " + describe(*shallower);
  }
  message += "; keys of one mapping must line up";
  return SyntaxFinding{line, start, end, message};
}

std::string plain_words(const std::string& raw) {
  struct Word {
    const char* raw;
    const char* plain;
  };
  static const Word kWords[] = {
      {"illegal map value",
       "a 'key: value' cannot start here; check this line's indentation and the line before it"},
      {"end of map not found",
       "this line does not fit the mapping above it; check its indentation"},
      {"end of sequence not found",
       "this line does not fit the list above it; check its indentation"},
      {"end of map flow not found", "a '{' is not closed with '}'"},
      {"end of sequence flow not found", "a '[' is not closed with ']'"},
      {"illegal flow end", "this ']' or '}' closes nothing"},
      {"illegal block entry", "a list item ('- ') cannot start here; check its indentation"},
      {"illegal map key", "a '? ' key cannot start here"},
      {"illegal EOF in scalar", "a quoted string is not closed before the end of the file"},
  };
  for (const Word& w : kWords) {
    if (raw == w.raw) return w.plain;
  }
  const std::string escape = "unknown escape character: ";
  if (raw.compare(0, escape.size(), escape) == 0) {
    return "unknown escape '\\" + raw.substr(escape.size()) +
           "' in a double-quoted string; write '\\\\' for a backslash, or use single quotes";
  }
  return "YAML syntax: " + raw;
}

}  // namespace

SyntaxFinding explain_syntax_error(std::string_view text, int line, int column,
                                   const std::string& raw) {
  Lexer lx(text, line, column);
  lx.run();
  if (auto f = quote_finding(lx, line, column)) return *f;
  if (auto f = mismatch_finding(lx, line, column)) return *f;
  if (auto f = long_key_finding(lx, line, column)) return *f;
  if (auto f = glued_finding(lx, text, line)) return *f;
  if (auto f = unclosed_finding(lx, line, raw)) return *f;
  if (auto f = indent_finding(lx, line)) return *f;
  return SyntaxFinding{line, column, 0, plain_words(raw)};
}

std::optional<SyntaxFinding> find_unclosed_quote(std::string_view text) {
  Lexer lx(text, INT_MAX, INT_MAX, /*keep_lines=*/false);
  lx.run();
  for (const LongQuote& q : lx.long_quotes) {
    if (q.end_line != 0) continue;
    const std::string s(1, q.quote);
    return SyntaxFinding{q.line, q.column, 0,
                         "the string that starts with this " + s +
                             " is never closed, so it swallows the rest of the file; add the "
                             "closing " +
                             s};
  }
  return std::nullopt;
}

SourceLines::SourceLines(std::string_view text) : lines_(split_lines(text)) {}

std::string_view SourceLines::line(int line) const {
  if (line < 1 || line > static_cast<int>(lines_.size())) return {};
  return lines_[static_cast<std::size_t>(line - 1)];
}

std::optional<ValueSlot> value_slot(const SourceLines& text, int key_line, int key_column) {
  const std::string_view s = text.line(key_line);
  if (key_column < 1) return std::nullopt;
  std::size_t p = static_cast<std::size_t>(key_column - 1);
  if (p >= s.size()) return std::nullopt;
  if (s[p] == '"' || s[p] == '\'') {
    p = quote_end(s, p);
    if (p == std::string_view::npos) return std::nullopt;
  }
  while (p < s.size() && !(s[p] == ':' && (p + 1 == s.size() || is_space(s[p + 1]) ||
                                           s[p + 1] == ',' || s[p + 1] == '}'))) {
    ++p;
  }
  if (p == s.size()) return std::nullopt;
  ++p;
  while (p < s.size() && is_space(s[p]))
    ++p;
  ValueSlot slot{key_line, static_cast<int>(p) + 1, ""};
  if (p < s.size() && s[p] == '#') {
    std::string_view c = s.substr(p);
    while (!c.empty() && is_space(c.back()))
      c.remove_suffix(1);
    slot.comment = std::string(c);
  }
  return slot;
}

bool spells_null(const SourceLines& text, int line, int column) {
  const std::string_view s = text.line(line);
  if (column < 1) return false;
  const std::size_t p = static_cast<std::size_t>(column - 1);
  if (p >= s.size()) return false;
  for (std::string_view word : {"~", "null", "Null", "NULL"}) {
    if (s.compare(p, word.size(), word) != 0) continue;
    const std::size_t e = p + word.size();
    if (e == s.size() || is_space(s[e]) || s[e] == ',' || s[e] == ']' || s[e] == '}') return true;
  }
  return false;
}

}  // namespace spritec::yaml::detail
