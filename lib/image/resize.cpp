// resize_smooth: stb_image_resize (Debian's libstb-dev) behind spritec's Image.
#include "spritec/image/image.hpp"

// The header is a system include (cmake/SpritecDeps.cmake): its warnings are its own.
#define STB_IMAGE_RESIZE_IMPLEMENTATION
#define STB_IMAGE_RESIZE_STATIC
#include <stb_image_resize.h>

namespace spritec::image {

Image resize_smooth(const Image& src, int out_w, int out_h, double scale_x, double scale_y,
                    double shift_x, double shift_y) {
  if (src.empty() || out_w <= 0 || out_h <= 0) return {};
  Image out(out_w, out_h);
  const int ok = stbir_resize_subpixel(
      src.rgba.data(), src.width, src.height, src.width * 4, out.rgba.data(), out_w, out_h,
      out_w * 4, STBIR_TYPE_UINT8, 4, 3, 0, STBIR_EDGE_CLAMP, STBIR_EDGE_CLAMP,
      STBIR_FILTER_DEFAULT, STBIR_FILTER_DEFAULT, STBIR_COLORSPACE_SRGB, nullptr, float(scale_x),
      float(scale_y), float(shift_x), float(shift_y));
  if (!ok) return {};
  for (std::size_t i = 0; i < out.rgba.size(); i += 4) {
    if (out.rgba[i + 3] == 0) out.rgba[i] = out.rgba[i + 1] = out.rgba[i + 2] = 0;
  }
  return out;
}

}  // namespace spritec::image
