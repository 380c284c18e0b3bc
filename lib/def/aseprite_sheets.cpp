// Aseprite sources (aseprite_json:, aseprite:) and what they bring: frames with their
// durations, tags as actions (tags: true) or as one view's steps ({tag: NAME}), and
// origins from a slice's pivot (origin: {slice: NAME}). docs/definitions.md, "Aseprite".
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>

#include "aseprite_json.hpp"
#include "loader.hpp"
#include "spritec/aseprite/aseprite.hpp"
#include "spritec/diag/suggest.hpp"
#include "spritec/diag/utf8.hpp"
#include "spritec/io/files.hpp"

namespace spritec::def::detail {
namespace fs = std::filesystem;
using diag::Code;

namespace {

// An origin, a box or a point from a slice lies where a written one may (schema: ±1,000,000;
// a box's width and height at most that).
constexpr std::int64_t kMaxSliceOrigin = 1000000;

bool in_range(std::int64_t v) {
  return v >= -kMaxSliceOrigin && v <= kMaxSliceOrigin;
}

// How many steps pingpong_passes makes, counted without making them.
std::int64_t pingpong_pass_steps(const SourceTag& tag) {
  const std::int64_t n = std::int64_t{tag.to} - tag.from + 1;
  if (n == 1) return tag.repeat;
  return n + std::int64_t{std::max(tag.repeat - 1, 0)} * (n - 1);
}

// The frames a tag plays, in order, as Aseprite plays it: the tag's frames (reversed for
// reverse directions); with a finite repeat of a pingpong, every pass written out — pass 1
// from…to, then back without repeating the turning frame, and so on: 0..2 repeat 3 plays
// 0 1 2 1 0 1 2.
std::vector<int> pingpong_passes(const SourceTag& tag) {
  std::vector<int> order;
  for (int f = tag.from; f <= tag.to; ++f)
    order.push_back(f);
  if (tag.direction == TagDirection::kPingpongReverse) std::reverse(order.begin(), order.end());
  if (order.size() == 1) return std::vector<int>(static_cast<std::size_t>(tag.repeat), order[0]);
  std::vector<int> out(order.begin(), order.end());
  bool forward = false;  // the direction of the next pass
  for (int pass = 1; pass < tag.repeat; ++pass) {
    if (forward) {
      out.insert(out.end(), order.begin() + 1, order.end());
    } else {
      out.insert(out.end(), order.rbegin() + 1, order.rend());
    }
    forward = !forward;
  }
  return out;
}

// "the file's slices: feet, head" — at most kListed names, then how many more.
std::string slice_list(const std::vector<std::string>& names) {
  constexpr std::size_t kListed = 16;
  std::string out = names.size() == 1 ? "the file's one slice: " : "the file's slices: ";
  for (std::size_t i = 0; i < names.size() && i < kListed; ++i)
    out += (i ? ", " : "") + diag::shown_name(names[i]);
  if (names.size() > kListed) out += " and " + std::to_string(names.size() - kListed) + " more";
  return out;
}

// The file's first slice named `name`, or null.
const SourceSlice* find_slice(const SourceData& data, const std::string& name) {
  const auto it = std::find_if(data.slices.begin(), data.slices.end(),
                               [&](const SourceSlice& s) { return s.name == name; });
  return it == data.slices.end() ? nullptr : &*it;
}

}  // namespace

// An Aseprite source file (the .aseprite or the JSON) named at `at`: resolved inside the
// root, read whole under `cap` and made a dependency of the pack; E0202 when it cannot be.
std::optional<std::pair<fs::path, io::Bytes>> Loader::read_aseprite_source(Sheet& sheet,
                                                                           SheetKind kind,
                                                                           const Node& at,
                                                                           std::uint64_t cap) {
  sheet.kind = kind;
  sheet.image = at.value;
  sheet.image_span = doc_.span(at);
  const auto path = resolve(at.value, at);
  if (!path) return std::nullopt;
  std::error_code ec;
  if (!fs::exists(*path, ec)) {
    error(Code::kImageUnreadable, doc_.span(at), missing_image_message(at.value, *path));
    return std::nullopt;
  }
  diag::Result<io::Bytes, io::ReadFailure> file = io::read_file(*path, cap);
  if (!file) {
    error(Code::kImageUnreadable, doc_.span(at),
          "'" + at.value + "' cannot be read: " + io::describe(file.error));
    return std::nullopt;
  }
  def_.dependencies.push_back(*path);
  return std::make_pair(*path, std::move(file.value));
}

std::optional<std::string> Loader::load_json_image(Sheet& sheet, const Node& json,
                                                   const std::string& image) {
  const std::size_t slash = json.value.rfind('/');
  const bool beside = slash != std::string::npos && (image.empty() || image[0] != '/');
  const std::string written = (beside ? json.value.substr(0, slash + 1) : std::string()) + image;
  const auto path = resolve(written, json);
  if (!path) return std::nullopt;
  const auto info = read_image(*path, written, json);
  if (!info) return std::nullopt;
  sheet.image_path = *path;
  sheet.image_size = Size{info->width, info->height};
  return written;
}

bool Loader::load_aseprite_json_sheet(Sheet& sheet, const Node& n, const Node& json) {
  const auto source =
      read_aseprite_source(sheet, SheetKind::kAsepriteJson, json, kMaxAsepriteJsonBytes);
  if (!source) return false;
  const io::Bytes& file_bytes = source->second;
  const diag::Result<SourceData> parsed = parse_aseprite_json(
      std::string_view(reinterpret_cast<const char*>(file_bytes.data()), file_bytes.size()));
  if (!parsed) {
    error(Code::kAsepriteInvalid, doc_.span(json),
          "Aseprite JSON '" + json.value + "': " + parsed.error.message);
    return false;
  }
  const SourceData& data = parsed.value;
  const std::optional<std::string> written = load_json_image(sheet, json, data.image);
  if (!written) return false;
  const std::string& image_written = *written;
  const Size* info = &sheet.image_size;
  if (data.image_size.width > 0 && !(data.image_size == sheet.image_size)) {
    error(Code::kAsepriteInvalid, doc_.span(json),
          "Aseprite JSON '" + json.value + "': meta.size says " +
              size_text(data.image_size.width, data.image_size.height) + " but " + image_written +
              " is " + size_text(info->width, info->height) +
              " (the JSON and the image are from different exports?)");
    return false;
  }
  for (std::size_t i = 0; i < data.frames.size(); ++i) {
    const Rect& r = data.frames[i].rect;
    if (r.x + r.width > info->width || r.y + r.height > info->height) {
      error(Code::kAsepriteInvalid, doc_.span(json),
            "Aseprite JSON '" + json.value + "': frame " + std::to_string(i) + " (" +
                std::to_string(r.x) + ", " + std::to_string(r.y) + ", " +
                size_text(r.width, r.height) + ") lies outside " + image_written + " (" +
                size_text(info->width, info->height) + ")");
      return false;
    }
  }
  return add_source_frames(sheet, n, data, json);
}

// aseprite: FILE — the frames of the file itself. The loader parses the whole file (every
// chunk checked; cels are inflated by the atlas, which flattens the frames) for its canvas,
// frames, durations, layers, tags and slices. Frame i is cell i of the file's virtual
// sheet (aseprite::sheet_layout): canvas-sized cells, as many a row as the image cap allows.
bool Loader::load_aseprite_sheet(Sheet& sheet, const Node& n, const Node& file_node) {
  auto source =
      read_aseprite_source(sheet, SheetKind::kAseprite, file_node, aseprite::kMaxFileBytes);
  if (!source) return false;
  const fs::path path = source->first;
  const aseprite::Result<aseprite::File> parsed = aseprite::parse(std::move(source->second));
  if (!parsed) {
    error(Code::kAsepriteInvalid, doc_.span(file_node),
          "Aseprite file '" + file_node.value + "': " + parsed.error.message);
    return false;
  }
  const aseprite::File& file = parsed.value;
  if (const Node* layers = n.find("layers"); layers && layers->is_scalar() && !tainted(layers)) {
    if (!split_layers(sheet, file, *layers)) return false;
  } else if (layers && !tainted(layers)) {
    // Each name on its own, so an unknown one is reported where it is written.
    bool known = true;
    for (const Node* item : layers->items) {
      sheet.layers.push_back(item->value);
      const auto chosen = aseprite::select_layers(file, {item->value});
      if (!chosen) {
        error(Code::kUnknownLayer, doc_.span(*item),
              "Aseprite file '" + file_node.value + "': " + chosen.error.message);
        known = false;
      }
    }
    if (!known) return false;
  }
  const aseprite::SheetLayout layout = aseprite::sheet_layout(file, options_.max_image_side);
  const int count = static_cast<int>(file.frames.size());
  if (!layout.fits) {
    error(Code::kImageTooLarge, doc_.span(file_node),
          "Aseprite file '" + file_node.value + "' has " + std::to_string(count) + " frames of " +
              size_text(file.width, file.height) + ", more pixels than one sheet may hold (" +
              std::to_string(options_.max_image_side) + " px a side); split the file");
    return false;
  }
  sheet.image_path = path;
  sheet.image_size = Size{layout.columns * file.width, layout.rows * file.height};
  SourceData data;
  for (int i = 0; i < count; ++i) {
    SourceFrame f;
    f.rect = layout.cell(i);
    f.canvas = Size{file.width, file.height};
    f.duration_ms = file.frames[static_cast<std::size_t>(i)].duration_ms;
    data.frames.push_back(f);
  }
  for (const aseprite::Tag& t : file.tags) {
    SourceTag tag;
    tag.name = t.name;
    tag.from = t.from;
    tag.to = t.to;
    tag.repeat = t.repeat;
    tag.direction = static_cast<TagDirection>(t.direction);  // same order as the file's
    data.tags.push_back(std::move(tag));
  }
  for (const aseprite::Slice& s : file.slices) {
    SourceSlice slice;
    slice.name = s.name;
    for (const aseprite::SliceKey& k : s.keys) {
      SliceKey key;
      key.frame = k.frame;
      // Held below INT_MAX, not wrapped (a wrapped width would read as a hiding key); a
      // width past the range of a box is refused with the box (E0245).
      constexpr std::uint32_t kMaxInt = std::numeric_limits<int>::max();
      key.bounds = Rect{k.x, k.y, static_cast<int>(std::min(k.width, kMaxInt)),
                        static_cast<int>(std::min(k.height, kMaxInt))};
      key.has_pivot = k.has_pivot;
      key.pivot = Point{k.pivot_x, k.pivot_y};
      slice.keys.push_back(key);
    }
    data.slices.push_back(std::move(slice));
  }
  return add_source_frames(sheet, n, data, file_node);
}

// layers: split: the file's visible top-level layers and groups, bottom to top, become
// the slots of the master this definition compiles into, one piece each. A slot's name is
// also part of its pack's file name (out/body.NAME.spk), so it is held to letters, digits,
// '_' and '-'; E0250 otherwise, for a file with no such layer, or more than kMaxSplitSlots.
bool Loader::split_layers(Sheet& sheet, const aseprite::File& file, const Node& at) {
  sheet.split_span = doc_.span(at);
  const std::string where = "layers: split of sheet '" + sheet.name + "'";
  std::set<std::string> seen;
  for (const aseprite::Layer& l : file.layers) {
    if (l.parent >= 0 || !l.visible() || l.reference()) continue;
    const bool file_safe = !l.name.empty() && l.name.size() <= kMaxSplitSlotBytes &&
                           std::all_of(l.name.begin(), l.name.end(), [](char c) {
                             return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                    (c >= '0' && c <= '9') || c == '_' || c == '-';
                           });
    std::string fault;
    if (!file_safe) {
      fault = "cannot name a slot and its pack's file: a split layer's name is 1-" +
              std::to_string(kMaxSplitSlotBytes) + " letters, digits, '_' or '-'";
    } else if (l.name == "self") {
      fault = "is reserved: 'self' is a master's own frames";
    } else if (!seen.insert(l.name).second) {
      fault = "is the name of another top-level layer too, and each becomes a slot of its name";
    }
    if (!fault.empty()) {
      error(Code::kLayersDeclaration, sheet.split_span,
            where + ": layer '" + diag::shown_name(l.name) + "' " + fault +
                "; rename it in Aseprite");
      return false;
    }
    sheet.split.push_back(l.name);
  }
  if (sheet.split.empty() || sheet.split.size() > kMaxSplitSlots) {
    error(Code::kLayersDeclaration, sheet.split_span,
          where + ": the file has " + std::to_string(sheet.split.size()) +
              " visible top-level layers and groups; a split makes one slot of each, 1 to " +
              std::to_string(kMaxSplitSlots));
    sheet.split.clear();
    return false;
  }
  return true;
}

bool Loader::add_source_frames(Sheet& sheet, const Node& n, const SourceData& data,
                               const Node& at) {
  if (!room_for(static_cast<std::int64_t>(data.frames.size()), sheet, at)) return false;
  // Origins: [x, y] on the canvas, or a slice's pivot per frame.
  std::vector<Point> origins(data.frames.size(), sheet.origin);
  const Node* origin = n.find("origin");
  if (origin && origin->is_mapping() && !tainted(origin) &&
      !slice_origins(sheet, *origin, data, at, origins))
    return false;
  for (std::size_t i = 0; i < data.frames.size(); ++i) {
    const SourceFrame& f = data.frames[i];
    // Words (origin: [center, bottom]) name pixels of the canvas, not of a trimmed rect.
    const Size canvas = f.canvas.width > 0 ? f.canvas : Size{f.rect.width, f.rect.height};
    add_frame(sheet, std::to_string(i), sheet.image_path, sheet.image_size, f.rect,
              resolve_origin(origins[i], canvas), doc_.span(at));
    Frame& added = def_.frames.back();
    added.canvas = f.canvas;
    added.offset = f.offset;
    sheet.durations_ms.push_back(f.duration_ms);
  }
  if (!add_slice_shapes(sheet, n, data, at)) return false;
  sheet.tags = data.tags;
  if (const Node* tags = n.find("tags"); tags && !tainted(tags)) {
    sheet.tags_as_actions = tags->as_bool().value_or(false);
    sheet.tags_span = doc_.span(*tags);
  }
  return true;
}

// E0215 or E0245 for a slice name the Aseprite source does not have: the nearest name, and a
// note at the source listing the file's slices.
void Loader::unknown_slice(Code code, const Sheet& sheet, const std::string& name,
                           const SourceData& data, const Node& written, const Node& at) {
  std::vector<std::string> names;
  for (const SourceSlice& s : data.slices)
    names.push_back(s.name);
  const std::string near = diag::nearest(name, names, std::max<std::size_t>(2, name.size() / 3));
  std::vector<diag::Note> notes;
  if (!names.empty()) notes.push_back({doc_.span(at), slice_list(names)});
  error(code, doc_.span(written),
        "sheet '" + sheet.name + "' has no slice '" + name + "'" +
            (names.empty()  ? " (the file has no slices)"
             : near.empty() ? ""
                            : "; did you mean '" + near + "'?"),
        std::move(notes));
}

// origin: {slice: NAME}: each frame's origin is the pivot of the slice's key in effect at it
// (key_spans), on the canvas (pivot_position). E0215 when a frame has none.
bool Loader::slice_origins(const Sheet& sheet, const Node& origin, const SourceData& data,
                           const Node& at, std::vector<Point>& origins) {
  const Node* slice_name = origin.find("slice");
  const std::string name = slice_name ? slice_name->value : std::string();
  const SourceSlice* slice = find_slice(data, name);
  if (!slice) {
    unknown_slice(Code::kSliceOrigin, sheet, name, data, *slice_name, at);
    return false;
  }
  const std::vector<KeySpan> spans = key_spans(*slice, static_cast<int>(data.frames.size()));
  if (spans.empty() || spans[0].from > 0) {
    error(Code::kSliceOrigin, doc_.span(*slice_name),
          "slice '" + name + "' has no key at or before frame 0 of sheet '" + sheet.name +
              "', so that frame has no origin");
    return false;
  }
  for (const KeySpan& span : spans) {
    const SliceKey& key = *span.key;
    if (!key.has_pivot) {
      error(Code::kSliceOrigin, doc_.span(*slice_name),
            "slice '" + name + "' has no pivot (at frame " + std::to_string(key.frame) +
                "): set one in Aseprite's slice properties");
      return false;
    }
    // The sum is held to the range a written origin has (definitions.md), which scaling
    // and packing rely on.
    const CanvasPoint p = pivot_position(key);
    if (!in_range(p.x) || !in_range(p.y)) {
      error(Code::kSliceOrigin, doc_.span(*slice_name),
            "slice '" + name + "' puts the origin of frame " + std::to_string(span.from) + " at (" +
                std::to_string(p.x) + ", " + std::to_string(p.y) + "): its key at (" +
                std::to_string(key.bounds.x) + ", " + std::to_string(key.bounds.y) +
                ") plus its pivot (" + std::to_string(key.pivot.x) + ", " +
                std::to_string(key.pivot.y) + "); an origin lies within ±" +
                std::to_string(kMaxSliceOrigin) + " px, as a written one does");
      return false;
    }
    std::fill(origins.begin() + span.from, origins.begin() + span.to,
              Point{static_cast<int>(p.x), static_cast<int>(p.y)});
  }
  return true;
}

// The slices slices: takes (true: every one; [NAME, ...]: those, each once), with where each
// was asked for. E0245 for a name the file does not have or has twice (a box has one name),
// E0242 for a name no box may have.
bool Loader::choose_slices(const Sheet& sheet, const Node& slices, const SourceData& data,
                           const Node& at, std::vector<ChosenSlice>& chosen) {
  bool ok = true;
  if (slices.is_sequence()) {
    std::set<std::string> seen;
    for (const Node* item : slices.items) {
      if (!seen.insert(item->value).second) continue;
      if (const SourceSlice* s = find_slice(data, item->value)) {
        chosen.push_back({s, doc_.span(*item)});
      } else {
        unknown_slice(Code::kSliceBoxes, sheet, item->value, data, *item, at);
        ok = false;
      }
    }
  } else if (slices.as_bool().value_or(false)) {
    for (const SourceSlice& s : data.slices)
      chosen.push_back({&s, doc_.span(slices)});
  }
  std::map<std::string, int> named;
  for (const SourceSlice& s : data.slices)
    ++named[s.name];
  std::set<std::string> told;
  for (const ChosenSlice& c : chosen) {
    const std::string& name = c.slice->name;
    if (!told.insert(name).second) continue;
    if (std::optional<std::string> fault = shape_name_fault(name)) {
      error(Code::kShapeName, c.span,
            "slice '" + diag::shown_name(name) + "' of sheet '" + sheet.name +
                "' cannot name a box: its name " + *fault + "; rename it in Aseprite");
      ok = false;
    } else if (named[name] > 1) {
      error(Code::kSliceBoxes, c.span,
            "the Aseprite source of sheet '" + sheet.name + "' has " + std::to_string(named[name]) +
                " slices named '" + name + "', and a box has one name; rename them in Aseprite");
      ok = false;
    }
  }
  return ok;
}

// A slice's key as a box, and its pivot as a point, within the range a written box or point
// has; E0245 at `at` beyond it (a .aseprite key is any s32, its size any u32).
bool Loader::slice_key_fits(const SourceSlice& slice, const KeySpan& span, const diag::Span& at) {
  const Rect& b = span.key->bounds;
  const CanvasPoint p = pivot_position(*span.key);
  const bool box =
      in_range(b.x) && in_range(b.y) && b.width <= kMaxSliceOrigin && b.height <= kMaxSliceOrigin;
  if (box && (!span.key->has_pivot || (in_range(p.x) && in_range(p.y)))) return true;
  error(Code::kSliceBoxes, at,
        "slice '" + diag::shown_name(slice.name) + "' at frame " + std::to_string(span.from) +
            (box ? " puts its pivot at (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"
                 : " is the box [" + std::to_string(b.x) + ", " + std::to_string(b.y) + ", " +
                       std::to_string(b.width) + ", " + std::to_string(b.height) + "]") +
            "; boxes and points lie within ±" + std::to_string(kMaxSliceOrigin) +
            " px, as written ones do");
  return false;
}

// slices: true or [NAME, ...] (docs/definitions.md, "Slices as boxes"): each chosen slice a
// box of its name on every frame whose key in effect shows it, and the key's pivot, if it has
// one, a point of that name. These are the sheet's first layer: load_sheet_shapes lays the
// sheet's own boxes: and points: (and each frame's) over them. The boxes and points of each
// frame are counted before any is made (E0244 past kMaxShapesPerList).
bool Loader::add_slice_shapes(const Sheet& sheet, const Node& n, const SourceData& data,
                              const Node& at) {
  const Node* slices = n.find("slices");
  if (!slices || tainted(slices)) return true;
  std::vector<ChosenSlice> chosen;
  if (!choose_slices(sheet, *slices, data, at, chosen)) return false;
  const int frames = static_cast<int>(data.frames.size());
  std::vector<std::vector<KeySpan>> spans;
  std::vector<std::int64_t> count(static_cast<std::size_t>(frames) + 1, 0);  // differences
  for (const ChosenSlice& c : chosen) {
    spans.push_back(key_spans(*c.slice, frames));
    for (const KeySpan& span : spans.back()) {
      if (!key_shows(*span.key)) continue;
      if (!slice_key_fits(*c.slice, span, c.span)) return false;
      const int each = span.key->has_pivot ? 2 : 1;
      count[static_cast<std::size_t>(span.from)] += each;
      count[static_cast<std::size_t>(span.to)] -= each;
    }
  }
  for (int i = 0; i < frames; ++i) {
    const std::size_t f = static_cast<std::size_t>(i);
    if (i > 0) count[f] += count[f - 1];
    if (count[f] > static_cast<std::int64_t>(kMaxShapesPerList)) {
      error(Code::kTooManyShapes, doc_.span(*slices),
            "slices: would give frame '" + def_.frames[sheet.first_frame + f].name + "' " +
                std::to_string(count[f]) + " boxes and points; the limit is " +
                std::to_string(kMaxShapesPerList));
      return false;
    }
  }
  for (int i = 0; i < frames; ++i)
    def_.frames[sheet.first_frame + static_cast<std::size_t>(i)].shapes.reserve(
        static_cast<std::size_t>(count[static_cast<std::size_t>(i)]));
  for (std::size_t c = 0; c < chosen.size(); ++c) {
    for (const KeySpan& span : spans[c]) {
      if (!key_shows(*span.key)) continue;
      Shape box{ShapeKind::kBox, chosen[c].slice->name, span.key->bounds, false, chosen[c].span};
      const CanvasPoint p = pivot_position(*span.key);
      Shape point{ShapeKind::kPoint, box.name,
                  Rect{static_cast<int>(p.x), static_cast<int>(p.y), 0, 0}, false, box.span};
      for (int i = span.from; i < span.to; ++i) {
        std::vector<Shape>& shapes = def_.frames[sheet.first_frame + std::size_t(i)].shapes;
        shapes.push_back(box);
        if (span.key->has_pivot) shapes.push_back(point);
      }
    }
  }
  for (int i = 0; i < frames; ++i) {
    Frame& f = def_.frames[sheet.first_frame + static_cast<std::size_t>(i)];
    std::sort(f.shapes.begin(), f.shapes.end(), shape_order);
    warn_outside(f, f.shapes);
  }
  return true;
}

// Counts `more` steps made from tag `tag` against kMaxTagSteps; E0230 at `span` past it.
bool Loader::room_for_tag_steps(std::int64_t more, const std::string& tag, const std::string& sheet,
                                const diag::Span& span) {
  if (more <= kMaxTagSteps - tag_steps_made_) {
    tag_steps_made_ += more;
    return true;
  }
  error(Code::kTooManyTagSteps, span,
        "tag '" + diag::shown_name(tag) + "' of sheet '" + sheet + "' would make " +
            std::to_string(more) + " steps, and tags have made " + std::to_string(tag_steps_made_) +
            " already; tags make at most " + std::to_string(kMaxTagSteps) +
            " steps in a definition");
  return false;
}

// One step per frame of a tag, each lasting its frame's duration (frames whose
// milliseconds are not whole ticks are noted for W0301, given once per duration).
std::vector<Step> Loader::tag_steps(const Sheet& sheet, const std::vector<int>& order,
                                    const std::string& tag, const diag::Span& span) {
  std::vector<Step> steps;
  steps.reserve(order.size());
  for (int f : order) {
    Step s;
    s.frame = sheet.name + "/" + std::to_string(f);
    const int ms = sheet.durations_ms[static_cast<std::size_t>(f)];
    s.ticks = ms_to_ticks(ms, def_.tick_rate);
    if (!ms_is_exact(ms, def_.tick_rate)) {
      auto [it, fresh] = inexact_.try_emplace(ms);
      Inexact& in = it->second;
      if (fresh) {
        in.span = span;
        in.tag = tag;
        in.frame = f;
        in.ticks = s.ticks;
      }
      in.frames.insert({&sheet, f});
      in.tags.insert(tag);
    }
    s.span = s.frame_span = s.ticks_span = s.event_span = span;
    steps.push_back(std::move(s));
  }
  return steps;
}

// W0301 once per inexact duration (a file of 65,535 frames of 15 ms under two tags once
// printed 131,070 warnings), at the first tag frame that has it, with the counts.
void Loader::inexact_warnings() {
  for (const auto& [ms, in] : inexact_) {
    const std::size_t others = in.frames.size() - 1, other_tags = in.tags.size() - 1;
    std::string more;
    if (others > 0)
      more = " (and " + std::to_string(others) + " more frame" + (others == 1 ? "" : "s") +
             (other_tags > 0 ? " in " + std::to_string(in.tags.size()) + " tags" : "") + " of " +
             std::to_string(ms) + " ms)";
    sink_.warning(Code::kInexactDuration, in.span,
                  "frame " + std::to_string(in.frame) + " of tag '" + in.tag + "' lasts " +
                      std::to_string(ms) + " ms, not a whole number of ticks at " +
                      std::to_string(def_.tick_rate) + " ticks per second; rounded to " +
                      std::to_string(in.ticks) + more);
  }
  inexact_.clear();
}

void Loader::add_tag_actions() {
  std::map<std::string, std::pair<const Sheet*, const SourceTag*>> made;
  for (std::size_t index = 0; index < def_.sheets.size(); ++index) {
    const Sheet& sheet = def_.sheets[index];
    if (!sheet.tags_as_actions) continue;
    for (const SourceTag& tag : sheet.tags) {
      // A view of a written action: played there, it is no action of its own (which no
      // rule would reach: W0303 for every direction of a walk).
      if (view_tags_.count({index, tag.name})) continue;
      if (tag.name.empty()) {
        error(Code::kUnknownTag, sheet.tags_span,
              "a tag of sheet '" + sheet.name + "' (frames " + std::to_string(tag.from) + "-" +
                  std::to_string(tag.to) +
                  ") has no name, so it cannot become an action; name it in Aseprite");
        continue;
      }
      if (const Action* written = def_.find_action(tag.name)) {
        sink_.note(Code::kTagActionReplaced, written->span,
                   "action '" + tag.name + "' replaces the action that tag '" + tag.name +
                       "' of sheet '" + sheet.name + "' would make",
                   {diag::Note{sheet.tags_span, "tags: true makes an action of every tag"}});
        continue;
      }
      auto [it, fresh] = made.emplace(tag.name, std::make_pair(&sheet, &tag));
      if (!fresh) {
        error(Code::kUnknownTag, sheet.tags_span,
              "tag '" + tag.name + "' of sheet '" + sheet.name +
                  "' would make an action of the same name as the tag of sheet '" +
                  it->second.first->name + "'; rename one tag, or write the action yourself",
              {diag::Note{it->second.first->tags_span, "the other sheet's tags: true"}});
        continue;
      }
      const bool pingpong = tag.direction == TagDirection::kPingpong ||
                            tag.direction == TagDirection::kPingpongReverse;
      const std::int64_t count = pingpong && tag.repeat > 0 ? pingpong_pass_steps(tag)
                                                            : std::int64_t{tag.to} - tag.from + 1;
      if (!room_for_tag_steps(count, tag.name, sheet.name, sheet.tags_span)) return;
      Action a;
      a.name = tag.name;
      a.span = sheet.tags_span;
      std::vector<int> order;
      if (pingpong && tag.repeat > 0) {
        order = pingpong_passes(tag);  // passes Aseprite counts are not our cycles: list them
        a.mode = PlayMode::kOnce;
        a.repeat = 1;
      } else {
        for (int f = tag.from; f <= tag.to; ++f)
          order.push_back(f);
        if (tag.direction == TagDirection::kReverse ||
            tag.direction == TagDirection::kPingpongReverse) {
          std::reverse(order.begin(), order.end());
        }
        a.mode = pingpong && order.size() > 1 ? PlayMode::kPingpong : PlayMode::kLoop;
        a.repeat = tag.repeat;  // forward and reverse: one pass is one cycle
      }
      a.then = ThenKind::kHold;  // after the last pass the last frame is held
      a.steps.push_back(tag_steps(sheet, order, tag.name, sheet.tags_span));
      def_.actions.push_back(std::move(a));
    }
  }
}

// {tag: NAME} (or {tag: NAME, sheet: S}) as one view's steps: the tag's frames in its
// direction (reversed for reverse and pingpong_reverse), each its own duration. The
// action's mode says how the view plays. E0315 when no sheet (or more than one) has it.
bool Loader::load_tag_view(const Node& item, std::vector<Step>& steps) {
  const Node* tag_node = item.find("tag");
  const Node* sheet_node = item.find("sheet");
  if (!tag_node || tainted(tag_node) || tainted(sheet_node)) return false;
  const std::string& name = tag_node->value;
  std::vector<std::pair<const Sheet*, const SourceTag*>> found;
  std::vector<std::string> all;
  for (const Sheet& sheet : def_.sheets) {
    if (!sheet.complete && (!sheet_node || sheet.name == sheet_node->value)) {
      return false;  // a sheet that could not be read may have it: say nothing
    }
    for (const SourceTag& tag : sheet.tags) {
      all.push_back(tag.name);
      if (tag.name == name && (!sheet_node || sheet.name == sheet_node->value)) {
        found.emplace_back(&sheet, &tag);
      }
    }
  }
  if (found.size() != 1) {
    std::string message;
    if (found.empty()) {
      const std::string near = diag::nearest(name, all, std::max<std::size_t>(2, name.size() / 3));
      message = "no Aseprite sheet" +
                (sheet_node ? " named '" + sheet_node->value + "'" : std::string()) +
                " has a tag '" + name + "'" +
                (near.empty() ? std::string() : "; did you mean '" + near + "'?");
    } else {
      message = "tag '" + name + "' is in sheets '" + found[0].first->name + "' and '" +
                found[1].first->name + "'; say which: {tag: " + name +
                ", sheet: " + found[0].first->name + "}";
    }
    error(Code::kUnknownTag, doc_.span(*tag_node), message);
    return false;
  }
  const SourceTag& tag = *found[0].second;
  if (!room_for_tag_steps(std::int64_t{tag.to} - tag.from + 1, name, found[0].first->name,
                          doc_.span(*tag_node)))
    return false;
  action_tags_.push_back({&tag, doc_.span(*tag_node)});
  view_tags_.insert({static_cast<std::size_t>(found[0].first - def_.sheets.data()), name});
  std::vector<int> order;
  for (int f = tag.from; f <= tag.to; ++f)
    order.push_back(f);
  if (tag.direction == TagDirection::kReverse || tag.direction == TagDirection::kPingpongReverse)
    std::reverse(order.begin(), order.end());
  steps = tag_steps(*found[0].first, order, name, doc_.span(*tag_node));
  return true;
}

namespace {

const char* direction_name(TagDirection d) {
  switch (d) {
    case TagDirection::kForward:
      return "forward";
    case TagDirection::kReverse:
      return "reverse";
    case TagDirection::kPingpong:
      return "pingpong";
    case TagDirection::kPingpongReverse:
      return "pingpong_reverse";
  }
  return "forward";
}

// How a tag read as a view plays when the action says no mode: as tags: true would make it
// (pingpong for a pingpong tag of more than one frame, loop otherwise).
PlayMode tag_mode(const SourceTag& tag) {
  const bool pingpong =
      tag.direction == TagDirection::kPingpong || tag.direction == TagDirection::kPingpongReverse;
  return pingpong && tag.to > tag.from ? PlayMode::kPingpong : PlayMode::kLoop;
}

// "'Walk-Down' is pingpong: mode pingpong".
std::string tag_text(const SourceTag& tag) {
  return "'" + diag::shown_name(tag.name) + "' is " + direction_name(tag.direction) + ": mode " +
         to_string(tag_mode(tag));
}

}  // namespace

// An action without mode: whose views are tags plays as they do; tags that would play
// differently (a pingpong walk down, a forward walk up) are E0220, naming them.
void Loader::take_tag_mode(Action& a) {
  if (action_tags_.empty()) return;
  const PlayMode mode = tag_mode(*action_tags_[0].tag);
  const auto differs = std::find_if(action_tags_.begin(), action_tags_.end(),
                                    [&](const ViewTag& v) { return tag_mode(*v.tag) != mode; });
  if (differs == action_tags_.end()) {
    a.mode = mode;
    return;
  }
  std::string listed;
  std::set<std::string> seen;
  constexpr std::size_t kListed = 8;
  for (const ViewTag& v : action_tags_) {
    if (!seen.insert(v.tag->name).second) continue;
    if (seen.size() > kListed) {
      listed += ", …";
      break;
    }
    listed += (listed.empty() ? "'" : ", '") + diag::shown_name(v.tag->name) + "' " +
              direction_name(v.tag->direction);
  }
  error(Code::kTagModes, a.span,
        "action '" + a.name + "' says no mode: and its tags play differently (" + listed +
            "); give it a mode:, or give the tags one direction in Aseprite",
        {diag::Note{action_tags_[0].span, tag_text(*action_tags_[0].tag)},
         diag::Note{differs->span, tag_text(*differs->tag)}});
}

}  // namespace spritec::def::detail
