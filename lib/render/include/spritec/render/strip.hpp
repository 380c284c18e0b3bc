// spritec::render strips — still previews laid out as one RGBA image (DESIGN.md section 5,
// "PNG strip"): an action as a row per view and a column per step, a pack's actions
// stacked into one contact sheet, or a scene's rendered frames in a grid.
//
// Layout (pure: cells in, one image out, no I/O):
// - Every cell of a section is drawn so that its origin lands on the same point of its
//   column and on the same baseline of its row: the cells share one width and one height,
//   computed from the largest extents left, right, above and below the origin (after
//   integer upscaling), so motion reads across a row.
// - Row labels (e.g. a view's angle) are drawn left of the rows, column labels (e.g. a
//   step's ticks and event) above the first row (or below the last), a section's title
//   above it; all with the built-in bitmap font (font.hpp) at scale 1, never upscaled.
// - Options add origin markers (a 5-pixel cross on the origin) and frame outlines (a
//   1-pixel rectangle just outside each frame); cells may carry boxes and points, and the
//   options a legend of their names (overlay.hpp).
// Limits: a sheet is at most kMaxSheetSide pixels a side and kMaxSheetBytes of pixels.
// strip_size() and grid_size() give the size a layout would have, in saturating 64-bit
// arithmetic, without drawing or allocating anything, so a caller checks sheet_fits()
// and says why before asking for the sheet; the layouts themselves return an empty
// result (0 x 0) when there is nothing to lay out or the sheet is over a cap. Cells refer
// to their page's pixels rather than copying them, and are cropped, mirrored and scaled
// one at a time while drawing. Nothing prints or throws.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spritec/geom/geom.hpp"
#include "spritec/image/image.hpp"
#include "spritec/render/font.hpp"
#include "spritec/render/overlay.hpp"

namespace spritec::render {

// Every sheet is at most this wide and tall…
inline constexpr std::int64_t kMaxSheetSide = 32768;
// …and its RGBA pixels at most this many bytes (e.g. 16384 x 8192).
inline constexpr std::uint64_t kMaxSheetBytes = 512ull << 20;

// One cell's pixels: `rect` of `*page`, not copied (the page must outlive the layout), or,
// when page is null, the whole of `image`; either mirrored as flip_x / flip_y say. An
// empty rect with no image is a blank step: only its origin marker is drawn.
struct StripCell {
  const image::Image* page = nullptr;
  geom::Rect rect;  // inside *page
  image::Image image;
  bool flip_x = false;
  bool flip_y = false;
  // The origin relative to the cell's top-left corner as drawn (after the flips), in
  // source pixels; it may lie outside the cell, anywhere in the 32-bit range and beyond.
  std::int64_t origin_x = 0;
  std::int64_t origin_y = 0;
  // Boxes and points relative to the origin, flips applied (overlay.hpp), drawn over the
  // cell (also a blank one) at the sheet's scale; the cells of a section reach around them.
  std::vector<ShapeMark> marks;
  // Further frames drawn over this one, back to front, each placed by its own origin on
  // the same point (a layered actor's layers: the cell is the back one). Their own marks
  // and `above` are not drawn. Laid out as one cell: the section reaches around them all.
  std::vector<StripCell> above;

  int width() const { return page != nullptr ? rect.width : image.width; }
  int height() const { return page != nullptr ? rect.height : image.height; }
  bool empty() const { return width() <= 0 || height() <= 0; }
};

struct StripRow {
  std::string label;  // drawn left of the row
  std::vector<StripCell> cells;
};

struct StripSection {
  std::string title;                       // drawn above the section when not empty
  std::vector<std::string> column_labels;  // one per column; missing ones are blank
  std::vector<StripRow> rows;
};

struct StripOptions {
  int scale = 1;   // integer upscaling of the frames (labels stay at scale 1)
  int gap = 4;     // pixels between cells, rows, labels and sections
  int margin = 4;  // pixels around the whole sheet
  Colour background{0, 0, 0, 0};
  Colour text{255, 255, 255, 255};
  bool labels_below = false;  // column labels under the last row instead of above the first
  bool origin_markers = false;
  Colour marker{255, 0, 77, 255};
  bool outlines = false;
  Colour outline{41, 173, 255, 255};
  // Drawn under the sections (or the grid), after a gap of 2 * gap, in `text` (overlay.hpp).
  std::vector<LegendEntry> legend;
};

// A sheet's size in pixels; over the caps (and possibly saturated) for a hostile input.
struct SheetSize {
  std::int64_t width = 0;
  std::int64_t height = 0;
};

// Whether a sheet of this size is within kMaxSheetSide and kMaxSheetBytes (and not empty).
bool sheet_fits(SheetSize size);

// The size layout_strip() gives for these sections; nothing is drawn or allocated.
SheetSize strip_size(const std::vector<StripSection>& sections, const StripOptions& options = {});

// Lays out the sections one under another (one section = one action; several = a contact
// sheet of a pack's actions). Row labels of all sections share one column.
image::Image layout_strip(const std::vector<StripSection>& sections,
                          const StripOptions& options = {});

// The size layout_grid() gives for these frames; nothing is drawn or allocated.
SheetSize grid_size(const std::vector<image::Image>& frames, int columns,
                    const std::vector<std::string>& labels = {}, const StripOptions& options = {});

// Lays out frames of equal size (a scene's rendered frames) left to right, top to bottom,
// `columns` (>= 1) to a row, each with its label (if any) under it.
image::Image layout_grid(const std::vector<image::Image>& frames, int columns,
                         const std::vector<std::string>& labels = {},
                         const StripOptions& options = {});

}  // namespace spritec::render
