// The action checks (DESIGN.md section 3, "Checks at compile time") and the public
// conformance cases. Every inline text starts with kHead (lines 1-5: sheet s, frames
// s/0 … s/5), so "actions:" is line 6 and the first action line 7.
#include <fstream>
#include <map>
#include <sstream>

#include "def_test_util.hpp"

using namespace def_test;
using spritec::diag::Code;
using spritec::diag::Severity;

TEST_CASE("a step naming a missing frame is E0301 at the step, listing the grid") {
  // "    frames: [s/0, s/1, s/9]": s/9 starts at column 24.
  auto l = load(kHead + "actions:\n  spin:\n    ticks: 4\n    frames: [s/0, s/1, s/9]\n");
  CHECK_FALSE(l.def);
  require_only(l, Code::kUnknownFrame, 9, 24);
  CHECK(l.sink.diagnostics()[0].message ==
        "frame 's/9' does not exist (the grid has s/0 \xE2\x80\xA6 s/5)");
}

TEST_CASE("an unknown frame of an unknown sheet suggests a near sheet name") {
  // "  a: {frames: [" is 15 bytes: the step is at column 16.
  auto l = load(kHead + "actions:\n  a: {frames: [x/0]}\n");
  require_only(l, Code::kUnknownFrame, 7, 16);
  CHECK(l.sink.diagnostics()[0].message ==
        "frame 'x/0' does not exist (there is no sheet 'x'; did you mean 's'?)");
}

TEST_CASE("an unknown frame among explicit frames suggests a near frame name") {
  auto l = load(
      "pack: p\nsheets:\n  - name: atk\n    image: img/strip48x8.png\n"
      "    frames: {east: {rect: [0, 0, 8, 8]}, south: {rect: [8, 0, 8, 8]}}\n"
      "actions:\n  a: {frames: [{frame: atk/est}]}\n");
  // "  a: {frames: [{frame: " is 23 bytes: the name is at column 24.
  require_only(l, Code::kUnknownFrame, 7, 24);
  CHECK(l.sink.diagnostics()[0].message ==
        "frame 'atk/est' does not exist (did you mean 'atk/east'?)");
}

TEST_CASE("the number of frame lists must equal views (E0302)") {
  SECTION("three lists for two views: at frames, 9:13") {
    auto l = load(kHead + "actions:\n  walk:\n    views: 2\n    frames: [[s/0], [s/1], [s/2]]\n");
    require_only(l, Code::kViewCount, 9, 13);
  }
  SECTION("a flat list for two views") {
    auto l = load(kHead + "actions:\n  walk:\n    views: 2\n    frames: [s/0, s/1]\n");
    require_only(l, Code::kViewCount, 9, 13);
  }
  SECTION("one list for a single view is the same as a flat list") {
    auto l = load(kHead + "actions:\n  walk:\n    frames: [[s/0, s/1]]\n");
    REQUIRE(l.def);
    CHECK(l.def->actions[0].steps.size() == 1);
    CHECK(l.def->actions[0].steps[0].size() == 2);
  }
}

TEST_CASE("views with different step counts are E0303 at the differing list") {
  // "    frames: [[s/0, s/1], " is 25 bytes: view 1's list starts at column 26.
  auto l = load(kHead + "actions:\n  walk:\n    views: 2\n    frames: [[s/0, s/1], [s/2]]\n");
  require_only(l, Code::kStepCount, 9, 26);
  REQUIRE(l.sink.diagnostics()[0].notes.size() == 1);
  CHECK(l.sink.diagnostics()[0].notes[0].span.column == 14);
}

TEST_CASE("a step's duration must agree across views (E0304)") {
  // View 1's "ticks: 3" value is at column 61 of line 9.
  auto l = load(kHead +
                "actions:\n  walk:\n    views: 2\n"
                "    frames: [[{frame: s/0, ticks: 2}], [{frame: s/1, ticks: 3}]]\n");
  require_only(l, Code::kViewTicks, 9, 61);
}

TEST_CASE("a step's event must agree across views (E0305)") {
  auto l = load(kHead +
                "actions:\n  walk:\n    views: 2\n"
                "    frames: [[{frame: s/0, event: a}], [{frame: s/1, event: b}]]\n");
  require_only(l, Code::kViewEvent, 9, 61);
}

TEST_CASE("views may differ in frames, flips and moves") {
  auto l = load(kHead +
                "actions:\n  walk:\n    views: 2\n"
                "    frames: [[{frame: s/0, move: [1, 0]}], [{frame: s/1, flip: x, move: [-1, "
                "0]}]]\n");
  CHECK(l.def);
  CHECK(l.sink.diagnostics().empty());
}

TEST_CASE("a view written {mirror: V} is view V flipped in x with moves' x negated") {
  auto l = load(kHead +
                "actions:\n  walk:\n    views: 4\n"
                "    frames:\n"
                "      - [{frame: s/0, move: [2, 1], event: step}, {frame: s/1, flip: x},\n"
                "         {frame: s/2, flip: y, ticks: 3}, {frame: s/3, flip: xy}, null]\n"
                "      - [{frame: s/4, event: step}, s/5, {frame: s/4, ticks: 3}, s/5, s/4]\n"
                "      - {mirror: 0}\n"
                "      - {mirror: 1}\n");
  REQUIRE(l.def);
  CHECK(l.sink.diagnostics().empty());
  const auto& a = l.def->actions.at(0);
  REQUIRE(a.steps.size() == 4);
  const auto& east = a.steps[0];
  const auto& west = a.steps[2];
  REQUIRE(west.size() == 5);
  // Each flip gains or loses x; moves' x is negated, y kept; frame, ticks, event kept.
  using spritec::def::Flip;
  const Flip want[] = {Flip::kX, Flip::kNone, Flip::kXY, Flip::kY, Flip::kX};
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(west[i].flip == want[i]);
    CHECK(west[i].frame == east[i].frame);
    CHECK(west[i].ticks == east[i].ticks);
    CHECK(west[i].event == east[i].event);
    CHECK(west[i].blank == east[i].blank);
  }
  CHECK(west[0].move.x == -2);
  CHECK(west[0].move.y == 1);
  CHECK(west[2].ticks == 3);
  CHECK(west[4].blank);
  CHECK(a.steps[3][0].frame == "s/4");
  CHECK(a.steps[3][0].flip == Flip::kX);
}

TEST_CASE("{mirror: V} must name a view written as steps (E0314)") {
  // Line 9 is "    frames: [[s/0], {mirror: 1}]": the 1 is at column 30.
  auto l = load(kHead + "actions:\n  walk:\n    views: 2\n    frames: [[s/0], {mirror: 1}]\n");
  require_only(l, Code::kBadMirror, 9, 30);
  auto out = load(kHead + "actions:\n  walk:\n    views: 2\n    frames: [[s/0], {mirror: 5}]\n");
  require_only(out, Code::kBadMirror, 9, 30);
  // A mirror still counts as a view: views: 3 with two items is E0302.
  auto count = load(kHead + "actions:\n  walk:\n    views: 3\n    frames: [[s/0], {mirror: 0}]\n");
  require_only(count, Code::kViewCount, 9, 13);
}

TEST_CASE("loop_from outside the step list is E0306") {
  // Three steps: 0..2 are valid; "    loop_from: " is 15 bytes.
  auto l = load(kHead + "actions:\n  idle:\n    loop_from: 3\n    frames: [s/0, s/1, s/2]\n");
  require_only(l, Code::kLoopFrom, 8, 16);
  auto ok = load(kHead + "actions:\n  idle:\n    loop_from: 2\n    frames: [s/0, s/1, s/2]\n");
  REQUIRE(ok.def);
  CHECK(ok.def->actions[0].loop_from == 2);
}

TEST_CASE("then: naming no action is E0307 with a suggestion") {
  // "  a: {mode: once, then: " is 24 bytes.
  auto l = load(kHead +
                "actions:\n  a: {mode: once, then: stnd, frames: [s/0]}\n"
                "  stand: {frames: [s/1]}\n");
  require_only(l, Code::kUnknownThen, 7, 25);
  CHECK(l.sink.diagnostics()[0].message ==
        "then: 'stnd' is not hold, destroy or an action of this pack (did you mean 'stand'?)");
}

TEST_CASE("a transition to no action is E0308 at its to: value") {
  // "  a: {frames: [s/0], transitions: [{to: " is 40 bytes.
  auto l = load(kHead + "actions:\n  a: {frames: [s/0], transitions: [{to: nowhere}]}\n");
  require_only(l, Code::kUnknownTransition, 7, 41);
}

TEST_CASE("a duration below one tick is E0309") {
  SECTION("on the action: '  a: {ticks: ' is 13 bytes") {
    auto l = load(kHead + "actions:\n  a: {ticks: 0, frames: [s/0]}\n");
    require_only(l, Code::kBadDuration, 7, 14);
  }
  SECTION("on a step: '  a: {frames: [{frame: s/0, ticks: ' is 35 bytes") {
    auto l = load(kHead + "actions:\n  a: {frames: [{frame: s/0, ticks: -2}]}\n");
    require_only(l, Code::kBadDuration, 7, 36);
  }
}

TEST_CASE("ticks and ms together are E0310 at the ms value") {
  // "  a: {ticks: 2, ms: " is 20 bytes.
  auto l = load(kHead + "actions:\n  a: {ticks: 2, ms: 50, frames: [s/0]}\n");
  require_only(l, Code::kDurationTwice, 7, 21);
}

TEST_CASE("an action with no steps is E0311 at its name") {
  for (const char* body : {"{mode: once}", "{frames: []}", "{views: 2, frames: [[], []]}"}) {
    INFO(body);
    auto l = load(kHead + "actions:\n  a: " + body + "\n");
    require_only(l, Code::kNoSteps, 7, 3);
  }
}

TEST_CASE("an unknown entry action is E0312; unreachable actions are W0303") {
  SECTION("unknown entry") {
    auto l = load(kHead + "actions:\n  idle: {frames: [s/0]}\n", {"idel"});
    CHECK_FALSE(l.def);
    REQUIRE(l.sink.diagnostics().size() == 1);
    CHECK(l.sink.diagnostics()[0].code == Code::kUnknownEntry);
    CHECK(l.sink.diagnostics()[0].message ==
          "entry action 'idel' does not exist (did you mean 'idle'?)");
  }
  SECTION("reachability through transitions and then:") {
    // From a: a -> b (transition), b -> c (then). d and e are never reached (e leads
    // to a, but nothing leads to e).
    auto l = load(kHead +
                      "actions:\n"
                      "  a: {frames: [s/0], transitions: [{to: b}]}\n"
                      "  b: {mode: once, then: c, frames: [s/1]}\n"
                      "  c: {frames: [s/2]}\n"
                      "  d: {frames: [s/3]}\n"
                      "  e: {frames: [s/4], transitions: [{to: a}]}\n",
                  {"a"});
    REQUIRE(l.def);
    const auto w = with_code(l.sink, Code::kUnreachableAction);
    REQUIRE(w.size() == 2);
    CHECK(l.sink.diagnostics().size() == 2);
    CHECK(w[0].severity == Severity::kWarning);
    CHECK(w[0].span.line == 10);
    CHECK(w[0].span.column == 3);
    CHECK(w[1].span.line == 11);
  }
  SECTION("without entries there is no reachability check") {
    auto l = load(kHead + "actions:\n  a: {frames: [s/0]}\n  b: {frames: [s/1]}\n");
    REQUIRE(l.def);
    CHECK(l.sink.diagnostics().empty());
  }
}

TEST_CASE("a rule shadowed by an earlier one is W0302") {
  // Rule 1 (when move, run) fires only when rule 0 (when move) would: shadowed.
  // Rule 2 (when run) is not: rule 0 needs move. Rule 3 is immediate, rule 0 is not.
  auto l = load(kHead +
                "actions:\n"
                "  a:\n"
                "    frames: [s/0]\n"
                "    transitions:\n"
                "      - {to: b, when: [move]}\n"
                "      - {to: c, when: [move, run]}\n"
                "      - {to: c, when: [run]}\n"
                "      - {to: b, when: [move], immediate: true}\n"
                "  b: {frames: [s/1]}\n"
                "  c: {frames: [s/2]}\n");
  REQUIRE(l.def);
  REQUIRE(l.sink.diagnostics().size() == 1);
  const auto& w = l.sink.diagnostics()[0];
  CHECK(w.code == Code::kShadowedTransition);
  CHECK(w.severity == Severity::kWarning);
  CHECK(w.span.line == 11);
  CHECK(w.span.column == 9);
  REQUIRE(w.notes.size() == 1);
  CHECK(w.notes[0].span.line == 10);
}

TEST_CASE("an unless rule is shadowed by an earlier rule with fewer conditions") {
  // Rule 0 has no conditions at all: it fires at every cycle end, so rule 1 never can.
  auto l = load(kHead +
                "actions:\n"
                "  a: {frames: [s/0], transitions: [{to: b}, {to: b, unless: [move]}]}\n"
                "  b: {frames: [s/1]}\n");
  REQUIRE(l.def);
  REQUIRE(with_code(l.sink, Code::kShadowedTransition).size() == 1);
}

TEST_CASE("more than 64 distinct inputs is E0313") {
  std::string when;
  for (int i = 0; i < 65; ++i)
    when += (i ? ", i" : "i") + std::to_string(i);
  // "  a: {frames: [s/0], transitions: [" is 35 bytes: the rule is at column 36.
  auto l = load(kHead + "actions:\n  a: {frames: [s/0], transitions: [{to: a, when: [" + when +
                "]}]}\n");
  require_only(l, Code::kTooManyInputs, 7, 36);

  std::string ok;
  for (int i = 0; i < 64; ++i)
    ok += (i ? ", i" : "i") + std::to_string(i);
  auto fine =
      load(kHead + "actions:\n  a: {frames: [s/0], transitions: [{to: a, when: [" + ok + "]}]}\n");
  REQUIRE(fine.def);
  CHECK(fine.def->inputs.size() == 64);
}

// --- the public conformance cases (tests/data/conformance, copied from
// /work/shared/conformance with the same layout, so ../strip.png resolves) ---------------

namespace {

struct Expected {
  std::string file;
  int line = 0;
  int column = 0;
};

std::vector<Expected> read_expected() {
  std::ifstream in(SPRITEC_TEST_DATA "/conformance/bad/expected.tsv");
  std::vector<Expected> out;
  std::string row;
  while (std::getline(in, row)) {
    if (row.empty() || row[0] == '#') continue;
    std::istringstream cols(row);
    Expected e;
    std::string exit_code, line, column;
    std::getline(cols, e.file, '\t');
    std::getline(cols, exit_code, '\t');
    std::getline(cols, line, '\t');
    std::getline(cols, column, '\t');
    e.line = std::stoi(line);
    e.column = std::stoi(column);
    out.push_back(e);
  }
  return out;
}

}  // namespace

TEST_CASE("the conformance cases fail at the expected line and column with the expected message") {
  const auto expected = read_expected();
  REQUIRE(expected.size() == 3);
  // What each message must say, from expected.tsv's last column.
  const std::map<std::string, std::string> messages = {
      {"typo.sprites.yaml", "unknown key 'orign' (did you mean 'origin'?)"},
      {"unknown_frame.sprites.yaml",
       "frame 's/9' does not exist (the grid has s/0 \xE2\x80\xA6 s/5)"},
      {"outside.sprites.yaml", "rect of 's/b' ends at x=52, outside strip.png (48x8)"},
  };
  for (const Expected& e : expected) {
    INFO(e.file);
    spritec::diag::Sink sink;
    spritec::def::LoadOptions options;
    options.root = SPRITEC_TEST_DATA "/conformance";
    const std::string path = SPRITEC_TEST_DATA "/conformance/bad/" + e.file;
    auto d = spritec::def::load_definition(path, options, sink);
    CHECK_FALSE(d);
    REQUIRE(sink.error_count() >= 1);
    const auto& first = sink.diagnostics()[0];
    CHECK(first.severity == Severity::kError);
    CHECK(first.span.file == path);
    CHECK(first.span.line == e.line);
    CHECK(first.span.column == e.column);
    CHECK(first.message == messages.at(e.file));
  }
}

TEST_CASE("an action named as another action's view is exported is W0304 at it, and only then") {
  // Exports name view V of an action of several views ACTION/V (docs/engines.md): walk/1
  // is view 1 of a two-view walk. Not walk/2 (walk has views 0 and 1), walk/01 (views are
  // written without leading zeros), or idle/0 (idle has one view, exported as 'idle').
  auto l = load(kHead +
                "actions:\n"
                "  walk: {views: 2, frames: [[s/0], [s/1]]}\n"
                "  idle: {frames: [s/2]}\n"
                "  walk/1: {frames: [s/3]}\n"
                "  walk/2: {frames: [s/3]}\n"
                "  walk/01: {frames: [s/3]}\n"
                "  idle/0: {frames: [s/3]}\n");
  REQUIRE(l.def);  // a warning: the pack is sound
  const auto w = with_code(l.sink, Code::kAnimationNameClash);
  REQUIRE(w.size() == 1);
  CHECK(l.sink.diagnostics().size() == 1);
  CHECK(w[0].severity == Severity::kWarning);
  CHECK(w[0].span.line == 9);
  CHECK(w[0].span.column == 3);
  REQUIRE(w[0].notes.size() == 1);
  CHECK(w[0].notes[0].span.line == 7);
  CHECK(w[0].message.find("view 1 of action 'walk'") != std::string::npos);
}
