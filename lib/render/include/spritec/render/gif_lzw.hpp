// spritec::render GIF size counting — the GIF encoder's measure of a candidate frame: the
// exact number of bytes giflib writes for it, counted without encoding.
//
// The frame optimiser (gif_optimise.cpp) compares several candidate pixel arrangements per frame
// and keeps the smallest. Their sizes are counted by mirroring giflib 5's LZW encoder
// (EGifCompressLine / EGifCompressOutput / EGifBufferedOutput): the same greedy parse
// over the same dictionary (a code per known string, a clear code instead of assigning
// code 4095), the code width growing when the next code to assign reaches the width's
// limit as giflib checks it (after each code is output), the bits packed into bytes and
// the bytes into sub-blocks of at most 255. The unit tests compare every count with
// giflib's real output on random and real frames. Exposed for those tests and the bench.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace spritec::render {

// The bytes of a minimal GIF holding one image: header, screen descriptor, a global colour
// table of 2^bpp entries, image descriptor, LZW code size, `lzw_bits` bits of LZW data in
// sub-blocks and their terminator, trailer — what giflib writes for EGifPutScreenDesc,
// EGifPutImageDesc, EGifPutLine and EGifCloseFile.
std::size_t gif_minimal_file_bytes(std::uint64_t lzw_bits, int bpp);

// Counts the LZW bits giflib writes for an image of pixels with a colour table of `bpp`
// (1..8) bits. Reusable: one instance keeps its dictionary's memory (2^max(2,bpp) x 4096
// codes) between counts.
class GifLzwCounter {
 public:
  explicit GifLzwCounter(int bpp);
  ~GifLzwCounter();
  GifLzwCounter(const GifLzwCounter&) = delete;
  GifLzwCounter& operator=(const GifLzwCounter&) = delete;

  // The LZW bits of `n` >= 1 pixels (each masked to `bpp` bits, as giflib does).
  std::uint64_t bits(const std::uint8_t* pixels, std::size_t n);
  // The bytes of the minimal GIF of one image of these pixels (gif_minimal_file_bytes).
  std::size_t file_bytes(const std::uint8_t* pixels, std::size_t n);
  // bits() of two images of `n` >= 1 pixels each, counted side by side in one loop (as the
  // frame optimiser counts a candidate's masked and literal pixels).
  std::pair<std::uint64_t, std::uint64_t> bits_pair(const std::uint8_t* a, const std::uint8_t* b,
                                                    std::size_t n);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The frame optimiser's choice of "don't care" pixels (gif_lzw_model.hpp's WildcardChooser), for
// the tests: `value[i]` is the pixel; where `flexible[i]`, `clear_index` may be written instead
// (`transparent_first`: preferred on a tie). Writes the chosen pixels to `out` and returns
// the LZW bits giflib writes for them, counted on the way.
std::uint64_t gif_choose_pixels(const std::vector<std::uint8_t>& value,
                                const std::vector<std::uint8_t>& flexible, std::uint8_t clear_index,
                                bool transparent_first, int bpp, std::vector<std::uint8_t>& out);

}  // namespace spritec::render
