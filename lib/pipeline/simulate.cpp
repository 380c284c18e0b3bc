#include <cassert>
#include <filesystem>
#include <memory>

#include "outputs.hpp"
#include "report.hpp"
#include "scene_packs.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/sim/trace.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err) {
  ReportFormat report_format(options.format, options.colour);
  if (options.scene.size() > 13 &&
      options.scene.compare(options.scene.size() - 13, 13, ".sprites.yaml") == 0) {
    err << "spritec simulate: " << options.scene
        << " is a definition; simulate runs a scene (*.scene.yaml) that lists it under packs: "
           "(spritec check checks a definition, spritec preview --action A plays one action)\n";
    return 2;
  }
  // --ticks is checked once, where it is parsed (the CLI's CLI::Range); here its range is
  // the caller's promise (SimulateOptions).
  assert(options.ticks >= -1 && options.ticks <= sim::kMaxTicks);
  diag::Sink sink;
  std::optional<sim::Scene> scene = sim::read_scene_file(options.scene, sink);
  std::optional<ScenePacks> packs;
  if (scene) packs = load_scene_packs(*scene, options.root, false, sink);
  if (!scene || !packs) return report(sink, err);

  sim::RunOptions run;
  if (options.ticks >= 0) run.max_ticks = options.ticks;
  // The trace and the replay stream into their outputs as they are made (stdout, or a
  // temporary beside the file, named only when the run succeeded); nothing is written over
  // an input.
  std::ostream* trace = nullptr;
  io::OutputSet outputs;
  std::unique_ptr<std::ostream> trace_file, replay_file;
  if (options.trace == "-") trace = &out;
  const bool trace_to_file = !options.trace.empty() && options.trace != "-";
  if (trace_to_file || !options.replay.empty()) {
    io::OutputPlan plan;
    plan.input(options.scene, "the scene");
    for (const auto& file : packs->files) {
      for (const fs::path& input : file->inputs)
        plan.input(input, "a file the scene reads");
    }
    if (trace_to_file) plan.output(options.trace, "--trace");
    if (!options.replay.empty()) plan.output(options.replay, "--replay");
    if (!check_outputs(plan, sink)) return report(sink, err);
    if (trace_to_file) {
      diag::Result<io::StagedFile*> staged = outputs.open(options.trace);
      if (!staged) return write_failed(sink, err, "simulate", staged.error);
      trace_file = std::make_unique<std::ostream>(staged.value->streambuf());
      trace = trace_file.get();
    }
    if (!options.replay.empty()) {
      diag::Result<io::StagedFile*> staged = outputs.open(options.replay);
      if (!staged) return write_failed(sink, err, "simulate", staged.error);
      replay_file = std::make_unique<std::ostream>(staged.value->streambuf());
    }
  }
  std::optional<sim::RunSummary> summary =
      sim::run_scene(*scene, std::move(packs->packs), run, trace, sink, replay_file.get());
  int status = report(sink, err);
  if (!summary || status != 0) return status != 0 ? status : 1;
  if (trace_file) trace_file->flush();
  if (replay_file) replay_file->flush();
  if (trace_file || replay_file) {
    if (diag::Status<> committed = outputs.commit(); !committed)
      return write_failed(sink, err, "simulate", committed.error);
  }
  if (options.trace.empty()) sim::write_summary(out, *summary);
  return 0;
}

}  // namespace spritec::pipeline
