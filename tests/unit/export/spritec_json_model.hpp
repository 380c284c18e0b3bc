// A spritec-json document read back into the writer's model, written from the format's
// description (docs/format.md, "spritec-json") and not from the exporter: write_spk() of
// the model it gives must be the exported pack byte for byte, which proves the document
// left nothing of the pack out. Used by the export unit test and the CLI test over every
// sample.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "spritec/format/spk_writer.hpp"

namespace spritec_json_test {

namespace format = spritec::format;
using Json = nlohmann::json;

// Shapes of a frame or step: the document's are relative to the origin pixel; the model's
// in the untrimmed frame (origin added back), a blank step's relative to the actor.
inline std::vector<format::ShapeModel> shapes_of(const Json& record, const Json& names,
                                                 std::int64_t ox, std::int64_t oy) {
  std::vector<format::ShapeModel> out;
  if (!record.contains("shapes")) return out;
  for (const Json& s : record.at("shapes")) {
    format::ShapeModel m;
    m.name = names.at(s.at("name").get<std::size_t>()).get<std::string>();
    const std::string kind = s.at("kind").get<std::string>();
    REQUIRE((kind == "box" || kind == "point"));
    m.kind =
        kind == "box" ? spritec::runtime::ShapeKind::kBox : spritec::runtime::ShapeKind::kPoint;
    m.removed = s.value("removed", false);
    if (!m.removed) {
      m.x = static_cast<std::int32_t>(s.at("x").get<std::int64_t>() + ox);
      m.y = static_cast<std::int32_t>(s.at("y").get<std::int64_t>() + oy);
      if (kind == "box") {
        m.w = s.at("w").get<std::uint32_t>();
        m.h = s.at("h").get<std::uint32_t>();
      }
    }
    out.push_back(m);
  }
  return out;
}

inline std::vector<std::string> names_at(const Json& table, const Json& indices) {
  std::vector<std::string> out;
  for (const Json& i : indices)
    out.push_back(table.at(i.get<std::size_t>()).get<std::string>());
  return out;
}

inline format::StepModel step_of(const Json& doc, const Json& s) {
  format::StepModel m;
  std::int64_t ox = 0, oy = 0;
  if (!s.at("frame").is_null()) {
    const Json& f = doc.at("frames").at(s.at("frame").get<std::size_t>());
    m.frame = f.at("name").get<std::string>();
    ox = f.at("origin")[0].get<std::int64_t>();
    oy = f.at("origin")[1].get<std::int64_t>();
  }
  m.ticks = s.at("ticks").get<std::uint32_t>();
  const std::string flip = s.at("flip").get<std::string>();
  REQUIRE((flip.empty() || flip == "x" || flip == "y" || flip == "xy"));
  m.flip_x = flip.find('x') != std::string::npos;
  m.flip_y = flip.find('y') != std::string::npos;
  if (!s.at("event").is_null())
    m.event = doc.at("events").at(s.at("event").get<std::size_t>()).get<std::string>();
  m.move_x = s.at("move")[0].get<std::int32_t>();
  m.move_y = s.at("move")[1].get<std::int32_t>();
  m.shapes = shapes_of(s, doc.at("shape_names"), ox, oy);
  return m;
}

inline format::ActionModel action_of(const Json& doc, const Json& a) {
  format::ActionModel m;
  m.name = a.at("name").get<std::string>();
  m.views = a.at("views").get<std::uint32_t>();
  m.first_view = a.at("first_view").get<std::int32_t>();
  const std::string mode = a.at("mode").get<std::string>();
  m.mode = mode == "loop"       ? format::Mode::kLoop
           : mode == "pingpong" ? format::Mode::kPingpong
                                : format::Mode::kOnce;
  REQUIRE((mode == "loop" || mode == "pingpong" || mode == "once"));
  m.reverse = a.at("reverse").get<bool>();
  m.loop_from = a.at("loop_from").get<std::uint32_t>();
  m.repeat = a.at("repeat").get<std::uint32_t>();
  const std::string then = a.at("then").get<std::string>();
  REQUIRE((then == "hold" || then == "destroy" || then == "action"));
  m.then = then == "hold"      ? format::ThenKind::kHold
           : then == "destroy" ? format::ThenKind::kDestroy
                               : format::ThenKind::kAction;
  REQUIRE(a.at("then_action").is_null() == (then != "action"));
  if (then == "action")
    m.then_action =
        doc.at("actions").at(a.at("then_action").get<std::size_t>()).at("name").get<std::string>();
  REQUIRE(a.at("steps").size() == m.views);
  for (const Json& view : a.at("steps")) {
    std::vector<format::StepModel> list;
    for (const Json& s : view)
      list.push_back(step_of(doc, s));
    m.steps.push_back(std::move(list));
  }
  for (const Json& t : a.at("transitions")) {
    format::TransitionModel tm;
    tm.to = doc.at("actions").at(t.at("to").get<std::size_t>()).at("name").get<std::string>();
    tm.when = names_at(doc.at("inputs"), t.at("when"));
    tm.unless = names_at(doc.at("inputs"), t.at("unless"));
    tm.immediate = t.at("immediate").get<bool>();
    m.transitions.push_back(std::move(tm));
  }
  return m;
}

inline format::LayersModel layers_of(const Json& doc) {
  format::LayersModel m;
  if (doc.contains("slot")) m.slot = doc.at("slot").get<std::string>();
  if (!doc.contains("layers")) return m;
  const Json& slots = doc.at("layers").at("slots");
  m.slots = slots.get<std::vector<std::string>>();
  for (const Json& row : doc.at("layers").at("order")) {
    std::vector<std::string> names;
    for (const Json& e : row)
      names.push_back(e.is_string() ? e.get<std::string>()
                                    : slots.at(e.get<std::size_t>()).get<std::string>());
    m.order.push_back(std::move(names));
  }
  return m;
}

// The model of a document; `page_png(file)` gives the bytes of a page file beside it (each
// embedded in the model, as a pack built with embedded pages stores them).
inline format::PackModel model_of(
    const Json& doc, const std::function<std::vector<std::uint8_t>(const std::string&)>& page_png) {
  REQUIRE(doc.at("format") == "spritec-json");
  REQUIRE(doc.at("version") == Json::array({1, 0}));
  format::PackModel m;
  m.tick_rate = doc.at("tick_rate").get<std::uint32_t>();
  m.premultiplied = doc.at("page_alpha") == "premultiplied";
  REQUIRE((m.premultiplied || doc.at("page_alpha") == "straight"));
  m.bled = doc.at("bled").get<bool>();
  for (const Json& p : doc.at("pages")) {
    format::PageModel pm;
    pm.width = p.at("width").get<std::uint32_t>();
    pm.height = p.at("height").get<std::uint32_t>();
    pm.png = page_png(p.at("file").get<std::string>());
    m.pages.push_back(std::move(pm));
  }
  for (const Json& f : doc.at("frames")) {
    format::FrameModel fm;
    fm.name = f.at("name").get<std::string>();
    fm.page = f.at("page").get<std::uint32_t>();
    fm.x = f.at("x").get<std::uint32_t>();
    fm.y = f.at("y").get<std::uint32_t>();
    fm.w = f.at("w").get<std::uint32_t>();
    fm.h = f.at("h").get<std::uint32_t>();
    fm.origin_x = f.at("origin")[0].get<std::int32_t>();
    fm.origin_y = f.at("origin")[1].get<std::int32_t>();
    fm.trim_x = f.at("trim")[0].get<std::uint32_t>();
    fm.trim_y = f.at("trim")[1].get<std::uint32_t>();
    fm.source_w = f.at("source_size")[0].get<std::uint32_t>();
    fm.source_h = f.at("source_size")[1].get<std::uint32_t>();
    fm.shapes = shapes_of(f, doc.at("shape_names"), fm.origin_x, fm.origin_y);
    m.frames.push_back(std::move(fm));
  }
  for (const Json& a : doc.at("actions"))
    m.actions.push_back(action_of(doc, a));
  m.layers = layers_of(doc);
  return m;
}

}  // namespace spritec_json_test
