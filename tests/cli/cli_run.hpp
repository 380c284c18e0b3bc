// Running the spritec executable from the CLI tests: files, shell quoting, capture.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace spritec_cli_test {

namespace fs = std::filesystem;

inline const fs::path kTests = fs::path(SPRITEC_TESTS_DIR).lexically_normal();
inline const fs::path kSource = fs::path(SPRITEC_SOURCE_DIR);
inline const fs::path kScratch = fs::path(SPRITEC_SCRATCH);
// The spritec under test: $SPRITEC_TEST_EXE when set (scripts/test.sh points it at the
// sanitized build's CLI for the [hostile] cases, so test_cli itself is built once), else the
// one built beside this test.
inline const std::string kSpritec = [] {
  const char* exe = std::getenv("SPRITEC_TEST_EXE");
  return std::string(exe != nullptr && *exe != '\0' ? exe : SPRITEC_EXE);
}();

inline std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_text(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

struct Run {
  int exit = -1;
  std::string out;
  std::string err;
};

inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

inline std::string join(const std::vector<std::string>& args) {
  std::string out;
  for (const std::string& a : args)
    out += (out.empty() ? "" : " ") + a;
  return out;
}

// Runs spritec with `args` in `cwd`, capturing stdout and stderr, with a clean
// environment for output that does not depend on the terminal.
inline Run run_spritec(const std::vector<std::string>& args, const fs::path& cwd) {
  fs::create_directories(kScratch);
  static int counter = 0;
  fs::path out_file = kScratch / ("run-" + std::to_string(++counter) + ".out");
  fs::path err_file = kScratch / ("run-" + std::to_string(counter) + ".err");
  std::string cmd =
      "cd " + shell_quote(cwd.string()) + " && NO_COLOR=1 CI=1 " + shell_quote(kSpritec);
  for (const std::string& a : args)
    cmd += " " + shell_quote(a);
  cmd += " >" + shell_quote(out_file.string()) + " 2>" + shell_quote(err_file.string()) +
         " </dev/null";
  int status = std::system(cmd.c_str());
  Run run;
  run.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = read_text(out_file);
  run.err = read_text(err_file);
  return run;
}

// The flags in the Options: part of a command's --help (each line that starts with "  -"),
// short and long names apart, without -h/--help.
inline std::set<std::string> help_flags(const std::string& help) {
  std::set<std::string> flags;
  std::istringstream lines(help);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("  -", 0) != 0) continue;
    std::string names = line.substr(2, line.find(' ', 2) - 2);
    std::istringstream parts(names);
    std::string name;
    while (std::getline(parts, name, ',')) {
      if (name != "-h" && name != "--help") flags.insert(name);
    }
  }
  return flags;
}

}  // namespace spritec_cli_test
