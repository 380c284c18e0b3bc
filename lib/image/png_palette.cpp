// Indexed (palette) PNG writing: pages of at most 256 distinct RGBA values. libpng writes
// the file's IHDR, PLTE and tRNS; the pixel data (IDAT) is deflated by libdeflate or by
// libpng's own zlib (IndexedPngOptions; docs/performance.md, "PNG encoding" has the
// measurements that chose the default).
#include <png.h>

#include <libdeflate.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <climits>
#include <csetjmp>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

#include "spritec/image/image.hpp"
#include "spritec/image/png_filter.hpp"

namespace spritec::image {
namespace {

std::uint32_t load_u32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// The distinct colours of an image, in order of first use (rows top to bottom, pixels left
// to right), and each pixel's index into them. An open-addressing table of 1024 slots
// (at most 257 keys are ever inserted: the 257th ends the count).
class ColourCounter {
 public:
  ColourCounter() { slots_.fill(kEmpty); }

  // The index of `colour` (RGBA bytes loaded in native order), adding it when new; -1 once
  // a 257th colour is seen.
  int index_of(std::uint32_t colour) {
    std::uint32_t slot = (colour * 0x9E3779B1u) >> (32 - kBits);
    while (true) {
      const std::int32_t at = slots_[slot];
      if (at == kEmpty) break;
      if (colours_[std::size_t(at)] == colour) return at;
      slot = (slot + 1) & (kSlots - 1);
    }
    if (colours_.size() == 256) return -1;
    slots_[slot] = std::int32_t(colours_.size());
    colours_.push_back(colour);
    return int(colours_.size() - 1);
  }

  const std::vector<std::uint32_t>& colours() const { return colours_; }

 private:
  static constexpr int kBits = 10;
  static constexpr std::uint32_t kSlots = 1u << kBits;
  static constexpr std::int32_t kEmpty = -1;
  std::array<std::int32_t, kSlots> slots_;
  std::vector<std::uint32_t> colours_;
};

// The palette of an image and its pixels as indices into it, or nothing when it has more
// than 256 colours. Entries whose alpha is below 255 come first (so tRNS needs only as many
// entries as there are such colours), each group in order of first use. The indices are
// kept as PNG rows: each row a filter-type byte (0) and one byte a pixel, until pack_rows
// packs them at the bit depth in place (so a page costs one buffer of indices, not three).
struct Indexed {
  std::vector<std::array<std::uint8_t, 4>> palette;  // RGBA
  std::size_t translucent = 0;                       // entries with alpha < 255, first
  std::vector<std::uint8_t> rows;
  std::size_t row_bytes = 0;  // filter byte included
};

bool index_image(const Image& img, Indexed& out) {
  ColourCounter counter;
  const std::size_t w = std::size_t(img.width);
  out.row_bytes = w + 1;
  out.rows.assign(out.row_bytes * std::size_t(img.height), 0);
  const std::uint8_t* p = img.rgba.data();
  std::uint32_t last = 0;
  int last_index = -1;
  for (int y = 0; y < img.height; ++y) {
    std::uint8_t* row = out.rows.data() + std::size_t(y) * out.row_bytes + 1;
    for (std::size_t x = 0; x < w; ++x, p += 4) {
      const std::uint32_t c = load_u32(p);
      if (c != last || last_index < 0) {
        last_index = counter.index_of(c);
        if (last_index < 0) return false;
        last = c;
      }
      row[x] = std::uint8_t(last_index);
    }
  }
  const std::vector<std::uint32_t>& colours = counter.colours();
  std::array<std::uint8_t, 256> remap{};
  out.palette.clear();
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < colours.size(); ++i) {
      std::array<std::uint8_t, 4> rgba;
      std::memcpy(rgba.data(), &colours[i], 4);
      if ((rgba[3] < 255) != (pass == 0)) continue;
      remap[i] = std::uint8_t(out.palette.size());
      out.palette.push_back(rgba);
    }
    if (pass == 0) out.translucent = out.palette.size();
  }
  for (int y = 0; y < img.height; ++y) {
    std::uint8_t* row = out.rows.data() + std::size_t(y) * out.row_bytes + 1;
    for (std::size_t x = 0; x < w; ++x)
      row[x] = remap[row[x]];
  }
  return true;
}

int bit_depth_for(std::size_t colours) {
  return colours <= 2 ? 1 : colours <= 4 ? 2 : colours <= 16 ? 4 : 8;
}

// Packs the rows at `depth` bits a pixel (leftmost pixel in the high bits), in place: a
// packed row is never longer than its bytes, and rows are packed from the top, so nothing
// is overwritten before it is read. Each row keeps its filter-type byte 0 (none).
void pack_rows(Indexed& ix, int width, int height, int depth) {
  if (depth == 8) return;
  const std::size_t from = ix.row_bytes;
  const std::size_t to = 1 + (std::size_t(width) * std::size_t(depth) + 7) / 8;
  const int per_byte = 8 / depth;
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* in = ix.rows.data() + std::size_t(y) * from + 1;
    std::uint8_t* out = ix.rows.data() + std::size_t(y) * to;
    out[0] = 0;
    for (std::size_t b = 0; b + 1 < to; ++b) {
      std::uint8_t v = 0;
      for (int k = 0; k < per_byte; ++k) {
        const std::size_t x = b * std::size_t(per_byte) + std::size_t(k);
        if (x < std::size_t(width)) v |= std::uint8_t(in[x] << (8 - depth * (k + 1)));
      }
      out[1 + b] = v;
    }
  }
  ix.row_bytes = to;
  ix.rows.resize(to * std::size_t(height));
}

struct Output {
  Bytes bytes;
  bool failed = false;
};

void write_bytes(png_structp png, png_bytep data, png_size_t length) {
  auto* out = static_cast<Output*>(png_get_io_ptr(png));
  try {
    out->bytes.insert(out->bytes.end(), data, data + length);
  } catch (const std::bad_alloc&) {
    out->failed = true;
    png_error(png, "out of memory");
  }
}

void flush_nothing(png_structp) {}

// libpng reports problems through longjmp; its warnings (none are expected) are dropped.
[[noreturn]] void on_png_error(png_structp png, png_const_charp) {
  png_longjmp(png, 1);
}
void on_png_warning(png_structp, png_const_charp) {}

// Rows of data above which kSmaller decides on a sample of the rows instead of deflating
// the whole image both ways (docs/performance.md, "PNG encoding").
constexpr std::size_t kSampleAbove = 256 * 1024;
constexpr int kSampleBand = 16;  // rows in a sampled band
constexpr int kSampleEvery = 8;  // one band in this many

// The bands of rows kSmaller's choice is made on: one band of kSampleBand rows in every
// kSampleEvery, from the top.
std::vector<std::uint8_t> sample_rows(const std::vector<std::uint8_t>& rows, std::size_t row_bytes,
                                      int height) {
  std::vector<std::uint8_t> out;
  for (int y = 0; y < height; ++y) {
    if ((y / kSampleBand) % kSampleEvery != 0) continue;
    const std::uint8_t* row = rows.data() + std::size_t(y) * row_bytes;
    out.insert(out.end(), row, row + row_bytes);
  }
  return out;
}

// The sampled rows (sample_rows' bands) each filtered adaptively, from the unfiltered rows.
std::vector<std::uint8_t> sample_filtered(const std::vector<std::uint8_t>& rows,
                                          std::size_t row_bytes, int height) {
  std::vector<std::uint8_t> out;
  std::vector<std::uint8_t> scratch;
  for (int y = 0; y < height; ++y) {
    if ((y / kSampleBand) % kSampleEvery != 0) continue;
    const std::uint8_t* row = rows.data() + std::size_t(y) * row_bytes;
    const std::size_t at = out.size();
    out.insert(out.end(), row, row + row_bytes);
    filter_row_adaptive(out.data() + at, y > 0 ? row - row_bytes + 1 : nullptr, row_bytes - 1, 1,
                        scratch);
  }
  return out;
}

// Filters every row adaptively, in place, from the last row up: each row's prior row is
// still unfiltered when the row is.
void filter_all(std::vector<std::uint8_t>& rows, std::size_t row_bytes, int height) {
  std::vector<std::uint8_t> scratch;
  for (int y = height - 1; y >= 0; --y) {
    std::uint8_t* row = rows.data() + std::size_t(y) * row_bytes;
    filter_row_adaptive(row, y > 0 ? row - row_bytes + 1 : nullptr, row_bytes - 1, 1, scratch);
  }
}

// The zlib stream of the packed rows, by libdeflate: with filter type 0 (none) on every
// row, each row's adaptive choice, or whichever of the two streams is smaller (none on a
// tie). For kSmaller on more than kSampleAbove bytes of rows, "smaller" is judged on a
// sample (one band of 16 rows in 8, both ways) and only the winner deflates the whole:
// 1.25 deflates instead of 2, and the same choice on the benchmark pages. The rows are
// filtered in place (they are the PNG's data either way).
Bytes deflate_rows(std::vector<std::uint8_t>& rows, std::size_t row_bytes, int height, int level,
                   PngFilters filters) {
  libdeflate_compressor* c = libdeflate_alloc_compressor(level);
  if (c == nullptr) return {};
  Bytes out;
  if (filters == PngFilters::kNone) {
    out = zlib_compress(c, rows);
  } else if (filters == PngFilters::kAdaptive) {
    filter_all(rows, row_bytes, height);
    out = zlib_compress(c, rows);
  } else if (rows.size() > kSampleAbove) {
    const std::size_t none = zlib_compress(c, sample_rows(rows, row_bytes, height)).size();
    const std::size_t adaptive = zlib_compress(c, sample_filtered(rows, row_bytes, height)).size();
    if (adaptive != 0 && adaptive < none) filter_all(rows, row_bytes, height);
    out = zlib_compress(c, rows);
  } else {
    Bytes none = zlib_compress(c, rows);
    filter_all(rows, row_bytes, height);
    Bytes adaptive = zlib_compress(c, rows);
    out = !adaptive.empty() && (none.empty() || adaptive.size() < none.size()) ? std::move(adaptive)
                                                                               : std::move(none);
  }
  libdeflate_free_compressor(c);
  return out;
}

// What write_png needs, prepared beforehand: it makes nothing with a destructor, since a
// libpng error jumps back into it (longjmp).
struct Chunks {
  const Indexed* ix;
  int width;
  int height;
  int depth;
  int level;
  IndexedPngOptions options;
  const png_color* plte;
  std::size_t plte_size;
  const png_byte* trns;
  std::size_t trns_size;
  const Bytes* idat;  // the deflated rows (libdeflate)
  Output* out;
};

// libpng writes the signature, IHDR, PLTE and tRNS, then either the IDAT chunk deflated
// beforehand and IEND, or the rows through its own zlib. False on a libpng error.
bool write_png(const Chunks& c) {
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, on_png_error, on_png_warning);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    return false;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, c.out, write_bytes, flush_nothing);
  png_set_IHDR(png, info, png_uint_32(c.width), png_uint_32(c.height), c.depth,
               PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_set_PLTE(png, info, c.plte, int(c.plte_size));
  if (c.trns_size != 0) png_set_tRNS(png, info, c.trns, int(c.trns_size), nullptr);
  png_write_info(png, info);
  if (c.options.compressor == IdatCompressor::kLibdeflate) {
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IDAT"), c.idat->data(), c.idat->size());
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IEND"), nullptr, 0);
  } else {
    png_set_filter(png, PNG_FILTER_TYPE_BASE,
                   c.options.filters == PngFilters::kAdaptive ? PNG_ALL_FILTERS : PNG_FILTER_NONE);
    png_set_compression_level(png, std::min(c.level, 9));
    for (int y = 0; y < c.height; ++y) {
      // libpng adds the filter byte itself.
      png_write_row(png, c.ix->rows.data() + std::size_t(y) * c.ix->row_bytes + 1);
    }
    png_write_end(png, info);
  }
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace

Bytes encode_png_indexed(const Image& img, const IndexedPngOptions& options) {
  if (img.empty()) return {};
  assert(img.rgba.size() == std::size_t(img.width) * std::size_t(img.height) * 4);
  assert(options.level >= 1 && options.level <= 12);
  if (img.rgba.size() != std::size_t(img.width) * std::size_t(img.height) * 4) return {};
  const int level = std::clamp(options.level, 1, 12);
  if (options.compressor == IdatCompressor::kLibpngZlib &&
      options.filters == PngFilters::kSmaller) {
    IndexedPngOptions one = options;
    one.filters = PngFilters::kNone;
    Bytes none = encode_png_indexed(img, one);
    one.filters = PngFilters::kAdaptive;
    Bytes adaptive = encode_png_indexed(img, one);
    return !adaptive.empty() && adaptive.size() < none.size() ? adaptive : none;
  }
  // Under 2 GiB of filtered rows, like the RGBA encoder (and far under PNG's chunk limit).
  if ((std::int64_t{img.width} + 1) * img.height > std::int64_t{INT_MAX} / 2) return {};
  try {
    Indexed ix;
    if (!index_image(img, ix)) return {};
    const int depth = bit_depth_for(ix.palette.size());
    pack_rows(ix, img.width, img.height, depth);
    Bytes idat;
    if (options.compressor == IdatCompressor::kLibdeflate) {
      idat = deflate_rows(ix.rows, ix.row_bytes, img.height, level, options.filters);
      if (idat.empty()) return {};
      ix.rows = std::vector<std::uint8_t>();  // in idat now
    }

    std::vector<png_color> plte(ix.palette.size());
    std::vector<png_byte> trns(ix.translucent);
    for (std::size_t i = 0; i < ix.palette.size(); ++i) {
      plte[i] = {ix.palette[i][0], ix.palette[i][1], ix.palette[i][2]};
      if (i < ix.translucent) trns[i] = ix.palette[i][3];
    }
    Output out;
    out.bytes.reserve(idat.size() + 64 + plte.size() * 4);
    const Chunks chunks{&ix,         img.width,   img.height,  depth,       level, options,
                        plte.data(), plte.size(), trns.data(), trns.size(), &idat, &out};
    if (!write_png(chunks) || out.failed) return {};
    return std::move(out.bytes);
  } catch (const std::bad_alloc&) {
    return {};
  }
}

Bytes encode_png_auto(const Image& img, int level) {
  Bytes indexed = encode_png_indexed(img, IndexedPngOptions{level});
  if (!indexed.empty()) return indexed;
  return encode_png(img, level);
}

}  // namespace spritec::image
