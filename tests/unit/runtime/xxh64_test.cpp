// The runtime's own XXH64 (std-only) agrees with libxxhash, which the writer uses.
#include <xxhash.h>
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "spritec/runtime/xxh64.hpp"

TEST_CASE("the runtime's XXH64 gives libxxhash's result for every length and seed", "[xxh64]") {
  std::vector<std::uint8_t> data(1100);
  std::uint32_t x = 12345;
  for (auto& b : data) {
    x = x * 1103515245u + 12345u;
    b = std::uint8_t(x >> 24);
  }
  for (std::uint64_t seed :
       {std::uint64_t(0), std::uint64_t(1), std::uint64_t(0x9E3779B97F4A7C15ULL)}) {
    for (std::size_t n = 0; n <= data.size(); ++n) {
      INFO("length " << n << " seed " << seed);
      REQUIRE(spritec::runtime::xxh64(data.data(), n, seed) == XXH64(data.data(), n, seed));
    }
  }
}

TEST_CASE("XXH64 reads unaligned input", "[xxh64]") {
  std::vector<std::uint8_t> data(300, 0x5A);
  for (std::size_t off = 1; off < 8; ++off) {
    CHECK(spritec::runtime::xxh64(data.data() + off, 200, 7) == XXH64(data.data() + off, 200, 7));
  }
}

TEST_CASE("XXH64 of the empty input with seed 0 is the published value", "[xxh64]") {
  // The xxHash specification's test vector: XXH64("", 0) = 0xEF46DB3751D8E999.
  CHECK(spritec::runtime::xxh64(nullptr, 0, 0) == 0xEF46DB3751D8E999ULL);
}
