// spritec::sim — writing what a run did: the trace (one JSON line per live actor per
// tick, DESIGN.md section 5, schemas/trace.schema.json) and the human summary of
// `simulate` without --trace. Every trace line is valid JSON whatever the names hold: bytes
// of a pack's names that are not UTF-8 are written as U+FFFD (diag/utf8.hpp), control
// characters escaped. Writers take the std::ostream to write to; nothing is thrown.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>

#include "spritec/sim/simulation.hpp"

namespace spritec::sim {

// One trace line, exactly as DESIGN.md fixes it, with its newline:
// {"tick":12,"actor":"hero","action":"walk","step":1,"view":2,"frame":"body/1","flip":"x",
//  "x":41.5,"y":70,"events":["hit"]}
// and, only when there are some (docs/scenes.md, "Traces"), what the step shows in world
// coordinates and the contacts started on this tick, and a layered actor's layers back to
// front (always on its lines):
//  …,"layers":[["self","body/e/1",""],["sword","sword/e/1","x"]],"boxes":{"hurt":[37.5,52,12,25]},"points":{"hand":[45.5,60]},"contacts":[["struck","b"]]}
void write_trace_line(std::ostream& out, std::int64_t tick, const ActorSnapshot& actor);

// A layer a layered actor draws: its slot ("self" for the master's own frames), the frame's
// name and its flip ("", "x", "y", "xy").
struct TraceLayer {
  std::string_view slot, frame;
  const char* flip = "";
};

// A box or point on a trace line (world coordinates; a point has w = h = 0).
struct TraceShape {
  std::string_view name;
  runtime::ShapeKind kind = runtime::ShapeKind::kBox;
  double x = 0, y = 0, w = 0, h = 0;
};

// The fields of one trace line, as views (nothing copied): what run_scene writes straight
// from the simulation's state, at hundreds of MB/s.
struct TraceLine {
  std::int64_t tick = 0;
  std::string_view actor, action, frame;
  std::uint32_t step = 0, view = 0;
  const char* flip = "";
  double x = 0, y = 0;
  const std::string_view* events = nullptr;
  std::size_t event_count = 0;
  // A layered actor's layers, back to front; written as "layers" when `layered` (even empty).
  bool layered = false;
  const TraceLayer* layers = nullptr;
  std::size_t layer_count = 0;
  // Boxes then points, each in name order; written as "boxes" and "points" when present.
  const TraceShape* shapes = nullptr;
  std::size_t shape_count = 0;
  // [event, other actor] of the contacts started on this tick; "contacts" when present.
  const std::pair<std::string_view, std::string_view>* contacts = nullptr;
  std::size_t contact_count = 0;
};
// Appends the line (with its newline) to `out`.
void append_trace_line(std::string& out, const TraceLine& line);

// Appends a JSON string as the trace writes names: bytes that are not UTF-8 (a hostile
// pack's names) become U+FFFD so every line stays valid JSON; control characters escaped.
void append_json_string(std::string& out, std::string_view s);

// A number as the trace prints it: integers without decimals, others as the shortest
// text that reads back as the same double.
std::string format_number(double value);

// The human summary, four short lines whatever the scene's size:
//   ticks run: 0..26 (27 ticks)
//   actors: 2
//   events: 6 (finished 2, flash 2, destroyed 1, hit 1)
//   busiest actors: bang 4, hero 2
// Lists hold at most kSummaryTop entries, then ", and N more" (kinds or actors).
void write_summary(std::ostream& out, const RunSummary& summary);

}  // namespace spritec::sim
