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
  std::uint32_t pack = 0;
  runtime::ActorState player;
  diag::Span span;                  // the actor's name where the scene defines it
  std::vector<std::string> events;  // raised on the current tick, in order
  std::int64_t events_over = 0;     // raised past kMaxEventsPerTick + 1 (not stored)
  bool raised_finished = false;     // `finished` was among them
  bool destroyed = false;           // destroyed (then: destroy) or despawned this tick
};

// Records an event raised on the current tick (stored up to kMaxEventsPerTick + 1, so
// going past the cap is seen; counted after that).
void add_event(SimActor& a, std::string_view name);

// Puts the actor on stage: position, angle, speed, then its action entered at step 0
// (with that step's event, raised on this tick).
void start_actor(SimActor& a, const ScenePack& pack, std::uint32_t pack_index,
                 const ActorSpec& spec);
// Phase (1) of a tick for one actor.
void actor_tick(SimActor& a, const ScenePack& pack);
// A switch by the script (no self-restart unless `restart`). The name was checked.
void actor_set_action(SimActor& a, const ScenePack& pack, const std::string& action, bool restart);
// True when the actor's action has finished and holds its last step (it will never
// raise `finished` again without a switch).
bool actor_holding(const SimActor& a);
void actor_set_angle(SimActor& a, const ScenePack& pack, std::int64_t angle);
void actor_set_input(SimActor& a, const ScenePack& pack, const std::string& input, bool held);
void actor_set_speed(SimActor& a, std::int64_t thousandths);
Point actor_position(const SimActor& a);
void set_actor_position(SimActor& a, Point p);
// Action, step, view, frame and flip for the trace (name, position and events are
// filled by the caller).
ActorSnapshot actor_snapshot(const SimActor& a, const ScenePack& pack);

}  // namespace spritec::sim
