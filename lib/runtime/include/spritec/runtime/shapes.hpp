// spritec::runtime — the boxes and points of what an actor shows (format 1.2; docs/runtime.md,
// "Boxes and points"). Header-only, std-only; nothing here allocates, throws or prints.
//
// A step's shapes are its frame's with the step's own laid over them: a step's box or point
// replaces the frame's of the same kind and name, a removal takes it away, the rest are
// added. They come back in ACTOR-LOCAL coordinates: the frame's origin pixel at (0, 0), x
// right, y down, the step's flips applied exactly as the pixels are flipped (a pixel column u
// of the frame lands at position + (u - origin) unflipped and position - (u - origin)
// flipped in x). So a box of columns x .. x + w - 1 becomes columns -x - w + 1 .. -x, and a
// point at column x becomes column -x; rows likewise for y.
//
// Usage — a hit test between two actors:
//   LocalShape hit, hurt;
//   if (find_shape(pack, a, ShapeKind::kBox, hit_name, hit) &&
//       find_shape(pack, b, ShapeKind::kBox, hurt_name, hurt) &&
//       overlaps(world_box(a, hit), world_box(b, hurt))) { ... }
// where hit_name = pack.find_shape_name("hit") is looked up once at load time.
//
// Costs: for_each_shape() and find_shape() are O(f + s) for a frame of f shapes and a step
// of s (one merge walk of two sorted lists).
#pragma once

#include <cstdint>

#include "spritec/runtime/player.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace spritec::runtime {

// A box or point in actor-local coordinates (see above). A box covers columns x .. x + w - 1
// and rows y .. y + h - 1; a point has w = h = 0.
struct LocalShape {
  std::uint32_t name = 0;  // pack.shape_name(name)
  ShapeKind kind = ShapeKind::kBox;
  std::int32_t x = 0, y = 0;
  std::uint32_t w = 0, h = 0;
};

// A shape as a flip shows it: mirrored about the origin pixel in x and/or y.
inline LocalShape flipped(const Shape& s, Flip flip) {
  LocalShape out{s.name, s.kind, s.x, s.y, s.w, s.h};
  const std::int32_t extent_x = s.w > 0 ? std::int32_t(s.w) - 1 : 0;
  const std::int32_t extent_y = s.h > 0 ? std::int32_t(s.h) - 1 : 0;
  if ((flip & kFlipX) != 0) out.x = -s.x - extent_x;
  if ((flip & kFlipY) != 0) out.y = -s.y - extent_y;
  return out;
}

namespace shapes_detail {

// (kind, name) order, as the pack stores them.
inline bool before(const Shape& a, const Shape& b) {
  if (a.kind != b.kind) return a.kind < b.kind;
  return a.name < b.name;
}

}  // namespace shapes_detail

// Calls visit(const LocalShape&) for every shape of step record `step` (PackView::step(i)):
// its frame's with its own laid over them, the step's flips applied, in (kind, name) order.
template <typename Visit>
inline void for_each_step_shape(const PackView& pack, std::uint32_t step, Visit&& visit) {
  const Step st = pack.step(step);
  const ShapeRange own = pack.step_shapes(step);
  const ShapeRange base = st.blank() ? ShapeRange{} : pack.frame_shapes(st.frame);
  std::uint32_t i = 0, j = 0;
  while (i < base.count || j < own.count) {
    if (j == own.count) {
      visit(flipped(pack.shape(base.first + i++), st.flip));
      continue;
    }
    const Shape o = pack.shape(own.first + j);
    if (i < base.count) {
      const Shape b = pack.shape(base.first + i);
      if (shapes_detail::before(b, o)) {
        visit(flipped(b, st.flip));
        ++i;
        continue;
      }
      if (!shapes_detail::before(o, b)) ++i;  // the same kind and name: the step's wins
    }
    ++j;
    if (!o.removed) visit(flipped(o, st.flip));
  }
}

// The step record an actor shows (the current step of its current view).
inline std::uint32_t current_step_index(const PackView& pack, const ActorState& st) {
  SPRITEC_ASSERT(st.action != kNone);
  const Action a = pack.action(st.action);
  return a.first_step + st.view * a.steps_per_view + st.step;
}

// Calls visit(const LocalShape&) for every box and point of what the actor shows (nothing
// before its first action).
template <typename Visit>
inline void for_each_shape(const PackView& pack, const ActorState& st, Visit&& visit) {
  if (st.action == kNone) return;
  for_each_step_shape(pack, current_step_index(pack, st), visit);
}

// The actor's box or point of that kind and name (a shape_name index), if it shows one.
inline bool find_shape(const PackView& pack, const ActorState& st, ShapeKind kind,
                       std::uint32_t name, LocalShape& out) {
  bool found = false;
  for_each_shape(pack, st, [&](const LocalShape& s) {
    if (!found && s.kind == kind && s.name == name) {
      out = s;
      found = true;
    }
  });
  return found;
}

// A box in world coordinates: the actor's exact position plus its local box (not rounded).
struct WorldBox {
  double x = 0.0, y = 0.0, w = 0.0, h = 0.0;
};

inline WorldBox world_box(const ActorState& st, const LocalShape& box) {
  return WorldBox{st.x + box.x, st.y + box.y, double(box.w), double(box.h)};
}

// Whether two boxes share an area (touching edges do not).
inline bool overlaps(const WorldBox& a, const WorldBox& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

}  // namespace spritec::runtime
