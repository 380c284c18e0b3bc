// The model's own small functions (model.hpp): anchors and origins, milliseconds to ticks,
// names of modes and flips, lookups by name.
#include "spritec/def/model.hpp"

#include <algorithm>

namespace spritec::def {

int resolve_anchor(int coordinate, int size) {
  switch (coordinate) {
    case kAnchorStart:
      return 0;
    case kAnchorCenter:
      return size / 2;  // the middle pixel; of an even size, the one right of the centre line
    case kAnchorEnd:
      return std::max(size - 1, 0);
    default:
      return coordinate;
  }
}

Point resolve_origin(Point origin, Size untrimmed) {
  return Point{resolve_anchor(origin.x, untrimmed.width),
               resolve_anchor(origin.y, untrimmed.height)};
}

int ms_to_ticks(std::int64_t ms, int tick_rate) {
  const std::int64_t t = (ms * tick_rate + 500) / 1000;
  return static_cast<int>(std::max<std::int64_t>(t, 1));
}

bool ms_is_exact(std::int64_t ms, int tick_rate) {
  return (ms * tick_rate) % 1000 == 0 && ms > 0;
}

const char* to_string(PlayMode mode) {
  switch (mode) {
    case PlayMode::kLoop:
      return "loop";
    case PlayMode::kPingpong:
      return "pingpong";
    case PlayMode::kOnce:
      return "once";
  }
  return "loop";
}

const char* to_string(Flip flip) {
  switch (flip) {
    case Flip::kNone:
      return "";
    case Flip::kX:
      return "x";
    case Flip::kY:
      return "y";
    case Flip::kXY:
      return "xy";
  }
  return "";
}

bool shape_order(const Shape& a, const Shape& b) {
  if (a.kind != b.kind) return a.kind < b.kind;
  return a.name < b.name;
}

std::vector<Shape> merge_shapes(const std::vector<Shape>& base, const std::vector<Shape>& over,
                                bool keep_removals) {
  // Both sorted: one walk, as the runtime's merge of a frame's shapes and a step's.
  std::vector<Shape> out;
  out.reserve(base.size() + over.size());
  std::size_t i = 0, j = 0;
  while (i < base.size() || j < over.size()) {
    if (j == over.size() || (i < base.size() && shape_order(base[i], over[j]))) {
      out.push_back(base[i++]);
      continue;
    }
    const Shape& o = over[j++];
    if (i < base.size() && !shape_order(o, base[i])) ++i;  // same kind and name: replaced
    if (!o.removed || keep_removals) out.push_back(o);
  }
  return out;
}

const Frame* Definition::find_frame(const std::string& name) const {
  for (const Frame& f : frames) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

const Action* Definition::find_action(const std::string& name) const {
  for (const Action& a : actions) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

}  // namespace spritec::def
