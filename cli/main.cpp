// spritec: flags -> options -> pipeline. Usage errors exit 2, input errors 1, I/O or
// internal failures 3 (DESIGN.md section 6).
#include <algorithm>
#include <exception>
#include <functional>
#include <iostream>
#include <vector>

#include "commands.hpp"
#include "spritec/diag/suggest.hpp"
#include "terminal.hpp"

namespace {

// A CLI11 parse error as one line: the command, what is wrong, and for an unknown flag the
// nearest flag the command has.
std::string usage_message(CLI::App& sub, const CLI::ParseError& e) {
  const std::string command = "spritec " + sub.get_name();
  std::string what = e.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    std::vector<std::string> flags;
    for (const CLI::Option* option : sub.get_options()) {
      for (const std::string& name : option->get_lnames())
        flags.push_back("--" + name);
      for (const std::string& name : option->get_snames())
        flags.push_back("-" + name);
    }
    std::vector<std::string> extras;
    for (const std::string& word : sub.remaining())
      extras.push_back(word);
    std::string unknown;
    for (const std::string& word : extras) {
      if (word.size() < 2 || word[0] != '-') continue;
      std::string name = word.substr(0, word.find('='));
      std::string near = spritec::diag::nearest(name, flags, 3);
      return command + ": unknown flag " + name +
             (near.empty() ? "" : " (did you mean " + near + "?)") + "; run '" + command +
             " --help' for its flags";
    }
    if (!extras.empty()) {
      return command + ": unexpected argument '" + extras.front() + "'; run '" + command +
             " --help'";
    }
  }
  return command + ": " + what + "; run '" + command + " --help'";
}

// An unknown command word is said so, with the nearest command, rather than CLI11's
// "A subcommand is required": false when `word` (argv[1]) names no command.
template <class Runs>
bool known_command(const std::string& word, const Runs& runs) {
  if (!word.empty() && word[0] == '-') return true;
  std::vector<std::string> names;
  for (auto& entry : runs)
    names.push_back(entry.first->get_name());
  if (std::find(names.begin(), names.end(), word) != names.end()) return true;
  std::string near = spritec::diag::nearest(word, names);
  std::cerr << "spritec: unknown command '" << word << "'"
            << (near.empty() ? "" : " (did you mean '" + near + "'?)")
            << "; run 'spritec --help' for the list\n";
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace spritec;
  try {
    CLI::App app{"spritec — sprite-sheet compiler and animation previewer", "spritec"};
    app.set_version_flag("--version", "spritec " + pipeline::spritec_version() + " (pack format " +
                                          pipeline::pack_format_version() + ")");
    app.require_subcommand(1);
    app.footer(
        "Examples:\n"
        "  spritec check samples/hero/hero.sprites.yaml\n"
        "  spritec build samples/hero/hero.sprites.yaml -o hero.spk\n"
        "  spritec preview samples/hero/hero.scene.yaml -o hero.gif --scale 3\n"
        "Run 'spritec COMMAND --help' for a command's options.");

    pipeline::CheckOptions check;
    std::vector<std::pair<CLI::App*, std::function<int()>>> runs;
    pipeline::BuildOptions build;
    pipeline::ExportOptions export_options;
    pipeline::InspectOptions inspect;
    pipeline::UnpackOptions unpack;
    runs.emplace_back(cli::add_check(app, check), [&] { return pipeline::run_check(check); });
    runs.emplace_back(cli::add_build(app, build), [&] { return pipeline::run_build(build); });
    runs.emplace_back(cli::add_export(app, export_options),
                      [&] { return pipeline::run_export(export_options); });
    runs.emplace_back(cli::add_inspect(app, inspect),
                      [&] { return pipeline::run_inspect(inspect); });
    runs.emplace_back(cli::add_unpack(app, unpack), [&] { return pipeline::run_unpack(unpack); });
    pipeline::SimulateOptions simulate;
    runs.emplace_back(cli::add_simulate(app, simulate),
                      [&] { return pipeline::run_simulate(simulate); });
    pipeline::PreviewOptions preview;
    runs.emplace_back(cli::add_preview(app, preview),
                      [&] { return pipeline::run_preview(preview); });
    pipeline::DetectOptions detect;
    runs.emplace_back(cli::add_detect(app, detect), [&] { return pipeline::run_detect(detect); });
    pipeline::ServeOptions serve;
    runs.emplace_back(cli::add_serve(app, serve), [&] { return pipeline::run_serve(serve); });

    if (argc > 1 && !known_command(argv[1], runs)) return 2;
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      // --help and --version are successes; everything else is a usage error, said in one
      // line that names the command.
      if (e.get_exit_code() == 0) return app.exit(e);
      CLI::App* sub = nullptr;
      for (auto& entry : runs) {
        if (argc > 1 && entry.first->get_name() == argv[1]) sub = entry.first;
      }
      if (sub == nullptr) return app.exit(e) == 0 ? 0 : 2;
      std::cerr << usage_message(*sub, e) << '\n';
      return 2;
    }
    const cli::Terminal terminal = cli::detect_terminal();
    check.colour = build.colour = inspect.colour = unpack.colour = simulate.colour =
        preview.colour = detect.colour = export_options.colour = terminal.colour;
    build.progress = terminal.progress;
    for (auto& [sub, run] : runs) {
      if (sub->parsed()) return run();
    }
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "spritec: internal error: " << e.what() << '\n';
    return 3;
  } catch (...) {
    std::cerr << "spritec: internal error\n";
    return 3;
  }
}
