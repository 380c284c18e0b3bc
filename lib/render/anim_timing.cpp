#include "anim_timing.hpp"

#include <climits>
#include <cstdint>
#include <numeric>

namespace spritec::render {

bool to_units(const std::vector<Duration>& durations, Units& units, std::string& why) {
  constexpr std::int64_t kMaxDenominator = std::int64_t{1} << 62;
  std::int64_t lcm = 1;
  std::vector<Duration> reduced;
  reduced.reserve(durations.size());
  for (const Duration& d : durations) {
    if (d.den <= 0 || d.num < 0) {
      why = "invalid frame duration " + std::to_string(d.num) + "/" + std::to_string(d.den);
      return false;
    }
    std::int64_t g = d.num == 0 ? d.den : std::gcd(d.num, d.den);
    Duration r{d.num / g, d.den / g};
    std::int64_t step = r.den / std::gcd(lcm, r.den);
    if (lcm > kMaxDenominator / step) {
      why = "frame durations have no common denominator below 2^62";
      return false;
    }
    lcm *= step;
    reduced.push_back(r);
  }
  units.denominator = lcm;
  units.amounts.clear();
  for (const Duration& r : reduced)
    units.amounts.push_back(Wide{r.num} * (lcm / r.den));
  return true;
}

bool delays_from_units(const std::vector<Wide>& amounts, Wide denominator, std::vector<int>& out,
                       std::string& why) {
  out.clear();
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
      why = "animation longer than the GIF delays can count";
      return false;
    }
    out.push_back(static_cast<int>(this_end - shown_end));
    shown_end = this_end;
  }
  return true;
}

bool check_frames(const std::vector<AnimFrame>& frames, int max_side, std::string& why) {
  if (frames.empty()) {
    why = "no frames to encode";
    return false;
  }
  const int w = frames[0].image.width, h = frames[0].image.height;
  if (w < 1 || h < 1 || w > max_side || h > max_side) {
    why = "frame size " + std::to_string(w) + "x" + std::to_string(h) + " is outside 1.." +
          std::to_string(max_side);
    return false;
  }
  bool shown = false;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const auto& img = frames[i].image;
    if (img.width != w || img.height != h) {
      why = "frame " + std::to_string(i) + " is " + std::to_string(img.width) + "x" +
            std::to_string(img.height) + ", frame 0 is " + std::to_string(w) + "x" +
            std::to_string(h);
      return false;
    }
    if (img.rgba.size() != static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4) {
      why = "frame " + std::to_string(i) + " has a pixel buffer of the wrong size";
      return false;
    }
    if (frames[i].duration.num > 0) shown = true;
  }
  if (!shown) {
    why = "every frame has a zero duration";
    return false;
  }
  return true;
}

bool check_and_time(const std::vector<AnimFrame>& frames, int max_side, Units& units,
                    std::string& why) {
  if (!check_frames(frames, max_side, why)) return false;
  std::vector<Duration> durations;
  for (const auto& f : frames)
    durations.push_back(f.duration);
  return to_units(durations, units, why);
}

}  // namespace spritec::render
