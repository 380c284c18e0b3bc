// The action player, one rule of DESIGN.md section 3 per test. Every expected sequence was
// worked out by hand from the rules; the reasoning is in the comments. "tN" is the state
// shown on tick N's trace line: t0 is right after start(), tN after the N-th tick().
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pack_fixtures.hpp"
#include "spritec/runtime/player.hpp"

using namespace spritec;
using namespace spritec::test;
using runtime::ActorState;
using runtime::EventBuffer;
using runtime::PackView;

namespace {

// One pack, one actor, and the per-tick record of what it shows.
class Rig {
 public:
  explicit Rig(PackModel m) : bytes_(write_or_fail(m)) {
    const runtime::ParseResult r = runtime::parse_pack(bytes_.data(), bytes_.size(), pack_);
    if (!r.ok()) throw std::runtime_error(r.message);
  }

  const PackView& pack() const { return pack_; }
  ActorState& actor() { return st_; }

  // Switches (script-style) and returns the events raised, like a tick's.
  std::vector<std::string> start(const char* action, bool restart = false) {
    ev_.clear();
    runtime::start(pack_, st_, pack_.find_action(action), restart, ev_);
    return names();
  }
  std::vector<std::string> tick() {
    ev_.clear();
    runtime::tick(pack_, st_, ev_);
    return names();
  }
  // The step index shown on each of the next n ticks.
  std::vector<std::uint32_t> steps(int n) {
    std::vector<std::uint32_t> out;
    for (int i = 0; i < n; ++i) {
      tick();
      out.push_back(st_.step);
    }
    return out;
  }
  void press(const char* input) { runtime::press(st_, runtime::input_bit(pack_, input)); }
  void release(const char* input) { runtime::release(st_, runtime::input_bit(pack_, input)); }
  void angle(int a) { runtime::set_angle(pack_, st_, a); }
  std::string action() const { return std::string(pack_.action(st_.action).name); }
  std::string frame() const { return std::string(runtime::describe(pack_, st_).frame); }

 private:
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < ev_.count; ++i)
      out.emplace_back(runtime::event_name(pack_, ev_.codes[i]));
    return out;
  }

  std::vector<std::uint8_t> bytes_;
  PackView pack_;
  ActorState st_;
  EventBuffer ev_;
};

using Steps = std::vector<std::uint32_t>;
using Events = std::vector<std::string>;

// A pack of twelve 8x8 frames f/0 … f/11 on one page, and the given actions.
PackModel pack_with(std::vector<ActionModel> actions) {
  PackModel m;
  m.tick_rate = 60;
  PageModel page;
  page.width = 96;
  page.height = 8;
  page.png = fake_png(0, 16);
  m.pages = {page};
  for (std::uint32_t i = 0; i < 12; ++i) {
    m.frames.push_back(frame("f/" + std::to_string(i), 0, 8 * i, 0, 8, 8, 4, 7, 8, 8, 0, 0));
  }
  m.actions = std::move(actions);
  return m;
}

// A one-view action over frames f/0 … f/(n-1), each step `ticks` long.
ActionModel action(const char* name, format::Mode mode, std::uint32_t n, std::uint32_t ticks) {
  ActionModel a;
  a.name = name;
  a.mode = mode;
  a.steps.resize(1);
  for (std::uint32_t i = 0; i < n; ++i)
    a.steps[0].push_back(step("f/" + std::to_string(i), ticks));
  return a;
}

}  // namespace

// --- views ---------------------------------------------------------------------------------

TEST_CASE("four views split the circle at 45, 135, 225 and 315 degrees", "[player][view]") {
  using runtime::choose_view;
  // view = floor((d*4 + 180) / 360) mod 4 with d = (a - 0) mod 360:
  // d=44: 356/360 → 0; d=45: 360/360 → 1; d=134: 716/360 → 1; d=135: 720/360 → 2;
  // d=224: 1076/360 → 2; d=225: 1080/360 → 3; d=314: 1436/360 → 3; d=315: 1440/360 = 4 → 0.
  CHECK(choose_view(44, 0, 4) == 0);
  CHECK(choose_view(45, 0, 4) == 1);
  CHECK(choose_view(134, 0, 4) == 1);
  CHECK(choose_view(135, 0, 4) == 2);
  CHECK(choose_view(224, 0, 4) == 2);
  CHECK(choose_view(225, 0, 4) == 3);
  CHECK(choose_view(314, 0, 4) == 3);
  CHECK(choose_view(315, 0, 4) == 0);
  CHECK(choose_view(359, 0, 4) == 0);
  CHECK(choose_view(0, 0, 4) == 0);
  // Negative angles and angles past 360 are taken mod 360 first: -1 ≡ 359, -45 ≡ 315 → 0,
  // -46 ≡ 314 → 3, 405 ≡ 45 → 1, 764 ≡ 44 → 0, -720 ≡ 0.
  CHECK(choose_view(-1, 0, 4) == 0);
  CHECK(choose_view(-45, 0, 4) == 0);
  CHECK(choose_view(-46, 0, 4) == 3);
  CHECK(choose_view(405, 0, 4) == 1);
  CHECK(choose_view(764, 0, 4) == 0);
  CHECK(choose_view(-720, 0, 4) == 0);
  CHECK(choose_view(-90, 0, 4) == 3);  // ≡ 270: north
}

TEST_CASE("eight views split the circle at 22.5 degrees off each direction", "[player][view]") {
  using runtime::choose_view;
  // d*8 + 180 over 360: d=22 → 356 → 0; d=23 → 364 → 1; d=67 → 716 → 1; d=68 → 724 → 2;
  // d=90 → 900 → 2 (south); d=337 → 2876 → 7; d=338 → 2884 → 8 mod 8 = 0; d=359 → 0.
  CHECK(choose_view(22, 0, 8) == 0);
  CHECK(choose_view(23, 0, 8) == 1);
  CHECK(choose_view(67, 0, 8) == 1);
  CHECK(choose_view(68, 0, 8) == 2);
  CHECK(choose_view(90, 0, 8) == 2);
  CHECK(choose_view(337, 0, 8) == 7);
  CHECK(choose_view(338, 0, 8) == 0);
  CHECK(choose_view(359, 0, 8) == 0);
  CHECK(choose_view(0, 0, 8) == 0);
  CHECK(choose_view(-22, 0, 8) == 0);   // ≡ 338
  CHECK(choose_view(-23, 0, 8) == 7);   // ≡ 337
  CHECK(choose_view(383, 0, 8) == 1);   // ≡ 23
  CHECK(choose_view(1080, 0, 8) == 0);  // ≡ 0
}

TEST_CASE("two views starting at 90 degrees face south and north", "[player][view]") {
  using runtime::choose_view;
  // d = (a - 90) mod 360, view = floor((2d + 180) / 360) mod 2:
  // a=90 → d=0 → 0 (south); a=179 → d=89 → 358/360 → 0; a=180 → d=90 → 360/360 → 1;
  // a=270 → d=180 → 540/360 → 1 (north); a=359 → d=269 → 718/360 → 1;
  // a=0 → d=270 → 720/360 = 2 → 0; a=-90 ≡ 270 → 1.
  CHECK(choose_view(90, 90, 2) == 0);
  CHECK(choose_view(179, 90, 2) == 0);
  CHECK(choose_view(180, 90, 2) == 1);
  CHECK(choose_view(270, 90, 2) == 1);
  CHECK(choose_view(359, 90, 2) == 1);
  CHECK(choose_view(0, 90, 2) == 0);
  CHECK(choose_view(-90, 90, 2) == 1);
}

TEST_CASE("seven views are exact where the integer article formula drifts", "[player][view]") {
  using runtime::choose_view;
  // 360/7 = 51.43°: view k covers centre 51.43k ± 25.71. d=25: (175+180)/360 → 0;
  // d=26: (182+180)/360 = 362/360 → 1; d=334: (2338+180)/360 = 2518/360 = 6.99 → 6;
  // d=335: (2345+180)/360 = 2525/360 = 7.01 → 7 mod 7 = 0.
  CHECK(choose_view(25, 0, 7) == 0);
  CHECK(choose_view(26, 0, 7) == 1);
  CHECK(choose_view(334, 0, 7) == 6);
  CHECK(choose_view(335, 0, 7) == 0);
}

TEST_CASE("turning an actor changes its view but never restarts the action", "[player][view]") {
  ActionModel walk = action("walk", format::Mode::kLoop, 2, 3);
  walk.views = 4;
  walk.steps = {{step("f/0", 3), step("f/1", 3)},
                {step("f/2", 3), step("f/3", 3)},
                {step("f/4", 3), step("f/5", 3)},
                {step("f/6", 3), step("f/7", 3)}};
  Rig rig(pack_with({walk}));
  rig.angle(44);
  rig.start("walk");
  CHECK(rig.actor().view == 0);
  CHECK(rig.frame() == "f/0");
  rig.tick();  // t1: countdown 3000 → 2000
  rig.angle(90);
  CHECK(rig.actor().view == 1);
  CHECK(rig.actor().step == 0);
  CHECK(rig.frame() == "f/2");
  rig.tick();  // t2: 1000
  rig.tick();  // t3: 0 → step 1 entered; view 1 still
  CHECK(rig.actor().step == 1);
  CHECK(rig.frame() == "f/3");
  rig.angle(-90);  // north
  CHECK(rig.actor().view == 3);
  CHECK(rig.frame() == "f/7");
  CHECK(rig.actor().angle == 270);
}

// --- durations and speed -------------------------------------------------------------------

TEST_CASE("a step of d ticks is shown for exactly d ticks at speed 1", "[player][duration]") {
  SECTION("one-tick steps change every tick") {
    Rig rig(pack_with({action("a", format::Mode::kLoop, 3, 1)}));
    rig.start("a");
    CHECK(rig.actor().step == 0);  // t0
    // Each tick takes 1000 from a countdown of 1000: every step ends after one tick.
    CHECK(rig.steps(7) == Steps{1, 2, 0, 1, 2, 0, 1});
  }
  SECTION("a long step holds until its last tick") {
    ActionModel a = action("a", format::Mode::kLoop, 2, 1);
    a.steps[0][0].ticks = 1000;
    Rig rig(pack_with({a}));
    rig.start("a");
    // Step 0 shows on t0 … t999 (1000 lines); t1000 enters step 1 (1 tick); t1001 back to 0.
    for (int t = 1; t <= 999; ++t) {
      rig.tick();
      REQUIRE(rig.actor().step == 0);
    }
    CHECK(rig.steps(2) == Steps{1, 0});
  }
}

TEST_CASE("speed scales the countdown in thousandths and 0 pauses", "[player][speed]") {
  SECTION("speed 0.5 shows each step twice as long") {
    Rig rig(pack_with({action("a", format::Mode::kLoop, 2, 2)}));
    runtime::set_speed(rig.actor(), 500);
    rig.start("a");
    // countdown 2000, -500 per tick: 1500, 1000, 500, 0 → step 1 at t4; again 4 ticks.
    CHECK(rig.steps(9) == Steps{0, 0, 0, 1, 1, 1, 1, 0, 0});
  }
  SECTION("speed 2 halves the steps and carries the remainder") {
    Rig rig(pack_with({action("a", format::Mode::kLoop, 3, 3)}));
    runtime::set_speed(rig.actor(), 2000);
    rig.start("a");
    // t1: 3000-2000=1000. t2: -1000 → step 1 entered: -1000+3000 = 2000. t3: 0 → step 2: 3000.
    // t4: 1000. t5: -1000 → step 0: 2000. t6: 0 → step 1: 3000. t7: 1000. t8: -1000 → 2.
    CHECK(rig.steps(8) == Steps{0, 1, 2, 2, 0, 1, 1, 2});
  }
  SECTION("speed 1.5 in thousandths") {
    Rig rig(pack_with({action("a", format::Mode::kLoop, 2, 2)}));
    runtime::set_speed(rig.actor(), 1500);
    rig.start("a");
    // 2000 → 500 (t1) → -1000: step 1, +2000 = 1000 (t2) → -500: step 0, 1500 (t3) → 0:
    // step 1, 2000 (t4) → 500 (t5) → -1000: step 0, 1000 (t6).
    CHECK(rig.steps(6) == Steps{0, 1, 0, 1, 1, 0});
  }
  SECTION("speed 0 pauses, and setting it back resumes") {
    Rig rig(pack_with({action("a", format::Mode::kLoop, 2, 2)}));
    rig.start("a");
    rig.tick();  // 1000 left
    runtime::set_speed(rig.actor(), 0);
    CHECK(rig.steps(50) == Steps(50, 0));
    runtime::set_speed(rig.actor(), 1000);
    CHECK(rig.steps(2) == Steps{1, 1});
  }
}

TEST_CASE("at speed above 1 every step passed in a tick is entered, in order", "[player][speed]") {
  ActionModel a = action("a", format::Mode::kLoop, 4, 1);
  a.steps[0] = {step("f/0", 1, "e0", 1, 0), step("f/1", 1, "e1", 2, 0), step("f/2", 1, "e2", 4, 0),
                step("f/3", 1, "e3", 8, 0)};
  Rig rig(pack_with({a}));
  runtime::set_speed(rig.actor(), 3000);
  CHECK(rig.start("a") == Events{"e0"});
  // t1: 1000-3000 = -2000: step 0 ends (x += 1), step 1 entered (e1, -1000); step 1 ends
  // (x += 2), step 2 entered (e2, 0); step 2 ends (x += 4), step 3 entered (e3, 1000).
  CHECK(rig.tick() == Events{"e1", "e2", "e3"});
  CHECK(rig.actor().step == 3);
  CHECK(rig.actor().x == 7);
  // t2: 1000-3000: step 3 ends (+8), loop to 0 (e0, -1000), ends (+1), 1 (e1, 0), ends (+2),
  // 2 (e2, 1000).
  CHECK(rig.tick() == Events{"e0", "e1", "e2"});
  CHECK(rig.actor().step == 2);
  CHECK(rig.actor().x == 18);
}

TEST_CASE("events are raised on the tick their step is entered", "[player][event]") {
  ActionModel a = action("a", format::Mode::kLoop, 3, 2);
  a.steps[0][1].event = "hit";
  a.steps[0][0].event = "start";
  Rig rig(pack_with({a}));
  CHECK(rig.start("a") == Events{"start"});  // t0: step 0 entered by the switch
  CHECK(rig.tick().empty());                 // t1: 1000 left
  CHECK(rig.tick() == Events{"hit"});        // t2: step 1 entered
  CHECK(rig.tick().empty());                 // t3
  CHECK(rig.tick().empty());                 // t4: step 2 entered (no event)
  CHECK(rig.tick().empty());                 // t5
  CHECK(rig.tick() == Events{"start"});      // t6: loop back to step 0
}

// --- modes ---------------------------------------------------------------------------------

TEST_CASE("a loop goes back to loop_from after its last step", "[player][mode]") {
  SECTION("loop_from 0 repeats the whole list") {
    Rig rig(pack_with({action("a", format::Mode::kLoop, 3, 1)}));
    rig.start("a");
    CHECK(rig.steps(6) == Steps{1, 2, 0, 1, 2, 0});
  }
  SECTION("loop_from 2 loops only the tail") {
    ActionModel a = action("a", format::Mode::kLoop, 4, 1);
    a.loop_from = 2;
    Rig rig(pack_with({a}));
    rig.start("a");
    // 0,1,2,3 then loop_from 2: 2,3,2,3 …
    CHECK(rig.steps(8) == Steps{1, 2, 3, 2, 3, 2, 3, 2});
  }
}

TEST_CASE("a loop with repeat finishes after that many cycles", "[player][mode]") {
  SECTION("repeat 2 over the whole list, then hold") {
    ActionModel a = action("a", format::Mode::kLoop, 2, 1);
    a.repeat = 2;
    Rig rig(pack_with({a}));
    rig.start("a");
    // t0 0, t1 1, t2: step 1 ends = cycle 1 (not last) → 0, t3 1, t4: cycle 2 = last →
    // finished, hold keeps step 1 forever.
    CHECK(rig.tick().empty());
    CHECK(rig.tick().empty());
    CHECK(rig.actor().step == 0);
    CHECK(rig.tick().empty());
    CHECK(rig.tick() == Events{"finished"});
    CHECK(rig.actor().step == 1);
    CHECK(rig.actor().holding);
    for (int i = 0; i < 20; ++i)
      REQUIRE(rig.tick().empty());
    CHECK(rig.actor().step == 1);
  }
  SECTION("repeat 2 with loop_from 1: the second cycle starts at loop_from") {
    ActionModel a = action("a", format::Mode::kLoop, 3, 1);
    a.repeat = 2;
    a.loop_from = 1;
    Rig rig(pack_with({a}));
    rig.start("a");
    // t0 0, t1 1, t2 2, t3 cycle 1 ends → 1, t4 2, t5 cycle 2 ends → finished, hold 2.
    CHECK(rig.steps(4) == Steps{1, 2, 1, 2});
    CHECK(rig.tick() == Events{"finished"});
    CHECK(rig.actor().step == 2);
  }
}

TEST_CASE("a pingpong action never repeats its end steps", "[player][mode]") {
  SECTION("four steps forever") {
    Rig rig(pack_with({action("a", format::Mode::kPingpong, 4, 1)}));
    rig.start("a");
    CHECK(rig.steps(12) == Steps{1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 0});
  }
  SECTION("two steps alternate") {
    Rig rig(pack_with({action("a", format::Mode::kPingpong, 2, 1)}));
    rig.start("a");
    CHECK(rig.steps(5) == Steps{1, 0, 1, 0, 1});
  }
  SECTION("one step is a loop: each pass completes a cycle") {
    ActionModel a = action("a", format::Mode::kPingpong, 1, 2);
    a.steps[0][0].event = "e";
    a.repeat = 2;
    Rig rig(pack_with({a}));
    CHECK(rig.start("a") == Events{"e"});
    CHECK(rig.tick().empty());
    CHECK(rig.tick() == Events{"e"});  // t2: cycle 1 completes, step 0 entered again
    CHECK(rig.tick().empty());
    CHECK(rig.tick() == Events{"finished"});  // t4: cycle 2 is the last
    CHECK(rig.actor().step == 0);
  }
}

TEST_CASE("a pingpong cycle completes when step 0's time runs out after a walk back",
          "[player][mode]") {
  SECTION("repeat 1 ends on step 0") {
    ActionModel a = action("a", format::Mode::kPingpong, 3, 1);
    a.repeat = 1;
    Rig rig(pack_with({a}));
    rig.start("a");
    // 0 (t0), 1, 2, 1, 0 (t4); t5: step 0's time runs out after the walk back: cycle 1 =
    // last → finished, hold shows step 0.
    CHECK(rig.steps(4) == Steps{1, 2, 1, 0});
    CHECK(rig.tick() == Events{"finished"});
    CHECK(rig.actor().step == 0);
    CHECK(rig.steps(3) == Steps{0, 0, 0});
  }
  SECTION("repeat 2: the second cycle is 1..n-1..0") {
    ActionModel a = action("a", format::Mode::kPingpong, 3, 1);
    a.repeat = 2;
    Rig rig(pack_with({a}));
    rig.start("a");
    // cycle 1: 0,1,2,1,0 (t0..t4); cycle 2: 1,2,1,0 (t5..t8); t9 finished on 0.
    CHECK(rig.steps(8) == Steps{1, 2, 1, 0, 1, 2, 1, 0});
    CHECK(rig.tick() == Events{"finished"});
    CHECK(rig.actor().step == 0);
  }
}

TEST_CASE("a once action plays to its last step, finishes and holds it", "[player][mode]") {
  Rig rig(pack_with({action("a", format::Mode::kOnce, 3, 2)}));
  rig.start("a");
  // 0 at t0-t1, 1 at t2-t3, 2 at t4-t5; t6: step 2's time runs out → finished, hold 2.
  CHECK(rig.steps(5) == Steps{0, 1, 1, 2, 2});
  CHECK(rig.tick() == Events{"finished"});
  CHECK(rig.actor().step == 2);
  for (int i = 0; i < 10; ++i)
    REQUIRE(rig.tick().empty());
  CHECK(rig.actor().step == 2);
}

TEST_CASE("once ignores repeat: it has one cycle", "[player][mode]") {
  ActionModel a = action("a", format::Mode::kOnce, 2, 1);
  a.repeat = 3;
  Rig rig(pack_with({a}));
  rig.start("a");
  CHECK(rig.tick().empty());                // t1: step 1
  CHECK(rig.tick() == Events{"finished"});  // t2
}

// --- then ----------------------------------------------------------------------------------

TEST_CASE("then: destroy raises destroyed and the actor keeps showing its last step",
          "[player][then]") {
  ActionModel a = action("a", format::Mode::kOnce, 2, 1);
  a.then = format::ThenKind::kDestroy;
  Rig rig(pack_with({a}));
  rig.start("a");
  CHECK(rig.tick().empty());
  // t2: finished, then destroyed, in that order; the line still shows step 1.
  CHECK(rig.tick() == Events{"finished", "destroyed"});
  CHECK(rig.actor().destroyed);
  const runtime::ActorView v = runtime::describe(rig.pack(), rig.actor());
  CHECK(v.destroyed);
  CHECK(v.step == 1);
  CHECK(v.frame == "f/1");
  // A destroyed actor does nothing more, and cannot be switched.
  CHECK(rig.tick().empty());
  CHECK(rig.start("a", true).empty());
  CHECK(rig.actor().step == 1);
}

TEST_CASE("then: an action name switches on the same tick with a fresh countdown",
          "[player][then]") {
  ActionModel a = action("a", format::Mode::kOnce, 1, 1);
  a.then = format::ThenKind::kAction;
  a.then_action = "b";
  ActionModel b = action("b", format::Mode::kLoop, 2, 2);
  b.steps[0][0].event = "b0";
  Rig rig(pack_with({a, b}));
  runtime::set_speed(rig.actor(), 3000);
  rig.start("a");
  // t1: 1000 - 3000 = -2000: a finishes, then b: step 0 entered (b0) with a FRESH countdown
  // of 2000 (the -2000 is not carried, or b would be at step 1 already).
  CHECK(rig.tick() == Events{"finished", "b0"});
  CHECK(rig.action() == "b");
  CHECK(rig.actor().step == 0);
  CHECK(rig.actor().countdown == 2000);
  // t2: 2000 - 3000 = -1000 → step 1 (1000).
  rig.tick();
  CHECK(rig.actor().step == 1);
}

TEST_CASE("then naming the action itself restarts it", "[player][then]") {
  ActionModel a = action("a", format::Mode::kOnce, 2, 1);
  a.then = format::ThenKind::kAction;
  a.then_action = "a";
  a.steps[0][0].event = "go";
  Rig rig(pack_with({a}));
  CHECK(rig.start("a") == Events{"go"});
  CHECK(rig.tick().empty());                      // t1: step 1
  CHECK(rig.tick() == Events{"finished", "go"});  // t2: finished, restarted at step 0
  CHECK(rig.actor().step == 0);
  CHECK(rig.tick().empty());  // t3: step 1
  CHECK(rig.actor().step == 1);
}

// --- reverse -------------------------------------------------------------------------------

TEST_CASE("reverse plays the list backwards and loop_from counts in played order",
          "[player][reverse]") {
  ActionModel a = action("a", format::Mode::kLoop, 4, 1);
  a.reverse = true;
  a.loop_from = 1;
  Rig rig(pack_with({a}));
  rig.start("a");
  // Played order is list 3,2,1,0; loop_from 1 is played index 1 = list step 2. The reported
  // step is the list index.
  CHECK(rig.actor().step == 3);
  CHECK(rig.steps(7) == Steps{2, 1, 0, 2, 1, 0, 2});
}

TEST_CASE("a reversed pingpong starts at the last step and ends there", "[player][reverse]") {
  ActionModel a = action("a", format::Mode::kPingpong, 3, 1);
  a.reverse = true;
  a.repeat = 1;
  Rig rig(pack_with({a}));
  rig.start("a");
  // Played 0,1,2,1,0 = list 2,1,0,1,2; finishing holds played 0 = list 2.
  CHECK(rig.actor().step == 2);
  CHECK(rig.steps(4) == Steps{1, 0, 1, 2});
  CHECK(rig.tick() == Events{"finished"});
  CHECK(rig.actor().step == 2);
}

TEST_CASE("a reversed walk subtracts moves on entry and ends where the forward one began",
          "[player][reverse]") {
  ActionModel fwd = action("fwd", format::Mode::kOnce, 3, 2);
  fwd.steps[0] = {step("f/0", 2, "", 1, 0), step("f/1", 2, "", 2, 10), step("f/2", 2, "", 4, 0)};
  ActionModel rev = fwd;
  rev.name = "rev";
  rev.reverse = true;
  SECTION("forward: each move is added when its step's time runs out") {
    Rig rig(pack_with({fwd, rev}));
    rig.start("fwd");
    CHECK(rig.actor().x == 0);
    rig.tick();
    CHECK(rig.actor().x == 0);  // t1: step 0 still running
    rig.tick();
    CHECK(rig.actor().x == 1);  // t2: step 0 ended
    rig.tick();
    rig.tick();
    CHECK(rig.actor().x == 3);  // t4: step 1 ended (+2, +10)
    CHECK(rig.actor().y == 10);
    rig.tick();
    rig.tick();
    CHECK(rig.actor().x == 7);  // t6: step 2 ended, finished
    CHECK(rig.actor().holding);
  }
  SECTION("reversed: each move is subtracted when its step is entered") {
    Rig rig(pack_with({fwd, rev}));
    rig.actor().x = 7;
    rig.actor().y = 10;
    rig.start("rev");
    CHECK(rig.actor().step == 2);
    CHECK(rig.actor().x == 3);  // t0: list step 2 entered: 7 - 4
    rig.tick();
    CHECK(rig.actor().x == 3);
    rig.tick();
    CHECK(rig.actor().step == 1);  // t2: list step 1 entered: 3 - 2, 10 - 10
    CHECK(rig.actor().x == 1);
    CHECK(rig.actor().y == 0);
    rig.tick();
    rig.tick();
    CHECK(rig.actor().x == 0);  // t4: list step 0 entered: 1 - 1
    rig.tick();
    CHECK(rig.tick() == Events{"finished"});  // t6
    CHECK(rig.actor().x == 0);                // nothing is added at the end of a reversed step
  }
}

TEST_CASE("root motion uses the move of the view the actor faces", "[player][move]") {
  ActionModel walk;
  walk.name = "walk";
  walk.views = 2;
  walk.steps = {{step("f/0", 1, "", 2, 0)}, {step("f/0", 1, "", -2, 0, true)}};
  Rig rig(pack_with({walk}));
  rig.start("walk");
  rig.tick();
  CHECK(rig.actor().x == 2);
  rig.angle(180);
  rig.tick();
  CHECK(rig.actor().x == 0);
}

// --- transitions ---------------------------------------------------------------------------

namespace {

// walk: loop of two 3-tick steps; at the end of a cycle, to idle unless `move` is held;
// immediate: to attack when `fire` is held. attack: once, 2 + 2 ticks, then walk.
PackModel walk_pack() {
  ActionModel walk = action("walk", format::Mode::kLoop, 2, 3);
  TransitionModel to_idle;
  to_idle.to = "idle";
  to_idle.unless = {"move"};
  TransitionModel to_attack;
  to_attack.to = "attack";
  to_attack.when = {"fire"};
  to_attack.immediate = true;
  walk.transitions = {to_idle, to_attack};
  ActionModel idle = action("idle", format::Mode::kLoop, 1, 4);
  ActionModel attack = action("attack", format::Mode::kOnce, 2, 2);
  attack.steps[0][0].event = "swing";
  attack.then = format::ThenKind::kAction;
  attack.then_action = "walk";
  return pack_with({walk, idle, attack});
}

}  // namespace

TEST_CASE("transitions are tried when a cycle completes, not before", "[player][transition]") {
  Rig rig(walk_pack());
  rig.press("move");
  rig.start("walk");
  rig.tick();  // t1
  rig.tick();  // t2
  rig.tick();  // t3: step 1
  rig.release("move");
  // Released mid-cycle: nothing happens until step 1's time runs out on t6.
  rig.tick();
  rig.tick();
  CHECK(rig.action() == "walk");
  CHECK(rig.actor().step == 1);
  rig.tick();  // t6: cycle complete, `unless move` holds → idle, not "next cycle"
  CHECK(rig.action() == "idle");
  CHECK(rig.actor().step == 0);
}

TEST_CASE("a held unless input keeps the action cycling", "[player][transition]") {
  Rig rig(walk_pack());
  rig.press("move");
  rig.start("walk");
  CHECK(rig.steps(12) == Steps{0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0});
  CHECK(rig.action() == "walk");
}

TEST_CASE("immediate rules switch at the start of a tick and the clock does not advance",
          "[player][transition]") {
  Rig rig(walk_pack());
  rig.press("move");
  rig.start("walk");
  rig.tick();  // t1: 2000 left
  rig.press("fire");
  // t2: the immediate rule fires before the countdown: attack step 0 entered (swing) with
  // 2000; the clock does not advance on this tick, so step 0 shows on t2 and t3.
  CHECK(rig.tick() == Events{"swing"});
  CHECK(rig.action() == "attack");
  CHECK(rig.actor().countdown == 2000);
  rig.release("fire");
  rig.tick();
  CHECK(rig.actor().step == 0);  // t3
  rig.tick();
  CHECK(rig.actor().step == 1);  // t4
  rig.tick();
  CHECK(rig.tick() == Events{"finished"});  // t6: then walk (step 0 has no event)
  CHECK(rig.action() == "walk");
}

TEST_CASE("the first matching rule wins and when needs every input held", "[player][transition]") {
  ActionModel a = action("a", format::Mode::kLoop, 1, 1);
  TransitionModel both;
  both.to = "b";
  both.when = {"x", "y"};
  TransitionModel only_x;
  only_x.to = "c";
  only_x.when = {"x"};
  TransitionModel also_x;
  also_x.to = "b";
  also_x.when = {"x"};
  a.transitions = {both, only_x, also_x};
  PackModel m = pack_with(
      {a, action("b", format::Mode::kLoop, 1, 1), action("c", format::Mode::kLoop, 1, 1)});
  SECTION("only x held: the first rule fails, the second matches") {
    Rig rig(m);
    rig.press("x");
    rig.start("a");
    rig.tick();
    CHECK(rig.action() == "c");
  }
  SECTION("x and y held: the first rule matches") {
    Rig rig(m);
    rig.press("x");
    rig.press("y");
    rig.start("a");
    rig.tick();
    CHECK(rig.action() == "b");
  }
  SECTION("nothing held: the loop goes on") {
    Rig rig(m);
    rig.start("a");
    rig.tick();
    CHECK(rig.action() == "a");
  }
}

TEST_CASE("a transition at the end of the last cycle switches instead of finishing",
          "[player][transition]") {
  ActionModel a = action("a", format::Mode::kOnce, 1, 1);
  a.then = format::ThenKind::kDestroy;
  TransitionModel t;
  t.to = "b";
  t.when = {"go"};
  a.transitions = {t};
  Rig rig(pack_with({a, action("b", format::Mode::kLoop, 1, 1)}));
  rig.press("go");
  rig.start("a");
  CHECK(rig.tick().empty());  // no finished, no destroyed
  CHECK(rig.action() == "b");
  CHECK_FALSE(rig.actor().destroyed);
}

TEST_CASE("a transition naming the action itself restarts it", "[player][transition]") {
  ActionModel a = action("a", format::Mode::kLoop, 3, 1);
  a.loop_from = 2;
  a.steps[0][0].event = "begin";
  TransitionModel self;
  self.to = "a";
  self.when = {"again"};
  a.transitions = {self};
  Rig rig(pack_with({a}));
  rig.start("a");
  rig.tick();
  rig.tick();  // t2: step 2
  rig.press("again");
  // t3: cycle ends; without the rule the loop would go to loop_from 2; the rule restarts
  // the action at step 0 with its event.
  CHECK(rig.tick() == Events{"begin"});
  CHECK(rig.actor().step == 0);
}

TEST_CASE("a held action still takes immediate rules", "[player][transition]") {
  ActionModel a = action("a", format::Mode::kOnce, 1, 1);
  TransitionModel t;
  t.to = "b";
  t.when = {"go"};
  t.immediate = true;
  a.transitions = {t};
  Rig rig(pack_with({a, action("b", format::Mode::kLoop, 1, 1)}));
  rig.start("a");
  CHECK(rig.tick() == Events{"finished"});
  CHECK(rig.actor().holding);
  rig.press("go");
  rig.tick();
  CHECK(rig.action() == "b");
  CHECK_FALSE(rig.actor().holding);
}

// --- switching -----------------------------------------------------------------------------

TEST_CASE("setting the action an actor already plays does nothing unless restart",
          "[player][switch]") {
  ActionModel a = action("a", format::Mode::kLoop, 2, 3);
  a.steps[0][0].event = "e";
  Rig rig(pack_with({a}));
  rig.start("a");
  rig.tick();
  rig.tick();  // t2: 1000 left in step 0
  CHECK(rig.start("a").empty());
  CHECK(rig.actor().countdown == 1000);
  rig.tick();
  CHECK(rig.actor().step == 1);
  CHECK(rig.start("a", /*restart=*/true) == Events{"e"});
  CHECK(rig.actor().step == 0);
  CHECK(rig.actor().countdown == 3000);
}

TEST_CASE("a switch keeps the angle and the position and enters the new step at once",
          "[player][switch]") {
  ActionModel a = action("a", format::Mode::kLoop, 2, 3);
  ActionModel b;
  b.name = "b";
  b.views = 4;
  b.steps = {
      {step("f/0", 5, "b")}, {step("f/1", 5, "b")}, {step("f/2", 5, "b")}, {step("f/3", 5, "b")}};
  Rig rig(pack_with({a, b}));
  rig.actor().x = 3.25;
  rig.actor().y = -1.5;
  rig.angle(180);
  rig.start("a");
  rig.tick();
  CHECK(rig.start("b") == Events{"b"});
  CHECK(rig.actor().view == 2);  // 180 with 4 views: west
  CHECK(rig.frame() == "f/2");
  CHECK(rig.actor().x == 3.25);
  CHECK(rig.actor().y == -1.5);
  CHECK(rig.actor().countdown == 5000);
}

TEST_CASE("a blank step shows no frame", "[player]") {
  ActionModel a = action("a", format::Mode::kLoop, 2, 1);
  a.steps[0][1].frame = "";
  Rig rig(pack_with({a}));
  rig.start("a");
  CHECK(rig.frame() == "f/0");
  rig.tick();
  CHECK(rig.frame().empty());
}

TEST_CASE("flips are reported as x, y and xy", "[player]") {
  ActionModel a = action("a", format::Mode::kLoop, 4, 1);
  a.steps[0][1].flip_x = true;
  a.steps[0][2].flip_y = true;
  a.steps[0][3].flip_x = a.steps[0][3].flip_y = true;
  Rig rig(pack_with({a}));
  rig.start("a");
  std::vector<std::string> flips;
  for (int i = 0; i < 4; ++i) {
    flips.emplace_back(runtime::describe(rig.pack(), rig.actor()).flip);
    rig.tick();
  }
  CHECK(flips == std::vector<std::string>{"", "x", "y", "xy"});
}

TEST_CASE("an event buffer counts the events that did not fit", "[player][event]") {
  ActionModel a = action("a", format::Mode::kLoop, 1, 1);
  a.steps[0][0].event = "e";
  Rig rig(pack_with({a}));
  rig.start("a");
  runtime::set_speed(rig.actor(), 40000);
  EventBuffer ev;
  runtime::tick(rig.pack(), rig.actor(), ev);
  // 1000 - 40000: the step ends and is re-entered 40 times (the 40th leaves 1000).
  CHECK(ev.count == EventBuffer::kCapacity);
  CHECK(ev.dropped == 40 - EventBuffer::kCapacity);
}

// --- the public conformance case ----------------------------------------------------------

namespace {

// /work/shared/conformance/fx.sprites.yaml as a model: strip.png cut into six 8x8 frames
// with origin (4, 7); the four actions as written there.
PackModel fx_model() {
  PackModel m;
  m.tick_rate = 60;
  PageModel page;
  page.width = 48;
  page.height = 8;
  page.png = fake_png(0, 16);
  m.pages = {page};
  add_fx_frames_and_actions(m);
  return m;
}

const double kAnyX = -1e9;  // x set by the scene's move_to tween (not the player's)

struct TraceLine {
  int tick;
  const char* actor;
  const char* action;
  std::uint32_t step;
  std::uint32_t view;
  const char* frame;
  const char* flip;
  double x;
  std::vector<std::string> events;
};

// The lines of /work/shared/conformance/demo.trace.jsonl (ticks 0-40; y is 20 throughout).
const TraceLine kDemoTrace[] = {
    {0, "hero", "walk", 0, 0, "s/0", "", 10, {}},
    {1, "hero", "walk", 0, 0, "s/0", "", 10, {}},
    {2, "hero", "walk", 0, 0, "s/0", "", 10, {}},
    {3, "hero", "walk", 1, 0, "s/1", "", 10, {}},
    {4, "hero", "walk", 1, 0, "s/1", "", 10, {}},
    {5, "hero", "walk", 1, 0, "s/1", "", 10, {}},
    {6, "hero", "walk", 0, 1, "s/0", "x", 12, {}},
    {7, "hero", "walk", 0, 1, "s/0", "x", 12, {}},
    {8, "hero", "walk", 0, 1, "s/0", "x", 12, {}},
    {9, "hero", "attack", 0, 0, "s/4", "", 12, {}},
    {10, "hero", "attack", 0, 0, "s/4", "", 12, {}},
    {11, "hero", "attack", 1, 0, "s/5", "", 12, {"hit"}},
    {12, "hero", "attack", 1, 0, "s/5", "", 12, {}},
    {13, "hero", "attack", 1, 0, "s/5", "", 12, {}},
    {14, "hero", "attack", 1, 0, "s/5", "", 12, {}},
    {15, "hero", "attack", 1, 0, "s/5", "", 12, {}},
    {16, "bang", "boom", 0, 0, "s/3", "", 30, {}},
    {16, "hero", "idle", 0, 0, "s/2", "", 12, {"finished"}},
    {17, "bang", "boom", 0, 0, "s/3", "", 30, {}},
    {17, "hero", "idle", 0, 0, "s/2", "", kAnyX, {}},
    {18, "bang", "boom", 1, 0, "s/4", "", 30, {"flash"}},
    {18, "hero", "idle", 0, 0, "s/2", "", kAnyX, {}},
    {19, "bang", "boom", 1, 0, "s/4", "", 30, {}},
    {19, "hero", "idle", 0, 0, "s/2", "", kAnyX, {}},
    {20, "bang", "boom", 2, 0, "s/5", "", 30, {}},
    {20, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {21, "bang", "boom", 2, 0, "s/5", "", 30, {}},
    {21, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {22, "bang", "boom", 1, 0, "s/4", "", 30, {"flash"}},
    {22, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {23, "bang", "boom", 1, 0, "s/4", "", 30, {}},
    {23, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {24, "bang", "boom", 0, 0, "s/3", "", 30, {}},
    {24, "hero", "idle", 2, 0, "s/2", "", kAnyX, {}},
    {25, "bang", "boom", 0, 0, "s/3", "", 30, {}},
    {25, "hero", "idle", 2, 0, "s/2", "", kAnyX, {}},
    {26, "bang", "boom", 0, 0, "s/3", "", 30, {"finished", "destroyed"}},
    {26, "hero", "idle", 2, 0, "s/2", "", kAnyX, {}},
    {27, "hero", "idle", 2, 0, "s/2", "", kAnyX, {}},
    {28, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {29, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {30, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {31, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {32, "hero", "idle", 2, 0, "s/2", "", kAnyX, {}},
    {33, "hero", "idle", 2, 0, "s/2", "", kAnyX, {}},
    {34, "hero", "idle", 2, 0, "s/2", "", kAnyX, {}},
    {35, "hero", "idle", 2, 0, "s/2", "", kAnyX, {}},
    {36, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {37, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {38, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {39, "hero", "idle", 1, 0, "s/3", "", kAnyX, {}},
    {40, "hero", "idle", 2, 0, "s/2", "", kAnyX, {}},
};

}  // namespace

TEST_CASE("the player reproduces the public conformance trace of the demo scene",
          "[player][conformance]") {
  // demo.scene.yaml, its script driven by hand (the script is sim's):
  //   t0: hero starts walk at (10, 20), angle 0, and presses move.
  //   wait 100ms = 6 ticks → on t6 (after the actors step): angle 180.
  //   wait 50ms = 3 ticks → on t9: release move, action attack until finished.
  //   hero raises finished on t16 → spawn bang (boom at (30, 20)); together: hero move_to
  //   (the tween moves x: not checked from t17 on), bang angle 90 (one view: view 0).
  const std::vector<std::uint8_t> bytes = write_or_fail(fx_model());
  PackView pack;
  REQUIRE(runtime::parse_pack(bytes.data(), bytes.size(), pack).ok());
  ActorState hero, bang;
  bool bang_live = false;
  EventBuffer hero_ev, bang_ev;
  hero.x = 10;
  hero.y = 20;
  runtime::set_angle(pack, hero, 0);
  runtime::start(pack, hero, pack.find_action("walk"), false, hero_ev);
  runtime::press(hero, runtime::input_bit(pack, "move"));

  auto check = [&](const TraceLine& line, const ActorState& st, const EventBuffer& ev) {
    const runtime::ActorView v = runtime::describe(pack, st);
    INFO("tick " << line.tick << " actor " << line.actor);
    CHECK(v.action == line.action);
    CHECK(v.step == line.step);
    CHECK(v.view == line.view);
    CHECK(v.frame == line.frame);
    CHECK(std::string(v.flip) == line.flip);
    if (line.x != kAnyX) CHECK(v.x == Approx(line.x).margin(0.001));
    CHECK(v.y == Approx(20).margin(0.001));
    std::vector<std::string> names;
    for (std::size_t i = 0; i < ev.count; ++i)
      names.emplace_back(runtime::event_name(pack, ev.codes[i]));
    CHECK(names == line.events);
  };

  std::size_t next = 0;
  const std::size_t n = sizeof kDemoTrace / sizeof kDemoTrace[0];
  for (int t = 0; t <= 40; ++t) {
    if (t > 0) {
      // (1) actors step, in name order: bang, hero.
      bang_ev.clear();
      hero_ev.clear();
      if (bang_live) runtime::tick(pack, bang, bang_ev);
      runtime::tick(pack, hero, hero_ev);
      // (2) the script.
      if (t == 6) runtime::set_angle(pack, hero, 180);
      if (t == 9) {
        runtime::release(hero, runtime::input_bit(pack, "move"));
        runtime::start(pack, hero, pack.find_action("attack"), false, hero_ev);
      }
      bool hero_finished = false;
      for (std::size_t i = 0; i < hero_ev.count; ++i)
        hero_finished |= hero_ev.codes[i] == runtime::kEventFinished;
      if (t > 9 && hero_finished && !bang_live) {
        bang_live = true;
        bang.x = 30;
        bang.y = 20;
        runtime::set_angle(pack, bang, 0);
        runtime::start(pack, bang, pack.find_action("boom"), false, bang_ev);
        runtime::set_angle(pack, bang, 90);
      }
    }
    // (3) the lines of tick t.
    for (; next < n && kDemoTrace[next].tick == t; ++next) {
      const TraceLine& line = kDemoTrace[next];
      if (std::string(line.actor) == "hero") {
        check(line, hero, hero_ev);
      } else {
        REQUIRE(bang_live);
        check(line, bang, bang_ev);
      }
    }
    if (bang_live && bang.destroyed && t == 26) bang_live = false;  // its last line was t26
  }
  CHECK(next == n);
}

TEST_CASE("any integer angle picks a view, even at the limits of int64", "[player][view]") {
  using runtime::choose_view;
  // INT64_MAX = 9223372036854775807 ≡ 7 (mod 360) → 4 views: (28 + 180) / 360 = 0.
  CHECK(choose_view(INT64_MAX, 0, 4) == 0);
  // INT64_MIN ≡ -8 ≡ 352 → (1408 + 180) / 360 = 4.4 → 4 mod 4 = 0.
  CHECK(choose_view(INT64_MIN, 0, 4) == 0);
  CHECK(choose_view(INT64_MIN, INT32_MIN, 8) < 8);
}

TEST_CASE("tick says whether a step ended: false while it only counts down", "[player][tick]") {
  EventBuffer ev;
  SECTION("a loop of 3-tick steps: true on the ticks a step is entered") {
    Rig rig(pack_with({action("a", format::Mode::kLoop, 2, 3)}));
    rig.start("a");
    std::vector<bool> changed;
    for (int t = 1; t <= 7; ++t)
      changed.push_back(runtime::tick(rig.pack(), rig.actor(), ev));
    // Step 0 shows t0-t2, step 1 t3-t5, step 0 again from t6.
    CHECK(changed == std::vector<bool>{false, false, true, false, false, true, false});
  }
  SECTION("a finished once-action holds: false from then on") {
    Rig rig(pack_with({action("a", format::Mode::kOnce, 1, 2)}));
    rig.start("a");
    CHECK_FALSE(runtime::tick(rig.pack(), rig.actor(), ev));  // t1: counting down
    CHECK(runtime::tick(rig.pack(), rig.actor(), ev));        // t2: finished, holds
    CHECK(rig.actor().holding);
    CHECK_FALSE(runtime::tick(rig.pack(), rig.actor(), ev));
  }
  SECTION("speed 0 never ends a step; no action is no change") {
    Rig rig(pack_with({action("a", format::Mode::kLoop, 2, 1)}));
    ActorState idle;
    CHECK_FALSE(runtime::tick(rig.pack(), idle, ev));
    rig.start("a");
    runtime::set_speed(rig.actor(), 0);
    CHECK_FALSE(runtime::tick(rig.pack(), rig.actor(), ev));
    CHECK(rig.actor().step == 0);
  }
}

namespace {

// Positions next_played gives from position 0, with a '|' after each cycle's end.
std::string walked(const runtime::Action& a, int count) {
  std::string out;
  bool backward = false;
  std::uint32_t p = 0;
  for (int i = 0; i < count; ++i) {
    out += std::to_string(p);
    const runtime::NextStep next = runtime::next_played(a, p, backward);
    out += next.cycle_end ? "|" : " ";
    p = next.played;
  }
  return out;
}

}  // namespace

TEST_CASE("next_played walks each mode in the order section 3 gives", "[player][mode]") {
  runtime::Action a;
  a.steps_per_view = 3;
  a.mode = runtime::Mode::kLoop;
  a.loop_from = 1;
  CHECK(walked(a, 7) == "0 1 2|1 2|1 2|");
  a.mode = runtime::Mode::kOnce;
  CHECK(walked(a, 4) == "0 1 2|2|");
  // Pingpong: the end steps are not repeated; a cycle ends on step 0, the next starts at 1.
  a.mode = runtime::Mode::kPingpong;
  CHECK(walked(a, 9) == "0 1 2 1 0|1 2 1 0|");
  a.steps_per_view = 1;
  CHECK(walked(a, 2) == "0|0|");
}
