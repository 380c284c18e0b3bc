// Loading a 10,000-actor scene (issue 13's "loading 10,000 actors"), phase by phase, to show
// where the time goes (docs/performance.md, "Simulator at scale"):
//   BM_YamlCppEvents     yaml-cpp alone: its parser emitting events to a handler that does
//                        nothing;
//   BM_LibyamlEvents     the same for libyaml, which reads such a scene (yaml::parse_yaml
//                        leaves to yaml-cpp only what libyaml may read otherwise);
//   BM_ParseYaml/yaml-cpp  yaml::parse_yaml through yaml-cpp, with the position-keeping tree;
//   BM_ParseYaml         yaml::parse_yaml as it runs: libyaml and the tree;
//   BM_ParseScene        sim::parse_scene: the tree, the number check, the schema walk and
//                        the Scene model — all `simulate` does before the packs.
// The scene is generated in memory: 10,000 actors in flow mappings, as bench/crowd writes.
#include <benchmark/benchmark.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml.h>

#include <sstream>
#include <string>

#include "spritec/diag/diagnostic.hpp"
#include "spritec/sim/scene.hpp"
#include "spritec/yaml/reader.hpp"

namespace {

std::string crowd_text(int actors) {
  const char* actions[] = {"walk", "walk", "attack", "explode"};
  std::string s = "stage: {size: [320, 200]}\nfps: 30\npacks: {crowd: crowd.spk}\nactors:\n";
  for (int i = 0; i < actors; ++i) {
    s += "  - {name: a" + std::to_string(10000 + i) + ", pack: crowd, action: " + actions[i % 4] +
         ", at: [" + std::to_string(i % 320) + ", " + std::to_string(i % 200) +
         "], angle: " + std::to_string((i * 15) % 360) + ", speed: 1.5}\n";
  }
  return s;
}

struct Ignore : YAML::EventHandler {
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string& value) override {
    benchmark::DoNotOptimize(value.size());
  }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

void BM_YamlCppEvents(benchmark::State& state) {
  const std::string text = crowd_text(int(state.range(0)));
  for (auto _ : state) {
    std::istringstream in(text);
    YAML::Parser parser(in);
    Ignore handler;
    while (parser.HandleNextDocument(handler)) {
    }
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}

void BM_LibyamlEvents(benchmark::State& state) {
  const std::string text = crowd_text(int(state.range(0)));
  for (auto _ : state) {
    yaml_parser_t parser;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()),
                                 text.size());
    for (;;) {
      yaml_event_t event;
      if (!yaml_parser_parse(&parser, &event)) {
        state.SkipWithError("libyaml refuses the generated scene");
        break;
      }
      const bool end = event.type == YAML_STREAM_END_EVENT;
      yaml_event_delete(&event);
      if (end) break;
    }
    yaml_parser_delete(&parser);
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}

void parse_yaml(benchmark::State& state, bool libyaml) {
  const std::string text = crowd_text(int(state.range(0)));
  spritec::yaml::ReadOptions options;
  options.libyaml = libyaml;
  for (auto _ : state) {
    spritec::diag::Sink sink;
    auto doc = spritec::yaml::parse_yaml(text, "crowd.scene.yaml", sink, options);
    benchmark::DoNotOptimize(doc.has_value());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}

void BM_ParseYaml_YamlCpp(benchmark::State& state) {
  parse_yaml(state, false);
}

void BM_ParseYaml(benchmark::State& state) {
  parse_yaml(state, true);
}

void BM_ParseScene(benchmark::State& state) {
  const std::string text = crowd_text(int(state.range(0)));
  for (auto _ : state) {
    spritec::diag::Sink sink;
    auto scene = spritec::sim::parse_scene(text, "crowd.scene.yaml", ".", sink);
    if (!scene) state.SkipWithError("the generated scene does not parse");
    benchmark::DoNotOptimize(scene.has_value());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}

}  // namespace

BENCHMARK(BM_YamlCppEvents)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LibyamlEvents)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseYaml_YamlCpp)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseYaml)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseScene)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
