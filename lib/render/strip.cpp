#include "spritec/render/strip.hpp"

#include <algorithm>
#include <limits>

#include "checked.hpp"

namespace spritec::render {
namespace {

using detail::sat_add;
using detail::sat_mul;
using detail::sat_sub;

void fill(image::Image& img, Colour c) {
  for (std::size_t i = 0; i + 3 < img.rgba.size(); i += 4) {
    img.rgba[i] = c.r;
    img.rgba[i + 1] = c.g;
    img.rgba[i + 2] = c.b;
    img.rgba[i + 3] = c.a;
  }
}

void put(image::Image& img, int x, int y, Colour c) {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  std::uint8_t* p = img.pixel(x, y);
  p[0] = c.r;
  p[1] = c.g;
  p[2] = c.b;
  p[3] = c.a;
}

void outline(image::Image& img, int x, int y, int w, int h, Colour c) {
  // The rectangle just outside (x, y, w, h).
  for (int i = x - 1; i <= x + w; ++i) {
    put(img, i, y - 1, c);
    put(img, i, y + h, c);
  }
  for (int j = y; j < y + h; ++j) {
    put(img, x - 1, j, c);
    put(img, x + w, j, c);
  }
}

void cross(image::Image& img, int x, int y, Colour c) {
  for (int d = -2; d <= 2; ++d) {
    put(img, x + d, y, c);
    put(img, x, y + d, c);
  }
}

// Extents of a section's cells relative to the origin, in output pixels: [min, max).
// 64-bit and saturating: a hostile pack's origins reach 2^31 before upscaling.
struct Extents {
  std::int64_t min_x = std::numeric_limits<std::int64_t>::max();
  std::int64_t max_x = std::numeric_limits<std::int64_t>::min();
  std::int64_t min_y = std::numeric_limits<std::int64_t>::max();
  std::int64_t max_y = std::numeric_limits<std::int64_t>::min();
  void add(std::int64_t x0, std::int64_t y0, std::int64_t x1, std::int64_t y1) {
    min_x = std::min(min_x, x0);
    min_y = std::min(min_y, y0);
    max_x = std::max(max_x, x1);
    max_y = std::max(max_y, y1);
  }
  bool empty() const { return min_x > max_x; }
};

struct SectionLayout {
  Extents cell;
  std::int64_t columns = 0;
  std::int64_t cell_w = 0;
  std::int64_t column_w = 0;
  std::int64_t cell_h = 0;
  std::int64_t title_h = 0;   // title height plus gap, or 0
  std::int64_t labels_h = 0;  // column label height plus gap, or 0
  std::int64_t width = 0;     // of the grid, from the row label column's right edge
  std::int64_t title_w = 0;   // of the title, from the left margin
  std::int64_t height = 0;
};

// A cell's frame (not its marks), at scale s, with pad pixels around for outlines.
void add_frame_extents(Extents& e, const StripCell& cell, std::int64_t s, std::int64_t pad) {
  if (cell.empty()) return;
  const std::int64_t x0 = sat_mul(-cell.origin_x, s), y0 = sat_mul(-cell.origin_y, s);
  e.add(sat_sub(x0, pad), sat_sub(y0, pad), sat_add(sat_add(x0, sat_mul(cell.width(), s)), pad),
        sat_add(sat_add(y0, sat_mul(cell.height(), s)), pad));
}

SectionLayout measure(const StripSection& section, const StripOptions& o) {
  SectionLayout l;
  const std::int64_t s = std::max(1, o.scale);
  const std::int64_t pad = o.outlines ? 1 : 0;
  for (const auto& row : section.rows) {
    l.columns = std::max(l.columns, static_cast<std::int64_t>(row.cells.size()));
    for (const auto& cell : row.cells) {
      add_frame_extents(l.cell, cell, s, pad);
      for (const StripCell& layer : cell.above)
        add_frame_extents(l.cell, layer, s, pad);
      if (!cell.marks.empty()) {
        const MarkExtents e = mark_extents(cell.marks, int(s));
        l.cell.add(e.x0, e.y0, e.x1, e.y1);
      }
    }
  }
  if (o.origin_markers) l.cell.add(-2, -2, 3, 3);
  if (l.cell.empty()) l.cell.add(0, 0, 1, 1);
  l.columns = std::max(l.columns, static_cast<std::int64_t>(section.column_labels.size()));
  l.cell_w = sat_sub(l.cell.max_x, l.cell.min_x);
  l.cell_h = sat_sub(l.cell.max_y, l.cell.min_y);
  l.column_w = l.cell_w;
  std::int64_t label_h = 0;
  for (const auto& label : section.column_labels) {
    TextSize t = text_size(label);
    l.column_w = std::max<std::int64_t>(l.column_w, t.width);
    label_h = std::max<std::int64_t>(label_h, t.height);
  }
  if (label_h > 0) l.labels_h = label_h + o.gap;
  TextSize title = text_size(section.title);
  if (title.height > 0) l.title_h = std::int64_t(title.height) + o.gap;
  const std::int64_t rows = static_cast<std::int64_t>(section.rows.size());
  l.width = sat_add(sat_mul(l.columns, l.column_w),
                    sat_mul(std::max<std::int64_t>(0, l.columns - 1), o.gap));
  l.height = sat_add(
      sat_add(l.title_h, l.labels_h),
      sat_add(sat_mul(rows, l.cell_h), sat_mul(std::max<std::int64_t>(0, rows - 1), o.gap)));
  l.title_w = title.width;
  return l;
}

struct StripLayout {
  std::vector<SectionLayout> sections;
  std::int64_t label_col = 0;
  SheetSize size;
};

StripLayout measure_strip(const std::vector<StripSection>& sections, const StripOptions& o) {
  StripLayout out;
  std::int64_t row_label_w = 0;
  for (const auto& section : sections) {
    out.sections.push_back(measure(section, o));
    for (const auto& row : section.rows) {
      row_label_w = std::max<std::int64_t>(row_label_w, text_size(row.label).width);
    }
  }
  out.label_col = row_label_w > 0 ? row_label_w + o.gap : 0;
  std::int64_t width = 0, height = 0;
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const SectionLayout& l = out.sections[i];
    width = std::max({width, sat_add(out.label_col, l.width), l.title_w});
    height = sat_add(height, sat_add(l.height, i > 0 ? 2 * std::int64_t(o.gap) : 0));
  }
  if (!o.legend.empty()) {
    const TextSize legend = legend_size(o.legend);
    width = std::max<std::int64_t>(width, legend.width);
    height = sat_add(height, 2 * std::int64_t(o.gap) + legend.height);
  }
  out.size = {sat_add(width, 2 * std::int64_t(o.margin)),
              sat_add(height, 2 * std::int64_t(o.margin))};
  return out;
}

// The cell's pixels as drawn: cropped from its page (or its own image), mirrored, upscaled.
// Made one cell at a time, so a sheet never holds more than one cell's copy.
image::Image cell_pixels(const StripCell& cell, int scale) {
  image::Image img = cell.page != nullptr ? image::crop(*cell.page, cell.rect) : cell.image;
  if (cell.flip_x) image::flip_x(img);
  if (cell.flip_y) image::flip_y(img);
  return scale == 1 ? img : image::scale_nearest(img, scale);
}

// origin_x, origin_y: where the cell's origin lands on the sheet. The layout fits the
// sheet, so every coordinate drawn here is within the sheet's 32768 pixels.
void draw_frame(image::Image& sheet, const StripCell& cell, std::int64_t origin_x,
                std::int64_t origin_y, const StripOptions& o) {
  if (cell.empty()) return;
  const int s = std::max(1, o.scale);
  image::Image scaled = cell_pixels(cell, s);
  int x = int(origin_x - cell.origin_x * s), y = int(origin_y - cell.origin_y * s);
  if (!scaled.empty()) image::blend_over(sheet, x, y, scaled, image::whole(scaled));
  if (o.outlines) outline(sheet, x, y, cell.width() * s, cell.height() * s, o.outline);
}

// The cell's frame and the layers above it, back to front, then its origin marker and marks.
void draw_cell(image::Image& sheet, const StripCell& cell, std::int64_t origin_x,
               std::int64_t origin_y, const StripOptions& o) {
  const int s = std::max(1, o.scale);
  draw_frame(sheet, cell, origin_x, origin_y, o);
  for (const StripCell& layer : cell.above)
    draw_frame(sheet, layer, origin_x, origin_y, o);
  if (o.origin_markers) cross(sheet, int(origin_x), int(origin_y), o.marker);
  draw_marks(sheet, origin_x, origin_y, s, cell.marks);
}

}  // namespace

bool sheet_fits(SheetSize size) {
  if (size.width < 1 || size.height < 1) return false;
  if (size.width > kMaxSheetSide || size.height > kMaxSheetSide) return false;
  return std::uint64_t(size.width) * std::uint64_t(size.height) * 4 <= kMaxSheetBytes;
}

SheetSize strip_size(const std::vector<StripSection>& sections, const StripOptions& o) {
  if (sections.empty()) return {};
  return measure_strip(sections, o).size;
}

image::Image layout_strip(const std::vector<StripSection>& sections, const StripOptions& o) {
  if (sections.empty()) return {};
  const StripLayout layout = measure_strip(sections, o);
  if (!sheet_fits(layout.size)) return {};
  image::Image sheet(static_cast<int>(layout.size.width), static_cast<int>(layout.size.height));
  fill(sheet, o.background);

  // From here on every coordinate is inside the sheet (at most kMaxSheetSide).
  const int label_col = static_cast<int>(layout.label_col);
  int y = o.margin;
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const StripSection& section = sections[i];
    const SectionLayout& l = layout.sections[i];
    const int column_w = static_cast<int>(l.column_w);
    const int cell_w = static_cast<int>(l.cell_w);
    const int cell_h = static_cast<int>(l.cell_h);
    if (i > 0) y += 2 * o.gap;
    if (l.title_h > 0) {
      draw_text(sheet, o.margin, y, section.title, o.text);
      y += static_cast<int>(l.title_h);
    }
    const int grid_x = o.margin + label_col;
    auto column_x = [&](std::size_t c) {
      return grid_x + static_cast<int>(c) * (column_w + o.gap);
    };
    auto draw_column_labels = [&](int label_y) {
      for (std::size_t c = 0; c < section.column_labels.size(); ++c) {
        TextSize t = text_size(section.column_labels[c]);
        draw_text(sheet, column_x(c) + (column_w - t.width) / 2, label_y, section.column_labels[c],
                  o.text);
      }
    };
    if (l.labels_h > 0 && !o.labels_below) {
      draw_column_labels(y);
      y += static_cast<int>(l.labels_h);
    }
    for (std::size_t r = 0; r < section.rows.size(); ++r) {
      const StripRow& row = section.rows[r];
      TextSize t = text_size(row.label);
      draw_text(sheet, o.margin, y + (cell_h - t.height) / 2, row.label, o.text);
      for (std::size_t c = 0; c < row.cells.size(); ++c) {
        std::int64_t origin_x = column_x(c) + (column_w - cell_w) / 2 - l.cell.min_x;
        std::int64_t origin_y = y - l.cell.min_y;
        draw_cell(sheet, row.cells[c], origin_x, origin_y, o);
      }
      y += cell_h + (r + 1 < section.rows.size() ? o.gap : 0);
    }
    if (l.labels_h > 0 && o.labels_below) {
      y += o.gap;
      draw_column_labels(y);
      y += static_cast<int>(l.labels_h) - o.gap;
    }
  }
  if (!o.legend.empty()) draw_legend(sheet, o.margin, y + 2 * o.gap, o.legend, o.text);
  return sheet;
}

namespace {

struct GridLayout {
  std::int64_t columns = 1, frame_w = 0, frame_h = 0, column_w = 0, row_h = 0;
  SheetSize size;
};

GridLayout measure_grid(const std::vector<image::Image>& frames, int columns,
                        const std::vector<std::string>& labels, const StripOptions& o) {
  GridLayout g;
  g.columns = std::max<std::int64_t>(1, std::min<std::int64_t>(columns, frames.size()));
  const std::int64_t s = std::max(1, o.scale);
  for (const auto& f : frames) {
    g.frame_w = std::max(g.frame_w, sat_mul(f.width, s));
    g.frame_h = std::max(g.frame_h, sat_mul(f.height, s));
  }
  g.column_w = g.frame_w;
  std::int64_t label_h = 0;
  for (const auto& label : labels) {
    TextSize t = text_size(label);
    g.column_w = std::max<std::int64_t>(g.column_w, t.width);
    label_h = std::max<std::int64_t>(label_h, t.height);
  }
  const std::int64_t rows = (std::int64_t(frames.size()) + g.columns - 1) / g.columns;
  g.row_h = sat_add(g.frame_h, label_h > 0 ? o.gap / 2 + label_h : 0);
  g.size.width = sat_add(sat_add(2 * std::int64_t(o.margin), sat_mul(g.columns, g.column_w)),
                         sat_mul(g.columns - 1, o.gap));
  g.size.height = sat_add(sat_add(2 * std::int64_t(o.margin), sat_mul(rows, g.row_h)),
                          sat_mul(rows - 1, o.gap));
  if (!o.legend.empty()) {
    const TextSize legend = legend_size(o.legend);
    g.size.width = std::max<std::int64_t>(g.size.width, 2 * std::int64_t(o.margin) + legend.width);
    g.size.height = sat_add(g.size.height, 2 * std::int64_t(o.gap) + legend.height);
  }
  return g;
}

}  // namespace

SheetSize grid_size(const std::vector<image::Image>& frames, int columns,
                    const std::vector<std::string>& labels, const StripOptions& o) {
  if (frames.empty()) return {};
  return measure_grid(frames, columns, labels, o).size;
}

image::Image layout_grid(const std::vector<image::Image>& frames, int columns,
                         const std::vector<std::string>& labels, const StripOptions& o) {
  if (frames.empty()) return {};
  const GridLayout g = measure_grid(frames, columns, labels, o);
  if (!sheet_fits(g.size)) return {};
  image::Image sheet(static_cast<int>(g.size.width), static_cast<int>(g.size.height));
  fill(sheet, o.background);
  // Every coordinate below is inside the sheet (at most kMaxSheetSide).
  const int s = std::max(1, o.scale);
  const int cols = static_cast<int>(g.columns), column_w = static_cast<int>(g.column_w);
  const int frame_h = static_cast<int>(g.frame_h), row_h = static_cast<int>(g.row_h);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    int c = static_cast<int>(i % std::size_t(cols)), r = static_cast<int>(i / std::size_t(cols));
    int x = o.margin + c * (column_w + o.gap);
    int y = o.margin + r * (row_h + o.gap);
    const image::Image& f = frames[i];
    if (!f.empty()) {
      image::Image scaled = s == 1 ? f : image::scale_nearest(f, s);
      int fx = x + (column_w - scaled.width) / 2;
      if (!scaled.empty()) image::blend_over(sheet, fx, y, scaled, image::whole(scaled));
      if (o.outlines) outline(sheet, fx, y, scaled.width, scaled.height, o.outline);
    }
    if (i < labels.size() && !labels[i].empty()) {
      TextSize t = text_size(labels[i]);
      draw_text(sheet, x + (column_w - t.width) / 2, y + frame_h + o.gap / 2, labels[i], o.text);
    }
  }
  if (!o.legend.empty()) {
    const int rows = static_cast<int>((frames.size() + std::size_t(cols) - 1) / std::size_t(cols));
    draw_legend(sheet, o.margin, o.margin + rows * (row_h + o.gap) + o.gap, o.legend, o.text);
  }
  return sheet;
}

}  // namespace spritec::render
