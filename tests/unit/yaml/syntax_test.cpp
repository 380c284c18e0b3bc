// YAML mistakes are reported at the line of the mistake, naming its likely cause, not at
// the place yaml-cpp gave up in its own words. Positions are 1-based line:byte-column,
// counted by hand on the texts; yaml-cpp's own place is given in each comment.
#include <catch2/catch.hpp>

#include <string>

#include "spritec/yaml/reader.hpp"

using spritec::diag::Code;
using spritec::diag::Sink;
using spritec::yaml::Document;
using spritec::yaml::NodeKind;
using spritec::yaml::parse_yaml;

namespace {

struct Expected {
  int line;
  int column;
  const char* words;  // a part of the message
};

void require_syntax_error(const std::string& text, Expected e) {
  Sink sink;
  INFO(text);
  CHECK_FALSE(parse_yaml(text, "t.yaml", sink));
  REQUIRE(sink.diagnostics().size() == 1);
  const auto& d = sink.diagnostics()[0];
  INFO(d.message);
  CHECK(d.code == Code::kYamlSyntax);
  CHECK(d.span.line == e.line);
  CHECK(d.span.column == e.column);
  CHECK(d.message.find(e.words) != std::string::npos);
  // yaml-cpp's raw words are not shown.
  CHECK(d.message.find("illegal map value") == std::string::npos);
  CHECK(d.message.find("not found") == std::string::npos);
}

}  // namespace

TEST_CASE("a missing space after ':' is reported on its own line") {
  SECTION("a key of a list item: yaml-cpp stops on the next line (4:10)") {
    require_syntax_error("pack: p\nsheets:\n  - name:s\n    image: a.png\n",
                         {3, 5, "missing space after ':': YAML reads 'name:s' as one word"});
  }
  SECTION("a top-level key before another key: yaml-cpp stops at 3:7") {
    require_syntax_error("pack: p\ntick_rate:0\nsheets: []\n", {2, 1, "write 'tick_rate: 0'"});
  }
  SECTION("inside a flow mapping: yaml-cpp stops at the '[' (1:12)") {
    require_syntax_error("grid: {cell:[8, 8]}\n", {1, 8, "write 'cell: [8'"});
  }
}

TEST_CASE("a key indented differently from its siblings is reported at the key") {
  SECTION("deeper than a key that already has its value") {
    // '     image:' (5 spaces) under '  - name: s' (key at 4): yaml-cpp stops at 4:11.
    require_syntax_error("pack: p\nsheets:\n  - name: s\n     image: a.png\n",
                         {4, 6, "'image' is indented more than 'name' on line 3"});
  }
  SECTION("a top-level key indented under another") {
    require_syntax_error("pack: p\n  tick_rate: 60\n",
                         {2, 3, "'tick_rate' is indented more than 'pack' on line 1"});
  }
  SECTION("shallower, between two levels") {
    // '   ticks: 4' (3 spaces) between 'frames' (4) and 'walk' (2): yaml-cpp stops at 5:4.
    require_syntax_error("actions:\n  walk:\n    frames: [s/0]\n   ticks: 4\n",
                         {4, 4, "'ticks' is indented 3 spaces, which lines up with nothing"});
  }
}

TEST_CASE("an unclosed bracket is reported where it opens") {
  SECTION("a flow list left open: yaml-cpp stops at the next line (3:1)") {
    require_syntax_error("pack: demo\nsheets: [\n", {2, 9, "this '[' is never closed"});
  }
  SECTION("a flow mapping left open, followed by more keys") {
    require_syntax_error("a:\n  walk: {frames: [s/0], ticks: 4\n  run: {frames: [s/0]}\n",
                         {2, 9, "this '{' is never closed"});
  }
  SECTION("a '#' after a space starts a comment and hides the closing brace") {
    require_syntax_error("sheets:\n  - {name: s, colorkey: #ff00ff, grid: {cell: [8, 8]}}\n",
                         {2, 5, "quote it: \"#ff00ff\""});
  }
  SECTION("a bracket closed by the wrong kind") {
    require_syntax_error("grid: {cell: [8, 8}\n",
                         {1, 19, "this '}' closes the '[' at column 14; a ']' is missing"});
  }
}

TEST_CASE("an unclosed quote is reported where it opens") {
  SECTION("closed lines later by the next quote: yaml-cpp stops at 5:12") {
    require_syntax_error("pack: p\nsheets:\n  - name: \"s\n    image: a.png\n  - name: \"t\"\n",
                         {3, 11, "not closed on its line (it runs on to line 5)"});
  }
  SECTION("never closed: yaml-cpp accepts it and swallows the rest of the file") {
    require_syntax_error("pack: \"p\ntick_rate: 60\n", {1, 7, "is never closed"});
    require_syntax_error("pack: 'p\ntick_rate: 60\n", {1, 7, "is never closed"});
  }
}

TEST_CASE("a key too long for YAML is reported at the key and says so") {
  // YAML: an implicit key's ':' at most 1,024 characters after its start; yaml-cpp counts
  // bytes. Each 'é' is 2 bytes.
  std::string e520;
  for (int i = 0; i < 520; ++i)
    e520 += "\xC3\xA9";
  SECTION("a block key: yaml-cpp stops at its ':' (2:1041)") {
    require_syntax_error("pack: p\n" + e520 + ": 1\n", {2, 1, "this key is too long"});
  }
  SECTION("1,025 ASCII letters and a space before ':': yaml-cpp stops at the ':' (1:1026)") {
    require_syntax_error(std::string(1024, 'k') + " : 1\n", {1, 1, "comes 1025 bytes after"});
  }
  SECTION(
      "a quoted key in a flow mapping: yaml-cpp stops at the key (2:17), saying '{' is not "
      "closed") {
    require_syntax_error("pack: p\nactions: {a: 1, '" + e520 + "': 2}\n",
                         {2, 17, "this key is too long"});
  }
  SECTION("a key of a pair in a flow list: yaml-cpp stops at its ':' (1:1045)") {
    require_syntax_error("x: [" + e520 + ": 1]\n", {1, 5, "this key is too long"});
  }
  SECTION("a long quoted value holding ': ' is no key: another mistake is named") {
    require_syntax_error("a: '" + e520 + ": 1'\nb: [\n", {2, 4, "this '[' is never closed"});
  }
}

TEST_CASE("well-formed files with quotes, brackets and comments are not mistaken for errors") {
  const char* texts[] = {
      "event: it's\nname: 'it''s'\nother: \"a\\\"b\"\n",
      "frames: [\n  s/0,\n  s/1,\n]\n",
      "a: {b: 1,\n    c: 2}\n",
      "text: |\n  \"open quote\n  [open bracket\nnext: 1\n",
      "a: x#y\nb: 1 # a comment with a \" and a [\n",
      "---\na: 1\n",
  };
  for (const char* text : texts) {
    Sink sink;
    INFO(text);
    CHECK(parse_yaml(text, "t.yaml", sink));
    CHECK(sink.diagnostics().empty());
  }
}

TEST_CASE("a value left empty sits on its key's line and keeps the comment written there") {
  Sink sink;
  // yaml-cpp places the null at the next token (2:1); it belongs after "colorkey: " (1:11).
  auto doc = parse_yaml("colorkey: #ff00ff\nname: s\nempty:\nlast: ~\n", "t.yaml", sink);
  REQUIRE(doc);
  const auto& root = doc->root();
  const auto* key = root.find("colorkey");
  REQUIRE(key);
  CHECK(key->kind == NodeKind::kNull);
  CHECK(key->line == 1);
  CHECK(key->column == 11);
  CHECK(key->comment == "#ff00ff");
  CHECK(doc->span(*key).end_column == 18);
  const auto* empty = root.find("empty");
  REQUIRE(empty);
  CHECK(empty->line == 3);
  CHECK(empty->column == 7);
  CHECK(empty->comment.empty());
  // An explicit null keeps its own place.
  const auto* last = root.find("last");
  CHECK(last->line == 4);
  CHECK(last->column == 7);
}
