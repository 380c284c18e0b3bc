// Internal to spritec::render: exact frame timing shared by the GIF and APNG encoders.
#pragma once

#include <string>
#include <vector>

#include "spritec/render/anim_frame.hpp"

namespace spritec::render {

// Wide enough for sums of 64-bit durations scaled to a common denominator.
__extension__ typedef __int128 Wide;

// Durations on one common denominator: duration_i = amounts[i] / denominator seconds.
struct Units {
  std::vector<Wide> amounts;
  Wide denominator = 1;
};

// Fails (with a reason) on den <= 0, num < 0, or a common denominator above 2^62.
bool to_units(const std::vector<Duration>& durations, Units& units, std::string& why);

// GIF delays in centiseconds (gif_delays' rule) of durations given in units.
bool delays_from_units(const std::vector<Wide>& amounts, Wide denominator, std::vector<int>& out,
                       std::string& why);

// Checks that the frames are non-empty, equally sized, at most `max_side` a side, that
// their pixel buffers match their size, and that some frame has a non-zero duration.
bool check_frames(const std::vector<AnimFrame>& frames, int max_side, std::string& why);

// What every encoder does first: check_frames, then the frames' durations in units.
bool check_and_time(const std::vector<AnimFrame>& frames, int max_side, Units& units,
                    std::string& why);

}  // namespace spritec::render
