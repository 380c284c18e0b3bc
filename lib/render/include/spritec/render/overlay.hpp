// spritec::render debug overlay — the boxes and points (format 1.2, runtime/shapes.hpp) of
// what each actor or step shows, drawn over a preview with --debug, and their legend. The one
// home of this drawing: the stage (compose.hpp: action and scene previews) and the strips
// (strip.hpp: contact sheets) both call it.
//
// Colours: every name has one colour in a preview, kShapePalette[i % kShapePaletteSize] where
// i is the name's position in the sorted (by bytes) union of the shape names of the packs
// the preview draws — for one pack, its own name table (docs/format.md, GNAM), so an action
// preview and the pack's contact sheet agree. A box and a point of one name share it.
//
// Geometry, at integer `scale` s, with the actor's origin pixel drawn on output pixels
// ox .. ox + s - 1 (and oy likewise):
// - a box of actor-local columns x .. x + w - 1 covers output columns ox + x*s ..
//   ox + (x + w)*s - 1; its outline is the 1-output-pixel ring JUST OUTSIDE that rectangle
//   (columns ox + x*s - 1 and ox + (x + w)*s, rows likewise, corners included). So a box
//   drawn tight around a frame's opaque pixels encloses exactly them at any scale, and the
//   outline never covers a pixel of the box.
// - a point at column x, row y is a cross centred on output pixel (ox + x*s + s/2,
//   oy + y*s + s/2), its arms s + 1 output pixels long each way, 1 pixel wide.
// Marks are drawn in (kind, name) order, so a point's cross lies over a box's outline.
// Everything is clipped to the image, in 64-bit arithmetic; nothing allocates beyond the
// caller's images, prints or throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/image/image.hpp"
#include "spritec/render/font.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace spritec::render {

inline constexpr std::size_t kShapePaletteSize = 12;
// Bright colours away from the frame outline's blue (41, 173, 255) and the origin cross's
// red (255, 0, 77).
inline constexpr Colour kShapePalette[kShapePaletteSize] = {
    {255, 236, 39, 255},  {0, 228, 54, 255},    {255, 119, 168, 255}, {255, 163, 0, 255},
    {0, 240, 240, 255},   {230, 60, 230, 255},  {170, 255, 80, 255},  {160, 120, 255, 255},
    {255, 255, 255, 255}, {255, 204, 170, 255}, {0, 150, 90, 255},    {190, 110, 60, 255}};

// One box or point in actor-local coordinates (runtime::LocalShape), with its colour.
struct ShapeMark {
  std::uint32_t name = 0;  // index in ShapeColours::names()
  runtime::ShapeKind kind = runtime::ShapeKind::kBox;
  std::int64_t x = 0, y = 0;
  std::int64_t w = 0, h = 0;  // 0 for a point
  Colour colour;
};

struct LegendEntry {
  std::string name;
  Colour colour;
};

// The names of the packs a preview draws and their colours (see above).
class ShapeColours {
 public:
  ShapeColours() = default;
  // `packs` in the order a scene's actors index them (ActorSnapshot::pack).
  explicit ShapeColours(const std::vector<const runtime::PackView*>& packs);

  const std::vector<std::string>& names() const { return names_; }
  Colour colour(std::uint32_t name) const { return kShapePalette[name % kShapePaletteSize]; }
  bool empty() const { return names_.empty(); }

  // The marks of step record `step` (PackView::step(i)) of pack `pack`: its frame's shapes
  // with its own laid over them, flips applied (runtime::for_each_step_shape).
  std::vector<ShapeMark> step_marks(std::uint32_t pack, std::uint32_t step) const;
  // The legend of the names that appear in `marks` (sorted by name).
  std::vector<LegendEntry> legend(const std::vector<std::vector<ShapeMark>>& marks) const;
  // The legend of every name (a scene's: which ones show is known only once it has run).
  std::vector<LegendEntry> legend() const;

 private:
  std::vector<const runtime::PackView*> packs_;
  std::vector<std::string> names_;              // sorted, unique
  std::vector<std::vector<std::uint32_t>> of_;  // per pack: its name index -> index in names_
};

// Draws the marks of an actor whose origin pixel's top-left lands on output pixel (ox, oy).
void draw_marks(image::Image& img, std::int64_t ox, std::int64_t oy, int scale,
                const std::vector<ShapeMark>& marks);

// The pixels the marks reach around the origin pixel's top-left, in output pixels:
// [x0, x1) x [y0, y1); empty (x0 >= x1) without marks.
struct MarkExtents {
  std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
MarkExtents mark_extents(const std::vector<ShapeMark>& marks, int scale);

// A legend: one line per entry, a filled 7 x 7 swatch of its colour and the name in `text`
// (bitmap font, scale 1; a byte outside printable ASCII reads '?'). Its size, {0, 0} when
// empty; and drawn with its top-left corner at (x, y).
TextSize legend_size(const std::vector<LegendEntry>& legend);
void draw_legend(image::Image& img, int x, int y, const std::vector<LegendEntry>& legend,
                 Colour text);

// An animation frame with the legend in a band under it: as wide as the frame or the
// legend (plus a 4-pixel margin), filled with kLegendBand. The size for a frame of w x h
// (output pixels, saturating: any w, h >= 0), and the frame itself (returned as is when the legend
// is empty).
inline constexpr Colour kLegendBand{29, 43, 83, 255};
void with_legend_size(const std::vector<LegendEntry>& legend, std::int64_t& w, std::int64_t& h);
image::Image with_legend(image::Image frame, const std::vector<LegendEntry>& legend);

}  // namespace spritec::render
