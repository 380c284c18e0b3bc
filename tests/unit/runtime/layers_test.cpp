// Layered actors (runtime/layers.hpp, format 1.3): a master's clock with its pieces' frames
// drawn in each view's order. Expected layers are worked out by hand from docs/runtime.md's
// rule: for the master's current step index i of view v, slot s draws its piece's step i of
// view v, in view v's order back to front; `self` draws the master's own step.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pack_fixtures.hpp"
#include "spritec/runtime/layers.hpp"

using namespace spritec;
using namespace spritec::test;

namespace {

// Frames named as given, each a 4x4 rectangle of page 0 with origin (2, 3).
std::vector<FrameModel> frames_named(const std::vector<std::string>& names) {
  std::vector<FrameModel> out;
  for (const std::string& n : names)
    out.push_back(frame(n, 0, 0, 0, 4, 4, 2, 3, 4, 4, 0, 0));
  return out;
}

PackModel empty_model(std::uint32_t tick_rate = 60) {
  PackModel m;
  m.tick_rate = tick_rate;
  PageModel page;
  page.width = 4;
  page.height = 4;
  page.png = fake_png(0, 64);
  m.pages = {page};
  return m;
}

// The master: slots sword and hat; view 0 draws self, sword, hat; view 1 sword, self (no hat).
// walk: 3 steps of 2 ticks per view, the last of view 0 blank; idle: 1 step.
PackModel master_model() {
  PackModel m = empty_model();
  m.frames = frames_named({"b0", "b1", "b2", "b3"});
  ActionModel walk;
  walk.name = "walk";
  walk.views = 2;
  walk.steps = {{step("b0", 2, "left"), step("b1", 2), step("", 2)},
                {step("b2", 2, "left"), step("b3", 2), step("b2", 2)}};
  ActionModel idle;
  idle.name = "idle";
  idle.views = 2;
  idle.steps = {{step("b0", 5)}, {step("b2", 5)}};
  m.actions = {walk, idle};
  m.layers.slots = {"sword", "hat"};
  m.layers.order = {{"self", "sword", "hat"}, {"sword", "self"}};
  return m;
}

// A piece of one slot: walk only (3 steps per view, frames PREFIX0..5, the second step of
// view 1 flipped), with the master's timing unless `ticks` says otherwise.
PackModel piece_model(const std::string& slot, const std::string& prefix, std::uint32_t ticks = 2) {
  PackModel m = empty_model();
  std::vector<std::string> names;
  for (int i = 0; i < 6; ++i)
    names.push_back(prefix + std::to_string(i));
  m.frames = frames_named(names);
  ActionModel walk;
  walk.name = "walk";
  walk.views = 2;
  walk.steps = {{step(names[0], ticks, "left"), step(names[1], ticks), step(names[2], ticks)},
                {step(names[3], ticks, "left"), step(names[4], ticks, "", 0, 0, true),
                 step(names[5], ticks)}};
  m.actions = {walk};
  m.layers.slot = slot;
  return m;
}

struct Packs {
  std::vector<std::uint8_t> master_bytes, sword_bytes, hat_bytes;
  runtime::PackView master, sword, hat;
  Packs(PackModel hat_model = piece_model("hat", "h"))
      : master_bytes(write_or_fail(master_model())),
        sword_bytes(write_or_fail(piece_model("sword", "s"))),
        hat_bytes(write_or_fail(hat_model)) {
    REQUIRE(parse(master_bytes, master));
    REQUIRE(parse(sword_bytes, sword));
    REQUIRE(parse(hat_bytes, hat));
  }
};

// "slot:frame[flip]" for each layer, back to front.
std::string layers_of(const runtime::PackView& master, const runtime::ActorState& st,
                      const runtime::Equipment& gear) {
  std::string out;
  runtime::for_each_layer(master, st, gear, [&](const runtime::Layer& l) {
    out += (out.empty() ? "" : " ") + std::string(runtime::slot_name(master, l.slot)) + ":" +
           std::string(l.pack->frame_name(l.frame)) + runtime::flip_name(l.flip);
  });
  return out;
}

}  // namespace

TEST_CASE("a layered pack and a piece round-trip through format 1.3", "[layers]") {
  const PackModel master = master_model(), piece = piece_model("sword", "s");
  for (const PackModel& m : {master, piece}) {
    const std::vector<std::uint8_t> bytes = write_or_fail(m);
    runtime::PackView v;
    REQUIRE(parse(bytes, v));
    CHECK(v.version_minor() == 3);
    CHECK(format::read_model(v) == m);
  }
  Packs p;
  CHECK(p.master.layered());
  CHECK_FALSE(p.master.piece());
  CHECK(p.master.slot_count() == 2);
  CHECK(p.master.layer_views() == 2);
  CHECK(p.master.layer_entry(1, 0) == 0);  // sword
  CHECK(p.master.layer_entry(1, 1) == runtime::spk::kLayerSelf);
  CHECK(p.master.layer_entry(1, 2) == runtime::kNone);
  CHECK(p.sword.piece());
  CHECK(p.sword.piece_slot() == "sword");
  // A pack of neither kind keeps format 1.0 and has no slots.
  PackModel plain = piece_model("", "p");
  runtime::PackView v;
  const std::vector<std::uint8_t> bytes = write_or_fail(plain);
  REQUIRE(parse(bytes, v));
  CHECK(v.version_minor() == 0);
  CHECK_FALSE(v.layered());
  CHECK_FALSE(v.piece());
}

TEST_CASE("each view draws its order, each slot the piece's step of the master's index",
          "[layers]") {
  Packs p;
  const runtime::PackIndex index(p.master);
  runtime::Piece sword, hat;
  REQUIRE(runtime::bind_piece(index, p.sword, sword));
  REQUIRE(runtime::bind_piece(index, p.hat, hat));
  runtime::Equipment gear;
  runtime::equip(gear, sword);
  runtime::equip(gear, hat);
  runtime::ActorState st;
  runtime::EventBuffer events;
  runtime::start(p.master, st, p.master.find_action("walk"), false, events);
  CHECK(layers_of(p.master, st, gear) == "self:b0 sword:s0 hat:h0");
  for (int t = 0; t < 2; ++t)
    runtime::tick(p.master, st, events);
  CHECK(layers_of(p.master, st, gear) == "self:b1 sword:s1 hat:h1");
  for (int t = 0; t < 2; ++t)
    runtime::tick(p.master, st, events);
  // The master's step is blank: self draws nothing, the pieces still draw.
  CHECK(layers_of(p.master, st, gear) == "sword:s2 hat:h2");
  // Turning to view 1 (180 degrees with 2 views) keeps the step: sword behind, no hat.
  runtime::set_angle(p.master, st, 180);
  CHECK(layers_of(p.master, st, gear) == "sword:s5 self:b2");
  runtime::tick(p.master, st, events);
  runtime::tick(p.master, st, events);
  CHECK(layers_of(p.master, st, gear) == "sword:s3 self:b2");
  runtime::tick(p.master, st, events);
  runtime::tick(p.master, st, events);
  CHECK(layers_of(p.master, st, gear) == "sword:s4x self:b3");
}

TEST_CASE("equipping and unequipping never touch the clock", "[layers]") {
  Packs p;
  const runtime::PackIndex index(p.master);
  runtime::Piece sword, hat;
  REQUIRE(runtime::bind_piece(index, p.sword, sword));
  REQUIRE(runtime::bind_piece(index, p.hat, hat));
  runtime::Equipment gear;
  runtime::ActorState st;
  runtime::EventBuffer events;
  runtime::start(p.master, st, p.master.find_action("walk"), false, events);
  runtime::tick(p.master, st, events);
  runtime::tick(p.master, st, events);
  runtime::tick(p.master, st, events);  // step 1, one tick of its two gone
  const runtime::ActorState before = st;
  CHECK(layers_of(p.master, st, gear) == "self:b1");
  runtime::equip(gear, hat);
  CHECK(layers_of(p.master, st, gear) == "self:b1 hat:h1");
  runtime::equip(gear, sword);
  runtime::unequip(gear, hat.slot);
  CHECK(layers_of(p.master, st, gear) == "self:b1 sword:s1");
  CHECK(st.step == before.step);
  CHECK(st.countdown == before.countdown);
  CHECK(st.played == before.played);
  runtime::tick(p.master, st, events);
  CHECK(st.step == 2);
  CHECK(layers_of(p.master, st, gear) == "sword:s2");
}

TEST_CASE("a piece without the current action draws nothing during it", "[layers]") {
  Packs p;
  const runtime::PackIndex index(p.master);
  runtime::Piece sword;
  REQUIRE(runtime::bind_piece(index, p.sword, sword));
  runtime::Equipment gear;
  runtime::equip(gear, sword);
  runtime::ActorState st;
  runtime::EventBuffer events;
  runtime::start(p.master, st, p.master.find_action("idle"), false, events);
  CHECK(layers_of(p.master, st, gear) == "self:b0");
  runtime::start(p.master, st, p.master.find_action("walk"), false, events);
  CHECK(layers_of(p.master, st, gear) == "self:b0 sword:s0");
}

TEST_CASE("check_piece names each kind of mismatch", "[layers]") {
  Packs p;
  const runtime::PackIndex index(p.master);
  SECTION("a piece with the master's timing fits without remark") {
    const runtime::PieceCheck c = runtime::check_piece(index, p.sword);
    CHECK(c.ok());
    CHECK(c.slot == 0);
    CHECK(c.timing_action == runtime::kNone);
  }
  SECTION("other durations fit, and are named as ignored") {
    Packs slow(piece_model("hat", "h", 3));
    const runtime::PieceCheck c = runtime::check_piece(runtime::PackIndex(slow.master), slow.hat);
    CHECK(c.ok());
    CHECK(c.timing_action == 0);
  }
  auto check_of = [](const PackModel& piece) {
    Packs q(piece);
    return runtime::check_piece(runtime::PackIndex(q.master), q.hat);
  };
  SECTION("an action the master lacks") {
    PackModel m = piece_model("hat", "h");
    m.actions[0].name = "run";
    const runtime::PieceCheck c = check_of(m);
    CHECK(c.mismatch == runtime::PieceMismatch::kAction);
    CHECK(c.piece_action == 0);
  }
  SECTION("other views") {
    PackModel m = piece_model("hat", "h");
    m.actions[0].views = 1;
    m.actions[0].steps.pop_back();
    const runtime::PieceCheck c = check_of(m);
    CHECK(c.mismatch == runtime::PieceMismatch::kViews);
    CHECK(c.master_count == 2);
    CHECK(c.piece_count == 1);
  }
  SECTION("other step counts") {
    PackModel m = piece_model("hat", "h");
    for (auto& view : m.actions[0].steps)
      view.pop_back();
    const runtime::PieceCheck c = check_of(m);
    CHECK(c.mismatch == runtime::PieceMismatch::kSteps);
    CHECK(c.master_count == 3);
    CHECK(c.piece_count == 2);
  }
  SECTION("a slot the master does not declare") {
    CHECK(check_of(piece_model("cape", "h")).mismatch == runtime::PieceMismatch::kUnknownSlot);
  }
  SECTION("a master that is not layered, a piece that is not a piece") {
    CHECK(runtime::check_piece(runtime::PackIndex(p.sword), p.hat).mismatch ==
          runtime::PieceMismatch::kNotLayered);
    CHECK(runtime::check_piece(index, p.master).mismatch == runtime::PieceMismatch::kNotPiece);
  }
}

TEST_CASE("the reader refuses malformed slots and draw orders", "[layers]") {
  const std::vector<std::uint8_t> good = write_or_fail(master_model());
  const std::size_t order = section_offset(good, runtime::spk::kTagLayerOrder);
  auto refused = [](std::vector<std::uint8_t> b, const char* message) {
    fix_checksum(b);
    runtime::PackView v;
    const runtime::ParseResult r = parse(b, v);
    CHECK_FALSE(r.ok());
    CHECK(std::string(r.message) == message);
  };
  SECTION("a slot index out of range") {
    std::vector<std::uint8_t> b = good;
    put_u32(b, order + 4, 7);
    refused(b, "layer order: slot index out of range");
  }
  SECTION("a slot drawn twice in one view") {
    std::vector<std::uint8_t> b = good;
    put_u32(b, order + 4, runtime::spk::kLayerSelf);
    refused(b, "layer order: a slot drawn twice");
  }
  SECTION("an entry after the row's end") {
    std::vector<std::uint8_t> b = good;
    // View 1's row is sword, self, end: put hat after the end.
    put_u32(b, order + 3 * 4 + 2 * 4, 1);
    put_u32(b, order + 3 * 4 + 1 * 4, runtime::kNone);
    refused(b, "layer order: an entry after the row's end");
  }
  SECTION("rows that do not match the actions' views") {
    std::vector<std::uint8_t> b = good;
    const std::size_t entry = directory_entry(b, runtime::spk::kTagLayerOrder);
    put_u32(b, entry + runtime::spk::SectionEntry::kOffCount, 3);
    put_u32(b, entry + runtime::spk::SectionEntry::kOffSize, 12);
    refused(b, "a layered action's views differ from its layer order's rows");
  }
  SECTION("two slots of one name") {
    std::vector<std::uint8_t> b = good;
    const std::size_t slots = section_offset(b, runtime::spk::kTagSlots);
    for (std::size_t k = 0; k < 8; ++k)
      b[slots + 8 + k] = b[slots + k];
    refused(b, "slot name listed twice");
  }
}
