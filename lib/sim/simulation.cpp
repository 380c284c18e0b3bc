// The scheduler: a Simulation steps its actors over the runtime's player and runs the
// epoch script on the exact clock, in the per-tick order of simulation.hpp, stopping at
// the first limit broken. The scene is checked against its packs (scene_checks.cpp)
// before it runs; actors are driven through actor_driver.hpp only.
#include "spritec/sim/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "actor_driver.hpp"
#include "scene_checks.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/sim/trace.hpp"

namespace spritec::sim {
namespace {

using diag::Code;

// One started script item. Lives until all its parts have ended; background items
// outlive their epoch.
struct Running {
  const Item* item = nullptr;
  bool background = false;
  std::int64_t start = 0;
  // The timed part (wait: or over:) ends at timed_end; until: finished ends when seen.
  std::int64_t timed_end = 0;
  bool until_pending = false;
  std::int64_t started_tick = 0;  // finished raised on this tick's phase (1) came before
  std::int64_t until_end = 0;
  // The move, if any.
  MoveKind move = MoveKind::kNone;
  bool move_done = true;
  Point from;     // move_to: the position when the move started
  Point applied;  // move_by: how much was added so far
  bool ended = false;
  std::int64_t end = 0;  // when ended: the exact time it ended
};

}  // namespace

struct Simulation::Impl {
  Scene scene;  // a copy: Running points into its items
  std::vector<ScenePack> packs;
  std::map<std::string, std::uint32_t> pack_index;
  std::uint32_t rate = 60;

  std::map<std::string, SimActor> actors;  // live ones, by name (byte order)
  std::vector<ActorSnapshot> states;

  std::int64_t tick = -1;
  std::int64_t clock = 0;

  // Per pack, per action: its shortest step in ticks (the steps-per-tick limit).
  std::vector<std::vector<std::uint32_t>> shortest_step;
  std::optional<diag::Diagnostic> failure;  // the limit that stopped the run

  std::size_t next_epoch = 0;            // the epoch to start next
  std::int64_t next_start = 0;           // when it starts
  bool epoch_open = false;               // the epoch next_epoch - 1 is running
  std::vector<Running> running;          // started items not yet ended (start order)
  std::vector<std::size_t> epoch_items;  // indexes in `running` of the open epoch's items

  SimActor* find(const std::string& name) {
    auto it = actors.find(name);
    if (it == actors.end() || it->second.destroyed) return nullptr;
    return &it->second;
  }

  void spawn(const ActorSpec& spec) {
    SimActor a;
    const std::uint32_t p = pack_index.at(spec.pack);
    a.span = spec.name_span;
    start_actor(a, packs[p], p, spec);
    actors.insert_or_assign(spec.name, std::move(a));
  }

  // --- script --------------------------------------------------------------------------

  // Moves a running item to clock C: positions of moves, end of timed parts, end of
  // until: finished (seen on the actor this tick).
  void update(Running& r, std::int64_t c) {
    if (r.ended) return;
    const Item& item = *r.item;
    SimActor* actor = item.kind == ItemKind::kActor ? find(item.actor) : nullptr;
    if (!r.move_done) {
      if (!actor) {
        r.move_done = true;
      } else {
        const std::int64_t span = r.timed_end - r.start;
        const bool at_end = c >= r.timed_end;
        double fx, fy;  // the move's amount at clock c
        const double dx =
            item.move == MoveKind::kTo ? item.move_value.x - r.from.x : item.move_value.x;
        const double dy =
            item.move == MoveKind::kTo ? item.move_value.y - r.from.y : item.move_value.y;
        if (at_end || span <= 0) {
          fx = dx;
          fy = dy;
        } else {
          const double t = double(c - r.start);
          fx = dx * t / double(span);
          fy = dy * t / double(span);
        }
        Point pos = actor_position(*actor);
        if (item.move == MoveKind::kTo) {
          pos = at_end ? item.move_value : Point{r.from.x + fx, r.from.y + fy};
        } else {
          pos.x += fx - r.applied.x;
          pos.y += fy - r.applied.y;
          r.applied = Point{fx, fy};
        }
        set_actor_position(*actor, pos);
        if (at_end) r.move_done = true;
      }
    }
    if (r.until_pending) {
      // Destroyed (also by an item earlier in this tick) or finished after the start.
      SimActor* target = find(item.actor);
      if (!target || (target->raised_finished && r.started_tick < tick)) {
        r.until_pending = false;
        r.until_end = c;
      }
    }
    const bool timed_done = c >= r.timed_end;
    if (timed_done && r.move_done && !r.until_pending) {
      r.ended = true;
      r.end = std::max(r.timed_end, item.until_finished ? r.until_end : r.start);
    }
  }

  // Starts an item at exact time `s` (<= the clock c of this tick) and brings it to c.
  Running start_item(const Item& item, std::int64_t s, std::int64_t c) {
    Running r;
    r.item = &item;
    r.background = item.background;
    r.start = s;
    r.started_tick = tick;
    r.timed_end = s;
    switch (item.kind) {
      case ItemKind::kWait:
        r.timed_end = s + scaled(item.wait);
        break;
      case ItemKind::kSpawn:
        spawn(item.spawn);
        break;
      case ItemKind::kDespawn:
        if (SimActor* a = find(item.actor)) {
          add_event(*a, "destroyed");
          a->destroyed = true;
        }
        break;
      case ItemKind::kActor: {
        SimActor* a = find(item.actor);
        if (a) {
          // The order DESIGN.md fixes: action, angle, press/release, speed.
          if (item.action) {
            actor_set_action(*a, packs[a->pack], *item.action, item.restart);
          }
          if (item.angle) actor_set_angle(*a, packs[a->pack], *item.angle);
          for (const Input& in : item.press) {
            actor_set_input(*a, packs[a->pack], in.name, true);
          }
          for (const Input& in : item.release) {
            actor_set_input(*a, packs[a->pack], in.name, false);
          }
          if (item.speed) actor_set_speed(*a, *item.speed);
        }
        if (item.move != MoveKind::kNone) {
          r.move = item.move;
          r.timed_end = s + scaled(item.over);
          r.move_done = a == nullptr;
          if (a) r.from = actor_position(*a);
        }
        // An actor that is gone (or that an earlier item of this tick destroyed), or
        // whose action already finished and holds (set again without restart), will
        // never raise finished: until: ends at once.
        if (item.until_finished) {
          r.until_pending = a != nullptr && !actor_holding(*a);
          r.until_end = s;
        }
        break;
      }
    }
    update(r, c);
    return r;
  }

  std::int64_t scaled(const Duration& d) const { return to_clock_units(d, rate); }

  bool script_done() const {
    return next_epoch >= scene.script.size() && !epoch_open && running.empty();
  }

  // Phase (2) of a tick: the clock is at c; run everything due.
  void run_script(std::int64_t c) {
    for (Running& r : running) {
      update(r, c);
    }
    for (;;) {
      if (epoch_open) {
        // The epoch ends when its last non-background item ends, at that exact time.
        bool all_ended = true;
        std::int64_t end = next_start;
        for (std::size_t i : epoch_items) {
          const Running& r = running[i];
          if (r.background) continue;
          if (!r.ended) {
            all_ended = false;
            break;
          }
          end = std::max(end, r.end);
        }
        if (!all_ended) break;
        epoch_open = false;
        epoch_items.clear();
        next_start = end;
      }
      if (next_epoch >= scene.script.size() || next_start > c) break;
      const ScriptStep& step = scene.script[next_epoch++];
      epoch_open = true;
      for (const Item& item : step.items) {
        running.push_back(start_item(item, next_start, c));
        epoch_items.push_back(running.size() - 1);
      }
    }
    // Forget ended items that no open epoch needs any more.
    std::vector<Running> keep;
    std::vector<std::size_t> new_index;
    for (std::size_t i = 0; i < running.size(); ++i) {
      const bool in_epoch =
          std::find(epoch_items.begin(), epoch_items.end(), i) != epoch_items.end();
      if (!running[i].ended || in_epoch) {
        if (in_epoch) new_index.push_back(keep.size());
        keep.push_back(running[i]);
      }
    }
    running = std::move(keep);
    epoch_items = std::move(new_index);
  }

  void snapshot() {
    states.clear();
    for (auto& [name, a] : actors) {
      ActorSnapshot s = actor_snapshot(a, packs[a.pack]);
      s.name = name;
      s.pack = a.pack;
      s.x = actor_position(a).x;
      s.y = actor_position(a).y;
      s.events = a.events;
      s.destroyed = a.destroyed;
      states.push_back(std::move(s));
    }
  }

  // --- limits ----------------------------------------------------------------------------

  void fail(Code code, const SimActor& a, std::string message) {
    diag::Diagnostic d;
    d.severity = diag::Severity::kError;
    d.code = code;
    d.span = a.span;
    d.message = std::move(message);
    failure = std::move(d);
    states.clear();
  }

  std::string action_name(const SimActor& a) const {
    if (a.player.action == runtime::spk::kNone) return "";
    return std::string(packs[a.pack].view.action(a.player.action).name);
  }

  // Before phase (1): at its speed, can the actor pass more than kMaxStepsPerTick steps?
  // Each step it enters adds at least its action's shortest step to its countdown, and the
  // tick takes `speed` from it, so it passes at most ceil(speed / shortest) steps.
  bool check_pace(const std::string& name, const SimActor& a) {
    const runtime::ActorState& p = a.player;
    if (p.action == runtime::spk::kNone || p.holding || p.destroyed || p.speed <= 0) return true;
    const std::int64_t shortest = shortest_step[a.pack][p.action];
    if (std::int64_t(p.speed) <= kMaxStepsPerTick * 1000 * shortest) return true;
    fail(Code::kSceneTooBusy, a,
         "actor '" + name + "' would pass more than " + std::to_string(kMaxStepsPerTick) +
             " steps on tick " + std::to_string(tick) + ": its speed " +
             format_number(double(p.speed) / 1000.0) + " is more than " +
             std::to_string(kMaxStepsPerTick) + " times the shortest step of action '" +
             action_name(a) + "' (" + std::to_string(shortest) +
             (shortest == 1 ? " tick" : " ticks") + "); lower the speed to at most " +
             std::to_string(kMaxStepsPerTick * shortest));
    return false;
  }

  // After phase (2): every actor's events and position.
  bool check_tick() {
    for (const auto& [name, a] : actors) {
      const std::int64_t events = std::int64_t(a.events.size()) + a.events_over;
      if (events > kMaxEventsPerTick) {
        fail(Code::kSceneTooBusy, a,
             "actor '" + name + "' (action '" + action_name(a) + "') raised " +
                 std::to_string(events) + " events on tick " + std::to_string(tick) +
                 ", more than the " + std::to_string(kMaxEventsPerTick) +
                 " one tick may hold (a speed or a chain of restarts too fast?)");
        return false;
      }
      const Point pos = actor_position(a);
      const bool x_ok = std::fabs(pos.x) <= kMaxPosition;  // false for NaN too
      if (!x_ok || !(std::fabs(pos.y) <= kMaxPosition)) {
        fail(Code::kScenePositionRange, a,
             "the position of actor '" + name + "' (action '" + action_name(a) + "') leaves " +
                 "the range ±1e9 px on tick " + std::to_string(tick) + ": " +
                 (x_ok ? "y = " + format_number(pos.y) : "x = " + format_number(pos.x)) +
                 " (a move or root motion too large?)");
        return false;
      }
    }
    return true;
  }

  bool step() {
    if (failure) return false;
    // Actors destroyed on the previous tick are gone; events are per tick. (Before tick 0
    // there is nothing to clear: the scene's actors entered their first step for tick 0.)
    for (auto it = actors.begin(); tick >= 0 && it != actors.end();) {
      if (it->second.destroyed) {
        it = actors.erase(it);
      } else {
        it->second.events.clear();
        it->second.events_over = 0;
        it->second.raised_finished = false;
        ++it;
      }
    }
    ++tick;
    if (tick == 0) {
      clock = 0;
      run_script(0);
    } else {
      for (auto& [name, a] : actors) {  // (1), name order
        if (!check_pace(name, a)) return false;
        actor_tick(a, packs[a.pack]);
      }
      clock += scene.speed;  // (2)
      run_script(clock);
    }
    if (!check_tick()) return false;
    snapshot();  // (3)
    return true;
  }
};

// --- Simulation ----------------------------------------------------------------------------

namespace {

// Per pack, per action: its shortest step in ticks (the steps-per-tick limit).
std::vector<std::vector<std::uint32_t>> shortest_steps(const std::vector<ScenePack>& packs) {
  std::vector<std::vector<std::uint32_t>> out;
  for (const ScenePack& p : packs) {
    std::vector<std::uint32_t>& shortest = out.emplace_back();
    for (std::uint32_t i = 0; i < p.view.action_count(); ++i) {
      const runtime::Action a = p.view.action(i);
      std::uint32_t least = 0xFFFFFFFFu;
      for (std::uint32_t v = 0; v < a.views; ++v) {
        for (std::uint32_t k = 0; k < a.steps_per_view; ++k)
          least = std::min(least, p.view.step(a, v, k).ticks);
      }
      shortest.push_back(std::max(least, 1u));  // the reader refuses 0-tick steps
    }
  }
  return out;
}

}  // namespace

std::optional<Simulation> Simulation::create(const Scene& scene, std::vector<ScenePack> packs,
                                             diag::Sink& sink) {
  if (!check_scene_against_packs(scene, packs, sink)) return std::nullopt;
  auto impl = std::make_unique<Impl>();
  impl->scene = scene;
  impl->packs = std::move(packs);
  for (std::size_t i = 0; i < impl->packs.size(); ++i)
    impl->pack_index.emplace(impl->packs[i].name, std::uint32_t(i));
  if (!impl->packs.empty()) impl->rate = impl->packs[0].view.tick_rate();  // one for all
  impl->shortest_step = shortest_steps(impl->packs);
  for (const ActorSpec& a : impl->scene.actors)
    impl->spawn(a);
  return Simulation(std::move(impl));
}

Simulation::Simulation(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;
Simulation::~Simulation() = default;

bool Simulation::step() {
  return impl_->step();
}
bool Simulation::step(diag::Sink& sink) {
  const bool was_stopped = impl_->failure.has_value();
  const bool ok = impl_->step();
  if (!ok && !was_stopped) sink.report(*impl_->failure);
  return ok;
}
const diag::Diagnostic* Simulation::stopped() const {
  return impl_->failure ? &*impl_->failure : nullptr;
}
std::int64_t Simulation::tick() const {
  return impl_->tick;
}
std::int64_t Simulation::clock() const {
  return impl_->clock;
}
std::uint32_t Simulation::tick_rate() const {
  return impl_->rate;
}
bool Simulation::finished() const {
  return impl_->failure || (impl_->tick >= 0 && impl_->script_done());
}
const std::vector<ActorSnapshot>& Simulation::actors() const {
  return impl_->states;
}
const std::vector<ScenePack>& Simulation::packs() const {
  return impl_->packs;
}

}  // namespace spritec::sim
