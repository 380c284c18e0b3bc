// spritec::render — previews of a pack's actions, drawn with the runtime's own player:
// an action played in place with its views side by side, and an action laid out as a strip
// (a row per view, a column per step). Also the frame sequence every preview fills, whose
// pixels are capped before anything is drawn.
//
// The pack must have been accepted by runtime::parse_pack and `pages` must hold its pages,
// decoded, in order. Nothing here prints or throws.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spritec/image/image.hpp"
#include "spritec/render/anim_frame.hpp"
#include "spritec/render/compose.hpp"
#include "spritec/render/strip.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace spritec::render {

// A preview longer than this is cut: 10 minutes at 60 ticks per second.
inline constexpr std::int64_t kMaxPreviewTicks = 36000;
// Every frame is kept until the encoder has seen them all: their pixels are capped.
inline constexpr std::uint64_t kMaxPreviewBytes = 512ull << 20;

struct FrameSequence {
  std::vector<AnimFrame> frames;
  std::vector<std::string> labels;  // for a grid of scene frames
  std::uint64_t bytes = 0;
  bool too_large = false;  // stopped at kMaxPreviewBytes

  // Whether one more frame of w x h pixels at `scale` fits the cap (checked before drawing
  // it, so nothing over the cap is ever allocated); sets too_large when not.
  bool fits(int w, int h, int scale);
  // Adds a frame; false (and too_large) when the cap would be passed.
  bool add(image::Image image);
};

// Integer nearest-neighbour upscaling (scale 1: the image itself).
image::Image scaled(image::Image img, int scale);

// A frame of the pack placed at (x, y) with a flip (runtime::spk::kFlipX/kFlipY);
// frame_index kNone is a blank step (nothing drawn).
Sprite sprite_of(const runtime::PackView& view, const std::vector<image::Image>& pages,
                 std::uint32_t frame_index, std::uint8_t flip, double x, double y,
                 std::string name);

// Frame durations from the ticks they were sampled at and the run's last tick: frame i lasts
// until the next one, the last one until last + 1.
void set_durations(FrameSequence& out, const std::vector<std::int64_t>& sampled, std::int64_t last,
                   std::uint32_t tick_rate);

struct ActionPreviewOptions {
  std::string view = "all";  // a view index, or all (side by side)
  int scale = 1;
  int fps = 30;                  // clamped to 1 .. the pack's tick rate
  std::uint32_t background = 0;  // 0xRRGGBBAA; 0 = transparent
  bool debug = false;
};

// Plays an action in place (no root motion), one actor per view side by side: three cycles,
// or until it finishes and then held for half a second; a then: or transition into another
// action ends it. Inputs a rule needs released are held, so the action shows itself.
FrameSequence render_action(const runtime::PackView& view, const std::vector<image::Image>& pages,
                            std::uint32_t action, const ActionPreviewOptions& options);

// One strip section for an action: a row per view (labelled with its angle), a column per
// step (labelled with its ticks and event), cells keeping their origins.
StripSection strip_section(const runtime::PackView& view, const std::vector<image::Image>& pages,
                           std::uint32_t action, const std::string& view_option);

}  // namespace spritec::render
