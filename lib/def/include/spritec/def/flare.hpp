// spritec::def::flare — Flare's animation definition files (the open-source RPG Flare,
// flare-engine; e.g. flare-game's animations/enemies/goblin.txt), read for the `flare:`
// sheet (docs/definitions.md, "Flare").
//
// The format, as flare-engine's FileParser, AnimationSet and Animation read and play it:
// lines trimmed of white space; empty lines and lines starting with '#' skipped; `[name]`
// starts an animation; every other line is `key=value`, a list value separated by ',' or
// ';'. Before the first section: `image=PATH[,ID]` (the sheet image), `render_size=W,H` and
// `render_offset=X,Y` (animations without frame= lines: frame i, direction d is the cell at
// column position+i, row d), `blend_mode`, `alpha_mod`, `color_mod`. In a section:
// `frames=N`, `duration=Tms|Ts`, `type=looped|play_once|back_forth`, `position=P`,
// `active_frame=I,J…|all`, `active_sub_frame=end|start|all` and
// `frame=index,direction,x,y,w,h,ox,oy[,ID]`. As in Flare, frames, duration, type and
// position stay in effect in the sections after the one that sets them.
//
// parse() is stricter than Flare, which logs a problem and carries on: every line must be
// one of the above, every number a whole number in range, every count under its cap
// (below; docs/limits.md), no section or (index, direction) twice, no key that Flare would
// read too late (frames= after a frame= line). What spritec cannot carry (an image ID other
// than the file's one, a blend mode other than normal, alpha or colour mods that change
// anything, INCLUDE and APPEND) is refused, not ignored. A failure names the line and
// column of the problem. Nothing is read from disk: the caller reads the file (capped).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/def/model.hpp"
#include "spritec/diag/result.hpp"

namespace spritec::def::flare {

inline constexpr std::uint64_t kMaxFileBytes = 16ull << 20;
inline constexpr std::size_t kMaxLineBytes = 4096;
inline constexpr std::size_t kMaxAnimations = 1024;
inline constexpr int kMaxFramesPerAnimation = 4096;  // frames=
// frames= times 8 directions over all animations of a file: the frame slots allocated.
inline constexpr std::int64_t kMaxFrameSlots = 65536;
inline constexpr int kMaxCoordinate = 1000000;  // rects, sizes and offsets, as in YAML
inline constexpr std::int64_t kMaxDurationMs = 3600000;
inline constexpr int kDirections = 8;
inline constexpr std::size_t kMaxSteps = 65536;  // of one animation as spritec plays it
// The event a step raises where Flare reports an active frame (active_frame=).
inline constexpr const char* kActiveEvent = "active";

// A place in the file: 1-based line and byte column, end_column exclusive.
struct Position {
  int line = 0;
  int column = 0;
  int end_column = 0;
};

struct Error {
  std::string message;
  Position at;
  bool failed() const { return !message.empty(); }
};

enum class Type { kLooped, kPlayOnce, kBackForth };
// Which tick of an active frame Flare reports it on (active_sub_frame).
enum class SubFrame { kEnd, kStart, kAll };

// One (index, direction) of an animation.
struct Cell {
  bool given = false;  // a frame= line (or, without frame= lines, the render_size grid)
  Rect rect;
  Point offset;  // Flare's render offset: the pixel of rect drawn at the entity's position
  Position at;   // the frame= line (the section header for the grid)
};

struct Animation {
  std::string name;
  Position at;  // the name inside [ ]
  int frames = 0;
  std::int64_t duration_ms = 0;  // duration= in milliseconds ("1s" is 1000)
  bool duration_in_seconds = false;
  Type type = Type::kLooped;
  int position = 0;
  bool compressed = false;  // has frame= lines
  std::vector<int> active;  // active_frame=, sorted, distinct; empty: none given
  bool active_all = false;  // active_frame=all
  SubFrame sub_frame = SubFrame::kEnd;
  std::vector<Cell> cells;  // [index * 8 + direction]
};

struct File {
  std::string image;  // image=, as written (Flare: relative to the mod's folder)
  Position image_at;  // its value
  std::string image_id;
  std::vector<Animation> animations;  // in file order
};

diag::Result<File, Error> parse(std::string_view text);

// Flare's duration in ticks at `tick_rate` ticks per second (Flare's max_fps):
// seconds times the rate; milliseconds rounded to the nearest tick, halves up, at least 1.
std::int64_t duration_ticks(const Animation& a, int tick_rate);

// How many ticks Flare shows each of `frames` frames in `ticks` (Animation::setup): evenly
// when ticks is a multiple of frames, otherwise laid out by Bresenham's line from (0, 0) to
// (ticks - 1, frames - 1). Frames past the end of a too-short duration get 0 (Flare never
// shows them). Preconditions: frames >= 1, ticks >= 1.
std::vector<std::int64_t> frame_ticks(int frames, std::int64_t ticks);

// One step of the played animation: a frame index (the same in every direction), its ticks,
// and whether Flare reports the frame active on its first tick.
struct Step {
  int index = 0;
  std::int64_t ticks = 1;
  bool active = false;
};

// An animation as spritec plays it: the steps (one list shared by every direction), and
// whether they loop (from loop_from) or play once and hold. looped: the shown frames;
// play_once: the same, once; back_forth: forward then backward, the end frames shown twice
// (Flare turns around on the last tick of each end). An active frame becomes its own step
// of one tick where Flare reports it (the frame's last tick for end, its first for start,
// every tick for all), so the event lands on Flare's tick; back_forth reports them on the
// first forward pass only, so that pass is written out and the loop starts after it.
struct Timeline {
  std::vector<Step> steps;
  bool once = false;
  std::size_t loop_from = 0;
};

// Fails (at the section) when the steps would be more than kMaxSteps (active_sub_frame=all
// over a long duration). Precondition: a from a successful parse(); tick_rate >= 1.
diag::Result<Timeline, Error> timeline(const Animation& a, int tick_rate);

}  // namespace spritec::def::flare
