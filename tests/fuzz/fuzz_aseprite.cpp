// Fuzz target: Aseprite files (aseprite::parse, select_layers, Renderer).
//
// Every input either parses or is refused with a message and an offset inside the file;
// a parsed file's layers, cels, tags and slices point inside it; every frame of a parsed
// file (up to 32 frames and 256x256 px, to keep runs fast) either renders to exactly the
// canvas size or is refused with a message. Picking layers by the name of each layer
// always succeeds. Seeds: files the unit tests write (tests/unit/aseprite) and the slime
// sample's art.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "spritec/aseprite/aseprite.hpp"

namespace as = spritec::aseprite;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  as::Result<as::File> parsed = as::parse(std::vector<std::uint8_t>(data, data + size));
  if (!parsed) {
    FUZZ_CHECK(!parsed.error.message.empty());
    FUZZ_CHECK(parsed.error.offset <= size);
    return 0;
  }
  const as::File& f = parsed.value;
  FUZZ_CHECK(f.width >= 1 && f.height >= 1 && f.width <= as::kMaxSide && f.height <= as::kMaxSide);
  FUZZ_CHECK(!f.frames.empty());
  for (const as::Layer& l : f.layers)
    FUZZ_CHECK(l.parent < int(f.layers.size()));
  for (const as::Frame& fr : f.frames)
    for (const as::Cel& c : fr.cels) {
      FUZZ_CHECK(c.layer >= 0 && c.layer < int(f.layers.size()));
      FUZZ_CHECK(c.data <= size && c.size <= size - c.data);
    }
  for (const as::Tag& t : f.tags)
    FUZZ_CHECK(t.from <= t.to && t.to < int(f.frames.size()));
  for (const as::Slice& s : f.slices)
    for (const as::SliceKey& k : s.keys)
      FUZZ_CHECK(k.frame < int(f.frames.size()));

  as::Result<std::vector<bool>> all = as::select_layers(f, {});
  FUZZ_CHECK(all.ok());
  std::vector<std::string> names;
  for (const as::Layer& l : f.layers)
    names.push_back(l.path);
  FUZZ_CHECK(as::select_layers(f, names).ok());

  if (f.width > 256 || f.height > 256) return 0;
  as::Renderer render(f, all.value);
  for (int i = 0; i < int(f.frames.size()) && i < 32; ++i) {
    as::Result<spritec::image::Image> img = render.frame(i);
    if (!img) {
      FUZZ_CHECK(!img.error.message.empty());
      continue;
    }
    FUZZ_CHECK(img.value.width == f.width && img.value.height == f.height);
    FUZZ_CHECK(img.value.rgba.size() == std::size_t(f.width) * std::size_t(f.height) * 4);
  }
  return 0;
}
