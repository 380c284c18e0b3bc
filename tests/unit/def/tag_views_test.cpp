// Aseprite tags read as views ({tag: NAME}) and tags: true together, and the slices E0215
// lists. The data is tests/data/defs/img/walk.json, an Aseprite JSON export written by hand
// over img/strip48x8.png: six 8x8 frames of 100 ms; tags Walk-Down 0-1 pingpong, Walk-Up
// 2-3 forward, Walk-Left 4-5 pingpong_reverse, Idle 0-0 forward; slices feet (pivot) and head.
#include "def_test_util.hpp"

using namespace def_test;
using spritec::def::PlayMode;
using spritec::diag::Code;

namespace {

const std::string kWalk =
    "pack: p\nsheets:\n  - name: hero\n    aseprite_json: img/walk.json\n";  // lines 1-4

PlayMode mode_of(const Loaded& l, const std::string& action) {
  INFO((l.sink.diagnostics().empty() ? "" : l.sink.diagnostics()[0].message));
  REQUIRE(l.def);
  const spritec::def::Action* a = l.def->find_action(action);
  REQUIRE(a);
  return a->mode;
}

}  // namespace

TEST_CASE("an action without mode: plays as its tag views do") {
  SECTION("a pingpong tag plays pingpong") {
    Loaded l = load(kWalk + "actions:\n  down: {frames: [{tag: Walk-Down}]}\n");
    CHECK(mode_of(l, "down") == PlayMode::kPingpong);
  }
  SECTION("pingpong_reverse plays pingpong too, with a mirror of it as a second view") {
    Loaded l =
        load(kWalk + "actions:\n  side: {views: 2, frames: [{tag: Walk-Left}, {mirror: 0}]}\n");
    CHECK(mode_of(l, "side") == PlayMode::kPingpong);
  }
  SECTION("a forward tag loops") {
    Loaded l = load(kWalk + "actions:\n  up: {frames: [{tag: Walk-Up}]}\n");
    CHECK(mode_of(l, "up") == PlayMode::kLoop);
  }
  SECTION("the action's own mode: wins") {
    Loaded l = load(kWalk + "actions:\n  down: {mode: once, frames: [{tag: Walk-Down}]}\n");
    CHECK(mode_of(l, "down") == PlayMode::kOnce);
    CHECK(l.def->find_action("down")->repeat == 1);
  }
  SECTION("views written as steps say nothing of the mode: loop") {
    Loaded l = load(kWalk + "actions:\n  a: {frames: [hero/0, hero/1]}\n");
    CHECK(mode_of(l, "a") == PlayMode::kLoop);
  }
}

TEST_CASE("tag views that would play differently, without mode:, are E0220 naming them") {
  Loaded l = load(kWalk +
                  "actions:\n"
                  "  walk: {views: 2, frames: [{tag: Walk-Down}, {tag: Walk-Up}]}\n");
  require_only(l, Code::kTagModes, 6, 3);
  const spritec::diag::Diagnostic& d = l.sink.diagnostics()[0];
  CHECK(d.message.find("'Walk-Down' pingpong") != std::string::npos);
  CHECK(d.message.find("'Walk-Up' forward") != std::string::npos);
  REQUIRE(d.notes.size() == 2);
  CHECK(d.notes[0].span.line == 6);
  CHECK(d.notes[0].span.column == 35);  // the Walk-Down of {tag: Walk-Down}
  CHECK(d.notes[1].span.column == 53);  // the Walk-Up
}

TEST_CASE("a tag used as a view of a written action is not an action of its own") {
  Loaded l = load(kWalk + "    tags: true\n" +
                      "actions:\n"
                      "  stand: {frames: [hero/0], transitions: [{to: walk, when: [go]}]}\n"
                      "  walk: {views: 2, mode: pingpong, frames: [{tag: Walk-Down}, {tag: "
                      "Walk-Left}]}\n",
                  {"stand"});
  INFO((l.sink.diagnostics().empty() ? "" : l.sink.diagnostics()[0].message));
  REQUIRE(l.def);
  CHECK(l.def->find_action("Walk-Down") == nullptr);
  CHECK(l.def->find_action("Walk-Left") == nullptr);
  // The tags no view uses are actions, as tags: true makes them, and nothing reaches them.
  CHECK(l.def->find_action("Walk-Up") != nullptr);
  CHECK(l.def->find_action("Idle") != nullptr);
  CHECK(with_code(l.sink, Code::kUnreachableAction).size() == 2);
}

TEST_CASE("E0215 lists the file's slices, with the nearest name") {
  Loaded l = load(kWalk + "    origin: {slice: fet}\n");
  require_only(l, Code::kSliceOrigin, 5, 21);
  const spritec::diag::Diagnostic& d = l.sink.diagnostics()[0];
  CHECK(d.message.find("did you mean 'feet'?") != std::string::npos);
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].message == "the file's slices: feet, head");
  CHECK(d.notes[0].span.line == 4);
}

TEST_CASE("origin words on an Aseprite export name pixels of the canvas") {
  Loaded l = load(kWalk + "    origin: [center, bottom]\n");
  REQUIRE(l.def);
  CHECK(l.def->find_frame("hero/3")->origin == spritec::def::Point{4, 7});
}
