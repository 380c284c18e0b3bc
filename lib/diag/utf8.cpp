#include "spritec/diag/utf8.hpp"

#include <string>

#include <cassert>

namespace spritec::diag {

std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  assert(i < s.size());
  const auto b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) return 1;
  // The lead byte fixes the length and the range of the second byte, which is where
  // overlong forms (E0, F0), surrogates (ED) and code points past U+10FFFF (F4) show.
  std::size_t len = 0;
  unsigned lo = 0x80, hi = 0xBF;
  if (b >= 0xC2 && b <= 0xDF) {
    len = 2;
  } else if (b >= 0xE0 && b <= 0xEF) {
    len = 3;
    if (b == 0xE0) lo = 0xA0;
    if (b == 0xED) hi = 0x9F;
  } else if (b >= 0xF0 && b <= 0xF4) {
    len = 4;
    if (b == 0xF0) lo = 0x90;
    if (b == 0xF4) hi = 0x8F;
  } else {
    return 0;  // a continuation byte, C0/C1 (always overlong) or F5 and above
  }
  if (s.size() - i < len) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    if (c < (k == 1 ? lo : 0x80u) || c > (k == 1 ? hi : 0xBFu)) return 0;
  }
  return len;
}

std::size_t find_invalid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t len = utf8_sequence_length(s, i);
    if (len == 0) return i;
    i += len;
  }
  return std::string_view::npos;
}

std::string shown_name(std::string_view name) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : name) {
    if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += char(c);
    }
  }
  return out;
}

}  // namespace spritec::diag
