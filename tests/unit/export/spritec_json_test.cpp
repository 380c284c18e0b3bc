// spritec-json (issue 27 item 1; docs/format.md, "spritec-json"): the whole pack, nothing
// flattened. The document is read back by a reader written from the format's description
// (spritec_json_model.hpp) and the pack written from what it read must be the exported pack
// byte for byte: every field of every record made the trip. A few fields are also checked
// by hand against the fixture, so that a reader and a writer wrong in the same way fail.
#include <catch2/catch.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pack_in_memory.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/export/export.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/image/image.hpp"
#include "spritec_json_model.hpp"

using namespace spritec;

namespace spritec_json_unit {

using format::ActionModel;
using format::FrameModel;
using format::PackModel;
using format::ShapeModel;
using format::StepModel;
using format::TransitionModel;
using runtime::Mode;
using runtime::ShapeKind;
using runtime::ThenKind;

StepModel step(std::string frame, std::uint32_t ticks) {
  StepModel s;
  s.frame = std::move(frame);
  s.ticks = ticks;
  return s;
}

ShapeModel box(std::string name, std::int32_t x, std::int32_t y, std::uint32_t w, std::uint32_t h) {
  return {std::move(name), ShapeKind::kBox, false, x, y, w, h};
}

// Every field the model has, each with a value other than its default somewhere: frames
// trimmed with shapes; a loop from step 1 in 3 views from 45 degrees with flips, events,
// moves, a blank step with its own point, a step removing its frame's box and adding one;
// a reversed pingpong repeated 3 times then `walk`; a once then destroy; transitions with
// when, unless and immediate; premultiplied, bled pages; a layered master's slots and order.
PackModel fixture() {
  PackModel m;
  m.tick_rate = 24;
  m.premultiplied = true;
  m.bled = true;
  m.pages.push_back({16, 8, image::encode_png(image::Image(16, 8)), ""});
  m.pages.push_back({4, 4, image::encode_png(image::Image(4, 4)), ""});
  const char* names[] = {"a", "b", "c"};
  for (int i = 0; i < 3; ++i) {
    FrameModel f;
    f.name = names[i];
    f.page = i == 2 ? 1 : 0;
    f.x = i == 1 ? 4 : 0, f.y = i == 1 ? 1 : 0, f.w = 4, f.h = 3;
    f.origin_x = 5 - i, f.origin_y = 6;
    f.source_w = 8, f.source_h = 8;
    f.trim_x = 2, f.trim_y = i;
    if (i != 2)
      f.shapes = {box("hurt", 2, 1, 4, 5), {"hand", ShapeKind::kPoint, false, 6, 3, 0, 0}};
    m.frames.push_back(f);
  }
  ActionModel walk;
  walk.name = "walk";
  walk.views = 3;
  walk.first_view = 45;
  walk.mode = Mode::kLoop;
  walk.loop_from = 1;
  for (std::uint32_t v = 0; v < 3; ++v) {
    StepModel s0 = step("a", 3), s1 = step("b", 2), s2 = step("", 1);
    s0.event = "step";
    s0.move_x = 2, s0.move_y = -1;
    s1.flip_x = v == 1, s1.flip_y = v == 2;
    s1.shapes = {{"hurt", ShapeKind::kBox, true, 0, 0, 0, 0}, box("hit", 1, 1, 2, 2)};
    s2.shapes = {{"hand", ShapeKind::kPoint, false, -3, 4, 0, 0}};
    walk.steps.push_back({s0, s1, s2});
  }
  TransitionModel jump;
  jump.to = "swing", jump.when = {"jump"}, jump.unless = {"down"};
  TransitionModel duck;
  duck.to = "die", duck.when = {"down"}, duck.immediate = true;
  walk.transitions = {jump, duck};
  ActionModel swing;
  swing.name = "swing";
  swing.mode = Mode::kPingpong;
  swing.reverse = true;
  swing.repeat = 3;
  swing.then = ThenKind::kAction;
  swing.then_action = "walk";
  swing.views = 3;  // a master's actions have one view per order list
  swing.steps.assign(3, {step("c", 1), step("a", 2), step("b", 4)});
  swing.steps[0][1].event = "whoosh";
  ActionModel die;
  die.name = "die";
  die.mode = Mode::kOnce;
  die.then = ThenKind::kDestroy;
  die.views = 3;
  die.steps.assign(3, {step("c", 5)});
  m.actions = {walk, swing, die};
  m.layers.slots = {"sword", "hat"};
  m.layers.order = {{"self", "sword", "hat"}, {"sword", "self"}, {"hat", "self", "sword"}};
  return m;
}

struct Exported {
  std::unique_ptr<export_test::Pack> pack;
  std::vector<exporter::File> files;
  nlohmann::json doc;
};

Exported export_of(const PackModel& m) {
  Exported out;
  std::vector<image::Image> pages;
  for (const format::PageModel& p : m.pages)
    pages.push_back(image::Image(p.width, p.height));
  out.pack = export_test::pack_in_memory(m, std::move(pages));
  exporter::Options o;
  o.format = *exporter::parse_format("spritec-json");
  o.stem = "hero";
  o.out_name = "hero.json";
  o.pack_name = "hero.spk";
  diag::Sink sink;
  std::optional<std::vector<exporter::File>> files =
      exporter::export_pack(out.pack->view, out.pack->pages, o, sink);
  REQUIRE(files);
  CHECK(sink.diagnostics().empty());  // nothing is left out, so nothing is warned of
  out.files = *files;
  REQUIRE(out.files.front().name == "hero.json");
  const std::vector<std::uint8_t>& text = out.files.front().bytes;
  out.doc = nlohmann::json::parse(text.begin(), text.end());
  return out;
}

std::vector<std::uint8_t> file_bytes(const Exported& e, const std::string& name) {
  for (const exporter::File& f : e.files) {
    if (f.name == name) return f.bytes;
  }
  FAIL("no file " << name << " in the export");
  return {};
}

TEST_CASE("spritec-json read back writes the same pack, byte for byte") {
  const Exported e = export_of(fixture());
  const PackModel back =
      spritec_json_test::model_of(e.doc, [&](const std::string& f) { return file_bytes(e, f); });
  const auto written = format::write_spk(back);
  INFO(written.error.message);
  REQUIRE(written.ok());
  CHECK(written.value == e.pack->bytes);
}

TEST_CASE("spritec-json holds what the fixture says, by index, relative to the origin") {
  const nlohmann::json d = export_of(fixture()).doc;
  CHECK(d["format"] == "spritec-json");
  CHECK(d["version"] == nlohmann::json::array({1, 0}));
  CHECK(d["pack_version"] == nlohmann::json::array({1, 3}));
  CHECK(d["tick_rate"] == 24);
  CHECK(d["page_alpha"] == "premultiplied");
  CHECK(d["bled"] == true);
  CHECK(d["pages"][1] == nlohmann::json({{"file", "hero-1.png"}, {"width", 4}, {"height", 4}}));
  // Names interned sorted by their bytes.
  CHECK(d["inputs"] == nlohmann::json::array({"down", "jump"}));
  CHECK(d["events"] == nlohmann::json::array({"step", "whoosh"}));
  CHECK(d["shape_names"] == nlohmann::json::array({"hand", "hit", "hurt"}));
  // Frame b: origin (4, 6) in the untrimmed frame, trim (2, 1); its box at (2, 1) is
  // (-2, -5) from the origin pixel, its point (6, 3) is (2, -3).
  const nlohmann::json& b = d["frames"][1];
  CHECK(b["origin"] == nlohmann::json::array({4, 6}));
  CHECK(b["trim"] == nlohmann::json::array({2, 1}));
  CHECK(b["shapes"][0] ==
        nlohmann::json({{"kind", "box"}, {"name", 2}, {"x", -2}, {"y", -5}, {"w", 4}, {"h", 5}}));
  CHECK(b["shapes"][1] == nlohmann::json({{"kind", "point"}, {"name", 0}, {"x", 2}, {"y", -3}}));
  const nlohmann::json& walk = d["actions"][0];
  CHECK(walk["first_view"] == 45);
  CHECK(walk["loop_from"] == 1);
  CHECK(walk["steps"][2][1]["flip"] == "y");
  CHECK(walk["steps"][0][0]["event"] == 0);
  CHECK(walk["steps"][0][2]["frame"].is_null());
  CHECK(walk["steps"][0][1]["shapes"][1] ==
        nlohmann::json({{"kind", "box"}, {"name", 2}, {"removed", true}}));
  CHECK(walk["transitions"][0] ==
        nlohmann::json({{"to", 1}, {"when", {1}}, {"unless", {0}}, {"immediate", false}}));
  CHECK(d["actions"][1]["then"] == "action");
  CHECK(d["actions"][1]["then_action"] == 0);
  CHECK(d["actions"][2]["then"] == "destroy");
  CHECK(d["actions"][2]["then_action"].is_null());
  CHECK(d["layers"]["slots"] == nlohmann::json::array({"sword", "hat"}));
  CHECK(d["layers"]["order"][1] == nlohmann::json::array({0, "self"}));
}

TEST_CASE("spritec-json writes the pages as the pack stores them") {
  const Exported e = export_of(fixture());
  REQUIRE(e.files.size() == 3);
  CHECK(e.files[1].name == "hero-0.png");
  CHECK(e.files[2].name == "hero-1.png");
  // The pack embeds premultiplied pages: the same PNG bytes, not converted to straight alpha.
  const runtime::Page p = e.pack->view.page(0);
  CHECK(e.files[1].bytes == std::vector<std::uint8_t>(p.png, p.png + p.png_size));
}

TEST_CASE("spritec-json of a piece names its slot and has no layers") {
  PackModel m = fixture();
  m.layers = {};
  m.layers.slot = "sword";
  const nlohmann::json d = export_of(m).doc;
  CHECK(d["slot"] == "sword");
  CHECK_FALSE(d.contains("layers"));
  m.layers = {};
  const nlohmann::json plain = export_of(m).doc;
  CHECK_FALSE(plain.contains("slot"));
  CHECK_FALSE(plain.contains("layers"));
}

}  // namespace spritec_json_unit
