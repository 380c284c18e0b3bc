// TexturePacker's JSON sheet data, read into frames (private to def/). Both forms that
// TexturePacker calls "JSON (Hash)" (`frames` an object, name -> frame) and "JSON (Array)"
// (`frames` an array of frames, each with its `filename`) are read, in file order; so is
// what free-tex-packer, ShoeBox and many asset stores ship in the same shape.
//
// Per frame: `frame` {x, y, w, h} (w and h the upright sprite's size), `rotated` (stored
// turned 90° clockwise, so its region in the image is h wide and w tall), `sourceSize` and
// `spriteSourceSize` (the untrimmed canvas and where the trimmed pixels sit on it), and
// `pivot` (Pixi's `anchor` when there is no pivot): fractions of the canvas. `trimmed` is
// not needed (the two sizes say it); `meta.image` names the sheet PNG, relative to the JSON,
// and `meta.size`, when present, must be its size. docs/definitions.md, "TexturePacker".
//
// The text is checked before nlohmann's parser sees it: nesting depth and the number of
// values are capped (docs/limits.md), so a hostile file cannot make the parser recurse or
// allocate past the caps. Every number is checked against its range before use. A failure
// names the JSON path of the problem and, where it can be found, its byte offset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "aseprite_json.hpp"
#include "spritec/def/model.hpp"
#include "spritec/diag/result.hpp"

namespace spritec::def::detail {

struct PackedFrame {
  std::string name;  // the hash key, or the array item's filename, exactly as written
  // The region in the image as stored: for a rotated frame the upright sprite's height
  // wide and its width tall. 0x0 for a frame with no pixel (then canvas is its size).
  Rect rect;
  bool rotated = false;  // stored turned 90° clockwise: the atlas turns it back
  Size canvas;           // the untrimmed frame (sourceSize; the upright size when absent)
  Point offset;          // the upright trimmed pixels' place on the canvas
  bool has_origin = false;
  Point origin;        // from the pivot: pivot × canvas, rounded half away from zero
  std::size_t at = 0;  // byte offset of the frame's value in the JSON
};

struct PackedSheet {
  std::vector<PackedFrame> frames;
  std::string image;  // meta.image: the sheet PNG, relative to the JSON file
  std::size_t image_at = 0;
  Size image_size;  // meta.size; 0x0 when absent
  std::size_t size_at = 0;
};

// What went wrong: a sentence naming the JSON path, and where (npos when unknown).
struct JsonError {
  enum class Kind { kDamaged, kDuplicateName, kTooManyFrames };
  Kind kind = Kind::kDamaged;
  std::string message;
  std::size_t offset = std::string::npos;
  bool failed() const { return !message.empty(); }
};

// Caps on what a file may declare (docs/limits.md).
inline constexpr std::uint64_t kMaxTexturePackerJsonBytes = 64ull << 20;
// Nesting: kMaxJsonDepth (aseprite_json.hpp), the one cap of every JSON sheet source.
// An upper bound on the values, counted before parsing: 1 + every ':', ',' and '['.
inline constexpr std::size_t kMaxJsonValues = std::size_t{1} << 22;
inline constexpr std::size_t kMaxFrameNameBytes = 1024;
inline constexpr std::size_t kMaxImageNameBytes = 4096;
inline constexpr int kMaxOrigin = 1000000;  // as an origin written in the definition

diag::Result<PackedSheet, JsonError> parse_texturepacker_json(std::string_view text);

// The 1-based line and 1-based byte column of `offset` in `text`.
struct TextPosition {
  int line = 1;
  int column = 1;
};
TextPosition text_position(std::string_view text, std::size_t offset);

}  // namespace spritec::def::detail
