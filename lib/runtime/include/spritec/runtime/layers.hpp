// spritec::runtime — layered actors: a body and its equipment played as one (format 1.3;
// docs/runtime.md, "Layered actors"). Header-only, std-only.
//
// A layered master (PackView::layered()) is an ordinary pack whose actions are the clock —
// steps, durations, modes, events, moves and transitions all come from it — and which
// declares slots and, for each view, the order they are drawn in, back to front; `self` in
// that order is the master's own frame. An equipment piece (PackView::piece()) fills one
// slot: its actions have the master's names, views and step counts (it may leave some
// out), and only their frames and flips count. An actor plays the master with the player
// (player.hpp) exactly as any actor; what it draws is, for its current step and view, the
// slots of that view's order, each showing its piece's step of the same index.
//
// Usage:
//   Piece chest;                                   // once per (master, piece) pair, at load
//   if (!bind_piece(body, chest_pack, chest)) …   // the check says what differs
//   Equipment gear;                               // per actor: which piece each slot shows
//   equip(gear, chest);                           // or unequip(gear, slot): never touches
//                                                 // the clock
//   each tick: tick(body, hero, events); for_each_layer(body, hero, gear, [&](const Layer& l)
//     { draw l.pack's frame l.frame, flipped by l.flip, at the actor's position; });
//
// Costs: bind_piece() is O(a log a) over the two packs' actions a plus O(s) over their
// steps, and allocates one entry per master action; equip(), unequip() and for_each_layer()
// allocate nothing, and for_each_layer() is O(1) per slot of the view's order (one step
// record read each).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "spritec/runtime/pack_index.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace spritec::runtime {

// What keeps a piece from being played with a master (docs/errors.md names each kind).
enum class PieceMismatch {
  kFits,         // the piece fits (check_piece found no mismatch)
  kNotLayered,   // the master declares no layers
  kNotPiece,     // the piece declares no slot (or is itself a master)
  kUnknownSlot,  // the piece's slot is not one of the master's
  kAction,       // the piece has an action the master lacks
  kViews,        // an action's views differ
  kSteps,        // an action's steps per view differ
};

// The outcome of check_piece(): the first mismatch found (actions in the piece's order),
// and, when there is none, the first action whose own timing the master overrides.
struct PieceCheck {
  PieceMismatch mismatch = PieceMismatch::kFits;
  std::uint32_t slot = kNone;           // the master's slot the piece fills
  std::uint32_t piece_action = kNone;   // the piece's action at fault (kAction, kViews, kSteps)
  std::uint32_t master_action = kNone;  // the master's action of that name (kViews, kSteps)
  std::uint32_t master_count = 0;       // the master's views or steps per view
  std::uint32_t piece_count = 0;        // the piece's
  // The first of the piece's actions whose steps' ticks or events differ from the
  // master's (or every action when the tick rates differ): they are ignored, a warning.
  std::uint32_t timing_action = kNone;

  bool ok() const { return mismatch == PieceMismatch::kFits; }
  explicit operator bool() const { return ok(); }
};

namespace layers_detail {

// Whether the steps of two actions of equal shape take the same ticks and raise the same
// events (by name).
inline bool same_timing(const PackView& master, const Action& m, const PackView& piece,
                        const Action& p) {
  const std::uint32_t n = m.views * m.steps_per_view;
  for (std::uint32_t i = 0; i < n; ++i) {
    const Step a = master.step(m.first_step + i);
    const Step b = piece.step(p.first_step + i);
    if (a.ticks != b.ticks || a.has_event() != b.has_event()) return false;
    if (a.has_event() && master.event_name(a.event) != piece.event_name(b.event)) return false;
  }
  return true;
}

}  // namespace layers_detail

// Checks that `piece` can be played with `master` (see PieceMismatch). `index` is a
// PackIndex of the master (built once for all its pieces).
inline PieceCheck check_piece(const PackIndex& index, const PackView& piece) {
  const PackView& master = index.pack();
  PieceCheck c;
  auto fail = [&c](PieceMismatch m) {
    c.mismatch = m;
    return c;
  };
  if (!master.layered()) return fail(PieceMismatch::kNotLayered);
  if (!piece.piece()) return fail(PieceMismatch::kNotPiece);
  c.slot = master.find_slot(piece.piece_slot());
  if (c.slot == kNone) return fail(PieceMismatch::kUnknownSlot);
  const bool same_rate = master.tick_rate() == piece.tick_rate();
  for (std::uint32_t i = 0; i < piece.action_count(); ++i) {
    c.piece_action = i;
    c.master_action = index.find_action(piece.action_name(i));
    if (c.master_action == kNone) return fail(PieceMismatch::kAction);
    const Action m = master.action(c.master_action);
    const Action p = piece.action(i);
    if (m.views != p.views) {
      c.master_count = m.views;
      c.piece_count = p.views;
      return fail(PieceMismatch::kViews);
    }
    if (m.steps_per_view != p.steps_per_view) {
      c.master_count = m.steps_per_view;
      c.piece_count = p.steps_per_view;
      return fail(PieceMismatch::kSteps);
    }
    if (c.timing_action == kNone &&
        (!same_rate || !layers_detail::same_timing(master, m, piece, p)))
      c.timing_action = i;
  }
  c.piece_action = c.master_action = kNone;
  return c;
}

// A piece bound to its master: for each of the master's actions, the first step record of
// the piece's action of that name (kNone: the piece leaves that action out). Its pack and
// the master must outlive it.
struct Piece {
  const PackView* pack = nullptr;
  std::uint32_t slot = kNone;  // the master's slot it fills
  std::vector<std::uint32_t> first_step;
};

// Checks the piece (check_piece) and, when it fits, binds it into `out`. Allocates one
// entry per master action (may throw std::bad_alloc); `out` is untouched on a mismatch.
inline PieceCheck bind_piece(const PackIndex& index, const PackView& piece, Piece& out) {
  const PieceCheck c = check_piece(index, piece);
  if (!c) return c;
  const PackView& master = index.pack();
  std::vector<std::uint32_t> first(master.action_count(), kNone);
  for (std::uint32_t i = 0; i < piece.action_count(); ++i)
    first[index.find_action(piece.action_name(i))] = piece.action(i).first_step;
  out.pack = &piece;
  out.slot = c.slot;
  out.first_step = std::move(first);
  return c;
}

// Which piece each of an actor's slots shows (null: nothing). Equipping or unequipping
// changes only this: the actor's clock (ActorState) is not touched.
struct Equipment {
  const Piece* slots[spk::kMaxSlots] = {};
};

inline void equip(Equipment& gear, const Piece& piece) {
  SPRITEC_ASSERT(piece.slot < spk::kMaxSlots);
  gear.slots[piece.slot] = &piece;
}
inline void unequip(Equipment& gear, std::uint32_t slot) {
  SPRITEC_ASSERT(slot < spk::kMaxSlots);
  gear.slots[slot] = nullptr;
}

// One layer an actor draws: a frame of `pack` (the master's for `self`), flipped about its
// origin, at the actor's position. `step` is that pack's step record (its boxes and points:
// for_each_step_shape).
struct Layer {
  std::uint32_t slot = kNone;  // a slot index, or spk::kLayerSelf
  const PackView* pack = nullptr;
  std::uint32_t step = 0;
  std::uint32_t frame = 0;
  Flip flip = kFlipNone;
};

// Calls visit(const Layer&) for each layer the actor draws, back to front: the current
// view's order, each slot showing its piece's step of the current index (a slot with
// nothing equipped, a piece without the current action and a blank step draw nothing). A
// master that is not layered draws itself alone. Nothing before the actor's first action.
template <typename Visit>
inline void for_each_layer(const PackView& master, const ActorState& st, const Equipment& gear,
                           Visit&& visit) {
  if (st.action == kNone) return;
  const Action a = master.action(st.action);
  const std::uint32_t offset = st.view * a.steps_per_view + st.step;
  auto draw = [&](std::uint32_t slot, const PackView& pack, std::uint32_t index) {
    const Step s = pack.step(index);
    if (!s.blank()) visit(Layer{slot, &pack, index, s.frame, s.flip});
  };
  if (!master.layered()) {
    draw(spk::kLayerSelf, master, a.first_step + offset);
    return;
  }
  const std::uint32_t width = master.slot_count() + 1;
  for (std::uint32_t k = 0; k < width; ++k) {
    const std::uint32_t slot = master.layer_entry(st.view, k);
    if (slot == kNone) break;
    if (slot == spk::kLayerSelf) {
      draw(slot, master, a.first_step + offset);
      continue;
    }
    const Piece* piece = gear.slots[slot];
    if (piece == nullptr || piece->first_step[st.action] == kNone) continue;
    draw(slot, *piece->pack, piece->first_step[st.action] + offset);
  }
}

// The slot's name as a trace shows it: "self" for spk::kLayerSelf.
inline std::string_view slot_name(const PackView& master, std::uint32_t slot) {
  return slot == spk::kLayerSelf ? std::string_view("self") : master.slot_name(slot);
}

}  // namespace spritec::runtime
