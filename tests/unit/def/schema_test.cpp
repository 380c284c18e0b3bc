#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "spritec/def/definition.hpp"
#include "spritec/yaml/schema.hpp"

using spritec::def::sprites_schema;
using spritec::diag::Code;
using spritec::diag::Sink;
using spritec::yaml::parse_yaml;
using spritec::yaml::validate_schema;

namespace {

// Every property of every object schema has a description (editor hover help), and
// every object schema with properties closes itself with additionalProperties: false.
void check_documented(const nlohmann::json& s, const std::string& where) {
  if (s.is_array()) {
    for (std::size_t i = 0; i < s.size(); ++i)
      check_documented(s[i], where + "/" + std::to_string(i));
    return;
  }
  if (!s.is_object()) return;
  if (s.contains("properties")) {
    INFO(where);
    CHECK(s.value("additionalProperties", nlohmann::json(true)) == nlohmann::json(false));
    for (auto it = s["properties"].begin(); it != s["properties"].end(); ++it) {
      INFO(where + "/properties/" + it.key());
      CHECK(it.value().contains("description"));
    }
  }
  for (auto it = s.begin(); it != s.end(); ++it)
    check_documented(it.value(), where + "/" + it.key());
}

bool validate(const std::string& yaml, const std::string& schema, Sink& sink) {
  auto doc = parse_yaml(yaml, "t.yaml", sink);
  REQUIRE(doc);
  return validate_schema(*doc, schema, sink);
}

const char* kSmallSchema = R"({
  "type": "object", "additionalProperties": false, "required": ["name"],
  "properties": {
    "name": {"description": "n", "type": "string"},
    "size": {"description": "s", "type": "array", "items": {"type": "integer", "minimum": 1},
             "minItems": 2, "maxItems": 2},
    "mode": {"description": "m", "type": "string", "enum": ["loop", "once"]},
    "steps": {"description": "st", "type": "array",
              "items": {"anyOf": [{"type": "string"}, {"type": "null"},
                                  {"type": "object", "additionalProperties": false,
                                   "properties": {"frame": {"description": "f", "type": "string"}}}]}}
  }
})";

}  // namespace

TEST_CASE("the embedded sprites schema is draft-7 JSON with a description on every property") {
  const auto schema = nlohmann::json::parse(sprites_schema());
  CHECK(schema["$schema"] == "http://json-schema.org/draft-07/schema#");
  check_documented(schema, "#");
}

TEST_CASE("the embedded schema is the file in schemas/") {
  std::ifstream in(SPRITEC_SOURCE_DIR "/schemas/sprites.schema.json", std::ios::binary);
  REQUIRE(in);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text == std::string(sprites_schema()));
}

TEST_CASE("an unknown key is reported at the key with a suggestion") {
  Sink sink;
  // "size: [1, 2]\nnmae: x": nmae is at 2:1; "name" is 2 edits away (a swap), and it is
  // also missing, which is reported at the root mapping (1:1).
  CHECK_FALSE(validate("size: [1, 2]\nnmae: x\n", kSmallSchema, sink));
  REQUIRE(sink.diagnostics().size() == 2);
  const auto& unknown = sink.diagnostics()[0];
  CHECK(unknown.code == Code::kUnknownKey);
  CHECK(unknown.span.line == 2);
  CHECK(unknown.span.column == 1);
  CHECK(unknown.message == "unknown key 'nmae' (did you mean 'name'?)");
  const auto& missing = sink.diagnostics()[1];
  CHECK(missing.code == Code::kMissingKey);
  CHECK(missing.span.line == 1);
  CHECK(missing.span.column == 1);
  CHECK(missing.message == "missing required key 'name'");
}

TEST_CASE("wrong types, enums, ranges and item counts get their own codes") {
  Sink sink;
  // name: 5 is an integer (2:7); mode: bounce is not in the enum (3:7);
  // size: [0, 2] breaks minimum 1 at its first item (1:8); steps item 1 is a list (4:12).
  CHECK_FALSE(validate("size: [0, 2]\nname: 5\nmode: bounce\nsteps: [a, [b], ~, {frame: c}]\n",
                       kSmallSchema, sink));
  REQUIRE(sink.diagnostics().size() == 4);
  const auto& d = sink.diagnostics();
  CHECK(d[0].code == Code::kSchema);
  CHECK((d[0].span.line == 1 && d[0].span.column == 8));
  CHECK(d[1].code == Code::kWrongType);
  CHECK((d[1].span.line == 2 && d[1].span.column == 7));
  CHECK(d[1].message == "name must be a string, got an integer ('5')");
  CHECK(d[2].code == Code::kSchema);
  CHECK((d[2].span.line == 3 && d[2].span.column == 7));
  CHECK(d[3].code == Code::kWrongType);
  CHECK((d[3].span.line == 4 && d[3].span.column == 12));
  CHECK(d[3].message == "steps[1] must be a string, null or a mapping, got a list");
}

TEST_CASE("a list with the wrong number of items is a schema error at the list") {
  Sink sink;
  CHECK_FALSE(validate("name: a\nsize: [1, 2, 3]\n", kSmallSchema, sink));
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == Code::kSchema);
  CHECK(sink.diagnostics()[0].span.line == 2);
  CHECK(sink.diagnostics()[0].span.column == 7);
  CHECK(sink.diagnostics()[0].message == "size must have exactly 2 items, got 3");
}

TEST_CASE("a document that fits the schema passes both the walk and valijson") {
  Sink sink;
  CHECK(validate("name: a\nsize: [1, 2]\nmode: once\nsteps: [a, ~, {frame: c}]\n", kSmallSchema,
                 sink));
  CHECK(sink.diagnostics().empty());
}

TEST_CASE("valijson catches what the walk does not model and reports it as a schema error") {
  // uniqueItems is not among the keywords the walk knows; valijson enforces it.
  const char* schema = R"({"type": "object", "properties": {
      "tags": {"description": "t", "type": "array", "uniqueItems": true}},
      "additionalProperties": false})";
  Sink sink;
  CHECK_FALSE(validate("tags: [a, b, a]\n", schema, sink));
  REQUIRE_FALSE(sink.diagnostics().empty());
  CHECK(sink.diagnostics()[0].code == Code::kSchema);
  CHECK(sink.diagnostics()[0].span.line == 1);
}

TEST_CASE("the walk alone decides for the shipped schemas; other keywords bring valijson in") {
  CHECK(spritec::yaml::walk_is_complete(sprites_schema()));
  std::ifstream in(std::string(SPRITEC_SOURCE_DIR) + "/schemas/scene.schema.json");
  const std::string scene((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(spritec::yaml::walk_is_complete(scene));
  // Keywords the walk does not apply exactly as JSON Schema means them.
  for (const char* schema : {
           R"({"type": "object", "properties": {"a": {"pattern": "^x"}}})",
           R"({"oneOf": [{"type": "string"}, {"type": "integer"}]})",
           R"({"type": "string", "minLength": 2})",
           R"({"type": "array", "items": [{"type": "string"}]})",
           R"({"type": "object", "additionalProperties": {"type": "string", "format": "x"}})",
           R"({"$ref": "other.json#/a"})",
       }) {
    INFO(schema);
    CHECK_FALSE(spritec::yaml::walk_is_complete(schema));
  }
  CHECK(spritec::yaml::walk_is_complete(
      R"({"type": "object", "properties": {"a": {"type": "string", "enum": ["x"]}},
          "required": ["a"], "additionalProperties": false})"));
}

TEST_CASE("where the schema has a keyword the walk does not apply, valijson's verdict counts") {
  const std::string schema =
      R"({"type": "object", "properties": {"name": {"type": "string", "pattern": "^[a-z]+$"}}})";
  Sink sink;
  auto doc = parse_yaml("name: Hero\n", "t.yaml", sink);
  REQUIRE(doc);
  CHECK_FALSE(spritec::yaml::valijson_accepts(*doc, schema));
  CHECK_FALSE(validate_schema(*doc, schema, sink));
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == Code::kSchema);
  CHECK(sink.diagnostics()[0].span.line == 1);
  CHECK(sink.diagnostics()[0].span.column == 7);
}

TEST_CASE("valijson accepts every document the walk accepts: the repository's YAML, mutated") {
  // The walk alone decides for the shipped schemas; valijson is its oracle here. Every
  // definition and scene of the repository, and seeded mutations of them (values swapped
  // for others of every type, keys renamed), read as a definition and as a scene.
  namespace fs = std::filesystem;
  const fs::path source = SPRITEC_SOURCE_DIR;
  std::ifstream in(source / "schemas/scene.schema.json");
  const std::string scene_schema((std::istreambuf_iterator<char>(in)),
                                 std::istreambuf_iterator<char>());
  std::vector<std::string> texts;
  for (const char* dir : {"samples", "tests/data", "tests/cli/cases"}) {
    for (const auto& e : fs::recursive_directory_iterator(source / dir)) {
      const std::string name = e.path().filename().string();
      if (e.is_regular_file() && (name.size() > 5 && name.substr(name.size() - 5) == ".yaml")) {
        std::ifstream f(e.path(), std::ios::binary);
        texts.emplace_back((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
      }
    }
  }
  std::sort(texts.begin(), texts.end());
  REQUIRE(texts.size() > 50);
  const std::vector<std::string> values = {
      "1",  "-1",     "0",  "1.5",    "1e400",    "true",    "null", "''",     "x",
      "[]", "[1, 2]", "{}", "{a: 1}", "finished", "nearest", "auto", "[0, 0]", "[1, 2, 3]"};
  std::mt19937 rng(7);
  std::size_t per_text = 12;
  if (const char* more = std::getenv("SPRITEC_MUTATION_ROUNDS")) {  // to search longer by hand
    per_text = static_cast<std::size_t>(std::atoi(more));
    if (const char* seed = std::getenv("SPRITEC_MUTATION_SEED")) rng.seed(std::atoi(seed));
  }
  std::size_t accepted = 0;
  for (std::size_t round = 0; round < texts.size() * per_text; ++round) {
    std::string text = texts[round % texts.size()];
    if (round >= texts.size()) {
      // Replace the value after one ": " with another of a random type.
      for (int k = 0; k < 2; ++k) {
        std::size_t at = text.find(": ", rng() % std::max<std::size_t>(1, text.size()));
        if (at == std::string::npos) break;
        at += 2;
        std::size_t end = text.find_first_of(",}\n", at);
        if (end == std::string::npos) end = text.size();
        text.replace(at, end - at, values[rng() % values.size()]);
      }
    }
    Sink scratch;
    auto doc = parse_yaml(text, "t.yaml", scratch);
    if (!doc) continue;
    for (const std::string_view schema : {sprites_schema(), std::string_view(scene_schema)}) {
      Sink sink;
      if (!validate_schema(*doc, schema, sink)) continue;
      ++accepted;
      INFO(text);
      REQUIRE(spritec::yaml::valijson_accepts(*doc, schema));
    }
  }
  CHECK(accepted > 100);
  WARN("the walk accepted " << accepted << " documents; valijson accepted them all");
}
