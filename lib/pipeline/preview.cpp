// spritec preview: scenes, actions and whole packs to GIF, APNG or PNG strips.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "report.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/pipeline/scene_packs.hpp"
#include "spritec/render/action_preview.hpp"
#include "spritec/render/apng.hpp"
#include "spritec/render/compose.hpp"
#include "spritec/render/gif.hpp"
#include "spritec/render/strip.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

using render::FrameSequence;
using render::kMaxPreviewBytes;
using render::kMaxPreviewTicks;

enum class OutputKind { kGif, kApng, kStrip };

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

// ---- scenes ---------------------------------------------------------------------------

std::optional<FrameSequence> render_scene(const PreviewOptions& o, diag::Sink& sink,
                                          std::ostream& err) {
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

  FrameSequence out;
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
        sprites.push_back(
            render::sprite_of(pack.view, pack.pages, a.frame, a.flip, a.x, a.y, a.name));
      }
      if (!out.fits(stage.width, stage.height, o.scale) ||
          !out.add(render::scaled(render::compose(stage, std::move(sprites)), o.scale)))
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
  render::set_durations(out, sampled, sim->tick(), rate);
  return out;
}

// --frames A..B
bool select_frames(const std::string& spec, FrameSequence& frames, std::string* why) {
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
  FrameSequence frames;
  std::vector<render::StripSection> sections;
  bool is_scene = ends_with(o.input, ".scene.yaml") || ends_with(o.input, ".scene.yml");
  if (!is_scene && (ends_with(o.input, ".yaml") || ends_with(o.input, ".yml")) &&
      !ends_with(o.input, ".sprites.yaml") && !ends_with(o.input, ".sprites.yml")) {
    return usage(err, o.input +
                          ": name definitions *.sprites.yaml and scenes *.scene.yaml, so preview "
                          "knows which it is");
  }
  if (is_scene) {
    std::optional<FrameSequence> rendered = render_scene(o, sink, err);
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
        sections.push_back(render::strip_section(pack->view, pack->pages, index, o.view));
    } else {
      render::ActionPreviewOptions action_options;
      action_options.view = o.view;
      action_options.scale = o.scale;
      action_options.fps = o.fps > 0 ? o.fps : 30;
      action_options.background = o.background.empty() ? 0 : *parse_colour(o.background);
      action_options.debug = o.debug;
      frames = render::render_action(pack->view, pack->pages, actions.front(), action_options);
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
