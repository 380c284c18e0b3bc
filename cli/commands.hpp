// One function per subcommand that declares its flags into an options struct; the work is
// done by spritec::pipeline::run_<command>(options), callable from tests without a process.
#pragma once

#include <CLI/CLI.hpp>

#include "spritec/pipeline/commands.hpp"

namespace spritec::cli {

// --format text|json|github: how diagnostics are written (every command that reports them).
inline CLI::Option* add_format(CLI::App* cmd, std::string& format) {
  return cmd
      ->add_option("--format", format,
                   "Diagnostics as text, json or github (workflow annotations), on stderr")
      ->check(CLI::IsMember({"text", "json", "github"}))
      ->capture_default_str();
}

CLI::App* add_check(CLI::App& app, pipeline::CheckOptions& options);
CLI::App* add_build(CLI::App& app, pipeline::BuildOptions& options);
CLI::App* add_inspect(CLI::App& app, pipeline::InspectOptions& options);
CLI::App* add_unpack(CLI::App& app, pipeline::UnpackOptions& options);
CLI::App* add_simulate(CLI::App& app, pipeline::SimulateOptions& options);
CLI::App* add_preview(CLI::App& app, pipeline::PreviewOptions& options);

}  // namespace spritec::cli
