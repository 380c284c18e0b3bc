#include "spritec/render/scene_preview.hpp"

#include <cassert>
#include <memory>
#include <string>
#include <utility>

namespace spritec::render {

namespace {

// With --debug, the colours of the packs' box and point names; null when no pack has any.
std::unique_ptr<ShapeColours> scene_colours(const std::vector<PackArt>& packs, bool debug) {
  if (!debug) return nullptr;
  std::vector<const runtime::PackView*> views;
  for (const PackArt& art : packs)
    views.push_back(art.view);
  auto colours = std::make_unique<ShapeColours>(views);
  if (colours->empty()) return nullptr;
  return colours;
}

// The boxes and points an actor shows (none before its first action).
std::vector<ShapeMark> actor_marks(const ShapeColours& colours, const runtime::PackView& view,
                                   const sim::ActorSnapshot& a) {
  const std::uint32_t action = view.find_action(a.action);
  if (action == runtime::spk::kNone) return {};
  const runtime::Action act = view.action(action);
  return colours.step_marks(a.pack, act.first_step + a.view * act.steps_per_view + a.step);
}

// The actor's sprites: its frame, or a layered actor's layers back to front (the stage's
// sort is stable, so they stay in that order), each at its own origin; the boxes and points
// (the master's) ride on the last.
void add_actor(std::vector<Sprite>& sprites, const std::vector<PackArt>& packs,
               const ShapeColours* colours, const sim::ActorSnapshot& a) {
  const PackArt& art = packs[a.pack];
  if (!a.layered) {
    sprites.push_back(sprite_of(*art.view, *art.pages, a.frame, a.flip, a.x, a.y, a.name));
  } else if (a.layers.empty()) {
    sprites.push_back(sprite_of(*art.view, *art.pages, runtime::spk::kNone, 0, a.x, a.y, a.name));
  }
  for (const sim::LayerSnapshot& l : a.layers) {
    const PackArt& piece = packs[l.pack];
    sprites.push_back(sprite_of(*piece.view, *piece.pages, l.frame, l.flip, a.x, a.y, a.name));
  }
  if (colours) sprites.back().marks = actor_marks(*colours, *art.view, a);
}

}  // namespace

ScenePreview render_scene(sim::Simulation& sim, const std::vector<PackArt>& packs,
                          const ScenePreviewOptions& o) {
  assert(sim.tick() < 0 && o.fps >= 1 && o.fps <= std::int64_t(sim.tick_rate()));
  ScenePreview result;
  FrameSequence& out = result.frames;
  out.keep = o.keep;
  if (o.sink) out.stream_to(o.sink, sim.tick_rate());
  const Stage& stage = o.stage;
  const std::unique_ptr<ShapeColours> colours = scene_colours(packs, stage.debug);
  std::vector<LegendEntry> legend;
  if (colours && o.legend_under_frames) legend = colours->legend();
  // A stage too large for the caps is refused before the first tick.
  if (!fits_with_legend(out, stage.width, stage.height, o.scale, legend)) {
    result.stage_too_large = true;
    return result;
  }
  const std::uint32_t rate = sim.tick_rate();
  const std::int64_t limit = o.ticks >= 0 ? o.ticks : kMaxPreviewTicks;
  std::int64_t next = 0;  // the tick of the next output frame
  for (;;) {
    if (!sim.step()) return result;  // a limit stopped the run: sim.stopped() says which
    const std::int64_t t = sim.tick();
    if (t == next) {
      const bool kept = out.sample(t);
      if (out.done()) break;  // past the last frame kept
      if (kept) {
        std::vector<Sprite> sprites;
        for (const sim::ActorSnapshot& a : sim.actors())
          add_actor(sprites, packs, colours.get(), a);
        if (!fits_with_legend(out, stage.width, stage.height, o.scale, legend) ||
            !out.add(with_legend(render_stage(stage, std::move(sprites), o.scale), legend),
                     "tick " + std::to_string(t)))
          return result;
      }
      next = (out.sampled * std::int64_t(rate)) / o.fps;
    }
    if (o.ticks >= 0 ? t >= o.ticks : sim.finished()) break;
    if (t >= limit) {
      result.cut = true;
      break;
    }
  }
  out.finish(sim.tick(), rate);
  return result;
}

}  // namespace spritec::render
