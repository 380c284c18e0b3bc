// spritec::runtime — the action player: steps an actor through a pack's actions exactly as
// DESIGN.md section 3 says. Header-only, std-only; nothing here allocates, throws or
// prints, so a game can call tick() for thousands of actors per frame.
//
// Usage:
//   ActorState hero;                       // position, angle, speed, inputs, action, step
//   hero.x = 40; hero.y = 70;
//   set_angle(pack, hero, 90);
//   EventBuffer events;
//   start(pack, hero, pack.find_action("walk"), /*restart=*/false, events);
//   each tick: events.clear(); tick(pack, hero, events); draw current_step(pack, hero)…
//
// The rules, in short (section 3 is the reference):
// - view = floor((((angle - first_view) mod 360) * views + 180) / 360) mod views, for any
//   integer angle; the step index is shared by all views, so turning never restarts.
// - Countdown in thousandths of a tick: entering a step adds ticks * 1000, each tick
//   subtracts the speed (thousandths; 0 pauses), and while it is <= 0 the step ends (its
//   move added to the position) and the next is entered with the remainder carried (its
//   event raised; on a reversed action its move subtracted on entry instead).
// - Modes loop (after the last step comes loop_from, counted in played order), pingpong
//   (end steps not repeated; a cycle completes when step 0's time runs out after a walk
//   back) and once; reverse plays the list as if written backwards. The reported step is
//   always the index in the list.
// - At the end of a cycle: (1) the action's non-immediate transitions top-down (all `when`
//   inputs held, all `unless` released) switch the actor; (2) on the last cycle (once, or
//   the repeat-th) the event `finished` is raised and `then` applies: hold keeps the last
//   step forever, destroy raises `destroyed` and marks the actor (it still shows its last
//   step), an action name switches (itself: restart); (3) else the next cycle starts.
// - Immediate transitions are tried at the start of every tick, before the countdown (also
//   while an action holds its last step); when one switches, the clock does not advance on
//   that tick. They are not tried again at the end of a cycle.
// - A switch enters the first played step at once (its event raised, on the same tick) with
//   a fresh countdown (no remainder carried); angle and position are kept. start() with the
//   action already playing does nothing unless restart is asked.
//
// Events go to a sink: any callable taking (std::uint32_t code). Codes below
// pack.event_count() are the pack's events; kEventFinished and kEventDestroyed are the
// built-in ones (event_name() gives every code's name). EventBuffer is a fixed-capacity
// sink that counts what did not fit.
//
// Preconditions (SPRITEC_ASSERTed, not checked; see spk_reader.hpp): the PackView was
// accepted by parse_pack() and is the one the actor was started with; action indices are
// < pack.action_count().
//
// Costs: tick() is O(1) per step entered plus O(t) for an action's t transition rules at a
// cycle end (and at every tick while it has immediate rules); start() is O(t). Nothing here
// looks a name up except input_bit() (a linear scan: call it at load time, or use
// PackIndex::input_bit).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "spritec/runtime/spk_reader.hpp"

namespace spritec::runtime {

constexpr std::uint32_t kEventFinished = 0xFFFFFFFEu;
constexpr std::uint32_t kEventDestroyed = 0xFFFFFFFDu;

// The name of an event code: the pack's event name, "finished" or "destroyed".
inline std::string_view event_name(const PackView& pack, std::uint32_t code) {
  if (code == kEventFinished) return "finished";
  if (code == kEventDestroyed) return "destroyed";
  return pack.event_name(code);
}

// A fixed-capacity event sink. Events past kCapacity in one tick are counted in `dropped`
// (only speeds far above 1 with many evented steps get there).
struct EventBuffer {
  static constexpr std::size_t kCapacity = 32;
  std::uint32_t codes[kCapacity] = {};
  std::size_t count = 0;
  std::size_t dropped = 0;

  void clear() {
    count = 0;
    dropped = 0;
  }
  void operator()(std::uint32_t code) {
    if (count < kCapacity) {
      codes[count++] = code;
    } else {
      ++dropped;
    }
  }
};

// One actor. The caller may set x, y, speed and inputs directly at any time (between
// ticks); the angle through set_angle() (it picks the view); the action through start().
// The remaining fields are the player's: read them, don't write them.
struct ActorState {
  double x = 0.0;
  double y = 0.0;
  std::int32_t speed = 1000;  // thousandths of normal speed; 0 pauses; < 0 acts as 0
  std::uint64_t inputs = 0;   // held inputs: bit i = the pack's input i

  std::uint32_t action = kNone;  // index of the action playing; kNone before start()
  std::uint32_t step = 0;        // the step shown: its index in the action's list
  std::uint32_t view = 0;        // the view chosen from angle
  std::int32_t angle = 0;        // degrees, normalised to 0..359
  std::int64_t countdown = 0;    // thousandths of a tick left in the step
  std::uint32_t played = 0;      // position of the step in played order
  std::uint32_t cycles = 0;      // cycles completed in this action
  bool backward = false;         // pingpong: walking back towards the first step
  bool holding = false;          // finished with then: hold (shows its last step)
  bool destroyed = false;        // finished with then: destroy; tick() does nothing
  bool has_immediate = false;    // the action has immediate transitions
};

// The view of `views` that an angle selects (DESIGN.md section 3), for any integer angle.
inline std::uint32_t choose_view(std::int64_t angle, std::int64_t first_view, std::uint32_t views) {
  if (views <= 1) return 0;
  std::int64_t d = (angle % 360 - first_view % 360) % 360;  // no overflow for any input
  if (d < 0) d += 360;
  return static_cast<std::uint32_t>(((d * std::int64_t(views) + 180) / 360) % std::int64_t(views));
}

// Sets the actor's angle (any integer, kept normalised to 0..359) and picks the view.
inline void set_angle(const PackView& pack, ActorState& st, std::int64_t angle) {
  std::int64_t a = angle % 360;
  if (a < 0) a += 360;
  st.angle = static_cast<std::int32_t>(a);
  if (st.action != kNone) {
    const Action act = pack.action(st.action);
    st.view = choose_view(st.angle, act.first_view, act.views);
  } else {
    st.view = 0;
  }
}

// Sets the speed in thousandths (1000 = normal, 0 = paused; negative values act as 0).
inline void set_speed(ActorState& st, std::int32_t thousandths) {
  st.speed = thousandths;
}

// The bit of input index i (kNone, an input the pack lacks, gives 0: pressing it is a no-op).
inline std::uint64_t input_bit(std::uint32_t i) {
  return i < spk::kMaxInputs ? (std::uint64_t(1) << i) : 0;
}
// The input bit of a named input (0 when the pack has no such input). A linear scan of the
// input names (PackView::find_input): keep the bit, or use PackIndex::input_bit().
inline std::uint64_t input_bit(const PackView& pack, std::string_view name) {
  return input_bit(pack.find_input(name));
}
inline void press(ActorState& st, std::uint64_t bits) {
  st.inputs |= bits;
}
inline void release(ActorState& st, std::uint64_t bits) {
  st.inputs &= ~bits;
}

// The step the player enters after the one at position `played` (in played order) of
// action `a` ends, and whether that step's end ends a cycle (DESIGN.md section 3): loop
// goes on at loop_from, once stays on its last step, pingpong walks back (`backward`, the
// actor's state, says it is walking back and is updated) and its cycle ends when step 0's
// time runs out after the walk back, the next cycle starting at position 1. advance() steps
// actors by it; the exporter lists an action's played order by it (export/model.cpp).
struct NextStep {
  std::uint32_t played = 0;  // the position entered next (when the cycle goes on)
  bool cycle_end = false;
};
inline NextStep next_played(const Action& a, std::uint32_t played, bool& backward) {
  const std::uint32_t n = a.steps_per_view;
  const std::uint32_t p = played;
  switch (a.mode) {
    case Mode::kLoop:
      return p + 1 >= n ? NextStep{a.loop_from, true} : NextStep{p + 1, false};
    case Mode::kOnce:
      return p + 1 >= n ? NextStep{p, true} : NextStep{p + 1, false};
    case Mode::kPingpong:
      if (n == 1) return {0, true};
      if (!backward) {
        if (p + 1 < n) return {p + 1, false};
        backward = true;
        return {p - 1, false};
      }
      if (p != 0) return {p - 1, false};
      backward = false;
      return {1, true};
  }
  return {};
}

namespace player_detail {

template <typename Sink>
inline void enter_step(const PackView& pack, ActorState& st, const Action& a, std::uint32_t played,
                       Sink& sink) {
  st.played = played;
  st.step = a.reverse ? a.steps_per_view - 1 - played : played;
  const Step s = pack.step(a, st.view, st.step);
  st.countdown += std::int64_t(s.ticks) * 1000;
  if (s.has_event()) sink(s.event);
  if (a.reverse) {
    st.x -= s.move_x;
    st.y -= s.move_y;
  }
}

template <typename Sink>
inline void enter_action(const PackView& pack, ActorState& st, std::uint32_t index, Sink& sink) {
  const Action a = pack.action(index);
  st.action = index;
  st.cycles = 0;
  st.backward = false;
  st.holding = false;
  st.countdown = 0;  // fresh: no remainder carried across actions
  st.view = choose_view(st.angle, a.first_view, a.views);
  st.has_immediate = false;
  for (std::uint32_t t = 0; t < a.transition_count; ++t) {
    if (pack.transition(a.first_transition + t).immediate) {
      st.has_immediate = true;
      break;
    }
  }
  enter_step(pack, st, a, 0, sink);
}

// Tries the action's immediate (or non-immediate) rules top-down; switches on the first
// match and returns true.
template <typename Sink>
inline bool try_transitions(const PackView& pack, ActorState& st, const Action& a, bool immediate,
                            Sink& sink) {
  for (std::uint32_t t = 0; t < a.transition_count; ++t) {
    const Transition tr = pack.transition(a.first_transition + t);
    if (tr.immediate != immediate) continue;
    if (tr.matches(st.inputs)) {
      enter_action(pack, st, tr.to, sink);
      return true;
    }
  }
  return false;
}

// The countdown ran out: end steps and enter the next ones until it is positive again, or
// the action finishes or switches.
template <typename Sink>
inline void advance(const PackView& pack, ActorState& st, Sink& sink) {
  const Action a = pack.action(st.action);
  while (st.countdown <= 0) {
    if (!a.reverse) {
      const Step s = pack.step(a, st.view, st.step);
      st.x += s.move_x;
      st.y += s.move_y;
    }
    const NextStep next_step = next_played(a, st.played, st.backward);
    const std::uint32_t next = next_step.played;
    const bool cycle_end = next_step.cycle_end;
    if (cycle_end) {
      if (st.cycles != 0xFFFFFFFFu) ++st.cycles;
      if (try_transitions(pack, st, a, /*immediate=*/false, sink)) return;
      const bool last = a.mode == Mode::kOnce || (a.repeat != 0 && st.cycles >= a.repeat);
      if (last) {
        sink(kEventFinished);
        switch (a.then_kind) {
          case ThenKind::kHold:
            st.holding = true;
            return;
          case ThenKind::kDestroy:
            sink(kEventDestroyed);
            st.destroyed = true;
            return;
          case ThenKind::kAction:
            enter_action(pack, st, a.then_action, sink);
            return;
        }
      }
    }
    enter_step(pack, st, a, next, sink);
  }
}

}  // namespace player_detail

// Switches the actor to action `index` (the scene's or a game's "play this"): nothing
// happens when it already plays that action, unless `restart`. A destroyed actor stays
// destroyed (reuse the slot with a fresh ActorState).
template <typename Sink>
inline void start(const PackView& pack, ActorState& st, std::uint32_t index, bool restart,
                  Sink&& sink) {
  SPRITEC_ASSERT(index < pack.action_count());
  if (st.destroyed) return;
  if (index == st.action && !restart) return;
  player_detail::enter_action(pack, st, index, sink);
}

// Advances the actor by one tick. Returns true when more than its countdown may have
// changed — a step ended or a transition switched actions, so its step, position or events
// may be new — and false when the tick only counted down (or the actor holds, is destroyed
// or has no action): a caller may skip re-reading such an actor.
template <typename Sink>
inline bool tick(const PackView& pack, ActorState& st, Sink&& sink) {
  if (st.destroyed || st.action == kNone) return false;
  if (st.has_immediate) {
    const Action a = pack.action(st.action);
    if (player_detail::try_transitions(pack, st, a, /*immediate=*/true, sink)) return true;
  }
  if (st.holding) return false;
  st.countdown -= st.speed > 0 ? st.speed : 0;
  if (st.countdown > 0) return false;
  player_detail::advance(pack, st, sink);
  return true;
}

// What the actor shows: the current step of the current view (the last step when holding).
inline Step current_step(const PackView& pack, const ActorState& st) {
  SPRITEC_ASSERT(st.action != kNone);
  return pack.step(pack.action(st.action), st.view, st.step);
}

// A play mode as definitions, `inspect --json` and spritec-json name it: "loop", "pingpong"
// or "once".
inline const char* play_mode_name(Mode mode) {
  switch (mode) {
    case Mode::kLoop:
      return "loop";
    case Mode::kPingpong:
      return "pingpong";
    case Mode::kOnce:
      return "once";
  }
  return "loop";
}

// A flip as a trace shows it: "", "x", "y" or "xy" (takes a Flip or its stored byte).
inline const char* flip_name(std::uint8_t flip) {
  switch (flip & kFlipXY) {
    case kFlipX:
      return "x";
    case kFlipY:
      return "y";
    case kFlipXY:
      return "xy";
    default:
      return "";
  }
}

// Everything a trace line shows of an actor.
struct ActorView {
  std::string_view action;  // "" before start()
  std::uint32_t step = 0;
  std::uint32_t view = 0;
  std::string_view frame;  // "" for a blank step
  const char* flip = "";   // "", "x", "y" or "xy"
  double x = 0.0;
  double y = 0.0;
  bool destroyed = false;
};

inline ActorView describe(const PackView& pack, const ActorState& st) {
  ActorView v;
  v.x = st.x;
  v.y = st.y;
  v.destroyed = st.destroyed;
  if (st.action == kNone) return v;
  v.action = pack.action_name(st.action);
  v.step = st.step;
  v.view = st.view;
  const Step s = current_step(pack, st);
  v.frame = pack.frame_name(s.frame);
  v.flip = flip_name(s.flip);
  return v;
}

}  // namespace spritec::runtime
