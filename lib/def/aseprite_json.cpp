#include "aseprite_json.hpp"

#include <algorithm>
#include <limits>

#include <nlohmann/json.hpp>

namespace spritec::def::detail {
namespace {

using ojson = nlohmann::ordered_json;

// A reader that remembers the first problem and where (a JSON path) it was.
class Reader {
 public:
  std::string why;

  bool failed() const { return !why.empty(); }
  void fail(const std::string& path, const std::string& what) {
    if (why.empty()) why = path + " " + what;
  }

  // An integer member in [lo, hi]; `fallback` when absent and `optional`.
  int integer(const ojson& obj, const std::string& path, const char* key, int lo, int hi,
              bool optional = false, int fallback = 0) {
    const std::string at = path + "." + key;
    auto it = obj.find(key);
    if (it == obj.end()) {
      if (!optional) fail(at, "is missing");
      return fallback;
    }
    std::int64_t v = 0;
    if (it->is_number_integer()) {
      v = it->get<std::int64_t>();
    } else if (it->is_number_unsigned()) {
      v = it->get<std::uint64_t>() > std::uint64_t(hi) ? std::int64_t(hi) + 1
                                                       : std::int64_t(it->get<std::uint64_t>());
    } else if (it->is_string() && !it->get_ref<const std::string&>().empty() &&
               it->get_ref<const std::string&>().size() <= 9 &&
               it->get_ref<const std::string&>().find_first_not_of("0123456789") ==
                   std::string::npos) {
      v = std::stoll(it->get<std::string>());  // Aseprite writes a tag's repeat as "3"
    } else {
      fail(at, "is not a whole number");
      return fallback;
    }
    if (v < lo || v > hi) {
      fail(at, "is " + std::to_string(v) + ", outside " + std::to_string(lo) + " to " +
                   std::to_string(hi));
      return fallback;
    }
    return static_cast<int>(v);
  }

  const ojson* object(const ojson& obj, const std::string& path, const char* key,
                      bool optional = false) {
    auto it = obj.find(key);
    if (it == obj.end()) {
      if (!optional) fail(path + "." + key, "is missing");
      return nullptr;
    }
    if (!it->is_object()) {
      fail(path + "." + key, "is not an object");
      return nullptr;
    }
    return &*it;
  }

  Rect rect(const ojson& obj, const std::string& path, const char* key, int max) {
    const ojson* r = object(obj, path, key);
    if (!r) return {};
    const std::string at = path + "." + key;
    return Rect{integer(*r, at, "x", 0, max), integer(*r, at, "y", 0, max),
                integer(*r, at, "w", 0, max), integer(*r, at, "h", 0, max)};
  }
};

constexpr int kMaxSide = kMaxImageSide;

void read_frame(Reader& r, const ojson& f, const std::string& path, SourceFrame& out) {
  if (!f.is_object()) return r.fail(path, "is not an object");
  out.rect = r.rect(f, path, "frame", kMaxSide);
  if (auto it = f.find("rotated"); it != f.end() && it->is_boolean() && it->get<bool>()) {
    return r.fail(path + ".rotated",
                  "is true: rotated frames are not read (Aseprite never "
                  "rotates; export the sheet without rotation)");
  }
  const ojson* source = r.object(f, path, "sourceSize", true);
  out.canvas = source ? Size{r.integer(*source, path + ".sourceSize", "w", 1, kMaxSide),
                             r.integer(*source, path + ".sourceSize", "h", 1, kMaxSide)}
                      : Size{out.rect.width, out.rect.height};
  if (const ojson* sss = r.object(f, path, "spriteSourceSize", true)) {
    const std::string at = path + ".spriteSourceSize";
    out.offset =
        Point{r.integer(*sss, at, "x", 0, kMaxSide), r.integer(*sss, at, "y", 0, kMaxSide)};
    const int w = r.integer(*sss, at, "w", 0, kMaxSide), h = r.integer(*sss, at, "h", 0, kMaxSide);
    if (!r.failed() && (w != out.rect.width || h != out.rect.height)) {
      r.fail(at, "is " + std::to_string(w) + "x" + std::to_string(h) + " but frame is " +
                     std::to_string(out.rect.width) + "x" + std::to_string(out.rect.height));
    }
  }
  if (!r.failed() && (out.canvas.width == 0 || out.canvas.height == 0)) {
    // Without sourceSize the frame is its own canvas, and a canvas has pixels (an empty
    // trimmed frame keeps its canvas in sourceSize, as Aseprite writes it).
    return r.fail(path + ".frame", "is " + std::to_string(out.rect.width) + "x" +
                                       std::to_string(out.rect.height) +
                                       " and there is no sourceSize: a frame has at least one "
                                       "pixel of canvas");
  }
  if (!r.failed() && (out.offset.x + out.rect.width > out.canvas.width ||
                      out.offset.y + out.rect.height > out.canvas.height)) {
    r.fail(path + ".spriteSourceSize", "does not fit in sourceSize");
  }
  if (!r.failed() && (out.rect.width == 0 || out.rect.height == 0)) {
    out.rect.width = out.rect.height = 0;  // a fully trimmed frame: empty, of canvas size
  }
  out.duration_ms = r.integer(f, path, "duration", 1, 1000000, true, 100);
}

void read_tags(Reader& r, const ojson& meta, std::size_t frames, std::vector<SourceTag>& out) {
  auto it = meta.find("frameTags");
  if (it == meta.end()) return;
  if (!it->is_array()) return r.fail("meta.frameTags", "is not an array");
  if (it->size() > kMaxTags) {
    return r.fail("meta.frameTags", "has " + std::to_string(it->size()) + " tags; the limit is " +
                                        std::to_string(kMaxTags));
  }
  for (std::size_t i = 0; i < it->size() && !r.failed(); ++i) {
    const ojson& t = (*it)[i];
    const std::string path = "meta.frameTags[" + std::to_string(i) + "]";
    if (!t.is_object()) return r.fail(path, "is not an object");
    SourceTag tag;
    auto name = t.find("name");
    if (name == t.end() || !name->is_string() || name->get_ref<const std::string&>().empty()) {
      return r.fail(path + ".name", "is missing or not a name");
    }
    tag.name = name->get<std::string>();
    const int last = static_cast<int>(frames) - 1;
    tag.from = r.integer(t, path, "from", 0, std::max(last, 0));
    tag.to = r.integer(t, path, "to", 0, std::max(last, 0));
    if (!r.failed() && tag.from > tag.to) r.fail(path, "has from after to");
    std::string direction = "forward";
    if (auto d = t.find("direction"); d != t.end() && d->is_string())
      direction = d->get<std::string>();
    if (direction == "forward") {
      tag.direction = TagDirection::kForward;
    } else if (direction == "reverse") {
      tag.direction = TagDirection::kReverse;
    } else if (direction == "pingpong") {
      tag.direction = TagDirection::kPingpong;
    } else if (direction == "pingpong_reverse") {
      tag.direction = TagDirection::kPingpongReverse;
    } else {
      return r.fail(path + ".direction",
                    "is '" + direction + "', not forward, reverse, pingpong or pingpong_reverse");
    }
    tag.repeat = r.integer(t, path, "repeat", 0, 65535, true, 0);
    out.push_back(std::move(tag));
  }
}

void read_slices(Reader& r, const ojson& meta, std::size_t frames, std::vector<SourceSlice>& out) {
  auto it = meta.find("slices");
  if (it == meta.end()) return;
  if (!it->is_array()) return r.fail("meta.slices", "is not an array");
  if (it->size() > kMaxSlices) return r.fail("meta.slices", "has too many slices");
  std::size_t keys_total = 0;
  for (std::size_t i = 0; i < it->size() && !r.failed(); ++i) {
    const ojson& s = (*it)[i];
    const std::string path = "meta.slices[" + std::to_string(i) + "]";
    if (!s.is_object()) return r.fail(path, "is not an object");
    SourceSlice slice;
    auto name = s.find("name");
    if (name == s.end() || !name->is_string()) return r.fail(path + ".name", "is missing");
    slice.name = name->get<std::string>();
    auto keys = s.find("keys");
    if (keys == s.end() || !keys->is_array()) return r.fail(path + ".keys", "is missing");
    keys_total += keys->size();
    if (keys_total > kMaxSliceKeys) return r.fail(path + ".keys", "are too many");
    for (std::size_t k = 0; k < keys->size() && !r.failed(); ++k) {
      const ojson& key = (*keys)[k];
      const std::string at = path + ".keys[" + std::to_string(k) + "]";
      if (!key.is_object()) return r.fail(at, "is not an object");
      SliceKey out_key;
      out_key.frame = r.integer(key, at, "frame", 0, std::max(int(frames) - 1, 0));
      const ojson* b = r.object(key, at, "bounds");
      if (b) {
        const std::string bp = at + ".bounds";
        out_key.bounds =
            Rect{r.integer(*b, bp, "x", -kMaxSide, kMaxSide),
                 r.integer(*b, bp, "y", -kMaxSide, kMaxSide), r.integer(*b, bp, "w", 0, kMaxSide),
                 r.integer(*b, bp, "h", 0, kMaxSide)};
      }
      if (const ojson* p = r.object(key, at, "pivot", true)) {
        out_key.has_pivot = true;
        out_key.pivot = Point{r.integer(*p, at + ".pivot", "x", -kMaxSide, kMaxSide),
                              r.integer(*p, at + ".pivot", "y", -kMaxSide, kMaxSide)};
      }
      slice.keys.push_back(out_key);
    }
    out.push_back(std::move(slice));
  }
}

// How deep arrays and objects nest in `text`, counted until it passes `cap` (brackets
// inside strings do not count). A syntax error is left to the parser.
int nesting_depth(std::string_view text, int cap) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size() && deepest <= cap; ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;  // the escaped character, a quote perhaps
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

}  // namespace

std::vector<KeySpan> key_spans(const SourceSlice& slice, int frames) {
  std::vector<const SliceKey*> keys;
  for (const SliceKey& k : slice.keys) {
    if (k.frame >= 0 && k.frame < frames) keys.push_back(&k);
  }
  // Stable: of keys at one frame, file order is kept, and the later one is taken below.
  std::stable_sort(keys.begin(), keys.end(),
                   [](const SliceKey* a, const SliceKey* b) { return a->frame < b->frame; });
  std::vector<KeySpan> spans;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i + 1 < keys.size() && keys[i + 1]->frame == keys[i]->frame) continue;
    const int to = i + 1 < keys.size() ? keys[i + 1]->frame : frames;
    spans.push_back(KeySpan{keys[i]->frame, to, keys[i]});
  }
  return spans;
}

diag::Result<SourceData> parse_aseprite_json(std::string_view text) {
  if (nesting_depth(text, kMaxJsonDepth) > kMaxJsonDepth)
    return diag::fail("nests arrays and objects more than " + std::to_string(kMaxJsonDepth) +
                      " deep (the limit; Aseprite writes 5)");
  const ojson doc = ojson::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) return diag::fail("is not JSON (a syntax error)");
  Reader r;
  if (!doc.is_object()) return diag::fail("is not an Aseprite JSON object (no frames and meta)");
  auto frames = doc.find("frames");
  const ojson* meta = r.object(doc, "", "meta");
  if (frames == doc.end() || !(frames->is_object() || frames->is_array())) {
    return diag::fail("has no frames (an object or an array)");
  }
  if (frames->size() > kMaxFrames) {
    return diag::fail("has " + std::to_string(frames->size()) + " frames; the limit is " +
                      std::to_string(kMaxFrames));
  }
  SourceData out;
  std::size_t i = 0;
  for (auto it = frames->begin(); it != frames->end() && !r.failed(); ++it, ++i) {
    const std::string path =
        frames->is_object() ? "frames[\"" + it.key() + "\"]" : "frames[" + std::to_string(i) + "]";
    SourceFrame f;
    read_frame(r, it.value(), path, f);
    out.frames.push_back(f);
  }
  if (!r.failed() && out.frames.empty()) r.fail("frames", "is empty");
  if (meta && !r.failed()) {
    auto image = meta->find("image");
    if (image == meta->end() || !image->is_string() ||
        image->get_ref<const std::string&>().empty()) {
      r.fail("meta.image", "is missing (export with --sheet)");
    } else {
      out.image = image->get<std::string>();
    }
    if (const ojson* size = r.object(*meta, "meta", "size", true)) {
      out.image_size = Size{r.integer(*size, "meta.size", "w", 1, kMaxSide),
                            r.integer(*size, "meta.size", "h", 1, kMaxSide)};
    }
    read_tags(r, *meta, out.frames.size(), out.tags);
    read_slices(r, *meta, out.frames.size(), out.slices);
  }
  if (r.failed() || !meta) return diag::fail(r.failed() ? r.why : "meta is missing");
  return out;
}

}  // namespace spritec::def::detail
