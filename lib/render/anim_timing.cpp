#include "anim_timing.hpp"

#include <climits>
#include <cstdint>
#include <numeric>

namespace spritec::render {

diag::Result<Units> to_units(const std::vector<Duration>& durations) {
  constexpr std::int64_t kMaxDenominator = std::int64_t{1} << 62;
  std::int64_t lcm = 1;
  std::vector<Duration> reduced;
  reduced.reserve(durations.size());
  for (const Duration& d : durations) {
    if (d.den <= 0 || d.num < 0) {
      return diag::fail("invalid frame duration " + std::to_string(d.num) + "/" +
                        std::to_string(d.den));
    }
    std::int64_t g = d.num == 0 ? d.den : std::gcd(d.num, d.den);
    Duration r{d.num / g, d.den / g};
    std::int64_t step = r.den / std::gcd(lcm, r.den);
    if (lcm > kMaxDenominator / step) {
      return diag::fail("frame durations have no common denominator below 2^62");
    }
    lcm *= step;
    reduced.push_back(r);
  }
  Units units;
  units.denominator = lcm;
  for (const Duration& r : reduced)
    units.amounts.push_back(Wide{r.num} * (lcm / r.den));
  return units;
}

diag::Result<Wide> UnitClock::amount(const Duration& d, std::initializer_list<Wide*> held) {
  constexpr std::int64_t kMaxDenominator = std::int64_t{1} << 62;
  if (d.den <= 0 || d.num < 0) {
    return diag::fail("invalid frame duration " + std::to_string(d.num) + "/" +
                      std::to_string(d.den));
  }
  std::int64_t g = d.num == 0 ? d.den : std::gcd(d.num, d.den);
  Duration r{d.num / g, d.den / g};
  std::int64_t step = r.den / std::gcd(lcm_, r.den);
  if (lcm_ > kMaxDenominator / step) {
    return diag::fail("frame durations have no common denominator below 2^62");
  }
  if (step > 1) {
    lcm_ *= step;
    for (Wide* v : held)
      *v *= step;
  }
  return Wide{r.num} * (lcm_ / r.den);
}

diag::Result<int> DelayClock::next(Wide amount, Wide denominator) {
  end_ += amount;
  Wide ideal = (end_ * 200 + denominator) / (2 * denominator);
  Wide this_end = ideal < shown_end_ + 2 ? shown_end_ + 2 : ideal;
  if (this_end > INT_MAX) {
    return diag::fail("animation longer than the GIF delays can count");
  }
  int delay = static_cast<int>(this_end - shown_end_);
  shown_end_ = this_end;
  return delay;
}

diag::Result<std::vector<int>> delays_from_units(const std::vector<Wide>& amounts,
                                                 Wide denominator) {
  std::vector<int> out;
  Wide end = 0;
  Wide shown_end = 0;  // where the previous frame actually ended, in centiseconds
  for (Wide amount : amounts) {
    end += amount;
    if (amount == 0) {
      out.push_back(0);
      continue;
    }
    // round(end * 100 / denominator), halves up.
    Wide ideal = (end * 200 + denominator) / (2 * denominator);
    Wide this_end = ideal < shown_end + 2 ? shown_end + 2 : ideal;
    if (this_end > INT_MAX) {
      return diag::fail("animation longer than the GIF delays can count");
    }
    out.push_back(static_cast<int>(this_end - shown_end));
    shown_end = this_end;
  }
  return out;
}

diag::Status<> FrameChecker::check(const image::Image& img) {
  const std::size_t i = frames_++;
  if (i == 0) {
    w_ = img.width;
    h_ = img.height;
    if (w_ < 1 || h_ < 1 || w_ > max_side_ || h_ > max_side_) {
      return diag::fail("frame size " + std::to_string(w_) + "x" + std::to_string(h_) +
                        " is outside 1.." + std::to_string(max_side_));
    }
  } else if (img.width != w_ || img.height != h_) {
    return diag::fail("frame " + std::to_string(i) + " is " + std::to_string(img.width) + "x" +
                      std::to_string(img.height) + ", frame 0 is " + std::to_string(w_) + "x" +
                      std::to_string(h_));
  }
  if (img.rgba.size() != static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_) * 4) {
    return diag::fail("frame " + std::to_string(i) + " has a pixel buffer of the wrong size");
  }
  return {};
}

diag::Status<> check_frames(const std::vector<AnimFrame>& frames, int max_side) {
  if (frames.empty()) return diag::fail("no frames to encode");
  FrameChecker checker(max_side);
  bool shown = false;
  for (const AnimFrame& frame : frames) {
    if (diag::Status<> ok = checker.check(frame.image); !ok) return ok;
    if (frame.duration.num > 0) shown = true;
  }
  if (!shown) return diag::fail("every frame has a zero duration");
  return {};
}

diag::Result<Units> check_and_time(const std::vector<AnimFrame>& frames, int max_side) {
  if (diag::Status<> checked = check_frames(frames, max_side); !checked) return checked.error;
  std::vector<Duration> durations;
  for (const auto& f : frames)
    durations.push_back(f.duration);
  return to_units(durations);
}

}  // namespace spritec::render
