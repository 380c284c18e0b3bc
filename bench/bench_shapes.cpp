// The boxes and points of what an actor shows (runtime/shapes.hpp), per call: 1,000 actors
// on a generated pack whose 16 frames each have a hurt box and a hand point, and whose steps
// add a hit box (every third) and take the hand away (every fifth). One item is one query
// for one actor. A program of its own, so that bench_player's tick loop is compiled as it
// was before geometry existed (docs/performance.md, "Player").
//
//   build/bench/bench_shapes
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "spritec/format/spk_writer.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/shapes.hpp"

namespace {

using namespace spritec;

format::ShapeModel shape(const char* name, runtime::ShapeKind kind, std::int32_t x, std::int32_t y,
                         std::uint32_t w, std::uint32_t h, bool removed = false) {
  format::ShapeModel s;
  s.name = name;
  s.kind = kind;
  s.x = x;
  s.y = y;
  s.w = w;
  s.h = h;
  s.removed = removed;
  return s;
}

format::PackModel model_with_shapes() {
  using K = runtime::ShapeKind;
  format::PackModel m;
  m.tick_rate = 60;
  format::PageModel page;
  page.width = 256;
  page.height = 16;
  page.png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  m.pages = {page};
  for (std::uint32_t i = 0; i < 16; ++i) {
    format::FrameModel f;
    f.name = "f/" + std::to_string(i);
    f.x = i * 16;
    f.w = f.h = f.source_w = f.source_h = 16;
    f.origin_x = 8;
    f.origin_y = 15;
    f.shapes = {shape("hurt", K::kBox, 3, 2, 10, 13), shape("hand", K::kPoint, 12, 8, 0, 0)};
    m.frames.push_back(f);
  }
  std::uint32_t k = 0;
  for (int a = 0; a < 4; ++a) {
    format::ActionModel act;
    act.name = "a" + std::to_string(a);
    act.views = 2;
    act.steps.resize(2);
    for (std::uint32_t v = 0; v < 2; ++v) {
      for (std::uint32_t s = 0; s < 6; ++s) {
        format::StepModel st;
        st.frame = "f/" + std::to_string((a * 6 + s) % 16);
        st.ticks = 1 + s % 3;
        st.flip_x = v == 1;
        if (k % 3 == 0) st.shapes.push_back(shape("hit", K::kBox, 12, 4, 6, 3));
        if (k % 5 == 0) st.shapes.push_back(shape("hand", K::kPoint, 0, 0, 0, 0, true));
        ++k;
        act.steps[v].push_back(st);
      }
    }
    m.actions.push_back(act);
  }
  return m;
}

// Arg 0: every shape of the step (for_each_shape); 1: one box by name (find_shape).
void BM_ShapeQuery(benchmark::State& state) {
  static const std::vector<std::uint8_t> bytes = format::write_spk(model_with_shapes()).value;
  runtime::PackView pack;
  if (!runtime::parse_pack(bytes.data(), bytes.size(), pack)) {
    state.SkipWithError("pack generation failed");
    return;
  }
  runtime::EventBuffer events;
  std::vector<runtime::ActorState> actors(1000);
  for (std::size_t i = 0; i < actors.size(); ++i) {
    runtime::set_angle(pack, actors[i], std::int64_t(i * 90));
    runtime::start(pack, actors[i], std::uint32_t(i % pack.action_count()), false, events);
    for (std::size_t t = 0; t < i % 17; ++t)
      runtime::tick(pack, actors[i], events);
  }
  const std::uint32_t hit = pack.find_shape_name("hit");
  std::int64_t sum = 0;
  const bool find = state.range(0) == 1;
  for (auto _ : state) {
    for (const runtime::ActorState& a : actors) {
      if (find) {
        runtime::LocalShape s;
        if (runtime::find_shape(pack, a, runtime::ShapeKind::kBox, hit, s)) sum += s.x;
      } else {
        runtime::for_each_shape(pack, a, [&](const runtime::LocalShape& s) { sum += s.x + s.w; });
      }
    }
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(actors.size()));
}
BENCHMARK(BM_ShapeQuery)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
