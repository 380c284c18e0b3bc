// Internal to sim: the one place that touches the runtime's action player
// (spritec/runtime/player.hpp). The script (simulation.cpp) only calls these functions, so
// no action rule lives in sim: views, countdowns, modes, cycles, transitions, then and
// root motion are all the player's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spritec/runtime/player.hpp"
#include "spritec/sim/scene.hpp"
#include "spritec/sim/simulation.hpp"

namespace spritec::sim {

struct SimActor {
  runtime::ActorState player;
  std::uint32_t pack = 0;
  // Raised on the current tick, in order: the pack's event indexes, or
  // runtime::kEventFinished / kEventDestroyed (runtime::event_name gives the names).
  std::vector<std::uint32_t> events;
  std::int64_t events_over = 0;  // raised past kMaxEventsPerTick + 1 (not stored)
  bool raised_finished = false;  // `finished` was among them
  bool destroyed = false;        // destroyed (then: destroy) or despawned this tick
};

// Records an event code raised on the current tick (stored up to kMaxEventsPerTick + 1, so
// going past the cap is seen; counted after that).
inline void add_event(SimActor& a, std::uint32_t code) {
  if (std::int64_t(a.events.size()) <= kMaxEventsPerTick) {
    a.events.push_back(code);
  } else {
    ++a.events_over;
  }
}

// Forgets the previous tick's events (keeping their storage).
inline void clear_events(SimActor& a) {
  a.events.clear();
  a.events_over = 0;
  a.raised_finished = false;
}

// A speed in thousandths as the player takes it (an int32; negative ones as 0).
std::int32_t clamp_speed(std::int64_t thousandths);

// Puts the actor on stage: position, angle, speed, then its action entered at step 0
// (with that step's event, raised on this tick).
void start_actor(SimActor& a, const ScenePack& pack, std::uint32_t pack_index,
                 const ActorSpec& spec);
// Collects the player's events as codes (names are looked up only when written).
struct EventCodes {
  SimActor& actor;
  void operator()(std::uint32_t code) const {
    add_event(actor, code);
    if (code == runtime::kEventFinished) actor.raised_finished = true;
    if (code == runtime::kEventDestroyed) actor.destroyed = true;
  }
};

// Phase (1) of a tick for one actor (inline: the tick loop's body; `view` is the actor's
// pack, which the loop keeps in a local copy).
inline bool actor_tick(SimActor& a, const runtime::PackView& view) {
  return runtime::tick(view, a.player, EventCodes{a});
}
// A switch by the script (no self-restart unless `restart`). The name was checked.
void actor_set_action(SimActor& a, const ScenePack& pack, const std::string& action, bool restart);
// True when the actor's action has finished and holds its last step (it will never
// raise `finished` again without a switch).
bool actor_holding(const SimActor& a);
void actor_set_angle(SimActor& a, const ScenePack& pack, std::int64_t angle);
void actor_set_input(SimActor& a, const ScenePack& pack, const std::string& input, bool held);
void actor_set_speed(SimActor& a, std::int64_t thousandths);
Position actor_position(const SimActor& a);
void set_actor_position(SimActor& a, Position p);
// Action, step, view, frame, flip, position and events (names) for readers; the name is
// filled by the caller.
ActorSnapshot actor_snapshot(const SimActor& a, const ScenePack& pack);

}  // namespace spritec::sim
