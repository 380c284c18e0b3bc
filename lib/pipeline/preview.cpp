// spritec preview: scenes, actions and whole packs to GIF, APNG or PNG strips.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "report.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/pipeline/scene_packs.hpp"
#include "spritec/render/apng.hpp"
#include "spritec/render/compose.hpp"
#include "spritec/render/gif.hpp"
#include "spritec/render/strip.hpp"
#include "spritec/runtime/player.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

// A preview longer than this is cut (and said so): 10 minutes at 60 ticks per second.
constexpr std::int64_t kMaxPreviewTicks = 36000;
// Action previews: cycles shown, and how long a finished action stays on screen.
constexpr std::uint32_t kActionCycles = 3;
constexpr std::int64_t kHoldMs = 500;

enum class OutputKind { kGif, kApng, kStrip };

// Every frame is kept until the encoder has seen them all: their pixels are capped.
constexpr std::uint64_t kMaxPreviewBytes = 512ull << 20;

struct Frames {
  std::vector<render::AnimFrame> frames;
  std::vector<std::string> labels;  // for a grid of scene frames
  std::uint64_t bytes = 0;
  bool too_large = false;  // stopped at kMaxPreviewBytes

  // Whether one more frame of w x h pixels at `scale` fits the cap (checked before drawing
  // it, so nothing over the cap is ever allocated); sets too_large when not.
  bool fits(int w, int h, int scale) {
    std::uint64_t next =
        std::uint64_t(w) * std::uint64_t(scale) * std::uint64_t(h) * std::uint64_t(scale) * 4;
    if (bytes + next > kMaxPreviewBytes || w * scale > 65536 || h * scale > 65536) {
      too_large = true;
      return false;
    }
    return true;
  }
  // Adds a frame; false (and too_large) when the cap would be passed.
  bool add(image::Image image) {
    bytes += image.rgba.size();
    if (bytes > kMaxPreviewBytes || image.rgba.empty()) {
      too_large = true;
      return false;
    }
    frames.push_back({std::move(image), {}});
    return true;
  }
};

int usage(std::ostream& err, const std::string& message) {
  err << "spritec preview: " << message << '\n';
  return 2;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// "#rrggbb" / "#rrggbbaa" -> 0xRRGGBBAA; "none"/"transparent" -> 0.
std::optional<std::uint32_t> parse_colour(const std::string& text) {
  if (text == "none" || text == "transparent") return 0u;
  if ((text.size() != 7 && text.size() != 9) || text[0] != '#') return std::nullopt;
  std::uint32_t v = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    char c = text[i];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) return std::nullopt;
    v = v * 16 + std::uint32_t(d);
  }
  return text.size() == 7 ? (v << 8) | 0xFF : v;
}

image::Image scaled(image::Image img, int scale) {
  return scale > 1 ? image::scale_nearest(img, scale) : img;
}

render::Sprite sprite_of(const runtime::PackView& view, const std::vector<image::Image>& pages,
                         std::uint32_t frame_index, std::uint8_t flip, double x, double y,
                         std::string name) {
  render::Sprite s;
  s.x = x;
  s.y = y;
  s.name = std::move(name);
  s.flip_x = (flip & runtime::spk::kFlipX) != 0;
  s.flip_y = (flip & runtime::spk::kFlipY) != 0;
  if (frame_index == runtime::spk::kNone) return s;
  runtime::Frame f = view.frame(frame_index);
  s.page = &pages[f.page];
  s.rect = {int(f.x), int(f.y), int(f.w), int(f.h)};
  s.origin_x = f.origin_x;
  s.origin_y = f.origin_y;
  return s;
}

// Frame durations from the ticks they were sampled at and the run's last tick.
void set_durations(Frames& out, const std::vector<std::int64_t>& sampled, std::int64_t last,
                   std::uint32_t tick_rate) {
  for (std::size_t i = 0; i < out.frames.size(); ++i) {
    std::int64_t end = i + 1 < sampled.size() ? sampled[i + 1] : last + 1;
    out.frames[i].duration = {end - sampled[i], std::int64_t(tick_rate)};
  }
}

// ---- scenes ---------------------------------------------------------------------------

std::optional<Frames> render_scene(const PreviewOptions& o, diag::Sink& sink, std::ostream& err) {
  std::optional<sim::Scene> scene = sim::read_scene_file(o.input, sink);
  if (!scene) return std::nullopt;
  std::optional<ScenePacks> packs = load_scene_packs(*scene, o.root, true, sink);
  if (!packs) return std::nullopt;
  std::vector<std::unique_ptr<LoadedPack>> files = std::move(packs->files);
  std::optional<sim::Simulation> sim =
      sim::Simulation::create(*scene, std::move(packs->packs), sink);
  if (!sim) return std::nullopt;

  render::Stage stage;
  stage.width = scene->stage_width;
  stage.height = scene->stage_height;
  stage.background = scene->background;
  stage.debug = o.debug;
  if (!o.background.empty()) stage.background = *parse_colour(o.background);
  std::uint32_t rate = sim->tick_rate();
  std::int64_t fps = std::clamp<std::int64_t>(o.fps > 0 ? o.fps : scene->fps, 1, rate);

  Frames out;
  std::vector<std::int64_t> sampled;
  std::int64_t next = 0;  // the tick of the next output frame
  std::int64_t limit = o.ticks >= 0 ? o.ticks : kMaxPreviewTicks;
  for (;;) {
    sim->step();
    std::int64_t t = sim->tick();
    if (t == next) {
      std::vector<render::Sprite> sprites;
      for (const sim::ActorState& a : sim->actors()) {
        const LoadedPack& pack = *files[a.pack];
        sprites.push_back(sprite_of(pack.view, pack.pages, a.frame, a.flip, a.x, a.y, a.name));
      }
      if (!out.fits(stage.width, stage.height, o.scale) ||
          !out.add(scaled(render::compose(stage, std::move(sprites)), o.scale)))
        return out;
      out.labels.push_back("tick " + std::to_string(t));
      sampled.push_back(t);
      std::int64_t i = std::int64_t(sampled.size());
      next = (i * std::int64_t(rate)) / fps;
    }
    if (o.ticks >= 0 ? t >= o.ticks : sim->finished()) break;
    if (t >= limit) {
      err << "spritec preview: the scene had not ended after " << limit
          << " ticks; the preview stops there (use --ticks N)\n";
      break;
    }
  }
  set_durations(out, sampled, sim->tick(), rate);
  return out;
}

// ---- actions --------------------------------------------------------------------------

struct Bounds {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // relative to the origin, x1/y1 exclusive
  bool empty = true;
};

Bounds action_bounds(const runtime::PackView& view, std::uint32_t action) {
  Bounds b;
  runtime::Action a = view.action(action);
  for (std::uint32_t v = 0; v < a.views; ++v) {
    for (std::uint32_t i = 0; i < a.steps_per_view; ++i) {
      runtime::Step s = view.step(a, v, i);
      if (s.frame == runtime::spk::kNone) continue;
      runtime::Frame f = view.frame(s.frame);
      if (f.w == 0 || f.h == 0) continue;
      int w = int(f.w), h = int(f.h);
      int x0 = (s.flip & runtime::spk::kFlipX) ? f.origin_x - w + 1 : -f.origin_x;
      int y0 = (s.flip & runtime::spk::kFlipY) ? f.origin_y - h + 1 : -f.origin_y;
      if (b.empty) {
        b = {x0, y0, x0 + w, y0 + h, false};
      } else {
        b.x0 = std::min(b.x0, x0);
        b.y0 = std::min(b.y0, y0);
        b.x1 = std::max(b.x1, x0 + w);
        b.y1 = std::max(b.y1, y0 + h);
      }
    }
  }
  if (b.empty) b = {-8, -8, 8, 8, false};
  return b;
}

// Inputs that keep the action's own transitions from firing where they can: the inputs a
// rule needs released are held. A preview shows the action, not where it leads.
std::uint64_t blocking_inputs(const runtime::PackView& view, std::uint32_t action) {
  runtime::Action a = view.action(action);
  std::uint64_t held = 0;
  for (std::uint32_t i = 0; i < a.transition_count; ++i) {
    held |= view.transition(a.first_transition + i).unless;
  }
  return held;
}

std::vector<std::uint32_t> selected_views(const std::string& view, std::uint32_t views) {
  std::vector<std::uint32_t> out;
  if (view == "all") {
    for (std::uint32_t v = 0; v < views; ++v)
      out.push_back(v);
  } else {
    out.push_back(std::uint32_t(std::stoul(view)));
  }
  return out;
}

// The angle that selects view v: the middle of its sector.
std::int64_t view_angle(const runtime::Action& a, std::uint32_t v) {
  return a.first_view + std::int64_t(v) * 360 / std::int64_t(a.views);
}

Frames render_action(const PreviewOptions& o, const LoadedPack& pack, std::uint32_t action) {
  const runtime::PackView& view = pack.view;
  runtime::Action a = view.action(action);
  std::vector<std::uint32_t> views = selected_views(o.view, a.views);
  Bounds b = action_bounds(view, action);
  const int pad = 2;
  int cell_w = b.x1 - b.x0 + 2 * pad;
  int cell_h = b.y1 - b.y0 + 2 * pad;
  render::Stage stage;
  stage.width = cell_w * int(views.size());
  stage.height = cell_h;
  stage.debug = o.debug;
  if (!o.background.empty()) stage.background = *parse_colour(o.background);

  std::uint64_t inputs = blocking_inputs(view, action);
  std::vector<runtime::ActorState> actors(views.size());
  std::vector<double> home_x(views.size());
  double home_y = pad - b.y0;
  for (std::size_t k = 0; k < views.size(); ++k) {
    home_x[k] = double(int(k) * cell_w + pad - b.x0);
    actors[k].inputs = inputs;
    runtime::set_angle(view, actors[k], view_angle(a, views[k]));
    runtime::EventBuffer events;
    runtime::start(view, actors[k], action, true, events);
  }
  std::uint32_t rate = view.tick_rate();
  std::int64_t fps = std::clamp<std::int64_t>(o.fps > 0 ? o.fps : 30, 1, rate);
  std::int64_t hold_ticks = std::max<std::int64_t>(1, kHoldMs * rate / 1000);

  Frames out;
  std::vector<std::int64_t> sampled;
  std::int64_t next = 0;
  std::int64_t ending = -1;  // the tick the action finished (then held for a moment)
  std::int64_t end = 0;      // the first tick not shown
  for (std::int64_t t = 0;; ++t) {
    if (t > 0) {
      for (runtime::ActorState& st : actors) {
        runtime::EventBuffer events;
        runtime::tick(view, st, events);
      }
    }
    const runtime::ActorState& lead = actors.front();
    // Stop before showing another action (a then: or a transition switched it), or the
    // first step of a cycle past the last one shown.
    bool done_cycles = lead.cycles >= kActionCycles && !lead.holding && !lead.destroyed;
    if (lead.action != action || done_cycles || t > kMaxPreviewTicks ||
        (ending >= 0 && t > ending + hold_ticks)) {
      end = t;
      break;
    }
    if (ending < 0 && (lead.holding || lead.destroyed)) ending = t;
    if (t == next) {
      std::vector<render::Sprite> sprites;
      for (std::size_t k = 0; k < actors.size(); ++k) {
        // A destroyed actor shows its last step on the tick it is destroyed, then vanishes.
        if (actors[k].destroyed && t > ending) continue;
        runtime::Step s = runtime::current_step(view, actors[k]);
        sprites.push_back(
            sprite_of(view, pack.pages, s.frame, s.flip, home_x[k], home_y, std::to_string(k)));
      }
      if (!out.fits(stage.width, stage.height, o.scale) ||
          !out.add(scaled(render::compose(stage, std::move(sprites)), o.scale)))
        return out;
      sampled.push_back(t);
      next = (std::int64_t(sampled.size()) * std::int64_t(rate)) / fps;
    }
  }
  set_durations(out, sampled, end - 1, rate);
  return out;
}

// One strip section per action: a row per view, a column per step.
render::StripSection strip_section(const LoadedPack& pack, std::uint32_t action,
                                   const std::string& view_option) {
  const runtime::PackView& view = pack.view;
  runtime::Action a = view.action(action);
  render::StripSection section;
  const char* modes[] = {"loop", "pingpong", "once"};
  section.title = std::string(a.name) + "  (" + modes[int(a.mode)] + ")";
  for (std::uint32_t i = 0; i < a.steps_per_view; ++i) {
    runtime::Step s = view.step(a, 0, i);
    std::string label = std::to_string(i) + ": " + std::to_string(s.ticks) + "t";
    if (s.event != runtime::spk::kNone) label += " " + std::string(view.event_name(s.event));
    section.column_labels.push_back(label);
  }
  for (std::uint32_t v : selected_views(view_option, a.views)) {
    render::StripRow row;
    row.label = std::to_string(((view_angle(a, v) % 360) + 360) % 360) + " deg";
    for (std::uint32_t i = 0; i < a.steps_per_view; ++i) {
      runtime::Step s = view.step(a, v, i);
      render::StripCell cell;
      if (s.frame != runtime::spk::kNone) {
        runtime::Frame f = view.frame(s.frame);
        if (f.w > 0 && f.h > 0) {
          cell.image = image::crop(pack.pages[f.page], {int(f.x), int(f.y), int(f.w), int(f.h)});
          cell.origin_x = f.origin_x;
          cell.origin_y = f.origin_y;
          if (s.flip & runtime::spk::kFlipX) {
            image::flip_x(cell.image);
            cell.origin_x = int(f.w) - 1 - f.origin_x;
          }
          if (s.flip & runtime::spk::kFlipY) {
            image::flip_y(cell.image);
            cell.origin_y = int(f.h) - 1 - f.origin_y;
          }
        }
      }
      row.cells.push_back(std::move(cell));
    }
    section.rows.push_back(std::move(row));
  }
  return section;
}

// --frames A..B
bool select_frames(const std::string& spec, Frames& frames, std::string* why) {
  if (spec.empty()) return true;
  std::size_t dots = spec.find("..");
  long long a = 0, b = 0;
  try {
    if (dots == std::string::npos) throw 0;
    a = std::stoll(spec.substr(0, dots));
    b = std::stoll(spec.substr(dots + 2));
  } catch (...) {
    *why = "--frames takes A..B (0-based output frame indices)";
    return false;
  }
  long long n = static_cast<long long>(frames.frames.size());
  if (a < 0 || b < a || a >= n) {
    *why = "--frames " + spec + " is outside the preview's " + std::to_string(n) + " frames";
    return false;
  }
  b = std::min(b, n - 1);
  frames.frames = {frames.frames.begin() + a, frames.frames.begin() + b + 1};
  if (!frames.labels.empty())
    frames.labels = {frames.labels.begin() + a, frames.labels.begin() + b + 1};
  return true;
}

}  // namespace

int run_preview(const PreviewOptions& o, std::ostream& out, std::ostream& err) {
  OutputKind kind;
  if (ends_with(o.output, ".gif")) {
    kind = OutputKind::kGif;
  } else if (ends_with(o.output, ".apng") || (ends_with(o.output, ".png") && o.animated)) {
    kind = OutputKind::kApng;
  } else if (ends_with(o.output, ".png")) {
    kind = OutputKind::kStrip;
  } else {
    return usage(err, "the output must end in .gif, .apng or .png");
  }
  if (o.scale < 1 || o.scale > 16) return usage(err, "--scale must be 1 to 16");
  if (o.every < 1) return usage(err, "--every must be at least 1");
  if (!o.background.empty() && !parse_colour(o.background)) {
    return usage(err, "--background takes #rrggbb, #rrggbbaa or none");
  }
  if (o.view != "all" &&
      (o.view.empty() || o.view.find_first_not_of("0123456789") != std::string::npos)) {
    return usage(err, "--view takes a view index or all");
  }

  diag::Sink sink;
  Frames frames;
  std::vector<render::StripSection> sections;
  bool is_scene = ends_with(o.input, ".scene.yaml") || ends_with(o.input, ".scene.yml");
  if (!is_scene && (ends_with(o.input, ".yaml") || ends_with(o.input, ".yml")) &&
      !ends_with(o.input, ".sprites.yaml") && !ends_with(o.input, ".sprites.yml")) {
    return usage(err, o.input +
                          ": name definitions *.sprites.yaml and scenes *.scene.yaml, so preview "
                          "knows which it is");
  }
  if (is_scene) {
    std::optional<Frames> rendered = render_scene(o, sink, err);
    int status = report(sink, err);  // warnings too (W0303 for the scene's packs)
    if (!rendered) return status != 0 ? status : 1;
    frames = std::move(*rendered);
  } else {
    CompileOptions compile;
    compile.root = o.root;
    std::unique_ptr<LoadedPack> pack = open_or_compile(o.input, compile, sink, true);
    int status = report(sink, err);
    if (!pack) return status != 0 ? status : 1;
    const runtime::PackView& view = pack->view;
    if (view.action_count() == 0) {
      err << "spritec preview: " << o.input << " has no actions to preview\n";
      return 1;
    }
    std::vector<std::uint32_t> actions;
    if (o.action.empty() || o.action == "all") {
      if (kind != OutputKind::kStrip && o.action == "all") {
        return usage(err, "--action all makes a contact sheet: write a .png");
      }
      if (kind == OutputKind::kStrip) {
        for (std::uint32_t i = 0; i < view.action_count(); ++i)
          actions.push_back(i);
      } else {
        actions.push_back(0);  // the first action, when none is named
      }
    } else {
      std::uint32_t index = view.find_action(o.action);
      if (index == runtime::spk::kNone) {
        std::string names;
        for (std::uint32_t i = 0; i < view.action_count(); ++i) {
          names += (i ? ", " : "") + std::string(view.action(i).name);
        }
        err << "spritec preview: " << o.input << " has no action '" << o.action << "' (it has "
            << names << ")\n";
        return 1;
      }
      actions.push_back(index);
    }
    for (std::uint32_t index : actions) {
      runtime::Action a = view.action(index);
      if (o.view != "all" && std::stoul(o.view) >= a.views) {
        err << "spritec preview: action '" << a.name << "' has " << a.views << " views; --view "
            << o.view << " is out of range\n";
        return 1;
      }
    }
    if (kind == OutputKind::kStrip) {
      for (std::uint32_t index : actions)
        sections.push_back(strip_section(*pack, index, o.view));
    } else {
      frames = render_action(o, *pack, actions.front());
    }
  }
  if (frames.too_large) {
    err << "spritec preview: the frames would take more than " << (kMaxPreviewBytes >> 20)
        << " MiB (or a frame is over 65536 px a side): lower --scale or --fps, or cut the "
           "scene with --ticks\n";
    return 1;
  }
  std::string why;
  if (sections.empty() && !select_frames(o.frames, frames, &why)) return usage(err, why);

  render::Encoded encoded;
  if (kind == OutputKind::kGif) {
    render::GifOptions gif;
    std::uint32_t bg = 0;
    if (!frames.frames.empty()) {
      // Opaque output when the stage has a background (the first pixel tells).
      const std::uint8_t* p = frames.frames.front().image.rgba.data();
      gif.transparent = frames.frames.front().image.rgba.empty() || p[3] != 255;
      bg = (std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2];
    }
    gif.background = bg;
    encoded = render::encode_gif(frames.frames, gif);
  } else if (kind == OutputKind::kApng) {
    encoded = render::encode_apng(frames.frames);
  } else {
    image::Image sheet;
    render::StripOptions strip;
    strip.scale = o.scale;
    strip.origin_markers = o.debug;
    strip.outlines = o.debug;
    {
      // Strips carry white labels: without --background they sit on a dark stage colour so
      // the sheet reads on any page.
      std::uint32_t c = *parse_colour(o.background.empty() ? "#1d2b53" : o.background);
      strip.background = {std::uint8_t(c >> 24), std::uint8_t(c >> 16), std::uint8_t(c >> 8),
                          std::uint8_t(c)};
    }
    if (!sections.empty()) {
      sheet = render::layout_strip(sections, strip);
    } else {
      std::vector<image::Image> images;
      std::vector<std::string> labels;
      for (std::size_t i = 0; i < frames.frames.size(); i += std::size_t(o.every)) {
        images.push_back(frames.frames[i].image);
        labels.push_back(frames.labels.size() > i ? frames.labels[i] : "");
      }
      strip.scale = 1;  // scene frames are already scaled
      // Scene frames bring their own stage colour: black between them keeps them apart.
      if (o.background.empty()) strip.background = {0, 0, 0, 255};
      sheet = render::layout_grid(images, 8, labels, strip);
    }
    encoded.bytes = image::encode_png(sheet);
    if (encoded.bytes.empty()) encoded.error = "the sheet is empty or too large";
  }
  if (!encoded) {
    err << "spritec preview: error[E0901]: cannot encode the preview: " << encoded.error << '\n';
    return 3;
  }
  why = io::write_file_atomic(o.output, encoded.bytes);
  if (!why.empty()) {
    err << "spritec: error[E0005]: " << why << '\n';
    return 3;
  }
  out << "wrote " << o.output << " (";
  if (sections.empty()) {
    out << frames.frames.size()
        << (frames.frames.size() == 1 ? " rendered frame, " : " rendered frames, ");
  }
  out << encoded.bytes.size() << " bytes)\n";
  return 0;
}

}  // namespace spritec::pipeline
