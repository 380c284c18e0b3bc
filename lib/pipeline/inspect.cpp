#include <filesystem>

#include "report.hpp"
#include "spritec/atlas/atlas.hpp"
#include "spritec/format/inspect.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/pipeline/compile.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

int run_inspect(const InspectOptions& options, std::ostream& out, std::ostream& err) {
  diag::Sink sink;
  std::unique_ptr<LoadedPack> pack = open_pack(options.pack, sink, false);
  if (!pack) return report(sink, err);
  if (options.json) {
    // Names in a damaged pack need not be UTF-8: show them with replacement characters.
    out << format::inspect_json(pack->view)
               .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
        << '\n';
  } else {
    out << format::inspect_text(pack->view);
  }
  return 0;
}

namespace {

// Frame names may contain '/', which become directories; anything that could leave the
// output directory is refused.
bool safe_relative(const std::string& name) {
  if (name.empty() || name[0] == '/') return false;
  fs::path p(name);
  for (const fs::path& part : p) {
    if (part == ".." || part == "." || part.empty()) return false;
  }
  return true;
}

std::string yaml_quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

int run_unpack(const UnpackOptions& options, std::ostream& out, std::ostream& err) {
  diag::Sink sink;
  std::unique_ptr<LoadedPack> pack = open_pack(options.pack, sink, true);
  if (!pack) return report(sink, err);
  fs::path dir(options.output_dir);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    err << "spritec: error[E0005]: cannot create " << dir.string() << ": " << ec.message() << '\n';
    return 3;
  }
  std::string yaml = "# Frames of " + fs::path(options.pack).filename().string() +
                     ": untrimmed size and origin (relative to the untrimmed frame)\nframes:\n";
  const runtime::PackView& view = pack->view;
  for (std::uint32_t i = 0; i < view.frame_count(); ++i) {
    runtime::Frame f = view.frame(i);
    std::string name(f.name);
    if (!safe_relative(name)) {
      err << "spritec: error[E0501]: frame name '" << name << "' cannot be used as a file name\n";
      return 1;
    }
    image::Image frame =
        atlas::untrimmed_frame(pack->pages[f.page], {int(f.x), int(f.y), int(f.w), int(f.h)},
                               int(f.source_w), int(f.source_h), int(f.trim_x), int(f.trim_y));
    fs::path file = dir / (name + ".png");
    fs::create_directories(file.parent_path(), ec);
    std::string why = io::write_file_atomic(file, image::encode_png(frame));
    if (!why.empty()) {
      err << "spritec: error[E0005]: " << why << '\n';
      return 3;
    }
    yaml += "  " + yaml_quote(name) + ": {size: [" + std::to_string(f.source_w) + ", " +
            std::to_string(f.source_h) + "], origin: [" + std::to_string(f.untrimmed_origin_x()) +
            ", " + std::to_string(f.untrimmed_origin_y()) + "]}\n";
  }
  std::string why = io::write_file_atomic(dir / "frames.yaml", yaml);
  if (!why.empty()) {
    err << "spritec: error[E0005]: " << why << '\n';
    return 3;
  }
  out << "unpacked " << view.frame_count() << " frames into " << dir.string() << '\n';
  return 0;
}

}  // namespace spritec::pipeline
