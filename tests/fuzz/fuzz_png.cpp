// Fuzz target: PNG header reads and decoding.
//
// 1. image::read_png_info and image::decode_png (max side 1024). A decoded image has the
//    dimensions the header gave and exactly width * height * 4 bytes; nothing over the cap
//    is ever decoded.
//    (The definition checker reads headers with read_png_info too: one reader, fuzzed here.)
// 2. Round trip: a decoded image (up to 64x64) is encoded with encode_png and decoded
//    again to the same pixels.
// Built with SPRITEC_FUZZING (fuzz builds only) the image module skips CRC checks, so
// mutations reach stb_image; without it, mutated CRCs stop at the chunk check.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "fuzz_check.hpp"
#include "spritec/image/image.hpp"

namespace {

namespace image = spritec::image;

constexpr int kMaxSide = 1024;
constexpr int kMaxRoundTripSide = 64;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const image::Result<image::Size> info = image::read_png_info(data, size);
  if (info) {
    FUZZ_CHECK(info.value.width >= 1 && info.value.height >= 1);
  } else {
    FUZZ_CHECK(info.error.kind != image::ErrorKind::kNone);
  }

  const image::Result<image::Image> decoded = image::decode_png(data, size, kMaxSide);
  if (!decoded) {
    if (decoded.error.kind == image::ErrorKind::kTooLarge) {
      FUZZ_CHECK(decoded.error.width > kMaxSide || decoded.error.height > kMaxSide);
    }
    return 0;
  }
  const image::Image& img = decoded.value;
  FUZZ_CHECK(img.width >= 1 && img.height >= 1);
  FUZZ_CHECK(img.width <= kMaxSide && img.height <= kMaxSide);
  FUZZ_CHECK(img.rgba.size() == std::size_t(img.width) * std::size_t(img.height) * 4);
  // decode_png accepted the header, so read_png_info must have read the same dimensions.
  FUZZ_CHECK(info);
  FUZZ_CHECK(info.value.width == img.width && info.value.height == img.height);

  if (img.width <= kMaxRoundTripSide && img.height <= kMaxRoundTripSide) {
    const image::Bytes png = image::encode_png(img, 1);
    FUZZ_CHECK(!png.empty());
    const image::Result<image::Image> again = image::decode_png(png);
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(again.value.width == img.width && again.value.height == img.height);
    FUZZ_CHECK(again.value.rgba == img.rgba);
  }
  return 0;
}
