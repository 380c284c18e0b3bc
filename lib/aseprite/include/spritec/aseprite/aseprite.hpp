// spritec::aseprite — Aseprite's own files (.aseprite / .ase), read to the letter of the
// published file specification (aseprite/aseprite docs/ase-file-specs.md) and flattened
// into RGBA frames the way Aseprite renders them.
//
//   auto file = aseprite::parse(std::move(bytes));          // structure, checked
//   if (!file) return report(file.error);                   // names chunk and byte offset
//   auto layers = aseprite::select_layers(file.value, {});  // the visible layers
//   aseprite::Renderer render(file.value, layers.value);
//   auto frame = render.frame(0);                           // image::Image, canvas size
//
// parse() walks every frame and chunk and checks every count, size and offset against the
// file before it is used; it keeps pixel data where it lies (offsets into File::bytes).
// Renderer decodes on demand: zlib streams are inflated by libdeflate into buffers of the
// exact size the cel declares (a stream that inflates to more or less is an error), cels
// are composited bottom to top with Aseprite's integer arithmetic, every blend mode the
// specification lists. Nothing here prints, exits or throws (std::bad_alloc aside).
//
// Caps (docs/limits.md): the file at most kMaxFileBytes; canvas, cel and tile sides at most
// image::kDefaultMaxSide; the canvas, one cel and all tilesets together at most
// kMaxImagePixels; at most kMaxLayers layers nested at most kMaxDepth deep, kMaxTags tags,
// kMaxSlices slices, kMaxSliceKeys keys in all, kMaxTilesets tilesets; a zlib stream may
// declare at most 1,100 times its own size.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "spritec/diag/result.hpp"
#include "spritec/geom/geom.hpp"
#include "spritec/image/image.hpp"

namespace spritec::aseprite {

inline constexpr std::uint64_t kMaxFileBytes = 256ull << 20;
inline constexpr int kMaxSide = image::kDefaultMaxSide;
inline constexpr std::uint64_t kMaxImagePixels = 1ull << 26;  // 64 Mpx: 256 MiB of RGBA
inline constexpr std::size_t kMaxLayers = 4096;
inline constexpr std::size_t kMaxTags = 4096;
inline constexpr std::size_t kMaxSlices = 4096;
inline constexpr std::size_t kMaxSliceKeys = 65536;
inline constexpr std::size_t kMaxTilesets = 256;  // and their pixels together kMaxImagePixels
inline constexpr int kMaxDepth = 64;              // groups inside groups
inline constexpr std::size_t kHeaderBytes = 128;
// Rendering: the canvases one frame holds at once (the frame's and one per group that
// blends as a whole, nested) at most this many bytes, checked before the first is
// allocated; and the decoded cels that linked cels point at, kept so that each is inflated
// once, at most this many bytes (the oldest dropped first).
inline constexpr std::uint64_t kMaxCanvasBytes = 1ull << 30;
inline constexpr std::uint64_t kMaxLinkedCacheBytes = 256ull << 20;

// What went wrong and where: `offset` is the byte offset of the chunk (or header field)
// at fault, and the message names the chunk type ("cel chunk (0x2005) at byte 812: …").
struct Error {
  std::string message;
  std::uint64_t offset = 0;
  bool failed() const { return !message.empty(); }
};
template <class T>
using Result = diag::Result<T, Error>;

enum class ColorMode { kIndexed = 8, kGrayscale = 16, kRgba = 32 };

// Header flags.
inline constexpr std::uint32_t kLayerOpacityValid = 1;
inline constexpr std::uint32_t kGroupOpacityValid = 2;  // groups blend as a whole
inline constexpr std::uint32_t kLayersHaveUuid = 4;

enum class LayerType { kImage = 0, kGroup = 1, kTilemap = 2 };

// The blend modes of the specification, by their numbers in the layer chunk.
enum class BlendMode {
  kNormal,
  kMultiply,
  kScreen,
  kOverlay,
  kDarken,
  kLighten,
  kColorDodge,
  kColorBurn,
  kHardLight,
  kSoftLight,
  kDifference,
  kExclusion,
  kHue,
  kSaturation,
  kColor,
  kLuminosity,
  kAddition,
  kSubtract,
  kDivide,
};
inline constexpr int kBlendModeCount = 19;
const char* blend_name(BlendMode mode);  // "normal", "color_dodge", …

struct Layer {
  std::string name;
  std::string path;  // group path: "gear/sword"
  LayerType type = LayerType::kImage;
  std::uint16_t flags = 0;  // 1 visible, 8 background, 64 reference
  int level = 0;            // child level
  int parent = -1;          // index of the enclosing group, -1 at the top
  BlendMode blend = BlendMode::kNormal;
  std::uint8_t opacity = 255;
  std::uint32_t tileset = 0;  // tilemap layers: the id of their tileset
  std::uint64_t chunk = 0;    // offset of its layer chunk, for errors
  bool visible() const { return (flags & 1) != 0; }
  bool background() const { return (flags & 8) != 0; }
  bool reference() const { return (flags & 64) != 0; }
};

enum class CelKind { kRaw, kCompressed, kTilemap };

// One layer's cel in one frame. A linked cel is resolved at parse time: it carries the
// pixel data of the cel it links to, with its own position, opacity and z-index.
struct Cel {
  int layer = 0;
  int x = 0, y = 0;
  std::uint8_t opacity = 255;
  int z = 0;
  CelKind kind = CelKind::kRaw;
  int width = 0, height = 0;  // pixels, or tiles for kTilemap
  std::uint64_t data = 0;     // offset of the (compressed) data in File::bytes
  std::uint64_t size = 0;     // its length
  std::uint64_t chunk = 0;    // offset of the cel chunk that holds the data, for errors
  int linked_from = -1;       // the frame the data was first stored in, when linked
  // kTilemap: bits per tile (8, 16 or 32) and the masks of the tile word.
  int tile_bits = 32;
  std::uint32_t id_mask = 0x1fffffff, xflip = 0x80000000, yflip = 0x40000000, dflip = 0x20000000;
};

struct Frame {
  int duration_ms = 100;
  std::vector<Cel> cels;  // in file order; at most one per layer
};

enum class Direction { kForward = 0, kReverse = 1, kPingpong = 2, kPingpongReverse = 3 };

struct Tag {
  std::string name;
  int from = 0, to = 0;
  Direction direction = Direction::kForward;
  int repeat = 0;  // 0: unspecified (forever in Aseprite's player)
};

struct SliceKey {
  int frame = 0;  // in effect from this frame on
  int x = 0, y = 0;
  std::uint32_t width = 0, height = 0;
  bool has_pivot = false;
  int pivot_x = 0, pivot_y = 0;  // relative to (x, y)
};

struct Slice {
  std::string name;
  std::uint32_t flags = 0;
  std::vector<SliceKey> keys;  // in file order
};

struct Tileset {
  std::uint32_t id = 0;
  std::uint32_t flags = 0;  // 1 external, 2 tiles inside, 4 tile 0 is the empty tile
  std::uint32_t count = 0;
  int tile_width = 0, tile_height = 0;
  std::string name;
  std::uint64_t data = 0, size = 0;  // compressed image, tile_width x (tile_height * count)
  std::uint64_t chunk = 0;
};

// The palette from frame `frame` on (until the next one): `size` entries of RGBA.
struct Palette {
  int frame = 0;
  int size = 256;
  std::array<std::uint32_t, 256> colours{};  // RGBA, red in the low byte
};

struct File {
  std::vector<std::uint8_t> bytes;  // the whole file; cels point into it
  int width = 0, height = 0;
  ColorMode mode = ColorMode::kRgba;
  std::uint32_t flags = 0;
  int transparent_index = 0;
  std::vector<Palette> palettes;  // by frame, the first at frame 0
  std::vector<Layer> layers;
  std::vector<Frame> frames;
  std::vector<Tag> tags;
  std::vector<Slice> slices;
  std::vector<Tileset> tilesets;
};

// The palette in effect at `frame`.
const Palette& palette_at(const File& file, int frame);

// Reads and checks the file's structure. Pixel data is checked when rendered.
Result<File> parse(std::vector<std::uint8_t> bytes);

// Which layers to draw, one flag per layer. With no names: every image and tilemap layer
// that is visible, not a reference layer, and not inside a hidden group. Otherwise the
// named layers, each picked by group path ("gear/sword", or "gear" at the top) or, when
// no path matches, by name (every layer of that name), hidden or not; naming a group
// picks its visible descendants. A name that matches no layer is an error listing
// the layers there are.
Result<std::vector<bool>> select_layers(const File& file, const std::vector<std::string>& names);

namespace detail {
struct LinkedCels;  // render.cpp
}

// What a Renderer has done so far: the work that hostile files once multiplied (the
// tests bound it by these counts, not by time).
struct RenderStats {
  std::uint64_t inflations = 0;      // zlib streams inflated (cels, tilemaps, tilesets)
  std::uint64_t inflated_bytes = 0;  // and the bytes they made
  std::uint64_t tile_pixels = 0;     // tile pixels visited (those that reach the canvas)
  std::uint64_t canvas_bytes = 0;    // the most bytes of canvases one frame held at once
};

// Flattens frames of a parsed file. Holds the tilesets it has decoded and the cels linked
// cels point at (see kMaxLinkedCacheBytes); one per thread.
class Renderer {
 public:
  Renderer(const File& file, std::vector<bool> layers);
  const RenderStats& stats() const { return stats_; }
  // Frame `index` at the canvas size: the selected layers composited bottom to top.
  Result<image::Image> frame(int index);
  // The same, written into `dst` with its top-left corner at (x, y), which must leave room
  // for the canvas (render_sheet fills its cells so, without a copy per frame).
  Error frame_into(int index, image::Image& dst, int x, int y);

 private:
  const File& file_;
  std::vector<bool> layers_;
  std::vector<std::vector<std::uint8_t>> tilesets_;  // decoded pixels, by tileset index
  std::vector<bool> tileset_done_;
  std::shared_ptr<void> inflater_;              // libdeflate's decompressor, reused for every cel
  std::shared_ptr<detail::LinkedCels> linked_;  // decoded cels that linked cels point at
  RenderStats stats_;
};

// The frames of a file as one sheet (how a definition's `aseprite:` sheet sees them): a
// grid of canvas-sized cells, as many a row as fit in `max_side`, frame i in cell i, row by
// row. `fits` is false when the cells need more than max_side rows of pixels.
struct SheetLayout {
  int columns = 1, rows = 1;
  int cell_width = 0, cell_height = 0;
  bool fits = true;
  geom::Rect cell(int frame) const {
    return {(frame % columns) * cell_width, (frame / columns) * cell_height, cell_width,
            cell_height};
  }
};
SheetLayout sheet_layout(const File& file, int max_side);

// Every frame flattened into its cell of sheet_layout(file, max_side).
Result<image::Image> render_sheet(const File& file, const std::vector<bool>& layers, int max_side);

}  // namespace spritec::aseprite
