// Fuzz target: Aseprite's JSON export as a sheet (aseprite_json:), through the definition
// loader (with and without tags: true, and with origin: {slice:}) and the atlas.
//
// The bytes are written as a.json into a temporary root that also holds atlas.png, a 32x32
// image whose every pixel differs, and a definition naming a.json is loaded:
// 1. Failure comes with an error; every diagnostic and note has a 1-based position or none;
//    the diagnostics render as text, JSON and GitHub annotations.
// 2. An accepted sheet is what the export says (docs/definitions.md, "Aseprite"), read here
//    from the JSON with nlohmann, not by spritec: frame i is s/i, its rectangle the JSON's
//    frame (empty when w or h is 0) inside the image, its canvas sourceSize (the frame's
//    own size without one), its offset spriteSourceSize's x, y, fitting the canvas, its
//    origin (0, 0), its duration the JSON's (100 ms without one).
// 3. build_atlas gives every frame its canvas as source size and (up to 64 frames) each
//    frame is exactly the image's rectangle placed at the offset on the canvas.
// 4. With tags: true (when the JSON has meta.frameTags): the actions are what
//    fuzz_tags.hpp derives from the tags, and E0230 comes exactly when the tags would
//    make more steps than the cap.
// 5. With origin: {slice: NAME} (NAME the first slice with a plain name): each frame's
//    origin is the key in effect at it (the last at or before it) plus its pivot; a frame
//    without such a key, or a key without a pivot, is E0215.
// Seeds: tests/fuzz/corpus/aseprite_json (hash and array exports, tags in every
// direction with repeats, slices with pivots, the hostile shapes of issue 23).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz_check.hpp"
#include "fuzz_diag.hpp"
#include "fuzz_sheet_image.hpp"
#include "fuzz_tags.hpp"
#include "spritec/atlas/atlas.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/diag/render.hpp"
#include "spritec/image/image.hpp"

namespace {

namespace def = spritec::def;
namespace diag = spritec::diag;
namespace image = spritec::image;
namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

volatile std::uint64_t g_sink = 0;

const fs::path& root() {
  return sheet_root("spritec-fuzz-aseprite-json");
}

// Loads the definition `extra` lines complete (keys of the sheet), checking 1.
std::optional<def::Definition> load(const std::string& extra, diag::Sink& sink) {
  const fs::path& dir = root();
  def::LoadOptions options;
  options.root = dir;
  options.jobs = 1;
  std::optional<def::Definition> d = def::load_definition_from(
      "pack: f\natlas: {padding: 0}\nsheets:\n  - name: s\n    aseprite_json: a.json\n" + extra,
      dir / "f.sprites.yaml", options, sink);
  check_positions(sink);
  g_sink = g_sink + render_all(sink);
  if (!d) FUZZ_CHECK(sink.has_errors());
  if (d) FUZZ_CHECK(!sink.has_errors());
  return d;
}

// A whole number as Aseprite writes it: a JSON integer or a string of digits ("3").
std::int64_t number(const ojson& v) {
  if (v.is_string()) return std::stoll(v.get<std::string>());
  FUZZ_CHECK(v.is_number_integer());
  return v.get<std::int64_t>();
}

std::int64_t member(const ojson& obj, const char* key, std::int64_t fallback) {
  auto it = obj.find(key);
  return it == obj.end() ? fallback : number(*it);
}

struct ExpectedFrame {
  def::Rect rect;
  def::Size canvas;
  def::Point offset;
  int ms = 100;
};

std::vector<ExpectedFrame> expected_frames(const ojson& doc) {
  std::vector<ExpectedFrame> out;
  for (const ojson& f : doc.at("frames")) {
    ExpectedFrame e;
    const ojson& r = f.at("frame");
    e.rect = def::Rect{int(number(r.at("x"))), int(number(r.at("y"))), int(number(r.at("w"))),
                       int(number(r.at("h")))};
    e.canvas = def::Size{e.rect.width, e.rect.height};
    if (auto s = f.find("sourceSize"); s != f.end())
      e.canvas = def::Size{int(number(s->at("w"))), int(number(s->at("h")))};
    if (auto s = f.find("spriteSourceSize"); s != f.end())
      e.offset = def::Point{int(number(s->at("x"))), int(number(s->at("y")))};
    if (e.rect.width == 0 || e.rect.height == 0) e.rect.width = e.rect.height = 0;
    e.ms = int(member(f, "duration", 100));
    out.push_back(e);
  }
  return out;
}

std::vector<fuzz_tags::Tag> expected_tags(const ojson& meta) {
  std::vector<fuzz_tags::Tag> out;
  auto tags = meta.find("frameTags");
  if (tags == meta.end()) return out;
  for (const ojson& t : *tags) {
    fuzz_tags::Tag tag;
    tag.name = t.at("name").get<std::string>();
    tag.from = int(number(t.at("from")));
    tag.to = int(number(t.at("to")));
    std::string dir = "forward";
    if (auto d = t.find("direction"); d != t.end() && d->is_string()) dir = d->get<std::string>();
    tag.direction = dir == "reverse"            ? 1
                    : dir == "pingpong"         ? 2
                    : dir == "pingpong_reverse" ? 3
                                                : 0;
    tag.repeat = int(member(t, "repeat", 0));
    out.push_back(tag);
  }
  return out;
}

void check_frames(const def::Definition& d, const std::vector<ExpectedFrame>& want) {
  FUZZ_CHECK(d.frames.size() == want.size());
  FUZZ_CHECK(d.sheets.size() == 1 && d.sheets[0].durations_ms.size() == want.size());
  FUZZ_CHECK(d.actions.empty());
  for (std::size_t i = 0; i < want.size(); ++i) {
    const def::Frame& f = d.frames[i];
    const ExpectedFrame& e = want[i];
    FUZZ_CHECK(f.name == "s/" + std::to_string(i));
    FUZZ_CHECK(f.rect == e.rect && f.canvas == e.canvas && f.offset == e.offset);
    FUZZ_CHECK(!f.rotated);
    FUZZ_CHECK(f.rect.x + f.rect.width <= kSheetSide && f.rect.y + f.rect.height <= kSheetSide);
    FUZZ_CHECK(f.canvas.width >= 1 && f.canvas.height >= 1);
    FUZZ_CHECK(f.canvas.width <= def::kMaxImageSide && f.canvas.height <= def::kMaxImageSide);
    FUZZ_CHECK(f.offset.x + f.rect.width <= f.canvas.width &&
               f.offset.y + f.rect.height <= f.canvas.height);
    FUZZ_CHECK(f.origin == def::Point{});
    FUZZ_CHECK(d.sheets[0].durations_ms[i] == e.ms && e.ms >= 1);
  }
}

// The untrimmed frame as the format describes it, from the source pixels.
image::Image expected_image(const def::Frame& f) {
  image::Image out(f.canvas.width, f.canvas.height);
  for (int v = 0; v < f.rect.height; ++v)
    for (int u = 0; u < f.rect.width; ++u)
      sheet_pixel(f.rect.x + u, f.rect.y + v, out.pixel(f.offset.x + u, f.offset.y + v));
  return out;
}

void check_atlas(const def::Definition& d) {
  check_sheet_atlas(d, expected_image);
}

void check_tags(const ojson& meta, const std::vector<ExpectedFrame>& frames) {
  const std::vector<fuzz_tags::Tag> tags = expected_tags(meta);
  if (tags.empty()) return;
  std::vector<int> ms;
  for (const ExpectedFrame& e : frames)
    ms.push_back(e.ms);
  diag::Sink sink;
  const std::optional<def::Definition> d = load("    tags: true\n", sink);
  fuzz_tags::check(d ? &*d : nullptr, sink, tags, ms, "s");
}

bool plain_name(const std::string& s) {
  if (s.empty() || s.size() > 32) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return true;
}

void check_slice_origins(const ojson& meta, std::size_t frames) {
  auto slices = meta.find("slices");
  if (slices == meta.end()) return;
  const ojson* slice = nullptr;
  for (const ojson& s : *slices)
    if (plain_name(s.at("name").get<std::string>())) {
      slice = &s;
      break;
    }
  if (!slice) return;
  const std::string name = slice->at("name").get<std::string>();
  // The first slice of that name is the one used.
  for (const ojson& s : *slices)
    if (s.at("name").get<std::string>() == name) {
      slice = &s;
      break;
    }
  std::vector<def::Point> want;
  bool refused = false;
  for (std::size_t i = 0; i < frames && !refused; ++i) {
    const ojson* key = nullptr;  // the last key at or before frame i
    std::int64_t key_frame = -1;
    for (const ojson& k : slice->at("keys")) {
      const std::int64_t at = number(k.at("frame"));
      if (at <= std::int64_t(i) && at >= key_frame) {
        key = &k;
        key_frame = at;
      }
    }
    if (!key || key->find("pivot") == key->end()) {
      refused = true;
      break;
    }
    const ojson& b = key->at("bounds");
    const ojson& p = key->at("pivot");
    const std::int64_t x = number(b.at("x")) + number(p.at("x"));
    const std::int64_t y = number(b.at("y")) + number(p.at("y"));
    if (std::max(std::abs(x), std::abs(y)) > 1000000) refused = true;
    want.push_back(def::Point{int(x), int(y)});
  }
  diag::Sink sink;
  const std::optional<def::Definition> d = load("    origin: {slice: " + name + "}\n", sink);
  if (refused) {
    FUZZ_CHECK(!d && fuzz_tags::has_code(sink, diag::Code::kSliceOrigin));
    return;
  }
  FUZZ_CHECK(d.has_value());
  for (std::size_t i = 0; i < frames; ++i)
    FUZZ_CHECK(d->frames[i].origin == want[i]);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::ofstream(root() / "a.json", std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  diag::Sink sink;
  const std::optional<def::Definition> d = load("", sink);
  if (!d) return 0;
  // Accepted: the JSON is an export in the format's shape, so the reads below hold.
  const ojson doc = ojson::parse(reinterpret_cast<const char*>(data),
                                 reinterpret_cast<const char*>(data) + size, nullptr, false);
  FUZZ_CHECK(!doc.is_discarded() && doc.is_object());
  const std::vector<ExpectedFrame> frames = expected_frames(doc);
  check_frames(*d, frames);
  check_atlas(*d);
  check_tags(doc.at("meta"), frames);
  check_slice_origins(doc.at("meta"), frames.size());
  return 0;
}
