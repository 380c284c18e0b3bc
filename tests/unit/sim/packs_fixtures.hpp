// Hand-made packs for the simulator tests, written with format's write_spk and read back
// with the runtime reader, plus helpers that run a scene and collect its trace.
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "../runtime/pack_fixtures.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/sim/simulation.hpp"
#include "spritec/sim/trace.hpp"

namespace sim_test {

using namespace spritec;

using spritec::test::step;  // one step builder for every test: (frame, ticks, event, dx, dy, fx,
                            // fy)

inline format::PackModel base_model(int frames) {
  format::PackModel m;
  m.tick_rate = 60;
  format::PageModel page;
  page.width = std::uint32_t(8 * frames);
  page.height = 8;
  page.file = "page.png";  // external: no pixels needed to simulate
  m.pages.push_back(page);
  for (int i = 0; i < frames; ++i) {
    format::FrameModel f;
    f.name = "f/" + std::to_string(i);
    f.x = std::uint32_t(8 * i);
    f.w = 8;
    f.h = 8;
    f.source_w = 8;
    f.source_h = 8;
    f.origin_x = 4;
    f.origin_y = 7;
    m.frames.push_back(f);
  }
  return m;
}

// The pack "t" of the script tests (60 ticks per second):
// - stand: 4 views (E, S, W, N), one step each (f/0, f/1, f/2, f/3), loop, ticks 1. It
//   never raises anything, so its view shows the actor's angle and nothing else changes.
// - walk: one view, loop, two steps of 2 ticks, each with root motion [1, 0]: the step's
//   time runs out every 2 ticks and adds 1 to x.
// - blink: once, then hold: f/0 for 3 ticks, then f/1 for 2 ticks raising "on".
// - pop: once, then destroy: f/2 for 2 ticks.
// - spark: loop, one step f/3 of 2 ticks raising "go" each time it is entered.
inline format::PackModel script_model() {
  format::PackModel m = base_model(4);
  format::ActionModel stand;
  stand.name = "stand";
  stand.views = 4;
  stand.steps = {{step("f/0", 1)}, {step("f/1", 1)}, {step("f/2", 1)}, {step("f/3", 1)}};
  format::ActionModel walk;
  walk.name = "walk";
  walk.steps = {{step("f/0", 2, "", 1), step("f/1", 2, "", 1)}};
  format::ActionModel blink;
  blink.name = "blink";
  blink.mode = format::Mode::kOnce;
  blink.steps = {{step("f/0", 3), step("f/1", 2, "on")}};
  format::ActionModel pop;
  pop.name = "pop";
  pop.mode = format::Mode::kOnce;
  pop.then = format::ThenKind::kDestroy;
  pop.steps = {{step("f/2", 2)}};
  format::ActionModel spark;
  spark.name = "spark";
  spark.steps = {{step("f/3", 2, "go")}};
  m.actions = {stand, walk, blink, pop, spark};
  return m;
}

// The conformance pack: tests/data/conformance/fx.sprites.yaml written out by hand (its
// frames s/0 … s/5 are the 8×8 cells of strip.png; pixels do not matter to a trace).
inline format::PackModel fx_model() {
  format::PackModel m = base_model(6);
  m.frames.clear();
  spritec::test::add_fx_frames_and_actions(m);  // the runtime tests' copy: one model
  return m;
}

inline sim::ScenePack load(const std::string& name, const format::PackModel& model) {
  auto written = format::write_spk(model);
  INFO(written.error.message);
  REQUIRE(written.ok());
  diag::Sink sink;
  auto pack = sim::load_pack_bytes(name, std::move(written.value), {}, sink);
  REQUIRE(pack);
  return *pack;
}

// A loader that serves hand-made models by the pack's name in the scene.
inline sim::PackLoader loader_for(std::map<std::string, format::PackModel> models) {
  return [models](const sim::PackRef& ref, diag::Sink&) -> std::optional<sim::ScenePack> {
    auto it = models.find(ref.name);
    if (it == models.end()) return std::nullopt;
    return load(ref.name, it->second);
  };
}

inline std::string describe(const diag::Sink& sink) {
  std::string s;
  for (const auto& d : sink.diagnostics()) {
    s += std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + " " + d.message + "\n";
  }
  return s;
}

// One trace line, as data.
struct Line {
  std::int64_t tick = 0;
  sim::ActorSnapshot actor;
};

struct Run {
  std::vector<Line> lines;
  sim::RunSummary summary;
  std::string trace;

  // The lines of one actor, by tick.
  std::map<std::int64_t, sim::ActorSnapshot> of(const std::string& name) const {
    std::map<std::int64_t, sim::ActorSnapshot> out;
    for (const Line& l : lines) {
      if (l.actor.name == name) out[l.tick] = l.actor;
    }
    return out;
  }
};

// Parses `scene_text` (its packs served by `loader`) and runs it.
inline Run run_text_with(const std::string& scene_text, const sim::PackLoader& loader,
                         std::optional<std::int64_t> max_ticks = {}) {
  diag::Sink sink;
  auto scene = sim::parse_scene(scene_text, "test.scene.yaml", ".", sink);
  INFO(describe(sink));
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader, sink);
  REQUIRE(packs);
  auto simulation = sim::Simulation::create(*scene, *packs, sink);
  REQUIRE(simulation);
  Run run;
  for (;;) {
    REQUIRE(simulation->step());  // a limit stopping the run fails the test
    for (const sim::ActorSnapshot& a : simulation->actors()) {
      run.lines.push_back(Line{simulation->tick(), a});
    }
    if (max_ticks ? simulation->tick() >= *max_ticks : simulation->finished()) break;
    REQUIRE(simulation->tick() < 10000);
  }
  // The same run through run_scene, for its trace text and summary.
  sim::RunOptions options;
  options.max_ticks = max_ticks;
  std::ostringstream trace;
  auto summary = sim::run_scene(*scene, *packs, options, &trace, sink);
  REQUIRE(summary);
  run.summary = *summary;
  run.trace = trace.str();
  return run;
}

// Parses `scene_text` (packs: {t: ...} is served by script_model()) and runs it.
inline Run run_text(const std::string& scene_text, std::optional<std::int64_t> max_ticks = {}) {
  return run_text_with(scene_text, loader_for({{"t", script_model()}}), max_ticks);
}

}  // namespace sim_test
