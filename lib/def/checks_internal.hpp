// Internal to spritec::def: what the loader could not read, handed to the action checks.
//
// When parts of a file break the schema (a wrong type, a value out of range), the loader
// still reads every well-formed part so one run reports every problem. The checks that
// depend on a part it skipped must then stay silent — "unknown frame" for a frame of a
// sheet whose `grid:` is malformed would be noise, not a second mistake. Sheets it could
// not cut are marked incomplete (Sheet::complete); the rest is said here.
#pragma once

#include <cstddef>
#include <set>
#include <utility>

#include "spritec/def/definition.hpp"

namespace spritec::def::detail {

struct Unknowns {
  // A sheet whose name could not be read: any frame not of a complete sheet may exist.
  bool any_frame = false;
  // `actions:` itself could not be read: entry actions cannot be checked.
  bool actions = false;
  // A then: or a transition could not be read: reachability (W0303) is not known.
  bool reachability = false;
  // (action index, rule index) of transitions whose to: or whose when/unless could not
  // be read; E0308 and W0302 skip them.
  std::set<std::pair<std::size_t, std::size_t>> targets;
  std::set<std::pair<std::size_t, std::size_t>> conditions;
};

bool check_actions(const Definition& def, const LoadOptions& options, const Unknowns& unknowns,
                   diag::Sink& sink);

}  // namespace spritec::def::detail
