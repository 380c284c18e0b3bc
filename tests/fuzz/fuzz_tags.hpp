// What an Aseprite source's tags must become under `tags: true`, written from the
// format's description (docs/definitions.md, "Tags as actions"), not from the loader:
// shared by fuzz_aseprite (tags of a .aseprite file) and fuzz_aseprite_json (meta.frameTags).
//
// - forward/reverse, repeat N: mode loop, repeat N, then hold, over from..to (to..from);
// - pingpong/pingpong_reverse, repeat 0: mode pingpong (loop for one frame), repeat 0;
// - pingpong/pingpong_reverse, repeat N: mode once over the N passes written out, each
//   pass one way, the turning frame not played twice (0..2 repeat 3: 0 1 2 1 0 1 2);
// - every step lasts its frame's milliseconds in ticks at 60/s: floor((ms*60+500)/1000),
//   at least 1;
// - the steps all tags make are at most def::kMaxTagSteps, counted before any is made: a
//   definition whose tags would make more is refused with E0230, and only then.
#pragma once

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "spritec/def/model.hpp"
#include "spritec/diag/diagnostic.hpp"

namespace fuzz_tags {

namespace def = spritec::def;

struct Tag {
  std::string name;
  int from = 0, to = 0;
  int direction = 0;  // 0 forward, 1 reverse, 2 pingpong, 3 pingpong_reverse
  int repeat = 0;     // passes; 0 forever
};

inline bool pingpong_with_passes(const Tag& t) {
  return t.direction >= 2 && t.repeat > 0;
}

// How many steps the tag's action has: its frames, or its passes written out (the first
// pass all n frames, each later one n - 1).
inline std::int64_t step_count(const Tag& t) {
  const std::int64_t n = std::int64_t{t.to} - t.from + 1;
  if (!pingpong_with_passes(t)) return n;
  return n == 1 ? t.repeat : n + (std::int64_t{t.repeat} - 1) * (n - 1);
}

// The frames the action plays in order, walked like a playhead bouncing between the ends.
inline std::vector<int> expected_order(const Tag& t) {
  std::vector<int> frames;
  for (int f = t.from; f <= t.to; ++f)
    frames.push_back(f);
  if (t.direction == 1 || t.direction == 3) std::reverse(frames.begin(), frames.end());
  if (!pingpong_with_passes(t)) return frames;
  if (frames.size() == 1) return std::vector<int>(std::size_t(t.repeat), frames[0]);
  std::vector<int> out{frames[0]};
  int pos = 0, step = 1, passes = 1;
  for (;;) {
    if (pos + step < 0 || pos + step >= int(frames.size())) {
      if (passes == t.repeat) break;
      step = -step;
      ++passes;
    }
    pos += step;
    out.push_back(frames[std::size_t(pos)]);
  }
  return out;
}

inline int ticks_at_60(std::int64_t ms) {
  return int(std::max<std::int64_t>(1, (ms * 60 + 500) / 1000));
}

// The steps tags make in all: each distinct named tag once (a repeated or empty name is an
// error of its own, E0315, and makes no action).
inline std::int64_t total_steps(const std::vector<Tag>& tags) {
  std::set<std::string> seen;
  std::int64_t total = 0;
  for (const Tag& t : tags)
    if (!t.name.empty() && seen.insert(t.name).second) total += step_count(t);
  return total;
}

inline bool has_code(const spritec::diag::Sink& sink, spritec::diag::Code code) {
  for (const spritec::diag::Diagnostic& d : sink.diagnostics())
    if (d.code == code && d.severity == spritec::diag::Severity::kError) return true;
  return false;
}

// Checks a load of sheet `sheet` with tags: true against `tags` and the frames' `ms`.
// `d` is the loaded definition, or null when the load failed.
inline void check(const def::Definition* d, const spritec::diag::Sink& sink,
                  const std::vector<Tag>& tags, const std::vector<int>& ms,
                  const std::string& sheet) {
  const std::int64_t total = total_steps(tags);
  if (has_code(sink, spritec::diag::Code::kTooManyTagSteps)) FUZZ_CHECK(total > def::kMaxTagSteps);
  if (!d) {
    FUZZ_CHECK(sink.has_errors());
    return;
  }
  FUZZ_CHECK(total <= def::kMaxTagSteps);
  std::set<std::string> seen;
  std::size_t made = 0;
  for (const Tag& t : tags) {
    if (t.name.empty() || !seen.insert(t.name).second) continue;
    ++made;
    const def::Action* a = d->find_action(t.name);
    FUZZ_CHECK(a != nullptr);
    FUZZ_CHECK(a->views == 1 && a->steps.size() == 1);
    FUZZ_CHECK(a->then == def::ThenKind::kHold);
    const bool passes = pingpong_with_passes(t);
    if (passes) {
      FUZZ_CHECK(a->mode == def::PlayMode::kOnce);
    } else if (t.direction >= 2 && t.to > t.from) {
      FUZZ_CHECK(a->mode == def::PlayMode::kPingpong && a->repeat == 0);
    } else {
      FUZZ_CHECK(a->mode == def::PlayMode::kLoop && a->repeat == t.repeat);
    }
    const std::vector<def::Step>& steps = a->steps[0];
    FUZZ_CHECK(std::int64_t(steps.size()) == step_count(t));
    const std::vector<int> order = expected_order(t);
    FUZZ_CHECK(order.size() == steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const int f = order[i];
      FUZZ_CHECK(steps[i].frame == sheet + "/" + std::to_string(f));
      FUZZ_CHECK(steps[i].ticks >= 1 && steps[i].ticks == ticks_at_60(ms.at(std::size_t(f))));
    }
  }
  FUZZ_CHECK(d->actions.size() == made);
}

}  // namespace fuzz_tags
