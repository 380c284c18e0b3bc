#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"

namespace spritec::cli {

namespace {

// A whole decimal number within [0, max], nothing else (no sign, no spaces).
std::optional<std::uint64_t> parse_index(const std::string& text, std::uint64_t max) {
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v > max)
    return std::nullopt;
  return v;
}

// "#rrggbb" / "#rrggbbaa" -> 0xRRGGBBAA; "none" / "transparent" -> 0.
std::optional<std::uint32_t> parse_colour(const std::string& text) {
  if (text == "none" || text == "transparent") return 0u;
  return pipeline::parse_hex_colour(text, true);
}

// --frames A..B, 0 <= A <= B < 2^63 - 1.
std::optional<pipeline::FrameRange> parse_frames(const std::string& text) {
  const std::uint64_t max = std::numeric_limits<std::int64_t>::max() - 1;
  const std::size_t dots = text.find("..");
  if (dots == std::string::npos) return std::nullopt;
  std::optional<std::uint64_t> a = parse_index(text.substr(0, dots), max);
  std::optional<std::uint64_t> b = parse_index(text.substr(dots + 2), max);
  if (!a || !b || *a > *b) return std::nullopt;
  return pipeline::FrameRange{std::int64_t(*a), std::int64_t(*b)};
}

// Flag checks with a message that says what the flag takes (CLI11 prefixes the flag). The
// options' callbacks below run only on text these accepted.
CLI::Validator view_index() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text == "all" || parse_index(text, std::numeric_limits<std::uint32_t>::max()))
          return {};
        return "takes a view index (0, 1, ...) or all, not '" + text + "'";
      },
      "INDEX|all");
}

CLI::Validator frame_range() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (parse_frames(text)) return {};
        return "takes A..B, output frames A to B (0-based, A <= B), not '" + text + "'";
      },
      "A..B");
}

// No name: the help shows TEXT, as it always has.
CLI::Validator colour() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (parse_colour(text)) return {};
        return "takes #rrggbb, #rrggbbaa or none, not '" + text + "'";
      },
      "");
}

CLI::Validator at_least_one() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (parse_index(text, std::numeric_limits<int>::max()).value_or(0) >= 1) return {};
        return "must be a whole number, at least 1, not '" + text + "'";
      },
      "N>=1");
}

}  // namespace

CLI::App* add_preview(CLI::App& app, pipeline::PreviewOptions& o) {
  using Options = pipeline::PreviewOptions;
  CLI::App* cmd = app.add_subcommand(
      "preview", "Render a scene, an action or a whole pack to GIF, APNG or a PNG strip");
  cmd->add_option("input", o.input,
                  "A definition, a pack (.spk), a scene (.scene.yaml) or an Aseprite file")
      ->required();
  cmd->add_option("-o,--output", o.output,
                  "OUT.gif, OUT.apng, or OUT.png (a strip; an APNG with --animated)")
      ->required()
      ->check(output_name(pipeline::OutputName::kFile));
  cmd->add_option("--action", o.action,
                  "Definitions and packs: the action to play (default: the first; in a PNG "
                  "strip: all)");
  cmd->add_option_function<std::string>(
         "--view",
         [&o](const std::string& text) {
           o.view_given = true;
           if (text != "all")
             o.view = std::uint32_t(*parse_index(text, std::numeric_limits<std::uint32_t>::max()));
         },
         "Definitions and packs: a view index, or all (default: all, side by side)")
      ->check(view_index());
  cmd->add_option("--scale", o.scale, "Integer upscaling, nearest neighbour (1-16)")
      ->capture_default_str()
      ->check(CLI::Range(1, Options::kMaxScale));
  cmd->add_option("--fps", o.fps,
                  "Preview frames per second, 1-1000, at most the tick rate (lowered to it, "
                  "with a note) (default: the scene's; 30)")
      ->check(CLI::Range(1, Options::kMaxFps));
  cmd->add_option_function<std::string>(
         "--background", [&o](const std::string& text) { o.background = *parse_colour(text); },
         "#rrggbb, #rrggbbaa or none (default: the scene's stage; none for animated actions; "
         "#1d2b53 behind PNG strips)")
      ->check(colour());
  cmd->add_flag("--debug", o.debug, "Draw frame outlines, origin markers, boxes and points");
  cmd->add_option_function<std::string>(
         "--frames", [&o](const std::string& text) { o.frames = parse_frames(text); },
         "Keep output frames A..B (0-based, inclusive; the others are never drawn)")
      ->check(frame_range());
  cmd->add_flag("--animated", o.animated, "With a .png output: write an animated PNG");
  cmd->add_option("--every", o.every, "A scene written as a PNG grid: every Nth frame (default: 1)")
      ->check(at_least_one());
  cmd->add_option("--ticks", o.ticks,
                  "Scenes: stop after tick N, 0-" + std::to_string(pipeline::max_ticks()) +
                      " (default: when the script ends)")
      ->check(CLI::Range(std::int64_t(0), pipeline::max_ticks()));
  add_equip(cmd, o.equip,
            "A layered master: draw it with this piece in slot SLOT (a definition or .spk; "
            "repeat for more slots)");
  cmd->add_option("--root", o.root, "Project root: inputs must stay inside it")
      ->capture_default_str();
  add_format(cmd, o.format);
  cmd->footer(
      "Examples:\n"
      "  spritec preview samples/hero/hero.scene.yaml -o hero.gif --scale 3\n"
      "  spritec preview samples/hero/hero.sprites.yaml --action walk -o walk.gif --scale 4\n"
      "  spritec preview hero.spk --action all -o contact.png --scale 2\n"
      "  spritec preview body.sprites.yaml --action walk -o walk.png --equip armour=plate.spk\n"
      "  spritec preview hero.aseprite --action walk -o walk.gif --scale 4");
  return cmd;
}

}  // namespace spritec::cli
