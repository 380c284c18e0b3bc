#include "commands.hpp"

namespace spritec::cli {

CLI::App* add_build(CLI::App& app, pipeline::BuildOptions& o) {
  CLI::App* cmd = app.add_subcommand("build", "Compile a definition into a pack (.spk)");
  cmd->add_option("definition", o.definition, "Definition file (*.sprites.yaml)")->required();
  cmd->add_option("-o,--output", o.output, "The pack to write (OUT.spk)")
      ->required()
      ->check(output_name(pipeline::OutputName::kFile));
  cmd->add_option_function<std::string>(
         "--pages",
         [&o](const std::string& text) {
           o.pages =
               text == "files" ? pipeline::PageStorage::kFiles : pipeline::PageStorage::kEmbed;
         },
         "Store pages inside the pack (embed) or as OUT-N.png beside it (files)")
      ->check(CLI::IsMember({"embed", "files"}))
      ->default_str("embed");
  cmd->add_option("--json", o.json,
                  "Also write the atlas as TexturePacker JSON (Hash) with its page PNGs")
      ->check(output_name(pipeline::OutputName::kFile));
  cmd->add_option("--export", o.exports,
                  "Also export the pack for an engine, as 'spritec export' does: FORMAT:OUT "
                  "(repeatable; FORMAT " +
                      pipeline::export_formats_listed(false) + ")")
      ->allow_extra_args(false)
      ->type_name("FORMAT:OUT");
  cmd->add_option("--export-prefix", o.export_prefix,
                  "Begin every animation and region name of every --export with P, so packs "
                  "with the same names share one game (as 'spritec export --prefix')")
      ->type_name("P");
  cmd->add_option("--depfile", o.depfile,
                  "Write a Make-syntax depfile (definition and every image) for Ninja/CMake")
      ->check(output_name(pipeline::OutputName::kFile));
  cmd->add_flag("--stats", o.stats, "Report pages, occupancy, duplicates, bytes and timings");
  cmd->add_option("-j,--jobs", o.jobs, "Threads for decoding and encoding (0 = all cores)")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  cmd->add_option("--cache", o.cache,
                  "Directory of packs built before: identical inputs reuse one instead of "
                  "decoding, packing and encoding again")
      ->check(output_name(pipeline::OutputName::kDirectory));
  cmd->add_option("--root", o.root, "Project root: inputs must stay inside it")
      ->capture_default_str();
  cmd->add_flag("--werror", o.werror, "Treat warnings as errors");
  add_allow_loss(cmd, o.allow_loss);
  add_format(cmd, o.format);
  cmd->footer(
      "Examples:\n"
      "  spritec build samples/hero/hero.sprites.yaml -o hero.spk --stats\n"
      "  spritec build hero.sprites.yaml -o out/hero.spk --json out/hero.json --depfile "
      "out/hero.d\n"
      "  spritec build hero.sprites.yaml -o out/hero.spk --werror --export godot4:game/hero.tres "
      "--allow-loss W0701,W0702");
  return cmd;
}

CLI::App* add_export(CLI::App& app, pipeline::ExportOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Write a pack as the files an engine loads (Godot, Spine/libGDX, Phaser, Pixi, "
      "Aseprite JSON), or whole as spritec-json for the JavaScript runtime");
  cmd->add_option("pack", o.pack, "A pack (.spk)")->required();
  cmd->add_option("--format", o.format, pipeline::export_formats_listed(true))
      ->required()
      ->check(CLI::IsMember(pipeline::export_formats()));
  cmd->add_option("-o,--output", o.output,
                  "The main file to write (OUT); page images STEM-N.png and any other file "
                  "beside it")
      ->required()
      ->check(output_name(pipeline::OutputName::kFile));
  cmd->add_option("--prefix", o.prefix,
                  "Begin every animation and region (frame) name with P, so packs with the "
                  "same names share one game (Phaser's animations, Pixi's texture cache)")
      ->type_name("P");
  cmd->add_flag("--werror", o.werror, "Treat warnings (what the format cannot carry) as errors");
  add_allow_loss(cmd, o.allow_loss);
  add_format(cmd, o.diagnostics,
             "Diagnostics as text, json or github (workflow annotations), on stderr",
             "--diagnostics");
  cmd->footer(
      "Examples:\n"
      "  spritec export hero.spk --format godot4 -o game/sprites/hero.tres\n"
      "  spritec export hero.spk --format phaser -o public/assets/hero.json --prefix hero/\n"
      "  spritec export hero.spk --format spritec-json -o public/assets/hero.json");
  return cmd;
}

CLI::App* add_inspect(CLI::App& app, pipeline::InspectOptions& o) {
  CLI::App* cmd = app.add_subcommand("inspect", "Show what a pack or an Aseprite file holds");
  cmd->add_option("pack", o.pack, "A pack (.spk) or an Aseprite file (.aseprite)")->required();
  cmd->add_flag("--json", o.json,
                "As one JSON document (schemas/inspect.schema.json; for an Aseprite file "
                "schemas/aseprite-inspect.schema.json)");
  add_format(cmd, o.format);
  cmd->footer(
      "Examples:\n  spritec inspect hero.spk\n  spritec inspect hero.spk --json\n"
      "  spritec inspect hero.aseprite");
  return cmd;
}

CLI::App* add_unpack(CLI::App& app, pipeline::UnpackOptions& o) {
  CLI::App* cmd =
      app.add_subcommand("unpack", "Write every frame of a pack back as an untrimmed PNG");
  cmd->add_option("pack", o.pack, "A pack (.spk)")->required();
  cmd->add_option("-o,--output", o.output_dir, "Directory for <frame name>.png and frames.yaml")
      ->required()
      ->check(output_name(pipeline::OutputName::kDirectory));
  add_format(cmd, o.format);
  cmd->footer("Example:\n  spritec unpack hero.spk -o frames/");
  return cmd;
}

}  // namespace spritec::cli
