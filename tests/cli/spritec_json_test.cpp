// spritec-json through the CLI (issue 27 item 1): for every sample definition and the engine
// checks' definitions (the Flare-like data, boxes and points, premultiplied pages), the
// document `export --format spritec-json` writes follows schemas/spritec-json.schema.json,
// and read back by a reader written from docs/format.md (spritec_json_model.hpp) it gives
// the built pack again, byte for byte: nothing of any real pack is left out.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "../unit/export/spritec_json_model.hpp"
#include "cli_run.hpp"
#include "schema_errors.hpp"
#include "spritec/format/spk_writer.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;

namespace {

std::vector<fs::path> definitions() {
  std::vector<fs::path> defs = sample_definitions();
  for (const char* extra :
       {"engines/flare/flare.sprites.yaml", "engines/flare/premultiplied.sprites.yaml",
        "engines/geometry/geometry.sprites.yaml"})
    defs.push_back(kTests / "data" / extra);
  std::sort(defs.begin(), defs.end());
  return defs;
}

std::vector<std::uint8_t> bytes_of(const fs::path& p) {
  const std::string text = read_text(p);
  return std::vector<std::uint8_t>(text.begin(), text.end());
}

}  // namespace

TEST_CASE("spritec-json of every sample follows its schema and gives the pack back byte for byte") {
  const std::vector<fs::path> defs = definitions();
  REQUIRE(defs.size() >= 12);
  for (const fs::path& def : this_shard(defs)) {
    const std::string name = def.stem().stem().string();
    INFO(def);
    const fs::path dir = kScratch / "spritec_json" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    Run built = run_spritec({"build", def.filename().string(), "-o", (dir / "p.spk").string()},
                            def.parent_path());
    INFO(built.err);
    REQUIRE(built.exit == 0);
    Run exported = run_spritec(
        {"export", "p.spk", "--format", "spritec-json", "-o", "json/" + name + ".json"}, dir);
    INFO(exported.err);
    REQUIRE(exported.exit == 0);
    CHECK(exported.err.find("warning") == std::string::npos);  // nothing is left out
    const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "json" / (name + ".json")));
    CHECK(schema_errors("spritec-json.schema.json", doc) == "");
    const spritec::format::PackModel back = spritec_json_test::model_of(
        doc, [&](const std::string& file) { return bytes_of(dir / "json" / file); });
    const auto written = spritec::format::write_spk(back);
    INFO(written.error.message);
    REQUIRE(written.ok());
    CHECK(written.value == bytes_of(dir / "p.spk"));
  }
}

TEST_CASE("a spritec-json document that breaks its schema is caught by it") {
  nlohmann::json doc = {{"format", "spritec-json"}, {"version", {1, 0}}};
  CHECK(schema_errors("spritec-json.schema.json", doc) != "");
}
