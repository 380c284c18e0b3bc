// docs/cli.md is the specification of the command line: its flag tables must name exactly
// the flags `spritec COMMAND --help` lists (no undocumented flag, no documented flag that
// is gone), command by command.
#include <catch2/catch.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "cli_run.hpp"

using namespace spritec_cli_test;

namespace {

// Flags in the first cell of the table rows of `## command`'s section: "`-o, --output F`".
std::set<std::string> documented_flags(const std::string& doc, const std::string& command) {
  std::set<std::string> flags;
  std::istringstream lines(doc);
  std::string line;
  bool in_section = false;
  const std::regex flag("(^|[ ,`])(--?[a-zA-Z][a-zA-Z-]*)");
  while (std::getline(lines, line)) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## " + command;
    if (!in_section || line.rfind("| `-", 0) != 0) continue;
    std::string cell = line.substr(2, line.find('|', 2) - 2);
    for (std::sregex_iterator it(cell.begin(), cell.end(), flag), end; it != end; ++it)
      flags.insert((*it)[2]);
  }
  return flags;
}

}  // namespace

TEST_CASE("docs/cli.md documents exactly the flags each command's --help lists") {
  const std::string doc = read_text(kSource / "docs" / "cli.md");
  REQUIRE(!doc.empty());
  for (const char* command : {"check", "build", "export", "inspect", "unpack", "simulate",
                              "preview", "detect", "serve"}) {
    Run help = run_spritec({command, "--help"}, kSource);
    REQUIRE(help.exit == 0);
    std::set<std::string> from_help = help_flags(help.out);
    std::set<std::string> from_doc = documented_flags(doc, command);
    INFO("spritec " << command << " --help:\n" << help.out);
    CHECK(from_help.size() >= 1);
    CHECK(from_doc == from_help);
  }
}
