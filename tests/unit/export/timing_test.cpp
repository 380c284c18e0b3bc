// Exact timing and --prefix in the flat exports (issue 27; docs/engines.md, "Exact timing"
// and "Two packs in one game"). The engines' arithmetic is re-stated here from their
// sources (Phaser 3.90/4.2.1 AnimationState.update and Animation.getNextTick; PixiJS 8.22
// AnimatedSprite.update and Ticker), not taken from the writers, and the expected numbers
// are what JavaScript (node) prints for the same sums.
#include <catch2/catch.hpp>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pack_in_memory.hpp"
#include "spritec/export/export.hpp"

using namespace spritec;

namespace timing_test {

// One frame "a" (1x1) and an action "count" (loop) of steps of 1 … 13 ticks, at `rate`.
std::unique_ptr<export_test::Pack> make(std::uint32_t rate) {
  format::PackModel m;
  m.tick_rate = rate;
  image::Image page(2, 1);
  page.pixel(0, 0)[3] = 255;
  page.pixel(1, 0)[3] = 255;
  m.pages.push_back({2, 1, image::encode_png(page), ""});
  format::FrameModel a;
  a.name = "a";
  a.w = 1, a.h = 1, a.source_w = 1, a.source_h = 1;
  format::FrameModel b = a;
  b.name = "b";
  b.x = 1;
  m.frames = {a, b};
  format::ActionModel count;
  count.name = "count";
  count.mode = runtime::Mode::kLoop;
  count.views = 1;
  count.steps.resize(1);
  for (std::uint32_t k = 1; k <= 13; ++k) {
    format::StepModel s;
    s.frame = k % 2 ? "a" : "b";
    s.ticks = k;
    count.steps[0].push_back(s);
  }
  m.actions = {count};
  return export_test::pack_in_memory(m, {page});
}

std::vector<exporter::File> run(const export_test::Pack& p, const char* format,
                                const std::string& prefix = "") {
  exporter::Options o;
  o.format = *exporter::parse_format(format);
  o.out_name = "x.json";
  o.stem = "x";
  o.pack_name = "x.spk";
  o.prefix = prefix;
  diag::Sink sink;
  auto files = exporter::export_pack(p.view, p.pages, o, sink);
  REQUIRE(files.has_value());
  return *files;
}

nlohmann::json parse(const exporter::File& f) {
  return nlohmann::json::parse(std::string(f.bytes.begin(), f.bytes.end()));
}

// Phaser stepped `passes` times through an animation's durations at delta = 1000 / rate:
// the number of updates after which each change shows, as AnimationState.update counts
// them (accumulator += delta; when accumulator >= nextTick: next frame, accumulator -=
// nextTick).
std::vector<int> phaser_changes(const std::vector<double>& durations, std::uint32_t rate,
                                int passes) {
  const double delta = 1000.0 / rate;
  double accumulator = 0;
  std::vector<int> at;
  int updates = 0;
  for (int pass = 0; pass < passes; ++pass) {
    for (double d : durations) {
      int n = 0;
      do {
        accumulator += delta;
        ++n, ++updates;
      } while (!(accumulator >= d) && n < 1000);
      accumulator -= d;
      at.push_back(n);
    }
  }
  return at;
}

// The test cases live in the namespace too (a unity build shares a unit with the other
// export tests, whose own make, run … would otherwise make names ambiguous).

TEST_CASE("phaser durations make every change land on its tick at 60, 30, 24 and 12 ticks/s") {
  for (std::uint32_t rate : {60u, 30u, 24u, 12u}) {
    INFO("tick rate " << rate);
    auto p = make(rate);
    const nlohmann::json anims = parse(run(*p, "phaser")[1]);
    std::vector<double> durations;
    for (const auto& f : anims["anims"][0]["frames"])
      durations.push_back(f["duration"].get<double>());
    REQUIRE(durations.size() == 13);
    // Twenty passes of the loop, each frame of k ticks changing after exactly k updates.
    const std::vector<int> at = phaser_changes(durations, rate, 20);
    for (std::size_t i = 0; i < at.size(); ++i)
      CHECK(at[i] == int(i % 13) + 1);
  }
}

TEST_CASE("phaser durations are the sums JavaScript reaches, and as before where those agree") {
  auto p24 = make(24);
  const auto f24 = run(*p24, "phaser")[1];
  const std::string t24(f24.bytes.begin(), f24.bytes.end());
  // node: let s = 0; for (let i = 0; i < 5; ++i) s += 1000 / 24;  -> 208.33333333333331
  CHECK(t24.find("\"duration\": 208.33333333333331") != std::string::npos);
  CHECK(t24.find("\"duration\": 249.99999999999997") != std::string::npos);  // 6 ticks
  CHECK(t24.find("\"duration\": 125\n") != std::string::npos);               // 3 ticks
  // The naive 5 * 1000 / 24 = 208.33333333333334 was late by a tick: not written.
  CHECK(t24.find("208.33333333333334") == std::string::npos);
  auto p60 = make(60);
  const auto f60 = run(*p60, "phaser")[1];
  const std::string t60(f60.bytes.begin(), f60.bytes.end());
  // 1 to 4 ticks at 60/s: the same numbers as ticks * 1000 / 60 gave before.
  for (const char* ms : {"16.666666666666668", "33.333333333333336", "50\n", "66.66666666666667"})
    CHECK(t60.find(std::string("\"duration\": ") + ms) != std::string::npos);
  // 12 ticks: the naive 200 was late (twelve steps sum to 199.99999999999997).
  CHECK(t60.find("\"duration\": 199.99999999999997") != std::string::npos);
  // At 10 ticks/s a step is exact in binary: whole ms, as before.
  auto p10 = make(10);
  const nlohmann::json a10 = parse(run(*p10, "phaser")[1]);
  for (std::size_t i = 0; i < 13; ++i) {
    CHECK(a10["anims"][0]["frames"][i]["duration"].is_number_unsigned());
    CHECK(a10["anims"][0]["frames"][i]["duration"] == 100 * (i + 1));
  }
}

TEST_CASE("pixi rates make every change land on its tick at 60, 30, 24 and 12 ticks/s") {
  for (std::uint32_t rate : {60u, 30u, 24u, 12u}) {
    INFO("tick rate " << rate);
    auto p = make(rate);
    const nlohmann::json doc = parse(run(*p, "pixi")[0]);
    const double fps = doc["meta"]["frameRates"]["count"]["fps"];
    const std::size_t frames = doc["animations"]["count"].size();
    REQUIRE(frames == 91);  // gcd 1: 1 + 2 + … + 13 listed frames, one tick each
    // AnimatedSprite.update: _currentTime += animationSpeed * deltaTime, with animationSpeed
    // = fps / 60 (as docs/engines.md tells the game) and Ticker's deltaTime = deltaMS *
    // 0.06; the frame shown is floor(_currentTime). Stepped at deltaMS = 1000 / rate, the
    // frame after n updates must be n (one listed frame per tick), for 2^20 updates.
    const double speed = fps / 60;
    const double delta_time = (1000.0 / rate) * 0.06;
    double current = 0;
    int wrong = 0;
    for (std::uint32_t n = 1; n <= (1u << 20); ++n) {
      current += speed * delta_time;
      if (std::floor(current) != double(n)) ++wrong;
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE("pixi keeps the plain rate where it is exact and raises it by 2^-26 elsewhere") {
  auto p60 = make(60);
  CHECK(parse(run(*p60, "pixi")[0])["meta"]["frameRates"]["count"]["fps"] == 60.0);
  auto p24 = make(24);
  // node: 24 * (1 + 2 ** -26) -> 24.00000035762787
  CHECK(parse(run(*p24, "pixi")[0])["meta"]["frameRates"]["count"]["fps"] == 24.00000035762787);
}

TEST_CASE("--prefix begins every animation and region name, in every format with names") {
  auto p = make(24);
  const auto phaser = run(*p, "phaser", "hero/");
  const nlohmann::json atlas = parse(phaser[0]), anims = parse(phaser[1]);
  std::vector<std::string> frames;
  for (const auto& page : atlas["textures"])
    for (const auto& f : page["frames"])
      frames.push_back(f["filename"]);
  CHECK(frames == std::vector<std::string>{"hero/a", "hero/b"});
  CHECK(anims["anims"][0]["key"] == "hero/count");
  CHECK(anims["anims"][0]["frames"][0]["frame"] == "hero/a");
  const nlohmann::json pixi = parse(run(*p, "pixi", "hero/")[0]);
  CHECK(pixi["frames"].contains("hero/a"));
  CHECK(pixi["animations"].contains("hero/count"));
  CHECK(pixi["animations"]["hero/count"][0] == "hero/a");
  CHECK(pixi["meta"]["frameRates"].contains("hero/count"));
  const nlohmann::json ase = parse(run(*p, "aseprite-json", "hero/")[0]);
  CHECK(ase["meta"]["frameTags"][0]["name"] == "hero/count");
  const auto godot = run(*p, "godot4", "hero_")[0];
  CHECK(std::string(godot.bytes.begin(), godot.bytes.end()).find("&\"hero_count\"") !=
        std::string::npos);
  const auto spine = run(*p, "spine", "hero.")[0];
  const std::string atlas_text(spine.bytes.begin(), spine.bytes.end());
  CHECK(atlas_text.find("\nhero.a\n") != std::string::npos);
  CHECK(atlas_text.find("\nhero.b\n") != std::string::npos);
  // No prefix: the same bytes as an export that never heard of one.
  CHECK(run(*p, "phaser", "")[1].bytes == run(*p, "phaser")[1].bytes);
}

TEST_CASE("check_prefix refuses what a format cannot hold, saying why") {
  const exporter::Format phaser = *exporter::parse_format("phaser");
  const exporter::Format spine = *exporter::parse_format("spine");
  CHECK(exporter::check_prefix(phaser, "").empty());
  CHECK(exporter::check_prefix(phaser, "hero/").empty());
  CHECK(exporter::check_prefix(phaser, "h:").empty());  // a JSON name may hold ':'
  CHECK(exporter::check_prefix(spine, "h:") != "");
  CHECK(exporter::check_prefix(spine, " h") != "");
  CHECK(exporter::check_prefix(phaser, "a\nb") == "holds a control character");
  CHECK(exporter::check_prefix(phaser, "\xff") == "is not valid UTF-8");
  CHECK(exporter::check_prefix(phaser, std::string(256, 'p')).empty());
  CHECK(exporter::check_prefix(phaser, std::string(257, 'p')) != "");
}

}  // namespace timing_test
