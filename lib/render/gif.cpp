#include "spritec/render/gif.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <string>
#include <thread>
#include <utility>

#include "anim_timing.hpp"
#include "gif_lzw_model.hpp"
#include "gif_writer.hpp"
#include "spritec/render/gif_lzw.hpp"
#include "spritec/render/quantize.hpp"

namespace spritec::render {
namespace {

// The flattened pixel value of a transparent pixel (an opaque pixel is 0xRRGGBB).
constexpr std::uint32_t kClearPixel = 0xFFFFFFFFu;
constexpr int kMaxSide = 65535;
constexpr int kMaxDelay = 65535;

using Rect = image::Rect;
using gif::count_lzw_bits;
using gif::count_lzw_bits_pair;
using gif::GifWriter;
using gif::kDisposeBackground;
using gif::kDisposeNone;
using gif::kDisposePrevious;
using gif::kOverLimit;
using gif::LzwDictionary;
using gif::WildcardChooser;

Rect unite(const Rect& a, const Rect& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
  int x1 = std::max(a.x + a.w, b.x + b.w), y1 = std::max(a.y + a.h, b.y + b.h);
  return {x0, y0, x1 - x0, y1 - y0};
}

std::uint8_t over(int src, int bg, int alpha) {
  return static_cast<std::uint8_t>((src * alpha + bg * (255 - alpha) + 127) / 255);
}

// GifOptions' alpha rule, pixel by pixel: 0xRRGGBB, or kClearPixel for a transparent
// pixel.
class Flattener {
 public:
  explicit Flattener(const GifOptions& options)
      : transparent_(options.transparent),
        br_(static_cast<int>((options.background >> 16) & 0xFF)),
        bg_(static_cast<int>((options.background >> 8) & 0xFF)),
        bb_(static_cast<int>(options.background & 0xFF)) {}

  std::uint32_t operator()(const std::uint8_t* p) const {
    const int a = p[3];
    if (transparent_ && a < 128) return kClearPixel;
    if (a == 255) {  // over(c, bg, 255) == c
      return (std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2];
    }
    const std::uint32_t r = over(p[0], br_, a), g = over(p[1], bg_, a), b = over(p[2], bb_, a);
    return (r << 16) | (g << 8) | b;
  }

 private:
  bool transparent_;
  int br_, bg_, bb_;
};

// The RGBA bytes of pixel `i` as one word (a run of equal words flattens and maps alike).
inline std::uint32_t rgba_word(const std::uint8_t* rgba, std::size_t i) {
  std::uint32_t word;
  std::memcpy(&word, rgba + 4 * i, 4);
  return word;
}

// Calls f(first, end) for each run [first, end) of equal RGBA pixels among the n of `rgba`,
// in order (a run flattens and maps alike); stops at the first run f returns false for.
// Returns whether every run was taken.
template <typename F>
bool for_each_run(const std::uint8_t* rgba, std::size_t n, F&& f) {
  std::size_t i = 0;
  while (i < n) {
    const std::uint32_t word = rgba_word(rgba, i);
    std::size_t j = i + 1;
    while (j < n && rgba_word(rgba, j) == word)
      ++j;
    if (!f(i, j)) return false;
    i = j;
  }
  return true;
}

// A frame's colour histogram (colour_histogram's result: the flattened colours but
// kClearPixel, counted and sorted by colour), counted in an open-addressing table that is
// kept from frame to frame; runs of equal pixels are flattened and counted once.
class FrameHistogram {
 public:
  std::vector<ColourCount> count(const image::Image& img, const Flattener& flat) {
    if (keys_.empty()) grow(1024);
    const std::size_t n =
        static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height);
    const std::uint8_t* rgba = img.rgba.data();
    for_each_run(rgba, n, [&](std::size_t i, std::size_t j) {
      const std::uint32_t p = flat(rgba + 4 * i);
      if (p != kClearPixel) add(p, j - i);
      return true;
    });
    std::vector<ColourCount> out;
    out.reserve(used_.size());
    for (std::uint32_t slot : used_) {
      out.push_back({keys_[slot], counts_[slot]});
      keys_[slot] = kClearPixel;
    }
    used_.clear();
    std::sort(out.begin(), out.end(),
              [](const ColourCount& a, const ColourCount& b) { return a.rgb < b.rgb; });
    return out;
  }

 private:
  std::uint32_t slot_of(std::uint32_t p) const { return (p * 2654435761u) >> shift_; }
  void add(std::uint32_t p, std::uint64_t k) {
    const std::uint32_t mask = static_cast<std::uint32_t>(keys_.size() - 1);
    for (std::uint32_t s = slot_of(p);; s = (s + 1) & mask) {
      if (keys_[s] == p) {
        counts_[s] += k;
        return;
      }
      if (keys_[s] == kClearPixel) {
        keys_[s] = p;
        counts_[s] = k;
        used_.push_back(s);
        if (2 * used_.size() > keys_.size()) grow(keys_.size() * 2);
        return;
      }
    }
  }
  // A table of `size` (a power of two) slots, holding what the old one held.
  void grow(std::size_t size) {
    std::vector<std::uint32_t> keys(size, kClearPixel);
    std::vector<std::uint64_t> counts(size, 0);
    std::vector<std::uint32_t> used;
    used.reserve(used_.size());
    int bits = 0;
    while ((std::size_t{1} << bits) < size)
      ++bits;
    shift_ = 32 - bits;
    keys_.swap(keys);
    counts_.swap(counts);
    const std::uint32_t mask = static_cast<std::uint32_t>(size - 1);
    for (std::uint32_t old : used_) {
      std::uint32_t s = slot_of(keys[old]);
      while (keys_[s] != kClearPixel)
        s = (s + 1) & mask;
      keys_[s] = keys[old];
      counts_[s] = counts[old];
      used.push_back(s);
    }
    used_.swap(used);
  }

  std::vector<std::uint32_t> keys_;  // kClearPixel: empty
  std::vector<std::uint64_t> counts_;
  std::vector<std::uint32_t> used_;  // the slots filled, in the order filled
  int shift_ = 22;
};

// --- the frame optimiser -----------------------------------------------------------------

// Palette indices, kClear marking a transparent pixel. Colour indices are below 255 (at
// most 255 colours), so the marker never collides with a colour.
using Canvas = std::vector<std::uint8_t>;
constexpr std::uint8_t kClear = 255;

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
  bool feasible(const Canvas& start, const Canvas& target) const {
    const std::size_t n = start.size();
    for (std::size_t i = 0; i < n; i += 4096) {
      const std::size_t end = std::min(n, i + 4096);
      bool bad = false;  // without a branch per pixel, so the loop vectorises
      for (std::size_t j = i; j < end; ++j)
        bad |= (start[j] != kClear) & (target[j] == kClear);
      if (bad) return false;
    }
    return true;
  }

  // The bounding rectangle of the pixels that differ (changed_rect's result, found row by
  // row: equal rows compared whole, a differing row scanned in from both ends).
  Rect diff_rect(const Canvas& a, const Canvas& b) const {
    const auto w = static_cast<std::size_t>(w_);
    int x0 = w_, y0 = h_, x1 = -1, y1 = -1;
    for (int y = 0; y < h_; ++y) {
      const std::uint8_t* ra = a.data() + static_cast<std::size_t>(y) * w;
      const std::uint8_t* rb = b.data() + static_cast<std::size_t>(y) * w;
      if (std::memcmp(ra, rb, w) == 0) continue;
      std::size_t l = 0, r = w - 1;
      while (ra[l] == rb[l])
        ++l;
      while (ra[r] == rb[r])
        --r;
      x0 = std::min(x0, static_cast<int>(l));
      x1 = std::max(x1, static_cast<int>(r));
      if (y1 < 0) y0 = y;
      y1 = y;
    }
    if (x1 < 0) return {};
    return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
  }

  // The pixels where `start` is opaque and `target` transparent.
  Rect must_clear_rect(const Canvas& start, const Canvas& target) const {
    Canvas marks(start.size(), 0);
    Canvas none(start.size(), 0);
    for (std::size_t i = 0; i < start.size(); ++i) {
      marks[i] = start[i] != kClear && target[i] == kClear;
    }
    return diff_rect(marks, none);
  }

  // `target` drawn over `start`, within `forced` when given (else the rectangle of changed
  // pixels): the rectangle, the transparent index and the cheapest candidate with its size.
  // `t`: the thread (0 or 1, see Crew) whose dictionaries count. `bound`: the
  // disposals' smallest quick size so far: the count stops once it is more than 10% over
  // that (`over`), else offers its own. `count_literal`: count the literal pixels too.
  void prepare(const Canvas& start, const Canvas& target, const Rect& forced, Candidate& cand,
               int t, QuickBound* bound = nullptr, bool count_literal = false, bool defer = false) {
    cand.rect = forced.empty() ? diff_rect(start, target) : forced;
    cand.unchanged = cand.rect.empty();
    cand.ok = true;
    cand.masked_size = 0;
    cand.over = false;
    cand.pending = false;
    cand.literal_size = 0;
    cand.chosen_done[0] = cand.chosen_done[1] = false;
    if (cand.unchanged) return;
    usage(start, target, cand);
    cand.literal_ok = true;
    cand.clear = transparent_index(cand, cand.literal_ok);
    if (cand.clear < 0) {
      // Every index is drawn: only a frame without transparency can be stored.
      if (cand.needs_transparency) {
        cand.ok = false;
        return;
      }
      // `literal` holds the target's pixels, none of them transparent.
      cand.pending = defer;
      if (!defer) quick_measure(cand, cand.literal, t, bound);
      return;
    }
    const auto c = static_cast<std::uint8_t>(cand.clear);
    const std::size_t n = cand.literal.size();
    cand.masked.resize(n);
    std::uint8_t* literal = cand.literal.data();
    std::uint8_t* masked = cand.masked.data();
    const std::uint8_t* flexible = cand.flexible.data();
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint8_t v = literal[i] == kClear ? c : literal[i];
      literal[i] = v;
      masked[i] = flexible[i] ? c : v;
    }
    cand.pending = defer;
    if (count_literal && cand.literal_ok && !defer && !bound) {
      // Both counted whole: side by side.
      std::uint64_t masked_bits = 0, literal_bits = 0;
      count_lzw_bits_pair(counter_[t], cand.masked.data(), pair_[t], cand.literal.data(), n, mask_,
                          masked_bits, literal_bits);
      cand.masked_size = file_bytes(masked_bits);
      cand.literal_size = file_bytes(literal_bits);
      return;
    }
    if (!defer) quick_measure(cand, cand.masked, t, bound);
    if (count_literal && cand.literal_ok) cand.literal_size = measure(cand.literal, t);
  }

  // Counts a candidate prepared with `defer` (within `bound`), unless one of `others`
  // already counted the same pixels in the same rectangle.
  void count_quick(Candidate& cand, const Candidate* const* others, std::size_t n_others,
                   QuickBound* bound, int t) {
    if (!cand.pending) return;
    cand.pending = false;
    const std::vector<std::uint8_t>& pixels = cand.clear < 0 ? cand.literal : cand.masked;
    for (std::size_t k = 0; k < n_others; ++k) {
      const Candidate& o = *others[k];
      if (o.unchanged || !o.ok || o.pending || o.rect != cand.rect) continue;
      std::size_t size = 0;
      if (!o.over && o.masked_size && (o.clear < 0 ? o.literal : o.masked) == pixels) {
        size = o.masked_size;
      } else if (o.literal_size && o.literal == pixels) {
        size = o.literal_size;
      }
      if (size) {
        cand.masked_size = size;
        if (bound) bound->offer(size);
        return;
      }
    }
    quick_measure(cand, pixels, t, bound);
  }

  // The size of the cheapest candidate (unchanged pixels transparent), as best() ranks it;
  // max when the frame cannot be stored this way or its count stopped (`over`).
  std::size_t quick_size(const Candidate& cand, int t) {
    if (cand.unchanged) return unchanged_size(t);
    if (!cand.ok || cand.over) return std::numeric_limits<std::size_t>::max();
    return cand.masked_size;
  }

  // True when a prepared candidate has pixels for the chooser to choose between.
  static bool choosable(const Candidate& cand) {
    return !cand.unchanged && cand.ok && cand.clear >= 0;
  }
  // Runs the chooser's first (`which` 0: each pixel's own value preferred) or second
  // preference (1: transparency preferred) on a choosable candidate, unless done, with
  // thread `t`'s chooser (the two may run side by side).
  void choose(Candidate& cand, int which, int t) {
    if (cand.chosen_done[which]) return;
    const auto c = static_cast<std::uint8_t>(cand.clear);
    WildcardChooser& chooser = chooser_[t];
    cand.chosen_size[which] =
        file_bytes(chooser.choose(cand.literal, cand.flexible, c, which == 1, cand.chosen[which]));
    cand.chosen_done[which] = true;
  }

  // The smallest encoding of a prepared candidate: unchanged pixels transparent, the
  // chooser's two preferences, the literal pixels, in the order ties are settled.
  // Consumes the candidate's pixels. `t`: the thread.
  Encoding complete(const Canvas& target, Candidate& cand, int t) {
    if (cand.unchanged) return unchanged(target, t);
    Encoding best;
    best.rect = cand.rect;
    if (!cand.ok) {
      best.ok = false;
      best.size = std::numeric_limits<std::size_t>::max();
      return best;
    }
    if (cand.clear < 0) {
      best.pixels = std::move(cand.literal);
      best.size = cand.masked_size;
      return best;
    }
    std::vector<std::uint8_t> variants[4];
    std::size_t sizes[4] = {cand.masked_size, std::numeric_limits<std::size_t>::max(),
                            std::numeric_limits<std::size_t>::max(),
                            std::numeric_limits<std::size_t>::max()};
    // (Either chooser run may have been done already, by choose().)
    choose(cand, 0, t);
    choose(cand, 1, t);
    if (cand.literal_ok) {
      sizes[3] = cand.literal_size ? cand.literal_size : measure(cand.literal, t);
    }
    for (int k = 0; k < 2; ++k) {
      variants[1 + k] = std::move(cand.chosen[k]);
      sizes[1 + k] = cand.chosen_size[k];
    }
    variants[0] = std::move(cand.masked);
    const std::size_t count = cand.literal_ok ? 4 : 3;
    if (cand.literal_ok) variants[3] = std::move(cand.literal);
    best.transparent = cand.clear;
    std::size_t pick = 0;
    for (std::size_t k = 1; k < count; ++k) {
      if (sizes[k] < sizes[pick]) pick = k;
    }
    best.size = sizes[pick];
    best.pixels = std::move(variants[pick]);
    return best;
  }

  // The smallest encoding of `target` drawn over `start`, within `forced` when given.
  Encoding best(const Canvas& start, const Canvas& target, int t, Rect forced = {}) {
    prepare(start, target, forced, scratch_, t);
    return complete(target, scratch_, t);
  }

  // `canvas` with `r` made transparent.
  Canvas cleared(Canvas canvas, const Rect& r) const {
    for (int y = r.y; y < r.y + r.h; ++y) {
      std::uint8_t* row =
          canvas.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w_);
      std::fill(row + r.x, row + r.x + r.w, kClear);
    }
    return canvas;
  }

 private:
  // The rectangle's pixels, flags and colour use (see Candidate), row-major.
  void usage(const Canvas& start, const Canvas& target, Candidate& cand) const {
    const Rect& r = cand.rect;
    const std::size_t rw = static_cast<std::size_t>(r.w);
    cand.flexible.resize(rw * static_cast<std::size_t>(r.h));
    cand.literal.resize(cand.flexible.size());
    std::uint8_t* flexible = cand.flexible.data();
    std::uint8_t* out = cand.literal.data();
    // Flags set by plain stores (an unchanged pixel marks the spare entry 256); only
    // transparent_index() reads them (and prepare() when it finds no index), and not when
    // every frame has the fixed transparent index.
    const bool flags = fixed_transparent_ < 0;
    std::uint8_t all[256] = {}, changed[257] = {};
    for (int y = 0; y < r.h; ++y) {
      const std::size_t row = static_cast<std::size_t>(r.y + y) * static_cast<std::size_t>(w_) +
                              static_cast<std::size_t>(r.x);
      const std::uint8_t* t = target.data() + row;
      const std::uint8_t* s = start.data() + row;
      std::memcpy(out, t, rw);
      for (std::size_t x = 0; x < rw; ++x)
        flexible[x] = s[x] == t[x];
      if (flags) {
        for (std::size_t x = 0; x < rw; ++x) {
          all[t[x]] = 1;
          changed[flexible[x] ? 256 : t[x]] = 1;
        }
      }
      flexible += rw;
      out += rw;
    }
    // kClear (255) is never a colour index: it marks transparency.
    for (int i = 0; i < 256; ++i) {
      cand.used_all[i] = all[i] != 0;
      cand.used_changed[i] = changed[i] != 0;
    }
    cand.needs_transparency = cand.used_all[kClear];
    cand.used_all[kClear] = false;
    cand.used_changed[kClear] = false;
  }

  // The transparent index: the fixed one, else the lowest index the rectangle does not
  // use, else the lowest its changed pixels do not use (then unchanged pixels of that
  // colour must be written transparent, which shows the same colour: `literal_ok` false).
  // -1 when every index is drawn.
  int transparent_index(const Candidate& use, bool& literal_ok) const {
    const int entries = 1 << bpp_;
    int clear = fixed_transparent_;
    if (clear < 0) {
      for (int i = 0; i < entries && clear < 0; ++i) {
        if (!use.used_all[i]) clear = i;
      }
    }
    if (clear < 0) {
      literal_ok = false;
      for (int i = 0; i < entries && clear < 0; ++i) {
        if (!use.used_changed[i]) clear = i;
      }
    }
    return clear;
  }

  // Nothing changes, but the frame must exist for its delay: one pixel that is
  // transparent, or that repeats what the canvas shows there.
  Encoding unchanged(const Canvas& target, int t) {
    Encoding e;
    e.rect = {0, 0, 1, 1};
    std::uint8_t shown = target[0];
    e.transparent = fixed_transparent_ >= 0 ? fixed_transparent_ : (shown == 0 ? 1 : 0);
    e.pixels = {shown == kClear ? static_cast<std::uint8_t>(e.transparent) : shown};
    e.size = measure(e.pixels, t);
    return e;
  }
  // Its size (one pixel encodes to the same size whatever its value).
  std::size_t unchanged_size(int t) { return measure(std::vector<std::uint8_t>{0}, t); }

  // The encoded size of one image as giflib writes it (a whole minimal GIF; the constant
  // overhead does not change comparisons), counted by mirroring its encoder, with thread
  // `t`'s dictionary.
  std::size_t measure(const std::vector<std::uint8_t>& pixels, int t) {
    return file_bytes(count_lzw_bits(counter_[t], pixels.data(), pixels.size(), mask_));
  }
  std::size_t file_bytes(std::uint64_t bits) const { return gif_minimal_file_bytes(bits, bpp_); }
  // The cheapest candidate's size, counted within `bound` (see prepare()).
  void quick_measure(Candidate& cand, const std::vector<std::uint8_t>& pixels, int t,
                     QuickBound* bound) {
    if (!bound) {
      cand.masked_size = measure(pixels, t);
      return;
    }
    const std::uint64_t bits = count_lzw_bits(
        counter_[t], pixels.data(), pixels.size(), mask_,
        [&](std::uint64_t so_far) { return bound->exceeded_by(file_bytes(so_far)); });
    if (bits == kOverLimit) {
      cand.over = true;
      return;
    }
    cand.masked_size = file_bytes(bits);
    bound->offer(cand.masked_size);
  }

  int w_, h_, bpp_;
  int fixed_transparent_;
  // One chooser and one counter per thread working on the frames (Crew's two; a call
  // names its thread `t`), so that work on the frames may run side by side.
  WildcardChooser chooser_[2];
  LzwDictionary counter_[2];
  LzwDictionary pair_[2];  // a second counter, for two counts side by side
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
  void first(const Canvas& target, int t) {
    if (failed_) return;
    prev_.encoding = opt_.best(empty_, target, t);
    if (!prev_.encoding.ok) fail();
    prev_start_ = empty_;
  }

  // The next distinct frame drawn over the one before it without disposing of it: the one
  // disposal whose work needs nothing but the two frames, so it is done ahead, by any
  // thread `t`, before next() (which takes it). prepare_none() first, then choose_none()
  // for each preference (side by side, on two threads).
  void prepare_none(const Canvas& before, const Canvas& target, Ahead& none, int t) {
    none.feasible = false;
    if (failed_) return;
    none.feasible = opt_.feasible(before, target);
    // Counted whole: its size is not compared with the other disposals' yet (which only
    // tells when a count may stop; see next()). The literal pixels are counted too: they
    // are usually the background disposal's.
    if (none.feasible) opt_.prepare(before, target, {}, none.cand, t, nullptr, true);
  }
  void choose_none(Ahead& none, int which, int t) {
    if (failed_ || !none.feasible || !Optimiser::choosable(none.cand)) return;
    opt_.choose(none.cand, which, t);
  }

  // The next distinct frame, `target`, after `before`, with `none` (its work for the
  // disposal none, done ahead; taken); the previous frame (now written) is shown for
  // `prev_delay`. Worked out by thread `t`.
  void next(const Canvas& before, const Canvas& target, int prev_delay, Ahead& none, int t) {
    if (failed_) return;
    bool found = false;
    Encoding chosen;
    Canvas chosen_start;
    // Rank the feasible disposals by their quick encoding (unchanged pixels transparent),
    // then search fully those within 10% of the best (usually one): nearly all the size
    // comes from the rectangle and the choice of transparent pixels, and this keeps the
    // search to a few candidates a frame. A disposal's count stops once it is more than
    // 10% over the smallest so far: it could not be searched, so the ranking is the same
    // whether or not it stopped (none's, counted ahead, never stops).
    QuickBound bound;
    {
      Option& o = options_[0];
      o.disposal = kDisposeNone;
      o.start = before;
      o.feasible = none.feasible;
      std::swap(o.cand, none.cand);
      if (o.feasible && !o.cand.unchanged && o.cand.ok && o.cand.masked_size) {
        bound.offer(o.cand.masked_size);
      }
    }
    for (int k : {2, 1}) {
      Option& o = options_[k];
      o.disposal = k == 1 ? kDisposeBackground : kDisposePrevious;
      o.start = k == 1 ? opt_.cleared(before, prev_.encoding.rect) : prev_start_;
      o.feasible = opt_.feasible(o.start, target);
      // The background disposal's count waits: its pixels are often the literal pixels
      // of no disposal, counted already.
      if (o.feasible) opt_.prepare(o.start, target, {}, o.cand, t, &bound, false, k == 1);
    }
    if (options_[1].feasible) {
      const Candidate* others[2];
      std::size_t n_others = 0;
      for (int k : {0, 2}) {
        if (options_[k].feasible) others[n_others++] = &options_[k].cand;
      }
      opt_.count_quick(options_[1].cand, others, n_others, &bound, t);
    }
    std::size_t best_quick = std::numeric_limits<std::size_t>::max();
    for (Option& o : options_) {
      // Unstorable, or stopped more than 10% over another: never searched.
      o.quick_size =
          o.feasible ? opt_.quick_size(o.cand, t) : std::numeric_limits<std::size_t>::max();
      if (o.feasible && o.quick_size != std::numeric_limits<std::size_t>::max()) {
        best_quick = std::min(best_quick, o.quick_size);
      }
    }
    for (Option& o : options_) {
      if (!o.feasible || o.quick_size == std::numeric_limits<std::size_t>::max()) continue;
      if (o.quick_size > best_quick + best_quick / 10) continue;
      Encoding e = opt_.complete(target, o.cand, t);
      if (!e.ok) continue;
      if (!found || e.size < chosen.size) {
        found = true;
        chosen = std::move(e);
        chosen_start = std::move(o.start);
        prev_.disposal = o.disposal;
      }
    }
    if (!found) {
      // Pixels must turn transparent outside what the previous frame covered: widen the
      // previous frame to cover them and dispose of it to background.
      Rect grown = unite(prev_.encoding.rect, opt_.must_clear_rect(before, target));
      prev_.encoding = opt_.best(prev_start_, before, t, grown);
      prev_.disposal = kDisposeBackground;
      chosen_start = opt_.cleared(before, grown);
      chosen = opt_.best(chosen_start, target, t);
      if (!prev_.encoding.ok || !chosen.ok) {
        fail();
        return;
      }
    }
    prev_.delay = prev_delay;
    write(prev_);
    prev_ = Emitted{};
    prev_.encoding = std::move(chosen);
    prev_start_ = std::move(chosen_start);
  }

  // Writes the last frame, shown for `delay`, and closes the file. False when failed.
  bool finish(int delay, std::vector<std::uint8_t>& out) {
    if (failed_) return false;
    prev_.delay = delay;
    write(prev_);
    return writer_.finish(out);
  }

 private:
  void write(Emitted& e) {
    writer_.control(e.disposal, std::min(e.delay, kMaxDelay),
                    e.encoding.transparent >= 0 ? e.encoding.transparent : NO_TRANSPARENT_COLOR);
    writer_.image(e.encoding.rect, e.encoding.pixels);
    if (!writer_.ok()) fail();
  }
  void fail() {
    failed_ = true;
    prev_ = Emitted{};
    prev_start_ = {};
  }

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

}  // namespace

diag::Result<std::vector<int>> gif_delays(const std::vector<Duration>& durations) {
  diag::Result<Units> units = to_units(durations);
  if (!units) return units.error;
  return delays_from_units(units.value.amounts, units.value.denominator);
}

// The work on the distinct frames, shared by the caller's thread and one thread of the
// encoder's (two threads: this machine's cores, and no more, so no thread waits for a
// core). Each distinct frame is a slot with four tasks: `none` (the disposal none
// prepared, for every colour table tried), `choose0` and `choose1` (its chooser runs, after
// `none`) and `decide` (the rest of Attempt::next and the writing; after the three and the
// slot before). The encoder's thread runs tasks as they become ready; the caller, after
// adding a frame, helps until at most kAhead slots are unfinished, then goes back to draw
// the next frame. Which thread runs a task never changes its result (each thread counts
// with its own dictionaries, and every task's result depends only on its inputs).
class Crew {
 public:
  using Task = std::function<void(int slot, int kind, int t)>;
  enum Kind : int { kNone = 0, kChoose1 = 1, kChoose0 = 2, kDecide = 3 };
  static constexpr int kAhead = 2;              // unfinished slots the caller may leave
  static constexpr int kSlots = kAhead + 1;     // slots held at most
  static constexpr int kCanvases = kAhead + 3;  // the frames they read, and one being mapped

  explicit Crew(Task task) : task_(std::move(task)) {}
  Crew(const Crew&) = delete;
  Crew& operator=(const Crew&) = delete;
  ~Crew() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

  // Adds distinct frame number `frame` (0, 1, 2, ...); `decide_only`: it has no ahead work
  // (the first). Then helps until at most kAhead frames are unfinished.
  void add(std::int64_t frame, bool decide_only) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      State& st = state_[frame % kSlots];
      st = State{};
      st.frame = frame;
      if (decide_only) {
        for (int kind : {kNone, kChoose0, kChoose1})
          st.started[kind] = st.done[kind] = true;
      }
      pending_.push_back(frame);
      if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
    }
    changed_.notify_all();
    help(kAhead);
  }
  // Helps until every frame added is finished.
  void finish() { help(0); }
  // Frames added but not finished (decide not done).
  std::size_t unfinished() {
    std::lock_guard<std::mutex> lock(mutex_);
    return pending_.size();
  }

 private:
  struct State {
    std::int64_t frame = -1;
    bool started[4] = {};
    bool done[4] = {};
  };

  // A task ready to run (marked started), in order of preference: the oldest frame's
  // decide, then frame by frame its `none`, then its slower chooser run, then the other.
  bool pick(int& slot, int& kind) {
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      const int s = static_cast<int>(pending_[i] % kSlots);
      State& st = state_[s];
      if (i == 0 && !st.started[kDecide] && st.done[kNone] && st.done[kChoose0] &&
          st.done[kChoose1]) {
        kind = kDecide;
      } else if (!st.started[kNone]) {
        kind = kNone;
      } else if (st.done[kNone] && !st.started[kChoose1]) {
        kind = kChoose1;
      } else if (st.done[kNone] && !st.started[kChoose0]) {
        kind = kChoose0;
      } else {
        continue;
      }
      st.started[kind] = true;
      slot = s;
      return true;
    }
    return false;
  }
  // Runs a task picked, as thread `t`; the lock is released meanwhile.
  void run(std::unique_lock<std::mutex>& lock, int slot, int kind, int t) {
    lock.unlock();
    std::exception_ptr error;
    try {
      task_(slot, kind, t);
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    if (error && !error_) error_ = error;
    state_[slot].done[kind] = true;
    if (kind == kDecide) pending_.pop_front();
    changed_.notify_all();
  }
  void loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      int slot = 0, kind = 0;
      changed_.wait(lock, [&] { return stopping_ || error_ || pick(slot, kind); });
      if (stopping_ || error_) return;  // (a task picked is dropped: the crew is done)
      run(lock, slot, kind, 1);
    }
  }
  void help(std::size_t leave) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!error_ && pending_.size() > leave) {
      int slot = 0, kind = 0;
      if (pick(slot, kind)) {
        run(lock, slot, kind, 0);
      } else {
        changed_.wait(lock);
      }
    }
    if (error_) {
      // A task failed (out of memory): the encoder cannot go on.
      std::exception_ptr error = error_;
      lock.unlock();
      std::rethrow_exception(error);
    }
  }

  Task task_;
  std::mutex mutex_;
  std::condition_variable changed_;
  State state_[kSlots];
  std::deque<std::int64_t> pending_;  // the frames added and not finished, in order
  std::exception_ptr error_;
  bool stopping_ = false;
  std::thread thread_;
};

struct GifEncoder::Impl {
  explicit Impl(const GifOptions& o)
      : options(o), flat(o), crew([this](int slot, int kind, int t) { work(slot, kind, t); }) {}

  // Checks a frame against the first one; fails as check_frames does.
  diag::Status<> check(const image::Image& img) {
    const std::size_t i = frames++;
    if (i == 0) {
      w = img.width;
      h = img.height;
      if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide) {
        return diag::fail("frame size " + std::to_string(w) + "x" + std::to_string(h) +
                          " is outside 1.." + std::to_string(kMaxSide));
      }
    } else if (img.width != w || img.height != h) {
      return diag::fail("frame " + std::to_string(i) + " is " + std::to_string(img.width) + "x" +
                        std::to_string(img.height) + ", frame 0 is " + std::to_string(w) + "x" +
                        std::to_string(h));
    }
    if (img.rgba.size() != static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4) {
      return diag::fail("frame " + std::to_string(i) + " has a pixel buffer of the wrong size");
    }
    return {};
  }

  // After the first pass: the palette, and the colour tables to try. The colour table has
  // a power-of-two size. With an entry to spare, that entry is every frame's transparent
  // index. When the colours fill the table exactly, each frame takes an index it does not
  // draw (as gifsicle does), and the next larger table is tried as well; the smaller file
  // wins.
  void start() {
    started = true;
    counted_frames = frames;
    frames = 0;
    exact = histogram.size() <= 255;
    colours = build_palette(histogram, 255);
    histogram = {};
    tally = FrameHistogram{};
    mapper = std::make_unique<PaletteMapper>(colours);
    std::fill(std::begin(cache_colour), std::end(cache_colour), kClearPixel);
    const int n = static_cast<int>(colours.size());
    int bpp = 1;
    while ((1 << bpp) < n)
      ++bpp;
    for (int attempt = bpp; attempt <= std::min(8, bpp + 1); ++attempt) {
      if (attempt > bpp && (1 << bpp) > n) break;
      const int fixed = (1 << attempt) > n ? n : -1;
      attempts.push_back(std::make_unique<Attempt>(w, h, attempt, fixed, colours));
    }
    written = written_bytes();
  }

  // The frame's palette indices; false when a colour is missing from an exact palette
  // (the frame was not counted). A run of equal RGBA pixels is looked up once (not when
  // dithering: the index depends on the position).
  bool map(const image::Image& img, Canvas& indices) {
    const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    indices.resize(n);
    const std::uint8_t* rgba = img.rgba.data();
    if (!exact) {
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t p = flat(rgba + 4 * i);
        indices[i] =
            p == kClearPixel
                ? kClear
                : mapper->map(p, static_cast<int>(i % static_cast<std::size_t>(w)),
                              static_cast<int>(i / static_cast<std::size_t>(w)), options.dither);
      }
      return true;
    }
    return for_each_run(rgba, n, [&](std::size_t i, std::size_t j) {
      const std::uint32_t p = flat(rgba + 4 * i);
      std::uint8_t index = kClear;
      if (p != kClearPixel) {
        // A small direct-mapped cache of colours looked up before, then the palette.
        const std::uint32_t slot = (p * 2654435761u) >> 24;
        if (cache_colour[slot] == p) {
          index = cache_index[slot];
        } else {
          auto it = std::lower_bound(colours.begin(), colours.end(), p);
          if (it == colours.end() || *it != p) return false;
          index = static_cast<std::uint8_t>(it - colours.begin());
          cache_colour[slot] = p;
          cache_index[slot] = index;
        }
      }
      std::memset(indices.data() + i, index, j - i);
      return true;
    });
  }

  // The bytes every colour table still tried has written (call with no job running).
  std::size_t written_bytes() const {
    std::size_t total = 0;
    for (const auto& a : attempts)
      if (!a->failed()) total += a->bytes();
    return total;
  }
  // At most what one frame adds to one colour table's file: its graphic control extension
  // (8 bytes), image descriptor (10), LZW code size (1), at most 12 bits a pixel plus the
  // clear and end codes (a clear code at most every 4093 codes), a length byte a sub-block
  // of 255 and the terminator — under 1.51 bytes a pixel and 40 bytes.
  std::size_t frame_bytes_bound() const {
    return 2 * static_cast<std::size_t>(w) * static_cast<std::size_t>(h) + 256;
  }

  // The distinct frame mapped into canvas[next], shown after the last one (if any), which
  // is shown for `delay`: its work handed to the crew.
  void submit(int delay) {
    const std::int64_t number = distinct++;
    Slot& slot = slots[number % Crew::kSlots];
    slot.first = last < 0;
    slot.before = last;
    slot.target = next;
    slot.delay = delay;
    slot.ahead.resize(attempts.size());
    last = next;
    next = static_cast<int>((number + 1) % Crew::kCanvases);
    crew.add(number, slot.first);
  }
  // One task of the crew's on `slot`, as thread `t`.
  void work(int s, int kind, int t) {
    Slot& slot = slots[s];
    const Canvas& target = canvas[slot.target];
    for (std::size_t a = 0; a < attempts.size(); ++a) {
      Attempt& attempt = *attempts[a];
      switch (kind) {
        case Crew::kNone:
          attempt.prepare_none(canvas[slot.before], target, slot.ahead[a], t);
          break;
        case Crew::kChoose0:
        case Crew::kChoose1:
          attempt.choose_none(slot.ahead[a], kind == Crew::kChoose1 ? 1 : 0, t);
          break;
        default:
          if (slot.first) {
            attempt.first(target, t);
          } else {
            attempt.next(canvas[slot.before], target, slot.delay, slot.ahead[a], t);
          }
      }
    }
    if (kind == Crew::kDecide) written = written_bytes();
  }

  GifOptions options;
  Flattener flat;
  int w = 0, h = 0;
  std::size_t frames = 0;  // frames given in this pass
  std::size_t counted_frames = 0;
  bool started = false;
  bool shown = false;  // a frame of non-zero duration was counted
  FrameHistogram tally;
  std::vector<ColourCount> histogram;
  bool exact = true;
  std::vector<std::uint32_t> colours;
  std::unique_ptr<PaletteMapper> mapper;
  std::uint32_t cache_colour[256];  // map()'s cache (kClearPixel: empty)
  std::uint8_t cache_index[256] = {};
  std::vector<std::unique_ptr<Attempt>> attempts;
  UnitClock clock;    // the second pass's durations
  DelayClock delays;  // and the delays of the distinct frames
  // The frames the attempts compare: distinct frame k is mapped into canvas[k %
  // kCanvases]; canvas[last] is the last distinct frame's indices (-1: none yet), the frame
  // being added is mapped into canvas[next], which no unfinished frame reads.
  Canvas canvas[Crew::kCanvases];
  int last = -1;
  int next = 0;
  std::int64_t distinct = 0;  // distinct frames so far
  // The distinct frames handed to the crew: slot k % kSlots is distinct frame k.
  struct Slot {
    bool first = false;  // the first distinct frame
    int before = -1;     // the canvases of the frame before and of this one
    int target = 0;
    int delay = 0;             // how long the frame before is shown
    std::vector<Ahead> ahead;  // the disposal none, one per attempt
  };
  Slot slots[Crew::kSlots];
  Wide last_amount = 0;  // how long the last distinct frame is shown so far, in clock units
  std::string error;     // the first failure, after which nothing more is done
  // written_bytes() after the last frame finished (output_over() adds what the unfinished
  // frames may write).
  std::atomic<std::size_t> written{0};
  // Works on the distinct frames, the caller's thread and one more. Last, so that it is
  // destroyed (its thread stopped) first.
  Crew crew;
};

GifEncoder::GifEncoder(const GifOptions& options) : impl_(std::make_unique<Impl>(options)) {}
GifEncoder::~GifEncoder() = default;

diag::Status<> GifEncoder::count(const image::Image& image, const Duration& duration) {
  Impl& m = *impl_;
  if (m.started) return diag::fail("a frame was counted after the first one was added");
  if (diag::Status<> ok = m.check(image); !ok) return ok;
  if (duration.den <= 0 || duration.num < 0) {
    return diag::fail("invalid frame duration " + std::to_string(duration.num) + "/" +
                      std::to_string(duration.den));
  }
  if (duration.num == 0) return {};  // never shown
  m.shown = true;
  merge_histograms(m.histogram, m.tally.count(image, m.flat));
  return {};
}

diag::Status<> GifEncoder::add(const image::Image& image, const Duration& duration) {
  Impl& m = *impl_;
  if (!m.error.empty()) return diag::fail(m.error);
  auto failed = [&m](std::string why) -> diag::Status<> {
    m.error = std::move(why);
    return diag::fail(m.error);
  };
  if (!m.started) {
    if (m.frames == 0) return failed("no frame was counted before the first was added");
    m.start();
  }
  if (m.frames >= m.counted_frames) return failed("more frames added than were counted");
  if (diag::Status<> ok = m.check(image); !ok) return failed(ok.error.message);
  diag::Result<Wide> amount = m.clock.amount(duration, {&m.last_amount, m.delays.end()});
  if (!amount) return failed(amount.error.message);
  if (amount.value == 0) return {};  // never shown: dropped
  Canvas& target = m.canvas[m.next];
  if (!m.map(image, target)) return failed("a frame added has a colour no frame counted has");
  // Identical consecutive frames merge: their durations add.
  if (m.last >= 0 && target == m.canvas[m.last]) {
    m.last_amount += amount.value;
    return {};
  }
  int delay = 0;
  if (m.last >= 0) {
    diag::Result<int> d = m.delays.next(m.last_amount, m.clock.denominator());
    if (!d) return failed(d.error.message);
    delay = d.value;
  }
  m.submit(delay);
  m.last_amount = amount.value;
  return {};
}

std::size_t GifEncoder::output_bytes() const {
  impl_->crew.finish();
  return impl_->written_bytes();
}

bool GifEncoder::output_over(std::size_t cap) const {
  Impl& m = *impl_;
  // Read before `written`: the frames unfinished then include every frame whose bytes
  // `written` does not hold.
  const std::size_t unfinished = m.crew.unfinished();
  if (unfinished > 0 &&
      m.written.load() + unfinished * m.attempts.size() * m.frame_bytes_bound() <= cap) {
    return false;
  }
  return output_bytes() > cap;
}

diag::Result<std::vector<std::uint8_t>> GifEncoder::finish() {
  Impl& m = *impl_;
  m.crew.finish();
  if (!m.error.empty()) return diag::fail(m.error);
  if (m.frames == 0 && !m.started) return diag::fail("no frames to encode");
  if (!m.shown) return diag::fail("every frame has a zero duration");
  if (!m.started || m.frames != m.counted_frames) {
    return diag::fail("fewer frames added than were counted");
  }
  diag::Result<int> delay = m.delays.next(m.last_amount, m.clock.denominator());
  if (!delay) return delay.error;
  std::vector<std::uint8_t> smallest;
  for (auto& a : m.attempts) {
    std::vector<std::uint8_t> bytes;
    if (!a->finish(delay.value, bytes)) continue;
    if (smallest.empty() || bytes.size() < smallest.size()) smallest = std::move(bytes);
    a.reset();
  }
  m.attempts.clear();
  if (smallest.empty()) return diag::fail("giflib failed to encode the GIF");
  return smallest;
}

diag::Result<std::vector<std::uint8_t>> encode_gif(const std::vector<AnimFrame>& frames,
                                                   const GifOptions& options) {
  // Checked and timed whole first, so a bad input gives the error it always gave.
  diag::Result<Units> timed = check_and_time(frames, kMaxSide);
  if (!timed) return timed.error;
  GifEncoder encoder(options);
  for (const AnimFrame& f : frames) {
    if (diag::Status<> ok = encoder.count(f.image, f.duration); !ok) return ok.error;
  }
  for (const AnimFrame& f : frames) {
    if (diag::Status<> ok = encoder.add(f.image, f.duration); !ok) return ok.error;
  }
  return encoder.finish();
}

}  // namespace spritec::render
