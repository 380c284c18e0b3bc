// One function per subcommand that declares its flags into an options struct; the work is
// done by spritec::pipeline::run_<command>(options), callable from tests without a process.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "spritec/diag/render.hpp"
#include "spritec/pipeline/commands.hpp"

namespace spritec::cli {

// --format text|json|github, checked by CLI11 and handed over as an enum. `description`
// says where the diagnostics go; `flag` is --diagnostics for export, whose --format is the
// engine format.
inline CLI::Option* add_format(
    CLI::App* cmd, diag::Format& format,
    const std::string& description =
        "Diagnostics as text, json or github (workflow annotations), on stderr",
    const std::string& flag = "--format") {
  return cmd
      ->add_option_function<std::string>(
          flag,
          [&format](const std::string& text) {
            format = text == "json"     ? diag::Format::kJson
                     : text == "github" ? diag::Format::kGithub
                                        : diag::Format::kText;
          },
          description)
      ->check(CLI::IsMember({"text", "json", "github"}))
      ->default_str("text");
}

// --allow-loss CODES (build, export): comma-separated W07xx codes or `all`, repeatable;
// the pipeline checks the codes (a usage error names a wrong one).
inline CLI::Option* add_allow_loss(CLI::App* cmd, std::vector<std::string>& codes) {
  return cmd
      ->add_option("--allow-loss", codes,
                   "Accept what an export format cannot carry: these W07xx codes (comma-"
                   "separated) or all, reported as notes that --werror does not fail on")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("CODES");
}

// The check every output flag takes: an empty name, or a file's name that ends in a
// directory (`out/`), is a usage error before anything is made.
inline CLI::Validator output_name(pipeline::OutputName kind) {
  return CLI::Validator(
      [kind](std::string& text) { return pipeline::output_name_problem(text, kind); }, "");
}

// --equip SLOT=PACK (preview, serve), repeatable: split at the first '=', neither side
// empty, or a usage error naming the flag.
inline CLI::Option* add_equip(CLI::App* cmd, std::vector<pipeline::EquipPiece>& pieces,
                              const std::string& description) {
  auto parse = [](const std::string& text) -> std::optional<pipeline::EquipPiece> {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) return std::nullopt;
    return pipeline::EquipPiece{text.substr(0, eq), text.substr(eq + 1)};
  };
  CLI::Validator valid(
      [parse](std::string& text) -> std::string {
        if (parse(text)) return {};
        return "takes SLOT=PACK (a slot of the master, a piece's definition or .spk), not '" +
               text + "'";
      },
      "SLOT=PACK");
  return cmd
      ->add_option_function<std::vector<std::string>>(
          "--equip",
          [&pieces, parse](const std::vector<std::string>& texts) {
            for (const std::string& text : texts)
              pieces.push_back(*parse(text));
          },
          description)
      ->check(valid)
      ->allow_extra_args(false);
}

CLI::App* add_check(CLI::App& app, pipeline::CheckOptions& options);
CLI::App* add_build(CLI::App& app, pipeline::BuildOptions& options);
CLI::App* add_export(CLI::App& app, pipeline::ExportOptions& options);
CLI::App* add_inspect(CLI::App& app, pipeline::InspectOptions& options);
CLI::App* add_unpack(CLI::App& app, pipeline::UnpackOptions& options);
CLI::App* add_simulate(CLI::App& app, pipeline::SimulateOptions& options);
CLI::App* add_preview(CLI::App& app, pipeline::PreviewOptions& options);
CLI::App* add_detect(CLI::App& app, pipeline::DetectOptions& options);
CLI::App* add_serve(CLI::App& app, pipeline::ServeOptions& options);

}  // namespace spritec::cli
