// spritec::diag — "did you mean": the nearest of the names a reader knows to a name it does
// not, for the hint a diagnostic or a usage error adds (an unknown key, action, pack or
// actor; an unknown command or flag). Pure functions over strings; they do not throw.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace spritec::diag {

// Levenshtein distance (bytes): the fewest single-byte insertions, deletions and
// substitutions that turn `a` into `b`. Allocates one row of b.size() + 1 counts.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word` within `max_distance` edits (ties: the earliest
// candidate; never `word` itself), or an empty string.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates,
                    std::size_t max_distance = 2);

}  // namespace spritec::diag
