// PNG chunks written by hand for the image tests (PNG specification, chapter 5): the
// rule-breaking files no encoder writes, built independently of the code under test.
#pragma once

#include <cstdint>
#include <string>

namespace png_chunks {

// CRC-32 as PNG defines it (ISO 3309, reflected polynomial 0xEDB88320), bit by bit.
inline std::uint32_t crc32(const std::string& bytes) {
  std::uint32_t crc = 0xffffffffu;
  for (unsigned char c : bytes) {
    crc ^= c;
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return crc ^ 0xffffffffu;
}

// A 32-bit big-endian number as four bytes.
inline std::string be32_bytes(std::uint32_t v) {
  return {char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
}

// The 32-bit big-endian number at p.
inline std::uint32_t be32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 |
         std::uint32_t(p[3]);
}

// A whole chunk: length, type, data, CRC of type and data.
inline std::string chunk(const std::string& type, const std::string& data) {
  return be32_bytes(std::uint32_t(data.size())) + type + data + be32_bytes(crc32(type + data));
}

}  // namespace png_chunks
