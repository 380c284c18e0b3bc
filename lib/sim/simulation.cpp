#include "spritec/sim/simulation.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <ostream>
#include <utility>

#include "actor_driver.hpp"
#include "spritec/def/schema.hpp"
#include "spritec/runtime/player.hpp"

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

// --- packs ---------------------------------------------------------------------------------

std::optional<ScenePack> load_pack_bytes(std::string name, std::vector<std::uint8_t> bytes,
                                         const diag::Span& where, diag::Sink& sink) {
  ScenePack p;
  p.name = std::move(name);
  auto shared = std::make_shared<const std::vector<std::uint8_t>>(std::move(bytes));
  const runtime::ParseResult r = runtime::parse_pack(shared->data(), shared->size(), p.view);
  if (!r.ok()) {
    if (r.error == runtime::ParseError::kUnsupportedVersion) {
      sink.error(Code::kPackVersion, where,
                 "pack '" + p.name + "' has format " + std::to_string(r.version_major) + "." +
                     std::to_string(r.version_minor) + ", newer than this spritec reads");
    } else {
      sink.error(Code::kPackInvalid, where,
                 "pack '" + p.name + "' is damaged: " + r.message + " (at byte " +
                     std::to_string(r.offset) + ")");
    }
    return std::nullopt;
  }
  p.bytes = std::move(shared);
  return p;
}

std::optional<std::vector<ScenePack>> load_packs(const Scene& scene, const PackLoader& loader,
                                                 diag::Sink& sink) {
  std::vector<ScenePack> out;
  bool ok = true;
  for (const PackRef& ref : scene.packs) {
    auto p = loader(ref, sink);
    if (!p) {
      ok = false;
      continue;
    }
    p->name = ref.name;
    out.push_back(std::move(*p));
  }
  if (!ok) return std::nullopt;
  return out;
}

// --- Simulation ----------------------------------------------------------------------------

namespace {

void check_action(const Scene& scene, const ScenePack& pack, const std::string& action,
                  const diag::Span& span, const std::string& actor, diag::Sink& sink) {
  (void)scene;
  if (pack.view.find_action(action) != runtime::spk::kNone) return;
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < pack.view.action_count(); ++i) {
    names.emplace_back(pack.view.action(i).name);
  }
  std::string message =
      "pack '" + pack.name + "' (actor '" + actor + "') has no action '" + action + "'";
  const std::string near = def::nearest(action, names);
  if (!near.empty()) message += " (did you mean '" + near + "'?)";
  sink.error(Code::kSceneUnknownAction, span, message);
}

void check_input(const ScenePack& pack, const Input& input, const std::string& actor,
                 diag::Sink& sink) {
  if (pack.view.find_input(input.name) != runtime::spk::kNone) return;
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < pack.view.input_count(); ++i) {
    names.emplace_back(pack.view.input_name(i));
  }
  std::string message = "pack '" + pack.name + "' (actor '" + actor + "') has no input '" +
                        input.name + "': no transition reads it, so it changes nothing";
  const std::string near = def::nearest(input.name, names);
  if (!near.empty()) message += " (did you mean '" + near + "'?)";
  sink.warning(Code::kSceneUnknownInput, input.span, message);
}

}  // namespace

std::optional<Simulation> Simulation::create(const Scene& scene, std::vector<ScenePack> packs,
                                             diag::Sink& sink) {
  auto impl = std::make_unique<Impl>();
  impl->scene = scene;
  impl->packs = std::move(packs);
  const std::size_t errors_before = sink.error_count();

  // One tick rate for every pack.
  for (std::size_t i = 0; i < impl->packs.size(); ++i) {
    const ScenePack& p = impl->packs[i];
    impl->pack_index.emplace(p.name, std::uint32_t(i));
    if (i == 0) {
      impl->rate = p.view.tick_rate();
    } else if (p.view.tick_rate() != impl->rate) {
      diag::Span span;
      for (const PackRef& ref : scene.packs) {
        if (ref.name == p.name) span = ref.path_span;
      }
      sink.error(Code::kSceneTickRate, span,
                 "pack '" + p.name + "' runs at " + std::to_string(p.view.tick_rate()) +
                     " ticks per second but '" + impl->packs[0].name + "' at " +
                     std::to_string(impl->rate) + ": a scene's packs must share one tick rate");
    }
  }

  // Every actor's pack and action, and every action and input an item names.
  std::map<std::string, std::uint32_t> actor_pack;
  auto check_spec = [&](const ActorSpec& a) {
    auto it = impl->pack_index.find(a.pack);
    if (it == impl->pack_index.end()) {
      sink.error(Code::kSceneUnknownPack, a.pack_span,
                 "pack '" + a.pack + "' is not listed in packs:");
      return;
    }
    actor_pack[a.name] = it->second;
    check_action(scene, impl->packs[it->second], a.action, a.action_span, a.name, sink);
  };
  for (const ActorSpec& a : scene.actors)
    check_spec(a);
  for (const ScriptStep& s : scene.script) {
    for (const Item& i : s.items) {
      if (i.kind == ItemKind::kSpawn) check_spec(i.spawn);
    }
  }
  for (const ScriptStep& s : scene.script) {
    for (const Item& i : s.items) {
      if (i.kind != ItemKind::kActor) continue;
      auto it = actor_pack.find(i.actor);
      if (it == actor_pack.end()) {
        sink.error(Code::kSceneUnknownActor, i.actor_span, "no actor is named '" + i.actor + "'");
        continue;
      }
      const ScenePack& pack = impl->packs[it->second];
      if (i.action) check_action(scene, pack, *i.action, i.action_span, i.actor, sink);
      for (const Input& in : i.press)
        check_input(pack, in, i.actor, sink);
      for (const Input& in : i.release)
        check_input(pack, in, i.actor, sink);
    }
  }
  if (sink.error_count() != errors_before) return std::nullopt;

  for (const ScenePack& p : impl->packs) {
    std::vector<std::uint32_t>& shortest = impl->shortest_step.emplace_back();
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

// --- the whole run -------------------------------------------------------------------------

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

// --- output --------------------------------------------------------------------------------

std::string format_number(double value) {
  // Tweens add a fractional step each tick, so a move that should end on 64 can end on
  // 63.99999999999992. Within a billionth of a thousandth-grid point, print that point.
  if (std::isfinite(value) && std::fabs(value) < 9.0e12) {
    const double snapped = std::round(value * 1000.0) / 1000.0;
    if (std::fabs(value - snapped) < 1e-9) value = snapped;
  }
  if (value == 0) return "0";  // also -0
  char buf[64];
  if (value == double(std::int64_t(value)) && value > -9.0e15 && value < 9.0e15) {
    auto r = std::to_chars(buf, buf + sizeof buf, std::int64_t(value));
    return std::string(buf, r.ptr);
  }
  auto r = std::to_chars(buf, buf + sizeof buf, value);  // shortest round trip
  return std::string(buf, r.ptr);
}

namespace {

// Length of the well-formed UTF-8 sequence starting at s[i], or 0 when it is not one.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = at(i);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  std::uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
  for (std::size_t k = 1; k < n; ++k) {
    if ((at(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (at(i + k) & 0x3Fu);
  }
  static const std::uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

// JSON string; bytes that are not UTF-8 (a hostile pack's names) become U+FFFD so every
// trace line stays valid JSON.
void write_json_string(std::ostream& out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  out << '"';
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 0x80) {
      const std::size_t n = utf8_length(s, i);
      if (n == 0) {
        out << "\\ufffd";
      } else {
        out << s.substr(i, n);
        i += n - 1;
      }
      continue;
    }
    switch (c) {
      case '"':
        out << "\\\"";
        break;
      case '\\':
        out << "\\\\";
        break;
      case '\n':
        out << "\\n";
        break;
      case '\r':
        out << "\\r";
        break;
      case '\t':
        out << "\\t";
        break;
      case '\b':
        out << "\\b";
        break;
      case '\f':
        out << "\\f";
        break;
      default:
        if (c < 0x20) {
          out << "\\u00" << kHex[c >> 4] << kHex[c & 15];
        } else {
          out << ch;
        }
    }
  }
  out << '"';
}

}  // namespace

void write_trace_line(std::ostream& out, std::int64_t tick, const ActorSnapshot& a) {
  out << "{\"tick\":" << tick << ",\"actor\":";
  write_json_string(out, a.name);
  out << ",\"action\":";
  write_json_string(out, a.action);
  out << ",\"step\":" << a.step << ",\"view\":" << a.view << ",\"frame\":";
  write_json_string(out, a.frame_name);
  out << ",\"flip\":\"" << runtime::flip_name(a.flip) << "\",\"x\":" << format_number(a.x)
      << ",\"y\":" << format_number(a.y) << ",\"events\":[";
  for (std::size_t i = 0; i < a.events.size(); ++i) {
    if (i) out << ',';
    write_json_string(out, a.events[i]);
  }
  out << "]}\n";
}

namespace {

void write_counts(std::ostream& out, const std::vector<RunSummary::Count>& top, std::int64_t total,
                  const char* more) {
  for (std::size_t i = 0; i < top.size(); ++i)
    out << (i ? ", " : "") << top[i].name << ' ' << top[i].count;
  if (total > std::int64_t(top.size())) {
    out << ", and " << (total - std::int64_t(top.size())) << ' ' << more;
  }
}

}  // namespace

void write_summary(std::ostream& out, const RunSummary& s) {
  out << "ticks run: 0.." << s.ticks_run << " (" << (s.ticks_run + 1) << " ticks)";
  if (s.hit_tick_cap) out << ", stopped at the tick cap";
  out << "\nactors: " << s.actors << "\nevents: " << s.events;
  if (s.events > 0) {
    out << " (";
    write_counts(out, s.top_events, s.event_kinds, "more kinds");
    out << ')';
  }
  out << "\nbusiest actors: ";
  if (s.top_actors.empty()) out << "(none)";
  write_counts(out, s.top_actors, s.busy_actors, "more");
  out << '\n';
}

}  // namespace spritec::sim
