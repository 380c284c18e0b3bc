// spritec::geom — the words for the plane, one for each idea, in whole pixels: a Point
// (x, y), a Size (width, height) and a Rect (its top-left corner x, y and its width,
// height). Every module that speaks of pixels' places and extents uses these: a frame's
// source rectangle and origin (def), an image's rectangle (image), a packer's item size
// (pack). A module's own code may name them unqualified (its namespace holds `using
// geom::Rect;` and the like); another module's code names them geom::Rect.
//
// Plain values: no invariant is kept (a Rect may be empty, or lie outside any image), and
// nothing here allocates or fails. Header-only and std only: depends on nothing, so the
// lowest modules (pack, image) may use it.
//
// The .spk layout's records (runtime/spk_layout.hpp) spell their fields as the file format
// does (x, y, w, h) and stay as they are: they are the format, not this model.
#pragma once

namespace spritec::geom {

struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point& o) const { return x == o.x && y == o.y; }
  bool operator!=(const Point& o) const { return !(*this == o); }
};

struct Size {
  int width = 0;
  int height = 0;
  // No pixel: a side is 0 (or negative).
  bool empty() const { return width <= 0 || height <= 0; }
  bool operator==(const Size& o) const { return width == o.width && height == o.height; }
  bool operator!=(const Size& o) const { return !(*this == o); }
};

struct Rect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  // No pixel: a side is 0 (or negative).
  bool empty() const { return width <= 0 || height <= 0; }
  bool operator==(const Rect& o) const {
    return x == o.x && y == o.y && width == o.width && height == o.height;
  }
  bool operator!=(const Rect& o) const { return !(*this == o); }
};

}  // namespace spritec::geom
