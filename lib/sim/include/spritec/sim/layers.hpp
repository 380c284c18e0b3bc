// spritec::sim — layered actors in scenes: a piece checked against its master, said as a
// diagnostic. The rule itself is the runtime's (runtime::check_piece, runtime/layers.hpp);
// this is the one place that words it, for scenes (simulation.cpp) and for
// `spritec check --master` (pipeline).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "spritec/diag/codes.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/runtime/layers.hpp"

namespace spritec::sim {

struct PieceProblem {
  diag::Code code = diag::Code::kPieceSlot;
  bool error = true;  // false: W0250, the piece's own timing is ignored
  std::string message;

  // Reported to `sink` at `span`, as an error or a warning, the message after `prefix`.
  void report(diag::Sink& sink, const diag::Span& span, const std::string& prefix = "") const;
};

// What check_piece found, in words naming the packs as the user calls them (`piece_name`,
// `master_name`): E0252 (an action the master lacks), E0253 (views), E0254 (steps), E0255
// (slot, not a piece, no layered master), or W0250 (timing ignored); nothing when the piece
// fits without remark.
std::optional<PieceProblem> piece_problem(const runtime::PieceCheck& check,
                                          const runtime::PackView& master,
                                          std::string_view master_name,
                                          const runtime::PackView& piece,
                                          std::string_view piece_name);

// E0255 when `slot` is no slot of `master`: the master is not layered, or does not declare
// it (with the nearest slot's name, or the slots it has).
std::optional<PieceProblem> slot_problem(const runtime::PackView& master,
                                         std::string_view master_name, std::string_view slot);

// E0255 when `piece` is a piece of another slot than `slot` (check_piece says whether it is
// a piece at all).
std::optional<PieceProblem> wrong_slot_problem(const runtime::PackView& piece,
                                               std::string_view piece_name, std::string_view slot);

}  // namespace spritec::sim
