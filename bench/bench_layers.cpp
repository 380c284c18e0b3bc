// Layered actors (issue 26, runtime/layers.hpp): what drawing a body and its equipment costs
// a game per actor-tick. A generated master shaped as the bench crowd's pack
// (bench/crowd/make_crowd.py: walk, attack and explode in 8 views, 4-tick steps, events) with
// 7 slots and a draw order per view that names `self`, and 7 pieces of the master's actions;
// 10,000 actors each wearing all 7. One iteration is one tick of every actor; items are
// actor-ticks:
//   BM_LayersTick/0   runtime::tick alone (the crowd without drawing)
//   BM_LayersTick/1   runtime::tick, then runtime::for_each_layer on the same actor (8 layers:
//                     the body and 7 pieces, back to front), as a game's frame would
//   BM_LayersTick/2   for_each_layer alone (the actors stand still)
// A program of its own, so that bench_player's tick loop is compiled as it always was
// (docs/performance.md, "Player", and "Layered actors (issue 26)").
//
//   build/bench/bench_layers
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "spritec/format/spk_writer.hpp"
#include "spritec/runtime/layers.hpp"
#include "spritec/runtime/pack_index.hpp"
#include "spritec/runtime/player.hpp"

namespace {

using namespace spritec;

const char* const kViews[] = {"e", "se", "s", "sw", "w", "nw", "n", "ne"};
const char* const kSlots[] = {"main", "feet", "legs", "hands", "chest", "head", "offhand"};
constexpr std::uint32_t kPoses = 12;  // per view: walk 0-3, attack 4-6, explode 7-11

// 8 x 12 frames of 16x16 named VIEW/POSE, the walk, attack and explode of the crowd's pack
// in 8 views (explode's in every view, as a master needs); the master's steps move.
format::PackModel crowd_model(bool master) {
  format::PackModel m;
  m.tick_rate = 60;
  format::PageModel page;
  page.width = 16 * kPoses;
  page.height = 16 * 8;
  page.png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  m.pages = {page};
  for (std::uint32_t v = 0; v < 8; ++v) {
    for (std::uint32_t k = 0; k < kPoses; ++k) {
      format::FrameModel f;
      f.name = std::string(kViews[v]) + "/" + std::to_string(k);
      f.x = k * 16;
      f.y = v * 16;
      f.w = f.h = f.source_w = f.source_h = 16;
      f.origin_x = 8;
      f.origin_y = 15;
      m.frames.push_back(f);
    }
  }
  const int dirs[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  struct Shape {
    const char* name;
    format::Mode mode;
    std::uint32_t first_pose, steps;
    std::uint32_t ticks[5];
    int event_step;
    const char* event;
    bool moves;
  };
  const Shape shapes[] = {
      {"walk", format::Mode::kLoop, 0, 4, {4, 4, 4, 4}, -1, "", true},
      {"attack", format::Mode::kLoop, 4, 3, {5, 5, 10}, 1, "hit", false},
      {"explode", format::Mode::kPingpong, 7, 5, {3, 3, 3, 3, 3}, 4, "shake", false},
  };
  for (const Shape& s : shapes) {
    format::ActionModel act;
    act.name = s.name;
    act.views = 8;
    act.mode = s.mode;
    act.steps.resize(8);
    for (std::uint32_t v = 0; v < 8; ++v) {
      for (std::uint32_t k = 0; k < s.steps; ++k) {
        format::StepModel st;
        st.frame = std::string(kViews[v]) + "/" + std::to_string(s.first_pose + k);
        st.ticks = s.ticks[k];
        if (int(k) == s.event_step) st.event = s.event;
        if (master && s.moves) {
          st.move_x = dirs[v][0];
          st.move_y = dirs[v][1];
        }
        act.steps[v].push_back(st);
      }
    }
    m.actions.push_back(act);
  }
  return m;
}

// The master: the crowd's model with 7 slots and an order per view naming `self`.
format::PackModel master_model() {
  format::PackModel m = crowd_model(true);
  m.layers.slots.assign(std::begin(kSlots), std::end(kSlots));
  const std::vector<std::string> front = {"self",  "feet", "legs", "hands",
                                          "chest", "head", "main", "offhand"};
  const std::vector<std::string> back = {"main", "offhand", "self",  "feet",
                                         "legs", "hands",   "chest", "head"};
  for (std::uint32_t v = 0; v < 8; ++v)
    m.layers.order.push_back(v >= 5 ? back : front);  // weapons behind when facing away
  return m;
}

format::PackModel piece_model(const char* slot) {
  format::PackModel m = crowd_model(false);
  m.layers.slot = slot;
  return m;
}

// The packs' bytes, their views and the bound pieces: built once, before timing.
struct Fixture {
  std::vector<std::uint8_t> master_bytes;
  std::vector<std::vector<std::uint8_t>> piece_bytes;
  runtime::PackView master;
  std::vector<runtime::PackView> piece_views;
  std::vector<runtime::Piece> pieces;
  bool ok = true;

  Fixture() : master_bytes(format::write_spk(master_model()).value) {
    ok = runtime::parse_pack(master_bytes.data(), master_bytes.size(), master) && master.layered();
    if (!ok) return;
    for (const char* slot : kSlots)
      piece_bytes.push_back(format::write_spk(piece_model(slot)).value);
    piece_views.resize(piece_bytes.size());
    pieces.resize(piece_bytes.size());
    const runtime::PackIndex index(master);
    for (std::size_t i = 0; i < piece_bytes.size(); ++i) {
      ok = ok &&
           runtime::parse_pack(piece_bytes[i].data(), piece_bytes[i].size(), piece_views[i]) &&
           runtime::bind_piece(index, piece_views[i], pieces[i]).ok() &&
           runtime::check_piece(index, piece_views[i]).timing_action == runtime::kNone;
    }
  }
};

struct CountingSink {
  std::uint64_t* count;
  void operator()(std::uint32_t code) const { *count += code + 1; }
};

void BM_LayersTick(benchmark::State& state) {
  static const Fixture fx;
  if (!fx.ok) {
    state.SkipWithError("pack generation or binding failed");
    return;
  }
  const runtime::PackView& pack = fx.master;
  const std::size_t n = 10000;
  const int mode = int(state.range(0));
  std::vector<runtime::ActorState> actors(n);
  std::vector<runtime::Equipment> gear(n);
  std::uint64_t events = 0;
  CountingSink sink{&events};
  for (std::size_t i = 0; i < n; ++i) {
    runtime::ActorState& a = actors[i];
    a.x = double(i % 320);
    a.y = double(i / 320);
    const std::int32_t speeds[] = {1000, 1000, 1000, 500, 2000, 1500};
    runtime::set_speed(a, speeds[i % 6]);
    runtime::set_angle(pack, a, std::int64_t(i % 24) * 15);
    const std::uint32_t actions[] = {0, 0, 2, 1};  // half walk, a quarter each of the others
    runtime::start(pack, a, actions[(i / 7) % 4], false, sink);
    for (const runtime::Piece& p : fx.pieces)
      runtime::equip(gear[i], p);
  }
  // What the actors draw at the start (checked once, not timed): the body and 7 pieces each.
  std::uint64_t layers = 0;
  for (std::size_t i = 0; i < n; ++i)
    runtime::for_each_layer(pack, actors[i], gear[i],
                            [&layers](const runtime::Layer&) { ++layers; });
  std::uint64_t drawn = 0;
  auto draw = [&drawn](const runtime::Layer& l) { drawn += l.frame + l.slot; };
  for (auto _ : state) {
    if (mode == 0) {
      for (runtime::ActorState& a : actors)
        runtime::tick(pack, a, sink);
    } else if (mode == 1) {
      for (std::size_t i = 0; i < n; ++i) {
        runtime::tick(pack, actors[i], sink);
        runtime::for_each_layer(pack, actors[i], gear[i], draw);
      }
    } else {
      for (std::size_t i = 0; i < n; ++i)
        runtime::for_each_layer(pack, actors[i], gear[i], draw);
    }
  }
  benchmark::DoNotOptimize(events);
  benchmark::DoNotOptimize(drawn);
  benchmark::DoNotOptimize(actors.data());
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(n));
  state.counters["layers_per_actor"] = double(layers) / double(n);
}
// 10,000 actors for 10,000 ticks, as BM_PlayerTick/10000 (one iteration = one tick of all).
BENCHMARK(BM_LayersTick)->Arg(0)->Arg(1)->Arg(2)->Iterations(10000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
