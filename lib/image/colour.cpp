#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "spritec/image/image.hpp"

namespace spritec::image {

std::optional<std::uint32_t> parse_hex_colour(std::string_view text, bool allow_alpha) {
  const bool with_alpha = allow_alpha && text.size() == 9;
  if ((text.size() != 7 && !with_alpha) || text[0] != '#') return std::nullopt;
  std::uint32_t v = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    const char c = text[i];
    std::uint32_t d;
    if (c >= '0' && c <= '9') {
      d = std::uint32_t(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      d = std::uint32_t(c - 'a' + 10);
    } else if (c >= 'A' && c <= 'F') {
      d = std::uint32_t(c - 'A' + 10);
    } else {
      return std::nullopt;
    }
    v = (v << 4) | d;
  }
  return with_alpha ? v : (v << 8) | 0xFFu;
}

}  // namespace spritec::image
