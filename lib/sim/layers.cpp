// A piece checked against its master, in words (sim/layers.hpp).
#include "spritec/sim/layers.hpp"

#include <vector>

#include "spritec/diag/suggest.hpp"

namespace spritec::sim {

std::optional<PieceProblem> piece_problem(const runtime::PieceCheck& check,
                                          const runtime::PackView& master,
                                          std::string_view master_name,
                                          const runtime::PackView& piece,
                                          std::string_view piece_name) {
  using diag::Code;
  using runtime::PieceMismatch;
  const std::string m = "'" + std::string(master_name) + "'";
  const std::string p = "'" + std::string(piece_name) + "'";
  auto action = [&](std::uint32_t i) { return "'" + std::string(piece.action_name(i)) + "'"; };
  auto counted = [](std::uint32_t n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
  };
  switch (check.mismatch) {
    case PieceMismatch::kFits:
      break;
    case PieceMismatch::kNotLayered:
      return PieceProblem{Code::kPieceSlot, true,
                          m + " is not a layered master (its definition declares no layers:), so "
                              "it has no slots to equip"};
    case PieceMismatch::kNotPiece:
      return PieceProblem{Code::kPieceSlot, true,
                          p + " is not an equipment piece (its definition declares no slot:)"};
    case PieceMismatch::kUnknownSlot:
      return PieceProblem{Code::kPieceSlot, true,
                          p + " fills slot '" + std::string(piece.piece_slot()) + "', which " + m +
                              " does not declare"};
    case PieceMismatch::kAction:
      return PieceProblem{
          Code::kPieceAction, true,
          p + " has action " + action(check.piece_action) + ", which its master " + m + " lacks"};
    case PieceMismatch::kViews:
      return PieceProblem{Code::kPieceViews, true,
                          "action " + action(check.piece_action) + " of " + p + " has " +
                              counted(check.piece_count, "view") + "; its master " + m + " has " +
                              counted(check.master_count, "view")};
    case PieceMismatch::kSteps:
      return PieceProblem{Code::kPieceSteps, true,
                          "action " + action(check.piece_action) + " of " + p + " has " +
                              counted(check.piece_count, "step") + " per view; its master " + m +
                              " has " + counted(check.master_count, "step")};
  }
  if (check.timing_action == runtime::kNone) return std::nullopt;
  const bool rate = master.tick_rate() != piece.tick_rate();
  return PieceProblem{Code::kPieceTiming, false,
                      rate ? p + " runs at " + std::to_string(piece.tick_rate()) +
                                 " ticks per second, its master " + m + " at " +
                                 std::to_string(master.tick_rate()) +
                                 ": a piece's own durations and events are ignored"
                           : "the durations or events of action " + action(check.timing_action) +
                                 " of " + p + " differ from those of its master " + m +
                                 ": a piece's own are ignored, the master's clock plays it"};
}

void PieceProblem::report(diag::Sink& sink, const diag::Span& span,
                          const std::string& prefix) const {
  if (error) {
    sink.error(code, span, prefix + message);
  } else {
    sink.warning(code, span, prefix + message);
  }
}

std::optional<PieceProblem> slot_problem(const runtime::PackView& master,
                                         std::string_view master_name, std::string_view slot) {
  const std::string m = "pack '" + std::string(master_name) + "'";
  if (!master.layered()) {
    return PieceProblem{diag::Code::kPieceSlot, true,
                        m +
                            " is not a layered master (its definition declares no layers:), so "
                            "it has no slot '" +
                            std::string(slot) + "'"};
  }
  if (master.find_slot(slot) != runtime::kNone) return std::nullopt;
  std::vector<std::string> names;
  std::string listed;
  for (std::uint32_t i = 0; i < master.slot_count(); ++i) {
    names.emplace_back(master.slot_name(i));
    listed += (i ? ", " : "") + names.back();
  }
  const std::string near = diag::nearest(std::string(slot), names);
  return PieceProblem{diag::Code::kPieceSlot, true,
                      m + " has no slot '" + std::string(slot) + "' (" +
                          (near.empty() ? "its slots: " + listed : "did you mean '" + near + "'?") +
                          ")"};
}

std::optional<PieceProblem> wrong_slot_problem(const runtime::PackView& piece,
                                               std::string_view piece_name, std::string_view slot) {
  if (!piece.piece() || piece.piece_slot() == slot) return std::nullopt;
  return PieceProblem{diag::Code::kPieceSlot, true,
                      "pack '" + std::string(piece_name) + "' fills slot '" +
                          std::string(piece.piece_slot()) + "', not '" + std::string(slot) + "'"};
}

}  // namespace spritec::sim
