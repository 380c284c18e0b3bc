// Checking a large definition (issue 9: a 200,000-sheet file took 2 minutes, the
// duplicate-name scan being quadratic). N sheets of one frame each and N actions whose
// steps name a missing frame and whose transitions go nowhere, so every name lookup and
// every suggestion runs. docs/performance.md gives the figures and the command.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "spritec/def/definition.hpp"

namespace {

std::string definition_text(int sheets, int actions) {
  std::ostringstream text;
  text << "pack: p\nsheets:\n";
  for (int i = 0; i < sheets; ++i)
    text << "  - {name: s" << i << ", image: strip.png, frames: {a: {rect: [0, 0, 8, 8]}}}\n";
  text << "actions:\n";
  for (int i = 0; i < actions; ++i) {
    const int s = i % sheets;
    text << "  a" << i << ": {frames: [s" << s << "/a, s" << s << "/b], then: a"
         << (i + 1) % actions << ", transitions: [{to: x" << i << ", when: [i" << i % 50
         << "]}]}\n";
  }
  return text.str();
}

void BM_check_large_definition(benchmark::State& state) {
  const int n = int(state.range(0));
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "spritec-bench-check";
  std::filesystem::create_directories(dir);
  {
    // A valid 48x8 PNG for every sheet to name (its header is all the loader reads).
    static const unsigned char kPng[] = {
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00, 0x08, 0x08, 0x06, 0x00, 0x00, 0x00, 0xbf,
        0x2b, 0x7c, 0x47, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
    std::ofstream(dir / "strip.png", std::ios::binary)
        .write(reinterpret_cast<const char*>(kPng), sizeof kPng);
  }
  const std::string text = definition_text(std::min(n, 60000), n);
  spritec::def::LoadOptions options;
  options.root = dir;
  for (auto _ : state) {
    spritec::diag::Sink sink;
    auto def = spritec::def::load_definition_from(text, dir / "big.sprites.yaml", options, sink);
    benchmark::DoNotOptimize(def);
    benchmark::DoNotOptimize(sink.error_count());
  }
  state.SetItemsProcessed(state.iterations() * n);
}

}  // namespace

BENCHMARK(BM_check_large_definition)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
