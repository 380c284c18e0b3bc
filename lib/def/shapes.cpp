// Boxes and points (docs/definitions.md, "Boxes and points"): `boxes:` and `points:` of a
// sheet (every frame's default), of a frame (`frames:` entries, or a sheet's `geometry:`
// by frame name) and of a step. Each list is read into Shapes sorted by (kind, name); a
// frame's are its sheet's with its own laid over them (merge_shapes).
#include <algorithm>

#include "loader.hpp"
#include "spritec/diag/suggest.hpp"

namespace spritec::def::detail {
namespace {

using diag::Code;

const char* kind_word(ShapeKind kind) {
  return kind == ShapeKind::kBox ? "box" : "point";
}

// Whether a sheet's mapping gives any box or point: its own lists, geometry:, or a
// frames: entry's.
bool has_shapes(const Node& sheet) {
  if (sheet.find("boxes") || sheet.find("points") || sheet.find("geometry")) return true;
  const Node* frames = sheet.find("frames");
  if (!frames || !frames->is_mapping()) return false;
  return std::any_of(frames->entries.begin(), frames->entries.end(), [](const MapEntry& e) {
    return e.value->find("boxes") || e.value->find("points");
  });
}

// What a sheet's frames are called, for E0243: all of a few (grid cells are numbers, and
// the nearest number is seldom the one meant), or the nearest name of many.
std::string known_frames(const std::string& stem, const std::vector<std::string>& stems) {
  if (stems.size() <= 12) {
    std::string list;
    for (const std::string& s : stems)
      list += (list.empty() ? "" : ", ") + s;
    return " (its frames: " + list + ")";
  }
  const std::string near = diag::nearest(stem, stems);
  return near.empty() ? "" : " (did you mean '" + near + "'?)";
}

}  // namespace

// A name is shown in traces, legends and engine files: one line of visible text.
std::optional<std::string> shape_name_fault(const std::string& name) {
  if (name.empty()) return "is empty";
  if (name.size() > kMaxShapeNameBytes)
    return "is " + std::to_string(name.size()) + " bytes long; the limit is " +
           std::to_string(kMaxShapeNameBytes);
  for (unsigned char c : name) {
    if (c < 0x20 || c == 0x7f) return "holds a control character";
  }
  return std::nullopt;
}

// One entry of boxes: or points: — [x, y, w, h] or [x, y], or null (a removal).
std::optional<Shape> Loader::load_shape(ShapeKind kind, const MapEntry& e,
                                        const std::string& owner) {
  Shape s;
  s.kind = kind;
  s.name = e.key;
  const std::string what = std::string(kind_word(kind)) + " '" + e.key + "' of " + owner;
  if (std::optional<std::string> fault = shape_name_fault(e.key)) {
    error(Code::kShapeName, doc_.key_span(e),
          "the name of a " + std::string(kind_word(kind)) + " of " + owner + " " + *fault);
    return std::nullopt;
  }
  if (tainted(e.value)) return std::nullopt;
  if (e.value->is_null()) {
    s.removed = true;
    s.span = doc_.key_span(e);
    return s;
  }
  s.span = doc_.span(*e.value);
  const std::size_t want = kind == ShapeKind::kBox ? 4 : 2;
  if (!e.value->is_sequence() || e.value->items.size() != want) {
    error(Code::kBadShape, s.span,
          what + " is " +
              (e.value->is_sequence() ? std::to_string(e.value->items.size()) + " numbers"
                                      : describe_type(*e.value)) +
              "; write " + (kind == ShapeKind::kBox ? "[x, y, w, h]" : "[x, y]") +
              " (or null to take it away)");
    return std::nullopt;
  }
  const std::vector<const Node*>& v = e.value->items;
  s.box = Rect{to_int(v[0], 0), to_int(v[1], 0), 0, 0};
  if (kind == ShapeKind::kPoint) return s;
  s.box.width = to_int(v[2], 0);
  s.box.height = to_int(v[3], 0);
  for (std::size_t i : {std::size_t(2), std::size_t(3)}) {
    const int n = to_int(v[i], 0);
    if (n <= 0) {
      error(Code::kShapeSize, doc_.span(*v[i]),
            what + " has " + (i == 2 ? "width " : "height ") + std::to_string(n) +
                "; a box is at least 1 pixel wide and tall");
      return std::nullopt;
    }
  }
  return s;
}

// boxes: and points: of a mapping (a sheet, a frame, a step), sorted; E0240–E0242, and E0244
// past kMaxShapesPerList.
std::vector<Shape> Loader::load_shapes(const Node& n, const std::string& owner) {
  std::vector<Shape> out;
  for (ShapeKind kind : {ShapeKind::kBox, ShapeKind::kPoint}) {
    const Node* list = n.find(kind == ShapeKind::kBox ? "boxes" : "points");
    if (!list || tainted(list) || !list->is_mapping()) continue;
    if (out.size() + list->entries.size() > kMaxShapesPerList) {
      error(Code::kTooManyShapes, doc_.span(*list),
            owner + " has " + std::to_string(out.size() + list->entries.size()) +
                " boxes and points; the limit is " + std::to_string(kMaxShapesPerList));
      return {};
    }
    for (const MapEntry& e : list->entries) {
      if (std::optional<Shape> s = load_shape(kind, e, owner)) out.push_back(std::move(*s));
    }
  }
  std::sort(out.begin(), out.end(), shape_order);
  return out;
}

// The sheet's boxes and points onto its frames: the sheet's own lists (every frame's
// default), then each frame's (a frames: entry's, or geometry: by frame name) laid over
// them — all over what the frame has already, its Aseprite slices (slices:), so a box
// written in the definition replaces the slice of its name (and NAME: null takes it away).
// E0243 for a geometry: name the sheet has no frame of.
void Loader::load_sheet_shapes(const Sheet& sheet, const Node& n) {
  if (!has_shapes(n)) return;  // the common case: nothing to read, no map of names built
  const std::vector<Shape> defaults = load_shapes(n, "sheet '" + sheet.name + "'");
  std::vector<std::vector<Shape>> own(sheet.frame_count);
  std::vector<std::string> stems;  // in the sheet's order
  std::unordered_map<std::string, std::size_t> by_stem;
  const std::size_t prefix = sheet.name.size() + 1;
  for (std::size_t i = 0; i < sheet.frame_count; ++i) {
    stems.push_back(def_.frames[sheet.first_frame + i].name.substr(prefix));
    by_stem.emplace(stems.back(), i);
  }
  auto take = [&](const std::string& stem, const Node& at, const diag::Span& span, bool listed) {
    const auto it = by_stem.find(stem);
    if (it == by_stem.end()) {
      if (!listed && sheet.complete) {
        error(Code::kShapeFrame, span,
              "geometry: names frame '" + stem + "', which sheet '" + sheet.name +
                  "' does not have" + known_frames(stem, stems));
      }
      return;
    }
    std::vector<Shape> mine = load_shapes(at, "frame '" + sheet.name + "/" + stem + "'");
    own[it->second] = merge_shapes(own[it->second], mine, /*keep_removals=*/true);
  };
  if (const Node* frames = n.find("frames"); frames && frames->is_mapping()) {
    for (const MapEntry& e : frames->entries) {
      if (!tainted(e.value) && e.value->is_mapping()) take(e.key, *e.value, doc_.key_span(e), true);
    }
  }
  if (const Node* geometry = n.find("geometry"); geometry && !tainted(geometry)) {
    for (const MapEntry& e : geometry->entries)
      take(e.key, *e.value, doc_.key_span(e), false);
  }
  for (std::size_t i = 0; i < sheet.frame_count; ++i) {
    Frame& f = def_.frames[sheet.first_frame + i];
    f.shapes = merge_shapes(merge_shapes(f.shapes, defaults), own[i]);
    warn_outside(f, f.shapes);
  }
}

// W0240 for a box that lies wholly outside the untrimmed frame it is drawn on (a reach past
// the art is fine; a box no pixel of the frame touches is most likely a typo). Once per
// box as written.
void Loader::warn_outside(const Frame& f, const std::vector<Shape>& shapes) {
  const Size size = f.untrimmed();
  if (size.width <= 0 || size.height <= 0) return;  // a frame whose rectangle is not known
  for (const Shape& s : shapes) {
    if (s.kind != ShapeKind::kBox || s.removed) continue;
    const Rect& b = s.box;
    const bool outside = std::int64_t{b.x} + b.width <= 0 || b.x >= size.width ||
                         std::int64_t{b.y} + b.height <= 0 || b.y >= size.height;
    if (!outside || !warned_outside_.insert({s.span.line, s.span.column}).second) continue;
    sink_.warning(Code::kShapeOutside, s.span,
                  "box '" + s.name + "' [" + std::to_string(b.x) + ", " + std::to_string(b.y) +
                      ", " + std::to_string(b.width) + ", " + std::to_string(b.height) +
                      "] lies wholly outside frame '" + f.name + "' (" +
                      size_text(size.width, size.height) + ")");
  }
}

// After every action is read: W0240 for a step's box outside the step's frame, and E0244
// when the definition names more distinct boxes and points than kMaxShapeNames (the pack's
// table of names).
void Loader::check_step_shapes() {
  std::unordered_map<std::string, const Frame*> frames;
  std::set<std::string> names;
  auto frame_of = [&](const std::string& name) -> const Frame* {
    if (frames.empty()) {
      for (const Frame& f : def_.frames)
        frames.emplace(f.name, &f);
    }
    const auto it = frames.find(name);
    return it == frames.end() ? nullptr : it->second;
  };
  for (const Frame& f : def_.frames) {
    for (const Shape& s : f.shapes)
      names.insert(s.name);
  }
  for (const Action& a : def_.actions) {
    for (const std::vector<Step>& view : a.steps) {
      for (const Step& s : view) {
        if (s.shapes.empty()) continue;
        for (const Shape& shape : s.shapes)
          names.insert(shape.name);
        if (const Frame* f = s.blank ? nullptr : frame_of(s.frame)) warn_outside(*f, s.shapes);
      }
    }
  }
  if (names.size() > kMaxShapeNames) {
    error(Code::kTooManyShapes, doc_.file_span(),
          "the definition names " + std::to_string(names.size()) +
              " distinct boxes and points; the limit is " + std::to_string(kMaxShapeNames));
  }
  def_.shape_names.assign(names.begin(), names.end());
}

}  // namespace spritec::def::detail
