// Fuzz target: Aseprite files (aseprite::parse, select_layers, Renderer).
//
// Every input either parses or is refused with a message and an offset inside the file;
// a parsed file's layers, cels, tags and slices point inside it; every frame of a parsed
// file (up to 32 frames and 256x256 px, to keep runs fast) either renders to exactly the
// canvas size or is refused with a message. Picking layers by the name of each layer
// always succeeds. A parsed file with tags is also loaded as an `aseprite:` sheet with
// `tags: true` through the definition loader, whose actions must be what the tags say
// (fuzz_tags.hpp), E0230 exactly when they would make more steps than the cap: findings 1
// and 2 of issue 23 were there, and only this target makes the tags of a binary file (the
// u16 repeat, the direction byte, empty names). Files without tags skip it, so the
// reader's runs stay fast. Seeds: files the unit tests write (tests/unit/aseprite), the
// slime sample's art, and issue 23's hostile shapes scaled down (seed-issue23-*).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "fuzz_tags.hpp"
#include "fuzz_temp_dir.hpp"
#include "spritec/aseprite/aseprite.hpp"
#include "spritec/def/definition.hpp"

namespace as = spritec::aseprite;

namespace {

// The file as an `aseprite:` sheet with tags: true, checked against its tags.
void check_tag_actions(const std::uint8_t* data, std::size_t size, const as::File& f) {
  static const FuzzTempDir dir("spritec-fuzz-aseprite");
  std::ofstream(dir.path() / "a.aseprite", std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  spritec::diag::Sink sink;
  spritec::def::LoadOptions options;
  options.root = dir.path();
  options.jobs = 1;
  const std::optional<spritec::def::Definition> d = spritec::def::load_definition_from(
      "pack: f\nsheets:\n  - name: s\n    aseprite: a.aseprite\n    tags: true\n",
      dir.path() / "f.sprites.yaml", options, sink);
  std::vector<fuzz_tags::Tag> tags;
  for (const as::Tag& t : f.tags)
    tags.push_back({t.name, t.from, t.to, int(t.direction), int(t.repeat)});
  std::vector<int> ms;
  for (const as::Frame& fr : f.frames)
    ms.push_back(fr.duration_ms);
  fuzz_tags::check(d ? &*d : nullptr, sink, tags, ms, "s");
}

}  // namespace

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
  if (!f.tags.empty()) check_tag_actions(data, size, f);

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
