// Fuzz target: output-path resolution (io::OutputPlan) and the set writer (io::OutputSet).
//
// The bytes are a script of 4-byte commands (operation, name, other name, extra) run in a
// fresh directory: make regular files, directories, FIFOs,
// symbolic links (relative, absolute, dangling, looping) and hard links under a small set
// of names, then name some of them inputs and some outputs. The plan is checked; if it is
// accepted, every output is staged and the set committed. Whatever happens:
//   - no input's bytes change, and nothing that is not a regular file is replaced;
//   - a refused plan writes nothing at all;
//   - a committed set leaves each output holding exactly its bytes;
//   - no temporary or backup file (.spritec-*) is left behind.
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "fuzz_temp_dir.hpp"
#include "spritec/io/outputs.hpp"

namespace fs = std::filesystem;

namespace {

const char* const kNames[] = {"a", "b", "c", "d", "d/a", "d/b", "e/f/g", "d/../a", "./b", "e"};
constexpr std::size_t kNameCount = sizeof kNames / sizeof kNames[0];

// What is at every path below `dir`, without following links: a type letter and, for a
// regular file, its bytes.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    const fs::path& p = it->path();
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) continue;
    std::string key = fs::relative(p, dir, ec).string();
    if (S_ISREG(st.st_mode)) {
      std::ifstream in(p, std::ios::binary);
      std::stringstream s;
      s << in.rdbuf();
      out[key] = "f" + s.str();
    } else if (S_ISLNK(st.st_mode)) {
      out[key] = "l" + fs::read_symlink(p, ec).string();
    } else if (S_ISDIR(st.st_mode)) {
      out[key] = "d";
    } else {
      out[key] = "o";
    }
  }
  return out;
}

// The bytes a path reads as (following links), or "" with `ok` false.
std::string contents(const fs::path& path, bool* ok) {
  struct stat st {};
  *ok = ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
  if (!*ok) return {};
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static FuzzTempDir root("spritec-fuzz-outputs");
  static int run = 0;
  const fs::path dir = root.path() / std::to_string(run++);
  std::error_code ec;
  fs::create_directories(dir, ec);
  FUZZ_CHECK(!ec);

  std::vector<fs::path> inputs, outputs;
  std::size_t i = 0;
  auto next = [&]() -> std::uint8_t { return i < size ? data[i++] : 0; };
  while (i < size && i < 256) {
    const std::uint8_t op = next() % 9;
    const fs::path a = dir / kNames[next() % kNameCount];
    const fs::path b = dir / kNames[next() % kNameCount];
    const std::uint8_t x = next();
    fs::create_directories(a.parent_path(), ec);
    switch (op) {
      case 0: {  // a regular file (never opened through a FIFO: that would block)
        struct stat st {};
        if (::stat(a.c_str(), &st) != 0 || S_ISREG(st.st_mode))
          std::ofstream(a, std::ios::binary) << "in" << int(x);
        break;
      }
      case 1:
        fs::create_directories(a, ec);
        break;
      case 2:
        ::mkfifo(a.c_str(), 0644);
        break;
      case 3:  // relative link (may dangle or loop)
        fs::create_symlink(fs::path(kNames[x % kNameCount]).filename(), a, ec);
        break;
      case 4:  // absolute link
        fs::create_symlink(b, a, ec);
        break;
      case 5:
        fs::create_hard_link(b, a, ec);
        break;
      case 6:
      case 7:
        inputs.push_back(a);
        break;
      case 8:
        outputs.push_back(a);
        break;
    }
  }

  [&] {
    spritec::io::OutputPlan plan;
    for (const fs::path& p : inputs)
      plan.input(p, "an input");
    for (const fs::path& p : outputs)
      plan.output(p, "-o");
    std::vector<std::pair<bool, std::string>> before;
    for (const fs::path& p : inputs) {
      bool ok = false;
      std::string text = contents(p, &ok);
      before.emplace_back(ok, text);
    }
    const std::map<std::string, std::string> tree = snapshot(dir);
    std::optional<spritec::io::OutputProblem> problem = plan.check();
    if (problem) {
      FUZZ_CHECK(!problem->message.empty());
      FUZZ_CHECK(snapshot(dir) == tree);
      return;
    }
    spritec::io::OutputSet set;
    bool staged = true;
    for (std::size_t k = 0; k < outputs.size() && staged; ++k)
      staged = set.stage(outputs[k], "out" + std::to_string(k)).ok();
    const bool committed = staged && set.commit().ok();
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      if (!before[k].first) continue;  // not a readable regular file: nothing to keep
      bool ok = false;
      std::string now = contents(inputs[k], &ok);
      FUZZ_CHECK(ok && now == before[k].second);
    }
    if (committed) {
      for (std::size_t k = 0; k < outputs.size(); ++k) {
        bool ok = false;
        FUZZ_CHECK(contents(outputs[k], &ok) == "out" + std::to_string(k) && ok);
      }
    }
  }();
  for (const auto& [path, what] : snapshot(dir)) {
    FUZZ_CHECK(fs::path(path).filename().string().rfind(".spritec-", 0) != 0);
    (void)what;
  }
  fs::remove_all(dir, ec);
  return 0;
}
