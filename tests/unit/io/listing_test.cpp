#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "scratch.hpp"
#include "spritec/io/listing.hpp"

namespace fs = std::filesystem;
using namespace spritec::io;

namespace {

std::vector<std::string> names(const std::vector<fs::path>& paths) {
  std::vector<std::string> out;
  for (const fs::path& p : paths)
    out.push_back(p.filename().string());
  return out;
}

}  // namespace

TEST_CASE("glob_match: * matches any run, ? one byte, the rest itself") {
  CHECK(glob_match("*.png", "run.png"));
  CHECK(glob_match("*.png", ".png"));
  CHECK_FALSE(glob_match("*.png", "run.png.bak"));
  CHECK(glob_match("run?.png", "run1.png"));
  CHECK_FALSE(glob_match("run?.png", "run10.png"));
  CHECK(glob_match("a*b*c", "aXXbYYbc"));
  CHECK_FALSE(glob_match("a*b*c", "aXXbYYbd"));
  CHECK(glob_match("*", ""));
  CHECK_FALSE(glob_match("?", ""));
  CHECK(glob_match("**x", "abx"));
}

TEST_CASE("natural_less: digit runs compare as numbers, the rest bytewise, ties by bytes") {
  // Each name is less than the next one.
  // clang-format off
  // Ties in value (1, 01) go by bytes: "01" < "1", "run2a" < "run02b" ('a' < 'b' decides
  // before the zeros do).
  const std::vector<std::string> order = {
      "",     "0",     "00",     "01",     "1",      "2",      "9",    "10",     "run",
      "run1", "run2",  "run2a",  "run02b", "run10",  "run10b", "run100", "runb", "s1_9",
      "s1_10", "s2_1", "walk",   "walk2",  "walk002x", "walk10",
      "x99999999999999999999999", "x100000000000000000000000"};
  // clang-format on
  for (std::size_t i = 0; i < order.size(); ++i) {
    CHECK_FALSE(natural_less(order[i], order[i]));
    for (std::size_t j = i + 1; j < order.size(); ++j) {
      INFO(order[i] << " < " << order[j]);
      CHECK(natural_less(order[i], order[j]));
      CHECK_FALSE(natural_less(order[j], order[i]));
    }
  }
}

TEST_CASE("list_matching sorts in natural order: run2 before run10") {
  const fs::path dir = scratch("listing_test/natural");
  for (const char* n : {"run10.png", "run2.png", "run1.png", "run20.png", "run3.png"})
    std::ofstream(dir / n) << "x";
  CHECK(names(list_matching(dir, "run*.png", 100).files) ==
        std::vector<std::string>{"run1.png", "run2.png", "run3.png", "run10.png", "run20.png"});
}

TEST_CASE("list_matching lists matching regular files by name, links apart") {
  const fs::path dir = scratch("listing_test/match");
  for (const char* n : {"b.png", "a.png", "c.txt", "d.png"})
    std::ofstream(dir / n) << "x";
  fs::create_directory(dir / "sub.png");  // a folder is not a frame
  fs::create_symlink("a.png", dir / "e.png");
  fs::create_symlink("missing.png", dir / "z.png");
  fs::create_symlink("y.png", dir / "y.png");  // a loop
  const Matches m = list_matching(dir, "*.png", 100);
  CHECK(names(m.files) == std::vector<std::string>{"a.png", "b.png", "d.png", "e.png"});
  CHECK(m.links == std::vector<bool>{false, false, false, true});  // e.png is a link
  REQUIRE(m.dangling.size() == 2);
  CHECK(m.dangling[0].link.filename() == "y.png");
  CHECK(m.dangling[0].loop);
  CHECK(m.dangling[1].link.filename() == "z.png");
  CHECK_FALSE(m.dangling[1].loop);
  CHECK(m.dangling[1].target == fs::path("missing.png"));
}

TEST_CASE("list_matching stops once more than the cap matched; a missing folder lists nothing") {
  const fs::path dir = scratch("listing_test/cap");
  for (int i = 0; i < 10; ++i)
    std::ofstream(dir / ("f" + std::to_string(i) + ".png")) << "x";
  CHECK(list_matching(dir, "*.png", 3).files.size() == 4);
  CHECK(list_matching(dir / "nope", "*", 3).files.empty());
}

TEST_CASE("list_names lists a folder sorted, at most the cap") {
  const fs::path dir = scratch("listing_test/names");
  for (const char* n : {"c", "a", "b"})
    std::ofstream(dir / n) << "x";
  CHECK(list_names(dir, 10) == std::vector<std::string>{"a", "b", "c"});
  CHECK(list_names(dir, 2).size() == 2);
}
