// Flare's animation definition files: the reader (parse), Flare's timing (duration_ticks,
// frame_ticks) and the step list spritec plays (timeline). flare.hpp says what is read.
#include "spritec/def/flare.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "spritec/diag/utf8.hpp"

namespace spritec::def::flare {
namespace {

constexpr std::string_view kSpace = " \f\n\r\t\v";  // what Flare's Parse::trim strips

// A piece of the current line: its text and its 1-based column.
struct Piece {
  std::string_view text;
  int column = 1;
  Position at(int line) const {
    return Position{line, column, column + static_cast<int>(std::max<std::size_t>(1, text.size()))};
  }
};

Piece trimmed(Piece p) {
  const std::size_t first = p.text.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return Piece{std::string_view(), p.column};
  const std::size_t last = p.text.find_last_not_of(kSpace);
  return Piece{p.text.substr(first, last - first + 1), p.column + static_cast<int>(first)};
}

// A value split at ',' and ';' (Flare's popFirstString), each part trimmed.
std::vector<Piece> fields(Piece value) {
  std::vector<Piece> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= value.text.size(); ++i) {
    if (i == value.text.size() || value.text[i] == ',' || value.text[i] == ';') {
      out.push_back(trimmed(
          Piece{value.text.substr(start, i - start), value.column + static_cast<int>(start)}));
      start = i + 1;
    }
  }
  return out;
}

// A whole number written [+-]digits (at most 9 digits), or nothing.
std::optional<std::int64_t> whole(std::string_view s) {
  std::size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  if (i == s.size() || s.size() - i > 9) return std::nullopt;
  std::int64_t v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return negative ? -v : v;
}

// Flare's direction names (Parse::toDirection: map directions, N = 3 … SW = 0).
std::optional<int> direction(std::string_view s) {
  static const std::map<std::string_view, int> kNames = {{"SW", 0}, {"W", 1}, {"NW", 2}, {"N", 3},
                                                         {"NE", 4}, {"E", 5}, {"SE", 6}, {"S", 7}};
  if (auto it = kNames.find(s); it != kNames.end()) return it->second;
  const std::optional<std::int64_t> n = whole(s);
  if (!n || *n < 0 || *n >= kDirections) return std::nullopt;
  return static_cast<int>(*n);
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  diag::Result<File, Error> run() {
    if (text_.size() > kMaxFileBytes) {
      return fail(Position{1, 1, 2}, "the file is " + std::to_string(text_.size()) +
                                         " bytes; the limit is " + std::to_string(kMaxFileBytes));
    }
    if (const std::size_t bad = diag::find_invalid_utf8(text_); bad != std::string_view::npos)
      return fail(position_of(bad), "is not UTF-8 text (byte " + std::to_string(bad) + ")");
    std::size_t start = 0;
    while (start < text_.size() && !error_.failed()) {
      std::size_t end = text_.find('\n', start);
      if (end == std::string_view::npos) end = text_.size();
      ++line_;
      std::string_view raw = text_.substr(start, end - start);
      if (raw.size() > kMaxLineBytes) {
        return fail(Position{line_, 1, 2}, "line is " + std::to_string(raw.size()) +
                                               " bytes long; the limit is " +
                                               std::to_string(kMaxLineBytes));
      }
      read_line(raw);
      start = end + 1;
    }
    if (!error_.failed()) finish_section();
    if (!error_.failed() && file_.image.empty())
      fail(Position{1, 1, 2}, "has no image= line (the sheet image, before the first [section])");
    if (!error_.failed() && file_.animations.empty())
      fail(Position{std::max(line_, 1), 1, 2}, "has no [section]: no animation");
    if (error_.failed()) return error_;
    return std::move(file_);
  }

 private:
  Error fail(Position at, std::string message) {
    if (!error_.failed()) error_ = Error{std::move(message), at};
    return error_;
  }

  Position position_of(std::size_t offset) const {
    int line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i) {
      if (text_[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    }
    const int column = static_cast<int>(offset - line_start) + 1;
    return Position{line, column, column + 1};
  }

  void read_line(std::string_view raw) {
    for (std::size_t i = 0; i < raw.size(); ++i) {
      const auto c = static_cast<unsigned char>(raw[i]);
      const bool cr_at_end = c == '\r' && i + 1 == raw.size();
      if ((c < 0x20 && c != '\t' && !cr_at_end) || c == 0x7f) {
        const int column = static_cast<int>(i) + 1;
        fail(Position{line_, column, column + 1},
             "holds a control character (byte 0x" + hex(c) + ")");
        return;
      }
    }
    const Piece line = trimmed(Piece{raw, 1});
    if (line.text.empty() || line.text[0] == '#') return;
    if (line.text[0] == '[') return section(line);
    if (line.text == "APPEND") {
      fail(line.at(line_),
           "APPEND extends the same file of another mod; spritec reads one file: write the "
           "merged file");
      return;
    }
    if (line.text.substr(0, 8) == "INCLUDE ") {
      fail(line.at(line_), "INCLUDE is not supported: write the included lines into the file");
      return;
    }
    const std::size_t eq = line.text.find('=');
    if (eq == std::string_view::npos) {
      fail(line.at(line_), "'" + shown(line.text) + "' is not key=value nor a [section]");
      return;
    }
    const Piece key = trimmed(Piece{line.text.substr(0, eq), line.column});
    const Piece value =
        trimmed(Piece{line.text.substr(eq + 1), line.column + static_cast<int>(eq) + 1});
    if (!in_section_) return top_key(key, value);
    section_key(key, value);
  }

  static std::string hex(unsigned c) {
    const char* digits = "0123456789abcdef";
    return std::string{digits[(c >> 4) & 15], digits[c & 15]};
  }
  static std::string shown(std::string_view s) {
    return diag::shown_name(s.size() > 60 ? std::string(s.substr(0, 60)) + "..." : std::string(s));
  }

  // --- before the first section ---------------------------------------------------------
  void top_key(const Piece& key, const Piece& value) {
    const std::string k(key.text);
    if (k == "image") return image(value);
    if (k == "render_size") {
      const auto v = numbers(value, 2, 0, kMaxCoordinate, "render_size", "W,H");
      if (v) render_size_ = Size{(*v)[0], (*v)[1]};
      return;
    }
    if (k == "render_offset") {
      const auto v = numbers(value, 2, -kMaxCoordinate, kMaxCoordinate, "render_offset", "X,Y");
      if (v) render_offset_ = Point{(*v)[0], (*v)[1]};
      return;
    }
    if (k == "blend_mode") {
      if (value.text == "normal") return;
      fail(value.at(line_), value.text == "add"
                                ? "blend_mode=add (additive blending) cannot be carried by a "
                                  "pack; remove it (normal)"
                                : "blend_mode is normal or add, not '" + shown(value.text) + "'");
      return;
    }
    if (k == "alpha_mod") {
      const auto v = numbers(value, 1, 0, 255, "alpha_mod", "0..255");
      if (v && (*v)[0] != 255)
        fail(value.at(line_), "alpha_mod=" + std::to_string((*v)[0]) +
                                  " cannot be carried by a pack; bake it into the image");
      return;
    }
    if (k == "color_mod") {
      const auto v = numbers(value, 3, 0, 255, "color_mod", "R,G,B");
      if (v && ((*v)[0] != 255 || (*v)[1] != 255 || (*v)[2] != 255))
        fail(value.at(line_), "color_mod cannot be carried by a pack; bake it into the image");
      return;
    }
    if (is_section_key(k)) {
      fail(key.at(line_), k + "= belongs in an animation's [section]");
      return;
    }
    fail(key.at(line_), "unknown key '" + shown(key.text) +
                            "' (before the first section: image, render_size, render_offset, "
                            "blend_mode, alpha_mod, color_mod)");
  }

  void image(const Piece& value) {
    const std::vector<Piece> parts = fields(value);
    if (!file_.image.empty()) {
      fail(value.at(line_), "a second image=: spritec reads Flare files with one image (line " +
                                std::to_string(file_.image_at.line) + " gives the first)");
      return;
    }
    if (parts.size() > 2 || parts[0].text.empty()) {
      fail(value.at(line_),
           "image= is a file name and an optional ID: image=PATH or image=PATH,ID");
      return;
    }
    file_.image = std::string(parts[0].text);
    file_.image_at = parts[0].at(line_);
    if (parts.size() == 2) file_.image_id = std::string(parts[1].text);
  }

  static bool is_section_key(const std::string& k) {
    return k == "frames" || k == "duration" || k == "type" || k == "position" ||
           k == "active_frame" || k == "active_sub_frame" || k == "frame";
  }

  // `count` whole numbers in [lo, hi], written `form`.
  std::optional<std::vector<int>> numbers(const Piece& value, std::size_t count, int lo, int hi,
                                          const std::string& key, const std::string& form) {
    const std::vector<Piece> parts = fields(value);
    if (parts.size() != count) {
      fail(value.at(line_), key + "= takes " + std::to_string(count) + " number" +
                                (count > 1 ? "s" : "") + " (" + key + "=" + form + "), got " +
                                std::to_string(parts.size()));
      return std::nullopt;
    }
    std::vector<int> out;
    for (const Piece& p : parts) {
      const std::optional<std::int64_t> n = whole(p.text);
      if (!n) {
        fail(p.at(line_), key + "=: '" + shown(p.text) + "' is not a whole number");
        return std::nullopt;
      }
      if (*n < lo || *n > hi) {
        fail(p.at(line_), key + "=: " + std::to_string(*n) + " is outside " + std::to_string(lo) +
                              ".." + std::to_string(hi));
        return std::nullopt;
      }
      out.push_back(static_cast<int>(*n));
    }
    return out;
  }

  // --- sections ---------------------------------------------------------------------------
  void section(const Piece& line) {
    finish_section();
    if (error_.failed()) return;
    if (line.text.back() != ']' || line.text.size() < 3) {
      fail(line.at(line_), "a section is written [name]");
      return;
    }
    const Piece name{line.text.substr(1, line.text.size() - 2), line.column + 1};
    if (name.text.find_first_of("[]") != std::string_view::npos ||
        trimmed(name).text != name.text) {
      fail(name.at(line_), "section name '" + shown(name.text) +
                               "' has a bracket or space at an end: write [name]");
      return;
    }
    const std::string n(name.text);
    if (auto it = first_line_.find(n); it != first_line_.end()) {
      fail(name.at(line_), "animation '" + shown(n) + "' is defined twice (first at line " +
                               std::to_string(it->second) + ")");
      return;
    }
    if (file_.animations.size() == kMaxAnimations) {
      fail(name.at(line_), "more than " + std::to_string(kMaxAnimations) + " animations");
      return;
    }
    first_line_.emplace(n, line_);
    file_.animations.emplace_back();
    in_section_ = true;
    current().name = n;
    current().at = name.at(line_);
    seen_.clear();
    active_.clear();
    active_all_ = false;
  }

  void section_key(const Piece& key, const Piece& value) {
    const std::string k(key.text);
    if (k == "frame") return frame(value);
    if (!is_section_key(k) && k != "image") {
      fail(key.at(line_), "unknown key '" + shown(key.text) +
                              "' (in a section: frames, duration, type, position, active_frame, "
                              "active_sub_frame, frame, image)");
      return;
    }
    if (current().compressed) {
      fail(key.at(line_), k + "= after the first frame= line: Flare reads it at the first frame= "
                              "line, so here it would not apply to this animation; move it up");
      return;
    }
    if (auto [it, fresh] = seen_.emplace(k, line_); !fresh) {
      fail(key.at(line_), k + "= is given twice in [" + current().name + "] (first at line " +
                              std::to_string(it->second) + ")");
      return;
    }
    if (k == "frames") {
      const auto v = numbers(value, 1, 1, kMaxFramesPerAnimation, "frames", "N");
      if (v) frames_ = (*v)[0];
    } else if (k == "position") {
      const auto v = numbers(value, 1, 0, kMaxFramesPerAnimation * 16, "position", "P");
      if (v) position_ = (*v)[0];
    } else if (k == "duration") {
      duration(value);
    } else if (k == "type") {
      if (value.text == "looped")
        type_ = Type::kLooped;
      else if (value.text == "play_once")
        type_ = Type::kPlayOnce;
      else if (value.text == "back_forth")
        type_ = Type::kBackForth;
      else {
        fail(value.at(line_),
             "type is looped, play_once or back_forth, not '" + shown(value.text) + "'");
        return;
      }
      type_set_ = true;
    } else if (k == "active_frame") {
      active_frame(value);
    } else if (k == "active_sub_frame") {
      if (value.text == "end")
        sub_frame_ = SubFrame::kEnd;
      else if (value.text == "start")
        sub_frame_ = SubFrame::kStart;
      else if (value.text == "all")
        sub_frame_ = SubFrame::kAll;
      else
        fail(value.at(line_),
             "active_sub_frame is end, start or all, not '" + shown(value.text) + "'");
    } else if (k == "image") {
      check_image_id(value);
    }
  }

  void duration(const Piece& value) {
    const std::string_view t = value.text;
    std::size_t digits = 0;
    while (digits < t.size() && t[digits] >= '0' && t[digits] <= '9')
      ++digits;
    const std::string_view unit = t.substr(digits);
    const std::optional<std::int64_t> n = digits ? whole(t.substr(0, digits)) : std::nullopt;
    if (!n || (unit != "ms" && unit != "s")) {
      fail(value.at(line_),
           n && unit.empty()
               ? "duration=" + std::string(t) +
                     " has no unit: Flare reads it as milliseconds (and logs an error); write " +
                     std::string(t) + "ms, or the seconds with s"
               : "duration is a whole number of milliseconds or seconds (800ms, 2s), not '" +
                     shown(t) + "'");
      return;
    }
    const std::int64_t ms = unit == "s" ? *n * 1000 : *n;
    if (ms == 0 || ms > kMaxDurationMs) {
      fail(value.at(line_), ms == 0 ? "duration must be more than 0 (Flare would show nothing)"
                                    : "duration " + std::string(t) + " is over the cap of 1 hour");
      return;
    }
    duration_ms_ = ms;
    duration_in_seconds_ = unit == "s";
  }

  void active_frame(const Piece& value) {
    if (value.text == "all") {
      active_all_ = true;
      return;
    }
    for (const Piece& p : fields(value)) {
      const std::optional<std::int64_t> n = whole(p.text);
      if (!n || *n < 0 || *n >= kMaxFramesPerAnimation) {
        fail(p.at(line_), "active_frame is 'all' or frame indices 0.." +
                              std::to_string(kMaxFramesPerAnimation - 1) + ", not '" +
                              shown(p.text) + "'");
        return;
      }
      active_.emplace_back(static_cast<int>(*n), p.at(line_));
    }
  }

  void check_image_id(const Piece& id) {
    if (id.text == file_.image_id || (id.text.empty() && file_.image_id.empty())) return;
    fail(id.at(line_), "image ID '" + shown(id.text) + "' is not the file's image (" +
                           (file_.image_id.empty() ? std::string("which has no ID")
                                                   : "ID '" + file_.image_id + "'") +
                           "); spritec reads Flare files with one image");
  }

  // The values in effect now become the animation's (at its first frame= line, or at its end).
  bool take_values() {
    Animation& a = current();
    const Position at = a.at;
    const char* missing = frames_ == 0        ? "frames"
                          : duration_ms_ == 0 ? "duration"
                          : !type_set_        ? "type"
                                              : nullptr;
    if (missing) {
      fail(at, "[" + a.name + "] has no " + missing + "= (nor a section before it)");
      return false;
    }
    a.frames = frames_;
    a.duration_ms = duration_ms_;
    a.duration_in_seconds = duration_in_seconds_;
    a.type = type_;
    a.position = position_;
    a.sub_frame = sub_frame_;
    a.active_all = active_all_;
    for (const auto& [index, where] : active_) {
      if (index >= a.frames) {
        fail(where, "active frame " + std::to_string(index) + " of [" + a.name +
                        "] is not below frames=" + std::to_string(a.frames));
        return false;
      }
      a.active.push_back(index);
    }
    std::sort(a.active.begin(), a.active.end());
    a.active.erase(std::unique(a.active.begin(), a.active.end()), a.active.end());
    slots_ += std::int64_t{a.frames} * kDirections;
    if (slots_ > kMaxFrameSlots) {
      fail(at, "the animations up to [" + a.name + "] have " + std::to_string(slots_ / 8) +
                   " frames of 8 directions; the limit is " + std::to_string(kMaxFrameSlots / 8));
      return false;
    }
    a.cells.assign(static_cast<std::size_t>(a.frames) * kDirections, Cell{});
    return true;
  }

  void frame(const Piece& value) {
    Animation& a = current();
    if (!a.compressed) {
      if (!take_values()) return;
      a.compressed = true;
    }
    const std::vector<Piece> parts = fields(value);
    if (parts.size() != 8 && parts.size() != 9) {
      fail(value.at(line_), "frame= takes index,direction,x,y,w,h,ox,oy (and an image ID), got " +
                                std::to_string(parts.size()) + " values");
      return;
    }
    const std::optional<std::int64_t> index = whole(parts[0].text);
    if (!index || *index < 0 || *index >= a.frames) {
      fail(parts[0].at(line_), "frame index '" + shown(parts[0].text) + "' is not 0.." +
                                   std::to_string(a.frames - 1) +
                                   " (frames=" + std::to_string(a.frames) + ")");
      return;
    }
    const std::optional<int> dir = direction(parts[1].text);
    if (!dir) {
      fail(parts[1].at(line_),
           "direction '" + shown(parts[1].text) + "' is not 0..7 nor N, NE, E, SE, S, SW, W, NW");
      return;
    }
    int v[6];
    for (int i = 0; i < 6; ++i) {
      const Piece& p = parts[static_cast<std::size_t>(i) + 2];
      const int lo = i < 4 ? 0 : -kMaxCoordinate;
      const std::optional<std::int64_t> n = whole(p.text);
      if (!n || *n < lo || *n > kMaxCoordinate) {
        static const char* kNames[] = {"x", "y", "w", "h", "ox", "oy"};
        fail(p.at(line_), std::string("frame ") + kNames[i] + " '" + shown(p.text) +
                              "' is not a whole number in " + std::to_string(lo) + ".." +
                              std::to_string(kMaxCoordinate));
        return;
      }
      v[i] = static_cast<int>(*n);
    }
    if (parts.size() == 9) check_image_id(parts[8]);
    Cell& cell =
        a.cells[static_cast<std::size_t>(*index) * kDirections + static_cast<std::size_t>(*dir)];
    if (cell.given) {
      fail(value.at(line_),
           "frame " + std::to_string(*index) + ", direction " + std::to_string(*dir) + " of [" +
               a.name + "] is given twice (first at line " + std::to_string(cell.at.line) + ")");
      return;
    }
    cell.given = true;
    cell.rect = Rect{v[0], v[1], v[2], v[3]};
    cell.offset = Point{v[4], v[5]};
    cell.at = value.at(line_);
  }

  // The end of a section: an animation without frame= lines is cut from the render_size
  // grid now (Flare's setupUncompressed); one with them must give direction 0 of each frame
  // (the other directions fall back to it, as Flare draws them).
  void finish_section() {
    if (!in_section_) return;
    Animation& a = current();
    if (!a.compressed) {
      if (!take_values()) return;
      if (render_size_.width == 0 || render_size_.height == 0) {
        fail(a.at, "[" + a.name +
                       "] has no frame= lines, and the file no render_size= (or a zero one) to cut "
                       "its frames");
        return;
      }
      const std::int64_t right = std::int64_t{render_size_.width} * (a.position + a.frames);
      const std::int64_t bottom = std::int64_t{render_size_.height} * kDirections;
      if (right > kMaxCoordinate || bottom > kMaxCoordinate) {
        fail(a.at, "[" + a.name + "]'s render_size grid runs past " +
                       std::to_string(kMaxCoordinate) + " px");
        return;
      }
      for (int i = 0; i < a.frames; ++i) {
        for (int d = 0; d < kDirections; ++d) {
          Cell& c =
              a.cells[static_cast<std::size_t>(i) * kDirections + static_cast<std::size_t>(d)];
          c.given = true;
          c.rect = Rect{render_size_.width * (a.position + i), render_size_.height * d,
                        render_size_.width, render_size_.height};
          c.offset = render_offset_;
          c.at = a.at;
        }
      }
    } else {
      for (int i = 0; i < a.frames; ++i) {
        if (!a.cells[static_cast<std::size_t>(i) * kDirections].given) {
          fail(a.at, "[" + a.name + "] has no frame= line for frame " + std::to_string(i) +
                         ", direction 0 (frames=" + std::to_string(a.frames) +
                         "; the other directions fall back to direction 0)");
          return;
        }
      }
    }
    in_section_ = false;
  }

  Animation& current() { return file_.animations.back(); }

  std::string_view text_;
  int line_ = 0;
  Error error_;
  File file_;
  bool in_section_ = false;                // the last of file_.animations is being read
  std::map<std::string, int> first_line_;  // section name -> its line
  std::map<std::string, int> seen_;        // keys of the current section -> line
  // The values in effect (Flare keeps them from one section to the next).
  int frames_ = 0;
  std::int64_t duration_ms_ = 0;
  bool duration_in_seconds_ = false;
  Type type_ = Type::kLooped;
  bool type_set_ = false;
  int position_ = 0;
  SubFrame sub_frame_ = SubFrame::kEnd;
  Size render_size_;
  Point render_offset_;
  // active_frame= of the current section (Flare clears it after each animation).
  bool active_all_ = false;
  std::vector<std::pair<int, Position>> active_;
  std::int64_t slots_ = 0;
};

}  // namespace

diag::Result<File, Error> parse(std::string_view text) {
  return Parser(text).run();
}

std::int64_t duration_ticks(const Animation& a, int tick_rate) {
  if (a.duration_in_seconds) return a.duration_ms / 1000 * tick_rate;
  return std::max<std::int64_t>(1, (a.duration_ms * tick_rate + 500) / 1000);
}

std::vector<std::int64_t> frame_ticks(int frames, std::int64_t ticks) {
  std::vector<std::int64_t> out(static_cast<std::size_t>(frames), 0);
  if (ticks % frames == 0) {
    std::fill(out.begin(), out.end(), ticks / frames);
    return out;
  }
  if (frames > ticks) {  // Bresenham steeper than 1: one frame a tick, the rest never shown
    std::fill(out.begin(), out.begin() + ticks, 1);
    return out;
  }
  // Bresenham from (0, 0) to (dx, dy), dy <= dx: at x the frame is
  // max(0, ceil((2·dy·x − dx) / (2·dx))), so frame k ≥ 1 first shows at
  // x = floor((2·dx·(k − 1) + dx) / (2·dy)) + 1 (see tests/unit/def/flare_test.cpp).
  const std::int64_t dx = ticks - 1;
  const std::int64_t dy = frames - 1;
  auto first = [&](std::int64_t k) -> std::int64_t {
    return k == 0 ? 0 : (2 * dx * (k - 1) + dx) / (2 * dy) + 1;
  };
  for (std::int64_t k = 0; k < frames; ++k) {
    const std::int64_t next = k + 1 < frames ? first(k + 1) : dx + 1;
    out[static_cast<std::size_t>(k)] = next - first(k);
  }
  return out;
}

namespace {

// Which frames Flare reports active, of the `shown` ones (Animation::setActiveFrames: an
// index past the frames a short duration shows moves to the last one counted, unless that
// one is already active; back_forth counts every frame twice).
std::vector<bool> active_frames(const Animation& a, std::size_t shown) {
  std::vector<bool> out(shown, false);
  const std::int64_t total =
      static_cast<std::int64_t>(shown) * (a.type == Type::kBackForth ? 2 : 1);
  if (a.active_all) {
    std::fill(out.begin(), out.end(), true);
    return out;
  }
  std::vector<std::int64_t> list(a.active.begin(), a.active.end());
  bool have_last = std::find(list.begin(), list.end(), total - 1) != list.end();
  for (std::int64_t& i : list) {
    if (i >= total && !have_last) {
      i = total - 1;
      have_last = true;
    }
  }
  for (std::int64_t i : list) {
    if (i >= 0 && i < static_cast<std::int64_t>(shown)) out[static_cast<std::size_t>(i)] = true;
  }
  return out;
}

}  // namespace

diag::Result<Timeline, Error> timeline(const Animation& a, int tick_rate) {
  const std::vector<std::int64_t> ticks = frame_ticks(a.frames, duration_ticks(a, tick_rate));
  std::size_t shown = 0;
  while (shown < ticks.size() && ticks[shown] > 0)
    ++shown;
  const std::vector<bool> active = active_frames(a, shown);
  const bool any_active = std::find(active.begin(), active.end(), true) != active.end();
  const bool bounce = a.type == Type::kBackForth;

  // The steps of one forward pass, with or without the active frames' events.
  std::size_t forward_steps = 0;
  for (std::size_t i = 0; i < shown; ++i) {
    if (!active[i] || a.sub_frame == SubFrame::kStart) {
      forward_steps += 1;
    } else if (a.sub_frame == SubFrame::kAll) {
      forward_steps += static_cast<std::size_t>(std::min<std::int64_t>(ticks[i], kMaxSteps + 1));
    } else {
      forward_steps += ticks[i] > 1 ? 2 : 1;
    }
    if (forward_steps > kMaxSteps) break;
  }
  const std::size_t total = forward_steps + (bounce ? shown * (any_active ? 2 : 1) : 0);
  if (forward_steps > kMaxSteps || total > kMaxSteps) {
    return Error{"[" + a.name + "] would play as more than " + std::to_string(kMaxSteps) +
                     " steps (active_sub_frame=all makes a step of every tick of an active "
                     "frame)",
                 a.at};
  }

  Timeline t;
  t.once = a.type == Type::kPlayOnce;
  for (std::size_t i = 0; i < shown; ++i) {
    const int index = static_cast<int>(i);
    if (!active[i]) {
      t.steps.push_back(Step{index, ticks[i], false});
    } else if (a.sub_frame == SubFrame::kStart) {
      t.steps.push_back(Step{index, ticks[i], true});
    } else if (a.sub_frame == SubFrame::kAll) {
      for (std::int64_t k = 0; k < ticks[i]; ++k)
        t.steps.push_back(Step{index, 1, true});
    } else {
      if (ticks[i] > 1) t.steps.push_back(Step{index, ticks[i] - 1, false});
      t.steps.push_back(Step{index, 1, true});
    }
  }
  if (!bounce) return t;
  // back_forth: forward, then backward, end frames included (Flare's turn shows the end
  // frame one more tick and then walks back from it), as a loop. Active frames count on
  // the first forward pass only: that pass is written out, then the loop of backward and
  // forward passes without events.
  const auto backward = [&] {
    for (std::size_t i = shown; i-- > 0;)
      t.steps.push_back(Step{static_cast<int>(i), ticks[i], false});
  };
  backward();
  if (any_active) {
    t.loop_from = forward_steps;
    for (std::size_t i = 0; i < shown; ++i)
      t.steps.push_back(Step{static_cast<int>(i), ticks[i], false});
  }
  return t;
}

}  // namespace spritec::def::flare
