// spritec preview: scenes, actions and whole packs to GIF, APNG or PNG strips.
#include <algorithm>
#include <cassert>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "outputs.hpp"
#include "preview_equip.hpp"
#include "report.hpp"
#include "scene_packs.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/render/action_preview.hpp"
#include "spritec/render/apng.hpp"
#include "spritec/render/compose.hpp"
#include "spritec/render/gif.hpp"
#include "spritec/render/scene_preview.hpp"
#include "spritec/render/strip.hpp"
#include "spritec/sim/simulation.hpp"

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

// ---- scenes ---------------------------------------------------------------------------

// The frames per second a preview shows: `wanted`, but at most one a tick (a frame between
// two ticks would only repeat the one before).
std::int64_t preview_fps(std::int64_t wanted, std::uint32_t rate) {
  return std::min(wanted, std::int64_t(rate));
}

// The note that says so, when it does.
void note_fps(std::int64_t wanted, const std::string& what, std::uint32_t rate, std::ostream& err) {
  if (wanted <= std::int64_t(rate)) return;
  err << "spritec preview: note: " << what << " " << wanted << " is above the tick rate (" << rate
      << " ticks per second): the preview shows " << rate << " frames per second\n";
}

// A scene loaded and its packs bound, ready to be drawn — more than once: a GIF's first
// pass counts the colours of every frame for its palette, the second encodes them, each
// in a Simulation of its own (the simulator is deterministic).
struct LoadedScene {
  sim::Scene scene;
  std::vector<sim::ScenePack> packs;  // copied into each Simulation (they share the bytes)
  std::vector<std::unique_ptr<LoadedPack>> files;
  std::vector<render::PackArt> art;
  render::ScenePreviewOptions options;  // fps set by each pass from the tick rate
  std::int64_t wanted_fps = 0;
};

std::optional<OutputKind> output_kind(const PreviewOptions& o);

// Loads the scene and its packs. Empty when an error was reported to `sink`.
std::unique_ptr<LoadedScene> load_scene(const PreviewOptions& o, const render::FrameSelection& keep,
                                        diag::Sink& sink, std::vector<fs::path>* inputs) {
  std::optional<sim::Scene> scene = sim::read_scene_file(o.input, sink);
  if (!scene) return nullptr;
  std::optional<ScenePacks> packs = load_scene_packs(*scene, o.root, true, sink);
  if (!packs) return nullptr;
  auto loaded = std::make_unique<LoadedScene>();
  loaded->files = std::move(packs->files);
  loaded->packs = std::move(packs->packs);
  for (const auto& file : loaded->files) {
    inputs->insert(inputs->end(), file->inputs.begin(), file->inputs.end());
    loaded->art.push_back({&file->view, &file->pages});
  }
  render::ScenePreviewOptions& options = loaded->options;
  options.stage.width = scene->stage_width;
  options.stage.height = scene->stage_height;
  options.stage.background = scene->background;
  options.stage.debug = o.debug;
  // A grid (a PNG of the scene's frames) draws the legend once, under the grid.
  options.legend_under_frames = output_kind(o) != OutputKind::kStrip;
  if (o.background) options.stage.background = *o.background;
  options.scale = o.scale;
  options.ticks = o.ticks;
  options.keep = keep;
  loaded->wanted_fps = o.fps > 0 ? o.fps : scene->fps;
  loaded->scene = std::move(*scene);
  return loaded;
}

// Binds the scene in a Simulation and has render/ draw it, its frames collected or streamed
// to `frames_sink`. The first pass reports (W0602, notes, a simulator limit that stopped the
// run); a later one is the same run again and says nothing. Empty when an error was reported.
std::optional<FrameSequence> draw_scene_pass(const PreviewOptions& o, LoadedScene& loaded,
                                             render::FrameSink* frames_sink, bool first,
                                             diag::Sink& sink, std::ostream& err) {
  diag::Sink quiet;
  diag::Sink& to = first ? sink : quiet;
  std::optional<sim::Simulation> sim = sim::Simulation::create(loaded.scene, loaded.packs, to);
  if (!sim) return std::nullopt;
  render::ScenePreviewOptions options = loaded.options;
  const std::uint32_t rate = sim->tick_rate();
  const std::int64_t wanted = loaded.wanted_fps;
  options.fps = preview_fps(wanted, rate);
  options.sink = frames_sink;
  render::ScenePreview preview = render::render_scene(*sim, loaded.art, options);
  if (first && !preview.stage_too_large) {
    note_fps(wanted, o.fps > 0 ? "--fps" : "the scene's fps", rate, err);
  }
  if (first && preview.cut) {
    err << "spritec preview: the scene had not ended after " << kMaxPreviewTicks
        << " ticks; the preview stops there (use --ticks N)\n";
  }
  // A limit of the simulator (a position out of range, too many steps in a tick) stopped
  // the run: its error, not a preview cut short without a word.
  if (const diag::Diagnostic* stop = sim->stopped()) {
    to.report(*stop);
    return std::nullopt;
  }
  return std::move(preview.frames);
}

// The E0404 error: what would be too large, and how to get under the cap.
int too_large(std::ostream& err, const std::string& input, const std::string& message) {
  diag::Sink sink;
  sink.error(diag::Code::kPreviewTooLarge, {input, 0, 0, 0}, message);
  return report(sink, err);
}

std::string size_text(std::int64_t w, std::int64_t h) {
  return std::to_string(w) + " x " + std::to_string(h) + " px";
}

// `streamed`: the frames went to an encoder one at a time (GIF, APNG), so the cap is one
// frame's.
int frames_too_large(std::ostream& err, const PreviewOptions& o, const FrameSequence& f, bool scene,
                     bool streamed) {
  if (f.frame_width > render::kMaxFrameSide || f.frame_height > render::kMaxFrameSide) {
    return too_large(
        err, o.input,
        "each frame of the preview would be " + size_text(f.frame_width, f.frame_height) +
            ", over the " + std::to_string(render::kMaxFrameSide) +
            " px a side that a GIF or APNG holds: lower --scale" +
            (scene ? " or the scene's stage: size" : ", or show one view with --view N"));
  }
  const std::string cap = std::to_string(render::kMaxPreviewBytes >> 20) + " MiB";
  const std::string frame = size_text(f.frame_width, f.frame_height);
  if (f.frames.empty()) {
    // One frame alone is over the cap: fewer frames would not help.
    return too_large(
        err, o.input,
        "one frame of the preview would be " + frame + ", more than the " + cap +
            (streamed ? " one frame may take" : " a preview's frames may take") +
            ": lower --scale" +
            (scene ? " or the scene's stage: size" : ", or show one view with --view N"));
  }
  return too_large(
      err, o.input,
      "the preview's frames would take more than " + cap + " (" + std::to_string(f.frames.size()) +
          " frames of " + frame +
          " drawn, and more to come): lower --scale or --fps, keep fewer with --frames A..B" +
          (scene ? ", or cut the scene with --ticks N" : ", or show one view with --view N"));
}

// The E0404 of an encoder whose output passed kMaxPreviewOutputBytes.
int output_too_large(std::ostream& err, const PreviewOptions& o, std::int64_t frames, bool scene) {
  return too_large(
      err, o.input,
      "the encoded preview would take more than " +
          std::to_string(render::kMaxPreviewOutputBytes >> 20) + " MiB (" + std::to_string(frames) +
          " frames encoded, and more to come): lower --scale or --fps, keep fewer with "
          "--frames A..B" +
          (scene ? ", or cut the scene with --ticks N" : ", or show one view with --view N"));
}

// `markers_far`: the sheet would fit without --debug's origin markers (an origin far
// outside its frame pulls the marker, and the cell, with it).
int sheet_too_large(std::ostream& err, const PreviewOptions& o, render::SheetSize size, bool scene,
                    bool markers_far = false) {
  return too_large(
      err, o.input,
      "the sheet would be " + size_text(size.width, size.height) + ", over the cap of " +
          std::to_string(render::kMaxSheetSide) + " px a side and " +
          std::to_string(render::kMaxSheetBytes >> 20) + " MiB: " +
          (markers_far ? "leave out --debug (its origin markers lie far from their frames), "
                       : "") +
          "lower --scale" +
          (scene ? ", keep fewer frames with --every N or --frames A..B, or cut the scene "
                   "with --ticks N"
                 : ", or show one action with --action A or one view with --view N"));
}

// Hands a preview's frames to its encoder as they are drawn: to a GIF's first pass (its
// palette), to its second, or to an APNG; stops at the first failure or when the output
// held passes kMaxPreviewOutputBytes.
class EncoderSink : public render::FrameSink {
 public:
  render::GifEncoder* gif = nullptr;
  render::ApngEncoder* apng = nullptr;
  bool counting = false;     // the GIF's first pass
  std::string error;         // the encoder's failure
  bool too_large = false;    // the output passed the cap
  std::int64_t encoded = 0;  // frames given to the encoder in this pass
  // A transparent GIF's first pass counts the pixels drawn (alpha above 0) and of those the
  // translucent ones (alpha 1..254), which a GIF cannot show.
  bool count_alpha = false;
  std::uint64_t drawn = 0;
  std::uint64_t soft = 0;

  bool frame(image::Image image, render::Duration duration) override {
    if (counting && count_alpha) count_soft_alpha(image);
    diag::Status<> ok = apng       ? apng->add(image, duration)
                        : counting ? gif->count(image, duration)
                                   : gif->add(image, duration);
    if (!ok) {
      error = ok.error.message;
      return false;
    }
    ++encoded;
    // The GIF encoder answers without waiting for the frames it is still working on when
    // they cannot take the output past the cap; the answer is output_bytes()'s either way.
    if (apng ? apng->output_bytes() > render::kMaxPreviewOutputBytes
             : gif->output_over(render::kMaxPreviewOutputBytes)) {
      too_large = true;
      return false;
    }
    return true;
  }

 private:
  void count_soft_alpha(const image::Image& image) {
    for (std::size_t i = 3; i < image.rgba.size(); i += 4) {
      const std::uint8_t a = image.rgba[i];
      drawn += a != 0;
      soft += a != 0 && a != 255;
    }
  }
};

int internal_error(diag::Sink& sink, std::ostream& err, const std::string& message) {
  sink.error(diag::Code::kInternal, {"spritec preview", 0, 0, 0},
             "cannot encode the preview: " + message);
  return report(sink, err);
}

// What a preview drew, and what it read: the frames of an animation or a scene grid, or the
// sections of a strip (whose cells point into `pack`'s pages).
struct Drawn {
  FrameSequence frames;
  std::vector<render::StripSection> sections;
  std::uint32_t background = 0;  // the stage's colour, 0xRRGGBBAA
  std::vector<fs::path> inputs;  // every file read, for the output check
  std::unique_ptr<LoadedPack> pack;
  std::unique_ptr<PreviewEquipment> equipment;  // --equip: the master's pieces
  std::unique_ptr<LoadedScene> scene;           // a scene, to be drawn (again)
  std::uint32_t action = 0;                     // or a pack's action, drawn with these options
  render::ActionPreviewOptions action_options;
  // With --debug, the names of the boxes and points a sheet shows (a strip's, or every name
  // of a scene's packs under its grid) and their colours.
  std::vector<render::LegendEntry> legend;
};

// W0405: a transparent GIF shows a translucent pixel as transparent (alpha under 128) or
// laid over the stage's colour, so soft shadows and glows vanish or darken. Said once per
// preview, with the share of the drawn pixels that are translucent.
void warn_soft_alpha(const PreviewOptions& o, const Drawn& d, const EncoderSink& encoder,
                     std::ostream& err) {
  if (encoder.soft == 0) return;
  const std::string what = d.scene
                               ? std::string("the scene")
                               : "action '" + std::string(d.pack->view.action(d.action).name) + "'";
  const double percent = 100.0 * double(encoder.soft) / double(encoder.drawn);
  char share[32];
  if (percent < 0.1) {
    std::snprintf(share, sizeof share, "under 0.1%%");
  } else {
    std::snprintf(share, sizeof share, "%.1f%%", percent);
  }
  diag::Sink sink;
  sink.warning(diag::Code::kGifSoftAlpha, {o.input, 0, 0, 0},
               "a transparent GIF cannot show soft alpha: " + std::string(share) +
                   " of the pixels " + what +
                   " draws are translucent; those under alpha 128 "
                   "vanish and the rest lose their translucency",
               {{{o.input, 0, 0, 0},
                 "give the GIF an opaque stage with --background COLOUR, or write .apng "
                 "for exact alpha"}});
  report(sink, err);
}

// The output's kind from its name; empty when it names none.
std::optional<OutputKind> output_kind(const PreviewOptions& o) {
  if (ends_with(o.output, ".gif")) return OutputKind::kGif;
  if (ends_with(o.output, ".apng") || (ends_with(o.output, ".png") && o.animated)) {
    return OutputKind::kApng;
  }
  if (ends_with(o.output, ".png")) return OutputKind::kStrip;
  return std::nullopt;
}

bool is_scene_file(const std::string& input) {
  return ends_with(input, ".scene.yaml") || ends_with(input, ".scene.yml");
}

// --equip: for definitions and packs, one piece per slot.
int check_equip(const PreviewOptions& o, bool is_scene, std::ostream& err) {
  if (is_scene && !o.equip.empty()) {
    return usage(err,
                 "--equip applies to definitions and packs; a scene equips its actors with "
                 "layers: and equip: items");
  }
  for (std::size_t i = 0; i < o.equip.size(); ++i) {
    assert(!o.equip[i].slot.empty() && !o.equip[i].pack.empty());
    for (std::size_t j = 0; j < i; ++j) {
      if (o.equip[j].slot == o.equip[i].slot)
        return usage(err,
                     "--equip names slot '" + o.equip[i].slot + "' twice: a slot shows one piece");
    }
  }
  return 0;
}

// The flags against the input and output: a flag that means nothing for them is a usage
// error, never ignored. 0, or the exit status of the usage error written. Each flag's own
// range is checked once, where it is parsed (the CLI's validators, whose usage errors the
// user reads); here it is the caller's promise (PreviewOptions).
int check_flags(const PreviewOptions& o, OutputKind kind, std::ostream& err) {
  assert(o.scale >= 1 && o.scale <= PreviewOptions::kMaxScale);
  assert(o.fps >= 0 && o.fps <= PreviewOptions::kMaxFps);
  assert(o.every >= 0);
  assert(o.ticks >= -1 && o.ticks <= sim::kMaxTicks);
  assert(!o.frames || (o.frames->first >= 0 && o.frames->first <= o.frames->last));
  const bool is_scene = is_scene_file(o.input);
  if (!is_scene && (ends_with(o.input, ".yaml") || ends_with(o.input, ".yml")) &&
      !ends_with(o.input, ".sprites.yaml") && !ends_with(o.input, ".sprites.yml")) {
    return usage(err, o.input +
                          ": name definitions *.sprites.yaml and scenes *.scene.yaml, so preview "
                          "knows which it is");
  }
  if (int status = check_equip(o, is_scene, err); status != 0) return status;
  if (is_scene) {
    if (!o.action.empty()) {
      return usage(err,
                   "--action applies to definitions and packs; a scene's script says "
                   "what its actors play");
    }
    if (o.view_given) {
      return usage(err,
                   "--view applies to definitions and packs; a scene's actors face "
                   "the way its script turns them");
    }
  } else if (o.ticks >= 0) {
    return usage(err, "--ticks applies to scenes only");
  }
  if (o.every > 0 && !(is_scene && kind == OutputKind::kStrip)) {
    return usage(err, "--every applies only to a scene written as a PNG grid (-o F.png)");
  }
  if (o.frames && !is_scene && kind == OutputKind::kStrip) {
    return usage(err,
                 "--frames applies to animations and scene grids, not to a strip of "
                 "actions");
  }
  return 0;
}

// The actions a definition's or pack's preview shows: the one named, every one for a strip
// (or --action all), else the first. 0, or the exit status of the error written.
int pick_actions(const PreviewOptions& o, OutputKind kind, const runtime::PackView& view,
                 std::ostream& err, std::vector<std::uint32_t>& actions) {
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
    if (o.view && *o.view >= a.views) {
      err << "spritec preview: action '" << a.name << "' has " << a.views << " views; --view "
          << *o.view << " is out of range\n";
      return 1;
    }
  }
  return 0;
}

// A scene, loaded: drawn by draw_frames. 0, or the exit status of the errors reported.
int load_scene(const PreviewOptions& o, const render::FrameSelection& keep, diag::Sink& sink,
               std::ostream& err, Drawn& d) {
  d.scene = load_scene(o, keep, sink, &d.inputs);
  if (!d.scene) {
    int status = report(sink, err);
    return status != 0 ? status : 1;
  }
  d.background = d.scene->options.stage.background;
  if (o.debug) {
    std::vector<const runtime::PackView*> views;
    for (const render::PackArt& art : d.scene->art)
      views.push_back(art.view);
    d.legend = render::ShapeColours(views).legend();
  }
  return 0;
}

// A definition (compiled in memory) or a pack: an action to play (drawn by draw_frames), or
// strip sections. 0, or the exit status of the errors written.
int load_pack(const PreviewOptions& o, OutputKind kind, const render::FrameSelection& keep,
              diag::Sink& sink, std::ostream& err, Drawn& d) {
  CompileOptions compile;
  compile.root = o.root;
  d.pack = open_or_compile(o.input, compile, sink, true);
  if (d.pack && !o.equip.empty())
    d.equipment = load_equipment(o.equip, *d.pack, o.input, o.root, sink);
  int status = report(sink, err);
  if (!d.pack || (!o.equip.empty() && !d.equipment)) return status != 0 ? status : 1;
  d.inputs = d.pack->inputs;
  const render::Equipped* equipped = d.equipment ? &d.equipment->equipped : nullptr;
  if (equipped)
    d.inputs.insert(d.inputs.end(), d.equipment->inputs.begin(), d.equipment->inputs.end());
  const runtime::PackView& view = d.pack->view;
  if (view.action_count() == 0) {
    err << "spritec preview: " << o.input << " has no actions to preview\n";
    return 1;
  }
  std::vector<std::uint32_t> actions;
  if (int picked = pick_actions(o, kind, view, err, actions); picked != 0) return picked;
  if (kind == OutputKind::kStrip) {
    const render::ShapeColours colours({&view});
    const render::ShapeColours* marked = o.debug && !colours.empty() ? &colours : nullptr;
    std::vector<std::vector<render::ShapeMark>> marks;
    for (std::uint32_t index : actions) {
      d.sections.push_back(
          render::strip_section(view, d.pack->pages, index, o.view, marked, equipped));
      for (const render::StripRow& row : d.sections.back().rows) {
        for (const render::StripCell& cell : row.cells)
          marks.push_back(cell.marks);
      }
    }
    if (marked) d.legend = colours.legend(marks);
    return 0;
  }
  render::ActionPreviewOptions action_options;
  action_options.view = o.view;
  action_options.scale = o.scale;
  // The default (30) is clamped to the tick rate without a word; a given --fps is clamped
  // with a note.
  if (o.fps > 0) note_fps(o.fps, "--fps", view.tick_rate(), err);
  action_options.fps = o.fps > 0 ? int(preview_fps(o.fps, view.tick_rate())) : 30;
  action_options.background = d.background;
  action_options.debug = o.debug;
  action_options.keep = keep;
  action_options.equipped = equipped;
  d.action = actions.front();
  d.action_options = action_options;
  return 0;
}

// Draws the scene or the action, its frames collected in d.frames or streamed to
// `frames_sink`. `first`: the first pass, which reports; a later pass draws the same frames
// again. 0, or the exit status of the errors reported.
int draw_frames(const PreviewOptions& o, Drawn& d, render::FrameSink* frames_sink, bool first,
                diag::Sink& sink, std::ostream& err) {
  if (d.scene) {
    std::optional<FrameSequence> frames =
        draw_scene_pass(o, *d.scene, frames_sink, first, sink, err);
    if (first) {
      int status = report(sink, err);  // warnings too (W0303 for the scene's packs)
      if (!frames) return status != 0 ? status : 1;
    } else if (!frames) {
      return internal_error(sink, err, "the scene ran differently the second time");
    }
    d.frames = std::move(*frames);
    return 0;
  }
  render::ActionPreviewOptions options = d.action_options;
  options.sink = frames_sink;
  d.frames = render::render_action(d.pack->view, d.pack->pages, d.action, options);
  return 0;
}

// A PNG sheet: the strip sections, or the scene's frames as a grid (moved out of `d`),
// each measured against the caps before anything is drawn. 0, or the exit status of the
// E0404 written.
int encode_sheet(const PreviewOptions& o, Drawn& d, std::ostream& err,
                 diag::Result<std::vector<std::uint8_t>>& encoded) {
  image::Image sheet;
  render::StripOptions strip;
  strip.scale = o.scale;
  strip.origin_markers = o.debug;
  strip.outlines = o.debug;
  strip.legend = d.legend;
  {
    // Strips carry white labels: without --background they sit on a dark stage colour so
    // the sheet reads on any page.
    std::uint32_t c = o.background.value_or(0x1d2b53FF);
    strip.background = {std::uint8_t(c >> 24), std::uint8_t(c >> 16), std::uint8_t(c >> 8),
                        std::uint8_t(c)};
  }
  if (!d.sections.empty()) {
    render::SheetSize size = render::strip_size(d.sections, strip);
    if (!render::sheet_fits(size)) {
      render::StripOptions plain = strip;
      plain.origin_markers = plain.outlines = false;
      bool markers_far = o.debug && render::sheet_fits(render::strip_size(d.sections, plain));
      return sheet_too_large(err, o, size, false, markers_far);
    }
    sheet = render::layout_strip(d.sections, strip);
  } else {
    // The frames kept are those of the grid (--every): moved, not copied.
    std::vector<image::Image> images;
    for (render::AnimFrame& f : d.frames.frames)
      images.push_back(std::move(f.image));
    strip.scale = 1;  // scene frames are already scaled
    // Scene frames bring their own stage colour: black between them keeps them apart.
    if (!o.background) strip.background = {0, 0, 0, 255};
    render::SheetSize size = render::grid_size(images, 8, d.frames.labels, strip);
    if (!render::sheet_fits(size)) return sheet_too_large(err, o, size, true);
    sheet = render::layout_grid(images, 8, d.frames.labels, strip);
  }
  encoded = image::encode_png(sheet);
  if (encoded.value.empty()) encoded = diag::fail("the sheet is empty or too large");
  return 0;
}

// The output, once nothing it would replace is an input.
int write_preview(const PreviewOptions& o, const Drawn& d, const std::vector<std::uint8_t>& bytes,
                  diag::Sink& sink, std::ostream& out, std::ostream& err) {
  io::OutputPlan plan;
  for (std::size_t i = 0; i < d.inputs.size(); ++i)
    plan.input(d.inputs[i], i == 0 ? "the input" : "a file the preview reads");
  plan.output(o.output, "-o");
  if (!check_outputs(plan, sink)) return report(sink, err);
  if (diag::Status<> written = io::write_file_atomic(o.output, bytes); !written)
    return write_failed(sink, err, "preview", written.error);
  out << "wrote " << o.output << " (";
  if (d.sections.empty()) {
    out << d.frames.added << (d.frames.added == 1 ? " rendered frame, " : " rendered frames, ");
  }
  out << bytes.size() << " bytes)\n";
  return 0;
}

}  // namespace

int run_preview(const PreviewOptions& o, std::ostream& out, std::ostream& err) {
  ReportFormat report_format(o.format, o.colour);
  const std::optional<OutputKind> kind = output_kind(o);
  if (!kind) return usage(err, "the output must end in .gif, .apng or .png");
  if (int status = check_flags(o, *kind, err); status != 0) return status;
  render::FrameSelection keep;
  if (o.frames) {
    keep.first = o.frames->first;
    keep.last = o.frames->last;
  }
  if (o.every > 0) keep.every = o.every;

  diag::Sink sink;
  const bool is_scene = is_scene_file(o.input);
  Drawn d;
  d.inputs = {o.input};
  d.background = o.background.value_or(0);
  const int loaded =
      is_scene ? load_scene(o, keep, sink, err, d) : load_pack(o, *kind, keep, sink, err, d);
  if (loaded != 0) return loaded;

  // A GIF or APNG is encoded as its frames are drawn, never holding them all. The GIF's
  // palette needs every frame first: they are drawn twice, the first pass counting their
  // colours, the second encoding them.
  std::unique_ptr<render::GifEncoder> gif;
  std::unique_ptr<render::ApngEncoder> apng;
  EncoderSink encoder;
  if (*kind == OutputKind::kGif) {
    // The stage's colour decides, never the pixels: an opaque stage gives an opaque GIF over
    // its colour, any other keeps transparency (soft alpha laid over the stage's colour).
    render::GifOptions options;
    options.transparent = (d.background & 0xFF) != 0xFF;
    options.background = d.background >> 8;
    gif = std::make_unique<render::GifEncoder>(options);
    encoder.gif = gif.get();
    encoder.counting = true;
    encoder.count_alpha = options.transparent;
  } else if (*kind == OutputKind::kApng) {
    apng = std::make_unique<render::ApngEncoder>();
    encoder.apng = apng.get();
  }
  const bool streamed = *kind != OutputKind::kStrip;
  if (d.sections.empty()) {
    if (int status = draw_frames(o, d, streamed ? &encoder : nullptr, true, sink, err);
        status != 0) {
      return status;
    }
  }
  if (d.frames.too_large) return frames_too_large(err, o, d.frames, is_scene, streamed);
  if (encoder.too_large) return output_too_large(err, o, encoder.encoded, is_scene);
  if (!encoder.error.empty()) return internal_error(sink, err, encoder.error);
  if (d.sections.empty() && keep.first >= d.frames.sampled) {
    return usage(err, "--frames " + std::to_string(keep.first) + ".." + std::to_string(keep.last) +
                          " is outside the preview's " + std::to_string(d.frames.sampled) +
                          " frames");
  }
  if (gif) {
    warn_soft_alpha(o, d, encoder, err);
    encoder.counting = false;
    encoder.encoded = 0;
    const std::int64_t counted = d.frames.added;
    if (int status = draw_frames(o, d, &encoder, false, sink, err); status != 0) return status;
    if (encoder.too_large) return output_too_large(err, o, encoder.encoded, is_scene);
    if (!encoder.error.empty()) return internal_error(sink, err, encoder.error);
    if (d.frames.too_large || d.frames.added != counted) {
      return internal_error(sink, err, "the frames were drawn differently the second time");
    }
  }

  diag::Result<std::vector<std::uint8_t>> encoded;
  if (gif) {
    encoded = gif->finish();
  } else if (apng) {
    encoded = apng->finish();
  } else if (int status = encode_sheet(o, d, err, encoded); status != 0) {
    return status;
  }
  if (!encoded) return internal_error(sink, err, encoded.error.message);
  return write_preview(o, d, encoded.value, sink, out, err);
}

}  // namespace spritec::pipeline
