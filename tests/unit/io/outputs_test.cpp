// io::OutputPlan and io::OutputSet: outputs never replace inputs, non-regular files are
// refused, a set is committed whole or not at all, and nothing is left behind.
#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scratch.hpp"
#include "spritec/io/outputs.hpp"

namespace fs = std::filesystem;
using namespace spritec::io;

namespace {

void put(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string get(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Names in `dir` other than the expected ones (temporaries, backups).
std::vector<std::string> extra_files(const fs::path& dir,
                                     const std::vector<std::string>& expected) {
  std::vector<std::string> extra;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    std::string name = entry.path().filename().string();
    if (entry.is_directory()) continue;
    if (std::find(expected.begin(), expected.end(), name) == expected.end()) extra.push_back(name);
  }
  return extra;
}

}  // namespace

TEST_CASE("an output that is an input is refused: by name, symbolic link and hard link") {
  fs::path dir = scratch("outputs_test/clash");
  put(dir / "hero.png", "pixels");
  fs::create_symlink("hero.png", dir / "soft.spk");
  fs::create_hard_link(dir / "hero.png", dir / "hard.spk");
  for (const char* name : {"hero.png", "soft.spk", "hard.spk", "./sub/../hero.png"}) {
    INFO(name);
    OutputPlan plan;
    plan.input(dir / "hero.png", "an image the definition reads");
    plan.output(dir / name, "-o");
    std::optional<OutputProblem> p = plan.check();
    REQUIRE(p);
    CHECK(p->kind == Clash::kReplacesInput);
    CHECK(p->flag == "-o");
    CHECK(p->message.find("would replace") != std::string::npos);
    CHECK(p->message.find("-o") != std::string::npos);
  }
  OutputPlan fine;
  fine.input(dir / "hero.png");
  fine.output(dir / "out.spk", "-o");
  fine.output(dir / "new/dir/out.json", "--json");
  CHECK_FALSE(fine.check());
}

TEST_CASE("two outputs naming one file are refused, also through a link") {
  fs::path dir = scratch("outputs_test/same");
  put(dir / "a.spk", "old");
  fs::create_symlink("a.spk", dir / "b.json");
  OutputPlan plan;
  plan.output(dir / "a.spk", "-o");
  plan.output(dir / "b.json", "--json");
  std::optional<OutputProblem> p = plan.check();
  REQUIRE(p);
  CHECK(p->kind == Clash::kSameOutput);
  CHECK(p->flag == "--json");
  CHECK(p->other_flag == "-o");
  OutputPlan missing;  // neither exists yet: compared by path
  missing.output(dir / "x/n.spk", "-o");
  missing.output(dir / "x/../x/n.spk", "--depfile");
  REQUIRE(missing.check());
  CHECK(missing.check()->kind == Clash::kSameOutput);
}

TEST_CASE("an existing output that is not a regular file is refused, never replaced") {
  fs::path dir = scratch("outputs_test/special");
  fs::create_directories(dir / "adir");
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0644) == 0);
  fs::create_symlink("/dev/null", dir / "to-null");
  for (fs::path target : {fs::path("/dev/null"), dir / "adir", dir / "fifo", dir / "to-null"}) {
    INFO(target);
    OutputPlan plan;
    plan.output(target, "-o");
    std::optional<OutputProblem> p = plan.check();
    REQUIRE(p);
    CHECK(p->kind == Clash::kNotRegular);
    // The writer refuses too, whatever the caller checked.
    OutputSet set;
    bool written = set.stage(target, std::string_view("x")).ok() && set.commit().ok();
    CHECK_FALSE(written);
  }
  struct stat st {};
  REQUIRE(::stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  CHECK(fs::is_directory(dir / "adir"));
  CHECK(fs::is_fifo(dir / "fifo"));
  CHECK(fs::is_symlink(dir / "to-null"));
}

TEST_CASE("a set is committed whole: parents made, nothing left behind, long names fit") {
  fs::path dir = scratch("outputs_test/set");
  put(dir / "p.spk", "old pack");
  std::string long_name(250, 'n');
  long_name += ".spk";  // 254 bytes: a temporary with a longer name would not fit NAME_MAX
  OutputSet set;
  REQUIRE(set.stage(dir / "p-0.png", std::string_view("page")).ok());
  REQUIRE(set.stage(dir / "p.spk", std::string_view("new pack")).ok());
  REQUIRE(set.stage(dir / "deep/er/p.json", std::string_view("{}")).ok());
  REQUIRE(set.stage(dir / long_name, std::string_view("long")).ok());
  CHECK(get(dir / "p.spk") == "old pack");  // nothing named before commit
  CHECK_FALSE(fs::exists(dir / "p-0.png"));
  REQUIRE(set.commit().ok());
  CHECK(get(dir / "p-0.png") == "page");
  CHECK(get(dir / "p.spk") == "new pack");
  CHECK(get(dir / "deep/er/p.json") == "{}");
  CHECK(get(dir / long_name) == "long");
  CHECK(extra_files(dir, {"p-0.png", "p.spk", "p.json", long_name}).empty());
  struct stat st {};
  REQUIRE(::stat((dir / "p.spk").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0644);
}

TEST_CASE("a set whose last file cannot be named rolls back the ones before it") {
  fs::path dir = scratch("outputs_test/rollback");
  put(dir / "p-0.png", "old page");
  put(dir / "p.spk", "old pack");
  OutputSet set;
  REQUIRE(set.stage(dir / "p-0.png", std::string_view("new page")).ok());
  REQUIRE(set.stage(dir / "p.spk", std::string_view("new pack")).ok());
  // Between staging and commit the pack's name becomes a directory: its rename must fail.
  fs::remove(dir / "p.spk");
  fs::create_directories(dir / "p.spk");
  CHECK_FALSE(set.commit().ok());
  CHECK(get(dir / "p-0.png") == "old page");  // the page the old pack named is back
  CHECK(fs::is_directory(dir / "p.spk"));
  CHECK(extra_files(dir, {"p-0.png"}).empty());
}

TEST_CASE("a failed stage leaves every existing output as it was") {
  fs::path dir = scratch("outputs_test/failed");
  put(dir / "p.spk", "old pack");
  put(dir / "blocker", "a file where a directory is wanted");
  {
    OutputSet set;
    REQUIRE(set.stage(dir / "p.spk", std::string_view("new pack")).ok());
    CHECK_FALSE(set.stage(dir / "blocker/p.json", std::string_view("{}")).ok());
  }  // dropped without commit
  CHECK(get(dir / "p.spk") == "old pack");
  CHECK(extra_files(dir, {"p.spk", "blocker"}).empty());
}

TEST_CASE("a streamed output arrives whole, and only on commit") {
  fs::path dir = scratch("outputs_test/stream");
  OutputSet set;
  spritec::diag::Result<StagedFile*> file = set.open(dir / "trace.jsonl");
  REQUIRE(file.ok());
  std::ostream out(file.value->streambuf());
  std::string expected;
  for (int i = 0; i < 100000; ++i) {
    std::string line = "{\"tick\":" + std::to_string(i) + "}\n";
    out << line;
    expected += line;
  }
  out.flush();
  CHECK_FALSE(fs::exists(dir / "trace.jsonl"));
  REQUIRE(set.commit().ok());
  CHECK(get(dir / "trace.jsonl") == expected);
}

TEST_CASE("a process killed while writing leaves no temporary file") {
  fs::path dir = scratch("outputs_test/killed");
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    OutputSet set;
    spritec::diag::Result<StagedFile*> file = set.open(dir / "big.jsonl");
    if (!file) ::_exit(2);
    file.value->write(std::string(1 << 20, 'x'));
    ::kill(::getpid(), SIGKILL);
    ::_exit(3);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGKILL);
  CHECK(extra_files(dir, {}).empty());
}

TEST_CASE("many staged files do not run out of file descriptors") {
  fs::path dir = scratch("outputs_test/many");
  OutputSet set;
  for (int i = 0; i < 3000; ++i) {
    REQUIRE(set.stage(dir / ("f" + std::to_string(i)), std::string_view("x")).ok());
  }
  REQUIRE(set.commit().ok());
  CHECK(get(dir / "f2999") == "x");
  std::size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    (void)e;
    ++n;
  }
  CHECK(n == 3000);
}

namespace {

// Sets a file's modification time to `seconds` after the epoch (an old, recognisable one).
void set_mtime(const fs::path& path, long seconds) {
  struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
  REQUIRE(::utimensat(AT_FDCWD, path.c_str(), times, 0) == 0);
}

struct stat stat_of(const fs::path& path) {
  struct stat st {};
  REQUIRE(::lstat(path.c_str(), &st) == 0);
  return st;
}

}  // namespace

TEST_CASE("an output that already holds the new bytes is left untouched, its time too") {
  fs::path dir = scratch("outputs_test/unchanged");
  put(dir / "p.spk", "same pack");
  put(dir / "p.json", "old json");
  set_mtime(dir / "p.spk", 1000000000);
  set_mtime(dir / "p.json", 1000000000);
  const ino_t pack_inode = stat_of(dir / "p.spk").st_ino;
  OutputSet set;
  REQUIRE(set.stage(dir / "p.spk", std::string_view("same pack")).ok());
  REQUIRE(set.stage(dir / "p.json", std::string_view("new json")).ok());
  REQUIRE(set.stage(dir / "p.d", std::string_view("p.spk: p.yaml\n")).ok());
  REQUIRE(set.commit().ok());
  // The identical pack: the same file (inode), with its old time.
  CHECK(get(dir / "p.spk") == "same pack");
  CHECK(stat_of(dir / "p.spk").st_mtime == 1000000000);
  CHECK(stat_of(dir / "p.spk").st_ino == pack_inode);
  // The changed JSON and the new depfile are written as always.
  CHECK(get(dir / "p.json") == "new json");
  CHECK(stat_of(dir / "p.json").st_mtime > 1000000000);
  CHECK(get(dir / "p.d") == "p.spk: p.yaml\n");
  CHECK(extra_files(dir, {"p.spk", "p.json", "p.d"}).empty());
}

TEST_CASE("an output of the same size but other bytes, or behind a link, is replaced") {
  fs::path dir = scratch("outputs_test/changed");
  put(dir / "p.spk", "pack A");  // same length as the new bytes, one byte differs
  put(dir / "target.json", "{}");
  fs::create_symlink("target.json", dir / "link.json");
  set_mtime(dir / "p.spk", 1000000000);
  OutputSet set;
  REQUIRE(set.stage(dir / "p.spk", std::string_view("pack B")).ok());
  REQUIRE(set.stage(dir / "link.json", std::string_view("{}")).ok());
  REQUIRE(set.commit().ok());
  CHECK(get(dir / "p.spk") == "pack B");
  CHECK(stat_of(dir / "p.spk").st_mtime > 1000000000);
  // A link is replaced by the file, as before, even when the bytes it leads to are the same.
  CHECK(S_ISREG(stat_of(dir / "link.json").st_mode));
  CHECK(extra_files(dir, {"p.spk", "target.json", "link.json"}).empty());
}

TEST_CASE("a failed commit leaves an unchanged output and restores the changed ones") {
  fs::path dir = scratch("outputs_test/unchanged-rollback");
  put(dir / "p-0.png", "same page");
  put(dir / "p-1.png", "old page");
  put(dir / "p.spk", "old pack");
  set_mtime(dir / "p-0.png", 1000000000);
  OutputSet set;
  REQUIRE(set.stage(dir / "p-0.png", std::string_view("same page")).ok());
  REQUIRE(set.stage(dir / "p-1.png", std::string_view("new page")).ok());
  REQUIRE(set.stage(dir / "p.spk", std::string_view("new pack")).ok());
  fs::remove(dir / "p.spk");
  fs::create_directories(dir / "p.spk");  // its rename must fail
  CHECK_FALSE(set.commit().ok());
  CHECK(get(dir / "p-0.png") == "same page");
  CHECK(stat_of(dir / "p-0.png").st_mtime == 1000000000);
  CHECK(get(dir / "p-1.png") == "old page");
  CHECK(extra_files(dir, {"p-0.png", "p-1.png"}).empty());
}

TEST_CASE("files kept together are left untouched only when none of them changed") {
  fs::path dir = scratch("outputs_test/together");
  for (const char* f : {"p.spk", "p-0.png", "q.spk", "q-0.png"})
    put(dir / f, std::string("old ") + f);
  for (const char* f : {"p.spk", "p-0.png", "q.spk", "q-0.png"})
    set_mtime(dir / f, 1000000000);
  OutputSet set;
  // p: the page changes, the pack (which names it) does not; q: neither changes.
  REQUIRE(set.stage(dir / "p-0.png", std::string_view("new page")).ok());
  REQUIRE(set.stage(dir / "p.spk", std::string_view("old p.spk")).ok());
  REQUIRE(set.stage(dir / "q-0.png", std::string_view("old q-0.png")).ok());
  REQUIRE(set.stage(dir / "q.spk", std::string_view("old q.spk")).ok());
  set.keep_together({dir / "p-0.png", dir / "p.spk"});
  set.keep_together({dir / "q-0.png", dir / "q.spk"});
  REQUIRE(set.commit().ok());
  CHECK(get(dir / "p-0.png") == "new page");
  CHECK(stat_of(dir / "p-0.png").st_mtime > 1000000000);
  CHECK(get(dir / "p.spk") == "old p.spk");
  CHECK(stat_of(dir / "p.spk").st_mtime > 1000000000);  // written again with its page
  CHECK(stat_of(dir / "q-0.png").st_mtime == 1000000000);
  CHECK(stat_of(dir / "q.spk").st_mtime == 1000000000);
  CHECK(extra_files(dir, {"p.spk", "p-0.png", "q.spk", "q-0.png"}).empty());
}
