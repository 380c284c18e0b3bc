// Internal to spritec::render: the GIF frame optimiser. Given the distinct frames as
// palette indices, one at a time, it chooses how each is stored — the rectangle that
// changed, the previous frame's disposal, the transparent index and which unchanged pixels
// are written transparent — by the exact size giflib would write (gif_lzw_model.hpp), and
// writes the frames through gif_writer.hpp. One Attempt per colour table tried; gif.cpp's
// GifEncoder feeds them (its work::Pool runs their work on kThreads threads).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "gif_lzw_model.hpp"
#include "gif_writer.hpp"
#include "spritec/geom/geom.hpp"
#include "spritec/image/image.hpp"
#include "spritec/render/gif_lzw.hpp"

namespace spritec::render::gif {

using geom::Rect;

// Palette indices, kClear marking a transparent pixel. Colour indices are below 255 (at
// most 255 colours), so the marker never collides with a colour.
using Canvas = std::vector<std::uint8_t>;
constexpr std::uint8_t kClear = 255;

// The threads GifEncoder runs the attempts' work on (its work::Pool's, the caller's
// included): a call names its thread `t`, 0 or 1, and each has its own dictionaries.
constexpr int kThreads = 2;

struct Encoding {
  Rect rect;
  std::vector<std::uint8_t> pixels;  // with `transparent` where the canvas shows through
  int transparent = -1;              // this frame's transparent index, -1 for none
  std::size_t size = 0;
  bool ok = true;  // false: no index is free for transparency and the frame needs one
};

// One way to draw a frame: over which canvas (`start`), in which rectangle, with which
// transparent index, and its candidates' pixels. prepare() works out the cheapest candidate
// (unchanged pixels transparent, `masked`) and its size; complete() the others.
struct Candidate {
  Rect rect;
  bool unchanged = false;  // nothing to draw (rect empty)
  bool ok = true;          // false: no index is free for the transparency it needs
  int clear = -1;          // the transparent index, -1 when every index is drawn
  bool literal_ok = true;  // the literal pixels keep every colour (see transparent_index)
  // What the rectangle draws: the indices of all its pixels and of the changed ones, and
  // which pixels are unchanged (`flexible`: any value that shows the same is fine there).
  bool used_all[256] = {};
  bool used_changed[256] = {};
  bool needs_transparency = false;
  std::vector<std::uint8_t> flexible;
  std::vector<std::uint8_t> literal;  // the target's pixels, `clear` where transparent
  std::vector<std::uint8_t> masked;   // and `clear` where unchanged too
  std::size_t masked_size = 0;        // its encoded size (0: not counted)
  bool over = false;                  // or more than 10% over another disposal's
  bool pending = false;               // not counted yet (see Optimiser::count_quick)
  std::size_t literal_size = 0;       // the literal pixels' encoded size (0: not counted)
  // The chooser's two preferences, once run (Optimiser::choose), and their sizes.
  bool chosen_done[2] = {false, false};
  std::vector<std::uint8_t> chosen[2];
  std::size_t chosen_size[2] = {0, 0};
};

// The smallest quick size of a frame's disposals counted so far (shared by the threads
// preparing them): a disposal whose count passes it by more than 10% stops counting.
class QuickBound {
 public:
  void offer(std::size_t size) {
    std::size_t now = best_.load(std::memory_order_relaxed);
    while (size < now && !best_.compare_exchange_weak(now, size, std::memory_order_relaxed)) {
    }
  }
  // True when `size` is more than 10% over the smallest offered.
  bool exceeded_by(std::size_t size) const {
    const std::size_t best = best_.load(std::memory_order_relaxed);
    return best != std::numeric_limits<std::size_t>::max() && size > best + best / 10;
  }

 private:
  std::atomic<std::size_t> best_{std::numeric_limits<std::size_t>::max()};
};

class Optimiser {
 public:
  // `fixed_transparent` >= 0: that index (unused by any colour) is every frame's
  // transparent index. Otherwise each frame picks an index its drawn pixels do not use.
  Optimiser(int w, int h, int bpp, int fixed_transparent)
      : w_(w),
        h_(h),
        bpp_(bpp),
        fixed_transparent_(fixed_transparent),
        chooser_{WildcardChooser(bpp), WildcardChooser(bpp)},
        counter_{LzwDictionary(bpp), LzwDictionary(bpp)},
        pair_{LzwDictionary(bpp), LzwDictionary(bpp)},
        mask_(static_cast<std::uint8_t>((1 << std::max(2, bpp)) - 1)) {}

  int width() const { return w_; }

  // True when `target` can be drawn over `start` (a GIF frame cannot make a pixel
  // transparent again).
  bool feasible(const Canvas& start, const Canvas& target) const;

  // The bounding rectangle of the pixels that differ (changed_rect's result, found row by
  // row: equal rows compared whole, a differing row scanned in from both ends).
  Rect diff_rect(const Canvas& a, const Canvas& b) const;

  // The pixels where `start` is opaque and `target` transparent.
  Rect must_clear_rect(const Canvas& start, const Canvas& target) const;

  // `target` drawn over `start`, within `forced` when given (else the rectangle of changed
  // pixels): the rectangle, the transparent index and the cheapest candidate with its size.
  // `t`: the thread (0 or 1, see kThreads) whose dictionaries count. `bound`: the
  // disposals' smallest quick size so far: the count stops once it is more than 10% over
  // that (`over`), else offers its own. `count_literal`: count the literal pixels too.
  void prepare(const Canvas& start, const Canvas& target, const Rect& forced, Candidate& cand,
               int t, QuickBound* bound = nullptr, bool count_literal = false, bool defer = false);

  // Counts a candidate prepared with `defer` (within `bound`), unless one of `others`
  // already counted the same pixels in the same rectangle.
  void count_quick(Candidate& cand, const Candidate* const* others, std::size_t n_others,
                   QuickBound* bound, int t);

  // The size of the cheapest candidate (unchanged pixels transparent), as best() ranks it;
  // max when the frame cannot be stored this way or its count stopped (`over`).
  std::size_t quick_size(const Candidate& cand, int t);

  // True when a prepared candidate has pixels for the chooser to choose between.
  static bool choosable(const Candidate& cand);
  // Runs the chooser's first (`which` 0: each pixel's own value preferred) or second
  // preference (1: transparency preferred) on a choosable candidate, unless done, with
  // thread `t`'s chooser (the two may run side by side).
  void choose(Candidate& cand, int which, int t);

  // The smallest encoding of a prepared candidate: unchanged pixels transparent, the
  // chooser's two preferences, the literal pixels, in the order ties are settled.
  // Consumes the candidate's pixels. `t`: the thread.
  Encoding complete(const Canvas& target, Candidate& cand, int t);

  // The smallest encoding of `target` drawn over `start`, within `forced` when given.
  Encoding best(const Canvas& start, const Canvas& target, int t, Rect forced = {});

  // `canvas` with `r` made transparent.
  Canvas cleared(Canvas canvas, const Rect& r) const;

 private:
  // The rectangle's pixels, flags and colour use (see Candidate), row-major.
  void usage(const Canvas& start, const Canvas& target, Candidate& cand) const;

  // The transparent index: the fixed one, else the lowest index the rectangle does not
  // use, else the lowest its changed pixels do not use (then unchanged pixels of that
  // colour must be written transparent, which shows the same colour: `literal_ok` false).
  // -1 when every index is drawn.
  int transparent_index(const Candidate& use, bool& literal_ok) const;

  // Nothing changes, but the frame must exist for its delay: one pixel that is
  // transparent, or that repeats what the canvas shows there.
  Encoding unchanged(const Canvas& target, int t);
  // Its size (one pixel encodes to the same size whatever its value).
  std::size_t unchanged_size(int t) { return measure(std::vector<std::uint8_t>{0}, t); }

  // The encoded size of one image as giflib writes it (a whole minimal GIF; the constant
  // overhead does not change comparisons), counted by mirroring its encoder, with thread
  // `t`'s dictionary.
  std::size_t measure(const std::vector<std::uint8_t>& pixels, int t);
  std::size_t file_bytes(std::uint64_t bits) const { return gif_minimal_file_bytes(bits, bpp_); }
  // The cheapest candidate's size, counted within `bound` (see prepare()).
  void quick_measure(Candidate& cand, const std::vector<std::uint8_t>& pixels, int t,
                     QuickBound* bound);

  int w_, h_, bpp_;
  int fixed_transparent_;
  // One chooser and one counter per thread working on the frames (kThreads; a call names
  // its thread `t`), so that work on the frames may run side by side.
  static_assert(kThreads == 2, "the constructor makes two of each");
  WildcardChooser chooser_[kThreads];
  LzwDictionary counter_[kThreads];
  LzwDictionary pair_[kThreads];  // a second counter, for two counts side by side
  std::uint8_t mask_;
  Candidate scratch_;
};

// The disposal none of a frame, worked out ahead (Attempt::prepare_none).
struct Ahead {
  bool feasible = false;
  Candidate cand;
};

struct Emitted {
  Encoding encoding;
  int disposal = kDisposeNone;
  int delay = 0;
};

// One colour table tried (`bpp` bits, `fixed_transparent` as for Optimiser), fed the
// distinct frames one at a time. Each frame's rectangle, pixels and transparent index, and
// the previous frame's disposal, are chosen greedily: of the disposals that leave the next
// frame drawable, the one that stores it in the fewest bytes. A frame is written once the
// next one has fixed its disposal (and its merged delay is known); the optimiser keeps only
// the canvas the previous frame started from and the frame it has not yet written. Failed
// when a frame cannot be stored with this colour table (no free index for its
// transparency) or giflib fails.
class Attempt {
 public:
  Attempt(int w, int h, int bpp, int fixed_transparent, const std::vector<std::uint32_t>& colours)
      : opt_(w, h, bpp, fixed_transparent),
        empty_(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), kClear) {
    writer_.screen(w, h, std::max(0, fixed_transparent), colours, bpp);
    writer_.loop_forever();
    if (!writer_.ok()) failed_ = true;
  }

  bool failed() const { return failed_; }
  std::size_t bytes() const { return writer_.size(); }

  // The first distinct frame, worked out by thread `t`.
  void first(const Canvas& target, int t);

  // The next distinct frame drawn over the one before it without disposing of it: the one
  // disposal whose work needs nothing but the two frames, so it is done ahead, by any
  // thread `t`, before next() (which takes it). prepare_none() first, then choose_none()
  // for each preference (side by side, on two threads).
  void prepare_none(const Canvas& before, const Canvas& target, Ahead& none, int t);
  void choose_none(Ahead& none, int which, int t);

  // The next distinct frame, `target`, after `before`, with `none` (its work for the
  // disposal none, done ahead; taken); the previous frame (now written) is shown for
  // `prev_delay`. Worked out by thread `t`.
  void next(const Canvas& before, const Canvas& target, int prev_delay, Ahead& none, int t);

  // Writes the last frame, shown for `delay`, and closes the file. False when failed.
  bool finish(int delay, std::vector<std::uint8_t>& out);

 private:
  void write(Emitted& e);
  void fail();

  Optimiser opt_;
  GifWriter writer_;
  const Canvas empty_;
  // One disposal of the previous frame, tried for the next: the canvas it leaves and the
  // next frame prepared over it.
  struct Option {
    int disposal = kDisposeNone;
    Canvas start;
    bool feasible = false;
    Candidate cand;
    std::size_t quick_size = 0;
  };
  Option options_[3];
  Emitted prev_;       // the frame not yet written (its disposal and delay come next)
  Canvas prev_start_;  // the canvas it is drawn over
  // Read by work done ahead on another thread (which stops once the attempt failed).
  std::atomic<bool> failed_{false};
};

}  // namespace spritec::render::gif
