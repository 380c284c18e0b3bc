#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

#include "commands.hpp"
#include "spritec/sim/simulation.hpp"

namespace spritec::cli {

namespace {

// A whole decimal number within [0, max], nothing else.
bool is_index(const std::string& text, std::uint64_t max) {
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size() && v <= max;
}

// Flag checks with a message that says what the flag takes (CLI11 prefixes the flag).
CLI::Validator view_index() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text == "all" || is_index(text, std::numeric_limits<std::uint32_t>::max())) return {};
        return "takes a view index (0, 1, ...) or all, not '" + text + "'";
      },
      "INDEX|all");
}

CLI::Validator frame_range() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::uint64_t max = std::numeric_limits<std::int64_t>::max() - 1;
        std::size_t dots = text.find("..");
        if (dots != std::string::npos) {
          std::string a = text.substr(0, dots), b = text.substr(dots + 2);
          if (is_index(a, max) && is_index(b, max) && std::stoull(a) <= std::stoull(b)) return {};
        }
        return "takes A..B, output frames A to B (0-based, A <= B), not '" + text + "'";
      },
      "A..B");
}

CLI::Validator at_least_one() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (is_index(text, std::numeric_limits<int>::max()) &&
            text.find_first_not_of('0') != std::string::npos)
          return {};
        return "must be a whole number, at least 1, not '" + text + "'";
      },
      "N>=1");
}

}  // namespace

CLI::App* add_preview(CLI::App& app, pipeline::PreviewOptions& o) {
  using Options = pipeline::PreviewOptions;
  CLI::App* cmd = app.add_subcommand(
      "preview", "Render a scene, an action or a whole pack to GIF, APNG or a PNG strip");
  cmd->add_option("input", o.input, "A definition, a pack (.spk) or a scene (.scene.yaml)")
      ->required();
  cmd->add_option("-o,--output", o.output,
                  "OUT.gif, OUT.apng, or OUT.png (a strip; an APNG with --animated)")
      ->required();
  cmd->add_option("--action", o.action,
                  "Definitions and packs: the action to play (default: the first; in a PNG "
                  "strip: all)");
  cmd->add_option("--view", o.view,
                  "Definitions and packs: a view index, or all (default: all, side by side)")
      ->check(view_index());
  cmd->add_option("--scale", o.scale, "Integer upscaling, nearest neighbour (1-16)")
      ->capture_default_str()
      ->check(CLI::Range(1, Options::kMaxScale));
  cmd->add_option("--fps", o.fps,
                  "Preview frames per second, 1-1000, at most the tick rate (lowered to it, "
                  "with a note) (default: the scene's; 30)")
      ->check(CLI::Range(1, Options::kMaxFps));
  cmd->add_option(
      "--background", o.background,
      "#rrggbb, #rrggbbaa or none (default: the scene's stage; none for animated actions; "
      "#1d2b53 behind PNG strips)");
  cmd->add_flag("--debug", o.debug, "Draw frame outlines and origin markers");
  cmd->add_option("--frames", o.frames,
                  "Keep output frames A..B (0-based, inclusive; the others are never drawn)")
      ->check(frame_range());
  cmd->add_flag("--animated", o.animated, "With a .png output: write an animated PNG");
  cmd->add_option("--every", o.every, "A scene written as a PNG grid: every Nth frame (default: 1)")
      ->check(at_least_one());
  cmd->add_option("--ticks", o.ticks,
                  "Scenes: stop after tick N, 0-" + std::to_string(sim::kMaxTicks) +
                      " (default: when the script ends)")
      ->check(CLI::Range(std::int64_t(0), sim::kMaxTicks));
  cmd->add_option("--root", o.root, "Project root: inputs must stay inside it")
      ->capture_default_str();
  add_format(cmd, o.format);
  cmd->footer(
      "Examples:\n"
      "  spritec preview samples/hero/hero.scene.yaml -o hero.gif --scale 3\n"
      "  spritec preview samples/hero/hero.sprites.yaml --action walk -o walk.gif --scale 4\n"
      "  spritec preview hero.spk --action all -o contact.png --scale 2");
  return cmd;
}

}  // namespace spritec::cli
