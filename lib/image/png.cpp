// PNG reading and writing. This is the one translation unit of spritec_image that holds the
// stb_image and stb_image_write implementations; both are compiled static (file-local)
// so another module defining its own copy cannot clash at link time.
#include <libdeflate.h>

#include <algorithm>
#include <cassert>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>

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

}  // namespace

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#include <stb_image.h>

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#define STBIW_ZLIB_COMPRESS libdeflate_zlib
#include <stb_image_write.h>

namespace spritec::image {
namespace {

constexpr std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

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

// Signature and IHDR, checked by hand (PNG specification, section 11.2.2).
Result<Size> parse_header(const std::uint8_t* data, std::size_t size) {
  Result<Size> r;
  if (size < sizeof kSignature || std::memcmp(data, kSignature, sizeof kSignature) != 0) {
    r.error = {ErrorKind::kNotPng, 0, 0, "not a PNG (no PNG signature)"};
    return r;
  }
  // Signature (8), IHDR length and type (8), IHDR data (13), CRC (4).
  if (size < 33) {
    r.error = corrupt("truncated PNG header");
    return r;
  }
  const std::uint8_t* ihdr = data + 8;
  if (std::memcmp(ihdr + 4, "IHDR", 4) != 0 || be32(ihdr) != 13) {
    r.error = corrupt("the first chunk is not a 13-byte IHDR");
    return r;
  }
  if (!crc_ok(ihdr, 13)) {
    r.error = corrupt("bad CRC in chunk IHDR");
    return r;
  }
  const std::uint32_t w = be32(ihdr + 8);
  const std::uint32_t h = be32(ihdr + 12);
  const int depth = ihdr[16];
  const int color = ihdr[17];
  if (w == 0 || h == 0 || w > 0x7fffffffu || h > 0x7fffffffu) {
    r.error = corrupt("invalid image dimensions in IHDR");
    return r;
  }
  bool depth_ok = false;
  switch (color) {
    case 0:  // grey
      depth_ok = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
      break;
    case 3:  // palette
      depth_ok = depth == 1 || depth == 2 || depth == 4 || depth == 8;
      break;
    case 2:  // RGB
    case 4:  // grey + alpha
    case 6:  // RGBA
      depth_ok = depth == 8 || depth == 16;
      break;
    default:
      break;
  }
  if (!depth_ok || ihdr[18] != 0 || ihdr[19] != 0 || ihdr[20] > 1) {
    r.error = corrupt("invalid colour type, bit depth or method in IHDR", int(w), int(h));
    return r;
  }
  r.value = {int(w), int(h)};
  return r;
}

// Every chunk is complete with a correct CRC, up to IEND. stb_image checks neither.
Error check_chunks(const std::uint8_t* data, std::size_t size) {
  std::size_t pos = 8;
  while (true) {
    if (size - pos < 12) return corrupt("truncated PNG (no IEND chunk)");
    const std::uint8_t* chunk = data + pos;
    const std::uint32_t length = be32(chunk);
    if (length > 0x7fffffffu) return corrupt("invalid chunk length");
    const std::string type(reinterpret_cast<const char*>(chunk + 4), 4);
    if (size - pos - 12 < length) return corrupt("truncated chunk " + type);
    if (!crc_ok(chunk, length)) return corrupt("bad CRC in chunk " + type);
    if (type == "IEND") return {};
    pos += 12 + std::size_t(length);
  }
}

}  // namespace

Result<Size> read_png_info(const std::uint8_t* data, std::size_t size) {
  Result<Size> r = parse_header(data, size);
  if (!r.ok()) return r;
  // stb_image's own reading of the header, within the sizes it is asked to decode.
  if (r.value.width <= kDefaultMaxSide && r.value.height <= kDefaultMaxSide &&
      size <= std::size_t(INT_MAX)) {
    int x = 0;
    int y = 0;
    int comp = 0;
    if (!stbi_info_from_memory(data, int(size), &x, &y, &comp) || x != r.value.width ||
        y != r.value.height) {
      r.error = corrupt(std::string("unreadable PNG header: ") + stbi_failure_reason(),
                        r.value.width, r.value.height);
    }
  }
  return r;
}

Result<Image> decode_png(const std::uint8_t* data, std::size_t size, int max_side) {
  Result<Image> r;
  const Result<Size> header = parse_header(data, size);
  if (!header.ok()) {
    r.error = header.error;
    return r;
  }
  const int w = header.value.width;
  const int h = header.value.height;
  if (w > max_side || h > max_side) {
    r.error = {ErrorKind::kTooLarge, w, h, ""};
    return r;
  }
  r.error = check_chunks(data, size);
  if (!r.ok()) return r;
  if (size > std::size_t(INT_MAX)) {
    r.error = corrupt("PNG data over 2 GiB", w, h);
    return r;
  }
  int x = 0;
  int y = 0;
  int comp = 0;
  stbi_uc* pixels = stbi_load_from_memory(data, int(size), &x, &y, &comp, 4);
  if (pixels == nullptr) {
    r.error = corrupt(std::string("corrupt PNG data: ") + stbi_failure_reason(), w, h);
    return r;
  }
  if (x != w || y != h) {
    stbi_image_free(pixels);
    r.error = corrupt("decoded size differs from the header", w, h);
    return r;
  }
  r.value.width = w;
  r.value.height = h;
  r.value.rgba.assign(pixels, pixels + std::size_t(w) * std::size_t(h) * 4);
  stbi_image_free(pixels);
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
