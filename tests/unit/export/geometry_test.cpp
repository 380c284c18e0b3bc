// Boxes and points in the exports (issue 25; docs/engines.md, "Boxes and points"): the
// Model's regions and step aliases, phaser's and pixi's frame keys, aseprite-json's slices,
// spine's custom values and W0709. Every expected value is worked out by hand in the
// comments from the fixture below, not from the writers.
#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "pack_in_memory.hpp"
#include "spritec/diag/codes.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/export/export.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/image/image.hpp"
#include "spritec/runtime/spk_reader.hpp"

using namespace spritec;

namespace geometry_test {

using exporter::Model;
using exporter::Region;
using exporter::Shape;
using format::ShapeModel;
using runtime::ShapeKind;

using export_test::Pack;

ShapeModel box(std::string name, std::int32_t x, std::int32_t y, std::uint32_t w, std::uint32_t h) {
  return {std::move(name), ShapeKind::kBox, false, x, y, w, h};
}
ShapeModel point(std::string name, std::int32_t x, std::int32_t y) {
  return {std::move(name), ShapeKind::kPoint, false, x, y, 0, 0};
}
ShapeModel removed(std::string name) {
  return {std::move(name), ShapeKind::kBox, true, 0, 0, 0, 0};
}

format::StepModel step(std::string frame, std::uint32_t ticks, bool flip_x,
                       std::vector<ShapeModel> shapes) {
  format::StepModel s;
  s.frame = std::move(frame);
  s.ticks = ticks;
  s.flip_x = flip_x;
  s.shapes = std::move(shapes);
  return s;
}

// The fixture, on a 16x8 page:
//   frame "a": at (0,0) 4x3, trimmed from 8x6 at (1,1), origin (2,3) in the untrimmed frame;
//              box hurt [1,1,4,3], points hand [4,2] and hurt [2,3]
//   frame "b": at (4,0) 2x2, untrimmed, origin (0,0); nothing
//   action "hit" (once): a; a + box hit [5,0,2,2] for 2 ticks; a flipped in x; a blank step
//              with box hit [-1,-1,2,2] (relative to the actor); b with hurt taken away (b
//              has none: the same as b)
//   action "plain" (loop): b, b
// With `geometry` false the frames and steps carry none (a pack without geometry).
format::PackModel fixture(bool geometry) {
  format::PackModel m;
  m.tick_rate = 10;
  image::Image page(16, 8);
  for (int x = 0; x < 6; ++x)
    page.pixel(x, 0)[3] = 255;
  m.pages.push_back({16, 8, image::encode_png(page), ""});
  format::FrameModel a;
  a.name = "a";
  a.x = 0, a.y = 0, a.w = 4, a.h = 3;
  a.origin_x = 2, a.origin_y = 3;
  a.source_w = 8, a.source_h = 6;
  a.trim_x = 1, a.trim_y = 1;
  if (geometry) a.shapes = {box("hurt", 1, 1, 4, 3), point("hand", 4, 2), point("hurt", 2, 3)};
  format::FrameModel b;
  b.name = "b";
  b.x = 4, b.w = 2, b.h = 2, b.source_w = 2, b.source_h = 2;
  m.frames = {a, b};
  auto own = [&](std::vector<ShapeModel> s) { return geometry ? s : std::vector<ShapeModel>{}; };
  format::ActionModel hit;
  hit.name = "hit";
  hit.mode = runtime::Mode::kOnce;
  hit.views = 1;
  hit.steps = {{step("a", 1, false, {}), step("a", 2, false, own({box("hit", 5, 0, 2, 2)})),
                step("a", 1, true, {}), step("", 1, false, own({box("hit", -1, -1, 2, 2)})),
                step("b", 1, false, own({removed("hurt")}))}};
  format::ActionModel plain;
  plain.name = "plain";
  plain.mode = runtime::Mode::kLoop;
  plain.views = 1;
  plain.steps = {{step("b", 1, false, {}), step("b", 1, false, {})}};
  m.actions = {hit, plain};
  return m;
}

std::unique_ptr<Pack> make(bool geometry) {
  image::Image page(16, 8);
  for (int x = 0; x < 6; ++x)
    page.pixel(x, 0)[3] = 255;
  return export_test::pack_in_memory(fixture(geometry), {page});
}

Shape sbox(std::string name, std::int64_t x, std::int64_t y, std::uint32_t w, std::uint32_t h) {
  return {std::move(name), ShapeKind::kBox, x, y, w, h};
}
Shape spoint(std::string name, std::int64_t x, std::int64_t y) {
  return {std::move(name), ShapeKind::kPoint, x, y, 0, 0};
}

struct Export {
  std::vector<exporter::File> files;
  diag::Sink sink;
};

std::unique_ptr<Export> run(const Pack& p, const char* format, const char* out) {
  auto e = std::make_unique<Export>();
  exporter::Options o;
  o.format = *exporter::parse_format(format);
  o.out_name = out;
  o.stem = "x";
  o.pack_name = "x.spk";
  auto files = exporter::export_pack(p.view, p.pages, o, e->sink);
  REQUIRE(files.has_value());
  e->files = std::move(*files);
  return e;
}

std::string text(const exporter::File& f) {
  return std::string(f.bytes.begin(), f.bytes.end());
}

// The test cases live in the namespace too: in a unity build this file shares a unit with
// the other export tests, whose own Pack, run … would otherwise make names ambiguous.

TEST_CASE("the Model's regions carry their boxes and points, mirrored with the pixels") {
  auto p = make(true);
  const Model m = exporter::build_model(p->view, p->pages, true, true);
  // Regions: the frames a, b; the export's own a|flip_x and |blank (in the order the steps
  // need them); then the aliases a|hit|1 and |blank|hit|3.
  REQUIRE(m.regions.size() == 6);
  CHECK(m.regions[2].name == "a|flip_x");
  CHECK(m.regions[3].name == "|blank");
  CHECK(m.regions[4].name == "a|hit|1");
  CHECK(m.regions[5].name == "|blank|hit|3");
  // Sorted boxes first, then by name ("hand" < "hit" < "hurt"); untrimmed coordinates.
  CHECK(m.regions[0].shapes ==
        std::vector<Shape>{sbox("hurt", 1, 1, 4, 3), spoint("hand", 4, 2), spoint("hurt", 2, 3)});
  CHECK(m.regions[1].shapes.empty());
  // Mirrored in x in the 8-wide frame: column c becomes 7 - c (the origin column 2 stays
  // where it is drawn: it becomes 5, the mirrored origin). hurt columns 1..4 -> 3..6.
  CHECK(m.regions[2].shapes ==
        std::vector<Shape>{sbox("hurt", 3, 1, 4, 3), spoint("hand", 3, 2), spoint("hurt", 5, 3)});
  CHECK(m.regions[3].shapes.empty());
  // Step 1: a's with its own hit box added.
  CHECK(m.regions[4].shapes == std::vector<Shape>{sbox("hit", 5, 0, 2, 2), sbox("hurt", 1, 1, 4, 3),
                                                  spoint("hand", 4, 2), spoint("hurt", 2, 3)});
  // Step 3: the blank's hit [-1,-1,2,2] relative to the actor; the blank region (2x2) has its
  // origin at (1,1), so [0,0,2,2] in it.
  CHECK(m.regions[5].shapes == std::vector<Shape>{sbox("hit", 0, 0, 2, 2)});
  // An alias shows its region's rectangle.
  CHECK((m.regions[4].page == 0 && m.regions[4].x == 0 && m.regions[4].y == 0 &&
         m.regions[4].w == 4 && m.regions[4].h == 3 && m.regions[4].frame == 0));
  CHECK((m.regions[5].page == m.regions[3].page && m.regions[5].x == m.regions[3].x &&
         m.regions[5].y == m.regions[3].y && m.regions[5].frame == runtime::kNone));
  // hit: a, the alias, the mirror, the blank's alias, b (its removal takes away nothing).
  REQUIRE(m.animations.size() == 2);
  std::vector<std::uint32_t> shown;
  for (const exporter::RegionTicks& f : m.animations[0].frames)
    shown.push_back(f.region);
  CHECK(shown == std::vector<std::uint32_t>{0, 4, 2, 5, 1});
  CHECK(m.animations[0].frames[1].ticks == 2);
  CHECK(m.uncarried.geometry == std::vector<std::string>{"hit"});
}

TEST_CASE("without geometry the Model is as before: no shapes, no aliases") {
  auto p = make(false);
  const Model m = exporter::build_model(p->view, p->pages, true, true);
  REQUIRE(m.regions.size() == 4);  // a, b, a|flip_x, |blank
  for (const Region& r : m.regions)
    CHECK(r.shapes.empty());
  CHECK(m.uncarried.geometry.empty());
  // A format without geometry gets no shapes and no aliases, but the actions are named.
  auto q = make(true);
  const Model g = exporter::build_model(q->view, q->pages, true, false);
  CHECK(g.regions.size() == 4);
  CHECK(g.regions[0].shapes.empty());
  CHECK(g.uncarried.geometry == std::vector<std::string>{"hit"});
}

TEST_CASE("phaser and pixi frames carry boxes and points as extra keys") {
  auto p = make(true);
  auto phaser = run(*p, "phaser", "x.json");
  CHECK(phaser->sink.diagnostics().empty());
  const nlohmann::json atlas = nlohmann::json::parse(text(phaser->files[0]));
  // Page 0: a, b and a's alias; page 1 (the export's own): a|flip_x, |blank and its alias.
  std::map<std::string, nlohmann::json> frames;
  std::vector<std::string> order;
  for (const auto& page : atlas["textures"]) {
    for (const auto& f : page["frames"]) {
      frames[f["filename"]] = f;
      order.push_back(f["filename"]);
    }
  }
  CHECK(order ==
        std::vector<std::string>{"a", "b", "a|hit|1", "a|flip_x", "|blank", "|blank|hit|3"});
  CHECK(frames["a"]["boxes"] == nlohmann::json::parse(R"({"hurt": [1, 1, 4, 3]})"));
  CHECK(frames["a"]["points"] == nlohmann::json::parse(R"({"hand": [4, 2], "hurt": [2, 3]})"));
  CHECK_FALSE(frames["b"].contains("boxes"));
  CHECK_FALSE(frames["b"].contains("points"));
  CHECK_FALSE(frames["|blank"].contains("boxes"));
  CHECK(frames["a|hit|1"]["boxes"] ==
        nlohmann::json::parse(R"({"hit": [5, 0, 2, 2], "hurt": [1, 1, 4, 3]})"));
  // The alias shows a's rectangle.
  CHECK(frames["a|hit|1"]["frame"] == frames["a"]["frame"]);
  CHECK(frames["|blank|hit|3"]["boxes"] == nlohmann::json::parse(R"({"hit": [0, 0, 2, 2]})"));
  // The animation shows the aliases by name.
  const nlohmann::json anims = nlohmann::json::parse(text(phaser->files[1]));
  std::vector<std::string> names;
  for (const auto& f : anims["anims"][0]["frames"])
    names.push_back(f["frame"]);
  CHECK(names == std::vector<std::string>{"a", "a|hit|1", "a|flip_x", "|blank|hit|3", "b"});

  auto pixi = run(*p, "pixi", "x.json");
  const nlohmann::json doc = nlohmann::json::parse(text(pixi->files[0]));
  CHECK(doc["frames"]["a|hit|1"]["boxes"] ==
        nlohmann::json::parse(R"({"hit": [5, 0, 2, 2], "hurt": [1, 1, 4, 3]})"));
  // The mirrored frame is on the export's own page: its own document, x-1.json.
  REQUIRE(pixi->files[1].name == "x-1.json");
  const nlohmann::json own = nlohmann::json::parse(text(pixi->files[1]));
  CHECK(own["frames"]["a|flip_x"]["boxes"] == nlohmann::json::parse(R"({"hurt": [3, 1, 4, 3]})"));
  CHECK(own["frames"]["a|flip_x"]["points"] ==
        nlohmann::json::parse(R"({"hand": [3, 2], "hurt": [5, 3]})"));
  // One rate (gcd 1): the 2-tick alias listed twice.
  CHECK(doc["animations"]["hit"] ==
        nlohmann::json::parse(R"(["a", "a|hit|1", "a|hit|1", "a|flip_x", "|blank|hit|3", "b"])"));
}

TEST_CASE("aseprite-json: a slice per name, keyed where it changes, a point as its pivot") {
  auto p = make(true);
  auto e = run(*p, "aseprite-json", "x.json");
  CHECK(e->sink.diagnostics().empty());
  const nlohmann::json doc = nlohmann::json::parse(text(e->files[0]));
  const nlohmann::json& slices = doc["meta"]["slices"];
  // origin, then hand, hit, hurt. Frames: hit's 0 a, 1 a|hit|1, 2 a|flip_x, 3 the blank's
  // alias, 4 b; plain's 5 b, 6 b.
  REQUIRE(slices.size() == 4);
  CHECK(slices[0]["name"] == "origin");
  auto keys = [&](int i) { return slices[i]["keys"]; };
  CHECK(slices[1]["name"] == "hand");
  // A point alone: a 1x1 slice on it, pivot 0,0; frame 1 the same (no key); the mirror's
  // at 7 - 4 = 3; gone on frame 3: an empty key.
  CHECK(keys(1) == nlohmann::json::parse(R"([
    {"frame": 0, "bounds": {"x": 4, "y": 2, "w": 1, "h": 1}, "pivot": {"x": 0, "y": 0}},
    {"frame": 2, "bounds": {"x": 3, "y": 2, "w": 1, "h": 1}, "pivot": {"x": 0, "y": 0}},
    {"frame": 3, "bounds": {"x": 0, "y": 0, "w": 0, "h": 0}}])"));
  CHECK(slices[2]["name"] == "hit");
  CHECK(keys(2) == nlohmann::json::parse(R"([
    {"frame": 1, "bounds": {"x": 5, "y": 0, "w": 2, "h": 2}},
    {"frame": 2, "bounds": {"x": 0, "y": 0, "w": 0, "h": 0}},
    {"frame": 3, "bounds": {"x": 0, "y": 0, "w": 2, "h": 2}},
    {"frame": 4, "bounds": {"x": 0, "y": 0, "w": 0, "h": 0}}])"));
  // The box hurt with the point hurt as its pivot, relative to the bounds: (2,3) - (1,1);
  // mirrored (5,3) - (3,1).
  CHECK(slices[3]["name"] == "hurt");
  CHECK(keys(3) == nlohmann::json::parse(R"([
    {"frame": 0, "bounds": {"x": 1, "y": 1, "w": 4, "h": 3}, "pivot": {"x": 1, "y": 2}},
    {"frame": 2, "bounds": {"x": 3, "y": 1, "w": 4, "h": 3}, "pivot": {"x": 2, "y": 2}},
    {"frame": 3, "bounds": {"x": 0, "y": 0, "w": 0, "h": 0}}])"));
}

TEST_CASE("spine: boxes and points as custom values, y up like the origin") {
  auto p = make(true);
  auto e = run(*p, "spine", "x.atlas");
  const std::string atlas = text(e->files[0]);
  // a: 8x6 untrimmed; origin (2,3) -> 2, 6 - 3; box hurt rows 1..3 -> bottom 6 - 1 - 3 = 2;
  // point hand (4,2) -> 4, 6 - 2; point hurt (2,3) -> 2, 6 - 3.
  CHECK(atlas.find("origin:2,3\nbox.hurt:1,2,4,3\npoint.hand:4,4\npoint.hurt:2,3\nb\n") !=
        std::string::npos);
  // The only warning: W0707 (the actions are left out).
  REQUIRE(e->sink.diagnostics().size() == 1);
  CHECK(e->sink.diagnostics()[0].code == diag::Code::kExportActions);
}

TEST_CASE("W0709: a format without a place for boxes and points names what has them") {
  auto p = make(true);
  for (const char* format : {"godot3", "godot4"}) {
    auto e = run(*p, format, "x.tres");
    std::vector<std::string> w0709;
    for (const diag::Diagnostic& d : e->sink.diagnostics())
      if (d.code == diag::Code::kExportGeometry) w0709.push_back(d.message);
    REQUIRE(w0709.size() == 1);
    CHECK(w0709[0] ==
          std::string(format) + " cannot carry boxes and points; left out of: 'hit' (1 action)");
  }
  auto legacy = run(*p, "libgdx-legacy", "x.atlas");
  bool named = false;
  for (const diag::Diagnostic& d : legacy->sink.diagnostics())
    named = named || (d.code == diag::Code::kExportGeometry &&
                      d.message.find("frames 'a' (1 frame;") != std::string::npos);
  CHECK(named);
  // Without geometry: no W0709 anywhere.
  auto q = make(false);
  for (const char* format : {"godot3", "libgdx-legacy", "spine", "phaser"}) {
    auto e = run(*q, format, "x.out");
    for (const diag::Diagnostic& d : e->sink.diagnostics())
      CHECK(d.code != diag::Code::kExportGeometry);
  }
}

TEST_CASE("spine leaves out a name a custom value cannot hold, with W0709") {
  format::PackModel m = fixture(true);
  m.frames[0].shapes.push_back(box("a:b", 0, 0, 1, 1));
  m.frames[0].shapes.push_back(point("end ", 0, 0));
  auto p = std::make_unique<Pack>();
  auto written = format::write_spk(m);
  REQUIRE(written.ok());
  p->bytes = std::move(written.value);
  REQUIRE(runtime::parse_pack(p->bytes.data(), p->bytes.size(), p->view).ok());
  p->pages = {image::Image(16, 8)};
  auto e = run(*p, "spine", "x.atlas");
  const std::string atlas = text(e->files[0]);
  CHECK(atlas.find("a:b") == std::string::npos);
  CHECK(atlas.find("end ") == std::string::npos);
  bool warned = false;
  for (const diag::Diagnostic& d : e->sink.diagnostics())
    warned = warned || (d.code == diag::Code::kExportGeometry &&
                        d.message.find("'a:b' and 1 more are left out") != std::string::npos);
  CHECK(warned);
}

TEST_CASE("aseprite-json leaves out boxes and points named origin, with W0709") {
  format::PackModel m = fixture(true);
  m.frames[0].shapes.push_back(box("origin", 0, 0, 1, 1));
  auto p = std::make_unique<Pack>();
  auto written = format::write_spk(m);
  REQUIRE(written.ok());
  p->bytes = std::move(written.value);
  REQUIRE(runtime::parse_pack(p->bytes.data(), p->bytes.size(), p->view).ok());
  p->pages = {image::Image(16, 8)};
  auto e = run(*p, "aseprite-json", "x.json");
  const nlohmann::json doc = nlohmann::json::parse(text(e->files[0]));
  std::vector<std::string> names;
  for (const auto& s : doc["meta"]["slices"])
    names.push_back(s["name"]);
  // One origin slice (the origins'), then hand, hit, hurt as before.
  CHECK(names == std::vector<std::string>{"origin", "hand", "hit", "hurt"});
  REQUIRE(e->sink.diagnostics().size() == 1);
  CHECK(e->sink.diagnostics()[0].code == diag::Code::kExportGeometry);
}

}  // namespace geometry_test
