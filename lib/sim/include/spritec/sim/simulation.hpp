// spritec::sim — running a scene: actors over the runtime's action player, the epoch
// script (the scheduler), and a whole run with its summary.
//
// The simulator owns no action rule: every actor is a runtime player actor (DESIGN.md
// section 3, lib/runtime/include/spritec/runtime/), so a preview shows what a game shows. What
// lives here is the scene's part (DESIGN.md section 5): the exact script clock, epochs
// (steps run in order, `together` items start at once, background items never hold
// their epoch, zero-duration items end where they start, leftover time flows into the
// next epoch within the same tick), `until: finished`, linear moves with sub-pixel
// positions, spawn and despawn, and the per-tick order: (1) actors step in name order,
// (2) the clock advances and due items run, (3) the tick's trace lines.
//
// Packs arrive already loaded (ScenePack, sim/packs.hpp). Creating a Simulation checks the
// scene against them: one tick rate for all (E0605), every actor's pack listed (E0603)
// and every actor an item names defined (E0601), and actions (E0602) that the actors'
// packs lack; an input no rule of the pack reads is a warning (W0602: pressing it changes
// nothing). Traces and the human summary are written by sim/trace.hpp.
//
// Limits, so that every tick costs bounded time and memory and every trace line is JSON:
// - positions: every live actor's x and y stay within ±kMaxPosition (scene.hpp) after
//   every tick, else the run stops with E0610 naming the actor and the tick;
// - steps: an actor passes at most kMaxStepsPerTick steps in one tick. Checked before it
//   steps: its speed may be at most kMaxStepsPerTick times the shortest step (in ticks) of
//   the action it plays, else E0611 names the actor, the action and the tick;
// - events: an actor raises at most kMaxEventsPerTick events in one tick (its steps, the
//   script's switches and restarts), else E0611; events past the cap are counted, never
//   stored;
// - ticks: a run without a tick limit stops at RunOptions::tick_cap (warning W0601) so a
//   script waiting forever (an `until: finished` on a looping action) cannot hang CI; a
//   limit given is at most kMaxTicks.
// At most 2^31 actors. A run keeps no history: memory grows with the scene's actors and
// the packs' event names, never with the number of ticks. Failure: diagnostics in the
// Sink and empty optionals; nothing thrown, nothing printed (writers take the
// std::ostream to write to).
//
// Contacts (scene.contacts, docs/scenes.md): after each tick's phases, for every rule, every
// actor showing a box `box` is tested against every other actor showing a box `against`
// (world boxes, runtime::overlaps: a positive area); a pair that overlaps now and did not
// after the tick before (on tick 0: every pair) starts a contact. Cost per tick: O(rules x
// actors showing `box` x actors showing `against`) — meant for scenes, not crowds.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "spritec/diag/diagnostic.hpp"
#include "spritec/runtime/spk_reader.hpp"
#include "spritec/sim/packs.hpp"
#include "spritec/sim/scene.hpp"

namespace spritec::sim {

// One live actor as it stands after a tick: what the trace line says and what a renderer
// draws. A copy made for readers; the player's own state is runtime::ActorState.
// A box or point of what an actor shows, in world coordinates: the actor's exact position
// plus the actor-local shape (runtime/shapes.hpp), not rounded. A point has w = h = 0.
struct WorldShape {
  std::string name;
  runtime::ShapeKind kind = runtime::ShapeKind::kBox;
  double x = 0, y = 0, w = 0, h = 0;
};

// A layer a layered actor draws (runtime::for_each_layer): a frame of one of the scene's
// packs (the master's for `self`), flipped about its origin, at the actor's position.
struct LayerSnapshot {
  std::string slot;        // "self" for the master's own frames
  std::uint32_t pack = 0;  // index in the packs given to the Simulation
  std::uint32_t frame = 0;
  std::string frame_name;
  std::uint8_t flip = 0;
};

struct ActorSnapshot {
  std::string name;
  std::uint32_t pack = 0;  // index in the packs given to the Simulation
  std::string action;      // the action's name
  std::uint32_t step = 0;  // index in the action's step list
  std::uint32_t view = 0;
  std::uint32_t frame = runtime::spk::kNone;  // frame index in the pack; kNone = blank step
  std::string frame_name;                     // "" for a blank step
  std::uint8_t flip = 0;                      // runtime::spk::kFlipX | kFlipY
  double x = 0;
  double y = 0;
  std::vector<std::string> events;  // raised on this tick, in order (contact events last)
  bool destroyed = false;           // this is the actor's last line
  std::vector<WorldShape> shapes;   // boxes, then points, each in name order
  // A layered actor (its pack is a layered master): what it draws, back to front (a
  // renderer draws these instead of frame). Empty and false for any other actor.
  bool layered = false;
  std::vector<LayerSnapshot> layers;
  // Contacts that started on this tick: [event, other actor], by event then actor name.
  std::vector<std::pair<std::string, std::string>> contacts;
};

// The most steps and the most events one actor may pass or raise in one tick (E0611).
inline constexpr std::int64_t kMaxStepsPerTick = 1000;
inline constexpr std::int64_t kMaxEventsPerTick = 1000;

// The largest tick limit a run accepts (`simulate --ticks`): 10^8 ticks, 19 days at 60
// ticks per second.
inline constexpr std::int64_t kMaxTicks = 100000000;

struct RunOptions {
  // Write ticks 0 … max_ticks (0 … kMaxTicks; the caller checks). Without it the run
  // ends on the tick the last script item ends (background items included).
  std::optional<std::int64_t> max_ticks;
  // Safety stop for runs without max_ticks (W0601 when reached).
  std::int64_t tick_cap = 1000000;
};

// A scene being run, tick by tick. Actors are kept in a vector in name order (names
// interned once; script items refer to their actor by index), so a tick costs the player's
// work per actor plus a few comparisons, and nothing is copied unless a reader asks. Typical use
// (the preview renderer):
//   auto sim = Simulation::create(scene, packs, sink);
//   while (sim->step()) { for (const ActorSnapshot& a : sim->actors()) draw(a); ... }
// or run_scene() below for a whole run with its trace.
struct RunSummary;
class CallRecorder;  // sim/replay.hpp

class Simulation {
 public:
  // Binds the scene to its packs (`packs` in the order of scene.packs, as load_packs
  // gives them). Reports E0605, E0602 and W0602; empty when an error was reported.
  // With a `recorder` (not owned; it must outlive the Simulation), every call the
  // simulator makes on an actor's player is reported to it as it is made, from the initial
  // actors' spawns (made here) on (sim/replay.hpp).
  [[nodiscard]] static std::optional<Simulation> create(const Scene& scene,
                                                        std::vector<ScenePack> packs,
                                                        diag::Sink& sink,
                                                        CallRecorder* recorder = nullptr);

  Simulation(Simulation&&) noexcept;
  Simulation& operator=(Simulation&&) noexcept;
  ~Simulation();

  // Runs the next tick (tick 0 on the first call). When the tick breaks one of the limits
  // above (E0610, E0611) the run stops: step() returns false, actors() is empty, stopped()
  // holds the diagnostic, finished() is true, and later calls do nothing but return false.
  // Otherwise true: it is the caller's choice when to stop (see finished()).
  [[nodiscard]] bool step();
  // The same, reporting the diagnostic that stopped the run to `sink` (on the call whose
  // tick broke the limit).
  [[nodiscard]] bool step(diag::Sink& sink);
  // The error that stopped the run; null while it runs.
  const diag::Diagnostic* stopped() const;

  // The tick last run (-1 before the first step()).
  std::int64_t tick() const;
  // The script clock after the last step, in units of 1/(1000·tick_rate) s.
  std::int64_t clock() const;
  std::uint32_t tick_rate() const;
  // True once every script item (background ones included) has ended, or the run was
  // stopped. A run without a tick limit ends on the first tick after which this is true.
  bool finished() const;
  // The live actors after the last step, in name order (byte order), including those
  // destroyed or despawned on that tick (destroyed = true; gone from the next tick).
  // Made when first asked after a step (a run that only writes a trace never makes them).
  const std::vector<ActorSnapshot>& actors() const;
  const std::vector<ScenePack>& packs() const;
  // Every actor name the scene can put on stage (its actors, spawns and the names its items
  // use), sorted in byte order: the actors' indexes in a replay (sim/replay.hpp).
  const std::vector<std::string>& actor_names() const;

  // Appends the trace lines of the tick last run (those write_trace_line writes for
  // actors(), byte for byte) to `out`, straight from the actors' state.
  void append_trace(std::string& out) const;
  // The event counts of the run so far, for its summary (RunSummary's actors, events,
  // event_kinds, busy_actors, top_events and top_actors; ticks are the caller's).
  struct RunSummary event_summary() const;

 private:
  struct Impl;
  explicit Simulation(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// What a run did, for the human summary of `simulate` without --trace. Its size does not
// depend on the run's length or the number of actors: counts, and the ten busiest.
struct RunSummary {
  std::int64_t ticks_run = 0;  // the last tick written (ticks 0 … ticks_run)
  bool hit_tick_cap = false;
  std::int64_t actors = 0;       // actors that appeared, spawned ones included
  std::int64_t events = 0;       // events raised, by every actor on every tick
  std::int64_t event_kinds = 0;  // distinct event names among them
  std::int64_t busy_actors = 0;  // actors that raised at least one event
  struct Count {
    std::string name;
    std::int64_t count = 0;
    bool operator==(const Count& o) const { return name == o.name && count == o.count; }
  };
  // The kSummaryTop most frequent event names and the kSummaryTop actors that raised the
  // most events; each by count, most first, ties by name (byte order).
  std::vector<Count> top_events;
  std::vector<Count> top_actors;
};
inline constexpr std::size_t kSummaryTop = 10;

// Runs a whole scene: creates the Simulation and steps it until the script is finished
// (or options.max_ticks), writing each trace line to `trace` (when not null) as soon as
// its tick has run: nothing is kept. Empty when the Simulation could not be created or a
// limit stopped the run (the error is in the Sink; the lines of the ticks before it have
// been written). With `replay`, the run's calls are streamed there too, as the replay
// document (sim/replay.hpp); the trace's bytes are the same with or without it.
[[nodiscard]] std::optional<RunSummary> run_scene(const Scene& scene, std::vector<ScenePack> packs,
                                                  const RunOptions& options, std::ostream* trace,
                                                  diag::Sink& sink, std::ostream* replay = nullptr);

}  // namespace spritec::sim
