// Fuzz target: Flare animation definition files (def::flare::parse, duration_ticks,
// frame_ticks, timeline).
//
// Every input either parses or is refused with a message at a position inside the file (a
// line that exists, a column within it). A parsed file has an image, 1 to 1,024 uniquely
// named animations, each with 1 to 4,096 frames whose direction 0 is given, 8 cells a frame,
// rectangles and offsets within their caps and at most 65,536 cells in all. Its every
// animation, played at 1, 60 and 1000 ticks per second, either is refused for too many
// steps or gives steps of at least one tick naming frames Flare shows, a loop start inside
// them, and — as Flare spreads the duration — forward passes lasting exactly the duration
// in ticks. Seeds: flare-game-shaped files (tests/fuzz/corpus/flare/seed-*.txt).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <set>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "spritec/def/flare.hpp"

namespace flare = spritec::def::flare;

namespace {

int line_count(std::string_view text) {
  return 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// The length of 1-based line `n` of the text, its line break left out.
std::size_t line_length(std::string_view text, int n) {
  std::size_t start = 0;
  for (int i = 1; i < n; ++i)
    start = text.find('\n', start) + 1;
  const std::size_t end = text.find('\n', start);
  return (end == std::string_view::npos ? text.size() : end) - start;
}

void check_played(const flare::Animation& a, int rate) {
  const std::int64_t ticks = flare::duration_ticks(a, rate);
  FUZZ_CHECK(ticks >= 1);
  const std::vector<std::int64_t> spread = flare::frame_ticks(a.frames, ticks);
  FUZZ_CHECK(spread.size() == static_cast<std::size_t>(a.frames));
  FUZZ_CHECK(std::accumulate(spread.begin(), spread.end(), std::int64_t{0}) == ticks);
  std::size_t shown = 0;
  while (shown < spread.size() && spread[shown] > 0)
    ++shown;
  FUZZ_CHECK(shown >= 1);
  for (std::size_t i = shown; i < spread.size(); ++i)
    FUZZ_CHECK(spread[i] == 0);

  const auto t = flare::timeline(a, rate);
  if (!t) {
    FUZZ_CHECK(!t.error.message.empty());
    return;
  }
  const std::vector<flare::Step>& steps = t.value.steps;
  FUZZ_CHECK(!steps.empty() && steps.size() <= flare::kMaxSteps);
  FUZZ_CHECK(t.value.loop_from < steps.size());
  FUZZ_CHECK(t.value.once == (a.type == flare::Type::kPlayOnce));
  std::int64_t total = 0;
  for (const flare::Step& s : steps) {
    FUZZ_CHECK(s.ticks >= 1);
    FUZZ_CHECK(s.index >= 0 && static_cast<std::size_t>(s.index) < shown);
    total += s.ticks;
  }
  // One forward pass lasts the duration; back_forth adds the backward pass (and, with an
  // active frame, a forward pass without events).
  const bool bounce = a.type == flare::Type::kBackForth;
  const bool extra = bounce && t.value.loop_from > 0;
  FUZZ_CHECK(total == ticks * (bounce ? (extra ? 3 : 2) : 1));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = flare::parse(text);
  if (!parsed) {
    FUZZ_CHECK(!parsed.error.message.empty());
    FUZZ_CHECK(parsed.error.at.line >= 1 && parsed.error.at.line <= line_count(text));
    FUZZ_CHECK(parsed.error.at.column >= 1 && static_cast<std::size_t>(parsed.error.at.column) <=
                                                  line_length(text, parsed.error.at.line) + 1);
    return 0;
  }
  const flare::File& f = parsed.value;
  FUZZ_CHECK(!f.image.empty());
  FUZZ_CHECK(!f.animations.empty() && f.animations.size() <= flare::kMaxAnimations);
  std::set<std::string> names;
  std::size_t cells = 0;
  for (const flare::Animation& a : f.animations) {
    FUZZ_CHECK(names.insert(a.name).second);
    FUZZ_CHECK(!a.name.empty());
    FUZZ_CHECK(a.frames >= 1 && a.frames <= flare::kMaxFramesPerAnimation);
    FUZZ_CHECK(a.duration_ms >= 1 && a.duration_ms <= flare::kMaxDurationMs);
    FUZZ_CHECK(a.cells.size() == static_cast<std::size_t>(a.frames) * flare::kDirections);
    cells += a.cells.size();
    for (int i : a.active)
      FUZZ_CHECK(i >= 0 && i < a.frames);
    for (std::size_t c = 0; c < a.cells.size(); ++c) {
      const flare::Cell& cell = a.cells[c];
      if (c % flare::kDirections == 0) FUZZ_CHECK(cell.given);
      if (!cell.given) continue;
      FUZZ_CHECK(cell.rect.x >= 0 && cell.rect.y >= 0 && cell.rect.width >= 0 &&
                 cell.rect.height >= 0);
      FUZZ_CHECK(cell.rect.x <= flare::kMaxCoordinate && cell.rect.width <= flare::kMaxCoordinate);
      FUZZ_CHECK(cell.offset.x >= -flare::kMaxCoordinate && cell.offset.x <= flare::kMaxCoordinate);
      FUZZ_CHECK(cell.at.line >= 1 && cell.at.line <= line_count(text));
    }
    for (int rate : {1, 60, 1000})
      check_played(a, rate);
  }
  FUZZ_CHECK(cells <= static_cast<std::size_t>(flare::kMaxFrameSlots));
  return 0;
}
