// The GIF encoder's LZW model (gif_lzw_model.hpp): the counts that are not inline, the
// choice of "don't care" pixels, and gif_lzw.hpp's interface over them.
#include "spritec/render/gif_lzw.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include "gif_lzw_model.hpp"

namespace spritec::render {
namespace gif {

std::uint64_t count_lzw_bits(LzwDictionary& dict, const std::uint8_t* pixels, std::size_t n,
                             std::uint8_t mask) {
  return count_lzw_bits(dict, pixels, n, mask, [](std::uint64_t) { return false; });
}

void count_lzw_bits_pair(LzwDictionary& dict_a, const std::uint8_t* a, LzwDictionary& dict_b,
                         const std::uint8_t* b, std::size_t n, std::uint8_t mask,
                         std::uint64_t& bits_a, std::uint64_t& bits_b) {
  dict_a.start();
  dict_b.start();
  int code_a = a[0] & mask, code_b = b[0] & mask;
  for (std::size_t i = 1; i < n; ++i) {
    const auto pa = static_cast<std::uint8_t>(a[i] & mask);
    const auto pb = static_cast<std::uint8_t>(b[i] & mask);
    const int ca = dict_a.find(code_a, pa);
    const int cb = dict_b.find(code_b, pb);
    if (ca >= 0) {
      code_a = ca;
    } else {
      dict_a.end_string(code_a, pa);
      code_a = pa;
    }
    if (cb >= 0) {
      code_b = cb;
    } else {
      dict_b.end_string(code_b, pb);
      code_b = pb;
    }
  }
  bits_a = dict_a.finish();
  bits_b = dict_b.finish();
}

std::uint64_t WildcardChooser::choose(const std::vector<std::uint8_t>& value,
                                      const std::vector<std::uint8_t>& flexible,
                                      std::uint8_t clear_index, bool transparent_first,
                                      std::vector<std::uint8_t>& out) {
  n_ = value.size();
  // The allowed values at each position, preferred first (twice the same when only one).
  first_.resize(n_);
  second_.resize(n_);
  for (std::size_t i = 0; i < n_; ++i) {
    const std::uint8_t v = value[i];
    const std::uint8_t alt = flexible[i] ? clear_index : v;
    first_[i] = transparent_first ? alt : v;
    second_[i] = transparent_first ? v : alt;
  }
  const std::uint8_t* first_at = first_.data();
  const std::uint8_t* second_at = second_.data();
  dict_.start();
  out.resize(n_);
  std::size_t pos = 0;
  int prev_code = -1;
  while (pos < n_) {
    next_stamp();
    const std::uint8_t first = best_root(pos);
    if (prev_code >= 0) {
      if (dict_.end_string(prev_code, first)) {
        // The new string (prev + first) lengthens what prev and the strings it extends
        // can continue with: forget their lengths if this search has seen them (it has
        // seen a string only if it has seen its first pixel's).
        if (seen(dict_.root(prev_code))) {
          for (int a = prev_code; a >= 0; a = dict_.parent(a))
            memo_[static_cast<std::size_t>(a)] = 0;
        }
      } else {
        next_stamp();  // the dictionary was cleared
      }
    }
    // Walk the longest match from the chosen root.
    int code = first;
    out[pos] = first;
    std::size_t p = pos + 1;
    while (p < n_) {
      const std::uint8_t v0 = first_at[p], v1 = second_at[p];
      const int c0 = dict_.find(code, v0);
      const int c1 = v1 != v0 ? dict_.find(code, v1) : -1;
      int next;
      std::uint8_t pixel;
      if (c0 >= 0 && c1 >= 0) {
        const int len0 = extension(c0, p + 1);
        if (dict_.height(c1) > len0 && extension(c1, p + 1) > len0) {
          next = c1;
          pixel = v1;
        } else {
          next = c0;
          pixel = v0;
        }
      } else if (c0 >= 0) {
        next = c0;
        pixel = v0;
      } else if (c1 >= 0) {
        next = c1;
        pixel = v1;
      } else {
        break;
      }
      code = next;
      out[p++] = pixel;
    }
    prev_code = code;
    pos = p;
  }
  return dict_.finish();
}

std::uint8_t WildcardChooser::best_root(std::size_t pos) {
  const std::uint8_t v0 = first_[pos], v1 = second_[pos];
  if (v0 == v1) return v0;
  const int len0 = extension(v0, pos + 1);
  if (dict_.height(v1) > len0 && extension(v1, pos + 1) > len0) return v1;
  return v0;
}

int WildcardChooser::extension(int code, std::size_t pos) {
  const auto c = static_cast<std::size_t>(code);
  const std::uint32_t memo = memo_[c];
  if ((memo >> kLengthBits) == stamp_) return static_cast<int>(memo & ((1u << kLengthBits) - 1));
  int best = 0;
  const int limit = static_cast<int>(
      std::min<std::size_t>(static_cast<std::size_t>(dict_.height(code)), n_ - pos));
  if (limit > 0) {
    const std::uint8_t v0 = first_[pos], v1 = second_[pos];
    int a = dict_.find(code, v0);
    int b = v1 != v0 ? dict_.find(code, v1) : -1;
    if (a < 0 || (b >= 0 && dict_.height(b) > dict_.height(a))) std::swap(a, b);
    // The taller child first; the other only when it could do better.
    if (a >= 0) {
      best = 1 + extension(a, pos + 1);
      if (best < limit && b >= 0 && 1 + dict_.height(b) > best) {
        best = std::max(best, 1 + extension(b, pos + 1));
      }
    }
  }
  memo_[c] = stamp_ << kLengthBits | static_cast<std::uint32_t>(best);
  return best;
}

}  // namespace gif

using gif::count_lzw_bits;
using gif::count_lzw_bits_pair;
using gif::LzwDictionary;
using gif::WildcardChooser;

std::size_t gif_minimal_file_bytes(std::uint64_t lzw_bits, int bpp) {
  const std::size_t data = static_cast<std::size_t>((lzw_bits + 7) / 8);
  const std::size_t blocks = (data + 254) / 255;  // each sub-block starts with its length
  // "GIF89a", screen descriptor (7), colour table, image descriptor (10), LZW code size,
  // the data's sub-blocks and their terminator, trailer.
  return 6 + 7 + 3 * (std::size_t{1} << bpp) + 10 + 1 + data + blocks + 1 + 1;
}

struct GifLzwCounter::Impl {
  // giflib masks each pixel to the code size (at least 2 bits), not the table's bits.
  explicit Impl(int b)
      : dict(b), pair(b), mask(static_cast<std::uint8_t>((1 << std::max(2, b)) - 1)), bpp(b) {}
  LzwDictionary dict;
  LzwDictionary pair;  // the second image's, for bits_pair
  std::uint8_t mask;
  int bpp;
};

GifLzwCounter::GifLzwCounter(int bpp) : impl_(std::make_unique<Impl>(bpp)) {}
GifLzwCounter::~GifLzwCounter() = default;

std::uint64_t GifLzwCounter::bits(const std::uint8_t* pixels, std::size_t n) {
  return count_lzw_bits(impl_->dict, pixels, n, impl_->mask);
}

std::pair<std::uint64_t, std::uint64_t> GifLzwCounter::bits_pair(const std::uint8_t* a,
                                                                 const std::uint8_t* b,
                                                                 std::size_t n) {
  std::pair<std::uint64_t, std::uint64_t> bits;
  count_lzw_bits_pair(impl_->dict, a, impl_->pair, b, n, impl_->mask, bits.first, bits.second);
  return bits;
}

std::uint64_t gif_choose_pixels(const std::vector<std::uint8_t>& value,
                                const std::vector<std::uint8_t>& flexible, std::uint8_t clear_index,
                                bool transparent_first, int bpp, std::vector<std::uint8_t>& out) {
  WildcardChooser chooser(bpp);
  return chooser.choose(value, flexible, clear_index, transparent_first, out);
}

std::size_t GifLzwCounter::file_bytes(const std::uint8_t* pixels, std::size_t n) {
  return gif_minimal_file_bytes(bits(pixels, n), impl_->bpp);
}

}  // namespace spritec::render
