// spritec::exporter — a pack as the files an engine loads: Godot's SpriteFrames (.tres,
// Godot 4 and 3), the libGDX/Spine text atlas (current and legacy), Phaser's multi-atlas and
// animations, PixiJS's JSON (Hash) pages and Aseprite's sheet JSON (docs/engines.md).
//
// export_pack() reads only a parsed pack and its decoded pages. It first builds a Model,
// which every format shares:
// - regions: the pack's frames at their packed rectangles, then the mirrored frames that
//   the animations need (stored once each, on pages of the export's own after the pack's),
//   a transparent region for blank steps when any step is blank, and (for a format that
//   carries boxes and points) each region's boxes and points, with an alias of a region for
//   each step that shows other boxes and points than its region's;
// - animations: one per action and view, named ACTION (one view) or ACTION/VIEW, each the
//   list of regions in the order the player shows them (pingpong and reverse expanded) with
//   each one's ticks, and whether it loops;
// - what the pack holds that no format carries (events, transitions, root motion, `then`;
//   boxes and points for the formats without a place for them; a layered master's slots and
//   draw order per view, which no format has a place for), reported as one warning per kind.
//   A piece of a layered actor exports as any pack does: its animations have the master's
//   names, so a game plays them side by side (docs/engines.md, "Layered actors").
// Then one writer turns the Model into files. The same pack and options give the same bytes.
//
// Pages: a format that can say its pages are premultiplied (spine: `pma: true`) gets the
// pages of a premultiplied pack premultiplied; every other format gets straight alpha
// (un-premultiplied, within the rounding docs/definitions.md states). A bled pack's pages,
// and the export's own pages, are bled when written with straight alpha.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/diag/diagnostic.hpp"
#include "spritec/image/image.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace spritec::exporter {

struct FormatInfo;
// A format: its entry in export.cpp's table of formats (below, FormatInfo).
using Format = const FormatInfo*;

// "godot4" … "aseprite-json"; empty for an unknown name.
std::optional<Format> parse_format(std::string_view name);
std::string_view format_name(Format format);
// Every format's name, in the table's order.
std::vector<std::string> format_names();
// The names as --help lists them: "godot4, godot3, … or aseprite-json"; `described` adds
// what a format writes where its name does not say ("godot3 (SpriteFrames .tres)").
std::string formats_listed(bool described);

// A box or a point of a region (docs/engines.md, "Boxes and points"): in the region's
// untrimmed frame coordinates, x right and y down, as the definition writes a frame's (a
// mirrored region's mirrored with its pixels). A box covers columns x .. x + w - 1 and rows
// y .. y + h - 1; a point is the pixel (x, y), w = h = 0.
struct Shape {
  std::string name;
  runtime::ShapeKind kind = runtime::ShapeKind::kBox;
  std::int64_t x = 0, y = 0;
  std::uint32_t w = 0, h = 0;
  bool box() const { return kind == runtime::ShapeKind::kBox; }
};
bool operator==(const Shape& a, const Shape& b);

// A rectangle of an export page: a pack frame, a mirrored copy of one, the blank region, or
// (for a format that carries geometry) an alias of one of those for the steps whose boxes and
// points are not their region's.
struct Region {
  std::string name;
  std::uint32_t page = 0;  // index into Model::pages
  std::uint32_t x = 0, y = 0, w = 0, h = 0;
  std::int32_t origin_x = 0, origin_y = 0;  // relative to the rectangle (as the pack's)
  std::uint32_t source_w = 0, source_h = 0;
  std::uint32_t trim_x = 0, trim_y = 0;
  std::uint32_t frame = runtime::kNone;  // the pack frame it shows; kNone: blank
  bool flip_x = false, flip_y = false;
  // Its boxes and points, sorted by kind (boxes first) then name bytes, as the pack sorts
  // them; empty unless the Model was built with geometry.
  std::vector<Shape> shapes;
  // The origin in the untrimmed frame (y down), as the definition wrote it.
  std::int64_t untrimmed_origin_x() const { return std::int64_t(origin_x) + trim_x; }
  std::int64_t untrimmed_origin_y() const { return std::int64_t(origin_y) + trim_y; }
};

struct Page {
  std::uint32_t width = 0, height = 0;
  // A pack page: its decoded pixels, and its PNG bytes when the pack embeds it (written as
  // they are). A page the export made (mirrored frames, the blank): `own`.
  const image::Image* pixels = nullptr;
  const std::uint8_t* png = nullptr;
  std::size_t png_size = 0;
  image::Image own;
  const image::Image& image() const { return pixels ? *pixels : own; }
};

// One frame of an exported animation: the region it shows, for how many ticks. (Not
// render::AnimFrame, which is a drawn image and its duration.)
struct RegionTicks {
  std::uint32_t region = 0;
  std::uint32_t ticks = 1;
};

struct Animation {
  std::string name;                 // ACTION or ACTION/VIEW
  std::uint32_t action = 0;         // the pack's action
  std::vector<RegionTicks> frames;  // in the order shown
  bool loop = false;                // after the last frame, the first again
};

// What the pack holds that an export may not carry, per kind: the actions that have it.
struct Uncarried {
  std::vector<std::string> events, transitions, motion, then, loop_tail, long_repeat;
  // Boxes or points on a frame or step they show (W0709 where the format has no place).
  std::vector<std::string> geometry;
};

struct Model {
  // The pack it was built from (the caller's: it must outlive the Model). spritec-json
  // reads it whole instead of the flattened animations.
  const runtime::PackView* pack = nullptr;
  std::uint32_t tick_rate = 1;
  // The pack's pages as it stores them (docs/engines.md, "Premultiplied and bled pages"):
  // premultiplied alpha; transparent pixels bled. Page pixels (Page::image()) are always
  // straight alpha; Page::png is the stored file.
  bool premultiplied = false;
  bool bled = false;
  std::vector<Page> pages;
  std::vector<Region> regions;  // regions[i] = pack frame i for i < frame count
  std::vector<Animation> animations;
  Uncarried uncarried;
};

struct Options {
  Format format = nullptr;    // from parse_format()
  std::string stem;           // OUT's file name without its extension
  std::string out_name;       // OUT's file name
  std::string godot_res_dir;  // godot: "res://" + this + page names ("" or "dir/")
  std::string pack_name;      // for messages: the pack's path
  // --prefix P: put before every animation and region name (check_prefix first); "" writes
  // the names as the pack has them.
  std::string prefix;
};

// --prefix P (docs/engines.md, "Two packs in one game"): at most kMaxPrefix bytes of valid
// UTF-8 without control characters; for the text atlas formats (spine, libgdx-legacy) also
// no ':' and no leading space, which their readers would take for a field or trim. Returns
// why `prefix` cannot name `format`'s animations and regions, or "" when it can.
constexpr std::size_t kMaxPrefix = 256;
std::string check_prefix(Format format, std::string_view prefix);

struct File {
  std::string name;  // relative to OUT's directory
  std::vector<std::uint8_t> bytes;
};

// What a format is, all of it: the one entry of export.cpp's table of formats that a new
// format adds. The commands take the names and help from the table (--format, --export,
// --help), export_pack() its checks, warnings and pages, and the writer the rest.
struct FormatInfo {
  std::string_view name;     // as --format and --export name it
  std::string_view written;  // for --help: what it writes, where the name does not say
  // Shows the actions as animations (E0703, E0704 and the W0701-W0705 losses checked);
  // else an atlas of frames (E0702's region names checked; W0707: the actions left out).
  bool animations = false;
  // Lists an animation's frames at one rate per animation (godot3, pixi): that list is
  // capped again (E0703) and W0706 says where durations round.
  bool one_rate = false;
  bool godot_paths = false;          // names its pages res://… (Options::godot_res_dir)
  bool premultiplied_pages = false;  // says its pages are premultiplied (spine: pma)
  bool own_sheet = false;            // writes its own sheet, not the pack's pages
  // Carries boxes and points (phaser, pixi, aseprite-json; spine the frames'): the Model is
  // built with them. Else W0709 names what has them.
  bool geometry = false;
  // Carries the whole pack, nothing flattened (spritec-json): none of the checks and losses
  // of the formats above apply (names are not keys; actions, events, transitions, geometry
  // and layers are all written), and its pages are written as the pack stores them.
  bool whole_pack = false;
  // OUT (and any file of its own) from the Model; warnings of its own go to `sink`; empty
  // after an error. export_pack() adds the pages (STEM-N.png) unless own_sheet.
  std::optional<std::vector<File>> (*write)(const Model& model, const Options& options,
                                            diag::Sink& sink) = nullptr;
};

// The version of the spritec-json format export writes (docs/format.md, "spritec-json"):
// a reader refuses another major version and reads a newer minor one.
constexpr std::uint32_t kSpritecJsonVersion[2] = {1, 0};

// The whole pack as spritec-json's text: what `export --format spritec-json -o STEM.json`
// writes as OUT, its pages named STEM-N.png (for a test or a tool that wants the document
// without the files).
std::string spritec_json(const runtime::PackView& pack, std::string_view stem);

// The frames a format that shows an animation needs: with `animations` false (atlas-only
// formats) no mirrored or blank regions are added. With `geometry` every region has its boxes
// and points, and a step that shows other boxes and points than its region's (its own laid
// over its frame's) shows an alias of that region with them, named REGION|ANIMATION|STEP
// (one per step of a view, however often it is played; '|' added until the name is free).
[[nodiscard]] Model build_model(const runtime::PackView& pack,
                                const std::vector<image::Image>& pages, bool animations,
                                bool geometry = false);

// The frames all of a format's animations may hold together (E0703): counted from the
// pack's actions before the Model is built, and for the formats that list frames at one
// rate (godot3, pixi) counted again after that expansion, before anything is written.
constexpr std::uint64_t kMaxAnimationFrames = 1u << 17;  // 131,072

// The name of view `view` of an action of `views` views: ACTION with one view, else
// ACTION/VIEW ("walk/1"). Every format with animations names them so.
std::string animation_name(std::string_view action, std::uint32_t views, std::uint32_t view);

// How many frames the animations of `action` hold together: its views times the steps one
// view plays (pingpong walked out; a finite repeat written out unless that passes 65,536
// steps, when the animation loops instead). Worked out from the action alone.
std::uint64_t animation_frames(const runtime::Action& action);

// Every file of the export, OUT first, then the pages. Warnings (W0701 …) and errors go to
// `sink`; empty when an error was reported. Refused before anything is built: a pack with
// two frames of one name (E0501, as unpack refuses it); for a format with animations,
// animations that would pass kMaxAnimationFrames (E0703) or two animations of one name
// (E0704: an action 'walk/1' beside view 1 of a two-view 'walk').
[[nodiscard]] std::optional<std::vector<File>> export_pack(const runtime::PackView& pack,
                                                           const std::vector<image::Image>& pages,
                                                           const Options& options,
                                                           diag::Sink& sink);

// For formats without per-frame durations: a uniform rate. Each frame is shown `repeat`
// times at `fps` = tick_rate / g, g the gcd of the animation's ticks. `exact` is false when
// the expansion would pass kMaxUniformFrames (then g is raised to fit and timing rounds).
struct UniformRate {
  double fps = 1;
  std::uint32_t ticks_per_frame = 1;  // g
  bool exact = true;
};
constexpr std::uint64_t kMaxUniformFrames = 100000;
UniformRate uniform_rate(const Animation& animation, std::uint32_t tick_rate);
// How many times frame f is shown at that rate (>= 1).
std::uint32_t repeats(const RegionTicks& frame, const UniformRate& rate);

}  // namespace spritec::exporter
