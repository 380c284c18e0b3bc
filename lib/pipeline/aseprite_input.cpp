#include "aseprite_input.hpp"

#include <nlohmann/json.hpp>
#include <numeric>
#include <string>

#include "spritec/aseprite/aseprite.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/diag/utf8.hpp"
#include "spritec/io/files.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

using json = nlohmann::ordered_json;

const char* mode_name(aseprite::ColorMode mode) {
  switch (mode) {
    case aseprite::ColorMode::kIndexed:
      return "indexed";
    case aseprite::ColorMode::kGrayscale:
      return "grayscale";
    case aseprite::ColorMode::kRgba:
      return "rgba";
  }
  return "rgba";
}

const char* type_name(aseprite::LayerType type) {
  switch (type) {
    case aseprite::LayerType::kImage:
      return "image";
    case aseprite::LayerType::kGroup:
      return "group";
    case aseprite::LayerType::kTilemap:
      return "tilemap";
  }
  return "image";
}

// The names a definition's tags: and {tag: } use ("pingpong_reverse").
const char* direction_name(aseprite::Direction d) {
  switch (d) {
    case aseprite::Direction::kForward:
      return "forward";
    case aseprite::Direction::kReverse:
      return "reverse";
    case aseprite::Direction::kPingpong:
      return "pingpong";
    case aseprite::Direction::kPingpongReverse:
      return "pingpong_reverse";
  }
  return "forward";
}

// The file read (under its cap) and parsed; empty after reporting E0001, E0002 or E0213.
std::optional<aseprite::File> read_aseprite(const fs::path& file, diag::Sink& sink) {
  const diag::Span at{file.generic_string(), 0, 0, 0};
  diag::Result<io::Bytes, io::ReadFailure> bytes = io::read_file(file, aseprite::kMaxFileBytes);
  if (!bytes) {
    sink.error(bytes.error.kind == io::ReadError::kTooLarge ? diag::Code::kFileTooLarge
                                                            : diag::Code::kFileUnreadable,
               at, "cannot read " + io::display_path(file) + ": " + io::describe(bytes.error));
    return std::nullopt;
  }
  aseprite::Result<aseprite::File> parsed = aseprite::parse(std::move(bytes.value));
  if (!parsed) {
    sink.error(diag::Code::kAsepriteInvalid, at,
               "not a readable Aseprite file: " + parsed.error.message);
    return std::nullopt;
  }
  return std::move(parsed.value);
}

json layers_json(const aseprite::File& file, const std::vector<bool>& drawn) {
  json layers = json::array();
  for (std::size_t i = 0; i < file.layers.size(); ++i) {
    const aseprite::Layer& l = file.layers[i];
    json j = json::object();
    j["name"] = l.name;
    j["path"] = l.path;
    j["type"] = type_name(l.type);
    j["visible"] = l.visible();
    j["drawn"] = drawn[i];
    j["reference"] = l.reference();
    j["background"] = l.background();
    j["blend_mode"] = aseprite::blend_name(l.blend);
    j["opacity"] = l.opacity;
    j["level"] = l.level;
    layers.push_back(std::move(j));
  }
  return layers;
}

json slices_json(const aseprite::File& file) {
  json slices = json::array();
  for (const aseprite::Slice& s : file.slices) {
    json keys = json::array();
    for (const aseprite::SliceKey& k : s.keys) {
      json key = json::object();
      key["frame"] = k.frame;
      key["bounds"] = json::array({k.x, k.y, k.width, k.height});
      // The pivot as Aseprite stores it (relative to the bounds), and the origin that
      // origin: {slice: NAME} gives the frames from this key on (on the canvas).
      key["pivot"] = k.has_pivot ? json::array({k.pivot_x, k.pivot_y}) : json(nullptr);
      key["origin"] = k.has_pivot ? json::array({k.x + k.pivot_x, k.y + k.pivot_y}) : json(nullptr);
      keys.push_back(std::move(key));
    }
    slices.push_back({{"name", s.name}, {"keys", std::move(keys)}});
  }
  return slices;
}

json inspect_json(const aseprite::File& file, const std::vector<bool>& drawn) {
  json doc = json::object();
  doc["canvas"] = json::array({file.width, file.height});
  doc["color_mode"] = mode_name(file.mode);
  json frames = json::array();
  for (const aseprite::Frame& f : file.frames)
    frames.push_back({{"duration_ms", f.duration_ms}});
  doc["frames"] = std::move(frames);
  doc["layers"] = layers_json(file, drawn);
  json tags = json::array();
  for (const aseprite::Tag& t : file.tags) {
    tags.push_back({{"name", t.name},
                    {"from", t.from},
                    {"to", t.to},
                    {"direction", direction_name(t.direction)},
                    {"repeat", t.repeat}});
  }
  doc["tags"] = std::move(tags);
  doc["slices"] = slices_json(file);
  return doc;
}

std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string inspect_text(const aseprite::File& file, const std::vector<bool>& drawn) {
  std::string out = "Aseprite file: " + std::to_string(file.width) + "x" +
                    std::to_string(file.height) + " canvas, " + mode_name(file.mode) + ", " +
                    plural(file.frames.size(), "frame") + ", " +
                    plural(file.layers.size(), "layer") + ", " + plural(file.tags.size(), "tag") +
                    ", " + plural(file.slices.size(), "slice") + "\n";
  for (std::size_t i = 0; i < file.frames.size(); ++i)
    out +=
        "frame " + std::to_string(i) + ": " + std::to_string(file.frames[i].duration_ms) + " ms\n";
  for (std::size_t i = 0; i < file.layers.size(); ++i) {
    const aseprite::Layer& l = file.layers[i];
    out += "layer '" + diag::shown_name(l.path) + "': " + type_name(l.type) + ", " +
           (l.visible() ? "visible" : "hidden");
    if (l.reference()) out += ", reference";
    if (l.background()) out += ", background";
    if (l.type != aseprite::LayerType::kGroup) out += drawn[i] ? ", drawn" : ", not drawn";
    out += ", " + std::string(aseprite::blend_name(l.blend)) + ", opacity " +
           std::to_string(l.opacity) + "\n";
  }
  for (const aseprite::Tag& t : file.tags) {
    out += "tag '" + diag::shown_name(t.name) + "': frames " + std::to_string(t.from) + "-" +
           std::to_string(t.to) + ", " + direction_name(t.direction) + ", repeat " +
           (t.repeat == 0 ? std::string("forever") : std::to_string(t.repeat)) + "\n";
  }
  for (const aseprite::Slice& s : file.slices) {
    for (const aseprite::SliceKey& k : s.keys) {
      out += "slice '" + diag::shown_name(s.name) + "' from frame " + std::to_string(k.frame) +
             ": " + std::to_string(k.width) + "x" + std::to_string(k.height) + " at (" +
             std::to_string(k.x) + ", " + std::to_string(k.y) + ")";
      if (k.has_pivot) {
        out += ", pivot (" + std::to_string(k.pivot_x) + ", " + std::to_string(k.pivot_y) +
               "): origin (" + std::to_string(k.x + k.pivot_x) + ", " +
               std::to_string(k.y + k.pivot_y) + ")";
      } else {
        out += ", no pivot";
      }
      out += "\n";
    }
  }
  return out;
}

// The tick rate at which every frame of the file lasts a whole number of ticks, so that no
// duration is rounded (W0301) in a definition no one can edit: a multiple of
// 1000 / gcd(1000, every duration), the first of at least 60 — 60 for durations in steps
// of 50 ms, 100 for steps of 10 ms, 1000 at most.
int exact_tick_rate(const aseprite::File& file) {
  int step = 1000;
  for (const aseprite::Frame& f : file.frames) {
    if (f.duration_ms > 0) step = std::gcd(step, f.duration_ms);
  }
  const int base = 1000 / step;
  return base * ((60 + base - 1) / base);
}

// The definition compile_aseprite compiles, as YAML (JSON is YAML): the file's stem names
// the pack and the sheet; its tick rate is exact_tick_rate's. A file without tags gets one action
// of its own name playing every frame for its duration, so that it too can be previewed.
std::string definition_text(const fs::path& file, const aseprite::File& parsed) {
  const std::string stem = file.stem().string();
  json sheet = {{"name", stem}, {"aseprite", file.filename().string()}, {"tags", true}};
  json doc = {
      {"pack", stem}, {"tick_rate", exact_tick_rate(parsed)}, {"sheets", json::array({sheet})}};
  if (parsed.tags.empty()) {
    json steps = json::array();
    for (std::size_t i = 0; i < parsed.frames.size(); ++i)
      steps.push_back(
          {{"frame", stem + "/" + std::to_string(i)}, {"ms", parsed.frames[i].duration_ms}});
    doc["actions"] = {{stem, {{"frames", std::move(steps)}}}};
  }
  return doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A diagnostic about the written-nowhere definition keeps its file but no line.
void drop_lines(diag::Diagnostic d, const std::string& file, diag::Sink& sink) {
  auto drop = [&](diag::Span& s) {
    if (s.file == file) s.line = s.column = s.end_column = 0;
  };
  drop(d.span);
  for (diag::Note& n : d.notes)
    drop(n.span);
  sink.report(std::move(d));
}

}  // namespace

int inspect_aseprite(const fs::path& file, bool as_json, diag::Sink& sink, std::ostream& out) {
  const std::optional<aseprite::File> parsed = read_aseprite(file, sink);
  if (!parsed) return 1;
  // The layers a definition's aseprite: sheet draws when it names none.
  const aseprite::Result<std::vector<bool>> drawn = aseprite::select_layers(*parsed, {});
  const std::vector<bool> flags =
      drawn ? drawn.value : std::vector<bool>(parsed->layers.size(), false);
  if (as_json) {
    out << inspect_json(*parsed, flags).dump(2, ' ', false, json::error_handler_t::replace) << '\n';
  } else {
    out << inspect_text(*parsed, flags);
  }
  return 0;
}

std::optional<Compiled> compile_aseprite(const fs::path& file, const CompileOptions& options,
                                         diag::Sink& sink) {
  const std::optional<aseprite::File> parsed = read_aseprite(file, sink);
  if (!parsed) return std::nullopt;
  def::LoadOptions load;
  // The file was named on the command line: its folder is the root of the definition that
  // reads it, wherever it lies.
  load.root = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  load.jobs = options.jobs;
  diag::Sink own;
  std::optional<def::Definition> definition =
      def::load_definition_from(definition_text(file, *parsed), file, load, own);
  std::optional<Compiled> compiled;
  if (definition) compiled = compile_loaded(std::move(*definition), options, own);
  for (const diag::Diagnostic& d : own.diagnostics())
    drop_lines(d, file.generic_string(), sink);
  return compiled;
}

}  // namespace spritec::pipeline
