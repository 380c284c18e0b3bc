// Aseprite's sheet JSON, as `aseprite --sheet S.png --data S.json --format json-array
// --list-tags --list-slices --filename-format {frame}` writes it: one sheet image; `frames`
// with a duration each; one tag per animation (`meta.frameTags`, its frames in the order
// shown, direction forward, repeat "1" when it does not loop); the origins as the pivots of
// one slice, `origin`, keyed on every frame; each box and point name a slice of its own,
// keyed where it changes (a point as the pivot of the box of its name). The format holds one
// image, so every region is placed anew on one sheet (STEM.png).
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "spritec/geom/geom.hpp"
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

// One frame entry of the JSON: a region shown for some ticks.
struct Entry {
  std::uint32_t region;
  std::uint32_t ticks;
};

// The frame entries, every animation's frames in the order shown and then the pack frames
// no animation shows, and one tag per animation over its entries.
std::vector<Entry> frame_entries(const Model& model, Json& tags) {
  std::vector<Entry> entries;
  std::vector<bool> shown(model.regions.size(), false);
  for (const Animation& a : model.animations) {
    const std::size_t from = entries.size();
    for (const RegionTicks& f : a.frames) {
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
  return entries;
}

// Each entry's whole milliseconds (whole_ms, animation by animation); returns how many
// frames of the animations are not exact (W0706).
std::size_t durations(const Model& model, const std::vector<Entry>& entries,
                      std::vector<std::uint64_t>& ms) {
  std::vector<std::uint32_t> entry_ticks;
  for (const Entry& e : entries)
    entry_ticks.push_back(e.ticks);
  ms.assign(entries.size(), 0);
  std::size_t inexact = 0, from = 0;
  for (const Animation& a : model.animations) {
    inexact += whole_ms(entry_ticks, from, from + a.frames.size(), model.tick_rate, ms);
    from += a.frames.size();
  }
  // A frame no animation shows keeps a nominal tick: rounding it loses nothing, so it is not
  // counted in W0706.
  for (std::size_t i = from; i < entries.size(); ++i)
    (void)whole_ms(entry_ticks, i, i + 1, model.tick_rate, ms);
  return inexact;
}

// The sheet: each rectangle the entries use placed once (frames the pack merged as
// duplicates share one) on shelves one pixel apart (pack::Layout::kShelves).
struct Sheet {
  std::vector<std::uint32_t> used;            // a region of each rectangle, in slot order
  std::map<std::uint32_t, std::size_t> slot;  // region -> its rectangle's slot
  pack::Packing packing;                      // placements per slot
  pack::Page page;                            // the one page
};

// Packs the sheet; false when it needs more than one kMaxSheetSide square page.
bool pack_sheet(const Model& model, const std::vector<Entry>& entries, Sheet& sheet) {
  using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>;
  std::map<Key, std::size_t> placed;
  std::vector<geom::Size> sizes;
  for (const Entry& e : entries) {
    const Region& r = model.regions[e.region];
    auto [it, fresh] = placed.emplace(Key{r.page, r.x, r.y, r.w, r.h}, sheet.used.size());
    if (fresh) {
      sheet.used.push_back(e.region);
      sizes.push_back({int(r.w), int(r.h)});
    }
    sheet.slot[e.region] = it->second;
  }
  pack::Options one_sheet;
  one_sheet.layout = pack::Layout::kShelves;
  one_sheet.padding = 1;
  one_sheet.max_width = one_sheet.max_height = kMaxSheetSide;
  one_sheet.allow_multiple_pages = false;
  pack::Result packed = pack::pack(sizes, one_sheet);
  if (!packed.ok()) return false;
  sheet.packing = std::move(packed.value);
  // No frame at all: a sheet of 64 x 1, the narrowest and lowest shelf page.
  sheet.page = sheet.packing.pages.empty() ? pack::Page{64, 1, 0} : sheet.packing.pages[0];
  return true;
}

// The sheet's pixels: each slot's rectangle copied from its page.
image::Image draw_sheet(const Model& model, const Sheet& sheet) {
  image::Image out(sheet.page.width, sheet.page.height);
  for (std::size_t k = 0; k < sheet.used.size(); ++k) {
    const Region& r = model.regions[sheet.used[k]];
    const pack::Placement& at = sheet.packing.placements[k];
    image::blit(out, at.x, at.y, model.pages[r.page].image(),
                {int(r.x), int(r.y), int(r.w), int(r.h)});
  }
  return out;
}

// What a geometry slice shows on one frame entry: a box (bounds) and/or a point (pivot).
struct SliceState {
  const Shape* box = nullptr;
  const Shape* point = nullptr;
  bool empty() const { return !box && !point; }
};

bool same(const SliceState& a, const SliceState& b) {
  auto eq = [](const Shape* x, const Shape* y) { return x == y || (x && y && *x == *y); };
  return eq(a.box, b.box) && eq(a.point, b.point);
}

// A key as Aseprite writes one: bounds in the frame's canvas (the untrimmed frame), the pivot
// relative to them. A point without a box of its name is a 1 x 1 slice on it, pivot 0, 0; a
// frame that shows neither, after one that did, an empty key (bounds 0, 0, 0, 0), as
// Aseprite writes a slice deleted from a frame on.
Json slice_key(std::size_t frame, const SliceState& st) {
  Json bounds = {{"x", 0}, {"y", 0}, {"w", 0}, {"h", 0}};
  if (st.box)
    bounds = {{"x", st.box->x}, {"y", st.box->y}, {"w", st.box->w}, {"h", st.box->h}};
  else if (st.point)
    bounds = {{"x", st.point->x}, {"y", st.point->y}, {"w", 1}, {"h", 1}};
  Json key = {{"frame", frame}, {"bounds", std::move(bounds)}};
  if (st.point) {
    const std::int64_t bx = st.box ? st.box->x : st.point->x;
    const std::int64_t by = st.box ? st.box->y : st.point->y;
    key["pivot"] = {{"x", st.point->x - bx}, {"y", st.point->y - by}};
  }
  return key;
}

// One slice per name of a box or a point, names sorted by bytes, each keyed on the entries
// where what it shows starts or changes. "origin" is the origins' slice: geometry of that
// name is left out (write_aseprite warns).
void add_geometry_slices(const Model& model, const std::vector<Entry>& entries, Json& slices) {
  std::map<std::string, std::vector<SliceState>> by_name;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    for (const Shape& sh : model.regions[entries[i].region].shapes) {
      if (sh.name == "origin") continue;
      std::vector<SliceState>& states = by_name[sh.name];
      states.resize(entries.size());
      (sh.box() ? states[i].box : states[i].point) = &sh;
    }
  }
  for (const auto& [name, states] : by_name) {
    Json keys = Json::array();
    SliceState last;
    for (std::size_t i = 0; i < states.size(); ++i) {
      if (same(states[i], last)) continue;
      keys.push_back(slice_key(i, states[i]));
      last = states[i];
    }
    slices.push_back({{"name", name}, {"color", "#0000ffff"}, {"keys", std::move(keys)}});
  }
}

// The document: `frames` (one per entry, at its slot on the sheet) and `meta`, whose slice
// `origin` keys every frame's origin as its pivot.
Json document(const Model& model, const std::vector<Entry>& entries,
              const std::vector<std::uint64_t>& ms, const Sheet& sheet, Json tags,
              const std::string& image_name) {
  Json frames = Json::array();
  Json keys = Json::array();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Region& r = model.regions[entries[i].region];
    const pack::Placement& p = sheet.packing.placements[sheet.slot.at(entries[i].region)];
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
  Json slices = Json::array();
  if (!keys.empty())
    slices.push_back({{"name", "origin"}, {"color", "#0000ffff"}, {"keys", std::move(keys)}});
  add_geometry_slices(model, entries, slices);
  return {{"frames", std::move(frames)},
          {"meta",
           {{"app", "spritec"},
            {"image", image_name},
            {"format", "RGBA8888"},
            {"size", {{"w", sheet.page.width}, {"h", sheet.page.height}}},
            {"scale", "1"},
            {"frameTags", std::move(tags)},
            {"layers", Json::array()},
            {"slices", std::move(slices)}}}};
}

// W0709: a box or point named "origin" would be a second slice of the origins' name.
void warn_origin_name(const Model& model, const Options& options, diag::Sink& sink) {
  for (const Region& r : model.regions) {
    for (const Shape& sh : r.shapes) {
      if (sh.name != "origin") continue;
      sink.warning(diag::Code::kExportGeometry, {options.pack_name, 0, 0, 0},
                   "aseprite-json keeps the origins in the slice 'origin', so the boxes and "
                   "points named 'origin' are left out; rename them to export them");
      return;
    }
  }
}

}  // namespace

std::optional<std::vector<File>> aseprite_json(const Model& model, const Options& options,
                                               diag::Sink& sink) {
  Json tags = Json::array();
  const std::vector<Entry> entries = frame_entries(model, tags);
  std::vector<std::uint64_t> ms;
  const std::size_t inexact = durations(model, entries, ms);
  Sheet sheet;
  if (!pack_sheet(model, entries, sheet)) {
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
  warn_origin_name(model, options, sink);
  image::Image pixels = draw_sheet(model, sheet);
  if (model.bled) image::bleed(pixels);  // straight alpha, as Aseprite's sheets
  const std::string image_name = options.stem + ".png";
  const Json doc = document(model, entries, ms, sheet, std::move(tags), image_name);
  return std::vector<File>{{options.out_name, bytes(dump(doc))},
                           {image_name, image::encode_png_auto(pixels)}};
}

}  // namespace spritec::exporter::detail
