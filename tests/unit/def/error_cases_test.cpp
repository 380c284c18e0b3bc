// Every tests/data/errors/<code>-<slug>/ case of a code this module reports fails with
// that code first, at the line and column its expected.txt gives (worked out by hand;
// see docs/errors.md). A case may hold args.txt with "--entry A,B". An expected.txt of
// several lines lists every diagnostic one run must give, in order, and nothing else:
// the cases where one file holds several mistakes, each reported once at its place.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "def_test_util.hpp"

namespace fs = std::filesystem;

namespace {

const std::set<std::string> kDefCodes = {
    "E0003", "E0004", "E0101", "E0102", "E0103", "E0104", "E0105", "E0106", "E0107", "E0108",
    "E0109", "E0201", "E0202", "E0203", "E0204", "E0205", "E0206", "E0207", "E0208", "E0209",
    "E0210", "E0211", "E0212", "E0213", "E0214", "E0215", "E0216", "E0217", "E0218", "E0230",
    "E0301", "E0302", "E0303", "E0304", "E0305", "E0306", "E0307", "E0308", "E0309", "E0310",
    "E0311", "E0312", "E0313", "E0314", "E0315", "W0301", "W0302", "W0303", "W0304", "N0301"};

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> entries_from(const fs::path& args) {
  std::vector<std::string> out;
  if (!fs::exists(args)) return out;
  std::istringstream words(read_text(args));
  std::string word;
  while (words >> word) {
    if (word == "--entry") continue;
    std::istringstream list(word);
    std::string name;
    while (std::getline(list, name, ','))
      out.push_back(name);
  }
  return out;
}

// Cases of def codes that only a later phase can find (the atlas decodes the pixels):
// the CLI test runs them through `spritec check`.
const std::set<std::string> kLaterPhase = {"E0202-truncated-image", "E0213-aseprite-zlib"};

}  // namespace

TEST_CASE("every def error case fails first with its code at its expected position") {
  std::set<std::string> seen;
  for (const auto& entry : fs::directory_iterator(SPRITEC_TEST_DATA "/errors")) {
    if (!entry.is_directory()) continue;
    const std::string name = entry.path().filename().string();
    const std::string code = name.substr(0, 5);
    const fs::path input = entry.path() / "input.sprites.yaml";
    // A case with a case.txt runs another command (build, …): the CLI test covers it.
    if (!kDefCodes.count(code) || !fs::exists(input) || fs::exists(entry.path() / "case.txt") ||
        kLaterPhase.count(name))
      continue;
    INFO(name);
    seen.insert(code);
    std::istringstream expected(read_text(entry.path() / "expected.txt"));
    std::vector<std::string> lines;
    for (std::string line; std::getline(expected, line);) {
      if (!line.empty()) lines.push_back(line);
    }
    REQUIRE_FALSE(lines.empty());
    std::istringstream first_line(lines[0]);
    std::string position, expected_code;
    first_line >> position >> expected_code;
    CHECK(expected_code == code);

    spritec::diag::Sink sink;
    spritec::def::LoadOptions options;
    options.root = entry.path();
    options.entries = entries_from(entry.path() / "args.txt");
    auto def = spritec::def::load_definition(input, options, sink);
    sink.finalize();
    REQUIRE_FALSE(sink.diagnostics().empty());
    const auto& first = sink.diagnostics()[0];
    INFO(first.message);
    CHECK(std::string(spritec::diag::info(first.code).id) == code);
    CHECK(std::to_string(first.span.line) + ":" + std::to_string(first.span.column) == position);
    if (lines.size() > 1) {
      std::vector<std::string> reported;
      for (const auto& d : sink.diagnostics()) {
        reported.push_back(std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + " " +
                           std::string(spritec::diag::info(d.code).id));
      }
      CHECK(reported == lines);
    }
    // Errors stop the load; warnings and notes alone do not.
    CHECK(def.has_value() == (code[0] != 'E'));
  }
  CHECK(seen == kDefCodes);
}
