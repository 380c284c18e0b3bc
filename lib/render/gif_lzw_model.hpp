// Internal to spritec::render: the GIF encoder's model of giflib's LZW encoder — the
// dictionary and code widths mirrored (LzwDictionary), the bit counts made with it, and the
// LZW-aware choice of "don't care" pixels (WildcardChooser). The frame optimiser
// (gif_optimise.hpp) sizes its candidates with these; gif_lzw.hpp exposes them to the tests
// and the bench. The dictionary's lookups are inline here: they are the encoder's inner loop.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace spritec::render::gif {

// giflib 5's LZW encoder state, for counting (not writing) its output: the dictionary of
// known strings (string `code` + pixel -> code), the next code to assign and the code width.
// A string's code is output when the next pixel does not extend it; then the string plus
// that pixel gets the next code, unless that code would be 4095, in which case a clear code
// is output and the dictionary starts over. The width grows by one bit when, right after a
// code is output, the next code to assign no longer fits it (EGifCompressOutput's check).
// The dictionary is a table indexed by code and pixel (2^max(2,bpp) x 4096 codes); a reset
// clears only the entries assigned since the last one.
class LzwDictionary {
 public:
  explicit LzwDictionary(int bpp, bool heights = false)
      : min_bits_(std::max(2, bpp)),
        clear_(1 << min_bits_),
        row_(1 << min_bits_),
        track_heights_(heights) {
    child_.assign(static_cast<std::size_t>(kCodes) * static_cast<std::size_t>(row_), 0);
    slot_.assign(kCodes, 0);
    if (track_heights_) {
      node_.assign(kCodes, Node{0, -1});
      root_.assign(kCodes, 0);
      for (int r = 0; r < clear_; ++r)
        root_[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(r);
    }
  }

  // Starts an image: an empty dictionary, the clear code output.
  void start() {
    reset();
    bits_ = 0;
    emit();
  }
  // The code of string `code` + `pixel`, or -1.
  int find(int code, std::uint8_t pixel) const {
    const std::uint16_t c =
        child_[static_cast<std::size_t>(code) * static_cast<std::size_t>(row_) + pixel];
    return c ? c : -1;  // 0 is never a string's code (those start at clear + 2)
  }
  // Outputs the code of a string that `pixel` does not extend, then assigns string + pixel
  // the next code. Returns false when the dictionary was cleared instead.
  bool end_string(int code, std::uint8_t pixel) {
    emit();
    if (next_ >= kMaxCode) {
      emit();  // the clear code
      reset();
      return false;
    }
    const std::size_t slot =
        static_cast<std::size_t>(code) * static_cast<std::size_t>(row_) + pixel;
    child_[slot] = static_cast<std::uint16_t>(next_);
    slot_[static_cast<std::size_t>(next_)] = static_cast<std::uint32_t>(slot);
    if (track_heights_) {
      node_[static_cast<std::size_t>(next_)] = Node{0, static_cast<std::int16_t>(code)};
      root_[static_cast<std::size_t>(next_)] = root_[static_cast<std::size_t>(code)];
      int h = 1;
      for (int a = code; a >= 0 && node_[static_cast<std::size_t>(a)].height < h; ++h) {
        Node& node = node_[static_cast<std::size_t>(a)];
        node.height = static_cast<std::uint16_t>(h);
        a = node.parent;
      }
    }
    ++next_;
    return true;
  }
  // The bits output so far.
  std::uint64_t bits() const { return bits_; }
  // Outputs the last string's code and the end code; returns the image's LZW bits.
  std::uint64_t finish() {
    emit();
    emit();
    return bits_;
  }

  // With `heights`: the length of the longest string below `code` minus its own, and the
  // string `code` extends (-1 for a single pixel).
  int height(int code) const { return node_[static_cast<std::size_t>(code)].height; }
  int parent(int code) const { return node_[static_cast<std::size_t>(code)].parent; }
  int root(int code) const { return root_[static_cast<std::size_t>(code)]; }

 private:
  static constexpr int kCodes = 4096;
  static constexpr int kMaxCode = 4095;  // giflib's LZ_MAX_CODE

  // One code output at the current width; the width grows once the next code needs it.
  void emit() {
    bits_ += static_cast<std::uint64_t>(width_);
    if (next_ >= limit_) limit_ = 1 << ++width_;
  }
  void reset() {
    for (int k = clear_ + 2; k < next_; ++k)
      child_[slot_[static_cast<std::size_t>(k)]] = 0;
    if (track_heights_) {
      for (int r = 0; r < clear_; ++r)
        node_[static_cast<std::size_t>(r)].height = 0;
    }
    next_ = clear_ + 2;
    width_ = min_bits_ + 1;
    limit_ = 1 << width_;
  }

  int min_bits_;
  int clear_;
  int row_;
  bool track_heights_;
  int next_ = 0;
  int width_ = 0;
  int limit_ = 0;
  std::uint64_t bits_ = 0;
  std::vector<std::uint16_t> child_;
  std::vector<std::uint32_t> slot_;  // where each assigned code sits in child_
  struct Node {
    std::uint16_t height;
    std::int16_t parent;
  };
  std::vector<Node> node_;
  std::vector<std::uint8_t> root_;  // the string's first pixel
};

// Returned by count_lzw_bits when it stopped early.
constexpr std::uint64_t kOverLimit = std::numeric_limits<std::uint64_t>::max();

// The LZW bits giflib writes for `n` >= 1 pixels. `over(bits)` is asked now and then with
// the bits so far; when it answers true the count stops and kOverLimit is returned.
template <typename Over>
std::uint64_t count_lzw_bits(LzwDictionary& dict, const std::uint8_t* pixels, std::size_t n,
                             std::uint8_t mask, Over over) {
  dict.start();
  int code = pixels[0] & mask;
  std::size_t i = 1;
  while (i < n) {
    const std::size_t stop = std::min(n, i + 4096);
    for (; i < stop; ++i) {
      const auto p = static_cast<std::uint8_t>(pixels[i] & mask);
      const int c = dict.find(code, p);
      if (c >= 0) {
        code = c;
      } else {
        dict.end_string(code, p);
        code = p;
      }
    }
    if (i < n && over(dict.bits())) return kOverLimit;
  }
  return dict.finish();
}

// count_lzw_bits without a limit.
std::uint64_t count_lzw_bits(LzwDictionary& dict, const std::uint8_t* pixels, std::size_t n,
                             std::uint8_t mask);

// count_lzw_bits of two images of `n` >= 1 pixels at once, each with its own dictionary:
// the same counts, but the two chains of dependent lookups run side by side in one loop, so
// the core overlaps their cache latencies.
void count_lzw_bits_pair(LzwDictionary& dict_a, const std::uint8_t* a, LzwDictionary& dict_b,
                         const std::uint8_t* b, std::size_t n, std::uint8_t mask,
                         std::uint64_t& bits_a, std::uint64_t& bits_b);

// Mirrors giflib's LZW dictionary to choose, for each pixel that may be either its colour
// or transparent, the value that extends the current dictionary match furthest: at each
// string's start, the root (the preferred value on a tie) whose longest continuation is
// longest; within a string, the child with the longest continuation (the preferred on a
// tie); the string ends where neither value extends it. giflib's greedy parse of the chosen
// pixels is then exactly these strings, so their encoded size is counted on the way.
//
// A continuation's length (`extension`) is memoised per code for the current string's
// start (a code's string length fixes the pixel it is compared with). The search is cut
// where a child's subtree is no taller than the best length found (the dictionary keeps
// each code's height), and a choice between one value only needs no search at all; neither
// changes a length, so the choices are those of the full search.
class WildcardChooser {
 public:
  explicit WildcardChooser(int bpp) : dict_(bpp, true) { memo_.assign(4096, 0); }

  // `value[i]` is the pixel; when `flexible[i]`, the transparent index `clear_index` is
  // allowed instead. Writes the chosen pixels to `out`; returns their LZW bits.
  std::uint64_t choose(const std::vector<std::uint8_t>& value,
                       const std::vector<std::uint8_t>& flexible, std::uint8_t clear_index,
                       bool transparent_first, std::vector<std::uint8_t>& out);

 private:
  // A memoised length is stored with the stamp of the search it belongs to: stamp << 13 |
  // length (a string is at most 4096 pixels long, a continuation shorter).
  static constexpr int kLengthBits = 13;
  static constexpr std::uint32_t kMaxStamp = (1u << (32 - kLengthBits)) - 1;
  void next_stamp() {
    if (++stamp_ > kMaxStamp) {
      std::fill(memo_.begin(), memo_.end(), 0);
      stamp_ = 1;
    }
  }
  bool seen(int code) const {
    return (memo_[static_cast<std::size_t>(code)] >> kLengthBits) == stamp_;
  }

  std::uint8_t best_root(std::size_t pos);
  // How many more pixels from `pos` on can follow the string `code` (memoised per string
  // start).
  int extension(int code, std::size_t pos);

  LzwDictionary dict_;
  std::uint32_t stamp_ = 0;
  std::vector<std::uint32_t> memo_;
  std::vector<std::uint8_t> first_, second_;
  std::size_t n_ = 0;
};

}  // namespace spritec::render::gif
