// PNG scanline filtering and zlib streams (png_filter.hpp). Compiled at -O3 with the PNG
// writers (CMakeLists.txt): the filter choice is a large share of a page's encoding time.
#include "spritec/image/png_filter.hpp"

#include <libdeflate.h>

#include <cassert>
#include <cstdlib>
#include <cstring>

namespace spritec::image {
namespace {

std::uint8_t paeth(std::uint8_t a, std::uint8_t b, std::uint8_t c) {
  const int p = int(a) + int(b) - int(c);
  const int pa = std::abs(p - int(a));
  const int pb = std::abs(p - int(b));
  const int pc = std::abs(p - int(c));
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// filter_row_adaptive for `Bpp` bytes a pixel, a constant so that each loop compiles for
// its pixel size.
template <std::size_t Bpp>
void filter_row(std::uint8_t* row, const std::uint8_t* prior, std::size_t n,
                std::vector<std::uint8_t>& scratch) {
  std::uint8_t* data = row + 1;
  scratch.resize(n * 4);
  std::uint8_t* out[4] = {scratch.data(), scratch.data() + n, scratch.data() + 2 * n,
                          scratch.data() + 3 * n};
  std::uint64_t sum[5] = {0, 0, 0, 0, 0};
  auto cost = [](std::uint8_t v) { return std::uint64_t(v < 128 ? v : 256 - v); };
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t x = data[i];
    const std::uint8_t a = i >= Bpp ? data[i - Bpp] : 0;
    const std::uint8_t b = prior != nullptr ? prior[i] : 0;
    const std::uint8_t c = i >= Bpp && prior != nullptr ? prior[i - Bpp] : 0;
    out[0][i] = std::uint8_t(x - a);
    out[1][i] = std::uint8_t(x - b);
    out[2][i] = std::uint8_t(x - std::uint8_t((int(a) + int(b)) / 2));
    out[3][i] = std::uint8_t(x - paeth(a, b, c));
    sum[0] += cost(x);
    for (int f = 0; f < 4; ++f)
      sum[f + 1] += cost(out[f][i]);
  }
  int best = 0;
  for (int f = 1; f < 5; ++f)
    if (sum[f] < sum[best]) best = f;
  row[0] = std::uint8_t(best);
  if (best != 0) std::memcpy(data, out[best - 1], n);
}

}  // namespace

void filter_row_adaptive(std::uint8_t* row, const std::uint8_t* prior, std::size_t n, int bpp,
                         std::vector<std::uint8_t>& scratch) {
  assert(bpp == 1 || bpp == 4);
  if (bpp == 4) {
    filter_row<4>(row, prior, n, scratch);
  } else {
    filter_row<1>(row, prior, n, scratch);
  }
}

Bytes zlib_compress(libdeflate_compressor* c, const std::vector<std::uint8_t>& data) {
  Bytes out(libdeflate_zlib_compress_bound(c, data.size()));
  out.resize(libdeflate_zlib_compress(c, data.data(), data.size(), out.data(), out.size()));
  return out;
}

}  // namespace spritec::image
