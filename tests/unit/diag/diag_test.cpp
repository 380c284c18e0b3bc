#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "spritec/diag/render.hpp"

using namespace spritec::diag;

namespace {

std::string temp_source(const std::string& name, const std::string& text) {
  std::string path = std::string(SPRITEC_BINARY_DIR) + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace

TEST_CASE("a sink counts errors and warnings and sorts them by place") {
  Sink sink;
  sink.warning(Code::kInexactDuration, {"b.yaml", 3, 1, 0}, "late");
  sink.error(Code::kUnknownKey, {"a.yaml", 9, 4, 0}, "second");
  sink.error(Code::kUnknownKey, {"a.yaml", 2, 7, 0}, "first");
  sink.error(Code::kUnknownKey, {"a.yaml", 2, 7, 0}, "first");  // an exact duplicate
  REQUIRE(sink.error_count() == 3);
  sink.finalize();
  REQUIRE(sink.error_count() == 2);
  REQUIRE(sink.warning_count() == 1);
  const auto& list = sink.diagnostics();
  REQUIRE(list.size() == 3);
  CHECK(list[0].message == "first");
  CHECK(list[1].message == "second");
  CHECK(list[2].span.file == "b.yaml");
}

TEST_CASE("werror turns warnings into errors") {
  Sink sink;
  sink.warning(Code::kShadowedTransition, {"a.yaml", 1, 1, 0}, "never fires");
  sink.finalize(true);
  CHECK(sink.error_count() == 1);
  CHECK(sink.warning_count() == 0);
  CHECK(sink.diagnostics()[0].severity == Severity::kError);
}

TEST_CASE("text diagnostics look like a compiler's, with the source line and a caret") {
  std::string file = temp_source("diag_text.yaml", "pack: x\nsheets:\n  - nam: body\n");
  Sink sink;
  sink.error(Code::kUnknownKey, {file, 3, 5, 8}, "unknown key 'nam'",
             {{{file, 1, 1, 0}, "pack starts here"}});
  sink.finalize();
  std::ostringstream out;
  render_text(out, sink, {false, true});
  std::string expected = file + ":3:5: error[E0104]: unknown key 'nam'\n" +
                         " 3 |   - nam: body\n"
                         "   |     ^~~\n" +
                         file + ":1:1: note: pack starts here\n" +
                         " 1 | pack: x\n"
                         "   | ^\n"
                         "1 error, 0 warnings\n";
  CHECK(out.str() == expected);
}

TEST_CASE("text diagnostics carry no colour codes unless asked") {
  Sink sink;
  sink.error(Code::kEmptyFile, {"gone.yaml", 0, 0, 0}, "empty");
  sink.finalize();
  std::ostringstream plain, colour;
  render_text(plain, sink, {false, true});
  render_text(colour, sink, {true, true});
  CHECK(plain.str().find('\x1b') == std::string::npos);
  CHECK(colour.str().find('\x1b') != std::string::npos);
  CHECK(plain.str().rfind("gone.yaml: error[E0004]: empty\n", 0) == 0);
}

TEST_CASE("JSON diagnostics follow the documented shape") {
  Sink sink;
  sink.error(Code::kDuplicateKey, {"a.yaml", 4, 3, 7}, "duplicate key 'pack'",
             {{{"a.yaml", 1, 1, 0}, "first defined here"}});
  sink.warning(Code::kShadowedTransition, {"a.yaml", 9, 9, 0}, "shadowed");
  sink.finalize();
  std::ostringstream out;
  render_json(out, sink);
  auto doc = nlohmann::json::parse(out.str());
  CHECK(doc["errors"] == 1);
  CHECK(doc["warnings"] == 1);
  REQUIRE(doc["diagnostics"].size() == 2);
  auto d = doc["diagnostics"][0];
  CHECK(d["file"] == "a.yaml");
  CHECK(d["line"] == 4);
  CHECK(d["column"] == 3);
  CHECK(d["end_column"] == 7);
  CHECK(d["severity"] == "error");
  CHECK(d["code"] == "E0103");
  CHECK(d["message"] == "duplicate key 'pack'");
  CHECK(d["notes"][0]["message"] == "first defined here");
  CHECK(d["notes"][0]["line"] == 1);
  CHECK(doc["diagnostics"][1]["severity"] == "warning");
}

TEST_CASE("GitHub annotations escape what the workflow syntax reserves") {
  Sink sink;
  sink.error(Code::kUnknownKey, {"dir,x/a:b.yaml", 2, 3, 0}, "100% wrong\nsecond line");
  sink.finalize();
  std::ostringstream out;
  render_github(out, sink);
  CHECK(out.str() ==
        "::error file=dir%2Cx/a%3Ab.yaml,line=2,col=3,title=E0104::100%25 wrong%0Asecond line\n");
}
