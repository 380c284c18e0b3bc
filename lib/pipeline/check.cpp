#include <filesystem>

#include "report.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/runtime/spk_layout.hpp"

namespace spritec::pipeline {

std::string pack_format_version() {
  return std::to_string(runtime::spk::kVersionMajor) + "." +
         std::to_string(runtime::spk::kVersionMinor);
}

std::string spritec_version() {
  return SPRITEC_VERSION;
}

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  diag::Sink sink;
  def::LoadOptions load;
  load.root = options.root;
  load.entries = options.entries;
  for (const std::string& file : options.files) {
    std::string_view name = file;
    if (name.size() > 11 && name.substr(name.size() - 11) == ".scene.yaml") {
      err << "spritec check: " << file
          << " is a scene; check takes definitions (*.sprites.yaml). spritec simulate checks "
             "a scene and runs it\n";
      return 2;
    }
    def::load_definition(std::filesystem::path(file), load, sink);
  }
  sink.finalize(options.werror);
  if (options.format == "json") {
    diag::render_json(out, sink);
  } else if (options.format == "github") {
    diag::render_github(out, sink);
  } else {
    diag::render_text(err, sink, {use_color(options.color), true});
    if (!sink.has_errors() && sink.warning_count() == 0) {
      out << options.files.size() << (options.files.size() == 1 ? " file" : " files")
          << " checked: no problems\n";
    }
  }
  return sink.has_errors() ? 1 : 0;
}

}  // namespace spritec::pipeline
