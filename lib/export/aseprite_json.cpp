// Aseprite's sheet JSON, as `aseprite --sheet S.png --data S.json --format json-array
// --list-tags --list-slices --filename-format {frame}` writes it: one sheet image; `frames`
// with a duration each; one tag per animation (`meta.frameTags`, its frames in the order
// shown, direction forward, repeat "1" when it does not loop); the origins as the pivots of
// one slice, `origin`, keyed on every frame. The format holds one image, so every region is
// placed anew on one sheet (STEM.png).
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "spritec/image/alpha.hpp"
#include "spritec/pack/pack.hpp"
#include "writers.hpp"

namespace spritec::exporter::detail {

namespace {

constexpr std::uint32_t kMaxSheetSide = 16384;

// The ticks back from whole milliseconds, as the aseprite_json: reader takes them.
std::uint64_t ticks_of(std::uint64_t ms, std::uint32_t tick_rate) {
  return std::max<std::uint64_t>((ms * tick_rate + 500) / 1000, 1);
}

// Whole milliseconds for frames [from, to) of `ticks`, as Aseprite writes durations (its
// own reader, and ours, refuse fractions). Rounded where the animation has reached so far,
// so the animation as a whole is never more than half a millisecond off; a frame whose
// rounding would read back as other ticks (tick rates of 500 and more) is rounded alone.
// Returns how many frames are not exact.
std::size_t whole_ms(const std::vector<std::uint32_t>& ticks, std::size_t from, std::size_t to,
                     std::uint32_t tick_rate, std::vector<std::uint64_t>& out) {
  std::size_t inexact = 0;
  std::uint64_t elapsed = 0;  // ticks before frame i, times 1000
  for (std::size_t i = from; i < to; ++i) {
    const std::uint64_t start = (elapsed + tick_rate / 2) / tick_rate;
    elapsed += std::uint64_t(ticks[i]) * 1000;
    std::uint64_t ms = (elapsed + tick_rate / 2) / tick_rate - start;
    if (ticks_of(ms, tick_rate) != ticks[i])
      ms = (std::uint64_t(ticks[i]) * 1000 + tick_rate / 2) / tick_rate;
    if (ms * tick_rate != std::uint64_t(ticks[i]) * 1000) ++inexact;
    out[i] = ms;
  }
  return inexact;
}

}  // namespace

std::optional<std::vector<File>> aseprite_json(const Model& model, const Options& options,
                                               diag::Sink& sink) {
  // The frame entries: every animation's frames in the order shown, then the pack frames no
  // animation shows.
  struct Entry {
    std::uint32_t region;
    std::uint32_t ticks;
  };
  std::vector<Entry> entries;
  Json tags = Json::array();
  std::vector<bool> shown(model.regions.size(), false);
  for (const Animation& a : model.animations) {
    const std::size_t from = entries.size();
    for (const AnimFrame& f : a.frames) {
      entries.push_back({f.region, f.ticks});
      shown[f.region] = true;
    }
    Json tag = {{"name", a.name},
                {"from", from},
                {"to", entries.size() - 1},
                {"direction", "forward"},
                {"color", "#000000ff"}};
    if (!a.loop) tag["repeat"] = "1";
    tags.push_back(std::move(tag));
  }
  for (std::uint32_t i = 0; i < model.regions.size(); ++i) {
    if (!shown[i] && model.regions[i].frame == i) entries.push_back({i, 1});
  }
  std::vector<std::uint32_t> entry_ticks;
  for (const Entry& e : entries)
    entry_ticks.push_back(e.ticks);
  std::vector<std::uint64_t> ms(entries.size());
  std::size_t inexact = 0, from = 0;
  for (const Animation& a : model.animations) {
    inexact += whole_ms(entry_ticks, from, from + a.frames.size(), model.tick_rate, ms);
    from += a.frames.size();
  }
  // A frame no animation shows keeps a nominal tick: rounding it loses nothing, so it is not
  // counted in W0706.
  for (std::size_t i = from; i < entries.size(); ++i)
    (void)whole_ms(entry_ticks, i, i + 1, model.tick_rate, ms);
  // One sheet: each rectangle used placed once (frames the pack merged as duplicates share
  // one).
  std::vector<std::uint32_t> used;
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>,
           std::size_t>
      placed;
  std::map<std::uint32_t, std::size_t> slot;
  for (const Entry& e : entries) {
    const Region& r = model.regions[e.region];
    auto [it, fresh] = placed.emplace(std::make_tuple(r.page, r.x, r.y, r.w, r.h), used.size());
    if (fresh) used.push_back(e.region);
    slot[e.region] = it->second;
  }
  std::vector<pack::Size> sizes;
  for (std::uint32_t r : used)
    sizes.push_back({int(model.regions[r].w), int(model.regions[r].h)});
  pack::Options one_sheet;
  one_sheet.layout = pack::Layout::kShelves;
  one_sheet.padding = 1;
  one_sheet.max_width = one_sheet.max_height = kMaxSheetSide;
  one_sheet.allow_multiple_pages = false;
  const pack::Result sheet_packed = pack::pack(sizes, one_sheet);
  if (!sheet_packed.ok()) {
    sink.error(diag::Code::kExportSheetTooLarge, {options.pack_name, 0, 0, 0},
               "aseprite-json holds one sheet image, and these frames need more than " +
                   std::to_string(kMaxSheetSide) + " x " + std::to_string(kMaxSheetSide) +
                   " px; export the pack as phaser or pixi (several pages) instead");
    return std::nullopt;
  }
  if (inexact > 0)
    sink.warning(diag::Code::kExportDurations, {options.pack_name, 0, 0, 0},
                 "aseprite-json durations are whole milliseconds, as Aseprite writes them: " +
                     std::to_string(inexact) + " of " + std::to_string(entries.size()) +
                     " frames are rounded, each less than 1 ms off (read back at the same "
                     "tick rate, every frame has its ticks)");
  // No frame at all: a sheet of 64 x 1, the narrowest and lowest shelf page.
  const pack::Page page =
      sheet_packed.value.pages.empty() ? pack::Page{64, 1, 0} : sheet_packed.value.pages[0];
  const std::vector<pack::Placement>& at = sheet_packed.value.placements;
  image::Image sheet(page.width, page.height);
  for (std::size_t k = 0; k < used.size(); ++k) {
    const Region& r = model.regions[used[k]];
    image::blit(sheet, at[k].x, at[k].y, model.pages[r.page].image(),
                {int(r.x), int(r.y), int(r.w), int(r.h)});
  }

  Json frames = Json::array();
  Json keys = Json::array();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Region& r = model.regions[entries[i].region];
    const pack::Placement& p = at[slot[entries[i].region]];
    frames.push_back(
        {{"filename", std::to_string(i)},
         {"frame", {{"x", p.x}, {"y", p.y}, {"w", r.w}, {"h", r.h}}},
         {"rotated", false},
         {"trimmed", r.w != r.source_w || r.h != r.source_h},
         {"spriteSourceSize", {{"x", r.trim_x}, {"y", r.trim_y}, {"w", r.w}, {"h", r.h}}},
         {"sourceSize", {{"w", r.source_w}, {"h", r.source_h}}},
         {"duration", ms[i]}});
    keys.push_back({{"frame", i},
                    {"bounds", {{"x", 0}, {"y", 0}, {"w", r.source_w}, {"h", r.source_h}}},
                    {"pivot", {{"x", r.untrimmed_origin_x()}, {"y", r.untrimmed_origin_y()}}}});
  }
  const std::string image_name = options.stem + ".png";
  Json slices = Json::array();
  if (!keys.empty())
    slices.push_back({{"name", "origin"}, {"color", "#0000ffff"}, {"keys", std::move(keys)}});
  Json doc = {{"frames", std::move(frames)},
              {"meta",
               {{"app", "spritec"},
                {"image", image_name},
                {"format", "RGBA8888"},
                {"size", {{"w", page.width}, {"h", page.height}}},
                {"scale", "1"},
                {"frameTags", std::move(tags)},
                {"layers", Json::array()},
                {"slices", std::move(slices)}}}};
  if (model.bled) image::bleed(sheet);  // straight alpha, as Aseprite's sheets
  return std::vector<File>{{options.out_name, bytes(dump(doc))},
                           {image_name, image::encode_png_auto(sheet)}};
}

}  // namespace spritec::exporter::detail
