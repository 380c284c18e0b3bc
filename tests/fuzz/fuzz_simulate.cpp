// Fuzz target: a scene run through the simulator (sim::run_scene) against one fixed small
// pack. The bytes are a scene; every pack it lists is served by the same pack under the
// scene's name for it (paths are never opened), built once with format::write_spk:
// - walk, idle, boom, attack: the conformance pack (tests/data/conformance/fx.sprites.yaml):
//   two views with root motion, a loop_from, a pingpong that destroys, a once that switches,
//   the input `move`, the events `flash` and `hit`;
// - spin: a loop of two 1-tick steps raising `tick` and moving 7 px, and `turn`, a once of
//   one 1-tick step whose `then` is spin, with an immediate rule to walk while `move` is
//   held — fast enough to reach the steps and events limits.
// A run without an end stops at a small tick cap (W0601), so one input costs at most
// kTickCap + 1 ticks of the scene's actors.
//
// Checks: a failure always comes with an error (a scene that does not read, a Simulation
// that cannot be made, or a limit: E0610 / E0611); every trace line is one JSON object
// with the trace's keys, ticks in order within 0 … the cap, and finite x and y within
// ±kMaxPosition; the summary agrees with the trace (ticks, events, actors) and is four lines; the
// diagnostics render.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "../unit/runtime/pack_fixtures.hpp"
#include "fuzz_check.hpp"
#include "fuzz_temp_dir.hpp"
#include "spritec/diag/render.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/sim/scene.hpp"
#include "spritec/sim/simulation.hpp"
#include "spritec/sim/trace.hpp"

namespace {

namespace sim = spritec::sim;
namespace diag = spritec::diag;
namespace format = spritec::format;
namespace fs = std::filesystem;

constexpr std::int64_t kTickCap = 64;

const fs::path& empty_dir() {
  static const FuzzTempDir dir("spritec-fuzz-simulate");
  return dir.path();
}

using spritec::test::step;  // the unit tests' builder: (frame, ticks, event, dx, dy, fx)

std::vector<std::uint8_t> build_pack() {
  format::PackModel m;
  m.tick_rate = 60;
  format::PageModel page;
  page.width = 48;
  page.height = 8;
  page.file = "page.png";  // external: the simulator needs no pixels
  m.pages.push_back(page);
  // The conformance frames and actions (the unit tests' model), then two of the fuzzer's own.
  spritec::test::add_fx_frames_and_actions(m);
  format::ActionModel spin;
  spin.name = "spin";
  spin.steps = {{step("s/0", 1, "tick", 7), step("s/1", 1, "", 7)}};
  format::ActionModel turn;
  turn.name = "turn";
  turn.mode = format::Mode::kOnce;
  turn.then = format::ThenKind::kAction;
  turn.then_action = "spin";
  turn.steps = {{step("s/2", 1)}};
  format::TransitionModel to_walk;
  to_walk.to = "walk";
  to_walk.when = {"move"};
  to_walk.immediate = true;
  turn.transitions = {to_walk};
  m.actions.insert(m.actions.end(), {spin, turn});
  auto written = format::write_spk(m);
  FUZZ_CHECK(written.ok());
  return std::move(written.value);
}

const std::vector<std::uint8_t>& pack_bytes() {
  static const std::vector<std::uint8_t> bytes = build_pack();
  return bytes;
}

bool stopped_by_limit(const diag::Sink& sink) {
  for (const diag::Diagnostic& d : sink.diagnostics()) {
    if (d.severity == diag::Severity::kError &&
        (d.code == diag::Code::kScenePositionRange || d.code == diag::Code::kSceneTooBusy))
      return true;
  }
  return false;
}

volatile std::uint64_t g_sink = 0;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  diag::Sink sink;
  std::optional<sim::Scene> scene = sim::parse_scene(text, "fuzz.scene.yaml", empty_dir(), sink);
  if (!scene) {
    FUZZ_CHECK(sink.has_errors());
    return 0;
  }
  const sim::PackLoader loader = [](const sim::PackRef& ref, diag::Sink& s) {
    return sim::load_pack_bytes(ref.name, pack_bytes(), ref.path_span, s);
  };
  std::optional<std::vector<sim::ScenePack>> packs = sim::load_packs(*scene, loader, sink);
  FUZZ_CHECK(packs.has_value());  // the fixed pack always loads

  sim::RunOptions options;
  options.tick_cap = kTickCap;
  std::ostringstream trace;
  std::optional<sim::RunSummary> summary =
      sim::run_scene(*scene, std::move(*packs), options, &trace, sink);

  // The trace: JSON lines, ticks from 0 in order, finite positions in range.
  std::istringstream lines(trace.str());
  std::string line;
  std::int64_t last_tick = -1;
  std::int64_t events = 0;
  std::set<std::string> actors;
  while (std::getline(lines, line)) {
    FUZZ_CHECK(nlohmann::json::accept(line));
    const nlohmann::json j = nlohmann::json::parse(line);
    FUZZ_CHECK(j.is_object() && j.size() == 10);
    const std::int64_t tick = j["tick"].get<std::int64_t>();
    FUZZ_CHECK(tick >= 0 && tick >= last_tick && tick <= kTickCap);
    last_tick = tick;
    for (const char* key : {"x", "y"}) {
      FUZZ_CHECK(j[key].is_number());
      const double v = j[key].get<double>();
      FUZZ_CHECK(std::isfinite(v) && std::fabs(v) <= sim::kMaxPosition);
    }
    FUZZ_CHECK(j["events"].is_array() &&
               std::int64_t(j["events"].size()) <= sim::kMaxEventsPerTick);
    events += std::int64_t(j["events"].size());
    actors.insert(j["actor"].get<std::string>());
  }

  if (!summary) {
    FUZZ_CHECK(sink.has_errors());
  } else {
    FUZZ_CHECK(!stopped_by_limit(sink));
    FUZZ_CHECK(summary->ticks_run >= 0 && summary->ticks_run <= kTickCap);
    FUZZ_CHECK(last_tick <= summary->ticks_run);
    FUZZ_CHECK(summary->events == events);
    FUZZ_CHECK(summary->actors == std::int64_t(actors.size()));
    FUZZ_CHECK(summary->top_events.size() <= sim::kSummaryTop);
    FUZZ_CHECK(summary->top_actors.size() <= sim::kSummaryTop);
    std::ostringstream text_summary;
    sim::write_summary(text_summary, *summary);
    const std::string s = text_summary.str();
    FUZZ_CHECK(std::count(s.begin(), s.end(), '\n') >= 4);
    g_sink = g_sink + s.size();
  }
  sink.finalize();
  std::ostringstream out;
  diag::render_text(out, sink, diag::TextOptions{});
  diag::render_json(out, sink);
  g_sink = g_sink + out.str().size();
  return 0;
}
