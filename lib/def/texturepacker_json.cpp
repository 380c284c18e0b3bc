#include "texturepacker_json.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>

#include <nlohmann/json.hpp>

namespace spritec::def::detail {
namespace {

using ojson = nlohmann::ordered_json;
constexpr std::size_t kNone = std::string::npos;

// One step of a JSON path: an object's key, or an array's index.
struct PathStep {
  std::string key;
  std::size_t index = kNone;
};
using JsonPath = std::vector<PathStep>;

JsonPath with(JsonPath path, std::string key) {
  path.push_back({std::move(key), kNone});
  return path;
}

JsonPath with(JsonPath path, std::size_t index) {
  path.push_back({std::string(), index});
  return path;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

// A key as a message shows it: at most 80 bytes (cut before a UTF-8 sequence), then "…".
std::string shown_key(const std::string& key) {
  constexpr std::size_t kShown = 80;
  if (key.size() <= kShown) return key;
  std::size_t end = kShown;
  while (end > 0 && (static_cast<unsigned char>(key[end]) & 0xC0) == 0x80)
    --end;
  return key.substr(0, end) + "\xE2\x80\xA6";
}

// frames["hero/walk 1.png"].frame.w, meta.size, frames[3].pivot.x
std::string path_text(const JsonPath& path) {
  std::string out;
  for (const PathStep& s : path) {
    if (s.index != kNone) {
      out += "[" + std::to_string(s.index) + "]";
    } else if (is_identifier(s.key) && s.key.size() <= 80) {
      out += (out.empty() ? "" : ".") + s.key;
    } else {
      out +=
          "[" + ojson(shown_key(s.key)).dump(-1, ' ', false, ojson::error_handler_t::replace) + "]";
    }
  }
  return out.empty() ? std::string("the document") : out;
}

// Where values are in the text: enough of JSON's structure to skip a value and to find
// the offset of a path's value. Used on text whose shape check_shape passed (so loops are
// bounded by its length and nesting is shallow); on text nlohmann rejected it only has to
// stay inside the text, which every loop does.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : t_(text) {}

  std::size_t skip_space(std::size_t i) const {
    while (i < t_.size() && std::strchr(" \t\r\n", t_[i]) != nullptr && t_[i] != '\0')
      ++i;
    return i;
  }

  // After the string that starts at i (its opening quote).
  std::size_t after_string(std::size_t i) const {
    for (++i; i < t_.size(); ++i) {
      if (t_[i] == '\\') {
        ++i;
      } else if (t_[i] == '"') {
        return i + 1;
      }
    }
    return t_.size();
  }

  // After the value that starts at i.
  std::size_t after_value(std::size_t i) const {
    if (i >= t_.size()) return t_.size();
    if (t_[i] == '"') return after_string(i);
    if (t_[i] == '{' || t_[i] == '[') {
      std::size_t depth = 0;
      for (; i < t_.size(); ++i) {
        const char c = t_[i];
        if (c == '"') {
          i = after_string(i) - 1;
        } else if (c == '{' || c == '[') {
          ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
          return i + 1;
        }
      }
      return t_.size();
    }
    while (i < t_.size() && std::strchr(",}] \t\r\n", t_[i]) == nullptr)
      ++i;
    return i;
  }

  // The key at i (a string token), decoded.
  std::string key_at(std::size_t i, std::size_t end) const {
    const std::string_view token = t_.substr(i, end - i);
    if (token.size() >= 2 && token.find('\\') == std::string_view::npos) {
      return std::string(token.substr(1, token.size() - 2));
    }
    const ojson decoded = ojson::parse(token.begin(), token.end(), nullptr, false);
    return decoded.is_string() ? decoded.get<std::string>() : std::string(token);
  }

  // fn(key, key offset, value offset) for each member of the object at i, in order.
  template <class F>
  void members(std::size_t i, F&& fn) const {
    if (i >= t_.size() || t_[i] != '{') return;
    for (i = skip_space(i + 1); i < t_.size() && t_[i] == '"';) {
      const std::size_t key_end = after_string(i);
      const std::size_t value = skip_space(skip_space(key_end) + 1);  // past the ':'
      fn(key_at(i, key_end), i, value);
      i = skip_space(after_value(value));
      if (i < t_.size() && t_[i] == ',') i = skip_space(i + 1);
    }
  }

  // fn(index, value offset) for each element of the array at i, in order.
  template <class F>
  void elements(std::size_t i, F&& fn) const {
    if (i >= t_.size() || t_[i] != '[') return;
    i = skip_space(i + 1);
    for (std::size_t n = 0; i < t_.size() && t_[i] != ']'; ++n) {
      fn(n, i);
      i = skip_space(after_value(i));
      if (i < t_.size() && t_[i] == ',') i = skip_space(i + 1);
    }
  }

  // The offset of the value at `path` below the value at `start`; of duplicate keys the
  // last, which is the one the parser keeps. kNone when it is not there.
  std::size_t find(const JsonPath& path, std::size_t start) const {
    if (start == 0 && t_.substr(0, 3) == "\xEF\xBB\xBF")
      start = 3;  // a BOM, as the parser skips it
    std::size_t at = skip_space(start);
    for (const PathStep& step : path) {
      std::size_t found = kNone;
      if (step.index != kNone) {
        elements(at, [&](std::size_t n, std::size_t value) {
          if (n == step.index) found = value;
        });
      } else {
        members(at, [&](const std::string& key, std::size_t, std::size_t value) {
          if (key == step.key) found = value;
        });
      }
      if (found == kNone) return at;  // as near as it gets: the enclosing value
      at = found;
    }
    return at;
  }
  std::size_t find(const JsonPath& path) const { return find(path, 0); }

 private:
  std::string_view t_;
};

// The depth and the number of values, counted on the raw text before nlohmann parses it,
// so that neither the parser's work nor the document it builds can grow past the caps.
diag::Status<JsonError> check_shape(std::string_view text) {
  int depth = 0;
  std::size_t values = 1;
  const Scanner scan(text);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      i = scan.after_string(i) - 1;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxJsonDepth) {
        return JsonError{JsonError::Kind::kDamaged,
                         "nests arrays and objects more than " + std::to_string(kMaxJsonDepth) +
                             " deep (TexturePacker's JSON needs 4)",
                         i};
      }
      if (c == '[') ++values;
    } else if (c == '}' || c == ']') {
      --depth;
    } else if (c == ':' || c == ',') {
      ++values;
    }
    if (values > kMaxJsonValues) {
      return JsonError{
          JsonError::Kind::kDamaged,
          "holds more than " + std::to_string(kMaxJsonValues) + " values; the limit is that many",
          i};
    }
  }
  return {};
}

// "syntax error while parsing object - unexpected end of input; expected '}'" from
// nlohmann's message, without its prefix and without the bytes it last read (which may
// be anything).
std::string syntax_reason(const std::string& what) {
  std::string reason = what;
  if (const std::size_t at = reason.find("syntax error"); at != std::string::npos) {
    reason = reason.substr(at);
  } else if (const std::size_t end = reason.find("] ");
             reason[0] == '[' && end != std::string::npos) {
    reason = reason.substr(end + 2);  // "[json.exception.out_of_range.406] number overflow …"
  }
  if (const std::size_t last = reason.find("; last read"); last != std::string::npos) {
    reason = reason.substr(0, last);
  }
  return reason;
}

// A reader that keeps the first problem and the path where it was.
class TpReader {
 public:
  JsonError error;
  JsonPath where;
  std::size_t placed = kNone;  // where it was, when known better than by `where`

  bool failed() const { return error.failed(); }
  void fail(const JsonPath& path, const std::string& what,
            JsonError::Kind kind = JsonError::Kind::kDamaged) {
    if (failed()) return;
    error.kind = kind;
    error.message = path_text(path) + " " + what;
    where = path;
  }

  // A whole number member in [lo, hi] (12.0 is 12); `fallback` when absent and optional.
  int integer(const ojson& obj, const JsonPath& path, const char* key, int lo, int hi,
              bool optional = false, int fallback = 0) {
    const JsonPath at = with(path, key);
    auto it = obj.find(key);
    if (it == obj.end()) {
      if (!optional) fail(at, "is missing");
      return fallback;
    }
    double v = 0;
    if (it->is_number_integer()) {
      v = static_cast<double>(it->get<std::int64_t>());
    } else if (it->is_number_unsigned()) {
      v = static_cast<double>(it->get<std::uint64_t>());
    } else if (it->is_number_float()) {
      v = it->get<double>();
      if (std::floor(v) != v) {
        fail(at, "is " + it->dump() + ", not a whole number");
        return fallback;
      }
    } else {
      fail(at, std::string("is ") + it->type_name() + ", not a number");
      return fallback;
    }
    if (v < lo || v > hi) {
      fail(at,
           "is " + it->dump() + ", outside " + std::to_string(lo) + " to " + std::to_string(hi));
      return fallback;
    }
    return static_cast<int>(v);
  }

  // A number member (any finite value JSON can write).
  double number(const ojson& obj, const JsonPath& path, const char* key) {
    auto it = obj.find(key);
    if (it == obj.end()) {
      fail(with(path, key), "is missing");
      return 0;
    }
    if (!it->is_number()) {
      fail(with(path, key), std::string("is ") + it->type_name() + ", not a number");
      return 0;
    }
    return it->get<double>();
  }

  const ojson* object(const ojson& obj, const JsonPath& path, const char* key,
                      bool optional = false) {
    auto it = obj.find(key);
    if (it == obj.end()) {
      if (!optional) fail(with(path, key), "is missing");
      return nullptr;
    }
    if (!it->is_object()) {
      fail(with(path, key), std::string("is ") + it->type_name() + ", not an object");
      return nullptr;
    }
    return &*it;
  }

  // A name: not empty, at most `cap` bytes, no control character.
  void check_name(const std::string& name, const JsonPath& path, std::size_t cap) {
    if (failed()) return;
    if (name.empty()) return fail(path, "is empty");
    if (name.size() > cap) {
      return fail(path, "is " + std::to_string(name.size()) + " bytes long; the limit is " +
                            std::to_string(cap));
    }
    for (unsigned char c : name) {
      if (c < 0x20 || c == 0x7f) return fail(path, "holds a control character");
    }
  }
};

std::string size_string(int w, int h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

// The frame's origin from `pivot` (or Pixi's `anchor`): fractions of the canvas, rounded
// to the nearest pixel, halves away from zero.
void read_pivot(TpReader& r, const ojson& f, const JsonPath& path, PackedFrame& out) {
  const char* key = f.contains("pivot") ? "pivot" : "anchor";
  const ojson* p = r.object(f, path, key, true);
  if (!p || r.failed()) return;
  const JsonPath at = with(path, key);
  const double fx = r.number(*p, at, "x");
  const double fy = r.number(*p, at, "y");
  if (r.failed()) return;
  const double x = fx * out.canvas.width;
  const double y = fy * out.canvas.height;
  if (!(std::fabs(x) <= kMaxOrigin && std::fabs(y) <= kMaxOrigin)) {
    return r.fail(at, "puts the origin " + std::string(std::fabs(x) > kMaxOrigin ? "x" : "y") +
                          " more than " + std::to_string(kMaxOrigin) +
                          " pixels from the frame's corner");
  }
  out.has_origin = true;
  out.origin = Point{static_cast<int>(std::llround(x)), static_cast<int>(std::llround(y))};
}

void read_frame(TpReader& r, const ojson& f, const JsonPath& path, PackedFrame& out) {
  if (!f.is_object()) return r.fail(path, std::string("is ") + f.type_name() + ", not an object");
  const ojson* rect = r.object(f, path, "frame");
  if (!rect) return;
  const JsonPath rp = with(path, "frame");
  const int x = r.integer(*rect, rp, "x", 0, kMaxImageSide),
            y = r.integer(*rect, rp, "y", 0, kMaxImageSide);
  const int w = r.integer(*rect, rp, "w", 0, kMaxImageSide),
            h = r.integer(*rect, rp, "h", 0, kMaxImageSide);
  if (auto it = f.find("rotated"); it != f.end()) {
    if (!it->is_boolean()) {
      return r.fail(with(path, "rotated"),
                    std::string("is ") + it->type_name() + ", not true or false");
    }
    out.rotated = it->get<bool>();
  }
  const ojson* source = r.object(f, path, "sourceSize", true);
  if (source) {
    const JsonPath sp = with(path, "sourceSize");
    out.canvas = Size{r.integer(*source, sp, "w", 1, kMaxImageSide),
                      r.integer(*source, sp, "h", 1, kMaxImageSide)};
  } else if (!r.failed() && (w == 0 || h == 0)) {
    return r.fail(rp, "has no pixel (" + size_string(w, h) + ") and the frame has no sourceSize");
  } else {
    out.canvas = Size{w, h};
  }
  if (const ojson* sss = r.object(f, path, "spriteSourceSize", true)) {
    const JsonPath sp = with(path, "spriteSourceSize");
    out.offset = Point{r.integer(*sss, sp, "x", 0, kMaxImageSide),
                       r.integer(*sss, sp, "y", 0, kMaxImageSide)};
    const int sw = r.integer(*sss, sp, "w", 0, kMaxImageSide),
              sh = r.integer(*sss, sp, "h", 0, kMaxImageSide);
    if (!r.failed() && (sw != w || sh != h)) {
      return r.fail(sp,
                    "is " + size_string(sw, sh) + " but frame is " + size_string(w, h) +
                        (out.rotated ? " (a rotated frame's frame holds the upright size)" : ""));
    }
  }
  if (r.failed()) return;
  if (out.offset.x + w > out.canvas.width || out.offset.y + h > out.canvas.height) {
    return r.fail(with(path, "spriteSourceSize"),
                  "places the " + size_string(w, h) + " frame at (" + std::to_string(out.offset.x) +
                      ", " + std::to_string(out.offset.y) + "), outside the sourceSize " +
                      size_string(out.canvas.width, out.canvas.height));
  }
  if (w == 0 || h == 0) {
    out.rect = Rect{x, y, 0, 0};  // no pixel: an empty frame of the canvas's size
    out.rotated = false;
  } else {
    out.rect = out.rotated ? Rect{x, y, h, w} : Rect{x, y, w, h};
  }
  read_pivot(r, f, path, out);
}

// The frames' names and where each frame's value starts; a name given twice fails.
struct Listed {
  std::vector<std::string> names;
  std::vector<std::size_t> offsets;
};

Listed list_frames(TpReader& r, const ojson& frames, const Scanner& scan, std::size_t frames_at) {
  Listed out;
  std::map<std::string, std::size_t> seen;  // name -> its frame's index
  // `named`: where the name is written (the hash key), or kNone (a filename, found by path).
  const auto add = [&](const std::string& name, const JsonPath& path, std::size_t at,
                       std::size_t named) {
    r.check_name(name, path, kMaxFrameNameBytes);
    auto [it, fresh] = seen.emplace(name, out.names.size());
    if (!fresh) {
      r.fail(path,
             "names frame '" + shown_key(name) + "' again (first at frames[" +
                 std::to_string(it->second) + "]): frame names must differ",
             JsonError::Kind::kDuplicateName);
    }
    if (r.failed() && r.placed == kNone) r.placed = named;
    out.names.push_back(name);
    out.offsets.push_back(at);
  };
  if (frames.is_object()) {
    // The text, not the parsed object: the parser keeps one of two equal keys silently.
    scan.members(frames_at, [&](const std::string& key, std::size_t key_at, std::size_t value) {
      if (!r.failed()) add(key, with({{"frames"}}, key), value, key_at);
    });
    return out;
  }
  std::vector<std::size_t> offsets;
  scan.elements(frames_at, [&](std::size_t, std::size_t value) { offsets.push_back(value); });
  for (std::size_t i = 0; i < frames.size() && !r.failed(); ++i) {
    const JsonPath path = with({{"frames"}}, i);
    const ojson& f = frames[i];
    auto name = f.is_object() ? f.find("filename") : f.end();
    if (!f.is_object()) {
      r.fail(path, std::string("is ") + f.type_name() + ", not an object");
    } else if (name == f.end() || !name->is_string()) {
      r.fail(with(path, "filename"), name == f.end() ? "is missing" : "is not a string");
    } else {
      add(name->get<std::string>(), with(path, "filename"), i < offsets.size() ? offsets[i] : 0,
          kNone);
    }
  }
  return out;
}

void read_meta(TpReader& r, const ojson& meta, const Scanner& scan, PackedSheet& out) {
  const JsonPath mp{{"meta"}};
  auto image = meta.find("image");
  if (image == meta.end() || !image->is_string()) {
    return r.fail(with(mp, "image"), image == meta.end() ? "is missing" : "is not a string");
  }
  out.image = image->get<std::string>();
  r.check_name(out.image, with(mp, "image"), kMaxImageNameBytes);
  out.image_at = scan.find(with(mp, "image"));
  if (const ojson* size = r.object(meta, mp, "size", true)) {
    out.image_size = Size{r.integer(*size, with(mp, "size"), "w", 1, kMaxImageSide),
                          r.integer(*size, with(mp, "size"), "h", 1, kMaxImageSide)};
    out.size_at = scan.find(with(mp, "size"));
  }
}

}  // namespace

TextPosition text_position(std::string_view text, std::size_t offset) {
  TextPosition p;
  const std::size_t end = std::min(offset, text.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

diag::Result<PackedSheet, JsonError> parse_texturepacker_json(std::string_view text) {
  if (diag::Status<JsonError> shape = check_shape(text); !shape) return shape.error;
  ojson doc;
  try {
    doc = ojson::parse(text.begin(), text.end());
  } catch (const ojson::parse_error& e) {
    return JsonError{JsonError::Kind::kDamaged, "is not JSON (" + syntax_reason(e.what()) + ")",
                     e.byte > 0 ? std::min<std::size_t>(e.byte - 1, text.size()) : 0};
  } catch (const ojson::exception& e) {
    // A number past a double's range (1e400) is nlohmann's out_of_range, not a parse error.
    return JsonError{JsonError::Kind::kDamaged, "is not JSON (" + syntax_reason(e.what()) + ")",
                     kNone};
  }
  const Scanner scan(text);
  TpReader r;
  if (!doc.is_object()) {
    return JsonError{
        JsonError::Kind::kDamaged,
        std::string("is ") + doc.type_name() + ", not TexturePacker's object of frames and meta",
        scan.skip_space(0)};
  }
  auto frames = doc.find("frames");
  if (frames == doc.end()) {
    r.fail({}, doc.contains("textures")
                   ? "has textures, not frames: TexturePacker's multi-pack form is not read; "
                     "export the sheet as JSON (Hash) or JSON (Array)"
                   : "has no frames (an object or an array)");
  } else if (!frames->is_object() && !frames->is_array()) {
    r.fail({{"frames"}}, std::string("is ") + frames->type_name() + ", not an object or an array");
  } else if (frames->size() > kMaxFrames) {
    r.fail({{"frames"}},
           "has " + std::to_string(frames->size()) + " frames; the limit is " +
               std::to_string(kMaxFrames),
           JsonError::Kind::kTooManyFrames);
  } else if (frames->empty()) {
    r.fail({{"frames"}}, "is empty");
  }
  const ojson* meta = r.failed() ? nullptr : r.object(doc, {}, "meta");
  PackedSheet out;
  if (!r.failed()) {
    const std::size_t frames_at = scan.find({{"frames"}});
    const Listed listed = list_frames(r, *frames, scan, frames_at);
    if (!r.failed() && listed.names.size() != frames->size()) {
      r.fail({{"frames"}}, "cannot be listed");  // the text and the parsed document disagree
    }
    for (std::size_t i = 0; i < listed.names.size() && !r.failed(); ++i) {
      const JsonPath path =
          frames->is_object() ? with({{"frames"}}, listed.names[i]) : with({{"frames"}}, i);
      PackedFrame f;
      f.name = listed.names[i];
      const auto value = frames->is_object() ? frames->find(listed.names[i])
                                             : frames->begin() + static_cast<std::ptrdiff_t>(i);
      if (value == frames->end()) {
        r.fail(path, "cannot be found");  // the text and the parsed document disagree
        break;
      }
      read_frame(r, *value, path, f);
      f.at = scan.find({{"frame"}}, listed.offsets[i]);
      out.frames.push_back(std::move(f));
    }
  }
  if (!r.failed()) read_meta(r, *meta, scan, out);
  if (r.failed()) {
    r.error.offset = r.placed != kNone ? r.placed : scan.find(r.where);
    return r.error;
  }
  return out;
}

}  // namespace spritec::def::detail
