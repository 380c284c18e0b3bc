#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "spritec/io/files.hpp"

namespace fs = std::filesystem;
using namespace spritec::io;

namespace {

fs::path scratch(const std::string& name) {
  fs::path dir = fs::path(SPRITEC_BINARY_DIR) / "io_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("a read is refused when the file is over the cap, before reading it") {
  fs::path dir = scratch("cap");
  std::ofstream(dir / "f.bin", std::ios::binary) << std::string(100, 'x');
  ReadResult small = read_file(dir / "f.bin", 100);
  REQUIRE(small);
  CHECK(small.bytes.size() == 100);
  ReadResult big = read_file(dir / "f.bin", 99);
  CHECK(big.error == ReadError::kTooLarge);
  CHECK(big.bytes.empty());
  CHECK(big.size == 100);
  CHECK(read_file(dir / "missing").error == ReadError::kNotFound);
  CHECK(read_file(dir).error == ReadError::kNotAFile);
}

TEST_CASE("a head read gives the first bytes and the whole file's size, nothing more") {
  fs::path dir = scratch("head");
  std::string text(100, 'x');
  text[0] = 'a';
  text[32] = 'b';
  std::ofstream(dir / "f.bin", std::ios::binary) << text;
  ReadResult head = read_file_head(dir / "f.bin", 33);
  REQUIRE(head);
  CHECK(std::string(head.bytes.begin(), head.bytes.end()) == text.substr(0, 33));
  CHECK(head.size == 100);
  SECTION("a file shorter than asked is read whole") {
    ReadResult all = read_file_head(dir / "f.bin", 1000);
    REQUIRE(all);
    CHECK(all.bytes.size() == 100);
    CHECK(all.size == 100);
  }
  SECTION("a 3 GiB file costs 33 bytes") {
    // Sparse: no disk space is used. read_file would refuse it; the head is still read.
    const std::uint64_t huge = 3ull << 30;
    std::error_code ec;
    fs::resize_file(dir / "f.bin", huge, ec);
    REQUIRE(!ec);
    ReadResult big = read_file_head(dir / "f.bin", 33);
    REQUIRE(big);
    CHECK(big.bytes.size() == 33);
    CHECK(big.size == huge);
    CHECK(read_file(dir / "f.bin").error == ReadError::kTooLarge);
  }
  CHECK(read_file_head(dir / "missing", 33).error == ReadError::kNotFound);
  CHECK(read_file_head(dir, 33).error == ReadError::kNotAFile);
}

TEST_CASE("an atomic write replaces the file whole and leaves no temporary behind") {
  fs::path dir = scratch("atomic");
  fs::path target = dir / "out.spk";
  REQUIRE(write_file_atomic(target, std::string_view("first")).ok());
  REQUIRE(write_file_atomic(target, std::string_view("second")).ok());
  ReadResult r = read_file(target);
  CHECK(std::string(r.bytes.begin(), r.bytes.end()) == "second");
  int entries = 0;
  for (auto& e : fs::directory_iterator(dir)) {
    (void)e;
    ++entries;
  }
  CHECK(entries == 1);
}

TEST_CASE("a failed atomic write keeps the old file") {
  fs::path dir = scratch("fail");
  fs::path target = dir / "out.spk";
  REQUIRE(write_file_atomic(target, std::string_view("good")).ok());
  // The parent "directory" is a file: it cannot be created.
  CHECK(!write_file_atomic(target / "out.spk", std::string_view("x")).ok());
  ReadResult r = read_file(target);
  CHECK(std::string(r.bytes.begin(), r.bytes.end()) == "good");
}

TEST_CASE("depfiles escape spaces, hashes and dollars as Make and Ninja read them") {
  CHECK(make_depfile("out/hero.spk", {"hero.sprites.yaml", "art/my hero.png", "a#b$c.png"}).value ==
        "out/hero.spk: \\\n  hero.sprites.yaml \\\n  art/my\\ hero.png \\\n  a\\#b$$c.png\n");
}

TEST_CASE("a depfile refuses a name with a line break instead of starting a new rule") {
  const auto input = make_depfile("out.spk", {"a.sprites.yaml", "evil\nout.spk: b.png"});
  CHECK_FALSE(input.ok());
  CHECK(input.value.empty());
  CHECK(input.error.message.find("line break") != std::string::npos);
  CHECK(input.error.message.find("evil?out.spk") != std::string::npos);
  CHECK_FALSE(make_depfile("out\r.spk", {"a.sprites.yaml"}).ok());
}

TEST_CASE("the path policy keeps inputs inside the root") {
  fs::path root = scratch("root");
  fs::create_directories(root / "defs" / "art");
  fs::create_directories(root.parent_path() / "outside");
  std::string why;
  auto ok = resolve_inside_root(root, root / "defs", "art/hero.png", &why);
  REQUIRE(ok);
  CHECK(*ok == fs::weakly_canonical(root / "defs" / "art" / "hero.png"));
  CHECK(resolve_inside_root(root, root / "defs", "../defs/art/x.png", &why));
  CHECK_FALSE(resolve_inside_root(root, root / "defs", "/etc/passwd", &why));
  CHECK(why == "absolute path");
  CHECK_FALSE(resolve_inside_root(root, root / "defs", "../../outside/x.png", &why));
  CHECK(why.rfind("leaves the project root (", 0) == 0);
  SECTION("a symlink that points outside the root is refused") {
    fs::create_directory_symlink(root.parent_path() / "outside", root / "defs" / "link");
    CHECK_FALSE(resolve_inside_root(root, root / "defs", "link/x.png", &why));
    CHECK(why.rfind("leaves the project root (", 0) == 0);
  }
  SECTION("a sibling whose name starts like the root is outside") {
    fs::create_directories(root.string() + "2");
    CHECK_FALSE(resolve_inside_root(root, root, "../root2/x.png", &why));
  }
}
