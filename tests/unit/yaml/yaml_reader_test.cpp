#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "spritec/yaml/reader.hpp"

using spritec::diag::Code;
using spritec::diag::Sink;
using spritec::yaml::Document;
using spritec::yaml::NodeKind;
using spritec::yaml::parse_yaml;
using spritec::yaml::ReadOptions;
using spritec::yaml::ScalarType;

namespace {

std::optional<Document> parse(const std::string& text, Sink& sink, ReadOptions options = {}) {
  return parse_yaml(text, "t.yaml", sink, options);
}

// The only diagnostic must be an error with this code at this place.
void require_single(const Sink& sink, Code code, int line, int column) {
  REQUIRE(sink.diagnostics().size() == 1);
  const auto& d = sink.diagnostics()[0];
  CHECK(d.code == code);
  CHECK(d.span.file == "t.yaml");
  CHECK(d.span.line == line);
  CHECK(d.span.column == column);
}

}  // namespace

TEST_CASE("nodes keep 1-based lines and byte columns, and mappings keep key order") {
  Sink sink;
  // Line 3 "  b: [1, two]": key b at column 3; the flow sequence '[' at column 6;
  // "1" at column 7, "two" at column 10.
  auto doc = parse("z: 1\na: x\nc:\n  b: [1, two]\n", sink);
  REQUIRE(doc);
  CHECK(sink.diagnostics().empty());
  const auto& root = doc->root();
  REQUIRE(root.kind == NodeKind::kMapping);
  REQUIRE(root.entries.size() == 3);
  CHECK(root.entries[0].key == "z");
  CHECK(root.entries[1].key == "a");
  CHECK(root.entries[2].key == "c");
  CHECK(root.entries[1].line == 2);
  CHECK(root.entries[1].column == 1);
  const auto* a = root.find("a");
  REQUIRE(a);
  CHECK(a->line == 2);
  CHECK(a->column == 4);
  const auto& b = root.find("c")->entries.at(0);
  CHECK(b.key == "b");
  CHECK(b.line == 4);
  CHECK(b.column == 3);
  REQUIRE(b.value->kind == NodeKind::kSequence);
  CHECK(b.value->line == 4);
  CHECK(b.value->column == 6);
  CHECK(b.value->items.at(0)->column == 7);
  CHECK(b.value->items.at(1)->column == 10);
}

TEST_CASE("scalars are typed the YAML way and quoted or tagged scalars stay strings") {
  Sink sink;
  auto doc = parse(
      "i: 12\nneg: -3\nhex: 0x1F\nf: 1.5\nb: true\nn: ~\nnull_word: null\nempty:\n"
      "q: \"12\"\ns: '7'\ntag: !!str 9\nword: walk\n",
      sink);
  REQUIRE(doc);
  const auto& r = doc->root();
  CHECK(r.find("i")->scalar_type() == ScalarType::kInt);
  CHECK(r.find("i")->as_int() == 12);
  CHECK(r.find("neg")->as_int() == -3);
  CHECK(r.find("hex")->as_int() == 31);
  CHECK(r.find("f")->scalar_type() == ScalarType::kFloat);
  CHECK(r.find("f")->as_number() == 1.5);
  CHECK(r.find("b")->scalar_type() == ScalarType::kBool);
  CHECK(r.find("b")->as_bool() == true);
  CHECK(r.find("n")->scalar_type() == ScalarType::kNull);
  CHECK(r.find("null_word")->scalar_type() == ScalarType::kNull);
  CHECK(r.find("empty")->scalar_type() == ScalarType::kNull);
  CHECK(r.find("q")->scalar_type() == ScalarType::kString);
  CHECK_FALSE(r.find("q")->as_int());
  CHECK(r.find("s")->scalar_type() == ScalarType::kString);
  CHECK(r.find("tag")->scalar_type() == ScalarType::kString);
  CHECK(r.find("word")->scalar_type() == ScalarType::kString);
}

TEST_CASE("a duplicate key is an error at the second key with a note at the first") {
  Sink sink;
  // "b" first at 2:1, again at 4:1.
  auto doc = parse("a: 1\nb: 2\nc: 3\nb: 4\n", sink);
  CHECK_FALSE(doc);
  require_single(sink, Code::kDuplicateKey, 4, 1);
  const auto& d = sink.diagnostics()[0];
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].message == "first defined here");
  CHECK(d.notes[0].span.line == 2);
  CHECK(d.notes[0].span.column == 1);
  CHECK(d.message.find("'b'") != std::string::npos);
}

TEST_CASE("duplicate keys in a flow mapping are found too") {
  Sink sink;
  // "{x: 1, y: 2, x: 3}": the second x is at column 14.
  auto doc = parse("{x: 1, y: 2, x: 3}\n", sink);
  CHECK_FALSE(doc);
  require_single(sink, Code::kDuplicateKey, 1, 14);
}

TEST_CASE("nesting 100 levels deep is rejected at the 65th level") {
  Sink sink;
  // 100 '[' in a row: the root sequence is level 1, so level 65 opens at column 65.
  const std::string text = std::string(100, '[') + std::string(100, ']') + "\n";
  auto doc = parse(text, sink);
  CHECK_FALSE(doc);
  require_single(sink, Code::kTooDeep, 1, 65);
}

TEST_CASE("a hundred thousand open brackets stop at level 65 without exhausting the stack") {
  Sink sink;
  const std::string text = std::string(100000, '[');
  CHECK_FALSE(parse(text, sink));
  // While the brackets are unclosed, yaml-cpp cannot tell "[" from a flow key "[x]: y" and
  // opens an implicit mapping before each sequence, so every "[" is two levels and the cap
  // trips at the 33rd: column 33. What matters is that it stops early with E0106.
  require_single(sink, Code::kTooDeep, 1, 33);
}

TEST_CASE("block mappings nested 100 deep are rejected at the 65th level") {
  // Line k (1-based) is "k0:" indented by 2(k-1) spaces and opens the mapping of level k;
  // the mapping of level 65 starts at its first key, line 65, column 2*64 + 1 = 129.
  std::string text;
  for (int k = 1; k <= 100; ++k) {
    text +=
        std::string(static_cast<std::size_t>(2 * (k - 1)), ' ') + "k" + std::to_string(k) + ":\n";
  }
  Sink sink;
  CHECK_FALSE(parse(text, sink));
  require_single(sink, Code::kTooDeep, 65, 129);
}

TEST_CASE("nesting exactly 64 levels deep is accepted") {
  Sink sink;
  const std::string text = std::string(64, '[') + std::string(64, ']') + "\n";
  auto doc = parse(text, sink);
  CHECK(doc);
  CHECK(sink.diagnostics().empty());
}

TEST_CASE("a billion-laughs file fails fast at the alias that passes the node cap") {
  // Counting the nodes aliases add, expanded (keys included in a subtree's size):
  //   line 1: a = a sequence of ten scalars: 11 nodes, no alias
  //   line 2: ten *a of 11 each -> 110 (b is 1 + 110 = 111)
  //   line 3: ten *b of 111 -> 1110, 1220 in all (c is 1111)
  //   line 4: ten *c of 1111 -> 11110, 12330 in all (d is 11111)
  //   line 5: the k-th *d brings the total to 12330 + 11111 k, which passes 100000 at
  //   k = 8 (101218; k = 7 gives 90107). "e: &e [" is 7 bytes and each "*d, " 4, so the
  //   8th alias starts at column 8 + 7 * 4 = 36.
  std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  const char* names = "abcdefghi";
  for (int level = 1; level < 9; ++level) {
    text += std::string(1, names[level]) + ": &" + names[level] + " [";
    for (int k = 0; k < 10; ++k)
      text += std::string(k ? ", " : "") + "*" + names[level - 1];
    text += "]\n";
  }
  Sink sink;
  const auto start = std::chrono::steady_clock::now();
  auto doc = parse(text, sink);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK_FALSE(doc);
  require_single(sink, Code::kAliasExpansion, 5, 36);
  CHECK(elapsed < std::chrono::seconds(2));
}

TEST_CASE("an alias shares the anchored node instead of copying it") {
  Sink sink;
  auto doc = parse("a: &x {k: 1}\nb: *x\n", sink);
  REQUIRE(doc);
  CHECK(doc->root().find("a") == doc->root().find("b"));
  CHECK(doc->root().find("b")->find("k")->as_int() == 1);
}

TEST_CASE("invalid UTF-8 is reported at the offending byte") {
  SECTION("a stray continuation byte") {
    Sink sink;
    // Line 2 "c: \xff": the bad byte is the 4th byte of the line.
    CHECK_FALSE(parse("a: b\nc: \xff\n", sink));
    require_single(sink, Code::kInvalidUtf8, 2, 4);
  }
  SECTION("an overlong encoding of '/'") {
    Sink sink;
    // "x: \xC0\xAF": 0xC0 can never start a sequence; column 4.
    CHECK_FALSE(parse("x: \xC0\xAF\n", sink));
    require_single(sink, Code::kInvalidUtf8, 1, 4);
  }
  SECTION("a multi-byte sequence cut by the end of the file") {
    Sink sink;
    // "a: \xE2\x80" at the very end: E2 needs two continuation bytes; column 4.
    CHECK_FALSE(parse("a: \xE2\x80", sink));
    require_single(sink, Code::kInvalidUtf8, 1, 4);
  }
  SECTION("an encoded surrogate") {
    Sink sink;
    // ED A0 80 would be U+D800; ED allows only 80..9F after it. Column 4.
    CHECK_FALSE(parse("a: \xED\xA0\x80\n", sink));
    require_single(sink, Code::kInvalidUtf8, 1, 4);
  }
  SECTION("a sequence cut short by a plain byte") {
    Sink sink;
    // "é" is C3 A9; in "ab: \xC3z" the lead byte C3 (column 5) is not followed by a
    // continuation byte, so it does not form a character.
    CHECK_FALSE(parse("ab: \xC3z\n", sink));
    require_single(sink, Code::kInvalidUtf8, 1, 5);
  }
  SECTION("valid multi-byte text passes") {
    Sink sink;
    CHECK(parse("name: h\xC3\xA9ros \xE2\x80\xA6 \xF0\x9F\x98\x80\n", sink));
    CHECK(sink.diagnostics().empty());
  }
}

TEST_CASE("a tab used for indentation is reported at the tab") {
  Sink sink;
  CHECK_FALSE(parse("a:\n  b: 1\n \tc: 2\n", sink));
  // Line 3 is " \tc: 2": the tab is its 2nd byte.
  require_single(sink, Code::kTab, 3, 2);
}

TEST_CASE("a tab inside a value is not indentation") {
  Sink sink;
  CHECK(parse("a: \"x\ty\"\n", sink));
  CHECK(sink.diagnostics().empty());
}

TEST_CASE("an empty file is an error") {
  for (const char* text : {"", "\n\n", "# only a comment\n", "---\n"}) {
    Sink sink;
    CHECK_FALSE(parse(text, sink));
    require_single(sink, Code::kEmptyFile, 0, 0);
  }
}

TEST_CASE("a syntax error is reported at yaml-cpp's mark") {
  Sink sink;
  // The flow sequence on line 1 is never closed; yaml-cpp stops at the end of input,
  // somewhere after line 1.
  CHECK_FALSE(parse("a: [1, 2\nb: 3\n", sink));
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == Code::kYamlSyntax);
  CHECK(sink.diagnostics()[0].span.line >= 1);
}

TEST_CASE("an alias to an unknown anchor is a syntax error") {
  Sink sink;
  CHECK_FALSE(parse("a: *nowhere\n", sink));
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == Code::kYamlSyntax);
}

TEST_CASE("a file over the size cap is rejected before parsing") {
  Sink sink;
  ReadOptions small;
  small.max_bytes = 8;
  CHECK_FALSE(parse("a: 123456789\n", sink, small));
  require_single(sink, Code::kFileTooLarge, 0, 0);
}

TEST_CASE("a second document is an error at its ---, not silently ignored") {
  Sink sink;
  CHECK_FALSE(parse("a: 1\n---\nb: 2\n", sink));
  require_single(sink, Code::kYamlSyntax, 2, 1);
  CHECK(sink.diagnostics()[0].message.find("second YAML document") != std::string::npos);
}

TEST_CASE("a file that starts with --- is one document") {
  Sink sink;
  auto doc = parse("---\na: 1\n", sink);
  REQUIRE(doc);
  CHECK(doc->root().find("a"));
}

TEST_CASE("typed reads report a wrong type at the node") {
  Sink sink;
  auto doc = parse("n: twelve\nl: 3\nflag: yes\n", sink);
  REQUIRE(doc);
  // "n: twelve": the value starts at column 4.
  CHECK_FALSE(doc->read_int(*doc->root().find("n"), sink));
  require_single(sink, Code::kWrongType, 1, 4);
  CHECK(sink.diagnostics()[0].message == "expected an integer, found a string");

  Sink sink2;
  CHECK_FALSE(doc->read_list(*doc->root().find("l"), sink2));
  require_single(sink2, Code::kWrongType, 2, 4);
  // YAML 1.2: "yes" is a string, not a boolean.
  Sink sink3;
  CHECK_FALSE(doc->read_bool(*doc->root().find("flag"), sink3));
  CHECK(sink3.diagnostics().at(0).code == Code::kWrongType);
  Sink sink4;
  CHECK(doc->read_string(*doc->root().find("l"), sink4) == std::string("3"));
  CHECK(sink4.diagnostics().empty());
}

TEST_CASE("a collection used as a mapping key is a wrong type") {
  Sink sink;
  CHECK_FALSE(parse("? [a, b]\n: 1\n", sink));
  REQUIRE_FALSE(sink.diagnostics().empty());
  CHECK(sink.diagnostics()[0].code == Code::kWrongType);
}

TEST_CASE("a YAML file is read from disk with the path in its spans") {
  Sink sink;
  auto doc = spritec::yaml::read_yaml_file(SPRITEC_TEST_DATA "/defs/does-not-exist.yaml", sink);
  CHECK_FALSE(doc);
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == Code::kFileUnreadable);
  CHECK(sink.diagnostics()[0].span.file == SPRITEC_TEST_DATA "/defs/does-not-exist.yaml");
}

TEST_CASE("a plain scalar's span ends after its value") {
  Sink sink;
  auto doc = parse("name: walk\nlist: [a, bcd]\n", sink);
  REQUIRE(doc);
  const auto span = doc->span(*doc->root().find("name"));
  CHECK(span.column == 7);
  CHECK(span.end_column == 11);  // "walk" is columns 7-10, end exclusive
  CHECK(doc->span(*doc->root().find("list")).end_column == 0);  // collections: unknown
}

TEST_CASE("CRLF line endings and a UTF-8 byte order mark are read normally") {
  Sink sink;
  auto doc = parse("\xEF\xBB\xBFpack: p\r\nlist:\r\n  - a\r\n", sink);
  REQUIRE(doc);
  CHECK(sink.diagnostics().empty());
  CHECK(doc->root().find("pack")->value == "p");
  const auto* list = doc->root().find("list");
  REQUIRE(list);
  REQUIRE(list->items.size() == 1);
  CHECK(list->items[0]->value == "a");
  CHECK(list->items[0]->line == 3);
  CHECK(list->items[0]->column == 5);
}

TEST_CASE("a large file without aliases is not limited by the alias cap") {
  // 150000 scalars in one list: far more nodes than the alias cap, but written out.
  std::string text = "l: [";
  for (int i = 0; i < 150000; ++i)
    text += i ? ", 1" : "1";
  text += "]\n";
  Sink sink;
  auto doc = parse(text, sink);
  REQUIRE(doc);
  CHECK(doc->root().find("l")->items.size() == 150000);
}
