// SPRITEC_ASSERT: a game routes the runtime's precondition checks to its own handler by
// defining the macro before including a runtime header. This binary defines it to throw,
// so misuse is observable even in a release build (where assert() is compiled out). It is
// a binary of its own, linking no library of ours (it reads the frozen pack rather than
// writing one): every translation unit of a program must see the same definition.
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

struct SpritecAssertFailure : std::logic_error {
  using std::logic_error::logic_error;
};
#define SPRITEC_ASSERT(x) ((x) ? (void)0 : throw SpritecAssertFailure(#x))

#include <catch2/catch.hpp>

#include "spritec/runtime/pack_index.hpp"
#include "spritec/runtime/player.hpp"

using namespace spritec;

namespace {

std::vector<std::uint8_t> frozen_pack() {
  std::ifstream in(SPRITEC_TEST_DATA "/packs/format-1.0.spk", std::ios::binary);
  return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("an index out of range goes to the game's SPRITEC_ASSERT", "[reader][assert]") {
  const std::vector<std::uint8_t> bytes = frozen_pack();
  runtime::PackView v;
  REQUIRE(runtime::parse_pack(bytes.data(), bytes.size(), v).ok());
  CHECK_NOTHROW(v.frame(v.frame_count() - 1));
  CHECK_THROWS_AS(v.frame(v.frame_count()), SpritecAssertFailure);
  CHECK_THROWS_AS(v.page(v.page_count()), SpritecAssertFailure);
  CHECK_THROWS_AS(v.action(v.action_count()), SpritecAssertFailure);
  CHECK_THROWS_AS(v.action_name(v.action_count()), SpritecAssertFailure);
  CHECK_THROWS_AS(v.step(v.step_count()), SpritecAssertFailure);
  CHECK_THROWS_AS(v.step(v.action(0), v.action(0).views, 0), SpritecAssertFailure);
  CHECK_THROWS_AS(v.transition(v.transition_count()), SpritecAssertFailure);
  CHECK_THROWS_AS(v.input_name(v.input_count()), SpritecAssertFailure);
  CHECK_THROWS_AS(v.event_name(v.event_count()), SpritecAssertFailure);
  CHECK_THROWS_AS(runtime::PackView().frame_name(0), SpritecAssertFailure);
  CHECK(v.frame_name(runtime::kNone).empty());  // kNone is a blank step's frame: allowed
}

TEST_CASE("the player's preconditions go to SPRITEC_ASSERT too", "[player][assert]") {
  const std::vector<std::uint8_t> bytes = frozen_pack();
  runtime::PackView v;
  REQUIRE(runtime::parse_pack(bytes.data(), bytes.size(), v).ok());
  runtime::ActorState actor;
  runtime::EventBuffer events;
  CHECK_THROWS_AS(runtime::current_step(v, actor), SpritecAssertFailure);  // not started
  CHECK_THROWS_AS(runtime::start(v, actor, v.action_count(), false, events), SpritecAssertFailure);
  CHECK_NOTHROW(runtime::start(v, actor, 0, false, events));
  CHECK_NOTHROW(runtime::current_step(v, actor));
}
