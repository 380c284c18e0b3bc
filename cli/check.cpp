#include "commands.hpp"

namespace spritec::cli {

CLI::App* add_check(CLI::App& app, pipeline::CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand("check", "Check definition files and report every problem");
  cmd->add_option("files", o.files, "Definition files (*.sprites.yaml)")->required();
  cmd->add_option("--format", o.format, "Diagnostics as text, json or github annotations")
      ->check(CLI::IsMember({"text", "json", "github"}))
      ->capture_default_str();
  cmd->add_flag("--werror", o.werror, "Treat warnings as errors");
  cmd->add_option("--entry", o.entries,
                  "Entry actions: warn about actions no rule or then: reaches from them")
      ->allow_extra_args(false)
      ->delimiter(',');
  cmd->add_option("--root", o.root, "Project root: inputs must stay inside it")
      ->capture_default_str();
  cmd->footer(
      "Examples:\n"
      "  spritec check samples/hero/hero.sprites.yaml\n"
      "  spritec check --format github --werror --entry idle assets/*.sprites.yaml");
  return cmd;
}

}  // namespace spritec::cli
