#include "spritec/format/inspect.hpp"

#include <optional>
#include <sstream>
#include <vector>

#include "spritec/format/spk_writer.hpp"
#include "spritec/image/image.hpp"
#include "spritec/runtime/player.hpp"

namespace spritec::format {
namespace {

namespace spk = runtime::spk;

std::string then_name(const runtime::PackView& pack, const runtime::Action& a) {
  switch (a.then_kind) {
    case runtime::ThenKind::kHold:
      return "hold";
    case runtime::ThenKind::kDestroy:
      return "destroy";
    case runtime::ThenKind::kAction:
      return std::string(pack.action(a.then_action).name);
  }
  return "hold";
}

nlohmann::ordered_json input_list(const runtime::PackView& pack, std::uint64_t mask) {
  nlohmann::ordered_json names = nlohmann::ordered_json::array();
  for (std::uint32_t i = 0; i < pack.input_count(); ++i) {
    if (mask & (std::uint64_t(1) << i)) names.push_back(std::string(pack.input_name(i)));
  }
  return names;
}

// A layered master's "layers" (slots, order per view) or a piece's "slot".
void add_layers(nlohmann::ordered_json& doc, const runtime::PackView& pack) {
  const LayersModel layers = read_layers(pack);
  if (layers.master()) {
    doc["layers"] = {{"slots", layers.slots}, {"order", layers.order}};
  } else if (!layers.slot.empty()) {
    doc["slot"] = layers.slot;
  }
}

// A range's boxes and points in the coordinates a definition writes them in: the frame's
// untrimmed ones (origin (ox, oy) added back), a blank step's the actor's. Removals (a step's
// own) are null. Each of the two keys only when it has entries.
void add_shapes(nlohmann::ordered_json& j, const runtime::PackView& pack, runtime::ShapeRange r,
                std::int64_t ox, std::int64_t oy) {
  using json = nlohmann::ordered_json;
  json boxes = json::object(), points = json::object();
  for (std::uint32_t i = 0; i < r.count; ++i) {
    const runtime::Shape s = pack.shape(r.first + i);
    const std::string name(pack.shape_name(s.name));
    const bool box = s.kind == runtime::ShapeKind::kBox;
    json value = json(nullptr);
    if (!s.removed) {
      value = box ? json::array({s.x + ox, s.y + oy, s.w, s.h}) : json::array({s.x + ox, s.y + oy});
    }
    (box ? boxes : points)[name] = std::move(value);
  }
  if (!boxes.empty()) j["boxes"] = std::move(boxes);
  if (!points.empty()) j["points"] = std::move(points);
}

}  // namespace

nlohmann::ordered_json inspect_json(const runtime::PackView& pack) {
  using json = nlohmann::ordered_json;
  json doc = json::object();
  doc["format_version"] = json::array({pack.version_major(), pack.version_minor()});
  doc["tick_rate"] = pack.tick_rate();
  doc["page_alpha"] = pack.premultiplied() ? "premultiplied" : "straight";
  doc["bled"] = pack.bled();
  json pages = json::array();
  for (std::uint32_t i = 0; i < pack.page_count(); ++i) {
    const runtime::Page p = pack.page(i);
    pages.push_back({{"width", p.width}, {"height", p.height}});
  }
  doc["pages"] = std::move(pages);
  json frames = json::array();
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i) {
    const runtime::Frame f = pack.frame(i);
    json j = json::object();
    j["name"] = std::string(f.name);
    j["page"] = f.page;
    j["x"] = f.x;
    j["y"] = f.y;
    j["w"] = f.w;
    j["h"] = f.h;
    j["origin"] = json::array({f.untrimmed_origin_x(), f.untrimmed_origin_y()});
    j["source_size"] = json::array({f.source_w, f.source_h});
    j["trim"] = json::array({f.trim_x, f.trim_y});
    add_shapes(j, pack, pack.frame_shapes(i), f.untrimmed_origin_x(), f.untrimmed_origin_y());
    frames.push_back(std::move(j));
  }
  doc["frames"] = std::move(frames);
  json actions = json::array();
  for (std::uint32_t i = 0; i < pack.action_count(); ++i) {
    const runtime::Action a = pack.action(i);
    json j = json::object();
    j["name"] = std::string(a.name);
    j["views"] = a.views;
    j["first_view"] = a.first_view;
    j["mode"] = runtime::play_mode_name(a.mode);
    j["loop_from"] = a.loop_from;
    j["repeat"] = a.repeat;
    j["then"] = then_name(pack, a);
    j["reverse"] = a.reverse;
    json steps = json::array();
    for (std::uint32_t v = 0; v < a.views; ++v) {
      json list = json::array();
      for (std::uint32_t s = 0; s < a.steps_per_view; ++s) {
        const runtime::Step st = pack.step(a, v, s);
        json sj = json::object();
        sj["frame"] =
            st.frame == spk::kNone ? json(nullptr) : json(std::string(pack.frame_name(st.frame)));
        sj["ticks"] = st.ticks;
        sj["flip"] = runtime::flip_name(st.flip);
        sj["event"] =
            st.event == spk::kNone ? json(nullptr) : json(std::string(pack.event_name(st.event)));
        sj["move"] = json::array({st.move_x, st.move_y});
        const bool framed = st.frame != spk::kNone;
        const runtime::Frame frame = framed ? pack.frame(st.frame) : runtime::Frame{};
        add_shapes(sj, pack, pack.step_shapes(a.first_step + v * a.steps_per_view + s),
                   framed ? frame.untrimmed_origin_x() : 0,
                   framed ? frame.untrimmed_origin_y() : 0);
        list.push_back(std::move(sj));
      }
      steps.push_back(std::move(list));
    }
    j["steps"] = std::move(steps);
    json transitions = json::array();
    for (std::uint32_t t = 0; t < a.transition_count; ++t) {
      const runtime::Transition tr = pack.transition(a.first_transition + t);
      transitions.push_back({{"to", std::string(pack.action(tr.to).name)},
                             {"when", input_list(pack, tr.when)},
                             {"unless", input_list(pack, tr.unless)},
                             {"immediate", tr.immediate}});
    }
    j["transitions"] = std::move(transitions);
    actions.push_back(std::move(j));
  }
  doc["actions"] = std::move(actions);
  add_layers(doc, pack);
  return doc;
}

namespace {

// "boxes: hit hurt" and "points: hand": the names each kind uses, in the names' order.
void shape_lines(std::ostream& out, const runtime::PackView& pack) {
  for (runtime::ShapeKind kind : {runtime::ShapeKind::kBox, runtime::ShapeKind::kPoint}) {
    std::vector<bool> used(pack.shape_name_count(), false);
    for (std::uint32_t i = 0; i < pack.shape_count(); ++i) {
      const runtime::Shape s = pack.shape(i);
      if (s.kind == kind && !s.removed) used[s.name] = true;
    }
    std::string names;
    for (std::uint32_t i = 0; i < used.size(); ++i) {
      if (used[i]) names += " " + std::string(pack.shape_name(i));
    }
    if (!names.empty())
      out << (kind == runtime::ShapeKind::kBox ? "boxes:" : "points:") << names << "\n";
  }
}

}  // namespace

std::string inspect_text(const runtime::PackView& pack) {
  std::ostringstream out;
  auto plural = [](std::uint32_t n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
  };
  out << "spritec pack, format " << pack.version_major() << "." << pack.version_minor()
      << ", tick rate " << pack.tick_rate() << "\n";
  out << plural(pack.page_count(), "page") << ", " << plural(pack.frame_count(), "frame") << ", "
      << plural(pack.action_count(), "action") << ", " << plural(pack.step_count(), "step") << ", "
      << plural(pack.transition_count(), "transition") << ", "
      << plural(pack.input_count(), "input") << ", " << plural(pack.event_count(), "event") << "\n";
  for (std::uint32_t i = 0; i < pack.page_count(); ++i) {
    const runtime::Page p = pack.page(i);
    out << "page " << i << ": " << p.width << "x" << p.height << " RGBA8";
    if (pack.premultiplied() || pack.bled()) {
      out << " (" << (pack.premultiplied() ? "premultiplied" : "straight") << " alpha"
          << (pack.bled() ? ", bled" : "") << ")";
    }
    out << ", ";
    if (p.external) {
      out << "file " << p.file_name << "\n";
    } else {
      const std::optional<int> colours = image::read_png_palette_size(p.png, p.png_size);
      if (colours) {
        out << "embedded indexed PNG (" << *colours << (*colours == 1 ? " colour, " : " colours, ")
            << p.png_size << " bytes)\n";
      } else {
        out << "embedded PNG (" << p.png_size << " bytes)\n";
      }
    }
  }
  for (std::uint32_t i = 0; i < pack.action_count(); ++i) {
    const runtime::Action a = pack.action(i);
    out << "action " << a.name << ": " << plural(a.views, "view") << " from " << a.first_view
        << " deg, " << plural(a.steps_per_view, "step") << ", " << runtime::play_mode_name(a.mode);
    if (a.mode == runtime::Mode::kLoop && a.loop_from != 0) out << " from step " << a.loop_from;
    if (a.reverse) out << ", reverse";
    if (a.mode != runtime::Mode::kOnce) {
      out << ", "
          << (a.repeat == 0 ? std::string("forever") : "repeat " + std::to_string(a.repeat));
    }
    if (a.mode == runtime::Mode::kOnce || a.repeat != 0) out << ", then " << then_name(pack, a);
    if (a.transition_count != 0) out << ", " << plural(a.transition_count, "transition");
    out << "\n";
  }
  if (pack.input_count() != 0) {
    out << "inputs:";
    for (std::uint32_t i = 0; i < pack.input_count(); ++i)
      out << " " << pack.input_name(i);
    out << "\n";
  }
  if (pack.event_count() != 0) {
    out << "events:";
    for (std::uint32_t i = 0; i < pack.event_count(); ++i)
      out << " " << pack.event_name(i);
    out << "\n";
  }
  shape_lines(out, pack);
  const LayersModel layers = read_layers(pack);
  if (!layers.slot.empty()) out << "equipment piece for slot " << layers.slot << "\n";
  if (layers.master()) {
    out << "layered: slots";
    for (const std::string& slot : layers.slots)
      out << " " << slot;
    out << "\n";
    for (std::size_t v = 0; v < layers.order.size(); ++v) {
      out << "  view " << v << ", back to front:";
      for (const std::string& name : layers.order[v])
        out << " " << name;
      out << "\n";
    }
  }
  return out.str();
}

}  // namespace spritec::format
