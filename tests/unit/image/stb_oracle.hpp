// stb_image and stb_image_write used directly, as independent oracles for the tests (the
// library's own copies are private to it).
#pragma once

#include <cstdint>
#include <vector>

namespace oracle {

struct Decoded {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // empty when stb_image refused the bytes
};

Decoded stb_decode_rgba(const std::vector<std::uint8_t>& png);
// stb_image_write with its own zlib compressor at its default level.
std::vector<std::uint8_t> stb_encode_default(const std::vector<std::uint8_t>& rgba, int width,
                                             int height);

}  // namespace oracle
