// Phaser: the multi-atlas JSON (one entry of `textures` per page) that
// this.load.multiatlas() reads, and STEM.anims.json for this.load.animation(): one
// animation per action and view, per-frame durations in ms, repeat -1 for loops. Each frame
// has a pivot (its origin over its untrimmed size), so a sprite needs no setOrigin, and its
// boxes and points, which Phaser keeps in frame.customData.
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "writers.hpp"

namespace spritec::exporter::detail {

// A frame's duration: what a game stepping at exactly the tick rate has accumulated after
// `ticks` steps, so that each step change shows on its exact tick (docs/engines.md, "Exact
// timing"). Phaser's AnimationState.update (3.90 and 4.2.1) adds each step's delta to an
// accumulator and advances when `accumulator >= nextTick`, then subtracts nextTick (the
// frame's duration; Animation.getNextTick, also on a repeat); play() starts it at 0.
// A game stepping at the tick rate passes delta = T = 1000 / tick_rate, a double.
//
// Proof that every change is on its tick: let S_0 = 0, S_j = fl(S_(j-1) + T), computed
// here in IEEE doubles exactly as JavaScript does. Write each frame of k ticks as D = S_k.
// If the accumulator is 0 when a frame starts (true at play()), after j < k steps it is
// S_j < S_k (S strictly increases: T is far above half an ulp of S_j for the ticks
// summed), so the frame holds; after k steps it is S_k = D, so it advances, and
// S_k - D = 0 exactly: the next frame starts at 0 again (and `accumulator > nextTick`, the
// skip of missed frames, is false). By induction every change is on its tick, forever.
// The naive k * 1000 / tick_rate is late where S_k falls below it: at 24 ticks/s S_5 =
// 208.33333333333331 < 208.33333333333334, at 60 ticks/s S_12 = 199.99999999999997 < 200.
// Where T is exact (10, 100 … ticks/s) and where the sum meets the naive value (60 ticks/s
// up to 4 ticks) the bytes are the same as before. Past kMaxSummed ticks (a step of days)
// the sum is not worked out: k * 1000 / tick_rate, as before.
// One pass of at most kMaxSummed additions serves every frame of the export.
constexpr std::uint32_t kMaxSummed = 1u << 24;

// ms as written: a whole number as an integer ("250"), as before; else a double.
Json written_ms(double ms) {
  if (ms == std::floor(ms)) return std::uint64_t(ms);
  return ms;
}

// The duration of every frame of the model, by its ticks.
std::map<std::uint32_t, Json> durations(const Model& model) {
  std::map<std::uint32_t, Json> out;
  for (const Animation& a : model.animations) {
    for (const RegionTicks& f : a.frames)
      out.emplace(f.ticks, Json());
  }
  const double step = 1000.0 / double(model.tick_rate);
  double sum = 0;
  std::uint32_t summed = 0;
  for (auto& [ticks, ms] : out) {  // ascending ticks: the running sum is S_ticks
    if (ticks > kMaxSummed) {
      ms = written_ms(double(std::uint64_t(ticks) * 1000) / double(model.tick_rate));
      continue;
    }
    for (; summed < ticks; ++summed)
      sum += step;
    ms = written_ms(sum);
  }
  return out;
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
  const std::map<std::uint32_t, Json> ms = durations(model);
  for (const Animation& a : model.animations) {
    Json frames = Json::array();
    for (const RegionTicks& f : a.frames) {
      frames.push_back({{"key", options.stem},
                        {"frame", model.regions[f.region].name},
                        {"duration", ms.at(f.ticks)}});
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
