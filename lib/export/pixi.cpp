// PixiJS: a JSON (Hash) document per page (frames, animations, meta with
// related_multi_packs naming the other pages' documents), as Assets loads a multi-pack
// spritesheet. Pixi has no durations: each animation lists its frames repeated at one rate
// (uniform_rate), given per animation in meta.frameRates.
#include <nlohmann/json.hpp>

#include "writers.hpp"

namespace spritec::exporter::detail {

namespace {

// Adds `key` at the end of `object` without looking it up. ordered_json's operator[] first
// scans every key before it, so filling an object of n keys that way is quadratic (65,535
// frames took 14 s). The keys added here are distinct by construction: frame names (a pack
// with two frames of one name is refused, E0501), the export's own region names (fresh()
// in model.cpp), animation names (two of one name are refused, E0704).
void append(Json& object, std::string key, Json value) {
  Json::object_t& members = object.get_ref<Json::object_t&>();
  static_cast<Json::object_t::Container&>(members).emplace_back(std::move(key), std::move(value));
}

// The rate written in meta.frameRates: the exact rate tick_rate / g, raised by 2^-26 of
// itself unless the game's per-step advance is already exact (docs/engines.md, "Exact
// timing"). PixiJS 8.22's AnimatedSprite.update adds e = animationSpeed * deltaTime to a
// float frame position _currentTime, never reduced, and shows frame floor(_currentTime);
// the game sets animationSpeed = fps / 60, and Ticker gives deltaTime = deltaMS * 0.06,
// so a game stepping at the tick rate adds e = fl(fl(fps/60) * fl(fl(1000/R) * 0.06)) per
// tick, ideally 1/g. At 24 ticks/s e comes out below 1/g (24 fps: 0.9999999999999999)
// and floor() shows a change a tick late from the first.
//
// The bound: with fps raised by d = 2^-26, e = (1/g)(1 + d')  with |d' - d| <= 8u
// (u = 2^-53: tick_rate / g, the raise, / 60, 1000 / R, * 0.06, their product, fl(0.06)). A sum of
// n positive terms rounded to nearest lies within n * e * (1 +- 1.01 n u) for n u < 0.01. Not late
// at n = m g (the sum must reach m): n e (1 - 1.01 n u) >= m needs d' >= 1.01 n u + d' 1.01 n u,
// true for n <= 2^25 (1.01 * 2^-28 (1 + 2^-26) < 2^-26 - 8u). Not early at n = m g - 1 (the sum
// must stay below m): n e (1 + 1.01 n u) < m needs (1 + d')(1 + 1.01 n u) < 1 + 1/n, true
// for n <= 2^25 (2^-26 + 1.01 * 2^-28 + small < 2^-25). So every change is on its tick
// for the first 2^25 ticks of a play (6.4 days at 60 ticks/s, 16 days at 24), where the
// unraised rate can be late at the first change. When g is a power of two and e == 1/g
// exactly (60 and 30 ticks/s at g = 1, 2), each sum is exact: the rate is kept as before.
double written_fps(const UniformRate& rate, std::uint32_t tick_rate) {
  const double delta_time = (1000.0 / double(tick_rate)) * 0.06;
  const double g = double(rate.ticks_per_frame);
  const bool power_of_two = (rate.ticks_per_frame & (rate.ticks_per_frame - 1)) == 0;
  if (power_of_two && (rate.fps / 60) * delta_time == 1.0 / g) return rate.fps;
  return rate.fps * (1 + 0x1p-26);
}

}  // namespace

std::vector<File> pixi(const Model& model, const Options& options) {
  auto json_name = [&](std::size_t p) {
    return p == 0 ? options.out_name : options.stem + "-" + std::to_string(p) + ".json";
  };
  Json animations = Json::object();
  Json rates = Json::object();
  for (const Animation& a : model.animations) {
    const UniformRate rate = uniform_rate(a, model.tick_rate);
    Json list = Json::array();
    for (const RegionTicks& f : a.frames) {
      for (std::uint32_t k = repeats(f, rate); k > 0; --k)
        list.push_back(model.regions[f.region].name);
    }
    append(animations, a.name, std::move(list));
    append(rates, a.name, {{"fps", written_fps(rate, model.tick_rate)}, {"loop", a.loop}});
  }
  std::vector<File> files;
  for (std::size_t p = 0; p < model.pages.size(); ++p) {
    Json frames = Json::object();
    for (const Region& r : model.regions) {
      if (r.page != p) continue;
      // Pixi 8 takes a texture's defaultAnchor from `anchor` (Spritesheet._processFrames);
      // it ignores `pivot`, which Phaser reads. The same numbers under Pixi's key.
      Json entry = texture_frame(r);
      entry["anchor"] = std::move(entry["pivot"]);
      entry.erase("pivot");
      add_shapes(entry, r);  // kept in Spritesheet.data.frames[name]
      append(frames, r.name, std::move(entry));
    }
    Json related = Json::array();
    for (std::size_t q = 0; q < model.pages.size(); ++q) {
      if (q != p) related.push_back(json_name(q));
    }
    Json meta = {{"app", "spritec"},
                 {"image", page_file(options, p)},
                 {"format", "RGBA8888"},
                 {"size", {{"w", model.pages[p].width}, {"h", model.pages[p].height}}},
                 {"scale", "1"}};
    if (p == 0) meta["frameRates"] = rates;
    if (!related.empty() && p == 0) meta["related_multi_packs"] = related;
    Json doc = {{"frames", std::move(frames)}};
    if (p == 0) doc["animations"] = animations;
    doc["meta"] = std::move(meta);
    files.push_back({json_name(p), bytes(dump(doc))});
  }
  return files;
}

std::optional<std::vector<File>> write_pixi(const Model& model, const Options& options,
                                            diag::Sink& sink) {
  std::vector<File> files = pixi(model, options);
  if (!model.animations.empty()) {
    sink.warning(diag::Code::kExportDurations, {options.pack_name, 0, 0, 0},
                 "pixi's JSON has no durations: each animation lists its frames repeated at "
                 "one rate per animation, given in meta.frameRates (set the AnimatedSprite's "
                 "animationSpeed to that rate / 60)");
  }
  return files;
}

}  // namespace spritec::exporter::detail
