#include <filesystem>

#include "input_kind.hpp"
#include "preview_equip.hpp"
#include "report.hpp"
#include "scene_packs.hpp"
#include "spritec/atlas/atlas.hpp"
#include "spritec/atlas/pages.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/runtime/layers.hpp"
#include "spritec/runtime/spk_layout.hpp"
#include "spritec/sim/layers.hpp"

namespace spritec::pipeline {

std::string pack_format_version() {
  return std::to_string(runtime::spk::kVersionMajor) + "." +
         std::to_string(runtime::spk::kVersionMinor);
}

std::string spritec_version() {
  return SPRITEC_VERSION;
}

namespace {

// A definition as build takes it: loaded and checked, every image decoded, frames cut,
// trimmed and packed — everything short of composing and encoding pages — so a definition
// check accepts is one build builds. With variants the base pages are composed (each
// variant is scaled from them) and every variant's frames scaled and packed.
void plan_definition(const def::Definition& definition, int jobs, diag::Sink& sink) {
  atlas::Options plan;
  plan.jobs = jobs;
  plan.plan_only = true;
  // check wants the atlas's diagnostics, not the atlas: they are in the sink. With variants
  // the base pages are made as build makes them (stored: bleed, premultiply, and seen
  // straight again), the pages the variants are scaled from, short of encoding them.
  std::optional<atlas::Atlas> base;
  if (definition.variants.empty()) {
    base = atlas::build_atlas(definition, plan, sink);
  } else {
    atlas::PageOptions pages;
    pages.encode = false;
    std::optional<atlas::StoredAtlas> stored =
        atlas::build_stored_atlas(definition, plan, pages, sink);
    if (stored) base = std::move(stored->atlas);
  }
  for (const def::Variant& variant : definition.variants) {
    std::optional<atlas::Atlas> scaled;
    if (base) scaled = atlas::scale_atlas(definition, *base, variant, plan, sink);
    if (!scaled) return;
    plan.variant_area_left -= scaled->stats.page_area;
  }
}

// A definition with layers: split is built as its pieces (the master has no frames), so
// each piece is what check plans.
void check_definition(const std::string& file, const def::LoadOptions& load, int jobs,
                      diag::Sink& sink) {
  std::optional<def::Definition> definition =
      def::load_definition(std::filesystem::path(file), load, sink);
  if (!definition) return;
  if (!definition->layers.split) return plan_definition(*definition, jobs, sink);
  for (const def::Definition& piece : def::split_pieces(*definition))
    plan_definition(piece, jobs, sink);
}

// A scene as simulate and preview take it: the scene, the packs it names (definitions are
// compiled, with their reachability warnings from the scene's actions) and the checks of
// the scene against them.
void check_scene(const std::string& file, const std::string& root, diag::Sink& sink) {
  std::optional<sim::Scene> scene = sim::read_scene_file(file, sink);
  if (!scene) return;
  std::optional<ScenePacks> packs = load_scene_packs(*scene, root, false, sink, true);
  if (!packs) return;
  // The same: the scene's diagnostics against its packs, not the Simulation.
  static_cast<void>(sim::Simulation::create(*scene, std::move(packs->packs), sink));
}

}  // namespace

diag::Span piece_span(const def::Definition& piece, const runtime::PackView& view,
                      std::uint32_t action) {
  if (action != runtime::kNone) {
    if (const def::Action* a = piece.find_action(std::string(view.action_name(action))))
      return a->span;
  }
  return piece.layers.slot.empty() ? piece.pack_span : piece.layers.slot_span;
}

namespace {

// `check --master`: the master and every piece compiled as build compiles them, then each
// piece checked against the master by the runtime's rule (sim::piece_problem words it).
void check_pieces(const CheckOptions& options, diag::Sink& sink) {
  CompileOptions compile;
  compile.root = options.root;
  compile.jobs = options.jobs;
  compile.keep_pages = false;
  std::optional<Compiled> master = compile_definition(options.master, compile, sink);
  runtime::PackView master_view;
  if (master && !runtime::parse_pack(master->bytes.data(), master->bytes.size(), master_view))
    master.reset();  // the writer's own output: cannot fail
  const runtime::PackIndex index(master_view);
  for (const std::string& file : options.files) {
    std::optional<Compiled> piece = compile_definition(file, compile, sink);
    runtime::PackView view;
    if (!master || !piece || !runtime::parse_pack(piece->bytes.data(), piece->bytes.size(), view))
      continue;
    const runtime::PieceCheck c = runtime::check_piece(index, view);
    const std::optional<sim::PieceProblem> problem =
        sim::piece_problem(c, master_view, master->definition.pack, view, piece->definition.pack);
    if (!problem) continue;
    const bool on_master = c.mismatch == runtime::PieceMismatch::kNotLayered;
    const diag::Span span = on_master
                                ? master->definition.pack_span
                                : piece_span(piece->definition, view,
                                             problem->error ? c.piece_action : c.timing_action);
    problem->report(sink, span);
  }
}

}  // namespace

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  diag::Sink sink;
  def::LoadOptions load;
  load.root = options.root;
  load.entries = options.entries;
  load.jobs = options.jobs;
  for (const std::string& file : options.files) {
    InputKind kind = input_kind(file);
    if (!options.master.empty() && kind != InputKind::kDefinition) {
      err << "spritec check: --master checks equipment pieces, definitions (*.sprites.yaml): "
          << file << " is not one\n";
      return 2;
    }
    if (kind == InputKind::kPack || kind == InputKind::kAseprite) {
      err << wrong_kind("check", file, {InputKind::kDefinition, InputKind::kScene}).error.message
          << '\n';
      return 2;
    }
    if (!options.master.empty()) {
      continue;  // all at once below
    } else if (kind == InputKind::kScene) {
      check_scene(file, options.root, sink);
    } else {
      check_definition(file, load, options.jobs, sink);
    }
  }
  if (!options.master.empty()) check_pieces(options, sink);
  sink.finalize(options.werror);
  if (options.format != diag::Format::kText) {
    diag::render(out, sink, options.format, {});
  } else {
    diag::render_text(err, sink, {options.colour, true});
    if (!sink.has_errors() && sink.warning_count() == 0) {
      out << options.files.size() << (options.files.size() == 1 ? " file" : " files")
          << " checked: no problems\n";
    }
  }
  return exit_status(sink);
}

}  // namespace spritec::pipeline
