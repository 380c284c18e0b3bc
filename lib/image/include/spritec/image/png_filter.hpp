// spritec::image PNG scanline filtering and zlib streams — the two steps every PNG that
// spritec lays out itself shares: the indexed page writer (png_palette.cpp) and render's
// APNG encoder. (RGBA pages go through stb_image_write, which filters on its own.)
//
// Neither function fails on data: the filter works in place, and zlib_compress sizes its
// output by libdeflate's bound (memory running out is std::bad_alloc, as for any vector).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "spritec/image/image.hpp"

struct libdeflate_compressor;

namespace spritec::image {

// Filters one PNG scanline in place. `row` is the row's filter-type byte followed by `n`
// data bytes, unfiltered, of `bpp` (1 or 4) bytes a pixel; `prior` is the previous row's
// unfiltered data bytes (nullptr for the first row). The filter type is the one of the five
// (none, sub, up, average, Paeth) whose output has the smallest sum of absolute values
// taken as signed bytes — the PNG specification's suggested heuristic, libpng's too — the
// lowest type on a tie; it is written to row[0]. `scratch` is memory kept between calls.
void filter_row_adaptive(std::uint8_t* row, const std::uint8_t* prior, std::size_t n, int bpp,
                         std::vector<std::uint8_t>& scratch);

// The zlib stream of `data` made by libdeflate's compressor `c` (owned by the caller, at
// the level it was made with); empty only if libdeflate found its own bound too small.
Bytes zlib_compress(libdeflate_compressor* c, const std::vector<std::uint8_t>& data);

}  // namespace spritec::image
