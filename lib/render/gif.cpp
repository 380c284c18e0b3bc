#include "spritec/render/gif.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <limits>
#include <memory>
#include <numeric>
#include <string>
#include <thread>
#include <utility>

#include "anim_timing.hpp"
#include "spritec/render/quantize.hpp"

namespace spritec::render {
namespace {

// The flattened pixel value of a transparent pixel (an opaque pixel is 0xRRGGBB).
constexpr std::uint32_t kClearPixel = 0xFFFFFFFFu;
constexpr int kMaxSide = 65535;
constexpr int kMaxDelay = 65535;

enum Disposal : int { kDisposeNone = 1, kDisposeBackground = 2, kDisposePrevious = 3 };

using Rect = image::Rect;

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

// One frame as 0xRRGGBB per pixel or kClearPixel, following GifOptions' alpha rule.
std::vector<std::uint32_t> flatten(const image::Image& img, const GifOptions& options) {
  const int br = static_cast<int>((options.background >> 16) & 0xFF);
  const int bg = static_cast<int>((options.background >> 8) & 0xFF);
  const int bb = static_cast<int>(options.background & 0xFF);
  std::size_t n = static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height);
  std::vector<std::uint32_t> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t* p = &img.rgba[4 * i];
    int a = p[3];
    if (options.transparent && a < 128) {
      out[i] = kClearPixel;
      continue;
    }
    if (a == 255) {  // over(c, bg, 255) == c
      out[i] = (std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2];
      continue;
    }
    std::uint32_t r = over(p[0], br, a), g = over(p[1], bg, a), b = over(p[2], bb, a);
    out[i] = (r << 16) | (g << 8) | b;
  }
  return out;
}

// --- trial and final encoding through giflib ---------------------------------------------

int write_to_vector(GifFileType* gif, const GifByteType* data, int len) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(gif->UserData);
  out->insert(out->end(), data, data + len);
  return len;
}

// Owns a giflib encoder writing into a vector.
class GifWriter {
 public:
  GifWriter() {
    int error = 0;
    gif_ = EGifOpen(&bytes_, write_to_vector, &error);
    if (gif_) EGifSetGifVersion(gif_, true);
  }
  ~GifWriter() {
    if (gif_) EGifCloseFile(gif_, nullptr);
  }
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  bool ok() const { return gif_ != nullptr && ok_; }
  std::size_t size() const { return bytes_.size(); }
  void screen(int w, int h, int background_index, const std::vector<std::uint32_t>& colours,
              int bpp) {
    if (!ok()) return;
    ColorMapObject* map = make_map(colours, bpp);
    ok_ = map && EGifPutScreenDesc(gif_, w, h, 8, background_index, map) == GIF_OK;
    GifFreeMapObject(map);
  }
  void loop_forever() {
    if (!ok()) return;
    static const char kApp[] = "NETSCAPE2.0";
    static const unsigned char kLoop[3] = {1, 0, 0};  // sub-block 1, loop count 0 = forever
    ok_ = EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
          EGifPutExtensionBlock(gif_, 11, kApp) == GIF_OK &&
          EGifPutExtensionBlock(gif_, 3, kLoop) == GIF_OK &&
          EGifPutExtensionTrailer(gif_) == GIF_OK;
  }
  void control(int disposal, int delay, int transparent_index) {
    if (!ok()) return;
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = disposal;
    gcb.UserInputFlag = false;
    gcb.DelayTime = delay;
    gcb.TransparentColor = transparent_index;
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    ok_ = EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK;
  }
  void image(const Rect& r, std::vector<std::uint8_t>& pixels) {
    if (!ok()) return;
    ok_ = EGifPutImageDesc(gif_, r.x, r.y, r.w, r.h, false, nullptr) == GIF_OK &&
          EGifPutLine(gif_, pixels.data(), r.w * r.h) == GIF_OK;
  }
  // Closes the stream; returns false when giflib reported a failure at any point.
  bool finish(std::vector<std::uint8_t>& out) {
    if (!gif_) return false;
    int error = 0;
    bool closed = EGifCloseFile(gif_, &error) == GIF_OK;
    gif_ = nullptr;
    if (!closed || !ok_) return false;
    out = std::move(bytes_);
    return true;
  }

 private:
  static ColorMapObject* make_map(const std::vector<std::uint32_t>& colours, int bpp) {
    std::vector<GifColorType> entries(static_cast<std::size_t>(1) << bpp, GifColorType{0, 0, 0});
    for (std::size_t i = 0; i < colours.size() && i < entries.size(); ++i) {
      entries[i].Red = static_cast<GifByteType>(colours[i] >> 16);
      entries[i].Green = static_cast<GifByteType>(colours[i] >> 8);
      entries[i].Blue = static_cast<GifByteType>(colours[i]);
    }
    return GifMakeMapObject(static_cast<int>(entries.size()), entries.data());
  }

  std::vector<std::uint8_t> bytes_;
  GifFileType* gif_ = nullptr;
  bool ok_ = true;
};

// --- the LZW-aware choice of "don't care" pixels ------------------------------------------

// Mirrors giflib's LZW dictionary (a code per known string, reset with a clear code when
// code 4095 would be assigned) to choose, for each pixel that may be either its colour or
// transparent, the value that extends the current dictionary match furthest. The choice only
// shapes the pixels; their encoded size is then measured by giflib itself.
class WildcardChooser {
 public:
  explicit WildcardChooser(int bpp) {
    int code_size = std::max(2, bpp);
    clear_ = 1 << code_size;
    table_.assign(kSlots, Node{});
    memo_len_.assign(4096, 0);
    memo_stamp_.assign(4096, 0);
  }

  // `value[i]` is the pixel; when `flexible[i]`, the transparent index `clear_index` is
  // allowed instead. Returns the chosen pixels.
  std::vector<std::uint8_t> choose(const std::vector<std::uint8_t>& value,
                                   const std::vector<std::uint8_t>& flexible,
                                   std::uint8_t clear_index, bool transparent_first) {
    value_ = &value;
    flexible_ = &flexible;
    clear_index_ = clear_index;
    transparent_first_ = transparent_first;
    reset();
    std::vector<std::uint8_t> out(value.size());
    std::size_t pos = 0;
    int prev_code = -1;
    while (pos < value.size()) {
      std::uint8_t first = best_root(pos);
      if (prev_code >= 0) add(prev_code, first);
      // Walk the longest match from the chosen root, following memoised lengths.
      ++dfs_stamp_;
      int code = first;
      out[pos] = first;
      std::size_t p = pos + 1;
      extension(code, p);
      while (p < value.size()) {
        int best_child = -1;
        std::uint8_t best_pixel = 0;
        int best_len = -1;
        for (std::uint8_t o : options(p)) {
          int c = find(code, o);
          if (c < 0) continue;
          int len = extension(c, p + 1);
          if (len > best_len) {
            best_len = len;
            best_child = c;
            best_pixel = o;
          }
        }
        if (best_child < 0) break;
        code = best_child;
        out[p++] = best_pixel;
      }
      prev_code = code;
      pos = p;
    }
    return out;
  }

 private:
  struct Options {
    std::uint8_t value[2];
    int count;
    const std::uint8_t* begin() const { return value; }
    const std::uint8_t* end() const { return value + count; }
  };
  // The allowed values at `pos`, preferred first.
  Options options(std::size_t pos) const {
    std::uint8_t v = (*value_)[pos];
    if (!(*flexible_)[pos] || v == clear_index_) return {{v, v}, 1};
    if (transparent_first_) return {{clear_index_, v}, 2};
    return {{v, clear_index_}, 2};
  }
  std::uint8_t best_root(std::size_t pos) {
    ++dfs_stamp_;
    std::uint8_t best = (*value_)[pos];
    int best_len = -1;
    for (std::uint8_t o : options(pos)) {
      int len = extension(o, pos + 1);
      if (len > best_len) {
        best_len = len;
        best = o;
      }
    }
    return best;
  }
  // How many more pixels from `pos` on can follow the string `code` (memoised per search).
  int extension(int code, std::size_t pos) {
    auto c = static_cast<std::size_t>(code);
    if (memo_stamp_[c] == dfs_stamp_) return memo_len_[c];
    int best = 0;
    if (pos < value_->size()) {
      for (std::uint8_t o : options(pos)) {
        int child = find(code, o);
        if (child >= 0) best = std::max(best, 1 + extension(child, pos + 1));
      }
    }
    memo_stamp_[c] = dfs_stamp_;
    memo_len_[c] = best;
    return best;
  }
  static std::uint32_t key_of(int code, std::uint8_t pixel) {
    return static_cast<std::uint32_t>(code) << 8 | pixel;
  }
  static std::size_t slot_of(std::uint32_t key) {
    return static_cast<std::size_t>((key * 2654435761u) >> (32 - kSlotBits));
  }
  int find(int code, std::uint8_t pixel) const {
    const std::uint32_t key = key_of(code, pixel);
    for (std::size_t i = slot_of(key);; i = (i + 1) & (kSlots - 1)) {
      const Node& n = table_[i];
      if (n.stamp != generation_) return -1;
      if (n.key == key) return n.child;
    }
  }
  void add(int code, std::uint8_t pixel) {
    if (next_code_ >= 4095) {  // giflib emits a clear code instead of assigning 4095
      reset();
      return;
    }
    const std::uint32_t key = key_of(code, pixel);
    std::size_t i = slot_of(key);
    while (table_[i].stamp == generation_)
      i = (i + 1) & (kSlots - 1);
    table_[i] = {generation_, key, static_cast<std::uint16_t>(next_code_++)};
  }
  void reset() {
    ++generation_;
    next_code_ = clear_ + 2;
  }

  int clear_ = 0;
  int next_code_ = 0;
  std::uint32_t generation_ = 0;
  std::uint32_t dfs_stamp_ = 0;
  // The dictionary: string `code` + pixel -> its code, in an open-addressing hash table
  // (at most 4096 entries in 2^14 slots, small enough to stay in cache); a slot is in
  // use when stamped with the current generation, so a reset clears it at once.
  static constexpr int kSlotBits = 14;
  static constexpr std::size_t kSlots = std::size_t{1} << kSlotBits;
  struct Node {
    std::uint32_t stamp = 0;
    std::uint32_t key = 0;  // code << 8 | pixel
    std::uint16_t child = 0;
  };
  std::vector<Node> table_;
  std::vector<int> memo_len_;
  std::vector<std::uint32_t> memo_stamp_;
  const std::vector<std::uint8_t>* value_ = nullptr;
  const std::vector<std::uint8_t>* flexible_ = nullptr;
  std::uint8_t clear_index_ = 0;
  bool transparent_first_ = false;
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

class Optimiser {
 public:
  // `fixed_transparent` >= 0: that index (unused by any colour) is every frame's
  // transparent index. Otherwise each frame picks an index its drawn pixels do not use.
  Optimiser(int w, int h, int bpp, int fixed_transparent, const std::vector<std::uint32_t>& colours)
      : w_(w),
        h_(h),
        bpp_(bpp),
        fixed_transparent_(fixed_transparent),
        colours_(colours),
        chooser_(bpp),
        chooser2_(bpp) {}

  // True when `target` can be drawn over `start` (a GIF frame cannot make a pixel
  // transparent again).
  bool feasible(const Canvas& start, const Canvas& target) const {
    for (std::size_t i = 0; i < start.size(); ++i) {
      if (start[i] != kClear && target[i] == kClear) return false;
    }
    return true;
  }

  Rect diff_rect(const Canvas& a, const Canvas& b) const { return changed_rect(a, b, w_, h_); }

  // The pixels where `start` is opaque and `target` transparent.
  Rect must_clear_rect(const Canvas& start, const Canvas& target) const {
    Canvas marks(start.size(), 0);
    Canvas none(start.size(), 0);
    for (std::size_t i = 0; i < start.size(); ++i) {
      marks[i] = start[i] != kClear && target[i] == kClear;
    }
    return diff_rect(marks, none);
  }

  // The smallest encoding of `target` drawn over `start`, within `forced` when given
  // (else the rectangle of changed pixels).
  // `quick`: only the cheapest candidate (unchanged pixels transparent), to rank disposals.
  Encoding best(const Canvas& start, const Canvas& target, Rect forced = {}, bool quick = false) {
    Rect r = forced.empty() ? diff_rect(start, target) : forced;
    if (r.empty()) return unchanged(target);
    const Usage use = usage(start, target, r);
    bool literal_ok = true;
    const int clear = transparent_index(use, literal_ok);
    const std::size_t n = use.flexible.size();
    Encoding best;
    best.rect = r;
    if (clear < 0) {
      // Every index is drawn: only a frame without transparency can be stored.
      if (use.needs_transparency) {
        best.ok = false;
        best.size = std::numeric_limits<std::size_t>::max();
        return best;
      }
      best.pixels.resize(n);
      for (std::size_t i = 0; i < n; ++i)
        best.pixels[i] = target_at(target, r, i);
      best.size = measure(r, best.pixels);
      return best;
    }
    const auto c = static_cast<std::uint8_t>(clear);
    std::vector<std::uint8_t> literal(n), masked(n);
    for (std::size_t i = 0; i < n; ++i) {
      std::uint8_t t = target_at(target, r, i);
      std::uint8_t v = t == kClear ? c : t;
      literal[i] = v;
      masked[i] = use.flexible[i] ? c : v;
    }
    // The candidates, in the order ties are settled: unchanged pixels transparent, the
    // chooser's two preferences, the literal pixels. The smallest encoding wins.
    std::vector<std::vector<std::uint8_t>> variants;
    variants.push_back(std::move(masked));
    std::vector<std::size_t> sizes(quick ? 1 : 4, std::numeric_limits<std::size_t>::max());
    if (!quick) {
      variants.resize(4);
      // The chooser's second preference (and its size) on the other core when the
      // rectangle is large enough to pay for a thread; the result is the same either way.
      auto second = [&] {
        variants[2] = chooser2_.choose(literal, use.flexible, c, true);
        sizes[2] = measure(r, variants[2]);
      };
      std::thread worker;
      if (n >= kThreadedPixels) {
        worker = std::thread(second);
      }
      variants[1] = chooser_.choose(literal, use.flexible, c, false);
      sizes[1] = measure(r, variants[1]);
      if (literal_ok) {
        // giflib masks the line it is given in place, and the worker reads `literal`:
        // measure a copy.
        std::vector<std::uint8_t> copy = literal;
        sizes[3] = measure(r, copy);
      }
      sizes[0] = measure(r, variants[0]);
      if (worker.joinable()) {
        worker.join();
      } else {
        second();
      }
      if (literal_ok) {
        variants[3] = std::move(literal);
      } else {
        variants.pop_back();
      }
    } else {
      sizes[0] = measure(r, variants[0]);
    }
    best.transparent = clear;
    for (std::size_t k = 0; k < variants.size(); ++k) {
      if (best.pixels.empty() || sizes[k] < best.size) {
        best.size = sizes[k];
        best.pixels = std::move(variants[k]);
      }
    }
    return best;
  }

  // `canvas` with `r` made transparent.
  Canvas cleared(Canvas canvas, const Rect& r) const {
    for (int y = r.y; y < r.y + r.h; ++y) {
      for (int x = r.x; x < r.x + r.w; ++x) {
        canvas[static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) +
               static_cast<std::size_t>(x)] = kClear;
      }
    }
    return canvas;
  }

 private:
  // What a frame's rectangle draws: the indices of all its pixels and of the changed
  // ones, whether it shows transparency, and which pixels are unchanged (`flexible`: any
  // value that shows the same is fine there), row-major within the rectangle.
  struct Usage {
    bool used_all[256] = {};
    bool used_changed[256] = {};
    bool needs_transparency = false;
    std::vector<std::uint8_t> flexible;
  };

  Usage usage(const Canvas& start, const Canvas& target, const Rect& r) const {
    Usage use;
    use.flexible.resize(static_cast<std::size_t>(r.w) * static_cast<std::size_t>(r.h));
    for (int y = 0; y < r.h; ++y) {
      for (int x = 0; x < r.w; ++x) {
        std::size_t src = static_cast<std::size_t>(r.y + y) * static_cast<std::size_t>(w_) +
                          static_cast<std::size_t>(r.x + x);
        std::uint8_t t = target[src];
        bool same = start[src] == t;
        if (t == kClear) {
          use.needs_transparency = true;
        } else {
          use.used_all[t] = true;
          if (!same) use.used_changed[t] = true;
        }
        use.flexible[static_cast<std::size_t>(y) * static_cast<std::size_t>(r.w) +
                     static_cast<std::size_t>(x)] = same;
      }
    }
    return use;
  }

  // The transparent index: the fixed one, else the lowest index the rectangle does not
  // use, else the lowest its changed pixels do not use (then unchanged pixels of that
  // colour must be written transparent, which shows the same colour: `literal_ok` false).
  // -1 when every index is drawn.
  int transparent_index(const Usage& use, bool& literal_ok) const {
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
  Encoding unchanged(const Canvas& target) {
    Encoding e;
    e.rect = {0, 0, 1, 1};
    std::uint8_t shown = target[0];
    e.transparent = fixed_transparent_ >= 0 ? fixed_transparent_ : (shown == 0 ? 1 : 0);
    e.pixels = {shown == kClear ? static_cast<std::uint8_t>(e.transparent) : shown};
    e.size = measure(e.rect, e.pixels);
    return e;
  }

  // The encoded size of one image with giflib (a whole minimal GIF; the constant overhead
  // does not change comparisons).
  std::size_t measure(const Rect& r, std::vector<std::uint8_t>& pixels) {
    GifWriter writer;
    writer.screen(w_, h_, 0, colours_, bpp_);
    writer.image(r, pixels);
    std::vector<std::uint8_t> out;
    if (!writer.finish(out)) return std::numeric_limits<std::size_t>::max();
    return out.size();
  }

  std::uint8_t target_at(const Canvas& target, const Rect& r, std::size_t i) const {
    std::size_t x = i % static_cast<std::size_t>(r.w), y = i / static_cast<std::size_t>(r.w);
    return target[(static_cast<std::size_t>(r.y) + y) * static_cast<std::size_t>(w_) +
                  static_cast<std::size_t>(r.x) + x];
  }

  int w_, h_, bpp_;
  int fixed_transparent_;
  const std::vector<std::uint32_t>& colours_;
  // One chooser per core: best() runs the chooser's two preferences side by side.
  WildcardChooser chooser_;
  WildcardChooser chooser2_;
  // Rectangles of fewer pixels are cheaper to choose on one thread than to hand over.
  static constexpr std::size_t kThreadedPixels = 4096;
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
      : opt_(w, h, bpp, fixed_transparent, colours),
        empty_(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), kClear) {
    writer_.screen(w, h, std::max(0, fixed_transparent), colours, bpp);
    writer_.loop_forever();
    if (!writer_.ok()) failed_ = true;
  }

  bool failed() const { return failed_; }
  std::size_t bytes() const { return writer_.size(); }

  // The first distinct frame.
  void first(const Canvas& target) {
    if (failed_) return;
    prev_.encoding = opt_.best(empty_, target);
    if (!prev_.encoding.ok) fail();
    prev_start_ = empty_;
  }

  // The next distinct frame, `target`, after `before`; the previous frame (now written)
  // is shown for `prev_delay`.
  void next(const Canvas& before, const Canvas& target, int prev_delay) {
    if (failed_) return;
    bool found = false;
    Encoding chosen;
    Canvas chosen_start;
    // Rank the feasible disposals by their quick encoding, then search fully those within
    // 10% of the best (usually one): nearly all the size comes from the rectangle and the
    // choice of transparent pixels, and this keeps the search to a few encodes a frame.
    struct Option {
      int disposal;
      Canvas start;
      std::size_t quick_size;
    };
    std::vector<Option> options;
    std::size_t best_quick = std::numeric_limits<std::size_t>::max();
    for (int disposal : {kDisposeNone, kDisposeBackground, kDisposePrevious}) {
      Canvas s = disposal == kDisposeNone         ? before
                 : disposal == kDisposeBackground ? opt_.cleared(before, prev_.encoding.rect)
                                                  : prev_start_;
      if (!opt_.feasible(s, target)) continue;
      Encoding q = opt_.best(s, target, {}, true);
      if (!q.ok) continue;
      best_quick = std::min(best_quick, q.size);
      options.push_back({disposal, std::move(s), q.size});
    }
    for (auto& option : options) {
      if (option.quick_size > best_quick + best_quick / 10) continue;
      Encoding e = opt_.best(option.start, target);
      if (!e.ok) continue;
      if (!found || e.size < chosen.size) {
        found = true;
        chosen = std::move(e);
        chosen_start = std::move(option.start);
        prev_.disposal = option.disposal;
      }
    }
    if (!found) {
      // Pixels must turn transparent outside what the previous frame covered: widen the
      // previous frame to cover them and dispose of it to background.
      Rect grown = unite(prev_.encoding.rect, opt_.must_clear_rect(before, target));
      prev_.encoding = opt_.best(prev_start_, before, grown);
      prev_.disposal = kDisposeBackground;
      chosen_start = opt_.cleared(before, grown);
      chosen = opt_.best(chosen_start, target);
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
  Emitted prev_;       // the frame not yet written (its disposal and delay come next)
  Canvas prev_start_;  // the canvas it is drawn over
  bool failed_ = false;
};

}  // namespace

diag::Result<std::vector<int>> gif_delays(const std::vector<Duration>& durations) {
  diag::Result<Units> units = to_units(durations);
  if (!units) return units.error;
  return delays_from_units(units.value.amounts, units.value.denominator);
}

struct GifEncoder::Impl {
  explicit Impl(const GifOptions& o) : options(o) {}

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
    mapper = std::make_unique<PaletteMapper>(colours);
    const int n = static_cast<int>(colours.size());
    int bpp = 1;
    while ((1 << bpp) < n)
      ++bpp;
    for (int attempt = bpp; attempt <= std::min(8, bpp + 1); ++attempt) {
      if (attempt > bpp && (1 << bpp) > n) break;
      const int fixed = (1 << attempt) > n ? n : -1;
      attempts.push_back(std::make_unique<Attempt>(w, h, attempt, fixed, colours));
    }
  }

  // The frame's palette indices; false when a colour is missing from an exact palette
  // (the frame was not counted).
  bool map(const std::vector<std::uint32_t>& flat, Canvas& indices) {
    indices.resize(flat.size());
    std::uint32_t run_colour = kClearPixel;  // the last colour looked up, and its index
    std::uint8_t run_index = kClear;
    for (std::size_t i = 0; i < flat.size(); ++i) {
      std::uint32_t p = flat[i];
      if (p == kClearPixel) {
        indices[i] = kClear;
      } else if (exact) {
        if (p != run_colour) {
          auto it = std::lower_bound(colours.begin(), colours.end(), p);
          if (it == colours.end() || *it != p) return false;
          run_colour = p;
          run_index = static_cast<std::uint8_t>(it - colours.begin());
        }
        indices[i] = run_index;
      } else {
        indices[i] = mapper->map(p, static_cast<int>(i % static_cast<std::size_t>(w)),
                                 static_cast<int>(i / static_cast<std::size_t>(w)), options.dither);
      }
    }
    return true;
  }

  GifOptions options;
  int w = 0, h = 0;
  std::size_t frames = 0;  // frames given in this pass
  std::size_t counted_frames = 0;
  bool started = false;
  bool shown = false;  // a frame of non-zero duration was counted
  std::vector<ColourCount> histogram;
  bool exact = true;
  std::vector<std::uint32_t> colours;
  std::unique_ptr<PaletteMapper> mapper;
  std::vector<std::unique_ptr<Attempt>> attempts;
  UnitClock clock;         // the second pass's durations
  DelayClock delays;       // and the delays of the distinct frames
  bool have_last = false;  // a distinct frame was seen
  Canvas last;             // the last distinct frame's indices
  Canvas target;           // scratch: the frame being added
  Wide last_amount = 0;    // how long it is shown so far, in clock units
  std::string error;       // the first failure, after which nothing more is done
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
  merge_histograms(m.histogram, colour_histogram(flatten(image, m.options), kClearPixel));
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
  // Identical consecutive frames merge: their durations add.
  if (!m.map(flatten(image, m.options), m.target)) {
    return failed("a frame added has a colour no frame counted has");
  }
  if (m.have_last && m.target == m.last) {
    m.last_amount += amount.value;
    return {};
  }
  if (m.have_last) {
    diag::Result<int> delay = m.delays.next(m.last_amount, m.clock.denominator());
    if (!delay) return failed(delay.error.message);
    for (auto& a : m.attempts)
      a->next(m.last, m.target, delay.value);
  } else {
    for (auto& a : m.attempts)
      a->first(m.target);
  }
  std::swap(m.last, m.target);
  m.last_amount = amount.value;
  m.have_last = true;
  return {};
}

std::size_t GifEncoder::output_bytes() const {
  std::size_t total = 0;
  for (const auto& a : impl_->attempts)
    if (!a->failed()) total += a->bytes();
  return total;
}

diag::Result<std::vector<std::uint8_t>> GifEncoder::finish() {
  Impl& m = *impl_;
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
