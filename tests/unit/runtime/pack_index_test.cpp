// PackIndex: O(log n) name lookups that answer exactly what PackView's linear scans answer.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pack_fixtures.hpp"
#include "spritec/runtime/pack_index.hpp"
#include "spritec/runtime/player.hpp"

using namespace spritec;
using namespace spritec::test;

namespace {

// Every lookup of the index agrees with the view's scan, for every name of the pack and
// for names it does not have.
void check_agrees(const runtime::PackView& v, const runtime::PackIndex& index) {
  std::vector<std::string> names = {"", "nope", "walk ", "body/", "zzzz", "\x7f"};
  for (std::uint32_t i = 0; i < v.action_count(); ++i)
    names.emplace_back(v.action_name(i));
  for (std::uint32_t i = 0; i < v.frame_count(); ++i)
    names.emplace_back(v.frame_name(i));
  for (std::uint32_t i = 0; i < v.input_count(); ++i)
    names.emplace_back(v.input_name(i));
  for (std::uint32_t i = 0; i < v.event_count(); ++i)
    names.emplace_back(v.event_name(i));
  for (const std::string& n : names) {
    INFO("name '" << n << "'");
    CHECK(index.find_action(n) == v.find_action(n));
    CHECK(index.find_frame(n) == v.find_frame(n));
    CHECK(index.find_input(n) == v.find_input(n));
    CHECK(index.find_event(n) == v.find_event(n));
    CHECK(index.input_bit(n) == runtime::input_bit(v, n));
  }
}

}  // namespace

TEST_CASE("a pack index finds every name the linear lookups find", "[index]") {
  const std::vector<std::uint8_t> bytes = write_or_fail(sample_model());
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  const runtime::PackIndex index(v);
  CHECK(index.find_action("boom") == 3);
  CHECK(index.find_action("walk") == 0);
  CHECK(index.find_frame("fx/spark") == 3);
  CHECK(index.find_input("move") == 1);
  CHECK(index.input_bit("move") == 2u);
  CHECK(index.input_bit("jump") == 0u);
  CHECK(index.find_event("hit") == 1);
  CHECK(index.find_action("nope") == runtime::kNone);
  CHECK(index.find_frame("") == runtime::kNone);
  check_agrees(v, index);
}

TEST_CASE("a pack index finds the first of repeated names, as the scans do", "[index]") {
  // The writer refuses duplicate names; a hostile pack may repeat them. Point frames 1 and
  // 3 at frame 0's name and action 2 at action 1's: all three scans and the index must
  // then give the lowest index.
  std::vector<std::uint8_t> bytes = write_or_fail(sample_model());
  const std::size_t frames = section_offset(bytes, spk::kTagFrames);
  const std::size_t actions = section_offset(bytes, spk::kTagActions);
  for (std::size_t i : {1, 3}) {
    for (std::size_t k = 0; k < spk::StringRef::kSize; ++k)
      bytes[frames + i * spk::FrameRecord::kSize + k] = bytes[frames + k];
  }
  for (std::size_t k = 0; k < spk::StringRef::kSize; ++k)
    bytes[actions + 2 * spk::ActionRecord::kSize + k] =
        bytes[actions + spk::ActionRecord::kSize + k];
  fix_checksum(bytes);
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  REQUIRE(v.frame_name(3) == "body/0");
  REQUIRE(v.action_name(2) == "idle");
  const runtime::PackIndex index(v);
  CHECK(index.find_frame("body/0") == 0);
  CHECK(index.find_frame("body/1") == runtime::kNone);
  CHECK(index.find_action("idle") == 1);
  CHECK(index.find_action("attack") == runtime::kNone);
  check_agrees(v, index);
}

TEST_CASE("an empty pack index and one of an empty pack find nothing", "[index]") {
  const runtime::PackIndex none;
  CHECK(none.find_action("walk") == runtime::kNone);
  CHECK(none.input_bit("move") == 0u);
  PackModel m;
  const std::vector<std::uint8_t> bytes = write_or_fail(m);
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  const runtime::PackIndex index(v);
  CHECK(index.find_frame("body/0") == runtime::kNone);
  CHECK(index.find_event("hit") == runtime::kNone);
}

TEST_CASE("a pack index keeps working when copied or moved", "[index]") {
  const std::vector<std::uint8_t> bytes = write_or_fail(sample_model());
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  runtime::PackIndex a(v);
  const runtime::PackIndex b = a;
  const runtime::PackIndex c = std::move(a);
  CHECK(b.find_action("attack") == 2);
  CHECK(c.find_action("attack") == 2);
  CHECK(c.pack().action_count() == 4);
}
