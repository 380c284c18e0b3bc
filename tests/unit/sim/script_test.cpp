// The script rules of DESIGN.md section 5, one table per rule. Every expected sequence was
// worked out by hand from the text; the reasoning is written beside each row.
//
// Common ground (pack "t" of packs_fixtures.hpp, 60 ticks per second):
// - The script clock counts units of 1/(1000·60) s: a millisecond is 60 units, a tick at
//   scene speed 1 is 1000 units, a plain duration `N` is N ticks = N·1000 units.
// - Tick k's clock is k × (scene speed in thousandths); an item due at T runs on the first
//   tick whose clock is >= T.
// - Actor `a` plays `stand`, whose 4 views (E, S, W, N) show f/0 … f/3: its view is the
//   only thing that changes, so `angle` items mark exactly when the script ran them
//   (angle 0 → view 0, 90 → 1, 180 → 2, 270 → 3).
// - Without a tick limit the run ends on the tick the last script item ends, so the
//   number of ticks in each table is itself part of the expectation.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "packs_fixtures.hpp"

using namespace sim_test;

namespace {

const std::string kStage =
    "packs: {t: t.spk}\n"
    "actors:\n"
    "  - {name: a, pack: t, action: stand, at: [0, 0]}\n";

const std::string kWalker =
    "packs: {t: t.spk}\n"
    "actors:\n"
    "  - {name: a, pack: t, action: walk, at: [0, 0]}\n";

struct ViewRow {
  const char* rule;
  std::string scene;                 // appended to kStage
  std::vector<std::uint32_t> views;  // a's view on ticks 0, 1, …; the run ends on the last
};

void check_views(const ViewRow& row) {
  INFO(row.rule);
  const Run run = run_text(kStage + row.scene);
  const auto a = run.of("a");
  REQUIRE(run.summary.ticks_run == std::int64_t(row.views.size()) - 1);
  REQUIRE(a.size() == row.views.size());
  for (std::size_t k = 0; k < row.views.size(); ++k) {
    INFO("tick " << k);
    CHECK(a.at(std::int64_t(k)).view == row.views[k]);
  }
}

struct XRow {
  const char* rule;
  std::string scene;
  std::optional<std::int64_t> max_ticks;
  std::vector<double> x;  // a's x on ticks 0, 1, …
  std::vector<double> y;  // a's y (empty: not checked)
};

void check_positions(const XRow& row, const std::string& stage) {
  INFO(row.rule);
  const Run run = run_text(stage + row.scene, row.max_ticks);
  const auto a = run.of("a");
  REQUIRE(run.summary.ticks_run == std::int64_t(row.x.size()) - 1);
  for (std::size_t k = 0; k < row.x.size(); ++k) {
    INFO("tick " << k);
    CHECK(a.at(std::int64_t(k)).x == Approx(row.x[k]).margin(1e-9));
    if (!row.y.empty()) CHECK(a.at(std::int64_t(k)).y == Approx(row.y[k]).margin(1e-9));
  }
}

}  // namespace

TEST_CASE("epochs run in order and time left over when one ends flows into the next") {
  const std::vector<ViewRow> rows = {
      {"leftover flows on: 25ms = 1500 units. The first wait ends at 1500, seen on tick 2 "
       "(clock 2000); the next epoch starts at 1500, not 2000, so the second wait ends at "
       "3000 and the angle runs on tick 3 (not 4). The run ends on tick 3.",
       "script:\n  - wait: 25ms\n  - wait: 25ms\n  - {actor: a, angle: 90}\n",
       {0, 0, 0, 1}},
      {"several epochs end within one tick: 5ms = 300 units; the waits end at 300, 600 and "
       "900, all <= tick 1's clock 1000, so the angle runs on tick 1.",
       "script:\n  - wait: 5ms\n  - wait: 5ms\n  - wait: 5ms\n  - {actor: a, angle: 90}\n",
       {0, 1}},
      {"plain tick counts and fractions: wait 2 ends at 2000 (tick 2, angle 90); wait 1.5 "
       "then ends at 3500, seen on tick 4 (angle 180); the next wait 1.5 starts at 3500, "
       "not 4000, and ends at 5000: tick 5 (angle 270).",
       "script:\n  - wait: 2\n  - {actor: a, angle: 90}\n  - wait: 1.5\n"
       "  - {actor: a, angle: 180}\n  - wait: 1.5\n  - {actor: a, angle: 270}\n",
       {0, 0, 1, 1, 2, 3}},
      {"an epoch whose items all end before the tick's clock still ends at its own time: "
       "together [wait 0.4, wait 0.7] ends at 700 (the later one), the next wait 0.3 at "
       "1000: tick 1.",
       "script:\n  - together:\n      - wait: 0.4\n      - wait: 0.7\n  - wait: 0.3\n"
       "  - {actor: a, angle: 90}\n",
       {0, 1}},
  };
  for (const ViewRow& row : rows)
    check_views(row);
}

TEST_CASE("zero-duration items run and end on the same tick, chaining") {
  const std::vector<ViewRow> rows = {
      {"angle, angle, wait 0, an empty together and angle all take no time: they all run "
       "at clock 0 on tick 0, the last angle wins, and the run ends on tick 0.",
       "script:\n  - {actor: a, angle: 90}\n  - {actor: a, angle: 180}\n  - wait: 0\n"
       "  - together: []\n  - {actor: a, angle: 270}\n",
       {3}},
      {"zero-duration items after a wait run on the tick the wait ends: wait 1 ends at 1000 "
       "(tick 1); angle 90, wait 0ms and angle 180 follow at 1000 on the same tick.",
       "script:\n  - wait: 1\n  - {actor: a, angle: 90}\n  - wait: 0ms\n"
       "  - {actor: a, angle: 180}\n",
       {0, 2}},
      {"an empty script ends on tick 0", "script: []\n", {0}},
  };
  for (const ViewRow& row : rows)
    check_views(row);

  SECTION("a move with no over jumps at once and the next item follows on the same tick") {
    // move_to [5, 5] with over absent is over 0: at clock 0 the interpolation is at its
    // end, so x = 5 and y = 5 on tick 0; the angle follows at 0 too.
    const Run run =
        run_text(kStage + "script:\n  - {actor: a, move_to: [5, 5]}\n  - {actor: a, angle: 90}\n");
    REQUIRE(run.summary.ticks_run == 0);
    const auto a = run.of("a");
    CHECK(a.at(0).x == 5);
    CHECK(a.at(0).y == 5);
    CHECK(a.at(0).view == 1);
  }
}

TEST_CASE("background items start with their epoch, never hold it, and can outlive it") {
  SECTION("views") {
    const std::vector<ViewRow> rows = {
        {"a background wait 5 in a together does not hold it: the together ends at 0 with "
         "the angle 90 item, angle 180 follows at 0; the run still lasts until the "
         "background wait ends at 5000 (tick 5).",
         "script:\n  - together:\n      - {wait: 5, background: true}\n"
         "      - {actor: a, angle: 90}\n  - {actor: a, angle: 180}\n",
         {2, 2, 2, 2, 2, 2}},
    };
    for (const ViewRow& row : rows)
      check_views(row);
  }
  SECTION("positions") {
    const std::vector<XRow> rows = {
        {"move_by [60, 0] over 100ms (6000 units) in the background beside wait 2: the "
         "epoch ends at 2000 and the angle item runs on tick 2 while the move goes on, "
         "x = 60 × clock / 6000 = 10 per tick, until tick 6 where it ends — and the run with "
         "it.",
         "script:\n  - together:\n"
         "      - {actor: a, move_by: [60, 0], over: 100ms, background: true}\n"
         "      - wait: 2\n  - {actor: a, angle: 90}\n",
         {},
         {0, 10, 20, 30, 40, 50, 60},
         {}},
        {"a background item alone is an epoch that ends where it starts: the angle runs on "
         "tick 0 and the move (10 per tick over 3 ticks) keeps the run going to tick 3.",
         "script:\n  - {actor: a, move_by: [30, 0], over: 3, background: true}\n"
         "  - {actor: a, angle: 180}\n",
         {},
         {0, 10, 20, 30},
         {}},
    };
    for (const XRow& row : rows)
      check_positions(row, kStage);
    // The angle of the first row ran on tick 2, while the move was still running.
    const Run run = run_text(kStage + rows[0].scene);
    CHECK(run.of("a").at(1).view == 0);
    CHECK(run.of("a").at(2).view == 1);
    // The second row's angle ran on tick 0.
    CHECK(run_text(kStage + rows[1].scene).of("a").at(0).view == 2);
  }
}

TEST_CASE("the scene's speed scales the script clock and nothing else") {
  const std::vector<ViewRow> rows = {
      {"speed 2: a tick is 2000 units; wait 100ms = 6000 units ends on tick 3.",
       "speed: 2\nscript:\n  - wait: 100ms\n  - {actor: a, angle: 90}\n",
       {0, 0, 0, 1}},
      {"speed 0.5: a tick is 500 units; wait 2 = 2000 units ends on tick 4.",
       "speed: 0.5\nscript:\n  - wait: 2\n  - {actor: a, angle: 90}\n",
       {0, 0, 0, 0, 1}},
      {"speed 0.75: ticks are 750 units; wait 10ms = 600 units ends on tick 1 (750), and "
       "the next wait 10ms, starting at 600, ends at 1200: tick 2 (1500).",
       "speed: 0.75\nscript:\n  - wait: 10ms\n  - {actor: a, angle: 90}\n  - wait: 10ms\n"
       "  - {actor: a, angle: 180}\n",
       {0, 1, 2}},
  };
  for (const ViewRow& row : rows)
    check_views(row);

  SECTION("a move is interpolated at the scaled clock") {
    // speed 1.5: tick k's clock is 1500k. move_to [30, 0] over 3 (3000 units) from x 0:
    // tick 1 → 30 × 1500 / 3000 = 15; tick 2 → clock 3000, the end: 30. Run ends on tick 2.
    check_positions({"speed 1.5 move",
                     "speed: 1.5\nscript:\n  - {actor: a, move_to: [30, 0], over: 3}\n",
                     {},
                     {0, 15, 30},
                     {}},
                    kStage);
  }
  SECTION("actions keep their own pace") {
    // walk's steps last 2 ticks whatever the scene speed: step 0 on ticks 0-1, step 1 on
    // 2-3, step 0 on 4; root motion +1 at ticks 2 and 4.
    const Run run = run_text(kWalker + "speed: 3\nscript: []\n", 4);
    const auto a = run.of("a");
    const std::vector<std::uint32_t> steps = {0, 0, 1, 1, 0};
    const std::vector<double> xs = {0, 0, 1, 1, 2};
    for (std::int64_t k = 0; k <= 4; ++k) {
      INFO("tick " << k);
      CHECK(a.at(k).step == steps[std::size_t(k)]);
      CHECK(a.at(k).x == xs[std::size_t(k)]);
    }
  }
}

TEST_CASE("until: finished ends on the tick the actor finishes, at that tick's clock") {
  // blink (once, then hold): switched on tick 0, step 0 (3 ticks) on ticks 0-2, step 1 (2
  // ticks, event "on") entered on tick 3, its time runs out on tick 5: the action's only
  // cycle ends, it raises "finished" and holds step 1.
  struct Row {
    const char* rule;
    std::string scene;
    // a's action, step and events per tick
    std::vector<std::tuple<std::string, std::uint32_t, std::vector<std::string>>> lines;
  };
  using Ev = std::vector<std::string>;
  const std::vector<Row> rows = {
      {"the next item runs on the finishing tick: stand on tick 5, after finished",
       "script:\n  - {actor: a, action: blink, until: finished}\n  - {actor: a, action: stand}\n",
       {{"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 1, Ev{"on"}},
        {"blink", 1, Ev{}},
        {"stand", 0, Ev{"finished"}}}},
      {"no leftover: the until ends at tick 5's clock 5000, so wait 0.5 ends at 5500, seen "
       "on tick 6",
       "script:\n  - {actor: a, action: blink, until: finished}\n  - wait: 0.5\n"
       "  - {actor: a, action: stand}\n",
       {{"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 1, Ev{"on"}},
        {"blink", 1, Ev{}},
        {"blink", 1, Ev{"finished"}},
        {"stand", 0, Ev{}}}},
      {"at that tick's (scaled) clock: at speed 1.5 tick 5's clock is 7500; wait 1 (1000 "
       "units) ends at 8500, seen on tick 6 (9000). The actor's own pace is unchanged.",
       "speed: 1.5\nscript:\n  - {actor: a, action: blink, until: finished}\n  - wait: 1\n"
       "  - {actor: a, action: stand}\n",
       {{"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 1, Ev{"on"}},
        {"blink", 1, Ev{}},
        {"blink", 1, Ev{"finished"}},
        {"stand", 0, Ev{}}}},
      {"an action that already finished and holds never raises finished again: setting it "
       "again without restart ends the until at once (stand still comes on tick 5)",
       "script:\n  - {actor: a, action: blink, until: finished}\n"
       "  - {actor: a, action: blink, until: finished}\n  - {actor: a, action: stand}\n",
       {{"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 1, Ev{"on"}},
        {"blink", 1, Ev{}},
        {"stand", 0, Ev{"finished"}}}},
      {"restart: blink again with restart on tick 5 plays it again from step 0 and the "
       "second until waits for the second finish on tick 10",
       "script:\n  - {actor: a, action: blink, until: finished}\n"
       "  - {actor: a, action: blink, restart: true, until: finished}\n"
       "  - {actor: a, action: stand}\n",
       {{"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 1, Ev{"on"}},
        {"blink", 1, Ev{}},
        {"blink", 0, Ev{"finished"}},
        {"blink", 0, Ev{}},
        {"blink", 0, Ev{}},
        {"blink", 1, Ev{"on"}},
        {"blink", 1, Ev{}},
        {"stand", 0, Ev{"finished"}}}},
  };
  for (const Row& row : rows) {
    INFO(row.rule);
    const Run run = run_text(kStage + row.scene);
    REQUIRE(run.summary.ticks_run == std::int64_t(row.lines.size()) - 1);
    const auto a = run.of("a");
    for (std::size_t k = 0; k < row.lines.size(); ++k) {
      INFO("tick " << k);
      CHECK(a.at(std::int64_t(k)).action == std::get<0>(row.lines[k]));
      CHECK(a.at(std::int64_t(k)).step == std::get<1>(row.lines[k]));
      CHECK(a.at(std::int64_t(k)).events == std::get<2>(row.lines[k]));
    }
  }

  SECTION("an actor destroyed by its action ends the until on that tick") {
    // b spawns on tick 0 playing pop (once, then destroy, 2 ticks); `action: pop` again
    // does nothing (no self-restart). Tick 2: pop's time runs out, finished and destroyed
    // are raised, b's last line is tick 2; the until ends at 2000 and the angle runs on
    // tick 2. The run ends there.
    const Run run = run_text(kStage +
                             "script:\n  - {spawn: {name: b, pack: t, action: pop}}\n"
                             "  - {actor: b, action: pop, until: finished}\n"
                             "  - {actor: a, angle: 90}\n");
    REQUIRE(run.summary.ticks_run == 2);
    const auto b = run.of("b");
    REQUIRE(b.size() == 3);
    CHECK(b.at(0).events.empty());
    CHECK_FALSE(b.at(1).destroyed);
    CHECK(b.at(2).events == std::vector<std::string>{"finished", "destroyed"});
    CHECK(b.at(2).destroyed);
    CHECK(b.at(2).frame_name == "f/2");  // still showing its last step
    CHECK(run.of("a").at(1).view == 0);
    CHECK(run.of("a").at(2).view == 1);
  }
}

TEST_CASE("spawned actors appear from their spawn tick and despawned ones leave a last line") {
  // wait 2 → the spawn runs on tick 2: B's first line is tick 2, facing west (angle 180 →
  // view 2), at [5, 6]. wait 2 → despawn on tick 4: B's last line, with "destroyed". wait 1
  // → tick 5, where only a is left; the run ends there. "B" (0x42) sorts before "a"
  // (0x61) in byte order, so on every tick B's line comes first.
  const Run run = run_text(kStage +
                           "script:\n  - wait: 2\n"
                           "  - {spawn: {name: B, pack: t, action: stand, at: [5, 6], "
                           "angle: 180}}\n"
                           "  - wait: 2\n  - despawn: B\n  - wait: 1\n");
  REQUIRE(run.summary.ticks_run == 5);
  std::vector<std::pair<std::int64_t, std::string>> order;
  for (const Line& l : run.lines)
    order.emplace_back(l.tick, l.actor.name);
  const std::vector<std::pair<std::int64_t, std::string>> expected = {
      {0, "a"}, {1, "a"}, {2, "B"}, {2, "a"}, {3, "B"}, {3, "a"}, {4, "B"}, {4, "a"}, {5, "a"}};
  CHECK(order == expected);
  const auto b = run.of("B");
  CHECK(b.at(2).view == 2);
  CHECK(b.at(2).frame_name == "f/2");
  CHECK(b.at(2).x == 5);
  CHECK(b.at(2).y == 6);
  CHECK(b.at(2).events.empty());
  CHECK(b.at(3).events.empty());
  CHECK(b.at(4).events == std::vector<std::string>{"destroyed"});
  CHECK(b.at(4).destroyed);
  CHECK(run.summary.actors == 2);
}

TEST_CASE("move_to overrides root motion while it runs; move_by adds to it") {
  // a plays walk: two steps of 2 ticks with root motion [1, 0]; a step's time runs out on
  // ticks 2, 4, 6 …, adding 1 to x in phase (1), before the script's phase (2).
  const std::vector<XRow> rows = {
      {"move_by [40, 3] over 4 adds 10 and 0.75 per tick on top of root motion: "
       "x = 10k + (root motion so far), y = 0.75k; after tick 4 only root motion moves x",
       "script:\n  - {actor: a, move_by: [40, 3], over: 4}\n",
       6,
       {0, 10, 21, 31, 42, 42, 43},
       {0, 0.75, 1.5, 2.25, 3, 3, 3}},
      {"move_to [40, 3] over 4 sets x = 40k/4 from where a was (0): the root motion of "
       "ticks 2 and 4 is overridden; from tick 5 the move is over and tick 6's root motion "
       "counts again (41)",
       "script:\n  - {actor: a, move_to: [40, 3], over: 4}\n",
       6,
       {0, 10, 20, 30, 40, 40, 41},
       {0, 0.75, 1.5, 2.25, 3, 3, 3}},
      {"move_to starts from where the actor is when the item runs: after wait 2 a is at x 1 "
       "(root motion of tick 2); move_to [11, 0] over 2 gives 1 + 10·1/2 = 6 on tick 3 and "
       "11 on tick 4 (overriding tick 4's root motion)",
       "script:\n  - wait: 2\n  - {actor: a, move_to: [11, 0], over: 2}\n",
       {},
       {0, 0, 1, 6, 11},
       {}},
      {"sub-pixel positions: move_to [10, 0] over 3 gives 10/3 and 20/3",
       "script:\n  - {actor: a, move_to: [10, 0], over: 3}\n",
       {},
       {0, 10.0 / 3, 20.0 / 3, 10},
       {}},
  };
  for (std::size_t i = 0; i + 1 < rows.size(); ++i)
    check_positions(rows[i], kWalker);
  check_positions(rows.back(), kStage);
}

TEST_CASE("a spawned actor's pack, action and input are checked against its pack") {
  // The unknown actions are errors; the unknown input only a warning (W0602).
  diag::Sink sink;
  auto scene = sim::parse_scene(kStage +
                                    "script:\n  - {actor: a, action: stnd}\n"
                                    "  - {actor: a, press: [jump]}\n"
                                    "  - {spawn: {name: b, pack: t, action: nope}}\n",
                                "s.scene.yaml", ".", sink);
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}}), sink);
  REQUIRE(packs);
  CHECK_FALSE(sim::Simulation::create(*scene, *packs, sink));
  sink.finalize();
  REQUIRE(sink.diagnostics().size() == 3);
  // Sorted by line: the unknown action on line 5 (column 24), the input on line 6
  // (column 24), the spawn's action on line 7 (column 40).
  const auto& d = sink.diagnostics();
  CHECK(d[0].code == diag::Code::kSceneUnknownAction);
  CHECK(d[0].span.line == 5);
  CHECK(d[0].span.column == 24);
  CHECK(d[0].message.find("did you mean 'stand'") != std::string::npos);
  CHECK(d[1].code == diag::Code::kSceneUnknownInput);
  CHECK(d[1].severity == diag::Severity::kWarning);
  CHECK(d[1].span.line == 6);
  CHECK(d[1].span.column == 24);
  CHECK(d[2].code == diag::Code::kSceneUnknownAction);
  CHECK(d[2].span.line == 7);
  CHECK(d[2].span.column == 40);
}

TEST_CASE("packs with different tick rates cannot share a scene") {
  diag::Sink sink;
  auto scene = sim::parse_scene(
      "packs: {t: t.spk, u: u.spk}\nactors:\n  - {name: a, pack: t, action: stand}\n",
      "s.scene.yaml", ".", sink);
  REQUIRE(scene);
  format::PackModel other = script_model();
  other.tick_rate = 30;
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}, {"u", other}}), sink);
  REQUIRE(packs);
  CHECK_FALSE(sim::Simulation::create(*scene, *packs, sink));
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == diag::Code::kSceneTickRate);
  CHECK(sink.diagnostics()[0].span.line == 1);
  CHECK(sink.diagnostics()[0].span.column == 22);  // u.spk
}

TEST_CASE("a damaged pack is E0501 at the scene's path") {
  diag::Sink sink;
  diag::Span where{"s.scene.yaml", 1, 12, 0};
  CHECK_FALSE(sim::load_pack_bytes("t", {1, 2, 3, 4}, where, sink));
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == diag::Code::kPackInvalid);
  CHECK(sink.diagnostics()[0].span.column == 12);
}

TEST_CASE("a script that never ends stops at the tick cap with a warning") {
  // until: finished on walk, a loop that never finishes.
  diag::Sink sink;
  auto scene =
      sim::parse_scene(kWalker + "script:\n  - {actor: a, action: walk, until: finished}\n",
                       "s.scene.yaml", ".", sink);
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}}), sink);
  REQUIRE(packs);
  sim::RunOptions options;
  options.tick_cap = 50;
  auto summary = sim::run_scene(*scene, *packs, options, nullptr, sink);
  REQUIRE(summary);
  CHECK(summary->hit_tick_cap);
  CHECK(summary->ticks_run == 50);
  REQUIRE(sink.warning_count() == 1);
  CHECK(sink.diagnostics()[0].code == diag::Code::kSceneNeverEnds);
}

TEST_CASE("a first step's event is raised on the tick the actor appears") {
  // c plays spark from the start: its step is entered for tick 0 ("go"), its 2 ticks run
  // out on tick 2 (entered again: "go"), and on tick 4. d is spawned by the script on
  // tick 1 (wait 1 ends at 1000): "go" on 1, then on 3. The run is held to tick 4.
  const Run run = run_text(
      "packs: {t: t.spk}\nactors:\n  - {name: c, pack: t, action: spark}\n"
      "script:\n  - wait: 1\n  - {spawn: {name: d, pack: t, action: spark}}\n",
      4);
  using Ev = std::vector<std::string>;
  const auto c = run.of("c");
  const auto d = run.of("d");
  const std::vector<Ev> c_events = {{"go"}, {}, {"go"}, {}, {"go"}};
  for (std::int64_t k = 0; k <= 4; ++k) {
    INFO("tick " << k);
    CHECK(c.at(k).events == c_events[std::size_t(k)]);
  }
  REQUIRE(d.size() == 4);
  CHECK(d.count(0) == 0);
  CHECK(d.at(1).events == Ev{"go"});
  CHECK(d.at(2).events.empty());
  CHECK(d.at(3).events == Ev{"go"});
}

TEST_CASE("a Simulation steps tick by tick and tells a renderer what to draw") {
  diag::Sink sink;
  auto scene = sim::parse_scene(kStage + "script:\n  - wait: 2\n  - {actor: a, angle: 270}\n",
                                "s.scene.yaml", ".", sink);
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}}), sink);
  REQUIRE(packs);
  auto simulation = sim::Simulation::create(*scene, *packs, sink);
  REQUIRE(simulation);
  CHECK(simulation->tick() == -1);
  CHECK(simulation->tick_rate() == 60);
  // Tick 0: a faces east, frame f/0 — the pack's frame index 0.
  REQUIRE(simulation->step());
  CHECK(simulation->tick() == 0);
  CHECK(simulation->clock() == 0);
  CHECK_FALSE(simulation->finished());
  REQUIRE(simulation->actors().size() == 1);
  CHECK(simulation->actors()[0].pack == 0);
  CHECK(simulation->actors()[0].frame == 0);
  REQUIRE(simulation->step());
  CHECK(simulation->clock() == 1000);
  CHECK_FALSE(simulation->finished());
  // Tick 2: the wait ends at 2000, the angle 270 item runs: north, f/3 (index 3); the
  // script is over.
  REQUIRE(simulation->step());
  CHECK(simulation->actors()[0].frame == 3);
  CHECK(simulation->actors()[0].frame_name == "f/3");
  CHECK(simulation->finished());
  CHECK(simulation->packs().size() == 1);
}
