#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "outputs.hpp"
#include "report.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/pipeline/scene_packs.hpp"
#include "spritec/sim/trace.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

// The actions a scene starts, spawns or switches actors of `pack` into: the entries of the
// reachability check (DESIGN.md section 3), so a definition compiled for a scene warns
// about actions nothing in it or the scene can reach.
std::vector<std::string> scene_entries(const sim::Scene& scene, const std::string& pack) {
  std::map<std::string, std::string> pack_of;  // actor -> pack
  std::set<std::string> entries;
  for (const sim::ActorSpec& a : scene.actors) {
    pack_of[a.name] = a.pack;
    if (a.pack == pack) entries.insert(a.action);
  }
  for (const sim::ScriptStep& step : scene.script) {
    for (const sim::Item& item : step.items) {
      if (item.kind == sim::ItemKind::kSpawn) {
        pack_of[item.spawn.name] = item.spawn.pack;
        if (item.spawn.pack == pack) entries.insert(item.spawn.action);
      } else if (item.kind == sim::ItemKind::kActor && item.action) {
        auto it = pack_of.find(item.actor);
        if (it != pack_of.end() && it->second == pack) entries.insert(*item.action);
      }
    }
  }
  return {entries.begin(), entries.end()};
}

}  // namespace

std::optional<ScenePacks> load_scene_packs(const sim::Scene& scene, const fs::path& root,
                                           bool decode_pages, diag::Sink& sink, bool reachability) {
  ScenePacks out;
  bool failed = false;
  for (const sim::PackRef& ref : scene.packs) {
    std::string why;
    std::optional<fs::path> path = io::resolve_inside_root(root, scene.directory, ref.path, &why);
    if (!path) {
      sink.error(diag::Code::kPathOutsideRoot, ref.path_span,
                 "pack path '" + ref.path + "' is not allowed: " + why +
                     "; paths are relative to the scene and must stay inside the project root: "
                     "run spritec from your project's top directory, or pass --root DIR");
      failed = true;
      continue;
    }
    std::error_code ec;
    if (!fs::is_regular_file(*path, ec)) {
      sink.error(diag::Code::kFileUnreadable, ref.path_span,
                 "pack '" + ref.name + "': " + io::display_path(*path) + " does not exist");
      failed = true;
      continue;
    }
    CompileOptions compile;
    compile.root = root;
    if (reachability) compile.entries = scene_entries(scene, ref.name);
    std::unique_ptr<LoadedPack> pack =
        open_or_compile(fs::path(ref.path).is_absolute() ? *path : scene.directory / ref.path,
                        compile, sink, decode_pages);
    if (!pack) {
      failed = true;
      continue;
    }
    std::optional<sim::ScenePack> loaded =
        sim::load_pack_bytes(ref.name, pack->bytes, ref.path_span, sink);
    if (!loaded) {
      failed = true;
      continue;
    }
    out.packs.push_back(std::move(*loaded));
    out.files.push_back(std::move(pack));
  }
  if (failed) return std::nullopt;
  return out;
}

int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err) {
  ReportFormat report_format(options.format, options.color);
  if (options.scene.size() > 13 &&
      options.scene.compare(options.scene.size() - 13, 13, ".sprites.yaml") == 0) {
    err << "spritec simulate: " << options.scene
        << " is a definition; simulate runs a scene (*.scene.yaml) that lists it under packs: "
           "(spritec check checks a definition, spritec preview --action A plays one action)\n";
    return 2;
  }
  // The CLI checks --ticks with CLI::Range; callers of this function get the same answer.
  if (options.ticks < -1 || options.ticks > sim::kMaxTicks) {
    err << "spritec simulate: --ticks takes 0 to " << sim::kMaxTicks << ", not " << options.ticks
        << '\n';
    return 2;
  }
  diag::Sink sink;
  std::optional<sim::Scene> scene = sim::read_scene_file(options.scene, sink);
  std::optional<ScenePacks> packs;
  if (scene) packs = load_scene_packs(*scene, options.root, false, sink);
  if (!scene || !packs) return report(sink, err);

  sim::RunOptions run;
  if (options.ticks >= 0) run.max_ticks = options.ticks;
  // The trace streams into its output as it is made (stdout, or a temporary beside the
  // trace file, named only when the run succeeded); nothing is written over an input.
  std::ostream* trace = nullptr;
  io::OutputSet outputs;
  std::unique_ptr<std::ostream> trace_file;
  if (options.trace == "-") {
    trace = &out;
  } else if (!options.trace.empty()) {
    io::OutputPlan plan;
    plan.input(options.scene, "the scene");
    for (const auto& file : packs->files) {
      for (const fs::path& input : file->inputs)
        plan.input(input, "a file the scene reads");
    }
    plan.output(options.trace, "--trace");
    if (!check_outputs(plan, sink)) return report(sink, err);
    io::StagedFile* staged = nullptr;
    std::string why = outputs.open(options.trace, &staged);
    if (!why.empty()) return write_failed(sink, err, "simulate", why);
    trace_file = std::make_unique<std::ostream>(staged->streambuf());
    trace = trace_file.get();
  }
  std::optional<sim::RunSummary> summary =
      sim::run_scene(*scene, std::move(packs->packs), run, trace, sink);
  int status = report(sink, err);
  if (!summary || status != 0) return status != 0 ? status : 1;
  if (trace_file) {
    trace_file->flush();
    std::string why = outputs.commit();
    if (!why.empty()) return write_failed(sink, err, "simulate", why);
  } else if (options.trace.empty()) {
    sim::write_summary(out, *summary);
  }
  return 0;
}

}  // namespace spritec::pipeline
