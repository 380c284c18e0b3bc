// spritec preview --equip SLOT=PACK: the pieces a layered master's preview is drawn with,
// each opened as scene packs are (a .spk read, anything else compiled in memory; the
// definition's own paths under the project root), checked against the master by the
// runtime's rule (runtime::check_piece; sim::piece_problem words it) and bound.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "compile.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/render/action_preview.hpp"
#include "spritec/runtime/layers.hpp"

namespace spritec::pipeline {

// The pieces loaded and bound. `equipped` points into the object: keep it where it is.
struct PreviewEquipment {
  std::vector<std::unique_ptr<LoadedPack>> files;
  std::vector<std::unique_ptr<runtime::Piece>> pieces;
  runtime::Equipment gear;
  render::Equipped equipped;
  std::vector<std::filesystem::path> inputs;  // every file the pieces were read from
};

// Where a piece's problem is reported (check --master, preview --equip): at the piece's
// action `action` (runtime::kNone: none) when the definition has it, else at its slot:.
diag::Span piece_span(const def::Definition& piece, const runtime::PackView& view,
                      std::uint32_t action);

// Loads every --equip piece for `master` (read from `master_file`). Reports, and returns
// null after reporting any error: E0255 at the master's file when it is not layered or
// has no slot SLOT; at the piece E0255 when it is not one or fills another slot, E0252-E0254
// when its actions do not fit, W0250 when its own timing is ignored — a definition's at
// the action named (piece_span), a pack's at its file (0:0). Every --equip is checked, so one run
// lists every problem. Precondition: the slots of `equip` are distinct and not empty.
std::unique_ptr<PreviewEquipment> load_equipment(const std::vector<EquipPiece>& equip,
                                                 const LoadedPack& master,
                                                 const std::string& master_file,
                                                 const std::filesystem::path& root,
                                                 diag::Sink& sink);

}  // namespace spritec::pipeline
