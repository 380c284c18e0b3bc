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
//   1-pixel rectangle just outside each frame).
// Limits: an empty result (0 x 0) when there is nothing to lay out or the sheet would be
// wider or taller than 32768 pixels. Nothing prints or throws.
#pragma once

#include <string>
#include <vector>

#include "spritec/image/image.hpp"
#include "spritec/render/font.hpp"

namespace spritec::render {

struct StripCell {
  image::Image image;  // may be empty: a blank step (only its origin marker is drawn)
  int origin_x = 0;    // the origin relative to the image's top-left corner, in source
  int origin_y = 0;    // pixels; it may lie outside the image
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
};

// Lays out the sections one under another (one section = one action; several = a contact
// sheet of a pack's actions). Row labels of all sections share one column.
image::Image layout_strip(const std::vector<StripSection>& sections,
                          const StripOptions& options = {});

// Lays out frames of equal size (a scene's rendered frames) left to right, top to bottom,
// `columns` (>= 1) to a row, each with its label (if any) under it.
image::Image layout_grid(const std::vector<image::Image>& frames, int columns,
                         const std::vector<std::string>& labels = {},
                         const StripOptions& options = {});

}  // namespace spritec::render
