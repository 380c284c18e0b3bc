#include "stb_oracle.hpp"

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_NO_STDIO
#include <stb_image.h>

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb_image_write.h>

namespace oracle {

Decoded stb_decode_rgba(const std::vector<std::uint8_t>& png) {
  Decoded d;
  int comp = 0;
  stbi_uc* p = stbi_load_from_memory(png.data(), int(png.size()), &d.width, &d.height, &comp, 4);
  if (p == nullptr) return {};
  d.rgba.assign(p, p + std::size_t(d.width) * std::size_t(d.height) * 4);
  stbi_image_free(p);
  return d;
}

std::vector<std::uint8_t> stb_encode_default(const std::vector<std::uint8_t>& rgba, int width,
                                             int height) {
  int len = 0;
  unsigned char* p = stbi_write_png_to_mem(rgba.data(), width * 4, width, height, 4, &len);
  if (p == nullptr) return {};
  std::vector<std::uint8_t> out(p, p + len);
  STBIW_FREE(p);
  return out;
}

}  // namespace oracle
