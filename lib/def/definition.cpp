#include "spritec/def/definition.hpp"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <map>
#include <set>
#include <system_error>
#include <unordered_map>
#include <unordered_set>

#include "checks_internal.hpp"
#include "spritec/def/schema.hpp"
#include "spritec/image/image.hpp"
#include "spritec/io/files.hpp"

namespace spritec::def {
namespace fs = std::filesystem;
namespace {

using diag::Code;

std::string size_text(int w, int h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

int to_int(const Node* n, int fallback) {
  if (!n) return fallback;
  // The schema bounds every integer we read to a few million.
  return static_cast<int>(n->as_int().value_or(fallback));
}

Point to_point(const Node* n, Point fallback) {
  if (!n || !n->is_sequence() || n->items.size() != 2) return fallback;
  return Point{to_int(n->items[0], 0), to_int(n->items[1], 0)};
}

bool glob_match(std::string_view pattern, std::string_view name) {
  // Iterative * and ? matching with one backtrack point (enough for *: it is greedy-safe).
  std::size_t p = 0, n = 0, star = std::string_view::npos, mark = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = n;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*')
    ++p;
  return p == pattern.size();
}

// "#rrggbb" (no alpha: a colour key matches red, green and blue only).
std::optional<Rgb> parse_colorkey(const std::string& s) {
  const std::optional<std::uint32_t> v = image::parse_hex_colour(s, false);
  if (!v) return std::nullopt;
  return Rgb{static_cast<std::uint8_t>(*v >> 24), static_cast<std::uint8_t>(*v >> 16),
             static_cast<std::uint8_t>(*v >> 8)};
}

// The folders a definition names, listed once each for "did you mean" suggestions.
constexpr std::size_t kMaxListed = 4096;  // entries of one folder worth comparing against

class Loader {
 public:
  // `malformed`: the nodes the schema check rejected; the parts holding them are skipped
  // and the checks that depend on them stay silent.
  Loader(const Document& doc, const fs::path& file, const LoadOptions& options, diag::Sink& sink,
         const std::vector<const Node*>& malformed)
      : doc_(doc), options_(options), sink_(sink), bad_(malformed.begin(), malformed.end()) {
    def_.file = file;
    def_.dependencies.push_back(file);
    base_dir_ = file.parent_path();
    if (base_dir_.empty()) base_dir_ = ".";
    std::error_code ec;
    root_ = options.root.empty() ? fs::current_path(ec) : options.root;
  }

  std::optional<Definition> run() {
    const std::size_t errors_before = sink_.error_count();
    const Node& root = doc_.root();
    if (!root.is_mapping()) return std::nullopt;  // the schema said so
    if (const MapEntry* e = root.find_entry("pack")) {
      def_.pack = e->value->value;
      def_.pack_span = doc_.span(*e->value);
    }
    const Node* rate = root.find("tick_rate");
    rate_known_ = !tainted(rate);
    def_.tick_rate = rate_known_ ? to_int(rate, kDefaultTickRate) : kDefaultTickRate;
    if (const Node* atlas = root.find("atlas"); atlas && !tainted(atlas)) load_atlas(*atlas);
    if (const Node* sheets = root.find("sheets")) {
      if (sheets->is_sequence()) {
        for (const Node* sheet : sheets->items)
          load_sheet(*sheet);
      } else {
        unknowns_.any_frame = true;
      }
    }
    check_duplicate_frames();
    if (const Node* actions = root.find("actions")) {
      if (actions->is_mapping()) {
        for (const MapEntry& e : actions->entries)
          load_action(e);
      } else if (!actions->is_null()) {
        unknowns_.actions = true;
      }
    }
    collect_names();
    detail::check_actions(def_, options_, unknowns_, sink_);
    if (sink_.error_count() > errors_before) return std::nullopt;
    return std::move(def_);
  }

 private:
  // Whether the node, or anything under it, was rejected by the schema check.
  bool tainted(const Node* n) {
    if (!n || bad_.empty()) return false;
    if (auto it = tainted_.find(n); it != tainted_.end()) return it->second;
    bool t = bad_.count(n) > 0;
    for (const Node* item : n->items)
      t = tainted(item) || t;
    for (const MapEntry& e : n->entries)
      t = tainted(e.value) || t;
    tainted_.emplace(n, t);
    return t;
  }
  // Whether the node itself was rejected (a wrong type, a missing required key…).
  bool malformed(const Node* n) const { return n && bad_.count(n) > 0; }

  void error(Code code, const diag::Span& span, std::string message,
             std::vector<diag::Note> notes = {}) {
    sink_.error(code, span, std::move(message), std::move(notes));
  }

  void load_atlas(const Node& n) {
    AtlasOptions& a = def_.atlas;
    a.span = doc_.span(n);
    if (const Node* m = n.find("max_size")) {
      const Point p = to_point(m, Point{a.max_size.width, a.max_size.height});
      a.max_size = Size{p.x, p.y};
      a.max_size_span = doc_.span(*m);
    }
    a.padding = to_int(n.find("padding"), a.padding);
    a.extrude = to_int(n.find("extrude"), a.extrude);
    if (const Node* b = n.find("trim")) a.trim = b->as_bool().value_or(a.trim);
    if (const Node* b = n.find("dedupe")) a.dedupe = b->as_bool().value_or(a.dedupe);
    if (const Node* b = n.find("power_of_two")) {
      a.power_of_two = b->as_bool().value_or(a.power_of_two);
    }
  }

  // Resolves a path written at `at` under the path policy; E0201 on failure.
  // Each path is resolved once (sheets often share an image; resolving asks the file
  // system several times).
  std::optional<fs::path> resolve(const std::string& written, const Node& at) {
    auto cached = resolved_.find(written);
    if (cached == resolved_.end()) {
      std::string why;
      auto p = io::resolve_inside_root(root_, base_dir_, written, &why);
      cached = resolved_.emplace(written, std::make_pair(std::move(p), std::move(why))).first;
    }
    const auto& [p, why] = cached->second;
    if (!p) {
      error(Code::kPathOutsideRoot, doc_.span(at),
            "path '" + written + "' is not allowed: " + why +
                "; paths are relative to the definition and must stay inside the project root: run "
                "spritec from your project's top directory, or pass --root DIR");
    }
    return p;
  }

  // The names in a folder (sorted; at most kMaxListed are kept), listed once.
  const std::vector<std::string>& folder_names(const fs::path& dir) {
    auto it = listed_.find(dir.string());
    if (it != listed_.end()) return it->second;
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator d(dir, ec), end; !ec && d != end && names.size() < kMaxListed;
         d.increment(ec)) {
      names.push_back(d->path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return listed_.emplace(dir.string(), std::move(names)).first->second;
  }

  // "image 'ok2.pgn' does not exist: looked for art/ok2.pgn (…); did you mean 'ok2.png'?"
  std::string missing_image_message(const std::string& written, const fs::path& resolved) {
    const fs::path looked = (base_dir_ / fs::path(written)).lexically_normal();
    std::string message = "image '" + written + "' does not exist: looked for " +
                          looked.generic_string() +
                          " (paths are relative to the definition's folder)";
    const fs::path folder = resolved.parent_path();
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
      return message + ", and the folder " + looked.parent_path().generic_string() +
             " does not exist";
    }
    const std::string name = resolved.filename().string();
    const std::size_t allowed = std::max<std::size_t>(2, name.size() / 4);
    const std::string near = nearest(name, folder_names(folder), allowed);
    if (near.empty()) return message;
    const std::size_t slash = written.rfind('/');
    const std::string prefix = slash == std::string::npos ? "" : written.substr(0, slash + 1);
    return message + "; did you mean '" + prefix + near + "'?";
  }

  // Reads a PNG's header; E0202 / E0204 at `at`. `shown` names the file in messages.
  std::optional<PngInfo> read_image(const fs::path& path, const std::string& shown,
                                    const Node& at) {
    if (auto it = images_.find(path.string()); it != images_.end()) return it->second;
    std::error_code ec;
    if (!fs::exists(path, ec)) {
      error(Code::kImageUnreadable, doc_.span(at), missing_image_message(shown, path));
      return std::nullopt;
    }
    if (!fs::is_regular_file(path, ec)) {
      error(Code::kImageUnreadable, doc_.span(at), "image '" + shown + "' is not a file");
      return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    std::uint8_t header[image::kPngHeaderBytes] = {};
    in.read(reinterpret_cast<char*>(header), sizeof header);
    if (!in && !in.eof()) {
      error(Code::kImageUnreadable, doc_.span(at), "image '" + shown + "' cannot be read");
      return std::nullopt;
    }
    const image::Result<image::Size> read = image::read_png_info(
        header, static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
    if (!read) {
      const bool not_png = read.error.kind == image::ErrorKind::kNotPng;
      error(Code::kImageUnreadable, doc_.span(at),
            "image '" + shown + "' " +
                (not_png ? std::string("is not a PNG file")
                         : "is a corrupt PNG file" +
                               (read.error.detail.empty() ? "" : " (" + read.error.detail + ")")));
      return std::nullopt;
    }
    const std::optional<PngInfo> info = PngInfo{read.value.width, read.value.height};
    if (info->width > options_.max_image_side || info->height > options_.max_image_side) {
      error(Code::kImageTooLarge, doc_.span(at),
            "image '" + shown + "' is " + size_text(info->width, info->height) +
                " pixels; the limit is " + std::to_string(options_.max_image_side) +
                " pixels a side");
      return std::nullopt;
    }
    def_.dependencies.push_back(path);
    images_.emplace(path.string(), *info);
    return info;
  }

  void load_sheet(const Node& n) {
    const MapEntry* name = n.is_mapping() ? n.find_entry("name") : nullptr;
    if (!name || tainted(name->value)) {
      // Without its name, its frames' names are unknown: any frame may be one of them.
      unknowns_.any_frame = true;
      return;
    }
    Sheet sheet;
    sheet.name = name->value->value;
    sheet.span = doc_.span(*name->value);
    sheet.first_frame = def_.frames.size();
    const Node* origin = n.find("origin");
    sheet.origin = tainted(origin) ? Point{} : to_point(origin, Point{});

    if (auto [it, inserted] = sheet_index_.emplace(sheet.name, def_.sheets.size()); !inserted) {
      // Its frames repeat the first sheet's names; E0210 says it once for all of them.
      duplicate_sheets_.insert(def_.sheets.size());
      error(Code::kDuplicateSheet, sheet.span, "duplicate sheet name '" + sheet.name + "'",
            {diag::Note{def_.sheets[it->second].span, "first defined here"}});
    }

    if (const Node* key = n.find("colorkey"); key && !tainted(key)) {
      sheet.colorkey_span = doc_.span(*key);
      sheet.colorkey = parse_colorkey(key->value);
      if (!sheet.colorkey) {
        error(Code::kBadColor, doc_.span(*key),
              "colorkey '" + key->value + "' is not a colour written #rrggbb");
      }
    }

    const Node* image = n.find("image");
    const Node* files = n.find("files");
    const Node* grid = n.find("grid");
    const Node* frames = n.find("frames");
    bool complete = false;
    if (tainted(image) || tainted(files) || malformed(&n)) {
      // The source cannot be read: the sheet's frames are unknown (complete stays false).
    } else if (image && files) {
      error(Code::kSheetSource, doc_.span(*files),
            "sheet '" + sheet.name + "' has both image: and files:; give one");
    } else if (!image && !files) {
      error(Code::kSheetSource, sheet.span,
            "sheet '" + sheet.name + "' needs image: (with grid: or frames:) or files:");
    } else if (files && (grid || frames)) {
      error(Code::kSheetSource, doc_.span(grid ? *grid : *frames),
            "sheet '" + sheet.name +
                "' takes one frame per file with files:; grid: and "
                "frames: only cut an image:");
    } else if (image && grid && frames) {
      error(Code::kSheetSource, doc_.span(*frames),
            "sheet '" + sheet.name + "' has both grid: and frames:; give one");
    } else if (image && !grid && !frames) {
      error(Code::kSheetSource, doc_.span(*image),
            "sheet '" + sheet.name + "' needs grid: or frames: to cut its image");
    } else if (image) {
      complete = load_image_sheet(sheet, *image, grid, frames);
    } else {
      complete = load_files_sheet(sheet, *files);
    }
    // A sheet whose frames could not be listed silences "unknown frame" errors about it.
    sheet.complete = complete;
    sheet.frame_count = def_.frames.size() - sheet.first_frame;
    def_.sheets.push_back(std::move(sheet));
  }

  // The frame cap, checked before frames are listed (a 1x1 grid over a big image would
  // otherwise make hundreds of millions). Reports E0212 at `at`.
  bool room_for(std::int64_t more, const Sheet& sheet, const Node& at) {
    const auto total = static_cast<std::int64_t>(def_.frames.size()) + more;
    if (total <= static_cast<std::int64_t>(kMaxFrames)) return true;
    error(Code::kTooManyFrames, doc_.span(at),
          "sheet '" + sheet.name + "' brings the definition to " + std::to_string(total) +
              " frames; the limit is " + std::to_string(kMaxFrames));
    return false;
  }

  void add_frame(const Sheet& sheet, std::string stem, const fs::path& image, Size image_size,
                 Rect rect, Point origin, diag::Span span) {
    Frame f;
    f.name = sheet.name + "/" + stem;
    f.sheet = def_.sheets.size();
    f.image = image;
    f.image_size = image_size;
    f.rect = rect;
    f.origin = origin;
    f.span = std::move(span);
    def_.frames.push_back(std::move(f));
  }

  bool load_image_sheet(Sheet& sheet, const Node& image, const Node* grid, const Node* frames) {
    sheet.kind = grid ? SheetKind::kGrid : SheetKind::kFrames;
    sheet.image = image.value;
    sheet.image_span = doc_.span(image);
    auto path = resolve(image.value, image);
    if (!path) return false;
    auto info = read_image(*path, image.value, image);
    if (!info) return false;
    sheet.image_path = *path;
    sheet.image_size = Size{info->width, info->height};
    const std::string shown = fs::path(image.value).filename().string();
    const std::string image_text = shown + " (" + size_text(info->width, info->height) + ")";
    if (grid) return !tainted(grid) && load_grid(sheet, *grid, image_text);
    if (!frames->is_mapping()) return false;

    if (!room_for(static_cast<std::int64_t>(frames->entries.size()), sheet, *frames)) return false;
    for (const MapEntry& e : frames->entries) {
      const Node* rect_node = e.value->find("rect");
      if (tainted(e.value) || !rect_node || rect_node->items.size() != 4) {
        // Its name is known, its rectangle is not: the frame exists for the steps that
        // name it, and nothing is checked about its rectangle.
        add_frame(sheet, e.key, *path, sheet.image_size, Rect{}, sheet.origin, doc_.key_span(e));
        continue;
      }
      Rect r{to_int(rect_node->items[0], 0), to_int(rect_node->items[1], 0),
             to_int(rect_node->items[2], 0), to_int(rect_node->items[3], 0)};
      const Point origin = to_point(e.value->find("origin"), sheet.origin);
      const std::string full = sheet.name + "/" + e.key;
      if (r.width == 0 || r.height == 0) {
        error(Code::kZeroSizeRect, doc_.span(*rect_node),
              "rect of '" + full + "' has zero size (" + size_text(r.width, r.height) + ")");
      } else if (r.x + r.width > info->width) {
        error(Code::kRectOutsideImage, doc_.span(*rect_node),
              "rect of '" + full + "' ends at x=" + std::to_string(r.x + r.width) + ", outside " +
                  image_text);
      } else if (r.y + r.height > info->height) {
        error(Code::kRectOutsideImage, doc_.span(*rect_node),
              "rect of '" + full + "' ends at y=" + std::to_string(r.y + r.height) + ", outside " +
                  image_text);
      }
      add_frame(sheet, e.key, *path, sheet.image_size, r, origin, doc_.span(*rect_node));
    }
    return true;
  }

  bool load_grid(Sheet& sheet, const Node& grid, const std::string& image_text) {
    Grid& g = sheet.grid;
    const Node* cell = grid.find("cell");
    const Point c = to_point(cell, Point{});
    g.cell = Size{c.x, c.y};
    g.origin = to_point(grid.find("origin"), sheet.origin);
    g.offset = to_point(grid.find("offset"), Point{});
    g.spacing = to_point(grid.find("spacing"), Point{});
    const Node* count_node = grid.find("count");
    if (count_node) g.count = to_int(count_node, 0);

    if (g.cell.width == 0 || g.cell.height == 0) {
      error(Code::kZeroSizeRect, doc_.span(cell ? *cell : grid),
            "grid cell of sheet '" + sheet.name + "' has zero size (" +
                size_text(g.cell.width, g.cell.height) + ")");
      return false;
    }
    // Whole cells that fit: the first needs cell + offset, each further one cell + spacing.
    auto fit = [](int image, int offset, int size, int spacing) -> std::int64_t {
      const std::int64_t room = std::int64_t{image} - offset;
      if (room < size) return 0;
      return 1 + (room - size) / (std::int64_t{size} + spacing);
    };
    const std::int64_t cols = fit(sheet.image_size.width, g.offset.x, g.cell.width, g.spacing.x);
    const std::int64_t rows = fit(sheet.image_size.height, g.offset.y, g.cell.height, g.spacing.y);
    const std::int64_t cells = cols * rows;
    std::int64_t n = cells;
    if (g.count) {
      if (*g.count > cells) {
        error(Code::kRectOutsideImage, doc_.span(*count_node),
              "grid of sheet '" + sheet.name + "' has " + std::to_string(cells) +
                  " whole cells in " + image_text + ", but count is " + std::to_string(*g.count));
      }
      n = std::min<std::int64_t>(n, *g.count);
    }
    if (n == 0) {
      error(Code::kGridEmpty, doc_.span(count_node && cells > 0 ? *count_node : grid),
            "grid of sheet '" + sheet.name + "' yields no frame (cell " +
                size_text(g.cell.width, g.cell.height) + " in " + image_text + ")");
      return true;
    }
    if (!room_for(n, sheet, grid)) return false;
    for (std::int64_t i = 0; i < n; ++i) {
      const auto col = static_cast<int>(i % cols);
      const auto row = static_cast<int>(i / cols);
      Rect r{g.offset.x + col * (g.cell.width + g.spacing.x),
             g.offset.y + row * (g.cell.height + g.spacing.y), g.cell.width, g.cell.height};
      add_frame(sheet, std::to_string(i), sheet.image_path, sheet.image_size, r, g.origin,
                doc_.span(grid));
    }
    return true;
  }

  bool load_files_sheet(Sheet& sheet, const Node& files) {
    sheet.kind = SheetKind::kFiles;
    sheet.image = files.value;
    sheet.image_span = doc_.span(files);
    const std::string& pattern = files.value;
    const std::size_t slash = pattern.rfind('/');
    const std::string dir_part = slash == std::string::npos ? "." : pattern.substr(0, slash);
    const std::string name_part = slash == std::string::npos ? pattern : pattern.substr(slash + 1);
    if (dir_part.find_first_of("*?") != std::string::npos) {
      error(Code::kGlobNoMatch, doc_.span(files),
            "files: pattern '" + pattern +
                "' has wildcards in a directory; only the file name may use * and ?");
      return false;
    }
    auto dir = resolve(dir_part.empty() ? std::string("/") : dir_part, files);
    if (!dir) return false;

    std::vector<fs::path> matches;
    bool dangling = false;
    std::error_code ec;
    if (fs::is_directory(*dir, ec)) {
      for (fs::directory_iterator it(*dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string fname = it->path().filename().string();
        if (!glob_match(name_part, fname)) continue;
        std::error_code fec;
        if (it->is_symlink(fec) && !fs::exists(it->path(), fec)) {
          // A link that leads nowhere is a missing frame, not a file to skip quietly.
          const std::string written =
              (slash == std::string::npos ? std::string() : dir_part + "/") + fname;
          std::error_code lec;
          const fs::path target = fs::read_symlink(it->path(), lec);
          error(Code::kImageUnreadable, doc_.span(files),
                fec.value() == ELOOP
                    ? "'" + written + "' (matched by files:) is a symbolic link loop"
                    : "'" + written + "' (matched by files:) is a symbolic link to '" +
                          target.generic_string() + "', which does not exist");
          dangling = true;
          continue;
        }
        if (!fs::is_regular_file(it->path(), fec)) continue;
        matches.push_back(it->path());
        if (matches.size() > kMaxFrames) break;  // over the cap anyway: stop listing
      }
    }
    std::sort(matches.begin(), matches.end(), [](const fs::path& a, const fs::path& b) {
      return a.filename().string() < b.filename().string();
    });
    if (matches.empty()) {
      if (!dangling) {
        error(Code::kGlobNoMatch, doc_.span(files),
              "files: pattern '" + pattern + "' matches no file");
      }
      return false;
    }
    if (!room_for(static_cast<std::int64_t>(matches.size()), sheet, files)) return false;
    bool ok = true;
    for (const fs::path& m : matches) {
      // A symlink in the directory must not lead outside the root either.
      const std::string written =
          (slash == std::string::npos ? std::string() : dir_part + "/") + m.filename().string();
      auto path = resolve(written, files);
      if (!path) {
        ok = false;
        continue;
      }
      auto info = read_image(*path, written, files);
      if (!info) {
        ok = false;
        continue;
      }
      add_frame(sheet, m.stem().string(), *path, Size{info->width, info->height},
                Rect{0, 0, info->width, info->height}, sheet.origin, doc_.span(files));
    }
    return ok && !dangling;
  }

  void check_duplicate_frames() {
    std::map<std::string, std::size_t> first;
    for (std::size_t i = 0; i < def_.frames.size(); ++i) {
      auto [it, inserted] = first.emplace(def_.frames[i].name, i);
      if (!inserted && !duplicate_sheets_.count(def_.frames[i].sheet)) {
        error(Code::kDuplicateFrame, def_.frames[i].span,
              "duplicate frame name '" + def_.frames[i].name + "'",
              {diag::Note{def_.frames[it->second].span, "first defined here"}});
      }
    }
  }

  // A duration given as ticks: or ms: on `n` (an action or a step mapping). Returns
  // empty when neither is given, or when the one given cannot be read (a schema error,
  // or ms: with an unreadable tick_rate) — then `*known` is set false. Reports E0309,
  // E0310, W0301.
  std::optional<int> duration(const Node& n, diag::Span* where, bool* known) {
    const Node* ticks = n.find("ticks");
    const Node* ms = n.find("ms");
    if (ticks && ms) {
      error(Code::kDurationTwice, doc_.span(*ms),
            "a duration is given both as ticks: and as ms:; keep one",
            {diag::Note{doc_.span(*ticks), "ticks: given here"}});
    }
    if (tainted(ticks) || tainted(ms) || (ms && !ticks && !rate_known_)) {
      *known = false;
      return std::nullopt;
    }
    if (ticks) {
      const std::int64_t t = ticks->as_int().value_or(1);
      if (where) *where = doc_.span(*ticks);
      if (t < 1) {
        error(Code::kBadDuration, doc_.span(*ticks),
              "ticks must be at least 1, got " + std::to_string(t) +
                  " (every step lasts at least one tick)");
        return 1;
      }
      return static_cast<int>(t);
    }
    if (ms) {
      const std::int64_t v = ms->as_int().value_or(0);
      if (where) *where = doc_.span(*ms);
      const int t = ms_to_ticks(v, def_.tick_rate);
      if (!ms_is_exact(v, def_.tick_rate)) {
        // ms * rate / 1000 with three decimals, from integers only.
        const std::int64_t milli = v * def_.tick_rate;  // thousandths of a tick
        std::string frac = std::to_string(milli % 1000);
        frac = std::string(3 - frac.size(), '0') + frac;
        while (!frac.empty() && frac.back() == '0')
          frac.pop_back();
        const std::string exact =
            std::to_string(milli / 1000) + (frac.empty() ? std::string() : "." + frac);
        sink_.warning(Code::kInexactDuration, doc_.span(*ms),
                      "ms: " + std::to_string(v) + " is " + exact + " ticks at " +
                          std::to_string(def_.tick_rate) + " ticks per second; rounded to " +
                          std::to_string(t));
      }
      return t;
    }
    return std::nullopt;
  }

  // What could be read of a step, for the checks between views.
  struct StepKnown {
    bool duration = true;
    bool event = true;
  };

  Step load_step(const Node& n, int default_ticks, bool default_known, StepKnown& known) {
    Step s;
    s.ticks = default_ticks;
    s.span = doc_.span(n);
    s.frame_span = s.span;
    s.ticks_span = s.span;
    known.duration = default_known;
    if (malformed(&n)) {
      // Not a step the schema accepts (or a mapping without frame:): nothing is known.
      s.blank = true;
      known = StepKnown{false, false};
      return s;
    }
    if (n.is_mapping()) {
      const Node* frame = n.find("frame");
      if (frame && !tainted(frame) && frame->scalar_type() != ScalarType::kNull) {
        s.frame = frame->value;
        s.frame_span = doc_.span(*frame);
      } else {
        s.blank = true;  // blank, or a frame: that cannot be read (not checked)
      }
      bool duration_known = true;
      if (auto t = duration(n, &s.ticks_span, &duration_known)) {
        s.ticks = *t;
        known.duration = true;
      } else if (!duration_known) {
        known.duration = false;
      }
      if (const Node* flip = n.find("flip"); flip && !tainted(flip)) {
        const std::string& f = flip->value;
        s.flip = f == "x" ? Flip::kX : f == "y" ? Flip::kY : f == "xy" ? Flip::kXY : Flip::kNone;
      }
      if (const Node* event = n.find("event")) {
        if (tainted(event)) {
          known.event = false;
        } else {
          s.event = event->value;
          s.event_span = doc_.span(*event);
        }
      }
      const Node* move = n.find("move");
      s.move = tainted(move) ? Point{} : to_point(move, Point{});
    } else if (n.scalar_type() == ScalarType::kNull) {
      s.blank = true;
    } else {
      s.frame = n.value;
    }
    return s;
  }

  void load_action(const MapEntry& entry) {
    Action a;
    a.name = entry.key;
    a.span = doc_.key_span(entry);
    const std::size_t index = def_.actions.size();
    if (!entry.value->is_mapping()) {
      // The schema reported it: the action exists (transitions may name it), nothing
      // else about it is known.
      unknowns_.reachability = true;
      def_.actions.push_back(std::move(a));
      return;
    }
    const Node& n = *entry.value;
    const Node* views = n.find("views");
    const bool views_known = !tainted(views);
    a.views = views_known ? to_int(views, 1) : 1;
    const Node* first_view = n.find("first_view");
    if (!tainted(first_view)) a.first_view = ((to_int(first_view, 0) % 360) + 360) % 360;
    if (const Node* mode = n.find("mode"); mode && !tainted(mode)) {
      a.mode = mode->value == "pingpong" ? PlayMode::kPingpong
               : mode->value == "once"   ? PlayMode::kOnce
                                         : PlayMode::kLoop;
    }
    const Node* repeat = n.find("repeat");
    a.repeat = tainted(repeat) ? (a.mode == PlayMode::kOnce ? 1 : 0)
                               : to_int(repeat, a.mode == PlayMode::kOnce ? 1 : 0);
    if (const Node* then = n.find("then")) {
      if (tainted(then)) {
        unknowns_.reachability = true;
      } else {
        a.then_span = doc_.span(*then);
        if (then->value == "hold") {
          a.then = ThenKind::kHold;
        } else if (then->value == "destroy") {
          a.then = ThenKind::kDestroy;
        } else {
          a.then = ThenKind::kAction;
          a.then_action = then->value;
        }
      }
    }
    if (const Node* r = n.find("reverse"); r && !tainted(r))
      a.reverse = r->as_bool().value_or(false);
    bool default_known = true;
    const std::optional<int> given = duration(n, nullptr, &default_known);
    // The default of 100 ms depends on the tick rate.
    if (!given && default_known) default_known = rate_known_;
    const int default_ticks = given.value_or(ms_to_ticks(kDefaultStepMs, def_.tick_rate));

    const bool steps_known = load_steps(a, n, default_ticks, default_known, views_known);

    if (const Node* lf = n.find("loop_from"); lf && !tainted(lf) && steps_known) {
      const std::int64_t v = lf->as_int().value_or(0);
      const std::size_t steps = a.steps.empty() ? 0 : a.steps[0].size();
      if (steps > 0 && (v < 0 || v >= static_cast<std::int64_t>(steps))) {
        error(Code::kLoopFrom, doc_.span(*lf),
              "loop_from must be a step index, 0 to " + std::to_string(steps - 1) + ", got " +
                  std::to_string(v));
      } else {
        a.loop_from = static_cast<int>(v);
      }
    }

    if (const Node* rules = n.find("transitions")) {
      if (!rules->is_sequence()) unknowns_.reachability = true;
      for (const Node* rule : rules->items) {
        if (malformed(rule) || !rule->is_mapping()) {
          // Not a rule, or one without to:: where it leads is unknown.
          unknowns_.reachability = true;
          continue;
        }
        const std::pair<std::size_t, std::size_t> at{index, a.transitions.size()};
        Transition t;
        t.span = doc_.span(*rule);
        if (const Node* to = rule->find("to")) {
          if (tainted(to)) {
            unknowns_.targets.insert(at);
            unknowns_.reachability = true;
          } else {
            t.to = to->value;
            t.to_span = doc_.span(*to);
          }
        }
        for (const char* key : {"when", "unless"}) {
          if (const Node* list = rule->find(key)) {
            if (tainted(list)) {
              unknowns_.conditions.insert(at);
              continue;
            }
            auto& out = key[0] == 'w' ? t.when : t.unless;
            for (const Node* item : list->items)
              out.push_back(item->value);
          }
        }
        if (const Node* imm = rule->find("immediate")) {
          if (tainted(imm)) {
            unknowns_.conditions.insert(at);
          } else {
            t.immediate = imm->as_bool().value_or(false);
          }
        }
        a.transitions.push_back(std::move(t));
      }
    }
    def_.actions.push_back(std::move(a));
  }

  // Reads the steps and checks their structure (E0302, E0303, E0304, E0305, E0311).
  // Returns false when the step list could not be read as a whole (its shape is unknown:
  // loop_from is then not checked); the steps that could be read are still listed, so
  // their frames are checked.
  bool load_steps(Action& a, const Node& n, int default_ticks, bool default_known,
                  bool views_known) {
    const Node* frames = n.find("frames");
    if (frames && !frames->is_sequence()) return false;  // the schema reported it
    if (!frames || frames->items.empty()) {
      error(Code::kNoSteps, a.span, "action '" + a.name + "' has no steps");
      return true;
    }
    StepKnown ignored;
    if (std::any_of(frames->items.begin(), frames->items.end(),
                    [&](const Node* item) { return malformed(item); })) {
      // An item that is neither a step nor a list of steps: the views cannot be told
      // apart. Keep the readable steps for the frame checks only.
      std::vector<Step> flat;
      for (const Node* item : frames->items) {
        if (malformed(item)) continue;
        if (item->is_sequence()) {
          std::vector<Step> view;
          for (const Node* step : item->items)
            view.push_back(load_step(*step, default_ticks, default_known, ignored));
          a.steps.push_back(std::move(view));
        } else {
          flat.push_back(load_step(*item, default_ticks, default_known, ignored));
        }
      }
      if (!flat.empty()) a.steps.push_back(std::move(flat));
      return false;
    }
    std::size_t lists = 0;
    for (const Node* item : frames->items)
      lists += item->is_sequence() ? 1 : 0;
    std::vector<const Node*> views;  // one list node per view, or the flat list itself
    if (lists == 0) {
      views.push_back(frames);
    } else if (lists == frames->items.size()) {
      views = frames->items;
    } else {
      for (const Node* item : frames->items) {
        if (!item->is_sequence()) {
          error(Code::kWrongType, doc_.span(*item),
                "frames: mixes steps and per-view lists; give one list per view, or a flat "
                "list of steps for a single view");
          return false;
        }
      }
    }
    if (views_known && static_cast<int>(views.size()) != a.views) {
      error(Code::kViewCount, doc_.span(*frames),
            lists == 0 ? "action '" + a.name + "' has views: " + std::to_string(a.views) +
                             " but frames: is a flat list (one view); give one list per view"
                       : "action '" + a.name + "' has views: " + std::to_string(a.views) + " but " +
                             std::to_string(views.size()) + " frame lists");
      return false;
    }
    bool any = false;
    for (const Node* v : views)
      any = any || !v->items.empty();
    if (!any) {
      error(Code::kNoSteps, a.span, "action '" + a.name + "' has no steps");
      return true;
    }
    std::vector<std::vector<StepKnown>> known;
    for (const Node* v : views) {
      std::vector<Step> steps;
      std::vector<StepKnown> k(v->items.size());
      for (std::size_t i = 0; i < v->items.size(); ++i)
        steps.push_back(load_step(*v->items[i], default_ticks, default_known, k[i]));
      a.steps.push_back(std::move(steps));
      known.push_back(std::move(k));
    }
    bool counts_ok = true;
    for (std::size_t v = 1; v < views.size(); ++v) {
      if (a.steps[v].size() != a.steps[0].size()) {
        error(Code::kStepCount, doc_.span(*views[v]),
              "view " + std::to_string(v) + " of action '" + a.name + "' has " +
                  std::to_string(a.steps[v].size()) + " steps but view 0 has " +
                  std::to_string(a.steps[0].size()),
              {diag::Note{doc_.span(*views[0]), "view 0's steps"}});
        counts_ok = false;
      }
    }
    if (!counts_ok) return true;
    for (std::size_t v = 1; v < views.size(); ++v) {
      for (std::size_t i = 0; i < a.steps[0].size(); ++i) {
        const Step& s = a.steps[v][i];
        const Step& s0 = a.steps[0][i];
        if (s.ticks != s0.ticks && known[v][i].duration && known[0][i].duration) {
          error(Code::kViewTicks, s.ticks_span,
                "step " + std::to_string(i) + " of action '" + a.name + "' lasts " +
                    std::to_string(s.ticks) + " ticks in view " + std::to_string(v) + " but " +
                    std::to_string(s0.ticks) + " in view 0 (views share the step clock)",
                {diag::Note{s0.ticks_span, "view 0's step"}});
        }
        if (s.event != s0.event && known[v][i].event && known[0][i].event) {
          auto shown = [](const std::string& e) { return e.empty() ? "no event" : "'" + e + "'"; };
          error(Code::kViewEvent, s.event.empty() ? s.span : s.event_span,
                "step " + std::to_string(i) + " of action '" + a.name + "' raises " +
                    shown(s.event) + " in view " + std::to_string(v) + " but " + shown(s0.event) +
                    " in view 0",
                {diag::Note{s0.event.empty() ? s0.span : s0.event_span, "view 0's step"}});
        }
      }
    }
    return true;
  }

  void collect_names() {
    for (const Action& a : def_.actions) {
      for (const Transition& t : a.transitions) {
        for (const auto* list : {&t.when, &t.unless}) {
          def_.inputs.insert(def_.inputs.end(), list->begin(), list->end());
        }
      }
      for (const auto& view : a.steps) {
        for (const Step& s : view) {
          if (!s.event.empty()) def_.events.push_back(s.event);
        }
      }
    }
    for (auto* v : {&def_.inputs, &def_.events}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
  }

 private:
  const Document& doc_;
  const LoadOptions& options_;
  diag::Sink& sink_;
  Definition def_;
  fs::path base_dir_;
  fs::path root_;
  std::set<std::size_t> duplicate_sheets_;
  std::unordered_map<std::string, std::size_t> sheet_index_;  // name -> first sheet
  std::unordered_set<const Node*> bad_;                       // rejected by the schema
  std::unordered_map<const Node*, bool> tainted_;
  std::unordered_map<std::string, std::vector<std::string>> listed_;  // folder -> names
  std::unordered_map<std::string, std::pair<std::optional<fs::path>, std::string>>
      resolved_;                                     // written -> resolved, or why not
  std::unordered_map<std::string, PngInfo> images_;  // resolved path -> header, read once
  bool rate_known_ = true;
  detail::Unknowns unknowns_;
};

std::optional<Definition> load_document(const Document& doc, const fs::path& file,
                                        const LoadOptions& options, diag::Sink& sink) {
  // Schema errors do not stop the semantic checks: the loader reads every part the
  // schema accepted and skips the rest, and checks that depend on a skipped part stay
  // silent, so one run lists every problem without follow-on noise.
  std::vector<const Node*> malformed;
  const bool valid = validate_schema(doc, sprites_schema(), sink, &malformed);
  Loader loader(doc, file, options, sink, malformed);
  std::optional<Definition> def = loader.run();
  if (!valid) def.reset();  // unknown keys alone: every check ran, but the file has errors
  return def;
}

}  // namespace

std::optional<Definition> load_definition(const fs::path& file, const LoadOptions& options,
                                          diag::Sink& sink) {
  auto doc = read_yaml_file(file, sink, options.yaml);
  if (!doc) return std::nullopt;
  return load_document(*doc, file, options, sink);
}

std::optional<Definition> load_definition_from(std::string_view bytes, const fs::path& file,
                                               const LoadOptions& options, diag::Sink& sink) {
  auto doc = parse_yaml(bytes, file.generic_string(), sink, options.yaml);
  if (!doc) return std::nullopt;
  return load_document(*doc, file, options, sink);
}

}  // namespace spritec::def
