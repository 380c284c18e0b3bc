#include <cstdio>
#include <filesystem>
#include <map>

#include <yaml-cpp/yaml.h>

#include "aseprite_input.hpp"
#include "compile.hpp"
#include "input_kind.hpp"
#include "outputs.hpp"
#include "report.hpp"
#include "spritec/atlas/atlas.hpp"
#include "spritec/diag/utf8.hpp"
#include "spritec/format/inspect.hpp"
#include "spritec/image/alpha.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

int run_inspect(const InspectOptions& options, std::ostream& out, std::ostream& err) {
  ReportFormat report_format(options.format, options.colour);
  if (diag::Status<> kind =
          wrong_kind("inspect", options.pack, {InputKind::kPack, InputKind::kAseprite});
      !kind) {
    err << kind.error.message << '\n';
    return 2;
  }
  diag::Sink sink;
  if (input_kind(options.pack) == InputKind::kAseprite) {
    const int status = inspect_aseprite(options.pack, options.json, sink, out);
    return status == 0 ? 0 : report(sink, err);
  }
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
// output directory, or that no file system takes as a name, is refused.
bool safe_relative(const std::string& name) {
  if (name.empty() || name[0] == '/') return false;
  for (unsigned char c : name) {
    if (c < 0x20 || c == 0x7f) return false;  // line breaks and other control characters
  }
  fs::path p(name);
  for (const fs::path& part : p) {
    if (part == ".." || part == "." || part.empty()) return false;
    if (part.string().size() + 4 > 255) return false;  // NAME_MAX with ".png"
  }
  return true;
}

// A name as a message shows it: control characters escaped.
std::string shown_name(const std::string& name) {
  return diag::shown_name(name);
}

int bad_pack(diag::Sink& sink, std::ostream& err, const std::string& pack,
             const std::string& message) {
  sink.error(diag::Code::kPackInvalid, {pack, 0, 0, 0}, message);
  return report(sink, err);
}

// Every frame's file name (its name + ".png"), checked before anything is written: a safe
// relative path, one frame's only, of an untrimmed size unpack can make. The first that is
// not fails with the message the pack error gives.
diag::Result<std::vector<std::string>> frame_file_names(const runtime::PackView& view) {
  std::vector<std::string> names;
  std::map<std::string, std::uint32_t> seen;
  for (std::uint32_t i = 0; i < view.frame_count(); ++i) {
    runtime::Frame f = view.frame(i);
    std::string name(f.name);
    if (!safe_relative(name)) {
      return diag::fail("frame " + std::to_string(i) + "'s name '" + shown_name(name) +
                        "' cannot be used as a file name");
    }
    auto [it, fresh] = seen.emplace(name, i);
    if (!fresh) {
      return diag::fail("frames " + std::to_string(it->second) + " and " + std::to_string(i) +
                        " have the same name '" + shown_name(name) +
                        "'; unpack would write one over the other");
    }
    if (f.source_w > std::uint32_t(image::kDefaultMaxSide) ||
        f.source_h > std::uint32_t(image::kDefaultMaxSide)) {
      return diag::fail("frame '" + shown_name(name) + "' is " + std::to_string(f.source_w) + "x" +
                        std::to_string(f.source_h) + " untrimmed, over the cap of " +
                        std::to_string(image::kDefaultMaxSide) + " px a side");
    }
    names.push_back(std::move(name));
  }
  return names;
}

// A frame's boxes and points as a definition writes them (frame coordinates): `boxes:` and
// `points:` mappings, each only when it has entries.
void emit_shapes(YAML::Emitter& yaml, const runtime::PackView& view, runtime::ShapeRange range,
                 std::int64_t ox, std::int64_t oy) {
  for (runtime::ShapeKind kind : {runtime::ShapeKind::kBox, runtime::ShapeKind::kPoint}) {
    bool open = false;
    for (std::uint32_t i = 0; i < range.count; ++i) {
      const runtime::Shape s = view.shape(range.first + i);
      if (s.kind != kind) continue;
      if (!open) {
        yaml << YAML::Key << (kind == runtime::ShapeKind::kBox ? "boxes" : "points") << YAML::Value
             << YAML::Flow << YAML::BeginMap;
        open = true;
      }
      yaml << YAML::Key << YAML::DoubleQuoted << std::string(view.shape_name(s.name)) << YAML::Value
           << YAML::Flow << YAML::BeginSeq << s.x + ox << s.y + oy;
      if (kind == runtime::ShapeKind::kBox) yaml << s.w << s.h;
      yaml << YAML::EndSeq;
    }
    if (open) yaml << YAML::EndMap;
  }
}

// Stages every frame of the pack, untrimmed, as dir/NAME.png in `set`, and makes `yaml` the
// frames.yaml mapping of each one's untrimmed size, origin, boxes and points.
diag::Status<> stage_frames(const LoadedPack& pack, const fs::path& dir,
                            const std::vector<std::string>& names, io::OutputSet& set,
                            std::string& yaml_text) {
  const runtime::PackView& view = pack.view;
  YAML::Emitter yaml;
  yaml.SetIndent(2);
  yaml << YAML::BeginMap << YAML::Key << "frames" << YAML::Value << YAML::BeginMap;
  for (std::uint32_t i = 0; i < view.frame_count(); ++i) {
    runtime::Frame f = view.frame(i);
    image::Image frame =
        atlas::untrimmed_frame(pack.pages[f.page], {int(f.x), int(f.y), int(f.w), int(f.h)},
                               int(f.source_w), int(f.source_h), int(f.trim_x), int(f.trim_y));
    // A fully transparent pixel is written (0, 0, 0, 0): the colour a page keeps there
    // (the source's, bleed's, black when premultiplied) shows nothing, so the frames
    // unpacked are the same bytes with or without bleed (docs/definitions.md, "bleed").
    image::clear_transparent(frame);
    diag::Status<> staged = set.stage(dir / (names[i] + ".png"), image::encode_png(frame));
    if (!staged) return staged;
    yaml << YAML::Key << YAML::DoubleQuoted << names[i] << YAML::Value << YAML::Flow
         << YAML::BeginMap << YAML::Key << "size" << YAML::Value << YAML::Flow << YAML::BeginSeq
         << f.source_w << f.source_h << YAML::EndSeq << YAML::Key << "origin" << YAML::Value
         << YAML::Flow << YAML::BeginSeq << f.untrimmed_origin_x() << f.untrimmed_origin_y()
         << YAML::EndSeq;
    emit_shapes(yaml, view, view.frame_shapes(i), f.untrimmed_origin_x(), f.untrimmed_origin_y());
    yaml << YAML::EndMap;
  }
  yaml << YAML::EndMap << YAML::EndMap;
  yaml_text = yaml.c_str();
  return {};
}

}  // namespace

int run_unpack(const UnpackOptions& options, std::ostream& out, std::ostream& err) {
  ReportFormat report_format(options.format, options.colour);
  if (diag::Status<> kind = wrong_kind("unpack", options.pack, {InputKind::kPack}); !kind) {
    err << kind.error.message << '\n';
    return 2;
  }
  diag::Sink sink;
  std::unique_ptr<LoadedPack> pack = open_pack(options.pack, sink, true);
  if (!pack) return report(sink, err);
  fs::path dir(options.output_dir);
  const runtime::PackView& view = pack->view;

  // Every file name first: all of them are checked before anything is written.
  diag::Result<std::vector<std::string>> names = frame_file_names(view);
  if (!names) return bad_pack(sink, err, options.pack, names.error.message);
  io::OutputPlan plan;
  for (std::size_t i = 0; i < pack->inputs.size(); ++i)
    plan.input(pack->inputs[i], i == 0 ? "the pack" : "a page file of the pack");
  for (const std::string& name : names.value)
    plan.output(dir / (name + ".png"), "-o", "frame file");
  plan.output(dir / "frames.yaml", "-o", "frames.yaml");
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    sink.error(diag::Code::kOutputNotFile, {dir.string(), 0, 0, 0},
               "-o " + dir.string() + " exists and is not a directory: unpack writes a directory");
    return report(sink, err);
  }
  if (!check_outputs(plan, sink)) return report(sink, err);

  io::OutputSet set;
  std::string text;
  if (diag::Status<> staged = stage_frames(*pack, dir, names.value, set, text); !staged)
    return write_failed(sink, err, "unpack", staged.error);
  text = "# Frames of " + shown_name(fs::path(options.pack).filename().string()) +
         (view.shape_count() > 0 ? ": untrimmed size, origin, boxes and points"
                                 : ": untrimmed size and origin") +
         " (relative to the untrimmed frame)\n" + text + "\n";
  diag::Status<> written = set.stage(dir / "frames.yaml", text);
  if (written) written = set.commit();
  if (!written) return write_failed(sink, err, "unpack", written.error);
  out << "unpacked " << view.frame_count() << " frames into " << dir.string() << '\n';
  return 0;
}

}  // namespace spritec::pipeline
