// spritec: flags -> options -> pipeline. Usage errors exit 2, input errors 1, I/O or
// internal failures 3 (DESIGN.md section 6).
#include <algorithm>
#include <exception>
#include <functional>
#include <iostream>
#include <vector>

#include "commands.hpp"
#include "spritec/def/schema.hpp"

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
    pipeline::InspectOptions inspect;
    pipeline::UnpackOptions unpack;
    runs.emplace_back(cli::add_check(app, check), [&] { return pipeline::run_check(check); });
    runs.emplace_back(cli::add_build(app, build), [&] { return pipeline::run_build(build); });
    runs.emplace_back(cli::add_inspect(app, inspect),
                      [&] { return pipeline::run_inspect(inspect); });
    runs.emplace_back(cli::add_unpack(app, unpack), [&] { return pipeline::run_unpack(unpack); });
    pipeline::SimulateOptions simulate;
    runs.emplace_back(cli::add_simulate(app, simulate),
                      [&] { return pipeline::run_simulate(simulate); });
    pipeline::PreviewOptions preview;
    runs.emplace_back(cli::add_preview(app, preview),
                      [&] { return pipeline::run_preview(preview); });

    // An unknown command word: say so, with the nearest command, rather than CLI11's
    // "A subcommand is required".
    if (argc > 1 && argv[1][0] != '-') {
      std::vector<std::string> names;
      for (auto& entry : runs)
        names.push_back(entry.first->get_name());
      std::string word = argv[1];
      if (std::find(names.begin(), names.end(), word) == names.end()) {
        std::string near = def::nearest(word, names);
        std::cerr << "spritec: unknown command '" << word << "'"
                  << (near.empty() ? "" : " (did you mean '" + near + "'?)")
                  << "; run 'spritec --help' for the list\n";
        return 2;
      }
    }
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      int code = app.exit(e);
      // --help and --version are successes; everything else is a usage error.
      return code == 0 ? 0 : 2;
    }
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
