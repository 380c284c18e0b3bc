// spritec preview --equip: a layered master's pieces loaded, checked and bound.
#include "preview_equip.hpp"

#include "input_kind.hpp"
#include "spritec/sim/layers.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

std::string equip_text(const EquipPiece& e) {
  return "--equip " + e.slot + "=" + e.pack;
}

// E0255 when the master has no slot named `e.slot`.
bool slot_known(const EquipPiece& e, const LoadedPack& master, const std::string& master_file,
                diag::Sink& sink) {
  const std::optional<sim::PieceProblem> problem =
      sim::slot_problem(master.view, master.name, e.slot);
  if (problem) problem->report(sink, {master_file, 0, 0, 0}, equip_text(e) + ": ");
  return !problem;
}

// Where a problem of the piece is said: a definition's at the action named (read again:
// only a piece with a problem costs this), a pack's at its file.
diag::Span piece_at(const EquipPiece& e, const fs::path& root, const runtime::PackView& piece,
                    std::uint32_t action) {
  const diag::Span file{e.pack, 0, 0, 0};
  if (input_kind(e.pack) != InputKind::kDefinition) return file;
  def::LoadOptions load;
  load.root = root;
  diag::Sink quiet;  // its problems were said when it was compiled
  const std::optional<def::Definition> definition = def::load_definition(e.pack, load, quiet);
  return definition ? piece_span(*definition, piece, action) : file;
}

// The piece checked against the master (the runtime's rule, sim::piece_problem's words)
// and against the slot it was given for; bound into a Piece when it fits.
std::unique_ptr<runtime::Piece> bind(const EquipPiece& e, const runtime::PackIndex& index,
                                     const LoadedPack& master, const LoadedPack& piece,
                                     const fs::path& root, diag::Sink& sink) {
  auto bound = std::make_unique<runtime::Piece>();
  const runtime::PieceCheck c = runtime::bind_piece(index, piece.view, *bound);
  if (const std::optional<sim::PieceProblem> problem =
          sim::piece_problem(c, master.view, master.name, piece.view, piece.name)) {
    problem->report(
        sink, piece_at(e, root, piece.view, problem->error ? c.piece_action : c.timing_action),
        equip_text(e) + ": ");
    if (problem->error) return nullptr;
  }
  if (const std::optional<sim::PieceProblem> wrong =
          sim::wrong_slot_problem(piece.view, piece.name, e.slot)) {
    wrong->report(sink, piece_at(e, root, piece.view, runtime::kNone), equip_text(e) + ": ");
    return nullptr;
  }
  return bound;
}

}  // namespace

std::unique_ptr<PreviewEquipment> load_equipment(const std::vector<EquipPiece>& equip,
                                                 const LoadedPack& master,
                                                 const std::string& master_file,
                                                 const fs::path& root, diag::Sink& sink) {
  if (!master.view.layered()) {
    runtime::PieceCheck not_layered;
    not_layered.mismatch = runtime::PieceMismatch::kNotLayered;
    sim::piece_problem(not_layered, master.view, master.name, master.view, master.name)
        ->report(sink, {master_file, 0, 0, 0}, "--equip: ");
    return nullptr;
  }
  auto out = std::make_unique<PreviewEquipment>();
  const runtime::PackIndex index(master.view);
  CompileOptions compile;
  compile.root = root;
  bool failed = false;
  for (const EquipPiece& e : equip) {
    if (!slot_known(e, master, master_file, sink)) {
      failed = true;
      continue;
    }
    std::unique_ptr<LoadedPack> file = open_or_compile(e.pack, compile, sink, true);
    std::unique_ptr<runtime::Piece> piece =
        file ? bind(e, index, master, *file, root, sink) : nullptr;
    if (!piece) {
      failed = true;
      continue;
    }
    out->inputs.insert(out->inputs.end(), file->inputs.begin(), file->inputs.end());
    runtime::equip(out->gear, *piece);
    out->equipped.pieces.push_back({&file->view, &file->pages});
    out->pieces.push_back(std::move(piece));
    out->files.push_back(std::move(file));
  }
  if (failed) return nullptr;
  out->equipped.gear = &out->gear;
  return out;
}

}  // namespace spritec::pipeline
