// spritec-json: the whole pack as JSON (docs/format.md, "spritec-json"), for the
// JavaScript runtime (runtimes/js) and any game that plays the action model itself. Unlike
// every other format it flattens nothing: it is written from the pack, not from the Model's
// animations, and records refer to each other by index, as the pack's do. A test reads it
// back and compares every field with the pack (tests/unit/export/spritec_json_test.cpp).
#include <string>

#include "spritec/runtime/player.hpp"
#include "writers.hpp"

namespace spritec::exporter::detail {
namespace {

using runtime::PackView;

const char* then_name(runtime::ThenKind kind) {
  switch (kind) {
    case runtime::ThenKind::kHold:
      return "hold";
    case runtime::ThenKind::kDestroy:
      return "destroy";
    case runtime::ThenKind::kAction:
      return "action";
  }
  return "hold";
}

// An index, or null for runtime::kNone.
Json index_or_null(std::uint32_t i) {
  return i == runtime::kNone ? Json(nullptr) : Json(i);
}

Json name_table(std::uint32_t count, std::string_view (PackView::*name_of)(std::uint32_t) const,
                const PackView& pack) {
  Json names = Json::array();
  for (std::uint32_t i = 0; i < count; ++i)
    names.push_back(std::string((pack.*name_of)(i)));
  return names;
}

// A range's shapes as the pack stores them: relative to the frame's origin pixel, before
// any flip, sorted by (kind, name); a step's removal is {"kind", "name", "removed": true}.
void add_shapes(Json& j, const PackView& pack, runtime::ShapeRange range) {
  if (range.count == 0) return;
  Json shapes = Json::array();
  for (std::uint32_t i = 0; i < range.count; ++i) {
    const runtime::Shape s = pack.shape(range.first + i);
    const bool box = s.kind == runtime::ShapeKind::kBox;
    Json e = {{"kind", box ? "box" : "point"}, {"name", s.name}};
    if (s.removed) {
      e["removed"] = true;
    } else {
      e["x"] = s.x;
      e["y"] = s.y;
      if (box) {
        e["w"] = s.w;
        e["h"] = s.h;
      }
    }
    shapes.push_back(std::move(e));
  }
  j["shapes"] = std::move(shapes);
}

Json pages(const PackView& pack, const Options& options) {
  Json out = Json::array();
  for (std::uint32_t i = 0; i < pack.page_count(); ++i) {
    const runtime::Page p = pack.page(i);
    out.push_back({{"file", page_file(options, i)}, {"width", p.width}, {"height", p.height}});
  }
  return out;
}

Json frames(const PackView& pack) {
  Json out = Json::array();
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i) {
    const runtime::Frame f = pack.frame(i);
    Json j = {{"name", std::string(f.name)},
              {"page", f.page},
              {"x", f.x},
              {"y", f.y},
              {"w", f.w},
              {"h", f.h},
              {"origin", {f.untrimmed_origin_x(), f.untrimmed_origin_y()}},
              {"trim", {f.trim_x, f.trim_y}},
              {"source_size", {f.source_w, f.source_h}}};
    add_shapes(j, pack, pack.frame_shapes(i));
    out.push_back(std::move(j));
  }
  return out;
}

Json step_json(const PackView& pack, std::uint32_t record) {
  const runtime::Step s = pack.step(record);
  Json j = {{"frame", index_or_null(s.frame)},
            {"ticks", s.ticks},
            {"flip", runtime::flip_name(s.flip)},
            {"event", index_or_null(s.event)},
            {"move", {s.move_x, s.move_y}}};
  add_shapes(j, pack, pack.step_shapes(record));
  return j;
}

// Input indices of a when/unless mask, in index order.
Json inputs_of(std::uint64_t mask) {
  Json out = Json::array();
  for (std::uint32_t i = 0; i < 64; ++i) {
    if (mask & (std::uint64_t(1) << i)) out.push_back(i);
  }
  return out;
}

Json action_json(const PackView& pack, std::uint32_t index) {
  const runtime::Action a = pack.action(index);
  Json steps = Json::array();
  for (std::uint32_t v = 0; v < a.views; ++v) {
    Json list = Json::array();
    for (std::uint32_t s = 0; s < a.steps_per_view; ++s)
      list.push_back(step_json(pack, a.first_step + v * a.steps_per_view + s));
    steps.push_back(std::move(list));
  }
  Json transitions = Json::array();
  for (std::uint32_t t = 0; t < a.transition_count; ++t) {
    const runtime::Transition tr = pack.transition(a.first_transition + t);
    transitions.push_back({{"to", tr.to},
                           {"when", inputs_of(tr.when)},
                           {"unless", inputs_of(tr.unless)},
                           {"immediate", tr.immediate}});
  }
  return {{"name", std::string(a.name)},
          {"views", a.views},
          {"first_view", a.first_view},
          {"mode", runtime::play_mode_name(a.mode)},
          {"reverse", a.reverse},
          {"loop_from", a.loop_from},
          {"repeat", a.repeat},
          {"then", then_name(a.then_kind)},
          {"then_action",
           a.then_kind == runtime::ThenKind::kAction ? Json(a.then_action) : Json(nullptr)},
          {"steps", std::move(steps)},
          {"transitions", std::move(transitions)}};
}

// A layered master's slots and draw order per view (slot indices, "self" for its own
// frames), or a piece's one slot; a plain pack has neither key.
void add_layers(Json& doc, const PackView& pack) {
  if (pack.layered()) {
    Json order = Json::array();
    for (std::uint32_t v = 0; v < pack.layer_views(); ++v) {
      Json row = Json::array();
      for (std::uint32_t k = 0; k <= pack.slot_count(); ++k) {
        const std::uint32_t e = pack.layer_entry(v, k);
        if (e == runtime::kNone) break;
        row.push_back(e == runtime::spk::kLayerSelf ? Json("self") : Json(e));
      }
      order.push_back(std::move(row));
    }
    doc["layers"] = {{"slots", name_table(pack.slot_count(), &PackView::slot_name, pack)},
                     {"order", std::move(order)}};
  } else if (pack.piece()) {
    doc["slot"] = std::string(pack.piece_slot());
  }
}

// The document's text: each record on a line of its own (a frame, a step, a transition, a
// shape), the structure around them indented, so a diff of two exports shows which records
// changed and a game's loader still reads it at JSON speed. Invalid UTF-8 in a name is
// written as U+FFFD, as the other JSON formats write it.
std::string compact(const Json& v) {
  return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool scalars(const Json& v) {
  if (v.is_primitive()) return true;
  if (!v.is_array()) return false;
  for (const Json& e : v) {
    if (!e.is_primitive()) return false;
  }
  return true;
}

bool flat_object(const Json& v) {
  if (!v.is_object()) return false;
  for (const auto& [key, value] : v.items()) {
    if (!scalars(value)) return false;
  }
  return true;
}

// A record: scalars, or an object whose values are scalars, lists of scalars or lists of
// flat objects (a frame or a step with its shapes).
bool record(const Json& v) {
  if (scalars(v)) return true;
  if (!v.is_object()) return false;
  for (const auto& [key, value] : v.items()) {
    if (scalars(value)) continue;
    if (!value.is_array()) return false;
    for (const Json& e : value) {
      if (!flat_object(e)) return false;
    }
  }
  return true;
}

void layout(std::string& out, const Json& v, std::size_t indent) {
  if (record(v)) {
    out += compact(v);
    return;
  }
  const std::string inner(indent + 2, ' ');
  const bool array = v.is_array();
  out += array ? "[\n" : "{\n";
  bool first = true;
  for (const auto& [key, value] : v.items()) {
    out += first ? "" : ",\n";
    first = false;
    out += inner;
    if (!array) out += compact(Json(key)) + ": ";
    layout(out, value, indent + 2);
  }
  out += "\n" + std::string(indent, ' ') + (array ? "]" : "}");
}

}  // namespace

std::string spritec_json(const PackView& pack, const Options& options) {
  Json doc = Json::object();
  doc["format"] = "spritec-json";
  doc["version"] = {kSpritecJsonVersion[0], kSpritecJsonVersion[1]};
  doc["pack_version"] = {pack.version_major(), pack.version_minor()};
  doc["tick_rate"] = pack.tick_rate();
  doc["page_alpha"] = pack.premultiplied() ? "premultiplied" : "straight";
  doc["bled"] = pack.bled();
  doc["pages"] = pages(pack, options);
  doc["frames"] = frames(pack);
  doc["inputs"] = name_table(pack.input_count(), &PackView::input_name, pack);
  doc["events"] = name_table(pack.event_count(), &PackView::event_name, pack);
  doc["shape_names"] = name_table(pack.shape_name_count(), &PackView::shape_name, pack);
  Json actions = Json::array();
  for (std::uint32_t i = 0; i < pack.action_count(); ++i)
    actions.push_back(action_json(pack, i));
  doc["actions"] = std::move(actions);
  add_layers(doc, pack);
  std::string text;
  layout(text, doc, 0);
  return text + "\n";
}

Written write_spritec_json(const Model& model, const Options& options, diag::Sink&) {
  return std::vector<File>{{options.out_name, bytes(spritec_json(*model.pack, options))}};
}

}  // namespace spritec::exporter::detail

namespace spritec::exporter {

std::string spritec_json(const runtime::PackView& pack, std::string_view stem) {
  Options options;
  options.stem = std::string(stem);
  return detail::spritec_json(pack, options);
}

}  // namespace spritec::exporter
