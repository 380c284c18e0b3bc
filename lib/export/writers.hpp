// The writers behind export_pack(), one per engine; each turns a Model into OUT's text
// (and, for aseprite-json, its own sheet). Private to the export module.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "spritec/export/export.hpp"

namespace spritec::exporter::detail {

// "STEM-N.png": the name of page n of every format but aseprite-json.
std::string page_file(const Options& options, std::size_t n);

// Page n of the model as a PNG file: premultiplied (for a format that says so: spine's
// `pma: true`, when the pack is premultiplied) or straight alpha, bled when the pack is and
// the page is straight. The pack's own PNG bytes when it stores the page just so.
std::vector<std::uint8_t> page_png(const Model& model, std::size_t n, bool premultiplied);

// Puts options.prefix before every region's and animation's name (prefix.cpp). The names
// stay distinct: one prefix before distinct names keeps them distinct.
void add_prefix(Model& model, const std::string& prefix);

// Text as bytes.
std::vector<std::uint8_t> bytes(const std::string& text);

// A number as JSON and Godot write it: an integer as "12", else the shortest decimal that
// reads back to the same double ("8.571428571428571").
std::string number(double value);

// What the JSON writers (phaser, pixi, aseprite-json) share, defined in phaser.cpp. Key
// order is kept as written.
using Json = nlohmann::ordered_json;

// A frame entry as TexturePacker writes it (frame, rotated, trimmed, spriteSourceSize,
// sourceSize) with its pivot (the origin over the untrimmed size).
Json texture_frame(const Region& r);

// Adds a region's boxes and points to its frame entry, when it has any: "boxes": {NAME:
// [x, y, w, h], …} and "points": {NAME: [x, y], …} in its untrimmed frame coordinates (as
// the definition and `inspect --json` write them), names in the pack's order.
void add_shapes(Json& entry, const Region& r);

// A document as the JSON formats' text: indented by two spaces, ending in a newline,
// invalid UTF-8 in a name written as U+FFFD.
std::string dump(const Json& doc);

// The writers: the texts of the formats of a kind, then each format's entry point of
// export.cpp's table (FormatInfo::write).
std::string godot(const Model& model, const Options& options, bool godot4);
std::string libgdx(const Model& model, const Options& options, bool legacy);
// OUT (the multi-atlas) and STEM.anims.json.
std::vector<File> phaser(const Model& model, const Options& options);
// OUT (page 0) and STEM-N.json for the other pages.
std::vector<File> pixi(const Model& model, const Options& options);
// OUT and its sheet STEM.png; empty with an error in `sink` when the sheet is too large.
std::optional<std::vector<File>> aseprite_json(const Model& model, const Options& options,
                                               diag::Sink& sink);

// The whole pack as spritec-json (spritec_json.cpp): OUT's text, pages named by page_file().
std::string spritec_json(const runtime::PackView& pack, const Options& options);

using Written = std::optional<std::vector<File>>;
Written write_godot4(const Model& model, const Options& options, diag::Sink& sink);
Written write_godot3(const Model& model, const Options& options, diag::Sink& sink);
Written write_spine(const Model& model, const Options& options, diag::Sink& sink);
// Warns (W0708) that the origins are left out.
Written write_libgdx_legacy(const Model& model, const Options& options, diag::Sink& sink);
Written write_phaser(const Model& model, const Options& options, diag::Sink& sink);
// Warns (W0706) that pixi has no durations.
Written write_pixi(const Model& model, const Options& options, diag::Sink& sink);
Written write_spritec_json(const Model& model, const Options& options, diag::Sink& sink);

}  // namespace spritec::exporter::detail
