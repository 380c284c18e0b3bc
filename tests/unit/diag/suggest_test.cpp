// "Did you mean": the edit distance and the nearest name (diag/suggest.hpp).
#include <catch2/catch.hpp>

#include "spritec/diag/suggest.hpp"

using spritec::diag::edit_distance;
using spritec::diag::nearest;

TEST_CASE("edit distance counts single-byte insertions, deletions and substitutions") {
  CHECK(edit_distance("orign", "origin") == 1);
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("same", "same") == 0);
}

TEST_CASE("nearest suggests a candidate within two edits, else nothing") {
  CHECK(nearest("orign", {"cell", "origin", "offset"}) == "origin");
  CHECK(nearest("tickrate", {"pack", "tick_rate"}) == "tick_rate");
  CHECK(nearest("colour", {"cell", "origin"}).empty());
}

TEST_CASE("nearest takes the earliest of equally near candidates and never the word itself") {
  // "cat" is one edit from both "bat" and "car": the first listed wins.
  CHECK(nearest("cat", {"bat", "car"}) == "bat");
  CHECK(nearest("cat", {"car", "bat"}) == "car");
  // The word itself (distance 0) is no suggestion; the next nearest is.
  CHECK(nearest("walk", {"walk", "talk"}) == "talk");
  // A wider distance, as the CLI asks for flags.
  CHECK(nearest("--scael", {"--scale"}, 2) == "--scale");
  CHECK(nearest("--sc", {"--scale"}, 2).empty());
  CHECK(nearest("--sc", {"--scale"}, 3) == "--scale");
}
