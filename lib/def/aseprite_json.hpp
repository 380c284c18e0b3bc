// Aseprite's JSON sheet data (`aseprite -b --sheet S.png --data S.json`), read into the
// neutral form both Aseprite sources share (private to def/). Hash and array forms of
// `frames` are read, in file order; `meta.frameTags` and `meta.slices` when present.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/def/model.hpp"
#include "spritec/diag/result.hpp"

namespace spritec::def::detail {

struct SourceFrame {
  Rect rect;     // in the sheet image (the file's canvas for aseprite:)
  Size canvas;   // the untrimmed frame (sourceSize)
  Point offset;  // rect's place in it (spriteSourceSize.x, .y)
  int duration_ms = 100;
};

struct SliceKey {
  int frame = 0;  // in effect from this frame on
  Rect bounds;    // in canvas coordinates
  bool has_pivot = false;
  Point pivot;  // relative to bounds' top-left, as Aseprite stores it
};

struct SourceSlice {
  std::string name;
  std::vector<SliceKey> keys;  // by frame
};

// The frames [from, to) over which one key of a slice is in effect, as Aseprite plays keys:
// a key holds from its frame until the next key's; before the first key the slice is absent.
struct KeySpan {
  int from = 0;
  int to = 0;  // exclusive
  const SliceKey* key = nullptr;
};

// The one place that says which key of `slice` is in effect at each of `frames` frames: its
// spans in frame order, covering frames from the first key's frame to the last frame (none
// before it). Of two keys at one frame the later in the file holds; keys at or past `frames`
// are ignored. O(keys log keys); the spans point into `slice`.
std::vector<KeySpan> key_spans(const SourceSlice& slice, int frames);

// Whether a key shows its slice: a key of zero width or height hides the slice from its frame
// on (Aseprite's empty key).
inline bool key_shows(const SliceKey& k) {
  return k.bounds.width > 0 && k.bounds.height > 0;
}

// Where a key's pivot lies on the canvas: the key's top-left plus the pivot (which Aseprite
// stores relative to it). In 64 bits: a .aseprite key and pivot are each any s32.
struct CanvasPoint {
  std::int64_t x = 0;
  std::int64_t y = 0;
};
inline CanvasPoint pivot_position(const SliceKey& k) {
  return {std::int64_t{k.bounds.x} + k.pivot.x, std::int64_t{k.bounds.y} + k.pivot.y};
}

struct SourceData {
  std::vector<SourceFrame> frames;
  std::vector<SourceTag> tags;
  std::vector<SourceSlice> slices;
  std::string image;  // meta.image: the sheet PNG, relative to the JSON file
  Size image_size;    // meta.size
};

// Caps on what a file may declare (docs/limits.md).
inline constexpr std::size_t kMaxTags = 4096;
inline constexpr std::size_t kMaxSlices = 4096;
inline constexpr std::size_t kMaxSliceKeys = 65536;  // over all slices
inline constexpr std::uint64_t kMaxAsepriteJsonBytes = 64ull << 20;
// Arrays and objects inside one another; Aseprite writes 5 at most. Checked on the text
// before the JSON library parses it, which recurses once per level (100,000 levels
// overflowed the stack).
inline constexpr int kMaxJsonDepth = 64;

// Reads the JSON, or fails with a one-line reason naming the JSON path
// ("frames[3].frame.w is missing", "meta.frameTags[0].to is past the last frame").
diag::Result<SourceData> parse_aseprite_json(std::string_view text);

}  // namespace spritec::def::detail
