// export_pack(): the Model, the warnings for what the format cannot carry, the writer and
// the page images.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <set>
#include <unordered_map>

#include "spritec/diag/utf8.hpp"
#include "spritec/export/export.hpp"
#include "spritec/image/alpha.hpp"
#include "writers.hpp"

namespace spritec::exporter {

namespace {

// The formats: the one table the commands take their names, help and dispatch from
// (spritec export --format, build --export), in the order --help lists them. A new format
// is one entry here (docs/architecture.md, "Where new things go").
constexpr FormatInfo kFormats[] = {
    // name, written, animations, one_rate, godot_paths, premultiplied_pages, own_sheet,
    // geometry, whole_pack, write
    {"godot4", "", true, false, true, false, false, false, false, detail::write_godot4},
    {"godot3", "SpriteFrames .tres", true, true, true, false, false, false, false,
     detail::write_godot3},
    {"spine", "", false, false, false, true, false, true, false, detail::write_spine},
    {"libgdx-legacy", ".atlas", false, false, false, false, false, false, false,
     detail::write_libgdx_legacy},
    {"phaser", "multi-atlas + STEM.anims.json", true, false, false, false, false, true, false,
     detail::write_phaser},
    {"pixi", "JSON Hash pages", true, true, false, false, false, true, false, detail::write_pixi},
    {"aseprite-json", "", true, false, false, false, true, true, false, detail::aseprite_json},
    {"spritec-json", "the whole pack, for runtimes/js", false, false, false, true, false, false,
     true, detail::write_spritec_json},
};

// "walk, jump and 3 more"
std::string listed(const std::vector<std::string>& names) {
  std::string out;
  const std::size_t shown = std::min<std::size_t>(names.size(), 3);
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) out += i + 1 == shown && names.size() == shown ? " and " : ", ";
    out += "'" + names[i] + "'";
  }
  if (names.size() > shown) out += " and " + std::to_string(names.size() - shown) + " more";
  return out;
}

void warn_uncarried(const Model& model, const Options& o, diag::Sink& sink) {
  const std::string format(format_name(o.format));
  const diag::Span at{o.pack_name, 0, 0, 0};
  const Uncarried& u = model.uncarried;
  auto warn = [&](diag::Code code, const std::vector<std::string>& actions,
                  const std::string& what) {
    if (actions.empty()) return;
    sink.warning(code, at,
                 format + " cannot carry " + what + ": " + listed(actions) + " (" +
                     std::to_string(actions.size()) + " action" + (actions.size() == 1 ? "" : "s") +
                     ")");
  };
  if (!o.format->animations) return;  // W0707 says the actions are left out whole
  warn(diag::Code::kExportEvents, u.events, "step events; left out of");
  warn(diag::Code::kExportTransitions, u.transitions, "transitions; left out of");
  warn(diag::Code::kExportMotion, u.motion, "root motion (move:); left out of");
  warn(diag::Code::kExportThen, u.then,
       "then: destroy or a next action; the animation holds its last frame in");
  warn(diag::Code::kExportLoop, u.loop_tail, "a loop from loop_from; the whole step list loops in");
  warn(diag::Code::kExportLoop, u.long_repeat,
       "a repeat this long (over 65,536 steps expanded); the animation loops forever in");
  if (!o.format->geometry)
    warn(diag::Code::kExportGeometry, u.geometry, "boxes and points; left out of");
}

// W0709 for an atlas format with no place for boxes and points (libgdx-legacy): the frames
// that have them. (An animation format names the actions: warn_uncarried.)
void warn_frame_geometry(const runtime::PackView& pack, const Options& o, diag::Sink& sink) {
  if (o.format->geometry || o.format->animations) return;
  std::vector<std::string> frames;
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i) {
    if (pack.frame_shapes(i).count > 0) frames.push_back(diag::shown_name(pack.frame_name(i)));
  }
  if (frames.empty()) return;
  sink.warning(diag::Code::kExportGeometry, {o.pack_name, 0, 0, 0},
               std::string(format_name(o.format)) +
                   " has no place for boxes and points: left out of frames " + listed(frames) +
                   " (" + std::to_string(frames.size()) + " frame" +
                   (frames.size() == 1 ? "" : "s") + "; the spine format carries them)");
}

// W0710 for a layered master (issue 26): no format has a place for slots and a draw order
// per view. Each pack exports as it does alone (a piece's animations have the master's
// names), so the game plays them side by side in the order docs/engines.md tells it where
// to find. Named once per export; a piece needs no warning, since it plays as an ordinary
// animation set.
void warn_layers(const runtime::PackView& pack, const Options& o, diag::Sink& sink) {
  if (!pack.layered()) return;
  std::vector<std::string> slots;
  for (std::uint32_t i = 0; i < pack.slot_count(); ++i)
    slots.push_back(diag::shown_name(pack.slot_name(i)));
  const std::uint32_t views = pack.layer_views();
  sink.warning(diag::Code::kExportLayers, {o.pack_name, 0, 0, 0},
               std::string(format_name(o.format)) +
                   " cannot carry a layered master's draw order: the order of slots " +
                   listed(slots) + " in its " + std::to_string(views) + " view" +
                   (views == 1 ? "" : "s") +
                   " is left out; export each piece's pack on its own and draw them in the "
                   "order `spritec inspect --json` gives as layers.order (docs/engines.md, "
                   "\"Layered actors\")");
}

// The text atlas reads a region's name as a whole line, trimmed, and a line with a ':' as
// a field of the region before: such a name would be read as something else. Reports the
// first frame whose name cannot be a region name (E0702).
bool atlas_names_ok(const runtime::PackView& pack, const Options& o, diag::Sink& sink) {
  // The pages are named after OUT (STEM-N.png), each on a line of its own too.
  const std::string& stem = o.stem;
  if (stem.empty() || stem.find(':') != std::string::npos || stem.front() == ' ' ||
      stem.back() == ' ' || std::any_of(stem.begin(), stem.end(), [](unsigned char c) {
        return c < 0x20 || c == 0x7f;
      })) {
    sink.error(diag::Code::kExportName, {o.pack_name, 0, 0, 0},
               "-o " + o.out_name + ": its pages would be named '" + stem +
                   "-0.png', which a text atlas cannot hold (a ':', a control character or a "
                   "space at either end); choose another name");
    return false;
  }
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i) {
    const std::string_view name = pack.frame_name(i);
    std::string why;
    if (name.empty()) why = "is empty";
    for (unsigned char c : name) {
      if (why.empty() && (c < 0x20 || c == 0x7f)) why = "holds a control character";
      if (why.empty() && c == ':') why = "holds a ':' (a line with ':' is read as a field)";
    }
    if (why.empty() && (name.front() == ' ' || name.back() == ' '))
      why = "starts or ends with a space (region names are trimmed)";
    if (why.empty()) continue;
    const std::string shown = diag::shown_name(name);
    sink.error(diag::Code::kExportName, {o.pack_name, 0, 0, 0},
               "frame " + std::to_string(i) + "'s name '" + shown + "' " + why +
                   ", so it cannot be a region name in a " + std::string(format_name(o.format)) +
                   " atlas; rename the frame (or export another format)");
    return false;
  }
  return true;
}

// Two frames of one name: a format keyed by name (pixi) would keep one and its animations
// would show the wrong frame; the others would hold two regions of one name. The format
// allows it (a pack spritec builds never has it): refused as unpack refuses it (E0501).
bool frame_names_unique(const runtime::PackView& pack, const Options& o, diag::Sink& sink) {
  std::unordered_map<std::string_view, std::uint32_t> seen;
  seen.reserve(pack.frame_count());
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i) {
    auto [it, fresh] = seen.emplace(pack.frame_name(i), i);
    if (fresh) continue;
    sink.error(diag::Code::kPackInvalid, {o.pack_name, 0, 0, 0},
               "frames " + std::to_string(it->second) + " and " + std::to_string(i) +
                   " have the same name '" + diag::shown_name(it->first) + "'; " +
                   std::string(format_name(o.format)) +
                   " names its regions by frame name, so one would be lost or named twice");
    return false;
  }
  return true;
}

// "action 'spin' alone has 23592960"
std::string largest_share(const std::string& name, std::uint64_t count, const char* what) {
  return "action '" + diag::shown_name(name) + "' alone " + what + " " + std::to_string(count);
}

// The animations' frames together, counted from the pack's actions before any is built:
// a 9 KB pack (one action, 360 views, repeat 65536) would otherwise expand to 23.6 million
// frames and gigabytes of output (E0703).
bool animations_fit(const runtime::PackView& pack, const Options& o, diag::Sink& sink) {
  std::uint64_t total = 0, largest = 0;
  std::uint32_t which = 0;
  for (std::uint32_t i = 0; i < pack.action_count(); ++i) {
    const std::uint64_t n = animation_frames(pack.action(i));
    total = n > UINT64_MAX - total ? UINT64_MAX : total + n;  // cannot pass it; saturates
    if (n > largest) largest = n, which = i;
  }
  if (total <= kMaxAnimationFrames) return true;
  const runtime::Action a = pack.action(which);
  sink.error(diag::Code::kExportTooManyFrames, {o.pack_name, 0, 0, 0},
             std::string(format_name(o.format)) + ": the animations would hold " +
                 std::to_string(total) + " frames together, more than the cap of " +
                 std::to_string(kMaxAnimationFrames) + "; " +
                 largest_share(std::string(a.name), largest, "has") + " (" +
                 std::to_string(a.views) + " views x " + std::to_string(largest / a.views) +
                 " steps played); lower its repeat or its views, or export an atlas "
                 "(spine)");
  return false;
}

// godot3 and pixi list each frame once per `repeats` at one rate per animation: that list
// is capped too, counted on the Model before it is written (E0703).
bool uniform_lists_fit(const runtime::PackView& pack, const Model& model, const Options& o,
                       diag::Sink& sink) {
  std::uint64_t total = 0, largest = 0;
  std::size_t which = 0;
  for (std::size_t i = 0; i < model.animations.size(); ++i) {
    const Animation& a = model.animations[i];
    const UniformRate rate = uniform_rate(a, model.tick_rate);
    std::uint64_t n = 0;
    for (const RegionTicks& f : a.frames)
      n += repeats(f, rate);
    total += n;  // at most kMaxUniformFrames + frames per animation: no overflow
    if (n > largest) largest = n, which = i;
  }
  if (total <= kMaxAnimationFrames) return true;
  const Animation& a = model.animations[which];
  sink.error(diag::Code::kExportTooManyFrames, {o.pack_name, 0, 0, 0},
             std::string(format_name(o.format)) +
                 " lists each animation's frames at one rate, every frame repeated for its "
                 "duration: the lists would hold " +
                 std::to_string(total) + " frames together, more than the cap of " +
                 std::to_string(kMaxAnimationFrames) + "; animation '" + diag::shown_name(a.name) +
                 "' (action '" + diag::shown_name(std::string(pack.action_name(a.action))) +
                 "') alone lists " + std::to_string(largest) +
                 "; shorten the durations' spread, or export godot4 or phaser (durations per "
                 "frame)");
  return false;
}

// "view 1 of action 'walk'" or "action 'walk/1'"
std::string made_by(const runtime::PackView& pack, std::uint32_t action, std::uint32_t view) {
  const runtime::Action a = pack.action(action);
  const std::string name = "action '" + diag::shown_name(std::string(a.name)) + "'";
  return a.views == 1 ? name : "view " + std::to_string(view) + " of " + name;
}

// Two animations of one name (ACTION/VIEW of one action is another action's name, or two
// actions share a name): each format would keep one, or hold both under one name (E0704).
// Counted after animations_fit, so the names made are bounded by its cap.
bool animation_names_unique(const runtime::PackView& pack, const Options& o, diag::Sink& sink) {
  std::unordered_map<std::string, std::pair<std::uint32_t, std::uint32_t>> seen;
  std::set<std::pair<std::uint32_t, std::uint32_t>> reported;  // pairs of actions
  bool ok = true;
  for (std::uint32_t i = 0; i < pack.action_count(); ++i) {
    const runtime::Action a = pack.action(i);
    for (std::uint32_t v = 0; v < a.views; ++v) {
      auto [it, fresh] = seen.emplace(animation_name(a.name, a.views, v), std::make_pair(i, v));
      if (fresh) continue;
      ok = false;
      if (!reported.insert({it->second.first, i}).second) continue;
      sink.error(diag::Code::kExportNameClash, {o.pack_name, 0, 0, 0},
                 std::string(format_name(o.format)) + " would have two animations named '" +
                     diag::shown_name(it->first) +
                     "': " + made_by(pack, it->second.first, it->second.second) + " and " +
                     made_by(pack, i, v) +
                     " (an action of several views gives ACTION/VIEW); rename one of the "
                     "actions");
    }
  }
  return ok;
}

// W0706 for a format of one rate per animation: the animations whose exact rate would pass
// kMaxUniformFrames, so their durations round.
void warn_rounded(const Model& model, const Options& o, diag::Sink& sink) {
  std::vector<std::string> rounded;
  for (const Animation& a : model.animations) {
    if (!uniform_rate(a, model.tick_rate).exact) rounded.push_back(a.name);
  }
  if (rounded.empty()) return;
  sink.warning(diag::Code::kExportDurations, {o.pack_name, 0, 0, 0},
               std::string(format_name(o.format)) +
                   " shows frames at one rate per animation, and these need more than " +
                   std::to_string(kMaxUniformFrames) +
                   " frames at the exact rate: durations are rounded in " + listed(rounded));
}

// spritec-json: the pack as it is, its pages as it stores them (premultiplied or straight,
// bled or not: the document says which). Nothing is left out, so nothing is warned of.
std::optional<std::vector<File>> export_whole(const runtime::PackView& pack,
                                              const std::vector<image::Image>& pages,
                                              const Options& options, diag::Sink& sink) {
  const Model model = build_model(pack, pages, /*animations=*/false);
  std::optional<std::vector<File>> files = options.format->write(model, options, sink);
  if (!files) return std::nullopt;
  for (std::size_t i = 0; i < model.pages.size(); ++i)
    files->push_back(
        {detail::page_file(options, i), detail::page_png(model, i, model.premultiplied)});
  return files;
}

}  // namespace

std::optional<Format> parse_format(std::string_view name) {
  for (const FormatInfo& entry : kFormats) {
    if (entry.name == name) return &entry;
  }
  return std::nullopt;
}

std::string_view format_name(Format format) {
  return format ? format->name : "?";
}

std::vector<std::string> format_names() {
  std::vector<std::string> out;
  for (const FormatInfo& entry : kFormats)
    out.emplace_back(entry.name);
  return out;
}

std::string formats_listed(bool described) {
  std::string out;
  const std::size_t n = std::size(kFormats);
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) out += i + 1 == n ? " or " : ", ";
    out += kFormats[i].name;
    if (described && !kFormats[i].written.empty())
      out += " (" + std::string(kFormats[i].written) + ")";
  }
  return out;
}

std::optional<std::vector<File>> export_pack(const runtime::PackView& pack,
                                             const std::vector<image::Image>& pages,
                                             const Options& options, diag::Sink& sink) {
  const FormatInfo& format = *options.format;
  if (format.whole_pack) return export_whole(pack, pages, options, sink);
  if (!frame_names_unique(pack, options, sink)) return std::nullopt;
  if (!format.animations && !atlas_names_ok(pack, options, sink)) return std::nullopt;
  if (format.animations &&
      (!animations_fit(pack, options, sink) || !animation_names_unique(pack, options, sink)))
    return std::nullopt;
  Model model = build_model(pack, pages, format.animations, format.geometry);
  detail::add_prefix(model, options.prefix);
  if (format.one_rate && !uniform_lists_fit(pack, model, options, sink)) return std::nullopt;
  warn_uncarried(model, options, sink);
  warn_frame_geometry(pack, options, sink);
  warn_layers(pack, options, sink);
  const diag::Span at{options.pack_name, 0, 0, 0};
  if (!format.animations && pack.action_count() > 0) {
    sink.warning(diag::Code::kExportActions, at,
                 std::string(format.name) + " is an atlas of frames: the pack's " +
                     std::to_string(pack.action_count()) +
                     " actions (their steps, durations and play modes) are left out");
  }
  std::optional<std::vector<File>> files = format.write(model, options, sink);
  if (!files) return std::nullopt;
  if (format.one_rate) warn_rounded(model, options, sink);
  if (!format.own_sheet) {
    const bool pma = model.premultiplied && format.premultiplied_pages;
    for (std::size_t i = 0; i < model.pages.size(); ++i)
      files->push_back({detail::page_file(options, i), detail::page_png(model, i, pma)});
  }
  return files;
}

namespace detail {

std::string page_file(const Options& options, std::size_t n) {
  return options.stem + "-" + std::to_string(n) + ".png";
}

std::vector<std::uint8_t> page_png(const Model& model, std::size_t n, bool premultiplied) {
  const Page& p = model.pages[n];
  // The pack's own PNG when it stores the page as wanted (premultiplied or straight).
  if (p.png != nullptr && model.premultiplied == premultiplied)
    return std::vector<std::uint8_t>(p.png, p.png + p.png_size);
  // Straight pixels already as wanted: a page of a straight pack (bled when the pack is),
  // or any page of an unbled pack written straight.
  const bool pack_page = p.pixels != nullptr;
  const bool bleed = !premultiplied && model.bled && !(pack_page && !model.premultiplied);
  if (!premultiplied && !bleed) return image::encode_png_auto(p.image());
  image::Image img = p.image();
  if (premultiplied) image::premultiply(img);  // a pack page: the bytes the pack stores
  if (bleed) image::bleed(img);
  return image::encode_png_auto(img);
}

std::vector<std::uint8_t> bytes(const std::string& text) {
  return std::vector<std::uint8_t>(text.begin(), text.end());
}

std::string number(double value) {
  if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", value);
    return buf;
  }
  char buf[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, value);
    if (std::strtod(buf, nullptr) == value) break;
  }
  return buf;
}

}  // namespace detail

}  // namespace spritec::exporter
