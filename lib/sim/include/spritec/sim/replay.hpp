// spritec::sim — a run as the calls a game makes on its actors (`simulate --replay`,
// docs/scenes.md, "Replaying a scene in a game", schemas/replay.schema.json).
//
// The script (epochs, until: finished, moves, spawn and despawn) is the simulator's; a game
// that wants to show the same run needs only the calls the script made on the actors' players,
// tick by tick, in the order it made them. A Simulation created with a CallRecorder reports
// each such call as it makes it (simulation.cpp, at the one place each is made); ReplayWriter
// is the recorder that writes them as the "spritec-replay" JSON document.
//
// Actors are named by index: the index of the actor's name among every name the scene can
// put on stage, sorted in byte order (Simulation::actor_names()), so index order is the
// order actors tick in and trace lines are written in. A name spawned again is the same
// index (the new actor replaces the old, as in the simulator).
//
// Costs: nothing when no recorder is given (a null pointer checked where the script calls
// the player, never in the tick loop). ReplayWriter keeps one tick's calls (bounded by the
// scene's items, whose number the scene reader caps) and writes a block at a time: memory
// does not grow with the number of ticks. Nothing thrown, nothing printed.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/sim/scene.hpp"

namespace spritec::sim {

// The calls the simulator makes on an actor's player (runtime/player.hpp, layers.hpp), in
// the order it makes them. `actor` is the index described above.
class CallRecorder {
 public:
  virtual ~CallRecorder() = default;
  // A fresh ActorState (and, for a layered master, a fresh Equipment) in the actor's place,
  // replacing any actor of that name: x, y set, set_speed(speed), set_angle(angle) (0..359).
  // Its first action comes as the next call (play, restart false).
  virtual void spawn(std::uint32_t actor, std::uint32_t pack, Position at, std::int64_t angle,
                     std::int32_t speed) = 0;
  virtual void play(std::uint32_t actor, std::string_view action, bool restart) = 0;
  virtual void angle(std::uint32_t actor, std::int64_t degrees) = 0;  // 0..359
  virtual void input(std::uint32_t actor, std::string_view input, bool held) = 0;
  virtual void speed(std::uint32_t actor, std::int32_t thousandths) = 0;
  virtual void unequip(std::uint32_t actor, std::string_view slot) = 0;
  virtual void equip(std::uint32_t actor, std::string_view slot, std::uint32_t pack) = 0;
  // st.x, st.y set to `at` (a move's position on this tick, the exact double).
  virtual void at(std::uint32_t actor, Position at) = 0;
  // The actor raises `destroyed` on this tick and leaves before the next.
  virtual void despawn(std::uint32_t actor) = 0;
};

// Writes the replay document to `out` as the run goes:
//   {"format":"spritec-replay","version":[1,0],"tick_rate":R,"packs":[…],"actors":[…],
//    "ticks":[
//   [0,[CALL,…]],
//   [T,[CALL,…]]
//   ],"last_tick":N}
// one line per tick that has calls. Call begin() once before the run's first tick (after the
// Simulation is created: its initial actors' calls are tick 0's), end_tick(t) after each
// tick, finish(last) once at the end.
class ReplayWriter final : public CallRecorder {
 public:
  explicit ReplayWriter(std::ostream& out) : out_(out) {}
  void begin(std::uint32_t tick_rate, const std::vector<PackRef>& packs,
             const std::vector<std::string>& actors);
  void end_tick(std::int64_t tick);
  void finish(std::int64_t last_tick);

  void spawn(std::uint32_t actor, std::uint32_t pack, Position at, std::int64_t angle,
             std::int32_t speed) override;
  void play(std::uint32_t actor, std::string_view action, bool restart) override;
  void angle(std::uint32_t actor, std::int64_t degrees) override;
  void input(std::uint32_t actor, std::string_view input, bool held) override;
  void speed(std::uint32_t actor, std::int32_t thousandths) override;
  void unequip(std::uint32_t actor, std::string_view slot) override;
  void equip(std::uint32_t actor, std::string_view slot, std::uint32_t pack) override;
  void at(std::uint32_t actor, Position at) override;
  void despawn(std::uint32_t actor) override;

 private:
  void open_call(std::uint32_t actor);  // `{"actor":i,` after a comma when not the first
  void flush();

  std::ostream& out_;
  std::string calls_;  // this tick's calls, comma-separated (those of create() are tick 0's)
  std::string block_;  // text not yet written
  bool any_tick_ = false;
};

}  // namespace spritec::sim
