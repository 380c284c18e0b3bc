#include "spritec/render/gif.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstring>
#include <limits>
#include <memory>
#include <numeric>
#include <string>
#include <utility>

#include "anim_timing.hpp"
#include "gif_optimise.hpp"
#include "spritec/render/quantize.hpp"
#include "spritec/work/work.hpp"

namespace spritec::render {
namespace {

// The flattened pixel value of a transparent pixel (an opaque pixel is 0xRRGGBB).
constexpr std::uint32_t kClearPixel = 0xFFFFFFFFu;
constexpr int kMaxGifSide = 65535;

using gif::Ahead;
using gif::Attempt;
using gif::Canvas;
using gif::kClear;

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

}  // namespace

diag::Result<std::vector<int>> gif_delays(const std::vector<Duration>& durations) {
  diag::Result<Units> units = to_units(durations);
  if (!units) return units.error;
  return delays_from_units(units.value.amounts, units.value.denominator);
}

// The work on the distinct frames runs on a work::Pool of gif::kThreads threads: the
// caller's and one of the encoder's (this machine's cores, and no more, so no thread waits
// for a core). Each distinct frame is four tasks, posted in this order: `none` (the
// disposal none prepared, for every colour table tried), `choose1` and `choose0` (its
// chooser runs, after `none`) and `decide` (the rest of Attempt::next and the writing;
// after the three and after the frame before's `decide`); the first distinct frame is a
// `decide` alone. Of the tasks ready the pool starts the first posted, so the oldest
// frame's decision comes first, then frame by frame its `none`, its slower chooser run and
// the other. The caller, after adding a frame, helps until at most kAhead frames are
// unfinished, then goes back to draw the next frame. Which thread runs a task never
// changes its result (each thread counts with its own dictionaries, and every task's result
// depends only on its inputs).
enum Kind : int { kNone = 0, kChoose1 = 1, kChoose0 = 2, kDecide = 3 };
constexpr int kAhead = 2;              // unfinished frames the caller may leave
constexpr int kSlots = kAhead + 1;     // frames held at most
constexpr int kCanvases = kAhead + 3;  // the frames they read, and one being mapped

struct GifEncoder::Impl {
  explicit Impl(const GifOptions& o) : options(o), flat(o), pool(gif::kThreads) {}

  // Checks a frame against the first one; fails as check_frames does.
  diag::Status<> check(const image::Image& img) {
    diag::Status<> ok = checker.check(img);
    w = checker.width();  // the first frame's
    h = checker.height();
    return ok;
  }

  // After the first pass: the palette, and the colour tables to try. The colour table has
  // a power-of-two size. With an entry to spare, that entry is every frame's transparent
  // index. When the colours fill the table exactly, each frame takes an index it does not
  // draw (as gifsicle does), and the next larger table is tried as well; the smaller file
  // wins.
  void start() {
    started = true;
    counted_frames = checker.frames();
    checker.restart();
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
  // is shown for `delay`: its tasks posted to the pool. Then helps until at most kAhead
  // frames are unfinished.
  void submit(int delay) {
    const std::int64_t number = distinct++;
    const int s = static_cast<int>(number % kSlots);
    Slot& slot = slots[s];
    slot.first = last < 0;
    slot.before = last;
    slot.target = next;
    slot.delay = delay;
    slot.ahead.resize(attempts.size());
    last = next;
    next = static_cast<int>((number + 1) % kCanvases);
    const auto task = [this, s](int kind) { return [this, s, kind](int t) { run(s, kind, t); }; };
    std::vector<work::Pool::Task> before_decide;
    if (!slot.first) {
      const work::Pool::Task none = pool.post({}, task(kNone));
      const work::Pool::Task choose1 = pool.post({none}, task(kChoose1));
      const work::Pool::Task choose0 = pool.post({none}, task(kChoose0));
      before_decide = {none, choose1, choose0, slots[(number - 1) % kSlots].decide};
    }
    slot.decide = pool.post(std::move(before_decide), task(kDecide));
    // Decisions run in order: frame number - kAhead's done, every frame before it is.
    if (number >= kAhead) pool.wait_for(slots[(number - kAhead) % kSlots].decide);
  }
  // Frames submitted whose decision has not finished.
  std::int64_t unfinished() const { return distinct - decided.load(); }
  // One task of the pool's on `slot`, as thread `t`.
  void run(int s, int kind, int t) {
    Slot& slot = slots[s];
    const Canvas& target = canvas[slot.target];
    for (std::size_t a = 0; a < attempts.size(); ++a) {
      Attempt& attempt = *attempts[a];
      switch (kind) {
        case kNone:
          attempt.prepare_none(canvas[slot.before], target, slot.ahead[a], t);
          break;
        case kChoose0:
        case kChoose1:
          attempt.choose_none(slot.ahead[a], kind == kChoose1 ? 1 : 0, t);
          break;
        default:
          if (slot.first) {
            attempt.first(target, t);
          } else {
            attempt.next(canvas[slot.before], target, slot.delay, slot.ahead[a], t);
          }
      }
    }
    if (kind == kDecide) {
      written = written_bytes();
      ++decided;  // after `written`: see output_over
    }
  }

  GifOptions options;
  Flattener flat;
  int w = 0, h = 0;
  FrameChecker checker{kMaxGifSide};  // the frames given in this pass
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
  Canvas canvas[kCanvases];
  int last = -1;
  int next = 0;
  std::int64_t distinct = 0;  // distinct frames so far
  // The distinct frames posted to the pool: slot k % kSlots is distinct frame k.
  struct Slot {
    bool first = false;  // the first distinct frame
    int before = -1;     // the canvases of the frame before and of this one
    int target = 0;
    int delay = 0;                // how long the frame before is shown
    std::vector<Ahead> ahead;     // the disposal none, one per attempt
    work::Pool::Task decide = 0;  // its decision's task
  };
  Slot slots[kSlots];
  Wide last_amount = 0;  // how long the last distinct frame is shown so far, in clock units
  std::string error;     // the first failure, after which nothing more is done
  // written_bytes() after the last frame finished (output_over() adds what the unfinished
  // frames may write).
  std::atomic<std::size_t> written{0};
  std::atomic<std::int64_t> decided{0};  // distinct frames whose decision has finished
  // Works on the distinct frames, the caller's thread and one more. Last, so that it is
  // destroyed (its work finished, its thread stopped) first.
  work::Pool pool;
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
    if (m.checker.frames() == 0) return failed("no frame was counted before the first was added");
    m.start();
  }
  if (m.checker.frames() >= m.counted_frames) return failed("more frames added than were counted");
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
  impl_->pool.wait();
  return impl_->written_bytes();
}

bool GifEncoder::output_over(std::size_t cap) const {
  Impl& m = *impl_;
  // Read before `written`: the frames unfinished then include every frame whose bytes
  // `written` does not hold.
  const std::size_t unfinished = static_cast<std::size_t>(m.unfinished());
  if (unfinished > 0 &&
      m.written.load() + unfinished * m.attempts.size() * m.frame_bytes_bound() <= cap) {
    return false;
  }
  return output_bytes() > cap;
}

diag::Result<std::vector<std::uint8_t>> GifEncoder::finish() {
  Impl& m = *impl_;
  m.pool.wait();
  if (!m.error.empty()) return diag::fail(m.error);
  if (m.checker.frames() == 0 && !m.started) return diag::fail("no frames to encode");
  if (!m.shown) return diag::fail("every frame has a zero duration");
  if (!m.started || m.checker.frames() != m.counted_frames) {
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
  diag::Result<Units> timed = check_and_time(frames, kMaxGifSide);
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
