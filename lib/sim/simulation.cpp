// The scheduler: a Simulation steps its actors over the runtime's player and runs the
// epoch script on the exact clock, in the per-tick order of simulation.hpp, stopping at
// the first limit broken. The scene is checked against its packs (scene_checks.cpp)
// before it runs; actors are driven through actor_driver.hpp only.
#include "spritec/sim/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>
#include <utility>

#include "actor_driver.hpp"
#include "equipment.hpp"
#include "scene_checks.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/shapes.hpp"
#include "spritec/sim/replay.hpp"
#include "spritec/sim/trace.hpp"

namespace spritec::sim {
namespace {

using diag::Code;

// One started script item. Lives until all its parts have ended; background items
// outlive their epoch.
struct Running {
  const Item* item = nullptr;
  std::uint32_t actor = runtime::spk::kNone;  // the actor it names (spawns, despawns too)
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
  Position from;     // move_to: the position when the move started
  Position applied;  // move_by: how much was added so far
  bool ended = false;
  std::int64_t end = 0;  // when ended: the exact time it ended
};

// An angle as set_angle keeps it (0..359): what a replay writes.
std::int64_t normal_angle(std::int64_t angle) {
  const std::int64_t a = angle % 360;
  return a < 0 ? a + 360 : a;
}

}  // namespace

struct Simulation::Impl {
  Scene scene;  // a copy: Running points into its items
  std::vector<ScenePack> packs;
  std::uint32_t rate = 60;
  CallRecorder* recorder = nullptr;  // told every call made on a player (replay.hpp)

  // Every actor name the scene can use (actors, spawns, script items), sorted (byte
  // order): an actor's id is its name's index, so id order is name order. Items name their
  // actor by id (item_actor[epoch][item]); nothing is looked up by name while running.
  std::vector<std::string> names;
  std::vector<std::vector<std::uint32_t>> item_actor;
  std::vector<SimActor> slots;       // by id; meaningful while live
  std::vector<char> live;            // by id
  std::vector<diag::Span> spans;     // by id: where the live actor was defined
  std::vector<std::uint32_t> order;  // the live ids, ascending (name order)
  // Layered actors: the pieces bound once, and by id what each slot shows (null for an
  // actor whose pack is not a layered master, so the tick loop's actors stay small).
  PieceTable pieces;
  std::vector<std::unique_ptr<runtime::Equipment>> gear;

  // The live actors' snapshots, made when actors() asks after a step (mutable: a cache).
  mutable std::vector<ActorSnapshot> states;
  mutable bool states_valid = false;

  // Events counted over the run for its summary: per actor id, and per pack per event
  // code (the pack's events, then finished, then destroyed).
  std::vector<std::int64_t> events_by_actor;
  std::vector<std::vector<std::int64_t>> events_by_code;
  std::vector<char> appeared;  // by id: the actor was live on some tick

  std::int64_t tick = -1;
  std::int64_t clock = 0;

  // Per pack, per action: its shortest step in ticks (the steps-per-tick limit).
  std::vector<std::vector<std::uint32_t>> shortest_step;
  std::optional<diag::Diagnostic> failure;  // the limit that stopped the run

  // Contacts: per rule, per pack, the shape name index of its box and its against box
  // (kNone when the pack has none); the rules' distinct events, sorted, and each rule's; the
  // pairs overlapping after the tick before, sorted (rule, actor, other); per actor id the
  // contacts started on this tick (event index, other id), sorted; the count of each contact
  // event over the run.
  std::vector<std::vector<std::uint32_t>> rule_box, rule_against;
  std::vector<std::string> contact_events;
  std::vector<std::uint32_t> rule_event;
  struct Pair {
    std::uint32_t rule, actor, other;
    bool operator<(const Pair& o) const {
      return std::tie(rule, actor, other) < std::tie(o.rule, o.actor, o.other);
    }
    bool operator==(const Pair& o) const {
      return rule == o.rule && actor == o.actor && other == o.other;
    }
  };
  std::vector<Pair> overlapping;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> contacts_of;
  std::vector<std::uint32_t> with_contacts;  // ids whose contacts_of is not empty
  std::vector<std::int64_t> contact_event_counts;

  std::size_t next_epoch = 0;            // the epoch to start next
  std::int64_t next_start = 0;           // when it starts
  bool epoch_open = false;               // the epoch next_epoch - 1 is running
  std::vector<Running> running;          // started items not yet ended (start order)
  std::vector<std::size_t> epoch_items;  // indexes in `running` of the open epoch's items
  std::vector<std::uint32_t> touched;    // actors the script's items named on this tick

  std::uint32_t id_of(const std::string& name) const {
    auto it = std::lower_bound(names.begin(), names.end(), name);
    return it != names.end() && *it == name ? std::uint32_t(it - names.begin())
                                            : runtime::spk::kNone;
  }

  void intern(const Scene& s) {
    for (const ActorSpec& a : s.actors)
      names.push_back(a.name);
    for (const ScriptStep& step : s.script) {
      for (const Item& item : step.items) {
        // A wait names no actor (its `actor` is empty; no actor's name is).
        if (item.kind != ItemKind::kWait)
          names.push_back(item.kind == ItemKind::kSpawn ? item.spawn.name : item.actor);
      }
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    for (const ScriptStep& step : s.script) {
      std::vector<std::uint32_t>& ids = item_actor.emplace_back();
      for (const Item& item : step.items)
        ids.push_back(id_of(item.kind == ItemKind::kSpawn ? item.spawn.name : item.actor));
    }
    slots.resize(names.size());
    gear.resize(names.size());
    live.assign(names.size(), 0);
    spans.resize(names.size());
    events_by_actor.assign(names.size(), 0);
    appeared.assign(names.size(), 0);
    for (const ScenePack& p : packs)
      events_by_code.emplace_back(std::size_t(p.view.event_count()) + 2, 0);
  }

  SimActor* find(std::uint32_t id) {
    if (id == runtime::spk::kNone || !live[id] || slots[id].destroyed) return nullptr;
    return &slots[id];
  }

  // Puts an actor on stage (a live one of the same name is replaced).
  void spawn(const ActorSpec& spec, std::uint32_t id) {
    const std::uint32_t p = pack_named(packs, spec.pack);  // the scene checks made sure
    SimActor& a = slots[id];
    a = SimActor{};
    spans[id] = spec.name_span;
    start_actor(a, packs[p], p, spec);
    if (recorder) {
      recorder->spawn(id, p, spec.at, normal_angle(spec.angle), clamp_speed(spec.speed));
      recorder->play(id, spec.action, /*restart=*/false);
    }
    gear[id].reset();
    if (packs[p].view.layered()) {
      gear[id] = std::make_unique<runtime::Equipment>();
      equip(id, spec.layers);
    }
    appeared[id] = 1;
    if (!live[id]) {
      live[id] = 1;
      order.insert(std::lower_bound(order.begin(), order.end(), id), id);
    }
  }

  // Puts each slot's piece on a layered actor (bound by PieceTable::bind).
  void equip(std::uint32_t id, const std::vector<SlotPack>& slots_given) {
    for (const SlotPack& s : slots_given) {
      const std::uint32_t piece = pack_named(packs, s.pack);
      runtime::equip(*gear[id], pieces.piece(slots[id].pack, piece));
      if (recorder) recorder->equip(id, s.slot, piece);
    }
  }

  // --- script --------------------------------------------------------------------------

  // Moves a running item to clock C: positions of moves, end of timed parts, end of
  // until: finished (seen on the actor this tick).
  void update(Running& r, std::int64_t c) {
    if (r.ended) return;
    if (r.actor != runtime::spk::kNone) touched.push_back(r.actor);
    const Item& item = *r.item;
    SimActor* actor = item.kind == ItemKind::kActor ? find(r.actor) : nullptr;
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
        Position pos = actor_position(*actor);
        if (item.move == MoveKind::kTo) {
          pos = at_end ? item.move_value : Position{r.from.x + fx, r.from.y + fy};
        } else {
          pos.x += fx - r.applied.x;
          pos.y += fy - r.applied.y;
          r.applied = Position{fx, fy};
        }
        set_actor_position(*actor, pos);
        if (recorder) recorder->at(r.actor, pos);
        if (at_end) r.move_done = true;
      }
    }
    if (r.until_pending) {
      // Destroyed (also by an item earlier in this tick) or finished after the start.
      SimActor* target = find(r.actor);
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
  Running start_item(const Item& item, std::uint32_t actor, std::int64_t s, std::int64_t c) {
    Running r;
    r.item = &item;
    r.actor = actor;
    if (actor != runtime::spk::kNone) touched.push_back(actor);
    r.background = item.background;
    r.start = s;
    r.started_tick = tick;
    r.timed_end = s;
    switch (item.kind) {
      case ItemKind::kWait:
        r.timed_end = s + scaled(item.wait);
        break;
      case ItemKind::kSpawn:
        spawn(item.spawn, actor);
        break;
      case ItemKind::kDespawn:
        if (SimActor* a = find(actor)) {
          add_event(*a, runtime::kEventDestroyed);
          a->destroyed = true;
          if (recorder) recorder->despawn(actor);
        }
        break;
      case ItemKind::kActor: {
        SimActor* a = find(actor);
        if (a) {
          // The order DESIGN.md fixes: action, angle, press/release, speed.
          if (item.action) {
            actor_set_action(*a, packs[a->pack], *item.action, item.restart);
            if (recorder) recorder->play(actor, *item.action, item.restart);
          }
          if (item.angle) {
            actor_set_angle(*a, packs[a->pack], *item.angle);
            if (recorder) recorder->angle(actor, normal_angle(*item.angle));
          }
          for (const Input& in : item.press) {
            actor_set_input(*a, packs[a->pack], in.name, true);
            if (recorder) recorder->input(actor, in.name, true);
          }
          for (const Input& in : item.release) {
            actor_set_input(*a, packs[a->pack], in.name, false);
            if (recorder) recorder->input(actor, in.name, false);
          }
          if (item.speed) {
            actor_set_speed(*a, *item.speed);
            if (recorder) recorder->speed(actor, clamp_speed(*item.speed));
          }
          if (gear[actor]) {
            for (const Input& slot : item.unequip) {
              runtime::unequip(*gear[actor], packs[a->pack].view.find_slot(slot.name));
              if (recorder) recorder->unequip(actor, slot.name);
            }
            equip(actor, item.equip);
          }
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
      const std::size_t epoch = next_epoch++;
      const ScriptStep& step = scene.script[epoch];
      epoch_open = true;
      for (std::size_t i = 0; i < step.items.size(); ++i) {
        running.push_back(start_item(step.items[i], item_actor[epoch][i], next_start, c));
        epoch_items.push_back(running.size() - 1);
      }
    }
    // Forget ended items that no open epoch needs any more.
    bool any_gone = false;
    for (std::size_t i = 0; i < running.size() && !any_gone; ++i)
      any_gone = running[i].ended;
    if (!any_gone) return;
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

  // The index of a pack by its view's address (a layer's pack).
  std::uint32_t pack_index(const runtime::PackView* view) const {
    std::uint32_t p = 0;
    while (p < packs.size() && &packs[p].view != view)
      ++p;
    return p;
  }

  void snapshot_layers(ActorSnapshot& s, const SimActor& a, const runtime::Equipment& g) const {
    const runtime::PackView& master = packs[a.pack].view;
    s.layered = true;
    s.layers.reserve(master.slot_count() + 1);  // the most one view's order draws
    runtime::for_each_layer(master, a.player, g, [&](const runtime::Layer& l) {
      s.layers.push_back({std::string(runtime::slot_name(master, l.slot)), pack_index(l.pack),
                          l.frame, std::string(l.pack->frame_name(l.frame)), std::uint8_t(l.flip)});
    });
  }

  // The snapshots of the live actors, in name order.
  void snapshot() const {
    states.clear();
    states.reserve(order.size());
    for (std::uint32_t id : order) {
      const SimActor& a = slots[id];
      const runtime::PackView& view = packs[a.pack].view;
      ActorSnapshot& s = states.emplace_back(actor_snapshot(a, packs[a.pack]));
      s.name = names[id];
      for (std::uint32_t e : contact_events_of(id))
        s.events.push_back(contact_events[e]);
      if (!contacts_of.empty()) {
        for (const auto& [e, other] : contacts_of[id])
          s.contacts.emplace_back(contact_events[e], names[other]);
      }
      if (gear[id]) snapshot_layers(s, a, *gear[id]);
      if (view.shape_count() != 0) {
        runtime::for_each_shape(view, a.player, [&](const runtime::LocalShape& sh) {
          s.shapes.push_back({std::string(view.shape_name(sh.name)), sh.kind, a.player.x + sh.x,
                              a.player.y + sh.y, double(sh.w), double(sh.h)});
        });
      }
    }
    states_valid = true;
  }

  // --- limits ----------------------------------------------------------------------------

  [[gnu::noinline, gnu::cold]] void fail(Code code, std::uint32_t id, std::string message) {
    diag::Diagnostic d;
    d.severity = diag::Severity::kError;
    d.code = code;
    d.span = spans[id];
    d.message = std::move(message);
    failure = std::move(d);
    states.clear();
    states_valid = true;
  }

  std::string action_name(const SimActor& a) const {
    if (a.player.action == runtime::spk::kNone) return "";
    return std::string(packs[a.pack].view.action(a.player.action).name);
  }

  // Before phase (1): at its speed, can the actor pass more than kMaxStepsPerTick steps?
  // Each step it enters adds at least its action's shortest step to its countdown, and the
  // tick takes `speed` from it, so it passes at most ceil(speed / shortest) steps.
  // Out of line: the tick loop calls it only for speeds over kMaxStepsPerTick (every step
  // lasts at least one tick, so slower actors cannot pass the limit).
  [[gnu::noinline]] bool check_pace(std::uint32_t id, const SimActor& a) {
    const runtime::ActorState& p = a.player;
    if (p.action == runtime::spk::kNone || p.holding || p.destroyed || p.speed <= 0) return true;
    const std::int64_t shortest = shortest_step[a.pack][p.action];
    if (std::int64_t(p.speed) <= kMaxStepsPerTick * 1000 * shortest) return true;
    fail(Code::kSceneTooBusy, id,
         "actor '" + names[id] + "' would pass more than " + std::to_string(kMaxStepsPerTick) +
             " steps on tick " + std::to_string(tick) + ": its speed " +
             format_number(double(p.speed) / 1000.0) + " is more than " +
             std::to_string(kMaxStepsPerTick) + " times the shortest step of action '" +
             action_name(a) + "' (" + std::to_string(shortest) +
             (shortest == 1 ? " tick" : " ticks") + "); lower the speed to at most " +
             std::to_string(kMaxStepsPerTick * shortest));
    return false;
  }

  [[gnu::noinline, gnu::cold]] void fail_events(std::uint32_t id, const SimActor& a,
                                                std::int64_t events) {
    fail(Code::kSceneTooBusy, id,
         "actor '" + names[id] + "' (action '" + action_name(a) + "') raised " +
             std::to_string(events) + " events on tick " + std::to_string(tick) +
             ", more than the " + std::to_string(kMaxEventsPerTick) +
             " one tick may hold (a speed or a chain of restarts too fast?)");
  }

  [[gnu::noinline, gnu::cold]] void fail_position(std::uint32_t id, const SimActor& a) {
    const Position pos = actor_position(a);
    const bool x_ok = std::fabs(pos.x) <= kMaxPosition;  // false for NaN too
    fail(Code::kScenePositionRange, id,
         "the position of actor '" + names[id] + "' (action '" + action_name(a) +
             "') leaves the range ±1e9 px on tick " + std::to_string(tick) + ": " +
             (x_ok ? "y = " + format_number(pos.y) : "x = " + format_number(pos.x)) +
             " (a move or root motion too large?)");
  }

  // Adds the events an actor holds (those of the tick before) to the run's counts.
  void count_events(std::uint32_t id, const SimActor& a) {
    events_by_actor[id] += std::int64_t(a.events.size());
    std::vector<std::int64_t>& by_code = events_by_code[a.pack];
    const std::size_t own = by_code.size() - 2;
    for (std::uint32_t code : a.events) {
      ++by_code[code == runtime::kEventFinished    ? own
                : code == runtime::kEventDestroyed ? own + 1
                                                   : code];
    }
  }

  // Within the limits checked after every tick: events and position.
  static bool within_limits(const SimActor& a) {
    return std::int64_t(a.events.size()) + a.events_over <= kMaxEventsPerTick &&
           std::fabs(a.player.x) <= kMaxPosition && std::fabs(a.player.y) <= kMaxPosition;
  }

  // After phase (2): every actor's events and position, in name order; the first actor
  // over a limit stops the run.
  bool check_tick() {
    for (std::uint32_t id : order) {
      const SimActor& a = slots[id];
      const std::int64_t events = std::int64_t(a.events.size()) + a.events_over;
      if (events > kMaxEventsPerTick) {
        fail_events(id, a, events);
        return false;
      }
      // Both within ±kMaxPosition; false for NaN too.
      if (!(std::fabs(a.player.x) <= kMaxPosition) || !(std::fabs(a.player.y) <= kMaxPosition)) {
        fail_position(id, a);
        return false;
      }
    }
    return true;
  }

  // --- contacts --------------------------------------------------------------------------

  void bind_contacts() {
    if (scene.contacts.empty()) return;
    for (const ContactRule& r : scene.contacts)
      contact_events.push_back(r.event);
    std::sort(contact_events.begin(), contact_events.end());
    contact_events.erase(std::unique(contact_events.begin(), contact_events.end()),
                         contact_events.end());
    for (const ContactRule& r : scene.contacts) {
      rule_event.push_back(
          std::uint32_t(std::lower_bound(contact_events.begin(), contact_events.end(), r.event) -
                        contact_events.begin()));
      std::vector<std::uint32_t>& box = rule_box.emplace_back();
      std::vector<std::uint32_t>& against = rule_against.emplace_back();
      for (const ScenePack& p : packs) {
        box.push_back(p.view.find_shape_name(r.box));
        against.push_back(p.view.find_shape_name(r.against));
      }
    }
    contacts_of.resize(names.size());
    contact_event_counts.assign(contact_events.size(), 0);
  }

  // The world boxes named (per pack) `name_of` of the live actors, in name order.
  std::vector<std::pair<std::uint32_t, runtime::WorldBox>> boxes_named(
      const std::vector<std::uint32_t>& name_of) const {
    std::vector<std::pair<std::uint32_t, runtime::WorldBox>> out;
    for (std::uint32_t id : order) {
      const SimActor& a = slots[id];
      const std::uint32_t name = name_of[a.pack];
      runtime::LocalShape s;
      if (name != runtime::spk::kNone &&
          runtime::find_shape(packs[a.pack].view, a.player, runtime::ShapeKind::kBox, name, s)) {
        out.emplace_back(id, runtime::world_box(a.player, s));
      }
    }
    return out;
  }

  // After a tick: the pairs overlapping now; those that did not after the tick before
  // start a contact on the striking actor.
  void find_contacts() {
    if (scene.contacts.empty()) return;
    for (std::uint32_t id : with_contacts)
      contacts_of[id].clear();
    with_contacts.clear();
    std::vector<Pair> now;
    for (std::uint32_t r = 0; r < scene.contacts.size(); ++r) {
      const auto strikers = boxes_named(rule_box[r]);
      if (strikers.empty()) continue;
      const auto targets = boxes_named(rule_against[r]);
      for (const auto& [a, box] : strikers) {
        for (const auto& [b, other] : targets) {
          if (a != b && runtime::overlaps(box, other)) now.push_back({r, a, b});
        }
      }
    }
    for (const Pair& p : now) {  // sorted by construction: rules, then ids in name order
      if (std::binary_search(overlapping.begin(), overlapping.end(), p)) continue;
      std::vector<std::pair<std::uint32_t, std::uint32_t>>& mine = contacts_of[p.actor];
      if (mine.empty()) with_contacts.push_back(p.actor);
      mine.emplace_back(rule_event[p.rule], p.other);
    }
    for (std::uint32_t id : with_contacts) {
      auto& mine = contacts_of[id];
      std::sort(mine.begin(), mine.end());
      mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
    }
    overlapping = std::move(now);
  }

  // The distinct contact events an actor raised on this tick (indexes, sorted).
  std::vector<std::uint32_t> contact_events_of(std::uint32_t id) const {
    std::vector<std::uint32_t> out;
    if (contacts_of.empty()) return out;
    for (const auto& c : contacts_of[id]) {
      if (out.empty() || out.back() != c.first) out.push_back(c.first);
    }
    return out;
  }

  void count_contact_events(std::uint32_t id, std::vector<std::int64_t>& by_actor,
                            std::vector<std::int64_t>& by_event) const {
    for (std::uint32_t e : contact_events_of(id)) {
      ++by_actor[id];
      ++by_event[e];
    }
  }

  bool step() {
    if (failure) return false;
    const bool ok = run_tick();
    if (ok) find_contacts();
    return ok;
  }

  bool run_tick() {
    states_valid = false;
    touched.clear();
    ++tick;
    if (tick == 0) {
      clock = 0;
      run_script(0);
      return check_tick();
    }
    // Actors destroyed on the previous tick are gone and events are per tick (those of the
    // previous tick are counted now); then (1): the live actors step, in name order, each
    // checked against the limits as it stands after its step.
    bool all_within = true;
    std::size_t kept = 0;
    // The packs' views copied here, so the compiler may keep them in registers (they cannot
    // alias the actors the loop writes).
    const std::size_t pack_count = packs.size();
    std::vector<runtime::PackView> views;
    views.reserve(pack_count);
    for (const ScenePack& p : packs)
      views.push_back(p.view);
    const runtime::PackView first = pack_count > 0 ? views[0] : runtime::PackView{};
    for (std::size_t i = 0; i < order.size(); ++i) {
      const std::uint32_t id = order[i];
      SimActor& a = slots[id];
      if (!a.events.empty()) count_events(id, a);
      if (!contacts_of.empty() && !contacts_of[id].empty())
        count_contact_events(id, events_by_actor, contact_event_counts);
      if (a.destroyed) {
        live[id] = 0;
        continue;
      }
      order[kept++] = id;
      clear_events(a);
      if (a.player.speed > kMaxStepsPerTick * 1000 && !check_pace(id, a)) return false;
      // An actor whose tick only counted down is as it was: within the limits (the tick
      // before ended with every actor within them, and its events were just cleared).
      if (a.pack == 0 ? actor_tick(a, first) : actor_tick(a, views[a.pack])) {
        all_within = all_within && within_limits(a);
      }
    }
    order.resize(kept);
    clock += scene.speed;  // (2)
    run_script(clock);
    // (3) The limits after the tick: phase (2) changed only the actors its items name, so
    // when those and everyone after phase (1) are within them, all are. Otherwise the full
    // check in name order finds the first actor over a limit, as it always did.
    for (std::uint32_t id : touched)
      all_within = all_within && (!live[id] || within_limits(slots[id]));
    return all_within || check_tick();
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
                                             diag::Sink& sink, CallRecorder* recorder) {
  if (!check_scene_against_packs(scene, packs, sink)) return std::nullopt;
  auto impl = std::make_unique<Impl>();
  impl->scene = scene;
  impl->packs = std::move(packs);
  // The pieces point at these views: the packs stay where they are from here on.
  if (!impl->pieces.bind(impl->scene, impl->packs, sink)) return std::nullopt;
  if (!impl->packs.empty()) impl->rate = impl->packs[0].view.tick_rate();  // one for all
  impl->shortest_step = shortest_steps(impl->packs);
  impl->intern(impl->scene);
  impl->bind_contacts();
  impl->recorder = recorder;
  for (const ActorSpec& a : impl->scene.actors)
    impl->spawn(a, impl->id_of(a.name));
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
  if (!impl_->states_valid) impl_->snapshot();
  return impl_->states;
}
const std::vector<ScenePack>& Simulation::packs() const {
  return impl_->packs;
}
const std::vector<std::string>& Simulation::actor_names() const {
  return impl_->names;
}

void Simulation::append_trace(std::string& out) const {
  const Impl& m = *impl_;
  std::vector<std::string_view> events;
  std::vector<TraceShape> shapes;
  std::vector<std::pair<std::string_view, std::string_view>> contacts;
  std::vector<TraceLayer> layers;
  for (std::uint32_t id : m.order) {
    const SimActor& a = m.slots[id];
    const runtime::PackView& view = m.packs[a.pack].view;
    const runtime::ActorView v = runtime::describe(view, a.player);
    TraceLine line;
    line.tick = m.tick;
    line.actor = m.names[id];
    line.action = v.action;
    line.step = v.step;
    line.view = v.view;
    line.frame = v.frame;
    line.flip = v.flip;
    line.x = a.player.x;
    line.y = a.player.y;
    const bool contacted = !m.contacts_of.empty() && !m.contacts_of[id].empty();
    if (!a.events.empty() || contacted) {
      events.clear();
      for (std::uint32_t code : a.events)
        events.push_back(runtime::event_name(view, code));
      for (std::uint32_t e : m.contact_events_of(id))
        events.push_back(m.contact_events[e]);
      line.events = events.data();
      line.event_count = events.size();
    }
    if (m.gear[id]) {
      layers.clear();
      runtime::for_each_layer(view, a.player, *m.gear[id], [&](const runtime::Layer& l) {
        layers.push_back({runtime::slot_name(view, l.slot), l.pack->frame_name(l.frame),
                          runtime::flip_name(l.flip)});
      });
      line.layered = true;
      line.layers = layers.data();
      line.layer_count = layers.size();
    }
    if (view.shape_count() != 0) {
      shapes.clear();
      runtime::for_each_shape(view, a.player, [&](const runtime::LocalShape& s) {
        shapes.push_back({view.shape_name(s.name), s.kind, a.player.x + s.x, a.player.y + s.y,
                          double(s.w), double(s.h)});
      });
      line.shapes = shapes.data();
      line.shape_count = shapes.size();
    }
    if (contacted) {
      contacts.clear();
      for (const auto& [e, other] : m.contacts_of[id])
        contacts.emplace_back(m.contact_events[e], m.names[other]);
      line.contacts = contacts.data();
      line.contact_count = contacts.size();
    }
    append_trace_line(out, line);
  }
}

namespace {

// The `top` largest counts, most first, ties by name.
std::vector<RunSummary::Count> busiest(const std::map<std::string_view, std::int64_t>& counts,
                                       std::size_t top) {
  std::vector<RunSummary::Count> all;
  for (const auto& [name, count] : counts) {
    if (count > 0) all.push_back({std::string(name), count});
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

RunSummary Simulation::event_summary() const {
  const Impl& m = *impl_;
  RunSummary s;
  std::map<std::string_view, std::int64_t> per_actor, per_event;
  // The counts so far, and the events of the last tick, which the actors still hold.
  std::vector<std::int64_t> by_actor = m.events_by_actor;
  std::vector<std::vector<std::int64_t>> by_pack_code = m.events_by_code;
  std::vector<std::int64_t> by_contact = m.contact_event_counts;
  for (std::uint32_t id : m.order) {
    const SimActor& a = m.slots[id];
    m.count_contact_events(id, by_actor, by_contact);
    by_actor[id] += std::int64_t(a.events.size());
    const std::size_t own = by_pack_code[a.pack].size() - 2;
    for (std::uint32_t code : a.events) {
      ++by_pack_code[a.pack][code == runtime::kEventFinished    ? own
                             : code == runtime::kEventDestroyed ? own + 1
                                                                : code];
    }
  }
  for (std::size_t id = 0; id < m.names.size(); ++id) {
    if (!m.appeared[id]) continue;
    ++s.actors;
    s.events += by_actor[id];
    s.busy_actors += by_actor[id] > 0 ? 1 : 0;
    if (by_actor[id] > 0) per_actor[m.names[id]] = by_actor[id];
  }
  for (std::size_t p = 0; p < m.packs.size(); ++p) {
    const std::vector<std::int64_t>& by_code = by_pack_code[p];
    const std::size_t own = by_code.size() - 2;
    for (std::size_t c = 0; c < by_code.size(); ++c) {
      if (by_code[c] == 0) continue;
      const std::string_view name = c == own       ? std::string_view("finished")
                                    : c == own + 1 ? std::string_view("destroyed")
                                                   : m.packs[p].view.event_name(std::uint32_t(c));
      per_event[name] += by_code[c];
    }
  }
  for (std::size_t e = 0; e < by_contact.size(); ++e) {
    if (by_contact[e] > 0) per_event[m.contact_events[e]] += by_contact[e];
  }
  s.event_kinds = std::int64_t(per_event.size());
  s.top_events = busiest(per_event, kSummaryTop);
  s.top_actors = busiest(per_actor, kSummaryTop);
  return s;
}

}  // namespace spritec::sim
