// The runtime's action player: many actors stepped through a generated pack, as a game
// would each frame. One benchmark iteration is one tick of every actor; items are
// actor-ticks. Target (docs/performance.md, "Player"): >= 100 million actor-ticks/s on one
// core for 10,000 actors over 10,000 ticks.
//
//   build/bench/bench_player --benchmark_filter=BM_Player
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "spritec/format/spk_writer.hpp"
#include "spritec/runtime/player.hpp"

namespace {

using namespace spritec;

// 64 frames; 24 actions of 1, 2, 4 or 8 views and 3-10 steps of 1-8 ticks, in every mode
// (loop, loop with loop_from, pingpong, once then another action, reversed), with events,
// root motion and transitions (end-of-cycle and immediate) over two inputs. Deterministic.
format::PackModel generated_model() {
  format::PackModel m;
  m.tick_rate = 60;
  format::PageModel page;
  page.width = 512;
  page.height = 64;
  page.png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  m.pages = {page};
  for (std::uint32_t i = 0; i < 64; ++i) {
    format::FrameModel f;
    f.name = "f/" + std::to_string(i);
    f.x = (i % 16) * 32;
    f.y = (i / 16) * 16;
    f.w = 16;
    f.h = 16;
    f.source_w = 16;
    f.source_h = 16;
    f.origin_x = 8;
    f.origin_y = 15;
    m.frames.push_back(f);
  }
  std::uint32_t seed = 12345;
  auto next = [&seed](std::uint32_t n) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) % n;
  };
  const int kActions = 24;
  for (int a = 0; a < kActions; ++a) {
    format::ActionModel act;
    act.name = "a" + std::to_string(a);
    const std::uint32_t view_choices[] = {1, 2, 4, 8};
    act.views = view_choices[a % 4];
    act.first_view = (a % 3) * 45;
    const std::uint32_t steps = 3 + next(8);
    switch (a % 6) {
      case 0:
        act.mode = format::Mode::kLoop;
        break;
      case 1:
        act.mode = format::Mode::kLoop;
        act.loop_from = steps / 2;
        break;
      case 2:
        act.mode = format::Mode::kPingpong;
        break;
      case 3:
        act.mode = format::Mode::kOnce;
        act.then = format::ThenKind::kAction;
        act.then_action = "a" + std::to_string((a + 1) % kActions);
        break;
      case 4:
        act.mode = format::Mode::kPingpong;
        act.repeat = 2;
        act.then = format::ThenKind::kAction;
        act.then_action = "a0";
        act.reverse = true;
        break;
      case 5:
        act.mode = format::Mode::kLoop;
        act.reverse = true;
        break;
    }
    std::vector<std::uint32_t> ticks(steps);
    std::vector<std::string> events(steps);
    for (std::uint32_t s = 0; s < steps; ++s) {
      ticks[s] = 1 + next(8);
      if (next(4) == 0) events[s] = "e" + std::to_string(next(6));
    }
    act.steps.resize(act.views);
    for (std::uint32_t v = 0; v < act.views; ++v) {
      for (std::uint32_t s = 0; s < steps; ++s) {
        format::StepModel st;
        st.frame = "f/" + std::to_string(next(64));
        st.ticks = ticks[s];
        st.event = events[s];
        st.move_x = std::int32_t(next(3)) - 1;
        st.move_y = std::int32_t(next(3)) - 1;
        st.flip_x = next(2) == 0;
        act.steps[v].push_back(st);
      }
    }
    if (a % 4 == 1) {
      format::TransitionModel t;
      t.to = "a" + std::to_string((a + 5) % kActions);
      t.unless = {"move"};
      act.transitions.push_back(t);
    }
    if (a % 8 == 2) {
      format::TransitionModel t;
      t.to = "a" + std::to_string((a + 7) % kActions);
      t.when = {"fire"};
      t.immediate = true;
      act.transitions.push_back(t);
    }
    m.actions.push_back(act);
  }
  return m;
}

struct Fixture {
  std::vector<std::uint8_t> bytes;
  runtime::PackView pack;
  Fixture() : bytes(format::write_spk(generated_model()).value) {
    // The model is valid by construction: a pack that does not read back is a bug, not
    // something to time.
    if (!runtime::parse_pack(bytes.data(), bytes.size(), pack)) std::abort();
  }
};

struct CountingSink {
  std::uint64_t* count;
  void operator()(std::uint32_t code) const { *count += code + 1; }
};

void BM_PlayerTick(benchmark::State& state) {
  static const Fixture fx;
  const runtime::PackView& pack = fx.pack;
  if (pack.action_count() == 0) {
    state.SkipWithError("pack generation failed");
    return;
  }
  const std::size_t n = std::size_t(state.range(0));
  std::vector<runtime::ActorState> actors(n);
  std::uint64_t events = 0;
  CountingSink sink{&events};
  const std::uint64_t move = runtime::input_bit(pack, "move");
  const std::uint64_t fire = runtime::input_bit(pack, "fire");
  for (std::size_t i = 0; i < n; ++i) {
    runtime::ActorState& a = actors[i];
    a.x = double(i % 320);
    a.y = double(i / 320);
    // Mostly speed 1, some slow and some fast actors; some hold move, a few fire.
    const std::int32_t speeds[] = {1000, 1000, 1000, 500, 1500, 2000, 1000, 750};
    runtime::set_speed(a, speeds[i % 8]);
    runtime::set_angle(pack, a, std::int64_t(i * 37));
    a.inputs = (i % 3 ? move : 0) | (i % 97 == 0 ? fire : 0);
    runtime::start(pack, a, std::uint32_t(i % pack.action_count()), false, sink);
  }
  for (auto _ : state) {
    for (runtime::ActorState& a : actors)
      runtime::tick(pack, a, sink);
  }
  benchmark::DoNotOptimize(events);
  benchmark::DoNotOptimize(actors.data());
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(n));
  state.counters["actors"] = double(n);
}

// 10,000 actors for 10,000 ticks (one iteration = one tick of all actors).
BENCHMARK(BM_PlayerTick)->Arg(10000)->Iterations(10000)->Unit(benchmark::kMillisecond);
// Smaller and larger crowds, timed by the library.
BENCHMARK(BM_PlayerTick)->Arg(1000)->Arg(100000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
