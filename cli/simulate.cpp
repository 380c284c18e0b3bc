#include <cstdint>
#include <string>

#include "commands.hpp"

namespace spritec::cli {

CLI::App* add_simulate(CLI::App& app, pipeline::SimulateOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "simulate", "Run a scene's script headlessly and write a per-tick trace (JSON Lines)");
  cmd->add_option("scene", o.scene, "Scene file (*.scene.yaml)")->required();
  // A range check on the 64-bit value: a negative, non-numeric or huge N is a usage error
  // naming the flag (never a run that cannot end).
  cmd->add_option("--ticks", o.ticks,
                  "Write ticks 0 … N, N from 0 to " + std::to_string(pipeline::max_ticks()) +
                      " (default: until the last script item ends)")
      ->check(CLI::Range(std::int64_t(0), pipeline::max_ticks()));
  cmd->add_option("--trace", o.trace,
                  "Write the trace here (- for stdout); without it, print a short summary")
      ->check(output_name(pipeline::OutputName::kFile));
  cmd->add_option("--replay", o.replay,
                  "Also write the run as the calls a game makes on its actors, tick by tick "
                  "(JSON, docs/scenes.md)")
      ->check(output_name(pipeline::OutputName::kFile))
      // One JSON document beside a trace that may go to stdout: a file only.
      ->check([](const std::string& name) {
        return name == "-" ? std::string("the replay is written to a file, not to stdout (-)")
                           : std::string();
      });
  cmd->add_option("--root", o.root, "Project root: inputs must stay inside it")
      ->capture_default_str();
  add_format(cmd, o.format);
  cmd->footer(
      "Examples:\n"
      "  spritec simulate samples/hero/hero.scene.yaml\n"
      "  spritec simulate demo.scene.yaml --ticks 40 --trace demo.jsonl\n"
      "  spritec simulate demo.scene.yaml --trace demo.jsonl --replay demo.replay.json");
  return cmd;
}

}  // namespace spritec::cli
