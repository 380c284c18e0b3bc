// The public conformance case (tests/data/conformance, from /work/shared/conformance):
// demo.scene.yaml run for 40 ticks must give demo.trace.jsonl — x/y within 0.001, every
// other field exactly, keys in the order DESIGN.md fixes.
//
// Why each line is what it is (60 ticks per second: a ms is 60 script units, a tick 1000):
// - Tick 0: hero enters walk step 0 (s/0, 3 ticks) facing east (view 0). The script runs
//   `press: [move]` at 0, then `wait: 100ms` = 6000 units, ending at tick 6.
// - Ticks 1-2 count step 0 down; on tick 3 its time runs out and step 1 (s/1) is entered.
//   On tick 6 step 1's time runs out: its move [2, 0] (view 0) takes x to 12; the cycle
//   completes, but the transition to idle is held off by `unless: [move]` (move is held),
//   so the loop restarts at step 0. Then the script: the wait ends at 6000, `angle: 180`
//   turns hero west (view 1, the mirrored art: flip "x") without a restart, and
//   `wait: 50ms` = 3000 units runs to 9000.
// - Tick 9: phase (1) ends step 0 again and enters step 1 of view 1; phase (2) releases
//   move and switches to attack (one view, so view 0) at its step 0 (s/4, 2 ticks), with
//   `until: finished`. Ticks 9-10 show s/4; tick 11 enters s/5 (5 ticks) raising "hit";
//   on tick 16 its time runs out: once → "finished", then: idle switches at once (s/2,
//   step 0). The until ends at tick 16's clock 16000; the spawn runs then: bang appears
//   on tick 16 (its boom step 0, s/3) and, being "bang" < "hero", comes first.
// - The together starts at 16000: move_to [20, 20] over 100ms (6000 units) from x 12, so
//   x = 12 + 8·(clock − 16000)/6000: 13.333… on 17, 14.666… on 18, 16 on 19, …, 20 on
//   22; bang's angle 90 changes nothing (one view). The together ends at 22000 and
//   `wait: 60ms` (3600) runs to 25600: the script is over on tick 26.
// - idle (loop_from 1, 4 ticks a step) entered on 16: step 0 on 16-19, 1 on 20-23, 2 on
//   24-27, then from step 1 again: 1 on 28-31, 2 on 32-35, 1 on 36-39, 2 on 40.
// - boom (pingpong, 2 ticks a step, repeat 1, then destroy): 0 on 16-17, 1 on 18-19
//   ("flash" on entering), 2 on 20-21, 1 on 22-23 ("flash" again), 0 on 24-25; on tick 26
//   step 0's time runs out after the walk back: the one cycle completes, "finished" and
//   "destroyed" are raised and tick 26 is bang's last line, still showing s/3.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "packs_fixtures.hpp"

using namespace sim_test;

namespace {

std::vector<std::string> lines_of(std::istream& in) {
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

std::optional<sim::RunSummary> run_demo(std::optional<std::int64_t> ticks, std::string& trace) {
  diag::Sink sink;
  auto scene =
      sim::read_scene_file(std::string(SPRITEC_TEST_DATA) + "/conformance/demo.scene.yaml", sink);
  INFO(describe(sink));
  REQUIRE(scene);
  REQUIRE(scene->packs.size() == 1);
  CHECK(scene->packs[0].path == "fx.sprites.yaml");
  auto packs = sim::load_packs(*scene, loader_for({{"fx", fx_model()}}), sink);
  REQUIRE(packs);
  sim::RunOptions options;
  options.max_ticks = ticks;
  std::ostringstream out;
  auto summary = sim::run_scene(*scene, std::move(*packs), options, &out, sink);
  trace = out.str();
  return summary;
}

}  // namespace

TEST_CASE("the conformance scene reproduces demo.trace.jsonl for 40 ticks") {
  std::string trace;
  auto summary = run_demo(40, trace);
  REQUIRE(summary);
  CHECK(summary->ticks_run == 40);

  std::ifstream expected_file(std::string(SPRITEC_TEST_DATA) + "/conformance/demo.trace.jsonl");
  REQUIRE(expected_file);
  const std::vector<std::string> expected = lines_of(expected_file);
  std::istringstream got_stream(trace);
  const std::vector<std::string> got = lines_of(got_stream);
  REQUIRE(expected.size() == 52);
  REQUIRE(got.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("line " << (i + 1) << "\n  expected " << expected[i] << "\n  got      " << got[i]);
    const auto e = nlohmann::ordered_json::parse(expected[i]);
    const auto g = nlohmann::ordered_json::parse(got[i]);
    std::vector<std::string> e_keys, g_keys;
    for (auto it = e.begin(); it != e.end(); ++it)
      e_keys.push_back(it.key());
    for (auto it = g.begin(); it != g.end(); ++it)
      g_keys.push_back(it.key());
    CHECK(g_keys == e_keys);
    for (const std::string& key : e_keys) {
      if (key == "x" || key == "y") {
        CHECK(g[key].get<double>() == Approx(e[key].get<double>()).margin(0.001));
      } else {
        CHECK(g[key] == e[key]);
      }
    }
  }
}

TEST_CASE("without a tick limit the conformance scene ends on tick 26") {
  // The last item, wait: 60ms, ends at 25600 (see above): the first tick whose clock
  // reaches it is 26, also bang's last tick.
  std::string trace;
  auto summary = run_demo(std::nullopt, trace);
  REQUIRE(summary);
  CHECK(summary->ticks_run == 26);
  CHECK_FALSE(summary->hit_tick_cap);
  // Events by tick, in order: hit (11, hero), finished (16, hero), flash (18, 22, bang),
  // finished + destroyed (26, bang): six in four kinds; bang raised four, hero two.
  CHECK(summary->actors == 2);
  CHECK(summary->events == 6);
  CHECK(summary->event_kinds == 4);
  CHECK(summary->busy_actors == 2);
  using Count = sim::RunSummary::Count;
  CHECK(summary->top_events ==
        std::vector<Count>{{"finished", 2}, {"flash", 2}, {"destroyed", 1}, {"hit", 1}});
  CHECK(summary->top_actors == std::vector<Count>{{"bang", 4}, {"hero", 2}});
  std::ostringstream text;
  sim::write_summary(text, *summary);
  CHECK(text.str() ==
        "ticks run: 0..26 (27 ticks)\n"
        "actors: 2\n"
        "events: 6 (finished 2, flash 2, destroyed 1, hit 1)\n"
        "busiest actors: bang 4, hero 2\n");
}
