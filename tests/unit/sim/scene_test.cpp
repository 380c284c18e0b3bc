// Scene files: the model read from YAML, durations, and the diagnostics for what is wrong.
#include <catch2/catch.hpp>

#include <string>

#include "../yaml/yaml_long_keys.hpp"
#include "spritec/sim/scene.hpp"

using spritec::diag::Code;
using spritec::diag::Sink;
using namespace spritec::sim;

namespace {

std::optional<Scene> parse(const std::string& text, Sink& sink) {
  return parse_scene(text, "test.scene.yaml", ".", sink);
}

// The only diagnostic reported must be `code` at line:column.
void require_single(const Sink& sink, Code code, int line, int column) {
  INFO("diagnostics: " << sink.diagnostics().size());
  for (const auto& d : sink.diagnostics()) {
    INFO(d.span.line << ":" << d.span.column << " " << d.message);
    CHECK(true);
  }
  REQUIRE(sink.diagnostics().size() == 1);
  const auto& d = sink.diagnostics()[0];
  INFO(d.message);
  CHECK(d.code == code);
  CHECK(d.span.line == line);
  CHECK(d.span.column == column);
}

const char* kHeader =
    "packs: {fx: fx.sprites.yaml}\n"
    "actors:\n"
    "  - {name: hero, pack: fx, action: walk, at: [10, 20]}\n";

}  // namespace

TEST_CASE("durations are milliseconds, seconds or plain ticks, kept exact") {
  // 500ms → 500 ms = 500000 thousandths of a ms.
  auto ms = parse_duration("500ms");
  REQUIRE(ms);
  CHECK(ms->unit == Duration::Unit::kMilliseconds);
  CHECK(ms->thousandths == 500000);
  // 1.5s = 1500 ms.
  auto s = parse_duration("1.5s");
  REQUIRE(s);
  CHECK(s->unit == Duration::Unit::kMilliseconds);
  CHECK(s->thousandths == 1500000);
  // 12 → 12 ticks; 2.5 → 2.5 ticks.
  auto t = parse_duration("12");
  REQUIRE(t);
  CHECK(t->unit == Duration::Unit::kTicks);
  CHECK(t->thousandths == 12000);
  CHECK(parse_duration("2.5")->thousandths == 2500);
  CHECK(parse_duration("0")->thousandths == 0);
  CHECK(parse_duration("0ms")->thousandths == 0);
  // The cap: 10^12 ticks or ms.
  CHECK(parse_duration("1000000000000"));
  CHECK_FALSE(parse_duration("1000000000001"));
  CHECK_FALSE(parse_duration("99999999999999999999999ms"));
  for (const char* bad :
       {"", "ms", "s", "-1", "1.5x", "fast", "1e3", "0.0001", "1,5s", "5 ms", ".", "1..2"}) {
    INFO(bad);
    CHECK_FALSE(parse_duration(bad));
  }
}

TEST_CASE("durations convert to script clock units of 1/(1000 tick_rate) s") {
  // A millisecond is tick_rate units: 100ms at 60 Hz = 6000 units (6 ticks of 1000).
  CHECK(to_clock_units(*parse_duration("100ms"), 60) == 6000);
  // 50ms at 60 Hz = 3000 units: three ticks.
  CHECK(to_clock_units(*parse_duration("50ms"), 60) == 3000);
  // 1.5s = 1500 ms → 90000 units at 60 Hz.
  CHECK(to_clock_units(*parse_duration("1.5s"), 60) == 90000);
  // 10ms at 60 Hz = 600 units: not a whole tick, and exact in units.
  CHECK(to_clock_units(*parse_duration("10ms"), 60) == 600);
  // A tick is 1000 units whatever the rate.
  CHECK(to_clock_units(*parse_duration("7"), 60) == 7000);
  CHECK(to_clock_units(*parse_duration("7"), 24) == 7000);
  // 0.001 ms at 60 Hz = 0.06 units, rounded up to 1.
  CHECK(to_clock_units(*parse_duration("0.001ms"), 60) == 1);
  // 1.001 ms at 60 Hz = 60.06 units, rounded up to 61.
  CHECK(to_clock_units(*parse_duration("1.001ms"), 60) == 61);
}

TEST_CASE("speeds are decimals with at most three fractional digits, in thousandths") {
  CHECK(parse_thousandths("1") == 1000);
  CHECK(parse_thousandths("0.25") == 250);
  CHECK(parse_thousandths("2.500") == 2500);
  CHECK(parse_thousandths("0") == 0);
  CHECK_FALSE(parse_thousandths("0.0005"));
  CHECK_FALSE(parse_thousandths("-1"));
}

TEST_CASE("a full scene reads into the model with every key") {
  Sink sink;
  auto scene = parse(
      "stage: {size: [160, 96], background: \"#1d2b53\"}\n"
      "fps: 25\n"
      "speed: 1.5\n"
      "packs: {hero: hero.sprites.yaml, fx: fx.spk}\n"
      "actors:\n"
      "  - {name: hero, pack: hero, action: stand, at: [40, 70], angle: 0}\n"
      "  - {name: bird, pack: fx, action: fly, at: [-20, 20.5], angle: 90, speed: 0.5}\n"
      "script:\n"
      "  - wait: 500ms\n"
      "  - {actor: hero, action: walk, press: [move]}\n"
      "  - together:\n"
      "      - {actor: hero, move_to: [120, 70], over: 1s}\n"
      "      - {actor: bird, move_by: [200, 0], over: 4s, background: true}\n"
      "  - {actor: hero, release: [move], speed: 2}\n"
      "  - {actor: hero, angle: 90}\n"
      "  - {actor: hero, action: attack, restart: true, until: finished}\n"
      "  - {spawn: {name: boom, pack: fx, action: explode, at: [120, 60]}}\n"
      "  - {despawn: bird}\n",
      sink);
  REQUIRE_FALSE(sink.has_errors());
  REQUIRE(scene);
  CHECK(scene->stage_width == 160);
  CHECK(scene->stage_height == 96);
  CHECK(scene->background == 0x1d2b53ffu);
  CHECK(scene->fps == 25);
  CHECK(scene->speed == 1500);
  REQUIRE(scene->packs.size() == 2);
  CHECK(scene->packs[0].name == "hero");
  CHECK(scene->packs[1].path == "fx.spk");
  CHECK(scene->packs[1].path_span.line == 4);
  REQUIRE(scene->actors.size() == 2);
  CHECK(scene->actors[1].at.x == -20);
  CHECK(scene->actors[1].at.y == 20.5);
  CHECK(scene->actors[1].angle == 90);
  CHECK(scene->actors[1].speed == 500);
  CHECK(scene->actors[0].speed == 1000);
  REQUIRE(scene->script.size() == 8);
  CHECK(scene->script[0].items[0].kind == ItemKind::kWait);
  CHECK(scene->script[0].items[0].wait.thousandths == 500000);
  const Item& walk = scene->script[1].items[0];
  CHECK(walk.kind == ItemKind::kActor);
  CHECK(walk.action == std::string("walk"));
  REQUIRE(walk.press.size() == 1);
  CHECK(walk.press[0].name == "move");
  const ScriptStep& together = scene->script[2];
  CHECK(together.together);
  REQUIRE(together.items.size() == 2);
  CHECK(together.items[0].move == MoveKind::kTo);
  CHECK(together.items[0].move_value.x == 120);
  CHECK(together.items[0].over.thousandths == 1000000);
  CHECK_FALSE(together.items[0].background);
  CHECK(together.items[1].move == MoveKind::kBy);
  CHECK(together.items[1].background);
  CHECK(scene->script[3].items[0].speed == 2000);
  CHECK(scene->script[4].items[0].angle == 90);
  const Item& attack = scene->script[5].items[0];
  CHECK(attack.restart);
  CHECK(attack.until_finished);
  CHECK(scene->script[6].items[0].kind == ItemKind::kSpawn);
  CHECK(scene->script[6].items[0].spawn.name == "boom");
  CHECK(scene->script[6].items[0].spawn.at.x == 120);
  CHECK(scene->script[7].items[0].kind == ItemKind::kDespawn);
  CHECK(scene->script[7].items[0].actor == "bird");
}

TEST_CASE("an unknown key is reported at the key, with a suggestion") {
  Sink sink;
  auto scene = parse(std::string(kHeader) + "script:\n  - {actor: hero, acton: walk}\n", sink);
  CHECK_FALSE(scene);
  REQUIRE(sink.has_errors());
  // `acton` is at line 5, column 19 (after "  - {actor: hero, ").
  const auto& d = sink.diagnostics()[0];
  CHECK(d.code == Code::kUnknownKey);
  CHECK(d.span.line == 5);
  CHECK(d.span.column == 19);
  CHECK(d.message.find("action") != std::string::npos);
}

TEST_CASE("a script item naming an unknown actor is E0601 at the name") {
  Sink sink;
  CHECK_FALSE(parse(std::string(kHeader) + "script:\n  - {actor: heor, angle: 90}\n", sink));
  require_single(sink, Code::kSceneUnknownActor, 5, 13);
  CHECK(sink.diagnostics()[0].message.find("did you mean 'hero'") != std::string::npos);
}

TEST_CASE("a despawn of an actor that does not exist is E0601") {
  Sink sink;
  CHECK_FALSE(parse(std::string(kHeader) + "script:\n  - despawn: ghost\n", sink));
  require_single(sink, Code::kSceneUnknownActor, 5, 14);
}

TEST_CASE("an actor that is only spawned later can be named by script items") {
  Sink sink;
  auto scene = parse(std::string(kHeader) +
                         "script:\n"
                         "  - {spawn: {name: boom, pack: fx, action: explode}}\n"
                         "  - {actor: boom, angle: 90}\n",
                     sink);
  CHECK(scene);
  CHECK_FALSE(sink.has_errors());
}

TEST_CASE("an actor naming a pack the scene does not list is E0603") {
  Sink sink;
  CHECK_FALSE(parse("packs: {fx: fx.spk}\nactors:\n  - {name: a, pack: fz, action: x}\n", sink));
  require_single(sink, Code::kSceneUnknownPack, 3, 21);
  CHECK(sink.diagnostics()[0].message.find("did you mean 'fx'") != std::string::npos);
}

TEST_CASE("two actors with one name are E0606 with a note at the first") {
  Sink sink;
  CHECK_FALSE(parse(
      std::string(kHeader) + "script:\n  - {spawn: {name: hero, pack: fx, action: walk}}\n", sink));
  require_single(sink, Code::kSceneDuplicateActor, 5, 20);
  REQUIRE(sink.diagnostics()[0].notes.size() == 1);
  CHECK(sink.diagnostics()[0].notes[0].span.line == 3);
}

TEST_CASE("a duration that is not a duration is E0604 at its value") {
  SECTION("wait") {
    Sink sink;
    CHECK_FALSE(parse(std::string(kHeader) + "script:\n  - wait: 5 minutes\n", sink));
    require_single(sink, Code::kSceneBadDuration, 5, 11);
  }
  SECTION("over") {
    Sink sink;
    CHECK_FALSE(parse(
        std::string(kHeader) + "script:\n  - {actor: hero, move_by: [1, 0], over: -3}\n", sink));
    require_single(sink, Code::kSceneBadDuration, 5, 42);
  }
  SECTION("a list is not a duration either") {
    Sink sink;
    CHECK_FALSE(parse(std::string(kHeader) + "script:\n  - wait: [1]\n", sink));
    REQUIRE(sink.has_errors());
    CHECK(sink.diagnostics()[0].span.line == 5);
  }
}

TEST_CASE("script items that say nothing or mix kinds are E0607") {
  SECTION("an actor item with nothing to do") {
    Sink sink;
    CHECK_FALSE(parse(std::string(kHeader) + "script:\n  - {actor: hero}\n", sink));
    require_single(sink, Code::kSceneBadItem, 5, 5);
  }
  SECTION("wait and actor in one item") {
    Sink sink;
    CHECK_FALSE(
        parse(std::string(kHeader) + "script:\n  - {wait: 3, actor: hero, angle: 0}\n", sink));
    require_single(sink, Code::kSceneBadItem, 5, 15);
  }
  SECTION("over without a move") {
    Sink sink;
    CHECK_FALSE(
        parse(std::string(kHeader) + "script:\n  - {actor: hero, angle: 0, over: 3}\n", sink));
    require_single(sink, Code::kSceneBadItem, 5, 29);
  }
  SECTION("until without an action") {
    Sink sink;
    CHECK_FALSE(parse(
        std::string(kHeader) + "script:\n  - {actor: hero, angle: 0, until: finished}\n", sink));
    require_single(sink, Code::kSceneBadItem, 5, 29);
  }
  SECTION("background on an item without a duration") {
    Sink sink;
    CHECK_FALSE(parse(
        std::string(kHeader) + "script:\n  - {actor: hero, angle: 0, background: true}\n", sink));
    require_single(sink, Code::kSceneBadItem, 5, 29);
  }
  SECTION("nested together") {
    Sink sink;
    CHECK_FALSE(
        parse(std::string(kHeader) + "script:\n  - together:\n      - together: []\n", sink));
    require_single(sink, Code::kSceneBadItem, 6, 9);
  }
  SECTION("an empty item") {
    Sink sink;
    CHECK_FALSE(parse(std::string(kHeader) + "script:\n  - {}\n", sink));
    require_single(sink, Code::kSceneBadItem, 5, 5);
  }
}

TEST_CASE("a speed with more than three fractional digits is rejected") {
  Sink sink;
  CHECK_FALSE(parse(std::string(kHeader) + "script:\n  - {actor: hero, speed: 0.3333}\n", sink));
  require_single(sink, Code::kSchema, 5, 26);
}

TEST_CASE("a scene speed of zero is rejected: the script would never advance") {
  Sink sink;
  CHECK_FALSE(parse(std::string(kHeader) + "speed: 0\n", sink));
  require_single(sink, Code::kSchema, 4, 8);
}

TEST_CASE("the conformance scene reads") {
  Sink sink;
  auto scene =
      read_scene_file(std::string(SPRITEC_TEST_DATA) + "/conformance/demo.scene.yaml", sink);
  REQUIRE(scene);
  CHECK(scene->script.size() == 9);
  CHECK(scene->script[7].together);
  CHECK(scene->script[5].items[0].until_finished);
}

TEST_CASE("a long multi-byte pack name reads the same with or without a backslash comment") {
  // Issue 23, finding 8: libyaml allowed an implicit key 1,024 characters, yaml-cpp 1,024
  // bytes, and an unrelated backslash sends a text to yaml-cpp. The scene must read as
  // YAML's limit as yaml-cpp applies it says (yaml_long_keys.hpp), backslash or not.
  for (const yaml_long_keys::KeyText& t : yaml_long_keys::texts()) {
    if (t.parent != "packs") continue;
    INFO(t.label);
    Sink plain;
    Sink backslash;
    const auto scene = parse(t.text, plain);
    const auto scene_bs = parse(t.text + yaml_long_keys::kBackslashComment, backslash);
    CHECK(scene.has_value() == t.reads);
    CHECK(scene_bs.has_value() == t.reads);
    REQUIRE(plain.diagnostics().size() == backslash.diagnostics().size());
    for (std::size_t i = 0; i < plain.diagnostics().size(); ++i) {
      const auto& a = plain.diagnostics()[i];
      const auto& b = backslash.diagnostics()[i];
      CHECK(a.code == b.code);
      CHECK(a.span.line == b.span.line);
      CHECK(a.span.column == b.span.column);
      CHECK(a.message == b.message);
    }
    if (!t.reads) {
      REQUIRE(!plain.diagnostics().empty());
      CHECK(plain.diagnostics()[0].code == Code::kYamlSyntax);
      CHECK(plain.diagnostics()[0].span.line == t.line);
      CHECK(plain.diagnostics()[0].span.column == t.column);
      continue;
    }
    REQUIRE(scene->packs.size() == 1);
    CHECK(scene->packs[0].name == t.key);
    CHECK(scene->packs[0].name_span.line == t.line);
    CHECK(scene->packs[0].name_span.column == t.column);
  }
}
