// spritec::render GIF encoder — an animation of RGBA frames as a looping GIF89a, written
// through giflib.
//
// What it does (DESIGN.md section 5, "Previews"):
// - Palette: when the frames use at most 255 distinct colours the palette is exact and the
//   GIF decodes to the input pixel for pixel (the usual case for pixel art). Otherwise a
//   deterministic median-cut quantiser (quantize.hpp) builds 255 colours for the whole
//   animation, with optional ordered dithering. One more index is the transparent one;
//   when the colours fill a power-of-two table exactly (e.g. 16), each frame may instead
//   use as its transparent index a colour it does not draw, which keeps the smaller table
//   (both are tried; the smaller file is kept).
// - Alpha: with `transparent` set, a pixel with alpha < 128 becomes the transparent index
//   and any other pixel is laid over `background` (so alpha 255 keeps its colour and soft
//   alpha reads as it would over the stage). Without it every pixel is laid over
//   `background` and the GIF is opaque.
// - Timing: delays in centiseconds come from cumulative time, so rounding never drifts;
//   see gif_delays() for the exact rule and the 2 cs floor.
// - Size: identical consecutive frames are merged into one longer frame; each frame stores
//   only the rectangle that changed, with the disposal of the previous frame chosen
//   (none / background / previous) and the unchanged pixels inside the rectangle made
//   transparent when that encodes smaller (each candidate's size is counted exactly as
//   giflib would write it, gif_lzw.hpp; some candidates mix colour and transparency as
//   giflib's LZW dictionary favours).
// - Delays are capped at 65535 cs (655 s) a frame, GIF's limit.
// - The GIF loops forever (NETSCAPE2.0 extension). Output is byte-identical on every run.
// - Streaming (GifEncoder): the frames are encoded as they come; only the palette needs
//   every frame, which a first pass over the frames counts.
//
// Limits: frames of at most 65535 x 65535 pixels, all the same size, at least one frame of
// non-zero total duration. Bad input is the result's error (one sentence); nothing throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "spritec/diag/result.hpp"
#include "spritec/render/anim_frame.hpp"

namespace spritec::render {

struct GifOptions {
  // Keep transparency (alpha < 128 -> transparent). When false the GIF is opaque.
  bool transparent = true;
  // The colour soft alpha is laid over (and every pixel when `transparent` is false),
  // as 0xRRGGBB.
  std::uint32_t background = 0x000000;
  // Ordered (8x8 Bayer) dithering, used only when the palette has to be quantised.
  bool dither = false;
};

// Encodes `frames` as a looping GIF. Frames of zero duration are dropped; consecutive
// frames identical after palette mapping are merged.
diag::Result<std::vector<std::uint8_t>> encode_gif(const std::vector<AnimFrame>& frames,
                                                   const GifOptions& options = {});

// The same GIF, byte for byte, from frames given one at a time, holding only what the
// frame optimiser compares (the last distinct frame, the canvas the previous frame was
// drawn over, the frame not yet written) and the file so far. The palette is chosen from
// every frame of the animation, so the frames are given twice, in the same order with the
// same durations: first each to count() (which keeps a colour histogram), then each to
// add(); finish() gives the file. A renderer that can replay its frames (a scene or an
// action is deterministic) runs twice rather than keeping them. A frame is checked as
// encode_gif checks it; the first failure is returned by every later call.
class GifEncoder {
 public:
  explicit GifEncoder(const GifOptions& options = {});
  ~GifEncoder();
  GifEncoder(const GifEncoder&) = delete;
  GifEncoder& operator=(const GifEncoder&) = delete;

  diag::Status<> count(const image::Image& image, const Duration& duration);
  diag::Status<> add(const image::Image& image, const Duration& duration);
  diag::Result<std::vector<std::uint8_t>> finish();
  // The bytes of output held so far (of each colour table tried; see above). A distinct
  // frame given to add() is encoded on a thread of the encoder's while the caller goes on
  // (draws the next frame): this waits for it.
  std::size_t output_bytes() const;
  // output_bytes() > cap, the same answer, without waiting for the frame being encoded
  // when that frame cannot take the output over `cap` (its bytes are bounded by its size).
  bool output_over(std::size_t cap) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The GIF delays, in centiseconds, of frames with these durations (one delay per
// duration). The rule: with E_k the exact end time of frame k, the ideal boundary is
// B_k = round(E_k * 100) (halves round up); each frame ends at max(B_k, end of the previous
// frame + 2), so the delays sum to round(total * 100) unless frames shorter than 2 cs on
// average force the total longer; a frame that had to be lengthened is paid back by the
// frames after it. Zero durations give delay 0 (the encoder drops such frames first).
// Fails when a duration is invalid (den <= 0, num < 0), the common denominator overflows
// 62 bits, or the delays add up past what a GIF can count.
diag::Result<std::vector<int>> gif_delays(const std::vector<Duration>& durations);

}  // namespace spritec::render
