// spritec::image — RGBA8 images and the pixel work the atlas and the previews need: PNG
// header reads, decoding and encoding, colour keys, trimming, cropping, copying, alpha
// compositing, flips, integer scaling, edge extrusion, hashing and comparison.
//
// Pixels are RGBA, 8 bits a channel, straight (not premultiplied) alpha, row-major with no
// padding between rows: pixel (x, y) starts at rgba[4 * (y * width + x)].
//
// Failure: nothing here prints, exits or throws. Bad *data* (bytes that are not a PNG, a
// corrupt or truncated PNG, a PNG over the size cap) is an error value (a Result: the
// diag::Result shape with image::Error), and so is running out of memory while decoding.
// Misuse by the caller (a rectangle outside its image, a scale factor below 1) is an
// assert; in builds without asserts the rectangle is clipped to the image, so memory is
// never touched out of bounds.
//
// Limits: decode_png refuses images wider or taller than max_side (16384 by default,
// DESIGN.md section 2) from the header alone, before anything is allocated. Every chunk's
// CRC is checked before decoding (skipped when built with SPRITEC_FUZZING, so mutated
// inputs reach the decoder). Decoding is libpng; encoding is
// stb_image_write with libdeflate as its compressor; hashing is XXH3. Callers reading PNG
// files cap them at kMaxPngFileBytes and check the first kPngHeaderBytes with
// read_png_info before reading the rest (docs/limits.md).
//
// Determinism: every function gives the same output for the same input on every
// platform; encode_png writes no time or version.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/diag/result.hpp"
#include "spritec/geom/geom.hpp"

namespace spritec::image {

using Bytes = std::vector<std::uint8_t>;

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4 bytes

  Image() = default;
  // A width x height image of transparent black (0, 0, 0, 0).
  Image(int w, int h);

  bool empty() const { return width <= 0 || height <= 0; }
  std::uint8_t* pixel(int x, int y) { return rgba.data() + (std::size_t(y) * width + x) * 4; }
  const std::uint8_t* pixel(int x, int y) const {
    return rgba.data() + (std::size_t(y) * width + x) * 4;
  }
};

// A rectangle of pixels (geom's). Empty when its width or height is 0.
using geom::Rect;

inline Rect whole(const Image& img) {
  return {0, 0, img.width, img.height};
}

using geom::Size;

inline constexpr int kDefaultMaxSide = 16384;

// The 8 bytes every PNG file starts with.
inline constexpr std::uint8_t kPngSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

// Bytes of a PNG up to the end of its IHDR chunk (signature 8, chunk length 4, type 4,
// data 13, CRC 4): all read_png_info needs.
inline constexpr std::size_t kPngHeaderBytes = 33;

// The largest PNG file spritec reads: 256 MiB. A 16384x16384 RGBA page of pixel art
// compresses to far less; a file this large is almost certainly not a sprite sheet.
inline constexpr std::uint64_t kMaxPngFileBytes = 256ull << 20;

enum class ErrorKind {
  kNone,
  kNotPng,       // the bytes do not start with the PNG signature (a JPEG, a BMP, text…)
  kCorrupt,      // a PNG signature, but damaged, truncated or unsupported data after it
  kTooLarge,     // a valid header whose width or height is over the cap (see width/height)
  kOutOfMemory,  // a valid PNG, but memory ran out while decoding it
};

struct Error {
  ErrorKind kind = ErrorKind::kNone;
  int width = 0;  // the header's dimensions, when they were read (always for kTooLarge)
  int height = 0;
  std::string detail;  // a short reason for kCorrupt ("bad CRC in chunk IDAT", …)

  bool failed() const { return kind != ErrorKind::kNone; }
};

// A value, or the Error that kept it from being made (docs/architecture.md, "Errors").
template <class T>
using Result = diag::Result<T, Error>;

// --- PNG ---------------------------------------------------------------------------------

// The dimensions from the PNG header (IHDR), without decoding: needs only the first
// kPngHeaderBytes of the file (more are ignored). Checks the signature (kNotPng otherwise)
// and that the first chunk is a well-formed IHDR with a correct CRC and legal field values
// (kCorrupt otherwise). Dimensions over the cap are returned, not refused: the caller
// applies its cap (and decode_png does).
Result<Size> read_png_info(const std::uint8_t* data, std::size_t size);
inline Result<Size> read_png_info(const Bytes& bytes) {
  return read_png_info(bytes.data(), bytes.size());
}

// The number of PLTE entries of an indexed PNG (colour type 3): read from the chunks before
// the first IDAT, without decoding or checking CRCs (a description, e.g. for `inspect`).
// nullopt for any other colour type, or when the header or PLTE cannot be read.
std::optional<int> read_png_palette_size(const std::uint8_t* data, std::size_t size);

// Decodes a PNG of any colour type and bit depth, interlaced or not, to RGBA8 — the
// pixels a PNG viewer shows (libpng's reading; docs/definitions.md, "PNG images"):
// - grey of 1, 2 or 4 bits is scaled to 8 exactly (v * 255 / (2^depth - 1));
// - 16-bit samples are rounded to nearest 8-bit values, round(v * 255 / 65535);
// - a palette's tRNS gives its entries' alpha; a grey or RGB tRNS key makes the pixels of
//   exactly that colour (compared at the file's depth) alpha 0, their colour kept;
// - images without alpha are opaque (255);
// - gAMA, cHRM, sRGB and iCCP are ignored: samples are taken as stored;
// - a file breaking a rule of PLTE or tRNS (a palette index past the palette's end, a tRNS
//   of the wrong length or place) gives what libpng gives (an index past the end is
//   opaque black; a tRNS libpng ignores is ignored).
// Order of checks: signature (kNotPng), header and dimensions against max_side (kTooLarge,
// before any allocation), chunk structure and CRCs (kCorrupt), then the decoder (kCorrupt
// with its reason, or kOutOfMemory).
//
// Memory: every PNG is decoded by libpng row by row straight into the image (16-bit
// samples rounded as they arrive), so besides the image's width * height * 4 bytes the
// decoder holds only its row buffers and zlib's window (a few rows' bytes).
struct DecodeStats {
  std::size_t image_bytes = 0;         // the decoded image's pixels
  std::size_t decoder_peak_bytes = 0;  // the most the decoder held at once besides them
};
Result<Image> decode_png(const std::uint8_t* data, std::size_t size, int max_side = kDefaultMaxSide,
                         DecodeStats* stats = nullptr);
inline Result<Image> decode_png(const Bytes& bytes, int max_side = kDefaultMaxSide,
                                DecodeStats* stats = nullptr) {
  return decode_png(bytes.data(), bytes.size(), max_side, stats);
}

// libdeflate levels (1..12) for encode_png. Measured on a 761x761 sprite page
// (docs/performance.md): level 6 is 20% smaller than stb_image_write's own compressor and
// faster; 12 is another 11% smaller but 30-40 times slower. The default is the tradeoff;
// a caller wanting the smallest files passes kSmallestPngLevel.
inline constexpr int kDefaultPngLevel = 6;
inline constexpr int kSmallestPngLevel = 12;

// Encodes an RGBA8 PNG (colour type 6, 8 bits; stb_image_write's per-row filter choice,
// libdeflate's compression at `level`). The bytes depend only on the pixels and the level:
// no time, no version. Returns an empty vector only for an empty image, an image over
// about 2 GiB of pixels, or when memory runs out.
[[nodiscard]] Bytes encode_png(const Image& img, int level = kDefaultPngLevel);
// Same, from rows that need not be contiguous: `stride` bytes from one row to the next
// (>= width * 4). `rgba` must hold (height - 1) * stride + width * 4 bytes.
[[nodiscard]] Bytes encode_png_rgba_rows(const std::uint8_t* rgba, int width, int height,
                                         int stride, int level = kDefaultPngLevel);

// Who deflates an indexed PNG's pixel data: libdeflate (one IDAT chunk) or libpng's own
// zlib (IDAT chunks of 8 KiB). Both are offered for the measurements of
// docs/performance.md ("PNG encoding"); spritec uses the defaults, which measured best
// (libdeflate: as small as libpng's zlib on the benchmark pages at level 6, and faster).
enum class IdatCompressor { kLibdeflate, kLibpngZlib };

// The rows' filter types: none on every row; adaptive, each row's type chosen among the
// five by the smallest sum of absolute values (the PNG specification's heuristic, libpng's
// own with its zlib); or both deflated and the smaller file kept (none on a tie). On
// pixel-art pages neither wins everywhere (docs/performance.md, "PNG encoding").
enum class PngFilters { kNone, kAdaptive, kSmaller };

struct IndexedPngOptions {
  int level = kDefaultPngLevel;  // 1..12 (libpng's zlib: 1..9, higher levels are 9)
  IdatCompressor compressor = IdatCompressor::kLibdeflate;
  PngFilters filters = PngFilters::kSmaller;
};

// Encodes an indexed PNG (colour type 3) of an image with at most 256 distinct RGBA
// values, lossless: decoding it gives every pixel's RGBA exactly (colour kept under alpha
// 0 too). The bit depth is the smallest that indexes the colours (1, 2, 4 or 8); PLTE has
// exactly the image's colours, those with alpha below 255 first (each group in order of
// first use, rows top to bottom), so tRNS holds only their alphas and is left out when
// every colour is opaque. Rows are filtered as options say. libpng writes the chunks; no
// time, no text, no version. Returns an empty vector for an image
// of more than 256 colours, an empty one, or when memory runs out.
[[nodiscard]] Bytes encode_png_indexed(const Image& img, const IndexedPngOptions& options = {});

// encode_png_indexed when the image has at most 256 colours, otherwise encode_png.
[[nodiscard]] Bytes encode_png_auto(const Image& img, int level = kDefaultPngLevel);

// --- colours -----------------------------------------------------------------------------

// "#rrggbb" -> 0xRRGGBBFF (alpha 0xFF); with allow_alpha also "#rrggbbaa" -> 0xRRGGBBAA.
// Hex digits in either case; nothing else (no spaces, no short forms): nullopt otherwise.
[[nodiscard]] std::optional<std::uint32_t> parse_hex_colour(std::string_view text,
                                                            bool allow_alpha);

// --- pixel operations ----------------------------------------------------------------------

// Every pixel whose red, green and blue are exactly (r, g, b), whatever its alpha,
// becomes transparent black (0, 0, 0, 0).
void apply_colorkey(Image& img, std::uint8_t r, std::uint8_t g, std::uint8_t b);

// The smallest rectangle inside `rect` that holds every pixel of `rect` whose alpha is not
// 0, in image coordinates. Rect{} (all zero) when every pixel of `rect` is transparent.
Rect trim_bounds(const Image& img, Rect rect);

// A copy of the pixels of `rect` (which must lie inside the image).
Image crop(const Image& img, Rect rect);

// A copy of the pixels of `rect` (which must lie inside the image) turned 90° counter-
// clockwise: rect.height wide and rect.width tall, pixel (x, y) of the copy being pixel
// (rect.x + rect.width - 1 - y, rect.y + x) of the image. It turns back a sprite a packer
// stored turned 90° clockwise (TexturePacker's rotated frames).
Image turn_counter_clockwise(const Image& img, Rect rect);

// Copies the pixels of `src_rect` of `src` into `dst` with their top-left corner at (x, y),
// replacing what was there (alpha included). Parts falling outside `dst` are skipped.
// `dst` and `src` must be different images.
void blit(Image& dst, int x, int y, const Image& src, Rect src_rect);

// Like blit, but composites `src` over `dst` (Porter-Duff "over", straight alpha). Exact
// integer arithmetic, rounded to nearest: an opaque source pixel replaces the destination
// exactly, a transparent one leaves it unchanged.
void blend_over(Image& dst, int x, int y, const Image& src, Rect src_rect);

// Mirrors the image in place: flip_x left-right, flip_y top-bottom.
void flip_x(Image& img);
void flip_y(Image& img);

// Every pixel becomes an n x n block (n >= 1). An empty image when the result would be
// wider or taller than 65536.
Image scale_nearest(const Image& img, int n);

// Resamples `src` into an out_w x out_h image with stb_image_resize's default filters
// (Catmull-Rom when enlarging, Mitchell when shrinking), weighted by alpha (no dark
// fringes) in the sRGB colour space, edges clamped. Output pixel x samples src around
// ((x + 0.5 + shift_x) / scale_x) (and likewise y): `shift` places the output window in
// the scaled plane, in output pixels. Every fully transparent output pixel is (0, 0, 0, 0).
// Deterministic: the same arguments give the same bytes. An empty image when either size
// is 0 or src is empty.
Image resize_smooth(const Image& src, int out_w, int out_h, double scale_x, double scale_y,
                    double shift_x, double shift_y);

// Repeats the edge pixels of `rect` (already drawn in dst) n times outward: the n columns
// left of the rect copy its left column, the n rows above copy its top row, and so on; the
// n x n corner squares take the corner pixels. Pixels outside dst are skipped.
void extrude(Image& dst, Rect rect, int n);

// XXH3-64 of the rectangle's width and height (each as 4 little-endian bytes) followed by
// its rows of RGBA bytes. Equal pixels in equal sizes give equal hashes anywhere in any
// image; use equal_rect to confirm a match.
std::uint64_t hash_rect(const Image& img, Rect rect);

// True when both rectangles have the same size and the same bytes, pixel for pixel.
bool equal_rect(const Image& a, Rect ra, const Image& b, Rect rb);

}  // namespace spritec::image
