// spritec::diag — UTF-8 well-formedness, the one check every reader and writer of text
// uses: definition and scene files that are not UTF-8 are refused (E0003, at the first bad
// byte), and names read from a pack (which need not be UTF-8) are written into JSON traces
// with U+FFFD in place of each byte that does not start a character.
//
// Well-formed is RFC 3629's: no overlong forms, no surrogates (U+D800 … U+DFFF), nothing
// past U+10FFFF. Pure functions over a string_view; they neither allocate nor throw.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace spritec::diag {

// The length (1 to 4) of the well-formed UTF-8 sequence that starts at s[i], or 0 when the
// byte at s[i] does not start one (a sequence cut short by the end of `s` or by a byte
// that cannot continue it counts as not starting one). Precondition: i < s.size().
std::size_t utf8_sequence_length(std::string_view s, std::size_t i);

// The offset of the first byte that does not start a well-formed sequence, or npos when
// all of `s` is UTF-8.
std::size_t find_invalid_utf8(std::string_view s);

// A name as a message shows it: control characters (below 0x20, and 0x7f) as \xNN, so a
// hostile name cannot break a line or a terminal. Allocates the result.
std::string shown_name(std::string_view name);

}  // namespace spritec::diag
