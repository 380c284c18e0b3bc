// Fuzz target: the scene reader (sim::parse_scene), plus the duration and decimal parsers
// it uses. Pack paths are relative to a temporary empty directory; parse_scene does not
// open packs (a Simulation does), so nothing outside it is read. Failure must come with an
// error reported; the diagnostics are rendered as the CLI does. Every document the schema
// walk accepts, valijson must accept too (the walk alone decides for the scene schema).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "fuzz_diag.hpp"
#include "fuzz_temp_dir.hpp"
#include "spritec/diag/render.hpp"
#include "spritec/sim/scene.hpp"
#include "spritec/yaml/schema.hpp"

namespace {

namespace sim = spritec::sim;
namespace diag = spritec::diag;
namespace fs = std::filesystem;

volatile std::uint64_t g_sink = 0;

const fs::path& empty_dir() {
  static const FuzzTempDir dir("spritec-fuzz-scene");
  return dir.path();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  // The small parsers on the raw text (a first line is enough to reach them).
  const std::string_view line = text.substr(0, std::min<std::size_t>(text.find('\n'), 64));
  if (auto d = sim::parse_duration(line)) {
    FUZZ_CHECK(d->thousandths >= 0);
    for (std::uint32_t rate : {1u, 60u, 1000u}) {
      g_sink = g_sink + std::uint64_t(sim::to_clock_units(*d, rate));
    }
  }
  if (auto t = sim::parse_thousandths(line)) FUZZ_CHECK(*t >= 0);

  {
    diag::Sink scratch;
    if (auto doc = spritec::yaml::parse_yaml(text, "fuzz.scene.yaml", scratch);
        doc && spritec::yaml::validate_schema(*doc, sim::scene_schema(), scratch)) {
      FUZZ_CHECK(spritec::yaml::valijson_accepts(*doc, sim::scene_schema()));
    }
  }
  diag::Sink sink;
  std::optional<sim::Scene> scene = sim::parse_scene(text, "fuzz.scene.yaml", empty_dir(), sink);
  if (scene) {
    FUZZ_CHECK(scene->speed > 0);
    for (const sim::ScriptStep& step : scene->script) {
      for (const sim::Item& item : step.items) {
        FUZZ_CHECK(item.wait.thousandths >= 0 && item.over.thousandths >= 0);
      }
    }
  } else {
    FUZZ_CHECK(sink.has_errors());
  }
  g_sink = g_sink + render_all(sink);
  return 0;
}
