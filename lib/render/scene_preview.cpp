#include "spritec/render/scene_preview.hpp"

#include <cassert>
#include <string>
#include <utility>

namespace spritec::render {

ScenePreview render_scene(sim::Simulation& sim, const std::vector<PackArt>& packs,
                          const ScenePreviewOptions& o) {
  assert(sim.tick() < 0 && o.fps >= 1 && o.fps <= std::int64_t(sim.tick_rate()));
  ScenePreview result;
  FrameSequence& out = result.frames;
  out.keep = o.keep;
  if (o.sink) out.stream_to(o.sink, sim.tick_rate());
  const Stage& stage = o.stage;
  // A stage too large for the caps is refused before the first tick.
  if (!out.fits(stage.width, stage.height, o.scale)) {
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
        for (const sim::ActorSnapshot& a : sim.actors()) {
          const PackArt& art = packs[a.pack];
          sprites.push_back(sprite_of(*art.view, *art.pages, a.frame, a.flip, a.x, a.y, a.name));
        }
        if (!out.fits(stage.width, stage.height, o.scale) ||
            !out.add(scaled(compose(stage, std::move(sprites)), o.scale),
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
