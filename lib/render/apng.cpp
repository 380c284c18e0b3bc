#include "spritec/render/apng.hpp"
#include "spritec/geom/geom.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <string>
#include <utility>

#include "anim_timing.hpp"
#include "spritec/image/image.hpp"
#include "spritec/image/png_filter.hpp"

namespace spritec::render {
namespace {

constexpr int kMaxApngSide = 65535;
// Candidates are compared at this level; the chosen one is compressed at the caller's.
constexpr int kTrialLevel = 6;

enum : std::uint8_t { kDisposeNone = 0, kDisposeBackground = 1, kDisposePrevious = 2 };
enum : std::uint8_t { kBlendSource = 0, kBlendOver = 1 };

using geom::Rect;

// A canvas of pixels packed as r | g << 8 | b << 16 | a << 24; alpha 0 is always 0.
using RgbaCanvas = std::vector<std::uint32_t>;

std::uint32_t alpha_of(std::uint32_t p) {
  return p >> 24;
}

RgbaCanvas to_canvas(const image::Image& img) {
  std::size_t n = static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height);
  RgbaCanvas c(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t* p = &img.rgba[4 * i];
    c[i] = p[3] == 0 ? 0u
                     : static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
                           static_cast<std::uint32_t>(p[2]) << 16 |
                           static_cast<std::uint32_t>(p[3]) << 24;
  }
  return c;
}

// PNG scanlines (a filter byte before each row) of RGBA rows; `adaptive` picks each row's
// filter by the smallest sum of absolute signed bytes, else every row is unfiltered.
std::vector<std::uint8_t> filter_rows(const std::vector<std::uint8_t>& raw, int w, int h,
                                      bool adaptive) {
  const std::size_t stride = static_cast<std::size_t>(w) * 4;
  std::vector<std::uint8_t> out;
  out.reserve((stride + 1) * static_cast<std::size_t>(h));
  std::vector<std::uint8_t> scratch;
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* cur = raw.data() + static_cast<std::size_t>(y) * stride;
    const std::size_t at = out.size();
    out.push_back(0);
    out.insert(out.end(), cur, cur + stride);
    if (adaptive) {
      image::filter_row_adaptive(out.data() + at, y > 0 ? cur - stride : nullptr, stride, 4,
                                 scratch);
    }
  }
  return out;
}

struct Compressors {
  libdeflate_compressor* trial = nullptr;
  libdeflate_compressor* final = nullptr;
  ~Compressors() {
    if (trial) libdeflate_free_compressor(trial);
    if (final && final != trial) libdeflate_free_compressor(final);
  }
};

// One stored frame: its fcTL fields and its raw RGBA rows.
struct Plan {
  Rect rect;
  std::uint8_t dispose = kDisposeNone;
  std::uint8_t blend = kBlendSource;
  bool adaptive = false;  // the row filter strategy that compressed smaller
  std::vector<std::uint8_t> raw;
  std::size_t size = 0;  // trial-compressed size
};

class Planner {
 public:
  Planner(int w, int h, libdeflate_compressor* trial) : w_(w), h_(h), trial_(trial) {}

  Rect diff_rect(const RgbaCanvas& a, const RgbaCanvas& b) const {
    return changed_rect(a, b, w_, h_);
  }

  RgbaCanvas cleared(RgbaCanvas c, const Rect& r) const {
    for (int y = r.y; y < r.y + r.height; ++y) {
      for (int x = r.x; x < r.x + r.width; ++x)
        c[index(x, y)] = 0;
    }
    return c;
  }

  // The smallest way to turn `start` into `target` (`full`: the whole canvas, replacing).
  Plan best(const RgbaCanvas& start, const RgbaCanvas& target, bool full) {
    Rect r = full ? Rect{0, 0, w_, h_} : diff_rect(start, target);
    if (r.empty()) {
      // Nothing changes; the frame still needs a rectangle: one transparent pixel blended
      // over leaves the canvas as it is.
      Plan p;
      p.rect = {0, 0, 1, 1};
      p.blend = kBlendOver;
      p.raw.assign(4, 0);
      measure(p);
      return p;
    }
    Plan source;
    source.rect = r;
    source.blend = kBlendSource;
    Plan over_plan;
    over_plan.rect = r;
    over_plan.blend = kBlendOver;
    // "Over" reproduces the target exactly only where every changed pixel is opaque (an
    // opaque source replaces; a transparent one leaves the canvas alone).
    bool over_ok = !full;
    for (int y = r.y; y < r.y + r.height; ++y) {
      for (int x = r.x; x < r.x + r.width; ++x) {
        std::uint32_t t = target[index(x, y)];
        bool changed = start[index(x, y)] != t;
        if (changed && alpha_of(t) != 255) over_ok = false;
        push(source.raw, t);
        push(over_plan.raw, changed ? t : 0u);
      }
    }
    measure(source);
    if (!over_ok) return source;
    measure(over_plan);
    return over_plan.size < source.size ? std::move(over_plan) : std::move(source);
  }

 private:
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) + static_cast<std::size_t>(x);
  }
  static void push(std::vector<std::uint8_t>& raw, std::uint32_t p) {
    raw.push_back(static_cast<std::uint8_t>(p));
    raw.push_back(static_cast<std::uint8_t>(p >> 8));
    raw.push_back(static_cast<std::uint8_t>(p >> 16));
    raw.push_back(static_cast<std::uint8_t>(p >> 24));
  }
  // Candidates are ranked with adaptive filtering only; refine() then tries the unfiltered
  // rows on the one kept (pixel art often deflates better unfiltered).
  void measure(Plan& p) {
    p.adaptive = true;
    p.size =
        image::zlib_compress(trial_, filter_rows(p.raw, p.rect.width, p.rect.height, true)).size();
  }

 public:
  void refine(Plan& p) {
    std::size_t plain =
        image::zlib_compress(trial_, filter_rows(p.raw, p.rect.width, p.rect.height, false)).size();
    if (plain < p.size) {
      p.adaptive = false;
      p.size = plain;
    }
  }

 private:
  int w_, h_;
  libdeflate_compressor* trial_;
};

// --- chunks ----------------------------------------------------------------------------------

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  out.push_back(static_cast<std::uint8_t>(v >> 24));
  out.push_back(static_cast<std::uint8_t>(v >> 16));
  out.push_back(static_cast<std::uint8_t>(v >> 8));
  out.push_back(static_cast<std::uint8_t>(v));
}
void put16(std::vector<std::uint8_t>& out, std::uint16_t v) {
  out.push_back(static_cast<std::uint8_t>(v >> 8));
  out.push_back(static_cast<std::uint8_t>(v));
}

void chunk(std::vector<std::uint8_t>& out, const char type[4],
           const std::vector<std::uint8_t>& data) {
  put32(out, static_cast<std::uint32_t>(data.size()));
  std::size_t type_at = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  std::uint32_t crc = libdeflate_crc32(0, out.data() + type_at, out.size() - type_at);
  put32(out, crc);
}

Wide gcd_wide(Wide a, Wide b) {
  while (b != 0) {
    Wide t = a % b;
    a = b;
    b = t;
  }
  return a;
}

// |a/b - c/d| compared with |a/b - e/f| (all positive denominators): true when the first
// is strictly smaller.
bool closer(Wide a, Wide b, Wide c, Wide d, Wide e, Wide f) {
  // |a*d - c*b| / (b*d) < |a*f - e*b| / (b*f)  <=>  |a*d - c*b| * f < |a*f - e*b| * d
  Wide l = a * d - c * b, r = a * f - e * b;
  if (l < 0) l = -l;
  if (r < 0) r = -r;
  return l * f < r * d;
}

Fraction16 closest_fraction_wide(Wide num, Wide den) {
  constexpr Wide kMax = 65535;
  Wide g = gcd_wide(num, den);
  if (g > 1) {
    num /= g;
    den /= g;
  }
  if (num <= kMax && den <= kMax) {
    return {static_cast<std::uint16_t>(num), static_cast<std::uint16_t>(den)};
  }
  // Continued fraction convergents p/q of num/den, stopping before a bound is passed, then
  // the best semiconvergent between the last two.
  Wide p0 = 0, q0 = 1, p1 = 1, q1 = 0;
  Wide a = num, b = den;
  while (b != 0) {
    Wide c = a / b;
    Wide p2 = c * p1 + p0, q2 = c * q1 + q0;
    if (p2 > kMax || q2 > kMax) {
      Wide t = c;
      if (p1 > 0) t = std::min(t, (kMax - p0) / p1);
      if (q1 > 0) t = std::min(t, (kMax - q0) / q1);
      Wide ps = t * p1 + p0, qs = t * q1 + q0;
      if (qs > 0 && (q1 == 0 || closer(num, den, ps, qs, p1, q1))) {
        p1 = ps;
        q1 = qs;
      }
      break;
    }
    p0 = p1;
    q0 = q1;
    p1 = p2;
    q1 = q2;
    Wide rem = a - c * b;
    a = b;
    b = rem;
  }
  if (q1 == 0) return {65535, 1};
  if (p1 == 0 && num > 0) return {1, 65535};  // never turn a shown frame into "no delay"
  return {static_cast<std::uint16_t>(p1), static_cast<std::uint16_t>(q1)};
}

}  // namespace

Fraction16 closest_fraction16(std::int64_t num, std::int64_t den) {
  if (den <= 0 || num < 0) return {0, 1};
  if (num == 0) return {0, 1};
  return closest_fraction_wide(num, den);
}

// Frame 0 is the default image (IDAT) and covers the canvas. For each later distinct frame,
// each dispose_op of the previous frame is tried and the one that stores this frame
// smallest kept; the previous frame is then written, its fcTL's delay the merged duration
// of its run of identical frames. Chunks: signature, IHDR, acTL, then per frame an fcTL
// and its pixels (IDAT for the first, fdAT after), IEND. acTL's frame count is written
// as 0 and set by finish(), when it is known.
struct ApngEncoder::Impl {
  explicit Impl(const ApngOptions& options) {
    int level = std::min(12, std::max(1, options.compression_level));
    compressors.trial = libdeflate_alloc_compressor(std::min(level, kTrialLevel));
    compressors.final =
        level <= kTrialLevel ? compressors.trial : libdeflate_alloc_compressor(level);
  }

  // Checks a frame against the first one; fails as check_frames does.
  diag::Status<> check(const image::Image& img) {
    diag::Status<> ok = checker.check(img);
    w = checker.width();  // the first frame's
    h = checker.height();
    return ok;
  }

  void header() {
    out.assign(std::begin(image::kPngSignature), std::end(image::kPngSignature));
    std::vector<std::uint8_t> data;
    put32(data, static_cast<std::uint32_t>(w));
    put32(data, static_cast<std::uint32_t>(h));
    data.insert(data.end(), {8, 6, 0, 0, 0});  // 8-bit RGBA, deflate, adaptive, no interlace
    chunk(out, "IHDR", data);
    data.clear();
    actl_at = out.size();
    put32(data, 0);  // the frame count, set by finish()
    put32(data, 0);  // loop forever
    chunk(out, "acTL", data);
  }

  // The next distinct frame, `target`, after `last`: plans it, then writes the previous one.
  bool next(const RgbaCanvas& target) {
    Plan chosen;
    RgbaCanvas chosen_start;
    bool found = false;
    for (std::uint8_t dispose : {kDisposeNone, kDisposeBackground, kDisposePrevious}) {
      // A first frame's "previous" means "background" (APNG spec); skip it there.
      if (dispose == kDisposePrevious && written == 0) continue;
      RgbaCanvas s = dispose == kDisposeNone         ? last
                     : dispose == kDisposeBackground ? planner->cleared(last, prev.rect)
                                                     : prev_start;
      Plan p = planner->best(s, target, false);
      if (!found || p.size < chosen.size) {
        found = true;
        chosen = std::move(p);
        chosen_start = std::move(s);
        prev.dispose = dispose;
      }
    }
    planner->refine(chosen);
    if (!write(prev, last_amount)) return false;
    prev = std::move(chosen);
    prev_start = std::move(chosen_start);
    return true;
  }

  // An fcTL and the frame's pixels; false when they could not be compressed.
  bool write(const Plan& p, Wide amount) {
    Fraction16 delay = closest_fraction_wide(amount, clock.denominator());
    std::vector<std::uint8_t> data;
    put32(data, sequence++);
    put32(data, static_cast<std::uint32_t>(p.rect.width));
    put32(data, static_cast<std::uint32_t>(p.rect.height));
    put32(data, static_cast<std::uint32_t>(p.rect.x));
    put32(data, static_cast<std::uint32_t>(p.rect.y));
    put16(data, delay.num);
    put16(data, delay.den);
    data.push_back(p.dispose);
    data.push_back(p.blend);
    chunk(out, "fcTL", data);
    std::vector<std::uint8_t> stream = image::zlib_compress(
        compressors.final, filter_rows(p.raw, p.rect.width, p.rect.height, p.adaptive));
    if (stream.empty()) return false;
    if (written == 0) {
      chunk(out, "IDAT", stream);
    } else {
      data.clear();
      put32(data, sequence++);
      data.insert(data.end(), stream.begin(), stream.end());
      chunk(out, "fdAT", data);
    }
    ++written;
    return true;
  }

  Compressors compressors;
  std::unique_ptr<Planner> planner;
  int w = 0, h = 0;
  FrameChecker checker{kMaxApngSide};  // the frames given
  UnitClock clock;
  bool have_last = false;  // a distinct frame was seen
  RgbaCanvas last;         // the last distinct frame
  Wide last_amount = 0;    // how long it is shown so far, in clock units
  Plan prev;               // its plan, not yet written (its dispose_op comes next)
  RgbaCanvas prev_start;   // the canvas it is drawn over
  std::vector<std::uint8_t> out;
  std::size_t actl_at = 0;
  std::uint32_t sequence = 0;
  std::uint32_t written = 0;  // frames written
  std::string error;          // the first failure, after which nothing more is done
};

ApngEncoder::ApngEncoder(const ApngOptions& options) : impl_(std::make_unique<Impl>(options)) {}
ApngEncoder::~ApngEncoder() = default;

diag::Status<> ApngEncoder::add(const image::Image& image, const Duration& duration) {
  Impl& m = *impl_;
  if (!m.error.empty()) return diag::fail(m.error);
  auto failed = [&m](std::string why) -> diag::Status<> {
    m.error = std::move(why);
    return diag::fail(m.error);
  };
  if (diag::Status<> ok = m.check(image); !ok) return failed(ok.error.message);
  diag::Result<Wide> amount = m.clock.amount(duration, {&m.last_amount});
  if (!amount) return failed(amount.error.message);
  if (amount.value == 0) return {};  // never shown: dropped
  if (!m.compressors.trial || !m.compressors.final) {
    return failed("out of memory for the compressor");
  }
  RgbaCanvas target = to_canvas(image);
  // Identical consecutive frames merge: their durations add.
  if (m.have_last && target == m.last) {
    m.last_amount += amount.value;
    return {};
  }
  if (m.have_last) {
    if (!m.next(target)) return failed("libdeflate failed to compress a frame");
  } else {
    m.header();
    m.planner = std::make_unique<Planner>(m.w, m.h, m.compressors.trial);
    const RgbaCanvas empty(target.size(), 0);
    m.prev = m.planner->best(empty, target, true);
    m.planner->refine(m.prev);
    m.prev_start = empty;
  }
  m.last = std::move(target);
  m.last_amount = amount.value;
  m.have_last = true;
  return {};
}

std::size_t ApngEncoder::output_bytes() const {
  return impl_->out.size();
}

diag::Result<std::vector<std::uint8_t>> ApngEncoder::finish() {
  Impl& m = *impl_;
  if (!m.error.empty()) return diag::fail(m.error);
  if (m.checker.frames() == 0) return diag::fail("no frames to encode");
  if (!m.have_last) return diag::fail("every frame has a zero duration");
  if (!m.write(m.prev, m.last_amount)) return diag::fail("libdeflate failed to compress a frame");
  chunk(m.out, "IEND", {});
  // acTL's frame count, and its CRC (over the type and the data).
  std::vector<std::uint8_t> count;
  put32(count, m.written);
  std::copy(count.begin(), count.end(), m.out.begin() + static_cast<std::ptrdiff_t>(m.actl_at + 8));
  std::uint32_t crc = libdeflate_crc32(0, m.out.data() + m.actl_at + 4, 12);
  std::vector<std::uint8_t> crc_bytes;
  put32(crc_bytes, crc);
  std::copy(crc_bytes.begin(), crc_bytes.end(),
            m.out.begin() + static_cast<std::ptrdiff_t>(m.actl_at + 16));
  m.error = "the APNG was finished";
  return std::move(m.out);
}

diag::Result<std::vector<std::uint8_t>> encode_apng(const std::vector<AnimFrame>& frames,
                                                    const ApngOptions& options) {
  // Checked and timed whole first, so a bad input gives the error it always gave.
  diag::Result<Units> timed = check_and_time(frames, kMaxApngSide);
  if (!timed) return timed.error;
  ApngEncoder encoder(options);
  for (const AnimFrame& f : frames) {
    if (diag::Status<> ok = encoder.add(f.image, f.duration); !ok) return ok.error;
  }
  return encoder.finish();
}

}  // namespace spritec::render
