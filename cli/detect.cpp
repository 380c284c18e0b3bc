#include "commands.hpp"

namespace spritec::cli {
namespace {

// --colorkey: #rrggbb only (a key matches red, green and blue, as in a definition).
CLI::Validator colour_key() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (pipeline::parse_hex_colour(text, false)) return {};
        return "takes a colour written #rrggbb, not '" + text + "'";
      },
      "#RRGGBB");
}

}  // namespace

CLI::App* add_detect(CLI::App& app, pipeline::DetectOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "detect", "Find the sprites of an unaligned sheet and print them as a sheets: entry");
  cmd->add_option("image", o.image, "A PNG sprite sheet")->required()->check(CLI::ExistingFile);
  cmd->add_option("--gap", o.gap,
                  "Merge sprites whose boxes are fewer than N pixels apart (detect_gap)")
      ->check(CLI::Range(0, 4096))
      ->default_str("1");
  cmd->add_option("--colorkey", o.colorkey, "A colour that is transparent (old art)")
      ->check(colour_key());
  cmd->add_option("--name", o.name, "The sheet's name (default: the image's file name stem)");
  add_format(cmd, o.format);
  cmd->footer(
      "Example:\n  spritec detect art/enemies.png --gap 2 > enemies.yaml\n"
      "Each sprite is a frame named 0, 1 … in reading order; or write detect: true on the\n"
      "sheet to find them at every build.");
  return cmd;
}

}  // namespace spritec::cli
