#include "spritec/render/strip.hpp"

#include <algorithm>
#include <climits>

namespace spritec::render {
namespace {

constexpr long kMaxSheetSide = 32768;

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
struct Extents {
  int min_x = INT_MAX, max_x = INT_MIN, min_y = INT_MAX, max_y = INT_MIN;
  void add(int x0, int y0, int x1, int y1) {
    min_x = std::min(min_x, x0);
    min_y = std::min(min_y, y0);
    max_x = std::max(max_x, x1);
    max_y = std::max(max_y, y1);
  }
  bool empty() const { return min_x > max_x; }
};

struct SectionLayout {
  Extents cell;
  int columns = 0;
  int column_w = 0;
  int cell_h = 0;
  int title_h = 0;   // title height plus gap, or 0
  int labels_h = 0;  // column label height plus gap, or 0
  long width = 0;    // of the grid, from the row label column's right edge
  long title_w = 0;  // of the title, from the left margin
  long height = 0;
};

SectionLayout measure(const StripSection& section, const StripOptions& o) {
  SectionLayout l;
  const int s = std::max(1, o.scale);
  const int pad = o.outlines ? 1 : 0;
  for (const auto& row : section.rows) {
    l.columns = std::max(l.columns, static_cast<int>(row.cells.size()));
    for (const auto& cell : row.cells) {
      if (!cell.image.empty()) {
        int x0 = -cell.origin_x * s, y0 = -cell.origin_y * s;
        l.cell.add(x0 - pad, y0 - pad, x0 + cell.image.width * s + pad,
                   y0 + cell.image.height * s + pad);
      }
    }
  }
  if (o.origin_markers) l.cell.add(-2, -2, 3, 3);
  if (l.cell.empty()) l.cell.add(0, 0, 1, 1);
  l.columns = std::max(l.columns, static_cast<int>(section.column_labels.size()));
  const int cell_w = l.cell.max_x - l.cell.min_x;
  l.cell_h = l.cell.max_y - l.cell.min_y;
  l.column_w = cell_w;
  int label_h = 0;
  for (const auto& label : section.column_labels) {
    TextSize t = text_size(label);
    l.column_w = std::max(l.column_w, t.width);
    label_h = std::max(label_h, t.height);
  }
  if (label_h > 0) l.labels_h = label_h + o.gap;
  TextSize title = text_size(section.title);
  if (title.height > 0) l.title_h = title.height + o.gap;
  const long rows = static_cast<long>(section.rows.size());
  l.width = std::max<long>(static_cast<long>(l.columns) * l.column_w +
                               std::max(0, l.columns - 1) * static_cast<long>(o.gap),
                           0);
  l.height = l.title_h + l.labels_h + rows * l.cell_h + std::max<long>(0, rows - 1) * o.gap;
  l.title_w = title.width;
  return l;
}

void draw_cell(image::Image& sheet, const StripCell& cell, int origin_x, int origin_y,
               const StripOptions& o) {
  const int s = std::max(1, o.scale);
  if (!cell.image.empty()) {
    image::Image scaled = s == 1 ? cell.image : image::scale_nearest(cell.image, s);
    int x = origin_x - cell.origin_x * s, y = origin_y - cell.origin_y * s;
    if (!scaled.empty()) image::blend_over(sheet, x, y, scaled, image::whole(scaled));
    if (o.outlines) outline(sheet, x, y, cell.image.width * s, cell.image.height * s, o.outline);
  }
  if (o.origin_markers) cross(sheet, origin_x, origin_y, o.marker);
}

}  // namespace

image::Image layout_strip(const std::vector<StripSection>& sections, const StripOptions& o) {
  if (sections.empty()) return {};
  std::vector<SectionLayout> layouts;
  int row_label_w = 0;
  for (const auto& section : sections) {
    layouts.push_back(measure(section, o));
    for (const auto& row : section.rows) {
      row_label_w = std::max(row_label_w, text_size(row.label).width);
    }
  }
  const int label_col = row_label_w > 0 ? row_label_w + o.gap : 0;
  long width = 0, height = 0;
  for (std::size_t i = 0; i < sections.size(); ++i) {
    width = std::max({width, label_col + layouts[i].width, layouts[i].title_w});
    height += layouts[i].height + (i > 0 ? 2L * o.gap : 0L);
  }
  width += 2L * o.margin;
  height += 2L * o.margin;
  if (width < 1 || height < 1 || width > kMaxSheetSide || height > kMaxSheetSide) return {};
  image::Image sheet(static_cast<int>(width), static_cast<int>(height));
  fill(sheet, o.background);

  int y = o.margin;
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const StripSection& section = sections[i];
    const SectionLayout& l = layouts[i];
    if (i > 0) y += 2 * o.gap;
    if (l.title_h > 0) {
      draw_text(sheet, o.margin, y, section.title, o.text);
      y += l.title_h;
    }
    const int grid_x = o.margin + label_col;
    const int cell_w = l.cell.max_x - l.cell.min_x;
    auto column_x = [&](int c) { return grid_x + c * (l.column_w + o.gap); };
    auto draw_column_labels = [&](int label_y) {
      for (std::size_t c = 0; c < section.column_labels.size(); ++c) {
        TextSize t = text_size(section.column_labels[c]);
        draw_text(sheet, column_x(static_cast<int>(c)) + (l.column_w - t.width) / 2, label_y,
                  section.column_labels[c], o.text);
      }
    };
    if (l.labels_h > 0 && !o.labels_below) {
      draw_column_labels(y);
      y += l.labels_h;
    }
    for (std::size_t r = 0; r < section.rows.size(); ++r) {
      const StripRow& row = section.rows[r];
      TextSize t = text_size(row.label);
      draw_text(sheet, o.margin, y + (l.cell_h - t.height) / 2, row.label, o.text);
      for (std::size_t c = 0; c < row.cells.size(); ++c) {
        int origin_x = column_x(static_cast<int>(c)) + (l.column_w - cell_w) / 2 - l.cell.min_x;
        int origin_y = y - l.cell.min_y;
        draw_cell(sheet, row.cells[c], origin_x, origin_y, o);
      }
      y += l.cell_h + (r + 1 < section.rows.size() ? o.gap : 0);
    }
    if (l.labels_h > 0 && o.labels_below) {
      y += o.gap;
      draw_column_labels(y);
      y += l.labels_h - o.gap;
    }
  }
  return sheet;
}

image::Image layout_grid(const std::vector<image::Image>& frames, int columns,
                         const std::vector<std::string>& labels, const StripOptions& o) {
  if (frames.empty()) return {};
  columns = std::max(1, std::min(columns, static_cast<int>(frames.size())));
  const int s = std::max(1, o.scale);
  int frame_w = 0, frame_h = 0;
  for (const auto& f : frames) {
    frame_w = std::max(frame_w, f.width * s);
    frame_h = std::max(frame_h, f.height * s);
  }
  int column_w = frame_w, label_h = 0;
  for (const auto& label : labels) {
    TextSize t = text_size(label);
    column_w = std::max(column_w, t.width);
    label_h = std::max(label_h, t.height);
  }
  const int rows = (static_cast<int>(frames.size()) + columns - 1) / columns;
  const long row_h = frame_h + (label_h > 0 ? o.gap / 2 + label_h : 0);
  const long width = 2L * o.margin + static_cast<long>(columns) * column_w +
                     static_cast<long>(columns - 1) * o.gap;
  const long height =
      2L * o.margin + static_cast<long>(rows) * row_h + static_cast<long>(rows - 1) * o.gap;
  if (width < 1 || height < 1 || width > kMaxSheetSide || height > kMaxSheetSide) return {};
  image::Image sheet(static_cast<int>(width), static_cast<int>(height));
  fill(sheet, o.background);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    int c = static_cast<int>(i) % columns, r = static_cast<int>(i) / columns;
    int x = o.margin + c * (column_w + o.gap);
    int y = o.margin + r * static_cast<int>(row_h + o.gap);
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
  return sheet;
}

}  // namespace spritec::render
