// Phaser: the multi-atlas JSON (one entry of `textures` per page) that
// this.load.multiatlas() reads, and STEM.anims.json for this.load.animation(): one
// animation per action and view, per-frame durations in ms, repeat -1 for loops. Each frame
// has a pivot (its origin over its untrimmed size), so a sprite needs no setOrigin, and its
// boxes and points, which Phaser keeps in frame.customData.
#include <nlohmann/json.hpp>

#include "writers.hpp"

namespace spritec::exporter::detail {

// ms = ticks * 1000 / tick_rate: an integer when whole, else a double.
Json milliseconds(std::uint64_t ticks, std::uint32_t tick_rate) {
  const std::uint64_t ms = ticks * 1000;
  if (ms % tick_rate == 0) return ms / tick_rate;
  return double(ms) / double(tick_rate);
}

// A frame entry as TexturePacker writes it (frame, rotated, trimmed, spriteSourceSize,
// sourceSize) with its pivot.
Json texture_frame(const Region& r) {
  const bool trimmed = r.w != r.source_w || r.h != r.source_h;
  return Json{{"frame", {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}}},
              {"rotated", false},
              {"trimmed", trimmed},
              {"spriteSourceSize", {{"x", r.trim_x}, {"y", r.trim_y}, {"w", r.w}, {"h", r.h}}},
              {"sourceSize", {{"w", r.source_w}, {"h", r.source_h}}},
              {"pivot",
               {{"x", r.source_w ? double(r.untrimmed_origin_x()) / r.source_w : 0.0},
                {"y", r.source_h ? double(r.untrimmed_origin_y()) / r.source_h : 0.0}}}};
}

void add_shapes(Json& entry, const Region& r) {
  Json boxes = Json::object(), points = Json::object();
  for (const Shape& s : r.shapes) {
    // Names are distinct per kind (the pack's), so emplace never meets one twice.
    if (s.box())
      boxes.emplace(s.name, Json::array({s.x, s.y, s.w, s.h}));
    else
      points.emplace(s.name, Json::array({s.x, s.y}));
  }
  if (!boxes.empty()) entry["boxes"] = std::move(boxes);
  if (!points.empty()) entry["points"] = std::move(points);
}

std::string dump(const Json& doc) {
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::vector<File> phaser(const Model& model, const Options& options) {
  Json textures = Json::array();
  for (std::uint32_t p = 0; p < model.pages.size(); ++p) {
    Json frames = Json::array();
    for (const Region& r : model.regions) {
      if (r.page != p) continue;
      Json entry = {{"filename", r.name}};
      entry.update(texture_frame(r));
      add_shapes(entry, r);  // Phaser keeps the whole entry as the frame's customData
      frames.push_back(std::move(entry));
    }
    textures.push_back({{"image", page_file(options, p)},
                        {"format", "RGBA8888"},
                        {"size", {{"w", model.pages[p].width}, {"h", model.pages[p].height}}},
                        {"scale", 1},
                        {"frames", std::move(frames)}});
  }
  Json atlas = {{"textures", std::move(textures)},
                {"meta", {{"app", "spritec"}, {"format", "RGBA8888"}, {"scale", "1"}}}};

  Json anims = Json::array();
  for (const Animation& a : model.animations) {
    Json frames = Json::array();
    for (const RegionTicks& f : a.frames) {
      frames.push_back({{"key", options.stem},
                        {"frame", model.regions[f.region].name},
                        {"duration", milliseconds(f.ticks, model.tick_rate)}});
    }
    anims.push_back({{"key", a.name},
                     {"type", "frame"},
                     {"frames", std::move(frames)},
                     {"frameRate", 1000},
                     {"repeat", a.loop ? -1 : 0}});
  }
  Json animations = {{"anims", std::move(anims)}};
  return {{options.out_name, bytes(dump(atlas))},
          {options.stem + ".anims.json", bytes(dump(animations))}};
}

std::optional<std::vector<File>> write_phaser(const Model& model, const Options& options,
                                              diag::Sink&) {
  return phaser(model, options);
}

}  // namespace spritec::exporter::detail
