// spritec::sim — writing what a run did: the trace (one JSON line per live actor per
// tick, DESIGN.md section 5, schemas/trace.schema.json) and the human summary of
// `simulate` without --trace. Every trace line is valid JSON whatever the names hold: bytes
// of a pack's names that are not UTF-8 are written as U+FFFD (diag/utf8.hpp), control
// characters escaped. Writers take the std::ostream to write to; nothing is thrown.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "spritec/sim/simulation.hpp"

namespace spritec::sim {

// One trace line, exactly as DESIGN.md fixes it, with its newline:
// {"tick":12,"actor":"hero","action":"walk","step":1,"view":2,"frame":"body/1","flip":"x",
//  "x":41.5,"y":70,"events":["hit"]}
void write_trace_line(std::ostream& out, std::int64_t tick, const ActorSnapshot& actor);

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
