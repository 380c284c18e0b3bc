// Layered actors in scenes (docs/scenes.md, "Layered actors"): every slot and piece a scene
// puts together is checked before the run, at the scene's own node; equipping and
// unequipping change what is drawn, never the clock. Expected lines worked out by hand.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "packs_fixtures.hpp"
#include "spritec/diag/render.hpp"
#include "spritec/runtime/player.hpp"

using namespace sim_test;

namespace {

// "body": a master of slots hat and cape, one view drawing self, hat, cape; walk loops two
// 3-tick steps (f/0, f/1). Pieces "hat" and "cape" fill their slots with walk on f/2 and
// f/3 (cape flipped); "tall" is a hat whose walk has three steps; "plain" is no piece;
// "slow" is a hat whose steps last 4 ticks.
format::PackModel master_model() {
  format::PackModel m = base_model(2);
  format::ActionModel walk;
  walk.name = "walk";
  walk.steps = {{step("f/0", 3), step("f/1", 3)}};
  m.actions = {walk};
  m.layers.slots = {"hat", "cape"};
  m.layers.order = {{"self", "hat", "cape"}};
  return m;
}

format::PackModel piece_model(const std::string& slot, int steps, std::uint32_t ticks = 3) {
  format::PackModel m = base_model(4);
  format::ActionModel walk;
  walk.name = "walk";
  walk.steps.emplace_back();
  for (int s = 0; s < steps; ++s)
    walk.steps[0].push_back(step(slot == "cape" ? "f/3" : "f/2", ticks, "", 0, 0, slot == "cape"));
  m.actions = {walk};
  m.layers.slot = slot;
  return m;
}

const std::map<std::string, format::PackModel>& models() {
  static const std::map<std::string, format::PackModel> m = {
      {"body", master_model()},         {"hat", piece_model("hat", 2)},
      {"cape", piece_model("cape", 2)}, {"tall", piece_model("hat", 3)},
      {"plain", base_model(1)},         {"slow", piece_model("hat", 2, 4)}};
  return m;
}

const std::string kPacks =
    "packs: {body: b.spk, hat: h.spk, cape: c.spk, tall: t.spk, plain: p.spk, slow: s.spk}\n";

// The diagnostics of creating the scene's Simulation ("LINE:COL CODE" each), and whether it
// was created.
std::vector<std::string> problems(const std::string& text, bool* created = nullptr) {
  diag::Sink sink;
  auto scene = sim::parse_scene(kPacks + text, "t.scene.yaml", ".", sink);
  INFO(describe(sink));
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for(models()), sink);
  REQUIRE(packs);
  auto simulation = sim::Simulation::create(*scene, *packs, sink);
  if (created) *created = simulation.has_value();
  std::vector<std::string> out;
  for (const diag::Diagnostic& d : sink.diagnostics())
    out.push_back(std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + " " +
                  std::string(diag::code_id(d.code)));
  return out;
}

}  // namespace

TEST_CASE("a scene's slots and pieces are checked at its own nodes", "[layers]") {
  bool created = true;
  SECTION("a slot the master lacks, and one on an actor that is no layered master") {
    CHECK(problems("actors:\n"
                   "  - {name: k, pack: body, action: walk, layers: {hta: hat}}\n"
                   "  - {name: p, pack: hat, action: walk, layers: {hat: hat}}\n",
                   &created) == std::vector<std::string>{"3:50 E0255", "4:49 E0255"});
    CHECK_FALSE(created);
  }
  SECTION("a pack that fills another slot, and one that is no piece") {
    CHECK(problems("actors:\n"
                   "  - {name: k, pack: body, action: walk, layers: {cape: hat}}\n"
                   "script:\n"
                   "  - {actor: k, equip: {hat: plain}}\n",
                   &created) == std::vector<std::string>{"3:56 E0255", "5:29 E0255"});
    CHECK_FALSE(created);
  }
  SECTION("a piece that does not fit, at the equip that puts it on; unequip's slot too") {
    CHECK(problems("actors:\n"
                   "  - {name: k, pack: body, action: walk}\n"
                   "script:\n"
                   "  - {actor: k, equip: {hat: tall}, unequip: [coat]}\n",
                   &created) == std::vector<std::string>{"5:46 E0255", "5:29 E0254"});
    CHECK_FALSE(created);
  }
  SECTION("other durations: one warning per pair, and the scene runs") {
    CHECK(problems("actors:\n"
                   "  - {name: k, pack: body, action: walk, layers: {hat: slow}}\n"
                   "  - {name: l, pack: body, action: walk, layers: {hat: slow}}\n",
                   &created) == std::vector<std::string>{"3:55 W0250"});
    CHECK(created);
  }
}

TEST_CASE("equip and unequip change the layers on their tick, never the step", "[layers]") {
  // walk: f/0 on ticks 0-2, f/1 on 3-5, f/0 on 6-8 … The hat goes on at tick 2 (mid-step),
  // the cape at 4 and the hat comes off at 7.
  Run run = run_text_with(kPacks +
                              "actors:\n"
                              "  - {name: k, pack: body, action: walk}\n"
                              "script:\n"
                              "  - wait: 2\n"
                              "  - {actor: k, equip: {hat: hat}}\n"
                              "  - wait: 2\n"
                              "  - {actor: k, equip: {cape: cape}}\n"
                              "  - wait: 3\n"
                              "  - {actor: k, unequip: [hat]}\n"
                              "  - wait: 1\n",
                          loader_for(models()));
  auto layers = [&](int tick) {
    std::string out;
    for (const sim::LayerSnapshot& l : run.lines[std::size_t(tick)].actor.layers)
      out += (out.empty() ? "" : " ") + l.slot + ":" + l.frame_name + runtime::flip_name(l.flip);
    return out;
  };
  REQUIRE(run.lines.size() == 9);
  const std::vector<std::uint32_t> steps = {0, 0, 0, 1, 1, 1, 0, 0, 0};
  for (int t = 0; t < 9; ++t) {
    INFO("tick " << t);
    CHECK(run.lines[std::size_t(t)].actor.step == steps[std::size_t(t)]);
    CHECK(run.lines[std::size_t(t)].actor.layered);
  }
  CHECK(layers(1) == "self:f/0");
  CHECK(layers(2) == "self:f/0 hat:f/2");
  CHECK(layers(4) == "self:f/1 hat:f/2 cape:f/3x");
  CHECK(layers(7) == "self:f/0 cape:f/3x");
  CHECK(run.trace.find(
            "{\"tick\":4,\"actor\":\"k\",\"action\":\"walk\",\"step\":1,\"view\":0,"
            "\"frame\":\"f/1\",\"flip\":\"\",\"x\":0,\"y\":0,\"events\":[],\"layers\":"
            "[[\"self\",\"f/1\",\"\"],[\"hat\",\"f/2\",\"\"],[\"cape\",\"f/3\",\"x\"]]}") !=
        std::string::npos);
}
