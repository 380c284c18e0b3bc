// The limits of a scene and of a run (issue 9, "Trust"): numbers a scene cannot hold
// (E0609), positions that leave ±1e9 px (E0610), too many steps or events for one actor in
// one tick (E0611), unknown inputs as a warning (W0602), and a summary whose size does not
// grow with the scene or the run.
//
// Pack "t" of packs_fixtures.hpp (60 ticks per second): stand loops 1-tick steps; walk loops
// two 2-tick steps, each adding 1 to x when its time runs out; spark loops one 2-tick step
// raising "go" each time it is entered.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "packs_fixtures.hpp"

using namespace sim_test;

namespace {

// Line and column (1-based) of the first occurrence of `token` in `text`: where a
// diagnostic about that token must point.
std::pair<int, int> where(const std::string& text, const std::string& token) {
  const std::size_t at = text.find(token);
  REQUIRE(at != std::string::npos);
  const std::size_t line_start =
      text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
  const int line = 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
  return {line, int(at - line_start) + 1};
}

struct Outcome {
  std::optional<sim::RunSummary> summary;
  diag::Sink sink;
  std::string trace;
};

// Parses and runs `text` (pack t), writing the trace; the scene must read.
Outcome run(const std::string& text, std::optional<std::int64_t> max_ticks = {}) {
  Outcome o;
  auto scene = sim::parse_scene(text, "s.scene.yaml", ".", o.sink);
  INFO(describe(o.sink));
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}}), o.sink);
  REQUIRE(packs);
  sim::RunOptions options;
  options.max_ticks = max_ticks;
  std::ostringstream trace;
  o.summary = sim::run_scene(*scene, *packs, options, &trace, o.sink);
  o.trace = trace.str();
  return o;
}

// Every line of a trace is a JSON object with finite x and y; returns how many there are.
int check_json_lines(const std::string& trace) {
  std::istringstream in(trace);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    INFO(line);
    REQUIRE(nlohmann::json::accept(line));
    const auto j = nlohmann::json::parse(line);
    CHECK(j["x"].is_number());
    CHECK(j["y"].is_number());
    ++n;
  }
  return n;
}

const std::string kPack = "packs: {t: t.spk}\nactors:\n";

}  // namespace

TEST_CASE("a number a scene cannot hold is E0609 at that number") {
  struct Row {
    const char* what;
    std::string text;
    std::string token;  // where the error points
  };
  const std::string a = "  - {name: a, pack: t, action: stand";
  const std::vector<Row> rows = {
      {"a NaN position", kPack + a + ", at: [.nan, 0]}\n", ".nan"},
      {"an infinite position", kPack + a + ", at: [0, .inf]}\n", ".inf"},
      {"a negative infinity", kPack + a + ", at: [-.inf, 0]}\n", "-.inf"},
      {"a float beyond the double range", kPack + a + ", at: [1e999, 0]}\n", "1e999"},
      {"a position beyond 1e9 px", kPack + a + ", at: [2e9, 0]}\n", "2e9"},
      {"a position just beyond -1e9 px", kPack + a + ", at: [0, -1000000001]}\n", "-1000000001"},
      {"a move_to target beyond 1e9 px",
       kPack + a + "}\nscript:\n  - {actor: a, move_to: [1e10, 0], over: 1}\n", "1e10"},
      {"a NaN in move_by", kPack + a + "}\nscript:\n  - {actor: a, move_by: [0, .NaN]}\n", ".NaN"},
      {"an infinite actor speed", kPack + a + ", speed: .inf}\n", ".inf"},
      {"a NaN scene speed", "speed: .nan\n" + kPack + a + "}\n", ".nan"},
      {"an infinite fps", "fps: .inf\n" + kPack + a + "}\n", ".inf"},
      {"an infinite stage size", "stage: {size: [.inf, 10]}\n" + kPack + a + "}\n", ".inf"},
      {"an angle beyond 64 bits", kPack + a + ", angle: 99999999999999999999}\n",
       "99999999999999999999"},
      {"an infinite wait", kPack + a + "}\nscript:\n  - wait: .inf\n", ".inf"},
      {"a NaN over", kPack + a + "}\nscript:\n  - {actor: a, move_by: [1, 0], over: .nan}\n",
       ".nan"},
  };
  for (const Row& row : rows) {
    INFO(row.what << "\n" << row.text);
    diag::Sink sink;
    std::optional<sim::Scene> scene;
    // Before E0609 a non-finite number escaped the schema check as an exception.
    REQUIRE_NOTHROW(scene = sim::parse_scene(row.text, "s.scene.yaml", ".", sink));
    CHECK_FALSE(scene);
    INFO(describe(sink));
    REQUIRE(sink.diagnostics().size() == 1);
    const diag::Diagnostic& d = sink.diagnostics()[0];
    CHECK(d.code == diag::Code::kSceneBadNumber);
    CHECK(d.severity == diag::Severity::kError);
    const auto [line, column] = where(row.text, row.token);
    CHECK(d.span.line == line);
    CHECK(d.span.column == column);
  }
}

TEST_CASE("positions of exactly ±1e9 px are allowed, and every bad number is reported") {
  diag::Sink sink;
  CHECK(sim::parse_scene(kPack + "  - {name: a, pack: t, action: stand, at: [1e9, -1000000000]}\n"
                                 "script:\n  - {actor: a, move_by: [-1e9, 1000000000]}\n",
                         "s.scene.yaml", ".", sink));
  CHECK(sink.diagnostics().empty());

  // Two bad numbers: both reported in one run. An aliased one is one number, reported once.
  const std::string text = kPack +
                           "  - {name: a, pack: t, action: stand, at: &p [.nan, 0]}\n"
                           "  - {name: b, pack: t, action: stand, at: *p, speed: .inf}\n";
  CHECK_FALSE(sim::parse_scene(text, "s.scene.yaml", ".", sink));
  sink.finalize();
  REQUIRE(sink.diagnostics().size() == 2);
  CHECK(sink.diagnostics()[0].code == diag::Code::kSceneBadNumber);
  CHECK(sink.diagnostics()[0].span.line == 3);
  CHECK(sink.diagnostics()[1].code == diag::Code::kSceneBadNumber);
  CHECK(sink.diagnostics()[1].span.line == 4);
}

TEST_CASE("a position leaving ±1e9 px stops the run with E0610 naming the actor and tick") {
  SECTION("by a move") {
    // move_by [1e9, 0] over 2: x = 5e8 on tick 1, 1e9 on tick 2 (the limit itself is
    // allowed). The second move starts at 2000: x = 1.5e9 on tick 3.
    const std::string text = kPack +
                             "  - {name: a, pack: t, action: stand}\n"
                             "script:\n  - {actor: a, move_by: [1e9, 0], over: 2}\n"
                             "  - {actor: a, move_by: [1e9, 0], over: 2}\n";
    Outcome o = run(text);
    CHECK_FALSE(o.summary);
    INFO(describe(o.sink));
    REQUIRE(o.sink.error_count() == 1);
    const diag::Diagnostic& d = o.sink.diagnostics()[0];
    CHECK(d.code == diag::Code::kScenePositionRange);
    const auto [line, column] = where(text, "a, pack");  // the actor's name
    CHECK(d.span.line == line);
    CHECK(d.span.column == column);
    CHECK(d.message.find("'a'") != std::string::npos);
    CHECK(d.message.find("tick 3") != std::string::npos);
    CHECK(d.message.find("x = 1500000000") != std::string::npos);
    // Ticks 0, 1, 2 were written, each a JSON line; nothing of tick 3.
    CHECK(check_json_lines(o.trace) == 3);
    CHECK(o.trace.find("\"x\":1000000000") != std::string::npos);
  }
  SECTION("by root motion") {
    // walk adds 1 to x on ticks 2, 4, …: from 999999999, x is 1e9 on tick 2 and 1e9 + 1
    // on tick 4.
    Outcome o = run(kPack + "  - {name: w, pack: t, action: walk, at: [999999999, 0]}\n", 10);
    CHECK_FALSE(o.summary);
    REQUIRE(o.sink.error_count() == 1);
    CHECK(o.sink.diagnostics()[0].code == diag::Code::kScenePositionRange);
    CHECK(o.sink.diagnostics()[0].message.find("tick 4") != std::string::npos);
    CHECK(o.sink.diagnostics()[0].message.find("'walk'") != std::string::npos);
    CHECK(check_json_lines(o.trace) == 4);
  }
}

TEST_CASE("an actor fast enough to pass more than 1000 steps in a tick is E0611") {
  SECTION("stand's steps last 1 tick: speed 1000 passes 1000 a tick, 1000.001 too many") {
    Outcome ok = run(kPack + "  - {name: a, pack: t, action: stand, speed: 1000}\n", 3);
    CHECK(ok.summary);
    CHECK(ok.sink.diagnostics().empty());

    const std::string text = kPack + "  - {name: a, pack: t, action: stand, speed: 1000.001}\n";
    Outcome o = run(text, 3);
    CHECK_FALSE(o.summary);
    REQUIRE(o.sink.error_count() == 1);
    const diag::Diagnostic& d = o.sink.diagnostics()[0];
    CHECK(d.code == diag::Code::kSceneTooBusy);
    CHECK(d.span.line == 3);
    CHECK(d.message.find("'a'") != std::string::npos);
    CHECK(d.message.find("'stand'") != std::string::npos);
    CHECK(d.message.find("tick 1") != std::string::npos);  // tick 0 does not step
    CHECK(check_json_lines(o.trace) == 1);
  }
  SECTION("a speed set by the script counts from the next tick; walk's steps last 2 ticks") {
    Outcome ok = run(kPack +
                         "  - {name: a, pack: t, action: walk}\n"
                         "script:\n  - wait: 2\n  - {actor: a, speed: 2000}\n",
                     5);
    CHECK(ok.summary);
    Outcome o = run(kPack +
                        "  - {name: a, pack: t, action: walk}\n"
                        "script:\n  - wait: 2\n  - {actor: a, speed: 2000.5}\n",
                    5);
    CHECK_FALSE(o.summary);
    REQUIRE(o.sink.error_count() == 1);
    CHECK(o.sink.diagnostics()[0].code == diag::Code::kSceneTooBusy);
    CHECK(o.sink.diagnostics()[0].message.find("tick 3") != std::string::npos);
    CHECK(o.sink.diagnostics()[0].message.find("'walk'") != std::string::npos);
  }
}

TEST_CASE("more than 1000 events for one actor in one tick is E0611, and none is stored") {
  SECTION("spark at speed 2000 raises exactly 1000 a tick: allowed") {
    // Entered on tick 0 with 2000 thousandths; tick 1 takes 2,000,000: 1000 steps of 2000
    // are entered before the countdown is positive again, each raising "go".
    Outcome o = run(kPack + "  - {name: s, pack: t, action: spark, speed: 2000}\n", 1);
    REQUIRE(o.summary);
    CHECK(o.summary->events == 1 + 1000);
  }
  SECTION("a chain of 1001 restarts on tick 0") {
    std::string text = kPack + "  - {name: s, pack: t, action: spark}\nscript:\n";
    for (int i = 0; i < 1001; ++i)
      text += "  - {actor: s, action: spark, restart: true}\n";
    Outcome o = run(text);
    CHECK_FALSE(o.summary);
    REQUIRE(o.sink.error_count() == 1);
    const diag::Diagnostic& d = o.sink.diagnostics()[0];
    CHECK(d.code == diag::Code::kSceneTooBusy);
    CHECK(d.message.find("1002 events on tick 0") != std::string::npos);
    CHECK(d.message.find("'spark'") != std::string::npos);
    CHECK(o.trace.empty());
  }
}

TEST_CASE("a stopped Simulation says why, shows nothing and stays stopped") {
  diag::Sink sink;
  auto scene = sim::parse_scene(kPack + "  - {name: a, pack: t, action: stand, speed: 5000}\n",
                                "s.scene.yaml", ".", sink);
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}}), sink);
  REQUIRE(packs);
  auto simulation = sim::Simulation::create(*scene, *packs, sink);
  REQUIRE(simulation);
  CHECK(simulation->step(sink));  // tick 0 does not step actors
  CHECK(simulation->stopped() == nullptr);
  CHECK_FALSE(simulation->step(sink));
  CHECK(simulation->tick() == 1);
  REQUIRE(simulation->stopped() != nullptr);
  CHECK(simulation->stopped()->code == diag::Code::kSceneTooBusy);
  CHECK(simulation->actors().empty());
  CHECK(simulation->finished());
  CHECK_FALSE(simulation->step(sink));
  CHECK_FALSE(simulation->step());
  CHECK(simulation->tick() == 1);
  CHECK(sink.error_count() == 1);  // reported once
}

TEST_CASE("pressing an input no rule of the pack reads is a warning, W0602, and the run goes on") {
  const std::string text =
      kPack +
      "  - {name: a, pack: t, action: stand}\n"
      "script:\n  - {actor: a, press: [jump]}\n  - {actor: a, release: [jump]}\n";
  Outcome o = run(text);
  REQUIRE(o.summary);
  CHECK(o.sink.error_count() == 0);
  REQUIRE(o.sink.warning_count() == 2);
  const diag::Diagnostic& d = o.sink.diagnostics()[0];
  CHECK(d.code == diag::Code::kSceneUnknownInput);
  CHECK(d.severity == diag::Severity::kWarning);
  const auto [line, column] = where(text, "jump");
  CHECK(d.span.line == line);
  CHECK(d.span.column == column);
  CHECK(d.message.find("changes nothing") != std::string::npos);
}

TEST_CASE("the summary of 10,000 actors is four short lines") {
  // 10,000 actors play spark: "go" on ticks 0 and 2 of ticks 0 … 3. z plays it at speed
  // 2, its step entered on every tick: 4 events. The busiest come first (z, though it
  // sorts last by name), then ties by name: a00000 … a00008.
  std::string text = kPack + "  - {name: z, pack: t, action: spark, speed: 2}\n";
  char name[16];
  for (int i = 0; i < 10000; ++i) {
    std::snprintf(name, sizeof name, "a%05d", i);
    text += std::string("  - {name: ") + name + ", pack: t, action: spark}\n";
  }
  Outcome o = run(text, 3);
  REQUIRE(o.summary);
  const sim::RunSummary& s = *o.summary;
  CHECK(s.ticks_run == 3);
  CHECK(s.actors == 10001);
  CHECK(s.events == 20000 + 4);
  CHECK(s.event_kinds == 1);
  CHECK(s.busy_actors == 10001);
  REQUIRE(s.top_actors.size() == sim::kSummaryTop);
  CHECK(s.top_actors[0] == sim::RunSummary::Count{"z", 4});
  CHECK(s.top_actors[1] == sim::RunSummary::Count{"a00000", 2});
  CHECK(s.top_actors[9] == sim::RunSummary::Count{"a00008", 2});
  std::ostringstream out;
  sim::write_summary(out, s);
  CHECK(out.str() ==
        "ticks run: 0..3 (4 ticks)\n"
        "actors: 10001\n"
        "events: 20004 (go 20004)\n"
        "busiest actors: z 4, a00000 2, a00001 2, a00002 2, a00003 2, a00004 2, a00005 2, "
        "a00006 2, a00007 2, a00008 2, and 9991 more\n");
}

TEST_CASE("the summary lists at most ten event kinds and says how many more") {
  sim::RunSummary s;
  s.ticks_run = 99;
  s.hit_tick_cap = true;
  s.actors = 3;
  s.events = 120;
  s.event_kinds = 12;
  s.busy_actors = 1;
  for (int i = 0; i < 10; ++i)
    s.top_events.push_back({"e" + std::to_string(i), 10});
  s.top_actors = {{"hero", 120}};
  std::ostringstream out;
  sim::write_summary(out, s);
  CHECK(out.str() ==
        "ticks run: 0..99 (100 ticks), stopped at the tick cap\n"
        "actors: 3\n"
        "events: 120 (e0 10, e1 10, e2 10, e3 10, e4 10, e5 10, e6 10, e7 10, e8 10, e9 10, "
        "and 2 more kinds)\n"
        "busiest actors: hero 120\n");
  sim::RunSummary empty;
  std::ostringstream quiet;
  sim::write_summary(quiet, empty);
  CHECK(quiet.str() == "ticks run: 0..0 (1 ticks)\nactors: 0\nevents: 0\nbusiest actors: (none)\n");
}

TEST_CASE("a long run keeps no history: the summary holds counts, not events") {
  // spark raises "go" every 2 ticks: 100,001 events over 200,000 ticks, yet the summary
  // holds one kind and one actor.
  Outcome o = run(kPack + "  - {name: s, pack: t, action: spark}\n", 200000);
  REQUIRE(o.summary);
  CHECK(o.summary->events == 100001);
  CHECK(o.summary->top_events == std::vector<sim::RunSummary::Count>{{"go", 100001}});
  CHECK(o.summary->top_actors == std::vector<sim::RunSummary::Count>{{"s", 100001}});
}
