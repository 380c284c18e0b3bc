#include "commands.hpp"

namespace spritec::cli {

CLI::App* add_check(CLI::App& app, pipeline::CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand("check", "Check definition files and report every problem");
  cmd->add_option("files", o.files,
                  "Definitions (*.sprites.yaml) and scenes (*.scene.yaml, with the definitions "
                  "they compile)")
      ->required();
  add_format(cmd, o.format,
             "Diagnostics as text (on stderr), json or github annotations (on stdout)");
  cmd->add_option("-j,--jobs", o.jobs, "Threads for decoding images (0 = all cores)")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  cmd->add_flag("--werror", o.werror, "Treat warnings as errors");
  cmd->add_option("--entry", o.entries,
                  "Entry actions, comma-separated or the flag repeated (--entry idle,walk): warn "
                  "about actions no rule or then: reaches from them")
      ->allow_extra_args(false)
      ->delimiter(',');
  cmd->add_option("--master", o.master,
                  "A layered master's definition: check every file as an equipment piece of it "
                  "(same action names, views and step counts)");
  cmd->add_option("--root", o.root, "Project root: inputs must stay inside it")
      ->capture_default_str();
  cmd->footer(
      "Examples:\n"
      "  spritec check samples/hero/hero.sprites.yaml\n"
      "  spritec check --format github --werror --entry idle assets/*.sprites.yaml\n"
      "  spritec check --master body.sprites.yaml helmet.sprites.yaml sword.sprites.yaml");
  return cmd;
}

}  // namespace spritec::cli
