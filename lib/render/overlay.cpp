#include "spritec/render/overlay.hpp"

#include <algorithm>

#include "checked.hpp"
#include "spritec/runtime/shapes.hpp"

namespace spritec::render {

namespace {

constexpr int kSwatch = 7;        // a legend swatch's side
constexpr int kSwatchGap = 3;     // between the swatch and the name
constexpr int kLegendMargin = 4;  // around a legend in its band

void put(image::Image& img, std::int64_t x, std::int64_t y, Colour c) {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  std::uint8_t* p = img.pixel(int(x), int(y));
  p[0] = c.r;
  p[1] = c.g;
  p[2] = c.b;
  p[3] = c.a;
}

// A row of pixels x0 .. x1 - 1 at y, clipped before looping (x0 and x1 may be far away).
void hline(image::Image& img, std::int64_t x0, std::int64_t x1, std::int64_t y, Colour c) {
  if (y < 0 || y >= img.height) return;
  for (std::int64_t x = std::max<std::int64_t>(x0, 0); x < std::min<std::int64_t>(x1, img.width);
       ++x)
    put(img, x, y, c);
}

void vline(image::Image& img, std::int64_t x, std::int64_t y0, std::int64_t y1, Colour c) {
  if (x < 0 || x >= img.width) return;
  for (std::int64_t y = std::max<std::int64_t>(y0, 0); y < std::min<std::int64_t>(y1, img.height);
       ++y)
    put(img, x, y, c);
}

// The output rectangle a mark covers, [x0, x1) x [y0, y1): a box's pixels, or a point's
// centre pixel.
struct Placed {
  std::int64_t x0, y0, x1, y1;
};

Placed place(const ShapeMark& m, std::int64_t ox, std::int64_t oy, int scale) {
  const std::int64_t s = scale;
  if (m.kind == runtime::ShapeKind::kBox)
    return {ox + m.x * s, oy + m.y * s, ox + (m.x + m.w) * s, oy + (m.y + m.h) * s};
  const std::int64_t cx = ox + m.x * s + s / 2, cy = oy + m.y * s + s / 2;
  return {cx, cy, cx + 1, cy + 1};
}

}  // namespace

ShapeColours::ShapeColours(const std::vector<const runtime::PackView*>& packs) : packs_(packs) {
  for (const runtime::PackView* p : packs) {
    for (std::uint32_t i = 0; i < p->shape_name_count(); ++i)
      names_.emplace_back(p->shape_name(i));
  }
  std::sort(names_.begin(), names_.end());
  names_.erase(std::unique(names_.begin(), names_.end()), names_.end());
  for (const runtime::PackView* p : packs) {
    std::vector<std::uint32_t> to;
    for (std::uint32_t i = 0; i < p->shape_name_count(); ++i) {
      const auto at = std::lower_bound(names_.begin(), names_.end(), p->shape_name(i));
      to.push_back(std::uint32_t(at - names_.begin()));
    }
    of_.push_back(std::move(to));
  }
}

std::vector<ShapeMark> ShapeColours::step_marks(std::uint32_t pack, std::uint32_t step) const {
  std::vector<ShapeMark> marks;
  if (names_.empty()) return marks;
  const std::vector<std::uint32_t>& to = of_[pack];
  runtime::for_each_step_shape(*packs_[pack], step, [&](const runtime::LocalShape& s) {
    const std::uint32_t name = to[s.name];
    marks.push_back({name, s.kind, s.x, s.y, s.w, s.h, colour(name)});
  });
  return marks;
}

std::vector<LegendEntry> ShapeColours::legend(
    const std::vector<std::vector<ShapeMark>>& marks) const {
  std::vector<bool> used(names_.size(), false);
  for (const auto& list : marks) {
    for (const ShapeMark& m : list)
      used[m.name] = true;
  }
  std::vector<LegendEntry> out;
  for (std::uint32_t i = 0; i < names_.size(); ++i) {
    if (used[i]) out.push_back({names_[i], colour(i)});
  }
  return out;
}

std::vector<LegendEntry> ShapeColours::legend() const {
  std::vector<LegendEntry> out;
  for (std::uint32_t i = 0; i < names_.size(); ++i)
    out.push_back({names_[i], colour(i)});
  return out;
}

void draw_marks(image::Image& img, std::int64_t ox, std::int64_t oy, int scale,
                const std::vector<ShapeMark>& marks) {
  for (const ShapeMark& m : marks) {
    const Placed p = place(m, ox, oy, scale);
    if (m.kind == runtime::ShapeKind::kBox) {
      // The ring just outside the box's pixels.
      hline(img, p.x0 - 1, p.x1 + 1, p.y0 - 1, m.colour);
      hline(img, p.x0 - 1, p.x1 + 1, p.y1, m.colour);
      vline(img, p.x0 - 1, p.y0, p.y1, m.colour);
      vline(img, p.x1, p.y0, p.y1, m.colour);
    } else {
      const std::int64_t arm = std::int64_t(scale) + 1;
      hline(img, p.x0 - arm, p.x0 + arm + 1, p.y0, m.colour);
      vline(img, p.x0, p.y0 - arm, p.y0 + arm + 1, m.colour);
    }
  }
}

MarkExtents mark_extents(const std::vector<ShapeMark>& marks, int scale) {
  MarkExtents e;
  bool any = false;
  for (const ShapeMark& m : marks) {
    const Placed p = place(m, 0, 0, scale);
    const std::int64_t reach = m.kind == runtime::ShapeKind::kBox ? 1 : std::int64_t(scale) + 1;
    const MarkExtents one{p.x0 - reach, p.y0 - reach, p.x1 + reach, p.y1 + reach};
    if (!any) {
      e = one;
      any = true;
    } else {
      e = {std::min(e.x0, one.x0), std::min(e.y0, one.y0), std::max(e.x1, one.x1),
           std::max(e.y1, one.y1)};
    }
  }
  return e;
}

TextSize legend_size(const std::vector<LegendEntry>& legend) {
  TextSize size;
  for (const LegendEntry& e : legend)
    size.width = std::max(size.width, kSwatch + kSwatchGap + text_size(e.name).width);
  if (!legend.empty()) size.height = (int(legend.size()) - 1) * kLineAdvance + kLineHeight;
  return size;
}

void draw_legend(image::Image& img, int x, int y, const std::vector<LegendEntry>& legend,
                 Colour text) {
  for (std::size_t i = 0; i < legend.size(); ++i) {
    const int line = y + int(i) * kLineAdvance;
    for (int j = 0; j < kSwatch; ++j)
      hline(img, x, x + kSwatch, line + j, legend[i].colour);
    draw_text(img, x + kSwatch + kSwatchGap, line, legend[i].name, text);
  }
}

void with_legend_size(const std::vector<LegendEntry>& legend, std::int64_t& w, std::int64_t& h) {
  if (legend.empty()) return;
  const TextSize size = legend_size(legend);
  w = std::max<std::int64_t>(w, size.width + 2 * kLegendMargin);
  h = detail::sat_add(h, size.height + 2 * kLegendMargin);
}

image::Image with_legend(image::Image frame, const std::vector<LegendEntry>& legend) {
  if (legend.empty()) return frame;
  std::int64_t w = frame.width, h = frame.height;
  with_legend_size(legend, w, h);
  image::Image out(static_cast<int>(w), static_cast<int>(h));
  for (std::int64_t y = 0; y < h; ++y)
    hline(out, 0, w, y, kLegendBand);
  for (int y = 0; y < frame.height; ++y) {
    std::copy(frame.pixel(0, y), frame.pixel(0, y) + std::size_t(frame.width) * 4, out.pixel(0, y));
  }
  draw_legend(out, kLegendMargin, frame.height + kLegendMargin, legend, {255, 255, 255, 255});
  return out;
}

}  // namespace spritec::render
