// What the CLI's flag checks need of the modules below the pipeline (commands.hpp): the
// CLI reaches only the pipeline and diag, so the pipeline forwards.
#include "spritec/export/export.hpp"
#include "spritec/image/image.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/sim/simulation.hpp"

namespace spritec::pipeline {

std::optional<std::uint32_t> parse_hex_colour(const std::string& text, bool allow_alpha) {
  return image::parse_hex_colour(text, allow_alpha);
}

std::int64_t max_ticks() {
  return sim::kMaxTicks;
}

std::vector<std::string> export_formats() {
  return exporter::format_names();
}

std::string export_formats_listed(bool described) {
  return exporter::formats_listed(described);
}

}  // namespace spritec::pipeline
