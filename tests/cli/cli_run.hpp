// Running the spritec executable from the CLI tests: files, shell quoting, capture.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace spritec_cli_test {

namespace fs = std::filesystem;

inline const fs::path kTests = fs::path(SPRITEC_TESTS_DIR).lexically_normal();
inline const fs::path kSource = fs::path(SPRITEC_SOURCE_DIR);

// Sharding: $SPRITEC_TEST_SHARD = "K/N" (0 <= K < N) makes this process shard K of N. The
// long loops over inputs (cases tagged [sharded]: the corpora, every error case, every
// hostile pack) then take only their inputs i with i % N == K (`in_shard`), so N processes
// run them side by side, one a core (scripts/test.sh does so for the sanitized CLI, whose
// ~2,000 start-ups are most of its time). Unset, a process is the one shard of one.
struct Shard {
  unsigned index = 0;
  unsigned count = 1;
};

inline Shard parse_shard(const char* text) {
  Shard shard;
  unsigned k = 0, n = 0;
  char slash = 0, extra = 0;
  if (text == nullptr || *text == '\0') return shard;
  if (std::sscanf(text, "%u%c%u%c", &k, &slash, &n, &extra) != 3 || slash != '/' || n == 0 ||
      k >= n) {
    std::fprintf(stderr, "SPRITEC_TEST_SHARD must be K/N with 0 <= K < N, not '%s'\n", text);
    std::exit(2);
  }
  return {k, n};
}

inline const Shard kShard = parse_shard(std::getenv("SPRITEC_TEST_SHARD"));

// Whether the `index`-th input of a sharded loop is this process's to run.
inline bool in_shard(std::size_t index) {
  return index % kShard.count == kShard.index;
}

// The items of `all` that are this process's to run.
template <class T>
std::vector<T> this_shard(const std::vector<T>& all) {
  std::vector<T> mine;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (in_shard(i)) mine.push_back(all[i]);
  }
  return mine;
}

// Each shard works in a scratch directory of its own, so shards never share a file.
inline const fs::path kScratch =
    kShard.count == 1
        ? fs::path(SPRITEC_SCRATCH)
        : fs::path(std::string(SPRITEC_SCRATCH) + "-shard-" + std::to_string(kShard.index));
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

// The environment a run gets: this process's, with NO_COLOR=1 and CI=1 (no colour, no
// progress line), so output does not depend on the terminal.
inline std::vector<std::string> run_environment() {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    if (entry.rfind("NO_COLOR=", 0) != 0 && entry.rfind("CI=", 0) != 0) env.push_back(entry);
  }
  env.push_back("NO_COLOR=1");
  env.push_back("CI=1");
  return env;
}

// Runs spritec with `args` in `cwd`, capturing stdout and stderr, stdin /dev/null. Started
// with posix_spawn, not a shell: test_cli starts spritec thousands of times, and fork() of
// this large process plus a shell cost more system time than the runs themselves.
inline Run run_spritec(const std::vector<std::string>& args, const fs::path& cwd) {
  fs::create_directories(kScratch);
  // Named by process too: ctest runs test_cli as two processes side by side (test_cli and
  // test_cli_exports), and scripts/test.sh the sanitized shards, all in one scratch folder.
  static int counter = 0;
  const std::string stem = "run-" + std::to_string(getpid()) + "-" + std::to_string(++counter);
  const fs::path out_file = fs::absolute(kScratch / (stem + ".out"));
  const fs::path err_file = fs::absolute(kScratch / (stem + ".err"));
  static const std::vector<std::string> env_strings = run_environment();
  std::vector<char*> envp;
  for (const std::string& e : env_strings)
    envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  const std::string program = fs::absolute(kSpritec).string();
  std::vector<char*> argv = {const_cast<char*>(program.c_str())};
  for (const std::string& a : args)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  // The files are opened before the change of directory, which is the last action.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  pid_t pid = 0;
  int status = -1;
  if (posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), envp.data()) == 0)
    waitpid(pid, &status, 0);
  posix_spawn_file_actions_destroy(&actions);
  Run run;
  run.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = read_text(out_file);
  run.err = read_text(err_file);
  return run;
}

// Whether a run was refused at the door: exit 1 with an error of a reader that a command
// runs on its input before any code of its own — the YAML reader (E0003 not UTF-8, E0004
// empty, E0101 not YAML, E0102 tabs, E0103 a key twice, E0106 too deep, E0107 too many
// aliases) or the pack reader (E0501 not a pack, E0502 a newer format). Every command
// that takes such a file reaches the same refusal through the same code.
inline bool refused_at_the_door(const Run& run) {
  static const std::regex door(R"(error\[E0(00[34]|10[1-3]|10[67]|50[12])\])");
  return run.exit == 1 && std::regex_search(run.err, door);
}

// A sanitized spritec ($SPRITEC_TEST_EXE, scripts/test.sh) takes an input refused at the
// door through one command (or export format) only: the others would run the same reader to
// the same refusal, at a third of a second a sanitized start. Likewise a corpus definition
// or scene `check` refuses is not built, simulated or previewed (corpus_test.cpp: those
// refuse it with the same errors). ctest's run of the normal spritec runs them all, and
// checks that they do.
inline const bool kOnceIfRefused = std::getenv("SPRITEC_TEST_EXE") != nullptr;

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

// Every samples/*/*.sprites.yaml, sorted.
inline std::vector<fs::path> sample_definitions() {
  std::vector<fs::path> defs;
  for (const auto& d : fs::directory_iterator(kSource / "samples")) {
    if (!d.is_directory()) continue;
    for (const auto& f : fs::directory_iterator(d.path())) {
      const std::string n = f.path().filename().string();
      if (n.size() > 13 && n.compare(n.size() - 13, 13, ".sprites.yaml") == 0)
        defs.push_back(f.path());
    }
  }
  std::sort(defs.begin(), defs.end());
  return defs;
}

}  // namespace spritec_cli_test
