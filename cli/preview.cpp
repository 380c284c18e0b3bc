#include "commands.hpp"

namespace spritec::cli {

CLI::App* add_preview(CLI::App& app, pipeline::PreviewOptions& o) {
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
  cmd->add_option("--view", o.view, "A view index, or all (side by side)")->capture_default_str();
  cmd->add_option("--scale", o.scale, "Integer upscaling, nearest neighbour (1-16)")
      ->capture_default_str();
  cmd->add_option("--fps", o.fps, "Preview frames per second (default: the scene's; 30)");
  cmd->add_option(
      "--background", o.background,
      "#rrggbb, #rrggbbaa or none (default: the scene's stage; none for animated actions; "
      "#1d2b53 behind PNG strips)");
  cmd->add_flag("--debug", o.debug, "Draw frame outlines and origin markers");
  cmd->add_option("--frames", o.frames, "Keep output frames A..B (0-based, inclusive)");
  cmd->add_flag("--animated", o.animated, "With a .png output: write an animated PNG");
  cmd->add_option("--every", o.every, "Scene as a PNG: every Nth frame in the grid")
      ->capture_default_str();
  cmd->add_option("--ticks", o.ticks, "Scenes: stop after tick N (default: when the script ends)");
  cmd->add_option("--root", o.root, "Project root: inputs must stay inside it")
      ->capture_default_str();
  cmd->footer(
      "Examples:\n"
      "  spritec preview samples/hero/hero.scene.yaml -o hero.gif --scale 3\n"
      "  spritec preview samples/hero/hero.sprites.yaml --action walk -o walk.gif --scale 4\n"
      "  spritec preview hero.spk --action all -o contact.png --scale 2");
  return cmd;
}

}  // namespace spritec::cli
