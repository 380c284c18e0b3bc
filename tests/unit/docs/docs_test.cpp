// The user docs cannot drift from the schemas: every property name of
// schemas/sprites.schema.json must be named in docs/definitions.md, and every property
// name of schemas/scene.schema.json in docs/scenes.md, as a backquoted name (`loop_from`).
// A key added to a schema without a word in the docs fails here.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Every key of every "properties" object anywhere in the schema: at the top, nested in
// objects, in array items, in anyOf branches, in additionalProperties and in definitions.
void collect_properties(const nlohmann::json& node, std::set<std::string>& out) {
  if (node.is_object()) {
    const auto props = node.find("properties");
    if (props != node.end() && props->is_object()) {
      for (const auto& entry : props->items())
        out.insert(entry.key());
    }
    for (const auto& entry : node.items())
      collect_properties(entry.value(), out);
  } else if (node.is_array()) {
    for (const auto& item : node)
      collect_properties(item, out);
  }
}

std::set<std::string> schema_properties(const std::string& schema_path) {
  const nlohmann::json schema = nlohmann::json::parse(read_text(schema_path));
  std::set<std::string> names;
  collect_properties(schema, names);
  return names;
}

// The names that `doc` never writes as `name` (backquoted on their own).
std::set<std::string> missing_from(const std::set<std::string>& names, const std::string& doc) {
  std::set<std::string> missing;
  for (const std::string& name : names) {
    if (doc.find("`" + name + "`") == std::string::npos) missing.insert(name);
  }
  return missing;
}

std::string joined(const std::set<std::string>& names) {
  std::string out;
  for (const std::string& n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

TEST_CASE("the property collector finds keys at every level of a schema") {
  // A miniature schema with a key at each kind of place the real ones use.
  const nlohmann::json schema = nlohmann::json::parse(R"({
    "properties": {"top": {"type": "object", "properties": {"nested": {}}}},
    "definitions": {
      "item": {"anyOf": [{"type": "string"}, {"properties": {"in_any_of": {}}}]},
      "map": {"additionalProperties": {"properties": {"in_additional": {}}}},
      "list": {"items": {"properties": {"in_items": {}}}}
    }
  })");
  std::set<std::string> names;
  collect_properties(schema, names);
  CHECK(names == std::set<std::string>{"top", "nested", "in_any_of", "in_additional", "in_items"});
}

TEST_CASE("a name counts as documented only when it is backquoted on its own") {
  const std::set<std::string> names{"loop_from", "pack", "ms"};
  // `loop_from` is there; "pack" only as plain text; `ms` only inside a longer code span.
  const std::string doc = "Use `loop_from` to loop the tail. The pack is named. Write `ms: 50`.";
  CHECK(missing_from(names, doc) == std::set<std::string>{"ms", "pack"});
}

TEST_CASE("every key of the definition schema is explained in docs/definitions.md") {
  const std::set<std::string> names =
      schema_properties(SPRITEC_SOURCE_DIR "/schemas/sprites.schema.json");
  // Counted by hand from the schema: top level 6 (pack, tick_rate, atlas, variants, sheets,
  // actions); atlas 9 (png, bleed, premultiply too); sheet 7 (name, image, files, origin, colorkey,
  // grid, frames); grid 4 more (cell, offset, spacing, count; origin again); a frames entry 1 more
  // (rect); step 6 (frame, ticks, ms, flip, event, move); transition 4 (to, when, unless,
  // immediate); action 8 more (views, first_view, mode, loop_from, repeat, then, reverse,
  // transitions; ticks, ms and frames again); a mirrored view 1 (mirror); sheet detection
  // 2 (detect, detect_gap); Aseprite sources 7 (aseprite, layers, aseprite_json, tags;
  // origin's slice; a tag view's tag and sheet: slice, tag, sheet); a variant 3 (scale,
  // suffix, filter); TexturePacker sources 1 (texturepacker_json);
  // a Flare source 2 (flare, projection); boxes and points 3 (boxes, points on sheets, frames
  // entries and steps; geometry on sheets); Aseprite slices as boxes 1 (slices); layered
  // actors 3 (slot; a master's slots and order; layers again).
  // 6+9+7+4+1+6+4+8+1+2+7+3+1+2+3+1+3 = 68 distinct names.
  CHECK(names.size() == 68);
  CHECK(names.count("loop_from") == 1);  // inside definitions/action
  CHECK(names.count("rect") == 1);       // inside frames' additionalProperties
  CHECK(names.count("immediate") == 1);  // inside definitions/transition

  const std::set<std::string> missing =
      missing_from(names, read_text(SPRITEC_SOURCE_DIR "/docs/definitions.md"));
  INFO("keys of sprites.schema.json not named in docs/definitions.md: " << joined(missing));
  CHECK(missing.empty());
}

TEST_CASE("every key of the scene schema is explained in docs/scenes.md") {
  const std::set<std::string> names =
      schema_properties(SPRITEC_SOURCE_DIR "/schemas/scene.schema.json");
  // Counted by hand: top level 6 (stage, fps, speed, packs, actors, script); stage 2
  // (size, background); actor 5 more (name, pack, action, at, angle; speed again);
  // script item 12 more (wait, together, actor, restart, until, press, release, move_to,
  // move_by, over, spawn, despawn; action, angle, speed, background again); contacts 4
  // (contacts, box, against, event); layered actors 3 (an actor's layers, an item's equip and
  // unequip). 32 names.
  CHECK(names.size() == 32);
  CHECK(names.count("move_by") == 1);  // inside definitions/item
  CHECK(names.count("at") == 1);       // inside definitions/actor

  const std::set<std::string> missing =
      missing_from(names, read_text(SPRITEC_SOURCE_DIR "/docs/scenes.md"));
  INFO("keys of scene.schema.json not named in docs/scenes.md: " << joined(missing));
  CHECK(missing.empty());
}
