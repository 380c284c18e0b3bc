// A whole run of a scene: the Simulation stepped to its end, each tick's trace lines
// written as the tick runs, and the counts of the summary.
#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "spritec/sim/replay.hpp"
#include "spritec/sim/simulation.hpp"
#include "spritec/sim/trace.hpp"

namespace spritec::sim {

using diag::Code;

std::optional<RunSummary> run_scene(const Scene& scene, std::vector<ScenePack> packs,
                                    const RunOptions& options, std::ostream* trace,
                                    diag::Sink& sink, std::ostream* replay) {
  std::optional<ReplayWriter> calls;
  if (replay) calls.emplace(*replay);
  auto sim = Simulation::create(scene, std::move(packs), sink, calls ? &*calls : nullptr);
  if (!sim) return std::nullopt;
  if (calls) calls->begin(sim->tick_rate(), scene.packs, sim->actor_names());
  RunSummary summary;
  // Lines are gathered in a buffer and written a block at a time; nothing else is kept.
  constexpr std::size_t kFlushAt = 1 << 16;
  std::string buffer;
  auto flush = [&] {
    if (trace && !buffer.empty()) trace->write(buffer.data(), std::streamsize(buffer.size()));
    buffer.clear();
  };
  for (;;) {
    if (!sim->step(sink)) {
      flush();
      return std::nullopt;
    }
    const std::int64_t t = sim->tick();
    if (calls) calls->end_tick(t);
    if (trace) {
      sim->append_trace(buffer);
      if (buffer.size() >= kFlushAt) flush();
    }
    summary.ticks_run = t;
    if (options.max_ticks) {
      if (t >= *options.max_ticks) break;
    } else if (sim->finished()) {
      break;
    } else if (t >= options.tick_cap) {
      summary.hit_tick_cap = true;
      sink.warning(Code::kSceneNeverEnds, diag::Span{scene.file, 0, 0, 0},
                   "the script had not ended after " + std::to_string(t) +
                       " ticks; the run was stopped (an until: finished on an action that "
                       "never finishes?)");
      break;
    }
  }
  flush();
  if (calls) calls->finish(summary.ticks_run);
  const std::int64_t ticks_run = summary.ticks_run;
  const bool hit_cap = summary.hit_tick_cap;
  summary = sim->event_summary();
  summary.ticks_run = ticks_run;
  summary.hit_tick_cap = hit_cap;
  return summary;
}

}  // namespace spritec::sim
