// inspect --json has exactly the shape DESIGN.md section 5 fixes; values worked out by hand
// from sample_model().
#include <catch2/catch.hpp>

#include "../runtime/pack_fixtures.hpp"
#include "spritec/format/inspect.hpp"

using namespace spritec;
using namespace spritec::test;
using nlohmann::json;

TEST_CASE("inspect --json shows the pack as DESIGN.md section 5 describes", "[inspect]") {
  const std::vector<std::uint8_t> bytes = write_or_fail(sample_model());
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  const json doc = format::inspect_json(v);

  CHECK(doc["format_version"] == json::array({1, 0}));
  CHECK(doc["tick_rate"] == 30);
  CHECK(doc["pages"] == json::parse(R"([{"width":64,"height":32},{"width":16,"height":16}])"));
  REQUIRE(doc["frames"].size() == 5);
  // body/2: rectangle (26,4,7,9) in page 0; origin as written (-5,40) relative to the
  // untrimmed 16x16 frame; the trimmed rectangle starts at (9,7) inside it.
  CHECK(doc["frames"][2] == json::parse(R"({"name":"body/2","page":0,"x":26,"y":4,"w":7,"h":9,
      "origin":[-5,40],"source_size":[16,16],"trim":[9,7]})"));
  REQUIRE(doc["actions"].size() == 4);
  CHECK(doc["actions"][0] == json::parse(R"({"name":"walk","views":2,"first_view":0,
      "mode":"loop","loop_from":1,"repeat":0,"then":"hold","reverse":false,
      "steps":[[{"frame":"body/0","ticks":3,"flip":"","event":null,"move":[0,0]},
                {"frame":"body/1","ticks":3,"flip":"","event":null,"move":[2,0]}],
               [{"frame":"body/0","ticks":3,"flip":"x","event":null,"move":[0,0]},
                {"frame":"body/1","ticks":3,"flip":"x","event":null,"move":[-2,0]}]],
      "transitions":[{"to":"idle","when":[],"unless":["move"],"immediate":false},
                     {"to":"attack","when":["fire","move"],"unless":[],"immediate":true}]})"));
  CHECK(doc["actions"][1]["mode"] == "pingpong");
  CHECK(doc["actions"][1]["first_view"] == 90);
  CHECK(doc["actions"][1]["steps"][0][2]["frame"] == nullptr);  // a blank step
  CHECK(doc["actions"][2]["then"] == "idle");
  CHECK(doc["actions"][2]["mode"] == "once");
  CHECK(doc["actions"][2]["steps"][0][1] ==
        json::parse(R"({"frame":"fx/spark","ticks":5,"flip":"y","event":"hit","move":[1,-1]})"));
  CHECK(doc["actions"][3]["then"] == "destroy");
  CHECK(doc["actions"][3]["reverse"] == true);
  CHECK(doc["actions"][3]["repeat"] == 2);
  CHECK(doc["actions"][3]["steps"][0][0]["flip"] == "xy");
  CHECK(doc["actions"][3]["steps"][0][0]["event"] == "flash");
  // No key beyond the fixed shape.
  for (const auto& key :
       {"format_version", "tick_rate", "page_alpha", "bled", "pages", "frames", "actions"}) {
    CHECK(doc.contains(key));
  }
  CHECK(doc.size() == 7);
  CHECK(doc["page_alpha"] == "straight");  // no ALPH section: a 1.0 pack
  CHECK(doc["bled"] == false);
  CHECK(doc["frames"][0].size() == 9);
  CHECK(doc["actions"][0].size() == 10);
}

TEST_CASE("inspect's text summary names the pages and actions", "[inspect]") {
  const std::vector<std::uint8_t> bytes = write_or_fail(sample_model());
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  const std::string text = format::inspect_text(v);
  CHECK(text.find("format 1.0, tick rate 30") != std::string::npos);
  CHECK(text.find("2 pages, 5 frames, 4 actions, 12 steps, 3 transitions, 2 inputs, 2 events") !=
        std::string::npos);
  CHECK(text.find("page 0: 64x32 RGBA8, embedded PNG (37 bytes)") != std::string::npos);
  CHECK(text.find("page 1: 16x16 RGBA8, file sample-1.png") != std::string::npos);
  CHECK(text.find(
            "action boom: 1 view from 0 deg, 3 steps, pingpong, reverse, repeat 2, then destroy") !=
        std::string::npos);
  CHECK(text.find("inputs: fire move") != std::string::npos);
}

TEST_CASE("inspect shows premultiplied and bled pages, in text and JSON", "[inspect]") {
  PackModel m = sample_model();
  m.premultiplied = true;
  m.bled = true;
  const std::vector<std::uint8_t> bytes = write_or_fail(m);
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  const std::string text = format::inspect_text(v);
  CHECK(text.find("format 1.1, tick rate 30") != std::string::npos);
  CHECK(text.find("page 0: 64x32 RGBA8 (premultiplied alpha, bled), embedded PNG (37 bytes)") !=
        std::string::npos);
  CHECK(text.find("page 1: 16x16 RGBA8 (premultiplied alpha, bled), file sample-1.png") !=
        std::string::npos);
  const auto doc = format::inspect_json(v);
  CHECK(doc["format_version"] == nlohmann::ordered_json::array({1, 1}));
  CHECK(doc["page_alpha"] == "premultiplied");
  CHECK(doc["bled"] == true);

  m.premultiplied = false;  // bled only: straight alpha, said so
  const std::vector<std::uint8_t> bled = write_or_fail(m);
  REQUIRE(parse(bled, v).ok());
  CHECK(format::inspect_text(v).find("page 0: 64x32 RGBA8 (straight alpha, bled), embedded") !=
        std::string::npos);
  CHECK(format::inspect_json(v)["page_alpha"] == "straight");
}
