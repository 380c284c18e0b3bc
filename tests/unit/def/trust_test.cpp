// One clear error per mistake, at its place (issue 9): messages that name the key, the
// bound and the fix; schema errors that do not hide the rest of the file and do not bring
// follow-on noise; suggestions for missing images and frames; links that lead nowhere;
// files that scale. Positions are 1-based line:byte-column, counted by hand.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "def_test_util.hpp"
#include "spritec/yaml/schema.hpp"

using namespace def_test;
using spritec::diag::Code;
namespace fs = std::filesystem;

namespace {

std::string id(Code code) {
  return std::string(spritec::diag::info(code).id);
}

// Every diagnostic as "line:column CODE", in report order.
std::vector<std::string> positions(Loaded& l) {
  l.sink.finalize();
  std::vector<std::string> out;
  for (const auto& d : l.sink.diagnostics()) {
    out.push_back(std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + " " +
                  id(d.code));
  }
  return out;
}

std::string all_messages(const Loaded& l) {
  std::string out;
  for (const auto& d : l.sink.diagnostics())
    out += id(d.code) + " " + d.message + "\n";
  return out;
}

}  // namespace

TEST_CASE("an unquoted colour is reported on its key's line as a comment to quote") {
  // yaml-cpp reads `colorkey: #ff00ff` as an empty value followed by a comment and puts
  // the null at the next line (6:5); the mistake is the value at 5:15.
  auto l = load(
      "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
      "    colorkey: #ff00ff\n    grid: {cell: [8, 8]}\n");
  require_only(l, Code::kWrongType, 5, 15);
  CHECK(l.sink.diagnostics()[0].message ==
        "colorkey has no value: '#' starts a comment in YAML, so #ff00ff was read as a comment; "
        "quote it: colorkey: \"#ff00ff\"");
  CHECK(l.sink.diagnostics()[0].span.end_column == 22);
}

TEST_CASE("range errors name the key and the bound") {
  SECTION("tick_rate below its minimum") {
    auto l = load("pack: p\ntick_rate: 0\n");
    require_only(l, Code::kSchema, 2, 12);
    CHECK(l.sink.diagnostics()[0].message == "tick_rate must be at least 1, got 0");
  }
  SECTION("padding above its maximum") {
    auto l = load("pack: p\natlas: {padding: 300}\n");
    require_only(l, Code::kSchema, 2, 18);
    CHECK(l.sink.diagnostics()[0].message == "padding must be at most 256, got 300");
  }
  SECTION("an item of a size names its place in the list") {
    auto l = load("pack: p\natlas: {max_size: [1024, -1]}\n");
    require_only(l, Code::kSchema, 2, 26);
    CHECK(l.sink.diagnostics()[0].message == "max_size[1] must be at least 0, got -1");
  }
  SECTION("a step's ticks below 1 (E0309)") {
    auto l = load(kHead + "actions:\n  a: {ticks: 0, frames: [s/0]}\n");
    require_only(l, Code::kBadDuration, 7, 14);
    CHECK(l.sink.diagnostics()[0].message ==
          "ticks must be at least 1, got 0 (every step lasts at least one tick)");
  }
  SECTION("a word outside its list") {
    auto l = load(kHead + "actions:\n  a: {frames: [{frame: s/0, flip: h}]}\n");
    require_only(l, Code::kSchema, 7, 35);
    CHECK(l.sink.diagnostics()[0].message == "flip must be '', 'x', 'y' or 'xy', got 'h'");
  }
}

TEST_CASE("a number with a unit says to write a plain number") {
  auto l = load(kHead + "actions:\n  a: {ms: 150ms, frames: [s/0]}\n");
  require_only(l, Code::kWrongType, 7, 11);
  CHECK(l.sink.diagnostics()[0].message ==
        "ms is a plain number of milliseconds, without a unit: write ms: 150, got a string "
        "('150ms')");
}

TEST_CASE("an angle written as a compass word says angles are degrees clockwise from east") {
  // The walk is shared with scenes (angle:); first_view is the definitions' angle.
  auto l = load(kHead + "actions:\n  a: {first_view: south, frames: [s/0]}\n");
  require_only(l, Code::kWrongType, 7, 19);
  CHECK(l.sink.diagnostics()[0].message ==
        "first_view is in degrees, clockwise from east (0 is east, 90 south, 180 west, 270 "
        "north): write first_view: 90, got a string ('south')");
  spritec::diag::Sink sink;
  auto doc = spritec::yaml::parse_yaml("angle: south\n", "t.yaml", sink);
  REQUIRE(doc);
  CHECK_FALSE(spritec::yaml::validate_schema(
      *doc,
      R"({"type": "object", "properties": {"angle": {"description": "a", "type": "integer"}}})",
      sink));
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].message.find("write angle: 90") != std::string::npos);
}

TEST_CASE("a key glued to its value in valid YAML is the YAML mistake, not an unknown key") {
  auto l = load("pack: p\ntick_rate:30\n");
  require_only(l, Code::kYamlSyntax, 2, 1);
  CHECK(l.sink.diagnostics()[0].message ==
        "missing space after ':': YAML reads 'tick_rate:30' as one word, not a key and its "
        "value; write 'tick_rate: 30'");
}

TEST_CASE("schema errors do not hide the other problems of the file, nor bring follow-on ones") {
  auto l = load(
      "pack: p\n"                                                           // 1
      "sheets:\n"                                                           // 2
      "  - name: s\n"                                                       // 3
      "    image: img/strip48x8.png\n"                                      // 4
      "    grid: {cell: [8, 8], origin: [4, 7]}\n"                          // 5
      "  - name: bad\n"                                                     // 6
      "    image: img/strip48x8.png\n"                                      // 7
      "    grid: {cell: [8]}\n"                                             // 8: E0109 at 18
      "  - name: gone\n"                                                    // 9
      "    image: img/missing.png\n"                                        // 10: E0202 at 12
      "    grid: {cell: [8, 8]}\n"                                          // 11
      "actions:\n"                                                          // 12
      "  walk:\n"                                                           // 13
      "    frames:\n"                                                       // 14
      "      - {frame: s/0, flip: h}\n"                                     // 15: E0109 at 28
      "      - {frame: bad/3}\n"                                            // 16: bad is malformed
      "      - {frame: gone/0}\n"                                           // 17: gone has no image
      "      - {frame: s/9}\n"                                              // 18: E0301 at 17
      "    transitions:\n"                                                  // 19
      "      - {to: run}\n"                                                 // 20: E0308 at 14
      "  idle:\n"                                                           // 21
      "    views: 2\n"                                                      // 22
      "    frames: [[{frame: s/0, ticks: x}], [{frame: s/1, ticks: 3}]]\n"  // 23: E0105 at 35
      "    then: stnd\n"                                                    // 24: E0307 at 11
      "  jump: 5\n"                                                         // 25: E0105 at 9
      "  fall: {frames: [s/0], transitions: [{to: jump}]}\n");              // 26: jump exists
  CHECK_FALSE(l.def);
  INFO(all_messages(l));
  CHECK(positions(l) == std::vector<std::string>{"8:18 E0109", "10:12 E0202", "15:28 E0109",
                                                 "18:17 E0301", "20:14 E0308", "23:35 E0105",
                                                 "24:11 E0307", "25:9 E0105"});
}

TEST_CASE("checks that depend on a malformed part stay silent") {
  SECTION("an unreadable tick_rate: no inexact-ms warnings at a rate that is not the file's") {
    auto l = load("pack: p\ntick_rate: 0\n" + kHead.substr(8) +
                  "actions:\n  a: {ms: 40, frames: [s/0]}\n");
    INFO(all_messages(l));
    require_only(l, Code::kSchema, 2, 12);
  }
  SECTION("a sheet without a readable name: no unknown frames outside the complete sheets") {
    auto l = load(kHead +
                  "  - {name: 5, image: img/strip48x8.png, grid: {cell: [8, 8]}}\n"
                  "actions:\n  a: {frames: [t/0, s/0]}\n  b: {frames: [s/7]}\n");
    INFO(all_messages(l));
    CHECK(positions(l) == std::vector<std::string>{"6:12 E0105", "9:16 E0301"});
  }
  SECTION("a transition that cannot be read: no unreachable warnings") {
    auto l = load(kHead +
                      "actions:\n  a: {frames: [s/0], transitions: [{to: [b]}]}\n"
                      "  b: {frames: [s/1]}\n",
                  {"a"});
    INFO(all_messages(l));
    CHECK(positions(l) == std::vector<std::string>{"7:41 E0105"});
  }
  SECTION("a step whose event cannot be read: no event mismatch between views") {
    auto l =
        load(kHead + "actions:\n  a: {views: 2, frames: [[{frame: s/0, event: [x]}], [s/1]]}\n");
    INFO(all_messages(l));
    CHECK(positions(l) == std::vector<std::string>{"7:47 E0105"});
  }
}

TEST_CASE("a missing image names the path it looked for and the nearest existing name") {
  SECTION("a typo in the extension") {
    auto l = load(
        "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.pgn\n    grid: {cell: [8, 8]}\n");
    require_only(l, Code::kImageUnreadable, 4, 12);
    CHECK(l.sink.diagnostics()[0].message ==
          "image 'img/strip48x8.pgn' does not exist: looked for " + kDefsDir +
              "/img/strip48x8.pgn (paths are relative to the definition's folder); did you mean "
              "'img/strip48x8.png'?");
  }
  SECTION("a folder that does not exist") {
    auto l =
        load("pack: p\nsheets:\n  - name: s\n    image: art/a.png\n    grid: {cell: [8, 8]}\n");
    require_only(l, Code::kImageUnreadable, 4, 12);
    CHECK(l.sink.diagnostics()[0].message.find("and the folder " + kDefsDir +
                                               "/art does not exist") != std::string::npos);
  }
}

TEST_CASE("an unknown frame without its sheet's name suggests the frame of that name") {
  // "idle" is 5 edits from "body/idle": too far for a spelling suggestion, but it is the
  // frame part of body/idle.
  auto l = load(
      "pack: p\nsheets:\n  - name: body\n    image: img/strip48x8.png\n"
      "    frames: {walk: {rect: [0, 0, 8, 8]}, idle: {rect: [8, 0, 8, 8]}}\n"
      "actions:\n  a: {frames: [idle]}\n");
  require_only(l, Code::kUnknownFrame, 7, 16);
  CHECK(l.sink.diagnostics()[0].message ==
        "frame 'idle' does not exist (frame names are <sheet>/<frame>; did you mean "
        "'body/idle'?)");
}

TEST_CASE("files: reports a link that leads nowhere instead of skipping it") {
  const fs::path dir = fs::path(SPRITEC_BINARY_DIR) / "tests" / "def-links";
  fs::remove_all(dir);
  fs::create_directories(dir / "run");
  fs::copy_file(kDefsDir + "/img/strip48x8.png", dir / "run" / "a.png");
  fs::create_symlink("gone.png", dir / "run" / "b.png");  // dangling
  fs::create_symlink("c.png", dir / "run" / "c.png");     // a loop
  Loaded l;
  spritec::def::LoadOptions options;
  options.root = dir;
  l.def = spritec::def::load_definition_from(
      "pack: p\nsheets:\n  - {name: r, files: \"run/*.png\"}\nactions:\n  a: {frames: [r/a, "
      "r/b, r/c]}\n",
      dir / "t.sprites.yaml", options, l.sink);
  INFO(all_messages(l));
  CHECK(positions(l) == std::vector<std::string>{"3:22 E0202", "3:22 E0202"});
  const std::string messages = all_messages(l);
  CHECK(messages.find("'run/b.png' (matched by files:) is a symbolic link to 'gone.png', which "
                      "does not exist") != std::string::npos);
  CHECK(messages.find("'run/c.png' (matched by files:) is a symbolic link loop") !=
        std::string::npos);
  fs::remove_all(dir);
}

// Many sheets and actions: every one is checked (the name scans are O(n log n) now; how fast
// is a benchmark's question: bench/bench_check.cpp, docs/performance.md).
TEST_CASE("a definition with thousands of sheets and actions reports every problem once") {
  constexpr int kSheets = 3000;
  constexpr int kCount = 5000;
  std::ostringstream text;
  text << "pack: p\nsheets:\n";
  for (int i = 0; i < kSheets; ++i)
    text << "  - {name: s" << i
         << ", image: img/strip48x8.png, frames: {a: {rect: [0, 0, 8, 8]}}}\n";
  text << "actions:\n";
  for (int i = 0; i < kCount; ++i) {
    const int s = i % kSheets;
    text << "  a" << i << ": {frames: [s" << s << "/a, s" << s << "/b], then: a" << (i + 1) % kCount
         << ", transitions: [{to: x" << i << ", when: [i" << i % 50 << "]}]}\n";
  }
  auto l = load(text.str());
  CHECK_FALSE(l.def);
  // One unknown frame (sN/b) and one unknown transition target (xN) per action.
  CHECK(with_code(l.sink, Code::kUnknownFrame).size() == kCount);
  CHECK(with_code(l.sink, Code::kUnknownTransition).size() == kCount);
}
