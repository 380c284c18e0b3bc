// The player's per-tick path never allocates: global operator new is replaced in this test
// binary and counted while 1,000 actors run 2,000 ticks through every kind of action.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>

#include "pack_fixtures.hpp"
#include "spritec/runtime/layers.hpp"
#include "spritec/runtime/pack_index.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/shapes.hpp"

namespace {
std::atomic<long> g_allocations{0};
}

#if defined(__SANITIZE_ADDRESS__)
#define SPRITEC_COUNT_ALLOCATIONS 0  // ASan owns operator new: nothing to count with
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SPRITEC_COUNT_ALLOCATIONS 0
#endif
#endif
#ifndef SPRITEC_COUNT_ALLOCATIONS
#define SPRITEC_COUNT_ALLOCATIONS 1
#endif

#if SPRITEC_COUNT_ALLOCATIONS
// GCC cannot see that the replaced operator new below is malloc-based.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  ++g_allocations;
  return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  ++g_allocations;
  return std::malloc(size ? size : 1);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
#endif  // SPRITEC_COUNT_ALLOCATIONS

using namespace spritec;

TEST_CASE("ticking actors allocates nothing", "[player][alloc]") {
  const std::vector<std::uint8_t> bytes = test::write_or_fail(test::sample_model());
  runtime::PackView pack;
  REQUIRE(runtime::parse_pack(bytes.data(), bytes.size(), pack).ok());
  std::vector<runtime::ActorState> actors(1000);
  runtime::EventBuffer ev;
  const long before = g_allocations.load();
  long events = 0;
  for (std::size_t i = 0; i < actors.size(); ++i) {
    runtime::ActorState& a = actors[i];
    runtime::set_angle(pack, a, std::int64_t(i * 37));
    runtime::set_speed(a, std::int32_t(250 + (i % 8) * 500));
    a.inputs = i % 4;  // some with fire / move held: transitions and immediate rules fire
    runtime::start(pack, a, std::uint32_t(i % pack.action_count()), false, ev);
  }
  for (int t = 0; t < 2000; ++t) {
    for (runtime::ActorState& a : actors) {
      ev.clear();
      runtime::tick(pack, a, ev);
      events += long(ev.count);
      if (t % 500 == 499) {
        runtime::start(pack, a, 0, true, ev);  // revive the cycle through all actions
      }
    }
  }
  const long after = g_allocations.load();
  CHECK(after - before == 0);
  if (SPRITEC_COUNT_ALLOCATIONS) {
    // The counter does see allocations: a vector of 10 ints is one.
    auto* probe = new std::vector<int>(10);
    CHECK(g_allocations.load() - after == 2);
    delete probe;
  } else {
    WARN("built with ASan: allocations were not counted");
  }
  CHECK(events > 0);
}

TEST_CASE("name lookups allocate nothing, through the view or an index", "[player][alloc][index]") {
  const std::vector<std::uint8_t> bytes = test::write_or_fail(test::sample_model());
  runtime::PackView pack;
  REQUIRE(runtime::parse_pack(bytes.data(), bytes.size(), pack).ok());
  const runtime::PackIndex index(pack);  // building it allocates; looking up does not
  const long before = g_allocations.load();
  std::uint64_t found = 0;
  for (int round = 0; round < 1000; ++round) {
    for (const char* name : {"walk", "boom", "body/2", "fx/spark", "move", "hit", "nope"}) {
      found += index.find_action(name) + index.find_frame(name) + index.find_event(name) +
               index.input_bit(name);
      found += pack.find_action(name) + pack.find_frame(name) + runtime::input_bit(pack, name);
    }
  }
  CHECK(g_allocations.load() - before == 0);
  CHECK(found != 0);
}

TEST_CASE("querying the boxes and points of what actors show allocates nothing",
          "[player][alloc][shapes]") {
  test::PackModel m = test::sample_model();
  format::ShapeModel hurt;
  hurt.name = "hurt";
  hurt.x = 1;
  hurt.y = 1;
  hurt.w = 4;
  hurt.h = 6;
  format::ShapeModel hit = hurt;
  hit.name = "hit";
  for (format::FrameModel& f : m.frames)
    f.shapes = {hurt};
  for (format::ActionModel& a : m.actions) {
    for (auto& view : a.steps)
      view[0].shapes = {hit};
  }
  const std::vector<std::uint8_t> bytes = test::write_or_fail(m);
  runtime::PackView pack;
  REQUIRE(runtime::parse_pack(bytes.data(), bytes.size(), pack).ok());
  std::vector<runtime::ActorState> actors(100);
  runtime::EventBuffer ev;
  for (std::size_t i = 0; i < actors.size(); ++i) {
    runtime::set_angle(pack, actors[i], std::int64_t(i * 37));
    runtime::start(pack, actors[i], std::uint32_t(i % pack.action_count()), false, ev);
  }
  const std::uint32_t hit_name = pack.find_shape_name("hit");
  const long before = g_allocations.load();
  long seen = 0;
  for (int t = 0; t < 200; ++t) {
    for (runtime::ActorState& a : actors) {
      ev.clear();
      runtime::tick(pack, a, ev);
      runtime::for_each_shape(pack, a, [&](const runtime::LocalShape& s) { seen += s.w; });
      runtime::LocalShape found;
      if (runtime::find_shape(pack, a, runtime::ShapeKind::kBox, hit_name, found)) ++seen;
    }
  }
  CHECK(g_allocations.load() - before == 0);
  CHECK(seen > 0);
}

TEST_CASE("drawing layered actors, equipping and unequipping allocate nothing",
          "[player][alloc][layers]") {
  // The sample pack as a master of two slots (every view draws self, then a, then b), and
  // itself as the piece of each: same actions, views and steps.
  test::PackModel master = test::sample_model();
  std::uint32_t views = 1;
  for (const format::ActionModel& a : master.actions)
    views = std::max(views, a.views);
  for (format::ActionModel& a : master.actions) {
    a.steps.resize(views, a.steps[0]);  // every action as many views as the most
    a.views = views;
  }
  test::PackModel piece_a = master, piece_b = master;
  master.layers.slots = {"a", "b"};
  master.layers.order.assign(views, {"self", "a", "b"});
  piece_a.layers.slot = "a";
  piece_b.layers.slot = "b";
  const std::vector<std::uint8_t> mb = test::write_or_fail(master),
                                  ab = test::write_or_fail(piece_a),
                                  bb = test::write_or_fail(piece_b);
  runtime::PackView mv, av, bv;
  REQUIRE(runtime::parse_pack(mb.data(), mb.size(), mv).ok());
  REQUIRE(runtime::parse_pack(ab.data(), ab.size(), av).ok());
  REQUIRE(runtime::parse_pack(bb.data(), bb.size(), bv).ok());
  const runtime::PackIndex index(mv);
  runtime::Piece pa, pb;  // binding allocates, once per pair
  REQUIRE(runtime::bind_piece(index, av, pa));
  REQUIRE(runtime::bind_piece(index, bv, pb));
  std::vector<runtime::ActorState> actors(500);
  std::vector<runtime::Equipment> gear(actors.size());
  runtime::EventBuffer ev;
  for (std::size_t i = 0; i < actors.size(); ++i) {
    runtime::set_angle(mv, actors[i], std::int64_t(i * 37));
    runtime::start(mv, actors[i], std::uint32_t(i % mv.action_count()), false, ev);
  }
  const long before = g_allocations.load();
  std::uint64_t drawn = 0;
  for (int t = 0; t < 500; ++t) {
    for (std::size_t i = 0; i < actors.size(); ++i) {
      ev.clear();
      runtime::tick(mv, actors[i], ev);
      if ((t + int(i)) % 50 == 0) runtime::equip(gear[i], (t / 50) % 2 ? pa : pb);
      if ((t + int(i)) % 70 == 0) runtime::unequip(gear[i], pa.slot);
      runtime::for_each_layer(mv, actors[i], gear[i],
                              [&](const runtime::Layer& l) { drawn += l.frame + 1; });
    }
  }
  CHECK(g_allocations.load() - before == 0);
  CHECK(drawn != 0);
}
