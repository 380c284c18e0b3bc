// spritec::render — a scene drawn as a preview: a Simulation (sim/) stepped from its first
// tick, and every tick_rate / fps ticks its live actors composed on the stage, in the
// order compose() fixes; with the stage's debug on, each actor's boxes and points too
// (overlay.hpp). Frames not kept by the FrameSelection are never drawn.
//
// The packs must have been accepted by runtime::parse_pack, with their pages decoded in
// order; they must outlive the call. Nothing here prints or throws: a cap passed is
// FrameSequence::too_large, a simulator limit is the Simulation's stopped() diagnostic,
// and the caller says what they mean.
#pragma once

#include <cstdint>
#include <vector>

#include "spritec/image/image.hpp"
#include "spritec/render/action_preview.hpp"
#include "spritec/render/compose.hpp"
#include "spritec/runtime/spk_reader.hpp"
#include "spritec/sim/simulation.hpp"

namespace spritec::render {

struct ScenePreviewOptions {
  Stage stage;                // size, colour (the scene's, or one chosen instead) and debug
  int scale = 1;              // 1 .. 16
  std::int64_t fps = 30;      // frames per second, 1 .. the tick rate (the caller clamps)
  std::int64_t ticks = -1;    // stop after tick N (N >= 0); -1: when the script ends, at
                              // most kMaxPreviewTicks
  FrameSelection keep;        // the output frames to keep
  FrameSink* sink = nullptr;  // when set, the kept frames are streamed to it (not collected)
  // With stage.debug and packs that have boxes or points, each frame carries the legend of
  // every name of the packs in a band under it (overlay.hpp: ShapeColours::legend()); false
  // leaves it to the caller (a grid draws it once).
  bool legend_under_frames = true;
};

struct ScenePreview {
  // The kept frames, durations set (or, with options.sink, handed to it) — unless a cap was
  // passed (too_large) or the run was stopped by a simulator limit (the Simulation's
  // stopped()): then they are to be thrown away.
  FrameSequence frames;
  bool stage_too_large = false;  // the stage alone is over a cap: the scene was not run
  bool cut = false;              // without `ticks`, the script had not ended after kMaxPreviewTicks
};

// Steps `sim`, which must not have been stepped yet, to the end of its script (or
// options.ticks), drawing each kept frame: actor a's frame comes from packs[a.pack]
// (`packs` in the Simulation's pack order). A frame is labelled "tick T".
ScenePreview render_scene(sim::Simulation& sim, const std::vector<PackArt>& packs,
                          const ScenePreviewOptions& options);

}  // namespace spritec::render
