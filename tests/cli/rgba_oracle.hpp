// PNG files decoded by stb_image, not by spritec: the oracle the CLI tests compare spritec's
// pixels with. Each test file that includes this gets a static stb_image of its own (as
// cli_test.cpp has), which spritec's image code does not go through.
#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

namespace spritec_cli_test {

// An image as RGBA bytes, row-major; 0x0 when the file could not be decoded.
struct Rgba {
  int w = 0;
  int h = 0;
  std::vector<unsigned char> px;
  bool operator==(const Rgba& o) const { return w == o.w && h == o.h && px == o.px; }
  const unsigned char* at(int x, int y) const { return px.data() + (std::size_t(y) * w + x) * 4; }
};

inline Rgba load_rgba(const std::filesystem::path& file) {
  Rgba img;
  int n = 0;
  unsigned char* p = stbi_load(file.string().c_str(), &img.w, &img.h, &n, 4);
  if (!p) return img;
  img.px.assign(p, p + std::size_t(img.w) * std::size_t(img.h) * 4);
  stbi_image_free(p);
  return img;
}

}  // namespace spritec_cli_test
