// spritec::pipeline — what each subcommand does, as a function over an options struct.
// The CLI only fills the struct; tests call these directly. Each run_* writes its
// normal output to `out`, diagnostics and progress to `err`, and returns the exit code:
// 0 success, 1 the input has errors, 2 usage error, 3 an I/O or internal failure.
// A flag's own range (--scale 1 to 16, --ticks 0 to max_ticks() …) is checked once, where
// the flag is parsed: the caller fills each field within the range its comment gives (the
// CLI's validators make sure; run_* asserts it). Whether a flag fits the input and the
// other flags is run_*'s to check, as a usage error.
// Nothing here looks at the terminal or the environment: whether text diagnostics are in
// colour (`colour`) and whether build shows progress (`progress`) are options, decided by
// the caller (the CLI: on a terminal, without NO_COLOR, outside CI).
#pragma once

#include <cstdint>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "spritec/diag/render.hpp"

namespace spritec::pipeline {

// "1.0"
std::string pack_format_version();
// "0.1.0"
std::string spritec_version();

// What an output flag names: a file (every -o but unpack's, --json, --depfile, --trace,
// --export's OUT) or a directory (unpack -o, build --cache).
enum class OutputName { kFile, kDirectory };
// Why `name`, given to an output flag, cannot be what the flag writes — for a usage error
// (exit 2) before anything is made — or "" when it can. An empty name names nothing; a
// file's name must not end in a directory: its last part empty, "." or ".." (`out/`,
// `out/.`, `..`), which would make the directory and then fail to write into it.
std::string output_name_problem(const std::string& name, OutputName kind);

// What the CLI's flag checks need of the modules below the pipeline, which the CLI does
// not reach (lib/pipeline/flags.cpp forwards to them).

// A colour flag's text (--background, detect's --colorkey): "#rrggbb" -> 0xRRGGBBFF; with
// `allow_alpha` also "#rrggbbaa" -> 0xRRGGBBAA; hex digits in either case, nothing else:
// empty otherwise. As a definition's colours read (image::parse_hex_colour).
std::optional<std::uint32_t> parse_hex_colour(const std::string& text, bool allow_alpha);

// The last tick --ticks may name (simulate, preview): the longest run a scene may have
// (sim::kMaxTicks).
std::int64_t max_ticks();

// The export formats' names (export --format, build --export FORMAT:OUT), from the one
// table of the export module, in its order.
std::vector<std::string> export_formats();
// The same as --help lists them: "godot4, godot3, … or aseprite-json"; `described` adds what
// a format writes where its name does not say ("godot3 (SpriteFrames .tres)").
std::string export_formats_listed(bool described);

struct CheckOptions {
  std::vector<std::string> files;
  diag::Format format = diag::Format::kText;  // text on stderr; json or github on stdout
  bool werror = false;
  std::vector<std::string> entries;  // --entry A,B
  std::string root = ".";
  bool colour = false;  // text diagnostics in ANSI colour
  int jobs = 0;         // threads decoding images; 0 = the number of cores
  // A layered master's definition: every file is then an equipment piece checked against it
  // (runtime::check_piece: E0252-E0255, W0250), after each compiles as build compiles it.
  std::string master;
};
int run_check(const CheckOptions& options, std::ostream& out = std::cout,
              std::ostream& err = std::cerr);

}  // namespace spritec::pipeline

namespace spritec::pipeline {

// Where build stores the pages: inside the pack, or as OUT-0.png … beside it.
enum class PageStorage { kEmbed, kFiles };

struct BuildOptions {
  std::string definition;
  std::string output;                       // -o OUT.spk
  PageStorage pages = PageStorage::kEmbed;  // --pages embed | files
  std::string json;                         // --json F: TexturePacker JSON (Hash) + page PNGs
  std::vector<std::string> exports;         // --export F:OUT (repeatable): spritec export's files
  std::string depfile;                      // --depfile F
  bool stats = false;                       // --stats: a report on stderr
  int jobs = 0;                             // threads; 0 = the number of cores
  std::string cache;                        // --cache DIR: reuse packs built from identical inputs
  std::string root = ".";
  bool werror = false;
  // --allow-loss W0701,…|all: what the --export formats cannot carry (W07xx) accepted, as
  // notes that neither fail nor count for --werror. Checked by run_build (exit 2).
  std::vector<std::string> allow_loss;
  // --export-prefix P: every --export's animation and region names begin with P (export's
  // --prefix). A usage error without --export, or when a format cannot hold P.
  std::string export_prefix;
  bool progress = false;                      // a progress line on stderr
  diag::Format format = diag::Format::kText;  // --format: diagnostics as text, json or github
  bool colour = false;                        // text diagnostics in ANSI colour
};
int run_build(const BuildOptions& options, std::ostream& out = std::cout,
              std::ostream& err = std::cerr);

struct InspectOptions {
  std::string pack;
  bool json = false;
  diag::Format format = diag::Format::kText;  // --format: diagnostics as text, json or github
  bool colour = false;                        // text diagnostics in ANSI colour
};
int run_inspect(const InspectOptions& options, std::ostream& out = std::cout,
                std::ostream& err = std::cerr);

struct UnpackOptions {
  std::string pack;
  std::string output_dir;
  diag::Format format = diag::Format::kText;  // --format: diagnostics as text, json or github
  bool colour = false;                        // text diagnostics in ANSI colour
};
int run_unpack(const UnpackOptions& options, std::ostream& out = std::cout,
               std::ostream& err = std::cerr);

}  // namespace spritec::pipeline

namespace spritec::pipeline {

struct ExportOptions {
  std::string pack;
  std::string format;  // --format: a name of export's table of formats (export_formats())
  std::string output;  // -o OUT: the main file; pages and other files beside it
  bool werror = false;
  std::vector<std::string> allow_loss;  // --allow-loss W0701,…|all: losses reported as notes
  std::string prefix;  // --prefix P: before every animation and region name ("" = none)
  diag::Format diagnostics = diag::Format::kText;  // --diagnostics: text, json or github
  bool colour = false;                             // text diagnostics in ANSI colour
};
int run_export(const ExportOptions& options, std::ostream& out = std::cout,
               std::ostream& err = std::cerr);

}  // namespace spritec::pipeline

namespace spritec::pipeline {

struct SimulateOptions {
  std::string scene;
  std::int64_t ticks =
      -1;  // --ticks N: write ticks 0 … N (N <= max_ticks()); -1 = until the script ends
  std::string trace;   // --trace OUT.jsonl ("-" = stdout); empty = a human summary
  std::string replay;  // --replay OUT.json: the run as a game's calls (sim/replay.hpp); "" = none
  std::string root = ".";
  diag::Format format = diag::Format::kText;  // --format: diagnostics as text, json or github
  bool colour = false;                        // text diagnostics in ANSI colour
};
int run_simulate(const SimulateOptions& options, std::ostream& out = std::cout,
                 std::ostream& err = std::cerr);

}  // namespace spritec::pipeline

namespace spritec::pipeline {

// --frames A..B: output frames A to B, 0-based, inclusive; valid when 0 <= first <= last.
struct FrameRange {
  std::int64_t first = 0;
  std::int64_t last = 0;
};

// --equip SLOT=PACK: a piece (a definition, compiled in memory, or a .spk) shown in a slot
// of a layered master's preview.
struct EquipPiece {
  std::string slot;
  std::string pack;
};

struct PreviewOptions {
  std::string input;   // a definition, a pack (.spk) or a scene (.scene.yaml)
  std::string output;  // .gif, .apng, or .png (a strip, or APNG with `animated`)
  std::string action;  // definitions and packs: the action ("all": every one, PNG only)
  std::optional<std::uint32_t> view;  // definitions and packs: one view index; empty = all
  bool view_given = false;            // --view was given (N or all): refused for scenes
  int scale = 1;                      // integer nearest-neighbour upscaling, 1 .. kMaxScale
  int fps = 0;  // 1 .. kMaxFps frames per second; 0 = the scene's (30 for actions)
  // 0xRRGGBBAA (--background none: 0, transparent); empty = the scene's stage colour, none
  // for animated actions, #1d2b53 behind PNG strips.
  std::optional<std::uint32_t> background;
  bool debug = false;                // frame outlines, origin markers, boxes and points
  std::optional<FrameRange> frames;  // --frames A..B; empty = every frame
  bool animated = false;             // with .png: write an APNG
  int every = 0;                     // scene as a PNG grid: every Nth frame; 0 = not given (1)
  std::int64_t ticks = -1;           // scenes: stop after tick N, 0 .. max_ticks(); -1 = at the end
  // Definitions and packs that are layered masters: the pieces to draw with it, one per
  // slot (slots and packs not empty); empty = the master's own frames alone.
  std::vector<EquipPiece> equip;
  static constexpr int kMaxScale = 16;
  static constexpr int kMaxFps = 1000;  // the highest tick rate a definition or scene allows
  std::string root = ".";
  diag::Format format = diag::Format::kText;  // --format: diagnostics as text, json or github
  bool colour = false;                        // text diagnostics in ANSI colour
};
int run_preview(const PreviewOptions& options, std::ostream& out = std::cout,
                std::ostream& err = std::cerr);

}  // namespace spritec::pipeline

namespace spritec::pipeline {

struct DetectOptions {
  std::string image;     // a PNG sheet
  int gap = 1;           // --gap N: merge regions closer than N pixels (detect_gap)
  std::string colorkey;  // --colorkey #rrggbb: this colour is transparent first
  std::string name;      // --name: the sheet's name in the YAML (default: the file's stem)
  diag::Format format = diag::Format::kText;  // --format: diagnostics as text, json or github
  bool colour = false;                        // text diagnostics in ANSI colour
};
// Prints a sheet entry for a definition's `sheets:` with one `frames:` rectangle per sprite
// found (image/detect.hpp), named 0, 1 … in reading order, for the user to rename.
int run_detect(const DetectOptions& options, std::ostream& out = std::cout,
               std::ostream& err = std::cerr);

}  // namespace spritec::pipeline

namespace spritec::pipeline {

// spritec serve: the live previewer (docs/serve.md).
struct ServeOptions {
  std::string input;               // a definition, a scene, a pack or an .aseprite file
  std::string host = "127.0.0.1";  // --host: loopback unless asked (a warning otherwise)
  int port = 8080;  // --port, 0 to 65535: 0 = any free port; a taken one = the next free above
  std::vector<EquipPiece> equip;  // --equip SLOT=PACK (repeatable): pieces to try on a master
  bool poll = false;              // --poll: look at the files every 100 ms instead of inotify
  std::string root = ".";
  int jobs = 0;  // threads building; 0 = the number of cores
  // Asked while the server waits for a save: true ends it (the CLI: after SIGINT or
  // SIGTERM). Empty: serve until the process is ended.
  std::function<bool()> stop;
};
// Builds `input` in memory, prints the page's URL on `out` ("spritec serve: http://…/"),
// serves it, and rebuilds on every save of a file the build read until `stop`; each
// build's outcome is said in a line on `err` (a broken one with its diagnostics). 0 when
// stopped; 1 when the input cannot be served at all (a missing file); 2 a usage error.
int run_serve(const ServeOptions& options, std::ostream& out = std::cout,
              std::ostream& err = std::cerr);

}  // namespace spritec::pipeline
