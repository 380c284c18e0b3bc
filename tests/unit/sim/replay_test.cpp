// The calls a Simulation reports to its CallRecorder (sim/replay.hpp, docs/scenes.md,
// "Replaying a scene in a game"): one item's keys in the order docs/scenes.md fixes (action,
// angle, press, release, speed, then its move), a move's exact position on each tick it
// runs, nothing on a despawned actor, and the same trace with or without a replay. Expected
// values worked out by hand from script_model() (packs_fixtures.hpp).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "packs_fixtures.hpp"
#include "spritec/sim/replay.hpp"

using namespace sim_test;

namespace {

// Keeps each call as text, with the tick the test says it is on.
class Calls final : public sim::CallRecorder {
 public:
  std::vector<std::string> calls;
  std::int64_t tick = 0;

  void spawn(std::uint32_t a, std::uint32_t pack, sim::Position at, std::int64_t angle,
             std::int32_t speed) override {
    add(a, "spawn " + std::to_string(pack) + " " + sim::format_number(at.x) + "," +
               sim::format_number(at.y) + " " + std::to_string(angle) + " " +
               std::to_string(speed));
  }
  void play(std::uint32_t a, std::string_view action, bool restart) override {
    add(a, "play " + std::string(action) + (restart ? " restart" : ""));
  }
  void angle(std::uint32_t a, std::int64_t degrees) override {
    add(a, "angle " + std::to_string(degrees));
  }
  void input(std::uint32_t a, std::string_view input, bool held) override {
    add(a, (held ? "press " : "release ") + std::string(input));
  }
  void speed(std::uint32_t a, std::int32_t thousandths) override {
    add(a, "speed " + std::to_string(thousandths));
  }
  void unequip(std::uint32_t a, std::string_view slot) override {
    add(a, "unequip " + std::string(slot));
  }
  void equip(std::uint32_t a, std::string_view slot, std::uint32_t pack) override {
    add(a, "equip " + std::string(slot) + " " + std::to_string(pack));
  }
  void at(std::uint32_t a, sim::Position p) override {
    add(a, "at " + sim::format_number(p.x) + "," + sim::format_number(p.y));
  }
  void despawn(std::uint32_t a) override { add(a, "despawn"); }

 private:
  void add(std::uint32_t a, const std::string& what) {
    calls.push_back(std::to_string(tick) + " #" + std::to_string(a) + " " + what);
  }
};

const char* const kReplayScene =
    "packs: {t: t.spk}\n"
    "actors:\n"
    "  - {name: b, pack: t, action: spark, at: [7, 8], angle: -90}\n"
    "  - {name: a, pack: t, action: stand}\n"
    "script:\n"
    "  - {actor: a, action: walk, angle: -30, press: [x, y], release: [z], speed: 2.5,\n"
    "     move_to: [4, 5], over: 2}\n"
    "  - wait: 1\n"
    "  - {despawn: b}\n"
    "  - {actor: b, angle: 90}\n"
    "  - wait: 1\n";

}  // namespace

TEST_CASE("a recorder hears every call on a player, in the order the simulator makes them",
          "[replay]") {
  diag::Sink sink;
  auto scene = sim::parse_scene(kReplayScene, "r.scene.yaml", ".", sink);
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}}), sink);
  REQUIRE(packs);
  Calls calls;
  auto simulation = sim::Simulation::create(*scene, *packs, sink, &calls);
  REQUIRE(simulation);
  // Names in byte order, the wait naming none: a 0, b 1.
  CHECK(simulation->actor_names() == std::vector<std::string>{"a", "b"});
  for (std::int64_t t = 0; t <= 4; ++t) {
    calls.tick = t;
    REQUIRE(simulation->step());
  }
  // Tick 0: the actors in file order (b first), each spawned then started; then a's item:
  // walk, angle -30 = 330, x and y pressed, z released, speed 2500, the move from [0, 0].
  // Tick 1: a ticks first (walk at 2.5: its 2-tick step ends, root motion +1), then the move
  // sets [2, 2.5], halfway. Tick 2: the move ends at [4, 5] and the wait starts, to end on
  // tick 3: b is despawned, and the item turning b is not made on it.
  CHECK(calls.calls == std::vector<std::string>{
                           "0 #1 spawn 0 7,8 270 1000",
                           "0 #1 play spark",
                           "0 #0 spawn 0 0,0 0 1000",
                           "0 #0 play stand",
                           "0 #0 play walk",
                           "0 #0 angle 330",
                           "0 #0 press x",
                           "0 #0 press y",
                           "0 #0 release z",
                           "0 #0 speed 2500",
                           "0 #0 at 0,0",
                           "1 #0 at 2,2.5",
                           "2 #0 at 4,5",
                           "3 #1 despawn",
                       });
}

TEST_CASE("a run's trace is the same bytes with a replay written beside it", "[replay]") {
  diag::Sink sink;
  auto scene = sim::parse_scene(kReplayScene, "r.scene.yaml", ".", sink);
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}}), sink);
  REQUIRE(packs);
  std::ostringstream alone, with, replay;
  REQUIRE(sim::run_scene(*scene, *packs, {}, &alone, sink));
  REQUIRE(sim::run_scene(*scene, *packs, {}, &with, sink, &replay));
  CHECK(alone.str() == with.str());
  // The script ends at clock 4 (tick 4). Its document, framed as docs/scenes.md shows it.
  const std::string doc = replay.str();
  CHECK(doc.rfind("{\"format\":\"spritec-replay\",\"version\":[1,0],\"tick_rate\":60,"
                  "\"packs\":[{\"name\":\"t\",\"path\":\"t.spk\"}],\"actors\":[\"a\",\"b\"],"
                  "\"ticks\":[\n[0,[{\"actor\":1,\"spawn\":{\"pack\":0,\"x\":7,\"y\":8,"
                  "\"angle\":270,\"speed\":1000}},",
                  0) == 0);
  CHECK(doc.find("\n[1,[{\"actor\":0,\"at\":[2,2.5]}]],\n[2,[{\"actor\":0,\"at\":[4,5]}]],\n"
                 "[3,[{\"actor\":1,\"despawn\":true}]]\n],\"last_tick\":4}\n") !=
        std::string::npos);
}
