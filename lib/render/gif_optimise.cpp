// The GIF frame optimiser (gif_optimise.hpp).
#include "gif_optimise.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace spritec::render::gif {
namespace {

Rect unite(const Rect& a, const Rect& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
  int x1 = std::max(a.x + a.width, b.x + b.width), y1 = std::max(a.y + a.height, b.y + b.height);
  return {x0, y0, x1 - x0, y1 - y0};
}

}  // namespace

bool Optimiser::feasible(const Canvas& start, const Canvas& target) const {
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

Rect Optimiser::diff_rect(const Canvas& a, const Canvas& b) const {
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

Rect Optimiser::must_clear_rect(const Canvas& start, const Canvas& target) const {
  Canvas marks(start.size(), 0);
  Canvas none(start.size(), 0);
  for (std::size_t i = 0; i < start.size(); ++i) {
    marks[i] = start[i] != kClear && target[i] == kClear;
  }
  return diff_rect(marks, none);
}

void Optimiser::prepare(const Canvas& start, const Canvas& target, const Rect& forced,
                        Candidate& cand, int t, QuickBound* bound, bool count_literal, bool defer) {
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

void Optimiser::count_quick(Candidate& cand, const Candidate* const* others, std::size_t n_others,
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

std::size_t Optimiser::quick_size(const Candidate& cand, int t) {
  if (cand.unchanged) return unchanged_size(t);
  if (!cand.ok || cand.over) return std::numeric_limits<std::size_t>::max();
  return cand.masked_size;
}

bool Optimiser::choosable(const Candidate& cand) {
  return !cand.unchanged && cand.ok && cand.clear >= 0;
}

void Optimiser::choose(Candidate& cand, int which, int t) {
  if (cand.chosen_done[which]) return;
  const auto c = static_cast<std::uint8_t>(cand.clear);
  WildcardChooser& chooser = chooser_[t];
  cand.chosen_size[which] =
      file_bytes(chooser.choose(cand.literal, cand.flexible, c, which == 1, cand.chosen[which]));
  cand.chosen_done[which] = true;
}

Encoding Optimiser::complete(const Canvas& target, Candidate& cand, int t) {
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

Encoding Optimiser::best(const Canvas& start, const Canvas& target, int t, Rect forced) {
  prepare(start, target, forced, scratch_, t);
  return complete(target, scratch_, t);
}

Canvas Optimiser::cleared(Canvas canvas, const Rect& r) const {
  for (int y = r.y; y < r.y + r.height; ++y) {
    std::uint8_t* row = canvas.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w_);
    std::fill(row + r.x, row + r.x + r.width, kClear);
  }
  return canvas;
}

void Optimiser::usage(const Canvas& start, const Canvas& target, Candidate& cand) const {
  const Rect& r = cand.rect;
  const std::size_t rw = static_cast<std::size_t>(r.width);
  cand.flexible.resize(rw * static_cast<std::size_t>(r.height));
  cand.literal.resize(cand.flexible.size());
  std::uint8_t* flexible = cand.flexible.data();
  std::uint8_t* out = cand.literal.data();
  // Flags set by plain stores (an unchanged pixel marks the spare entry 256); only
  // transparent_index() reads them (and prepare() when it finds no index), and not when
  // every frame has the fixed transparent index.
  const bool flags = fixed_transparent_ < 0;
  std::uint8_t all[256] = {}, changed[257] = {};
  for (int y = 0; y < r.height; ++y) {
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

int Optimiser::transparent_index(const Candidate& use, bool& literal_ok) const {
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

Encoding Optimiser::unchanged(const Canvas& target, int t) {
  Encoding e;
  e.rect = {0, 0, 1, 1};
  std::uint8_t shown = target[0];
  e.transparent = fixed_transparent_ >= 0 ? fixed_transparent_ : (shown == 0 ? 1 : 0);
  e.pixels = {shown == kClear ? static_cast<std::uint8_t>(e.transparent) : shown};
  e.size = measure(e.pixels, t);
  return e;
}

std::size_t Optimiser::measure(const std::vector<std::uint8_t>& pixels, int t) {
  return file_bytes(count_lzw_bits(counter_[t], pixels.data(), pixels.size(), mask_));
}

void Optimiser::quick_measure(Candidate& cand, const std::vector<std::uint8_t>& pixels, int t,
                              QuickBound* bound) {
  if (!bound) {
    cand.masked_size = measure(pixels, t);
    return;
  }
  const std::uint64_t bits =
      count_lzw_bits(counter_[t], pixels.data(), pixels.size(), mask_,
                     [&](std::uint64_t so_far) { return bound->exceeded_by(file_bytes(so_far)); });
  if (bits == kOverLimit) {
    cand.over = true;
    return;
  }
  cand.masked_size = file_bytes(bits);
  bound->offer(cand.masked_size);
}

void Attempt::first(const Canvas& target, int t) {
  if (failed_) return;
  prev_.encoding = opt_.best(empty_, target, t);
  if (!prev_.encoding.ok) fail();
  prev_start_ = empty_;
}

void Attempt::prepare_none(const Canvas& before, const Canvas& target, Ahead& none, int t) {
  none.feasible = false;
  if (failed_) return;
  none.feasible = opt_.feasible(before, target);
  // Counted whole: its size is not compared with the other disposals' yet (which only
  // tells when a count may stop; see next()). The literal pixels are counted too: they
  // are usually the background disposal's.
  if (none.feasible) opt_.prepare(before, target, {}, none.cand, t, nullptr, true);
}

void Attempt::choose_none(Ahead& none, int which, int t) {
  if (failed_ || !none.feasible || !Optimiser::choosable(none.cand)) return;
  opt_.choose(none.cand, which, t);
}

void Attempt::next(const Canvas& before, const Canvas& target, int prev_delay, Ahead& none, int t) {
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

bool Attempt::finish(int delay, std::vector<std::uint8_t>& out) {
  if (failed_) return false;
  prev_.delay = delay;
  write(prev_);
  return writer_.finish(out);
}

void Attempt::write(Emitted& e) {
  writer_.control(e.disposal, std::min(e.delay, kMaxDelay),
                  e.encoding.transparent >= 0 ? e.encoding.transparent : NO_TRANSPARENT_COLOR);
  writer_.image(e.encoding.rect, e.encoding.pixels);
  if (!writer_.ok()) fail();
}

void Attempt::fail() {
  failed_ = true;
  prev_ = Emitted{};
  prev_start_ = {};
}

}  // namespace spritec::render::gif
