// A whole run of a scene: the Simulation stepped to its end, each tick's trace lines
// written as the tick runs, and the counts of the summary.
#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "spritec/sim/simulation.hpp"
#include "spritec/sim/trace.hpp"

namespace spritec::sim {

using diag::Code;

namespace {

// The `top` largest counts, most first, ties by name.
std::vector<RunSummary::Count> busiest(const std::map<std::string, std::int64_t>& counts,
                                       std::size_t top) {
  std::vector<RunSummary::Count> all;
  for (const auto& [name, count] : counts) {
    if (count > 0) all.push_back({name, count});
  }
  const auto order = [](const RunSummary::Count& a, const RunSummary::Count& b) {
    return a.count != b.count ? a.count > b.count : a.name < b.name;
  };
  const std::size_t n = std::min(top, all.size());
  std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(n), all.end(), order);
  all.resize(n);
  return all;
}

}  // namespace

std::optional<RunSummary> run_scene(const Scene& scene, std::vector<ScenePack> packs,
                                    const RunOptions& options, std::ostream* trace,
                                    diag::Sink& sink) {
  auto sim = Simulation::create(scene, std::move(packs), sink);
  if (!sim) return std::nullopt;
  RunSummary summary;
  // Bounded by the scene (its actors) and the packs (their event names), not the run.
  std::map<std::string, std::int64_t> per_actor;
  std::map<std::string, std::int64_t> per_event;
  for (;;) {
    if (!sim->step(sink)) return std::nullopt;
    const std::int64_t t = sim->tick();
    for (const ActorSnapshot& a : sim->actors()) {
      if (trace) write_trace_line(*trace, t, a);
      per_actor[a.name] += std::int64_t(a.events.size());
      for (const std::string& e : a.events)
        ++per_event[e];
      summary.events += std::int64_t(a.events.size());
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
  summary.actors = std::int64_t(per_actor.size());
  summary.event_kinds = std::int64_t(per_event.size());
  for (const auto& [name, count] : per_actor)
    summary.busy_actors += count > 0 ? 1 : 0;
  summary.top_events = busiest(per_event, kSummaryTop);
  summary.top_actors = busiest(per_actor, kSummaryTop);
  return summary;
}

}  // namespace spritec::sim
