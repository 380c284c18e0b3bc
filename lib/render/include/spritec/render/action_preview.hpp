// spritec::render — previews of a pack's actions, drawn with the runtime's own player:
// an action played in place with its views side by side, and an action laid out as a strip
// (a row per view, a column per step). Also the frame sequence every preview fills, whose
// pixels are capped before anything is drawn.
//
// The pack must have been accepted by runtime::parse_pack and `pages` must hold its pages,
// decoded, in order. Nothing here prints or throws.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "spritec/image/image.hpp"
#include "spritec/render/anim_frame.hpp"
#include "spritec/render/compose.hpp"
#include "spritec/render/overlay.hpp"
#include "spritec/render/strip.hpp"
#include "spritec/runtime/layers.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace spritec::render {

// A preview longer than this is cut: 10 minutes at 60 ticks per second.
inline constexpr std::int64_t kMaxPreviewTicks = 36000;
// The pixels a preview holds at once are capped: every frame of a grid (kept until the
// sheet is laid out), or the one frame being handed to a streaming encoder.
inline constexpr std::uint64_t kMaxPreviewBytes = 512ull << 20;
// What a streaming encoder may hold of its output (the file is written once complete).
inline constexpr std::uint64_t kMaxPreviewOutputBytes = 512ull << 20;
// GIF and APNG store a frame's width and height in 16 bits.
inline constexpr std::int64_t kMaxFrameSide = 65535;

// Which output frames a preview keeps: those numbered first .. last (0-based, inclusive),
// and of those every `every`th (first, first + every, …). A frame not kept is never drawn,
// so it costs no memory. Valid when 0 <= first <= last and every >= 1.
struct FrameSelection {
  std::int64_t first = 0;
  std::int64_t last = std::numeric_limits<std::int64_t>::max();
  std::int64_t every = 1;
};

// The frames of a preview, filled in order by a renderer:
//   seq.stream_to(sink, tick rate);  // optional: see below
//   for each output frame due at tick t:
//     bool kept = seq.sample(t);
//     if (seq.done()) break;  // past the last kept frame, or the sink stopped
//     if (kept && (!seq.fits(w, h, scale) || !seq.add(draw()))) break;  // too_large
//   seq.finish(last tick shown, tick rate);
// Without a sink the kept frames are collected in `frames`. With one, each kept frame is
// held only until its duration is known (the next sample() or finish()) and then handed
// to the sink: `frames` stays empty and memory does not grow with the preview's length.
struct FrameSequence {
  std::vector<AnimFrame> frames;    // the kept frames (durations set by finish())
  std::vector<std::string> labels;  // one per kept frame (empty strings when not labelled)
  FrameSelection keep;
  std::int64_t sampled = 0;  // output frames sampled so far, kept or not
  std::int64_t added = 0;    // kept frames drawn and added so far
  std::uint64_t bytes = 0;   // pixels held: by `frames`, or by the frame not yet streamed
  // Set when the next frame would pass a cap (nothing over it is allocated): the frame's
  // size (after scaling) over kMaxFrameSide a side, or the pixels held over
  // kMaxPreviewBytes.
  bool too_large = false;
  std::int64_t frame_width = 0;  // the size of the frame that did not fit, after scaling
  std::int64_t frame_height = 0;

  // Streams the kept frames to `sink` (not null), their durations in ticks at `tick_rate`.
  // Called before the first sample().
  void stream_to(FrameSink* sink, std::uint32_t tick_rate);
  // False once the sink refused a frame (it says why).
  bool streamed() const { return !sink_failed_; }

  // An output frame is due at `tick` (ticks increase from call to call): whether it is
  // kept, i.e. to be drawn and add()ed.
  bool sample(std::int64_t tick);
  // True once a frame after the last kept one was sampled, or the sink refused a frame:
  // the renderer may stop.
  bool done() const { return sink_failed_ || sampled - 1 > keep.last; }
  // Whether one more frame of w x h pixels at `scale` fits both caps (checked before it is
  // drawn); sets too_large, frame_width and frame_height when not. Any w, h >= 0.
  [[nodiscard]] bool fits(std::int64_t w, std::int64_t h, int scale);
  // Adds a kept frame; false (and too_large) when the cap would be passed.
  [[nodiscard]] bool add(image::Image image, std::string label = {});
  // Durations: a kept frame lasts until the next sampled frame, kept or not; the last one
  // until last_tick + 1. A streamed sequence hands its last frame to the sink here.
  void finish(std::int64_t last_tick, std::uint32_t tick_rate);

 private:
  void flush(std::int64_t end);  // streams the held frame, which ends at tick `end`

  std::vector<std::int64_t> starts_;  // the tick of each kept frame (collected)
  std::vector<std::int64_t> ends_;    // the tick of the frame after it; -1 until sampled
  FrameSink* sink_ = nullptr;
  std::uint32_t sink_rate_ = 1;
  bool sink_failed_ = false;
  bool holding_ = false;         // a streamed frame is waiting for its duration
  std::int64_t held_start_ = 0;  // its tick
  image::Image held_;
};

// seq.fits() for a frame of w x h stage pixels at `scale` with `legend` in a band under it
// (overlay.hpp's with_legend): exactly seq.fits(w, h, scale) when the legend is empty.
[[nodiscard]] bool fits_with_legend(FrameSequence& seq, std::int64_t w, std::int64_t h, int scale,
                                    const std::vector<LegendEntry>& legend);

// Integer nearest-neighbour upscaling (scale 1: the image itself).
image::Image scaled(image::Image img, int scale);

// A frame of the pack placed at (x, y) with a flip (runtime::spk::kFlipX/kFlipY);
// frame_index kNone is a blank step (nothing drawn).
Sprite sprite_of(const runtime::PackView& view, const std::vector<image::Image>& pages,
                 std::uint32_t frame_index, std::uint8_t flip, double x, double y,
                 std::string name);

// What the actors of one pack are drawn from: the pack's view and its decoded pages.
struct PackArt {
  const runtime::PackView* view = nullptr;
  const std::vector<image::Image>* pages = nullptr;
};

// A layered master's equipment in a preview of the master (spritec preview --equip): which
// piece each slot shows, and the pages of each piece's pack. With it, every step is drawn
// as the layered actor: runtime::for_each_layer's layers, back to front, each frame at its
// own origin on the actor's position (a layer whose pack is not among `pieces` and is not
// the master is not drawn). The boxes and points shown are the master's. Without it, a
// preview draws the master's own frames alone, whatever its layers.
struct Equipped {
  const runtime::Equipment* gear = nullptr;  // not null; its pieces bound to the master
  std::vector<PackArt> pieces;
};

struct ActionPreviewOptions {
  std::optional<std::uint32_t> view;  // one view (< the action's views), or all side by side
  int scale = 1;                      // 1 .. 16
  int fps = 30;                       // clamped to 1 .. the pack's tick rate
  std::uint32_t background = 0;       // 0xRRGGBBAA; 0 = transparent
  // Frame outlines and origin crosses; and, when the pack has any, every box and point the
  // actors show (overlay.hpp) with a legend of their names under each frame. The stage
  // then also reaches around the boxes and points.
  bool debug = false;
  FrameSelection keep;  // the output frames to keep
  // When set, the kept frames are streamed to it (FrameSequence::stream_to) instead of
  // collected.
  FrameSink* sink = nullptr;
  // A layered master's equipment (see Equipped); null: the master's frames alone. It and
  // its pieces must outlive the call.
  const Equipped* equipped = nullptr;
};

// Plays an action in place (no root motion), one actor per view side by side: three cycles,
// or until it finishes and then held for half a second; a then: or transition into another
// action ends it. Inputs a rule needs released are held, so the action shows itself.
// The stage is as wide as the selected views' frames reach around their origins (plus 2
// px around), in 64-bit arithmetic; when it or the frames are over a cap nothing is drawn
// and the result has too_large set.
FrameSequence render_action(const runtime::PackView& view, const std::vector<image::Image>& pages,
                            std::uint32_t action, const ActionPreviewOptions& options);

// One strip section for an action: a row per view (labelled with its angle), a column per
// step (labelled with its ticks and event), cells keeping their origins. `only_view`: one
// view (< the action's views) or all. The cells refer to `pages` (not copied): the pages
// must outlive the section; measure it with strip_size() before laying it out. With
// `colours` (made for this pack alone), each cell carries its step's boxes and points.
// With `equipped`, each cell is the layered actor's step: its layers, back to front, as
// the cell and the cells `above` it (strip.hpp); the pieces' pages must outlive it too.
StripSection strip_section(const runtime::PackView& view, const std::vector<image::Image>& pages,
                           std::uint32_t action, std::optional<std::uint32_t> only_view,
                           const ShapeColours* colours = nullptr,
                           const Equipped* equipped = nullptr);

}  // namespace spritec::render
