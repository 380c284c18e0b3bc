#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include <sys/stat.h>

#include "scratch.hpp"
#include "spritec/io/files.hpp"

namespace fs = std::filesystem;
using namespace spritec::io;

TEST_CASE("a read is refused when the file is over the cap, before reading it") {
  fs::path dir = scratch("io_test/cap");
  std::ofstream(dir / "f.bin", std::ios::binary) << std::string(100, 'x');
  const auto small = read_file(dir / "f.bin", 100);
  REQUIRE(small);
  CHECK(small.value.size() == 100);
  const auto big = read_file(dir / "f.bin", 99);
  CHECK(big.error.kind == ReadError::kTooLarge);
  CHECK(big.value.empty());
  CHECK(big.error.size == 100);
  CHECK(big.error.cap == 99);
  CHECK(describe(big.error) == "is 100 bytes, over the cap of 99 bytes");
  CHECK(read_file(dir / "missing").error.kind == ReadError::kNotFound);
  CHECK(describe(read_file(dir / "missing").error) == "no such file");
  CHECK(read_file(dir).error.kind == ReadError::kNotAFile);
  CHECK(describe(read_file(dir).error) == "not a regular file");
}

TEST_CASE("a head read gives the first bytes and the whole file's size, nothing more") {
  fs::path dir = scratch("io_test/head");
  std::string text(100, 'x');
  text[0] = 'a';
  text[32] = 'b';
  std::ofstream(dir / "f.bin", std::ios::binary) << text;
  const auto head = read_file_head(dir / "f.bin", 33);
  REQUIRE(head);
  CHECK(std::string(head.value.bytes.begin(), head.value.bytes.end()) == text.substr(0, 33));
  CHECK(head.value.size == 100);
  SECTION("a file shorter than asked is read whole") {
    const auto all = read_file_head(dir / "f.bin", 1000);
    REQUIRE(all);
    CHECK(all.value.bytes.size() == 100);
    CHECK(all.value.size == 100);
  }
  SECTION("a 3 GiB file costs 33 bytes") {
    // Sparse: no disk space is used. read_file would refuse it; the head is still read.
    const std::uint64_t huge = 3ull << 30;
    std::error_code ec;
    fs::resize_file(dir / "f.bin", huge, ec);
    REQUIRE(!ec);
    const auto big = read_file_head(dir / "f.bin", 33);
    REQUIRE(big);
    CHECK(big.value.bytes.size() == 33);
    CHECK(big.value.size == huge);
    CHECK(read_file(dir / "f.bin").error.kind == ReadError::kTooLarge);
  }
  CHECK(read_file_head(dir / "missing", 33).error.kind == ReadError::kNotFound);
  CHECK(read_file_head(dir, 33).error.kind == ReadError::kNotAFile);
}

TEST_CASE("a head read then the rest: the whole file only when the head is accepted") {
  fs::path dir = scratch("io_test/head_then");
  std::string text(5000, 'x');
  text[4999] = 'z';
  std::ofstream(dir / "f.bin", std::ios::binary) << text;
  std::uint64_t seen_size = 0;
  std::size_t seen_head = 0;
  const auto accepted = read_file_head_then(dir / "f.bin", 33, [&](const FileHead& head) {
    seen_size = head.size;
    seen_head = head.bytes.size();
    return true;
  });
  REQUIRE(accepted);
  CHECK(seen_size == 5000);
  CHECK(seen_head == 33);
  CHECK(std::string(accepted.value.bytes.begin(), accepted.value.bytes.end()) == text);
  const auto refused =
      read_file_head_then(dir / "f.bin", 33, [](const FileHead&) { return false; });
  REQUIRE(refused);
  CHECK(refused.value.bytes.size() == 33);
  CHECK(refused.value.size == 5000);
  CHECK(read_file_head_then(dir / "missing", 33, [](const FileHead&) { return true; }).error.kind ==
        ReadError::kNotFound);
  CHECK(read_file_head_then(dir, 33, [](const FileHead&) { return true; }).error.kind ==
        ReadError::kNotAFile);
}

TEST_CASE("a FIFO is refused as not a regular file, without blocking") {
  fs::path dir = scratch("io_test/fifo");
  REQUIRE(::mkfifo((dir / "pipe").c_str(), 0600) == 0);
  CHECK(read_file(dir / "pipe").error.kind == ReadError::kNotAFile);
  CHECK(read_file_head(dir / "pipe", 33).error.kind == ReadError::kNotAFile);
}

TEST_CASE("an atomic write replaces the file whole and leaves no temporary behind") {
  fs::path dir = scratch("io_test/atomic");
  fs::path target = dir / "out.spk";
  REQUIRE(write_file_atomic(target, std::string_view("first")).ok());
  REQUIRE(write_file_atomic(target, std::string_view("second")).ok());
  const auto r = read_file(target);
  CHECK(std::string(r.value.begin(), r.value.end()) == "second");
  int entries = 0;
  for (auto& e : fs::directory_iterator(dir)) {
    (void)e;
    ++entries;
  }
  CHECK(entries == 1);
}

TEST_CASE("a failed atomic write keeps the old file") {
  fs::path dir = scratch("io_test/fail");
  fs::path target = dir / "out.spk";
  REQUIRE(write_file_atomic(target, std::string_view("good")).ok());
  // The parent "directory" is a file: it cannot be created.
  CHECK(!write_file_atomic(target / "out.spk", std::string_view("x")).ok());
  const auto r = read_file(target);
  CHECK(std::string(r.value.begin(), r.value.end()) == "good");
}

TEST_CASE("depfiles escape spaces, hashes, colons and dollars as Make and Ninja read them") {
  // One rule with every dependency, then an empty rule per dependency (gcc -MP), so Make
  // does not stop at a dependency that was deleted since.
  CHECK(make_depfile("out/hero.spk", {"hero.sprites.yaml", "art/my hero.png", "a#b$c:d.png"}, "/w")
            .value ==
        "out/hero.spk: \\\n  hero.sprites.yaml \\\n  art/my\\ hero.png \\\n  a\\#b$$c\\:d.png\n"
        "\nhero.sprites.yaml:\n\nart/my\\ hero.png:\n\na\\#b$$c\\:d.png:\n");
}

TEST_CASE("depfile paths are relative to the working directory under it, absolute elsewhere") {
  const auto text = make_depfile(
      "./out//hero.spk",
      {"/game/art/hero.sprites.yaml", "/game/art/../art/hero.png", "/shared/fx.png", "art/rel.png",
       "../up.png", "/game/~user/x.png", "/gamer/y.png", "/game/art/hero.png"},
      "/game/");
  REQUIRE(text.ok());
  // The target as given, normalised; the repeated image listed once.
  CHECK(text.value.substr(0, text.value.find("\n\n")) ==
        "out/hero.spk: \\\n  art/hero.sprites.yaml \\\n  art/hero.png \\\n  /shared/fx.png \\\n"
        "  art/rel.png \\\n  /up.png \\\n  ./~user/x.png \\\n  /gamer/y.png");
  // An absolute target stays absolute.
  CHECK(make_depfile("/elsewhere/out.spk", {"/game/a.png"}, "/game")
            .value.rfind("/elsewhere/out.spk: \\\n  a.png\n", 0) == 0);
}

TEST_CASE("a depfile refuses names Make or Ninja would read as something else") {
  for (const char* name : {"it's.png", "a&b.png", "a;b.png", "a*.png", "a?.png", "a=b.png",
                           "[x].png", "back\\slash.png", "tab\t.png", "quote\".png", "lib(m)",
                           "a|b.png", "a<b.png", "a`b.png", "a^b.png"}) {
    INFO(name);
    const auto r = make_depfile("out.spk", {"a.sprites.yaml", name}, "/w");
    CHECK_FALSE(r.ok());
    CHECK(r.error.message.find("the input") != std::string::npos);
  }
  // These are fine for both (tests/cli/depfile_test.cpp runs them through ninja and make).
  for (const char* name : {"hero (1).png", "50%.png", "x@y+z!,{q}.png", "\xc3\xa9t\xc3\xa9.png"})
    CHECK(make_depfile("out.spk", {name}, "/w").ok());
  CHECK_FALSE(make_depfile("100%.spk", {"a.png"}, "/w").ok());  // a pattern rule for Make
}

TEST_CASE("a depfile refuses a name with a line break instead of starting a new rule") {
  const auto input = make_depfile("out.spk", {"a.sprites.yaml", "evil\nout.spk: b.png"}, "/w");
  CHECK_FALSE(input.ok());
  CHECK(input.value.empty());
  CHECK(input.error.message.find("line break") != std::string::npos);
  CHECK(input.error.message.find("evil?out.spk") != std::string::npos);
  CHECK_FALSE(make_depfile("out\r.spk", {"a.sprites.yaml"}, "/w").ok());
}

TEST_CASE("the path policy keeps inputs inside the root") {
  fs::path root = scratch("io_test/root");
  fs::create_directories(root / "defs" / "art");
  fs::create_directories(root.parent_path() / "outside");
  const auto ok = resolve_inside_root(root, root / "defs", "art/hero.png");
  REQUIRE(ok);
  CHECK(ok.value == fs::weakly_canonical(root / "defs" / "art" / "hero.png"));
  CHECK(resolve_inside_root(root, root / "defs", "../defs/art/x.png"));
  const auto absolute = resolve_inside_root(root, root / "defs", "/etc/passwd");
  CHECK_FALSE(absolute);
  CHECK(absolute.error.message == "absolute path");
  CHECK(resolve_inside_root(root, root / "defs", "").error.message == "empty path");
  const auto outside = resolve_inside_root(root, root / "defs", "../../outside/x.png");
  CHECK_FALSE(outside);
  CHECK(outside.error.message.rfind("leaves the project root (", 0) == 0);
  SECTION("a symlink that points outside the root is refused") {
    fs::create_directory_symlink(root.parent_path() / "outside", root / "defs" / "link");
    const auto linked = resolve_inside_root(root, root / "defs", "link/x.png");
    CHECK_FALSE(linked);
    CHECK(linked.error.message.rfind("leaves the project root (", 0) == 0);
  }
  SECTION("a sibling whose name starts like the root is outside") {
    fs::create_directories(root.string() + "2");
    CHECK_FALSE(resolve_inside_root(root, root, "../root2/x.png"));
  }
}
