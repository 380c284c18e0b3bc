// Scene contacts and the boxes and points of trace lines (docs/scenes.md, "Contacts"), with
// every expected tick and coordinate worked out by hand below.
#include <catch2/catch.hpp>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "packs_fixtures.hpp"

using namespace sim_test;

namespace {

// Pack "k": frame f/0 (8x8, origin (4, 7)) with hurt [0, 0, 8, 8] and point hand [6, 3].
// In world coordinates an actor at (x, y) has hurt [x - 4, x + 4) x [y - 7, y + 1) and
// hand at (x + 2, y - 4).
// - stand: f/0, one step.
// - swing: loop of three 2-tick steps on f/0; the middle one adds hit [8, 0, 4, 2]: world
//   [x + 4, x + 8) x [y - 7, y - 5). Step 1 is shown on ticks 2-3, 8-9, 14-15… (entered
//   when step 0's 2 ticks run out at tick 2, and every 6 ticks after).
format::PackModel contact_model() {
  format::PackModel m = base_model(1);
  m.frames[0].shapes = {spritec::test::box("hurt", 0, 0, 8, 8), spritec::test::point("hand", 6, 3)};
  format::ActionModel stand;
  stand.name = "stand";
  stand.steps = {{step("f/0", 1)}};
  format::ActionModel swing;
  swing.name = "swing";
  format::StepModel strike = step("f/0", 2);
  strike.shapes = {spritec::test::box("hit", 8, 0, 4, 2)};
  swing.steps = {{step("f/0", 2), strike, step("f/0", 2)}};
  m.actions = {stand, swing};
  return m;
}

// a swings at (0, 0): its hit is [4, 8) x [-7, -5) on ticks 2-3, 8-9, 14-15. b stands at
// (9, 0): hurt [5, 13) x [-7, 1); c at (10, 0): hurt [6, 14) x [-7, 1). Both overlap a's
// hit (x from 5 and 6 to 8, rows -7..-6), so `struck` starts on ticks 2, 8 and 14 (on 3, 9
// and 15 the overlap goes on; on 4 it ended), with two contacts each time. b's and c's hurt
// boxes overlap each other from tick 0 and never stop: `bump` on tick 0 only, both ways.
// a's hurt [-4, 4) touches b's and c's nowhere.
const std::string kScene =
    "packs: {k: k.spk}\n"
    "contacts:\n"
    "  - {box: hit, against: hurt, event: struck}\n"
    "  - {box: hurt, against: hurt, event: bump}\n"
    "actors:\n"
    "  - {name: a, pack: k, action: swing, at: [0, 0]}\n"
    "  - {name: b, pack: k, action: stand, at: [9, 0]}\n"
    "  - {name: c, pack: k, action: stand, at: [10, 0]}\n"
    "script:\n"
    "  - wait: 16\n";

Run run_contacts(const std::string& text) {
  diag::Sink sink;
  auto scene = sim::parse_scene(text, "test.scene.yaml", ".", sink);
  INFO(describe(sink));
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"k", contact_model()}}), sink);
  REQUIRE(packs);
  auto simulation = sim::Simulation::create(*scene, *packs, sink);
  REQUIRE(simulation);
  Run run;
  do {
    REQUIRE(simulation->step());
    for (const sim::ActorSnapshot& a : simulation->actors())
      run.lines.push_back(Line{simulation->tick(), a});
  } while (!simulation->finished());
  std::ostringstream trace;
  auto summary = sim::run_scene(*scene, *packs, sim::RunOptions{}, &trace, sink);
  REQUIRE(summary);
  run.summary = *summary;
  run.trace = trace.str();
  return run;
}

using Contacts = std::vector<std::pair<std::string, std::string>>;

}  // namespace

TEST_CASE("a contact starts when boxes begin to overlap, and again after they part", "[contacts]") {
  const Run run = run_contacts(kScene);
  const auto a = run.of("a");
  for (const auto& [tick, line] : a) {
    INFO("tick " << tick);
    const bool starts = tick == 2 || tick == 8 || tick == 14;
    CHECK(line.events ==
          (starts ? std::vector<std::string>{"struck"} : std::vector<std::string>{}));
    CHECK(line.contacts == (starts ? Contacts{{"struck", "b"}, {"struck", "c"}} : Contacts{}));
  }
  // bump: on tick 0 every overlap starts; b's and c's never part.
  for (const char* name : {"b", "c"}) {
    for (const auto& [tick, line] : run.of(name)) {
      INFO(name << " tick " << tick);
      const Contacts bump = {{"bump", name == std::string("b") ? "c" : "b"}};
      CHECK(line.contacts == (tick == 0 ? bump : Contacts{}));
      CHECK(line.events ==
            (tick == 0 ? std::vector<std::string>{"bump"} : std::vector<std::string>{}));
    }
  }
  // The summary counts them as events: struck 3 times (once per tick, however many struck),
  // bump twice.
  REQUIRE(run.summary.top_events.size() == 2);
  CHECK(run.summary.top_events[0] == sim::RunSummary::Count{"struck", 3});
  CHECK(run.summary.top_events[1] == sim::RunSummary::Count{"bump", 2});
}

TEST_CASE("trace lines give the step's boxes and points in world coordinates", "[contacts]") {
  const Run run = run_contacts(kScene);
  std::istringstream lines(run.trace);
  std::string line;
  std::map<std::string, std::string> seen;  // "tick actor" -> line
  while (std::getline(lines, line)) {
    const auto tick = line.substr(8, line.find(',') - 8);
    const auto at = line.find("\"actor\":\"") + 9;
    seen[tick + " " + line.substr(at, line.find('"', at) - at)] = line;
  }
  // a at (0, 0) on tick 2: hit [4, -7, 4, 2], hurt [-4, -7, 8, 8], hand (2, -4); events and
  // contacts as above.
  CHECK(seen.at("2 a") ==
        "{\"tick\":2,\"actor\":\"a\",\"action\":\"swing\",\"step\":1,\"view\":0,\"frame\":\"f/0\","
        "\"flip\":\"\",\"x\":0,\"y\":0,\"events\":[\"struck\"],\"boxes\":{\"hit\":[4,-7,4,2],"
        "\"hurt\":[-4,-7,8,8]},\"points\":{\"hand\":[2,-4]},\"contacts\":[[\"struck\",\"b\"],"
        "[\"struck\",\"c\"]]}");
  // b at (9, 0) on tick 1: hurt [5, -7, 8, 8], hand (11, -4); nothing started.
  CHECK(seen.at("1 b") ==
        "{\"tick\":1,\"actor\":\"b\",\"action\":\"stand\",\"step\":0,\"view\":0,\"frame\":\"f/0\","
        "\"flip\":\"\",\"x\":9,\"y\":0,\"events\":[],\"boxes\":{\"hurt\":[5,-7,8,8]},"
        "\"points\":{\"hand\":[11,-4]}}");
  // The lines from the actors' snapshots are the same bytes.
  std::ostringstream from_snapshots;
  for (const Line& l : run.lines)
    sim::write_trace_line(from_snapshots, l.tick, l.actor);
  CHECK(from_snapshots.str() == run.trace);
}

TEST_CASE("fractional positions are kept, and a rule no pack can meet warns", "[contacts]") {
  const std::string text =
      "packs: {k: k.spk}\n"
      "contacts: [{box: sword, against: hurt, event: cut}]\n"
      "actors:\n"
      "  - {name: a, pack: k, action: stand, at: [0.25, 10.5]}\n"
      "script:\n"
      "  - wait: 1\n";
  diag::Sink sink;
  auto scene = sim::parse_scene(text, "test.scene.yaml", ".", sink);
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"k", contact_model()}}), sink);
  REQUIRE(packs);
  auto simulation = sim::Simulation::create(*scene, *packs, sink);
  REQUIRE(simulation);
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(sink.diagnostics()[0].code == diag::Code::kContactUnknownBox);
  CHECK(sink.diagnostics()[0].span.line == 2);
  REQUIRE(simulation->step());
  const sim::ActorSnapshot& a = simulation->actors().at(0);
  REQUIRE(a.shapes.size() == 2);
  CHECK(a.shapes[0].name == "hurt");
  CHECK(a.shapes[0].x == -3.75);  // 0.25 - 4
  CHECK(a.shapes[0].y == 3.5);    // 10.5 - 7
  CHECK(a.shapes[1].name == "hand");
  CHECK(a.shapes[1].x == 2.25);
  CHECK(a.shapes[1].y == 6.5);
}
