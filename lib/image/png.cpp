// PNG reading (libpng) and writing (stb_image_write). This is the one translation unit of
// spritec_image that holds the stb_image_write implementation, compiled static (file-local)
// so another module defining its own copy cannot clash at link time.
#include <libdeflate.h>
#include <malloc.h>
#include <png.h>

#include <algorithm>
#include <cassert>
#include <climits>
#include <csetjmp>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "spritec/image/image.hpp"

namespace {

// The level of the encode_png call running on this thread. stbiw's own quality knob is a
// process-wide variable, so the level travels this way instead.
thread_local int t_level = spritec::image::kDefaultPngLevel;

// stb_image_write's zlib stream, made by libdeflate instead of stbiw's own compressor
// (smaller and faster). stbiw frees the buffer with STBIW_FREE, so it comes from malloc.
unsigned char* libdeflate_zlib(unsigned char* data, int data_len, int* out_len,
                               int /*stbiw's quality, unused*/) {
  libdeflate_compressor* c = libdeflate_alloc_compressor(t_level);
  if (c == nullptr) return nullptr;
  const std::size_t bound = libdeflate_zlib_compress_bound(c, std::size_t(data_len));
  unsigned char* out = nullptr;
  std::size_t n = 0;
  if (bound <= std::size_t(INT_MAX)) {
    out = static_cast<unsigned char*>(std::malloc(bound));
    if (out != nullptr) n = libdeflate_zlib_compress(c, data, std::size_t(data_len), out, bound);
  }
  libdeflate_free_compressor(c);
  if (n == 0) {
    std::free(out);
    return nullptr;
  }
  *out_len = int(n);
  return out;
}

// libpng allocates through png_counted_malloc, so that a failed allocation is known for
// what it is (libpng's own message would call it corrupt data).
thread_local bool t_alloc_failed = false;

// The bytes the decoder (libpng) holds on this thread now, and the most it held since the
// decode began: DecodeStats::decoder_peak_bytes.
thread_local std::size_t t_decoder_bytes = 0;
thread_local std::size_t t_decoder_peak = 0;

void count_alloc(void* p) {
  if (p == nullptr) return;
  t_decoder_bytes += malloc_usable_size(p);
  t_decoder_peak = std::max(t_decoder_peak, t_decoder_bytes);
}

void count_free(void* p) {
  if (p != nullptr) t_decoder_bytes -= malloc_usable_size(p);
}

}  // namespace

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#define STBIW_ZLIB_COMPRESS libdeflate_zlib
#include <stb_image_write.h>

namespace spritec::image {
namespace {

std::uint32_t be32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 |
         std::uint32_t(p[3]);
}

bool crc_ok(const std::uint8_t* chunk, std::uint32_t length) {
#ifdef SPRITEC_FUZZING
  (void)chunk;
  (void)length;
  return true;  // let mutated inputs reach the decoder
#else
  // The CRC covers the chunk type and data; it follows them.
  const std::uint32_t crc = libdeflate_crc32(0, chunk + 4, std::size_t(length) + 4);
  return crc == be32(chunk + 8 + length);
#endif
}

Error corrupt(std::string detail, int w = 0, int h = 0) {
  return {ErrorKind::kCorrupt, w, h, std::move(detail)};
}

Error out_of_memory(int w, int h) {
  return {ErrorKind::kOutOfMemory, w, h, "out of memory"};
}

// PNG colour types (PNG specification, section 11.2.2).
constexpr int kGrey = 0;
constexpr int kRgb = 2;
constexpr int kPalette = 3;
constexpr int kGreyAlpha = 4;
constexpr int kRgbAlpha = 6;

struct Header {
  int width = 0;
  int height = 0;
  int depth = 0;   // bits per sample (per index for palette images)
  int colour = 0;  // colour type
};

// Signature and IHDR, checked by hand (PNG specification, section 11.2.2).
Error parse_header(const std::uint8_t* data, std::size_t size, Header& header) {
  if (size < sizeof kPngSignature || std::memcmp(data, kPngSignature, sizeof kPngSignature) != 0) {
    return {ErrorKind::kNotPng, 0, 0, "not a PNG (no PNG signature)"};
  }
  if (size < kPngHeaderBytes) return corrupt("truncated PNG header");
  const std::uint8_t* ihdr = data + 8;
  if (std::memcmp(ihdr + 4, "IHDR", 4) != 0 || be32(ihdr) != 13) {
    return corrupt("the first chunk is not a 13-byte IHDR");
  }
  if (!crc_ok(ihdr, 13)) return corrupt("bad CRC in chunk IHDR");
  const std::uint32_t w = be32(ihdr + 8);
  const std::uint32_t h = be32(ihdr + 12);
  const int depth = ihdr[16];
  const int colour = ihdr[17];
  if (w == 0 || h == 0 || w > 0x7fffffffu || h > 0x7fffffffu) {
    return corrupt("invalid image dimensions in IHDR");
  }
  bool depth_ok = false;
  switch (colour) {
    case kGrey:
      depth_ok = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
      break;
    case kPalette:
      depth_ok = depth == 1 || depth == 2 || depth == 4 || depth == 8;
      break;
    case kRgb:
    case kGreyAlpha:
    case kRgbAlpha:
      depth_ok = depth == 8 || depth == 16;
      break;
    default:
      break;
  }
  if (!depth_ok || ihdr[18] != 0 || ihdr[19] != 0 || ihdr[20] > 1) {
    return corrupt("invalid colour type, bit depth or method in IHDR", int(w), int(h));
  }
  header = {int(w), int(h), depth, colour};
  return {};
}

// Every chunk is complete with a correct CRC, up to IEND; a palette image has at most one
// PLTE. Checked before libpng reads a byte, so each refusal has a message of its own.
Error check_chunks(const std::uint8_t* data, std::size_t size) {
  std::size_t pos = 8;
  bool seen_plte = false;
  while (true) {
    if (size - pos < 12) return corrupt("truncated PNG (no IEND chunk)");
    const std::uint8_t* chunk = data + pos;
    const std::uint32_t length = be32(chunk);
    if (length > 0x7fffffffu) return corrupt("invalid chunk length");
    const std::string type(reinterpret_cast<const char*>(chunk + 4), 4);
    if (size - pos - 12 < length) return corrupt("truncated chunk " + type);
    if (!crc_ok(chunk, length)) return corrupt("bad CRC in chunk " + type);
    if (type == "IEND") return {};
    if (type == "PLTE") {
      if (seen_plte) return corrupt("more than one PLTE chunk");
      seen_plte = true;
    }
    pos += 12 + std::size_t(length);
  }
}

// libpng reads the PNG from memory through this.
struct PngSource {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
  std::size_t pos = 0;
  char message[200] = {};  // libpng's error, when it longjmps
};

void png_read_memory(png_structp png, png_bytep out, png_size_t n) {
  auto* src = static_cast<PngSource*>(png_get_io_ptr(png));
  if (src->size - src->pos < n) png_error(png, "truncated PNG data");
  std::memcpy(out, src->data + src->pos, n);
  src->pos += n;
}

void png_read_failed(png_structp png, png_const_charp message) {
  auto* src = static_cast<PngSource*>(png_get_error_ptr(png));
  std::snprintf(src->message, sizeof src->message, "%s", message);
  png_longjmp(png, 1);
}

void png_read_warning(png_structp, png_const_charp) {}

png_voidp png_counted_malloc(png_structp, png_alloc_size_t n) {
  void* p = std::malloc(n);
  if (p == nullptr) t_alloc_failed = true;
  count_alloc(p);
  return p;
}

void png_counted_free(png_structp, png_voidp p) {
  count_free(p);
  std::free(p);
}

// Decodes a PNG of 8 bits or fewer a sample with libpng, row by row straight into `rgba`
// (width * height * 4 bytes, allocated by the caller), so nothing but libpng's row buffers
// and zlib's window is held besides the image. libpng's own transformations give the
// pixels of image.hpp's rules: palettes, grey and tRNS expanded, grey made RGB, opaque
// alpha added where there is none, no gamma. Returns false with libpng's reason in
// src.message. Only plain data lives in this frame: libpng leaves it by longjmp.
bool read_png_rows(PngSource& src, std::uint8_t* rgba, int width, int height) {
  png_structp png =
      png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &src, png_read_failed, png_read_warning,
                               nullptr, png_counted_malloc, png_counted_free);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, info != nullptr ? &info : nullptr, nullptr);
    return false;
  }
#ifdef SPRITEC_FUZZING
  png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);  // as crc_ok above
#endif
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);  // decode_png checked max_side
  png_set_read_fn(png, &src, png_read_memory);
  png_read_info(png, info);
  png_set_expand(png);
  png_set_scale_16(png);  // (v * 255 + 32895) >> 16: round(v * 255 / 65535), to nearest
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  const int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  const std::size_t row_bytes = std::size_t(width) * 4;
  if (png_get_rowbytes(png, info) != row_bytes ||
      png_get_image_width(png, info) != png_uint_32(width) ||
      png_get_image_height(png, info) != png_uint_32(height))
    png_error(png, "decoded size differs from the header");
  for (int pass = 0; pass < passes; ++pass) {
    for (int y = 0; y < height; ++y)
      png_read_row(png, rgba + std::size_t(y) * row_bytes, nullptr);
  }
  png_destroy_read_struct(&png, &info, nullptr);
  return true;
}

Error decode_libpng(const std::uint8_t* data, std::size_t size, const Header& header, Image& img) {
  const int w = header.width;
  const int h = header.height;
  img.rgba.resize(std::size_t(w) * std::size_t(h) * 4);  // may throw std::bad_alloc
  PngSource src;
  src.data = data;
  src.size = size;
  t_alloc_failed = false;
  if (read_png_rows(src, img.rgba.data(), w, h)) return {};
  if (t_alloc_failed) return out_of_memory(w, h);
  return corrupt(std::string("corrupt PNG data: ") + src.message, w, h);
}

}  // namespace

Result<Size> read_png_info(const std::uint8_t* data, std::size_t size) {
  Result<Size> r;
  Header header;
  r.error = parse_header(data, size, header);
  if (r.ok()) r.value = {header.width, header.height};
  return r;
}

std::optional<int> read_png_palette_size(const std::uint8_t* data, std::size_t size) {
  Header header;
  if (parse_header(data, size, header).failed() || header.colour != kPalette) return std::nullopt;
  std::size_t pos = 8;
  while (size - pos >= 12) {
    const std::uint32_t length = be32(data + pos);
    if (length > 0x7fffffffu || size - pos - 12 < length) return std::nullopt;
    if (std::memcmp(data + pos + 4, "PLTE", 4) == 0) {
      if (length % 3 != 0 || length == 0 || length > 256 * 3) return std::nullopt;
      return int(length / 3);
    }
    if (std::memcmp(data + pos + 4, "IDAT", 4) == 0) return std::nullopt;
    pos += 12 + std::size_t(length);
  }
  return std::nullopt;
}

Result<Image> decode_png(const std::uint8_t* data, std::size_t size, int max_side,
                         DecodeStats* stats) {
  Result<Image> r;
  Header header;
  r.error = parse_header(data, size, header);
  if (!r.ok()) return r;
  const int w = header.width;
  const int h = header.height;
  if (w > max_side || h > max_side) {
    r.error = {ErrorKind::kTooLarge, w, h, ""};
    return r;
  }
  r.error = check_chunks(data, size);
  if (!r.ok()) return r;
  t_decoder_bytes = 0;
  t_decoder_peak = 0;
  try {
    r.error = decode_libpng(data, size, header, r.value);
  } catch (const std::bad_alloc&) {
    r.error = out_of_memory(w, h);
  }
  if (stats != nullptr) {
    stats->decoder_peak_bytes = t_decoder_peak;
    stats->image_bytes = r.ok() ? r.value.rgba.size() : 0;
  }
  if (!r.ok()) {
    r.value = Image();
    return r;
  }
  r.value.width = w;
  r.value.height = h;
  return r;
}

Bytes encode_png_rgba_rows(const std::uint8_t* rgba, int width, int height, int stride, int level) {
  assert(width > 0 && height > 0 && stride >= width * 4);
  assert(level >= 1 && level <= 12);
  t_level = std::clamp(level, 1, 12);
  if (width <= 0 || height <= 0 || stride / 4 < width) return {};
  // stb_image_write sizes its buffers in int: (filter byte + row) * rows must fit.
  if ((std::int64_t{width} * 4 + 1) * height > std::int64_t{INT_MAX} / 2) return {};
  int length = 0;
  unsigned char* png = stbi_write_png_to_mem(rgba, stride, width, height, 4, &length);
  if (png == nullptr) return {};
  Bytes out(png, png + length);
  STBIW_FREE(png);
  return out;
}

Bytes encode_png(const Image& img, int level) {
  if (img.empty()) return {};
  assert(img.rgba.size() == std::size_t(img.width) * std::size_t(img.height) * 4);
  if (img.rgba.size() != std::size_t(img.width) * std::size_t(img.height) * 4) return {};
  return encode_png_rgba_rows(img.rgba.data(), img.width, img.height, img.width * 4, level);
}

}  // namespace spritec::image
