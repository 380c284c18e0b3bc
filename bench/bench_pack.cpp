// Packing speed and quality: random frame sizes (8..64 px a side, fixed seed) into
// 2048x2048 pages with the default atlas padding of 2.
//   bench_pack --benchmark_counters_tabular=true
// Counters: pages, occupancy (used / page area, all pages), items.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "spritec/geom/geom.hpp"
#include "spritec/pack/pack.hpp"

namespace {

std::vector<spritec::geom::Size> frames(std::size_t n) {
  std::mt19937 rng(20240601u);
  std::vector<spritec::geom::Size> sizes(n);
  for (auto& s : sizes) {
    s.width = 8 + int(rng() % 57u);
    s.height = 8 + int(rng() % 57u);
  }
  return sizes;
}

spritec::pack::Options atlas_options() {
  spritec::pack::Options o;
  o.max_width = 2048;
  o.max_height = 2048;
  o.padding = 2;
  return o;
}

void report(benchmark::State& state, const spritec::pack::Result& r, std::size_t n) {
  if (!r.ok()) {
    state.SkipWithError("packing failed");
    return;
  }
  state.counters["items"] = double(n);
  state.counters["pages"] = double(r.value.pages.size());
  state.counters["occupancy"] = r.value.occupancy();
}

// pack(): the strategy set pack() picks for the size (see strategies_for), its
// combinations on state.range(1) threads (wall time: UseRealTime).
void BM_Pack(benchmark::State& state) {
  const auto sizes = frames(std::size_t(state.range(0)));
  auto options = atlas_options();
  options.jobs = int(state.range(1));
  spritec::pack::Result r;
  for (auto _ : state) {
    r = spritec::pack::pack(sizes, options);
    benchmark::DoNotOptimize(r.value.placements.data());
  }
  report(state, r, sizes.size());
}
BENCHMARK(BM_Pack)
    ->ArgNames({"items", "jobs"})
    ->Args({1000, 1})
    ->Args({10000, 1})
    ->Args({1000, 2})
    ->Args({10000, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// One combination alone (best short side fit, area order): the cost of one attempt.
void BM_PackOneStrategy(benchmark::State& state) {
  const auto sizes = frames(std::size_t(state.range(0)));
  const auto options = atlas_options();
  spritec::pack::Result r;
  for (auto _ : state) {
    r = spritec::pack::pack_with(sizes, options, spritec::pack::Heuristic::kBestShortSideFit,
                                 spritec::pack::SortOrder::kArea);
    benchmark::DoNotOptimize(r.value.placements.data());
  }
  report(state, r, sizes.size());
}
BENCHMARK(BM_PackOneStrategy)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
