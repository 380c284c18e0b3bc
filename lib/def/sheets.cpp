#include <algorithm>
#include <system_error>
#include <unordered_set>

#include "loader.hpp"
#include "spritec/diag/suggest.hpp"
#include "spritec/image/detect.hpp"
#include "spritec/image/image.hpp"
#include "spritec/io/files.hpp"
#include "spritec/io/listing.hpp"
#include "spritec/work/work.hpp"

namespace spritec::def::detail {
namespace fs = std::filesystem;
namespace {

using diag::Code;

// "#rrggbb" (no alpha: a colour key matches red, green and blue only).
std::optional<Rgb> parse_colorkey(const std::string& s) {
  const std::optional<std::uint32_t> v = image::parse_hex_colour(s, false);
  if (!v) return std::nullopt;
  return Rgb{static_cast<std::uint8_t>(*v >> 24), static_cast<std::uint8_t>(*v >> 16),
             static_cast<std::uint8_t>(*v >> 8)};
}

// The folders a definition names, listed once each for "did you mean" suggestions.
constexpr std::size_t kMaxListed = 4096;  // entries of one folder worth comparing against

}  // namespace

void Loader::load_sheet(const Node& n) {
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
  sheet.origin = tainted(origin) ? Point{} : origin_of(origin, Point{});

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
      error(Code::kBadColour, doc_.span(*key),
            "colorkey '" + key->value + "' is not a colour written #rrggbb");
    }
  }

  bool complete = false;
  if (!malformed(&n)) complete = load_sheet_source(sheet, n);
  // A sheet whose frames could not be listed silences "unknown frame" errors about it.
  sheet.complete = complete;
  sheet.frame_count = def_.frames.size() - sheet.first_frame;
  if (complete || sheet.frame_count > 0) load_sheet_shapes(sheet, n);
  def_.sheets.push_back(std::move(sheet));
}

// Where the sheet's frames come from: one source key (image:, files:), and for image:
// one way to cut it (grid:, frames:, detect: true). E0211 otherwise. Returns whether
// every frame of the sheet could be listed.
bool Loader::load_sheet_source(Sheet& sheet, const Node& n) {
  std::vector<GivenKey> sources, cutters;
  for (const char* key :
       {"image", "files", "aseprite", "aseprite_json", "texturepacker_json", "flare"}) {
    if (const Node* v = n.find(key)) sources.push_back({key, v});
  }
  const Node* detect = n.find("detect");
  const bool detecting = detect && !tainted(detect) && detect->as_bool().value_or(false);
  for (const char* key : {"grid", "frames", "detect"}) {
    const Node* v = n.find(key);
    if (v && (v != detect || detecting)) cutters.push_back({key, v});
  }
  for (const GivenKey& k : sources) {
    if (tainted(k.node)) return false;  // the source cannot be read: its frames are unknown
  }
  if (sources.size() > 1) {
    given_both(sheet, sources[0], sources[1]);
    return false;
  }
  if (sources.empty()) {
    error(Code::kSheetSource, sheet.span,
          "sheet '" + sheet.name +
              "' needs image: (with grid:, frames: or detect: true), files:, aseprite:, "
              "aseprite_json:, texturepacker_json: or flare:");
    return false;
  }
  const GivenKey& source = sources[0];
  if (!keys_fit_source(sheet, n, source.name)) return false;
  if (std::string(source.name) != "image") return load_listed_sheet(sheet, n, source, cutters);
  return load_cut_image(sheet, n, source, cutters, detecting);
}

// E0211 for a sheet given two keys of which it takes one: reported at the second.
void Loader::given_both(const Sheet& sheet, const GivenKey& first, const GivenKey& second) {
  error(
      Code::kSheetSource, doc_.span(*second.node),
      "sheet '" + sheet.name + "' has both " + first.name + ": and " + second.name + ":; give one");
}

// The keys only some sources take: tags: (Aseprite sheets), layers: (aseprite:), both
// E0211 on another sheet, and origin: {slice: } (Aseprite sheets; E0215 on another).
bool Loader::keys_fit_source(const Sheet& sheet, const Node& n, const std::string& kind) {
  const std::string named = "sheet '" + sheet.name + "'";
  const bool aseprite = kind == "aseprite_json" || kind == "aseprite";
  if (const Node* tags = n.find("tags"); tags && !aseprite) {
    error(
        Code::kSheetSource, doc_.span(*tags),
        "tags: applies to aseprite: and aseprite_json: sheets; " + named + " reads " + kind + ":");
    return false;
  }
  if (const Node* slices = n.find("slices"); slices && !aseprite) {
    error(Code::kSheetSource, doc_.span(*slices),
          "slices: applies to aseprite: and aseprite_json: sheets; " + named + " reads " + kind +
              ":");
    return false;
  }
  if (const Node* layers = n.find("layers"); layers && kind != "aseprite") {
    error(Code::kSheetSource, doc_.span(*layers),
          "layers: applies to aseprite: sheets; " + named + " reads " + kind + ":");
    return false;
  }
  if (const Node* projection = n.find("projection"); projection && kind != "flare") {
    error(Code::kSheetSource, doc_.span(*projection),
          "projection: applies to flare: sheets; " + named + " reads " + kind + ":");
    return false;
  }
  if (const Node* origin = n.find("origin"); origin && kind == "flare") {
    error(Code::kSheetSource, doc_.span(*origin),
          "origin: does not apply to flare: sheets; each Flare frame has its own (its render "
          "offset)");
    return false;
  }
  if (const Node* origin = n.find("origin"); origin && origin->is_mapping() && !aseprite) {
    error(Code::kSliceOrigin, doc_.span(*origin),
          "origin: {slice: ...} takes a slice of an Aseprite file; " + named + " reads " + kind +
              ": (give origin: [x, y])");
    return false;
  }
  return true;
}

// A sheet whose source lists its frames (files:, aseprite:, aseprite_json:,
// texturepacker_json:): it takes no way to cut an image (E0211).
bool Loader::load_listed_sheet(Sheet& sheet, const Node& n, const GivenKey& source,
                               const std::vector<GivenKey>& cutters) {
  const std::string kind = source.name;
  const bool aseprite = kind == "aseprite_json" || kind == "aseprite";
  if (!cutters.empty()) {
    error(Code::kSheetSource, doc_.span(*cutters[0].node),
          "sheet '" + sheet.name + "'" +
              (aseprite                       ? " takes its frames from the Aseprite export"
               : kind == "texturepacker_json" ? " takes its frames from the TexturePacker JSON"
               : kind == "flare"              ? " takes its frames from the Flare file"
                                              : " takes one frame per file with files:") +
              "; grid:, frames: and detect: only cut an image:");
    return false;
  }
  if (const Node* gap = n.find("detect_gap")) {
    error(Code::kSheetSource, doc_.span(*gap), "detect_gap: applies with detect: true only");
    return false;
  }
  if (kind == "aseprite") return load_aseprite_sheet(sheet, n, *source.node);
  if (aseprite) return load_aseprite_json_sheet(sheet, n, *source.node);
  if (kind == "texturepacker_json") return load_texturepacker_json_sheet(sheet, *source.node);
  if (kind == "flare") return load_flare_sheet(sheet, n, *source.node);
  return load_files_sheet(sheet, *source.node);
}

// An image: sheet, cut by exactly one of grid:, frames: and detect: true (E0211).
bool Loader::load_cut_image(Sheet& sheet, const Node& n, const GivenKey& source,
                            const std::vector<GivenKey>& cutters, bool detecting) {
  if (cutters.size() > 1) {
    given_both(sheet, cutters[0], cutters[1]);
    return false;
  }
  if (cutters.empty()) {
    error(Code::kSheetSource, doc_.span(*source.node),
          "sheet '" + sheet.name + "' needs grid:, frames: or detect: true to cut its image");
    return false;
  }
  if (const Node* gap = n.find("detect_gap"); gap && !detecting) {
    error(Code::kSheetSource, doc_.span(*gap), "detect_gap: applies with detect: true only");
    return false;
  }
  const std::string cutter = cutters[0].name;
  return load_image_sheet(sheet, *source.node, cutter == "grid" ? cutters[0].node : nullptr,
                          cutter == "frames" ? cutters[0].node : nullptr,
                          cutter == "detect" ? &n : nullptr);
}

// The frame cap, checked before frames are listed (a 1x1 grid over a big image would
// otherwise make hundreds of millions). Reports E0212 at `at`.
bool Loader::room_for(std::int64_t more, const Sheet& sheet, const Node& at) {
  const auto total = static_cast<std::int64_t>(def_.frames.size()) + more;
  if (total <= static_cast<std::int64_t>(kMaxFrames)) return true;
  error(Code::kTooManyFrames, doc_.span(at),
        "sheet '" + sheet.name + "' brings the definition to " + std::to_string(total) +
            " frames; the limit is " + std::to_string(kMaxFrames));
  return false;
}

void Loader::add_frame(const Sheet& sheet, std::string stem, const fs::path& image, Size image_size,
                       Rect rect, Point origin, diag::Span span) {
  Frame f;
  f.name = sheet.name + "/" + stem;
  f.sheet = def_.sheets.size();
  f.image = image;
  f.image_size = image_size;
  f.rect = rect;
  f.origin = resolve_origin(origin, Size{rect.width, rect.height});
  f.span = std::move(span);
  def_.frames.push_back(std::move(f));
}

bool Loader::load_image_sheet(Sheet& sheet, const Node& image, const Node* grid, const Node* frames,
                              const Node* detect) {
  sheet.kind = grid ? SheetKind::kGrid : detect ? SheetKind::kDetect : SheetKind::kFrames;
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
  if (detect) return load_detected(sheet, *detect, image, image_text);
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
    const Node* origin_node = e.value->find("origin");
    const Point origin = tainted(origin_node) ? sheet.origin : origin_of(origin_node, sheet.origin);
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

bool Loader::load_grid(Sheet& sheet, const Node& grid, const std::string& image_text) {
  Grid& g = sheet.grid;
  const Node* cell = grid.find("cell");
  const Point c = to_point(cell, Point{});
  g.cell = Size{c.x, c.y};
  g.origin = origin_of(grid.find("origin"), sheet.origin);
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
            "grid of sheet '" + sheet.name + "' has " + std::to_string(cells) + " whole cells in " +
                image_text + ", but count is " + std::to_string(*g.count));
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

// detect: true — the image is decoded now (its frames are where its sprites are), the
// colorkey applied, and each sprite found becomes <sheet>/<i> in reading order
// (image::detect_sprites). E0202 when the image cannot be decoded, E0207 when it has no
// sprite, E0212 when it has more regions than frames may be.
bool Loader::load_detected(Sheet& sheet, const Node& n, const Node& image,
                           const std::string& image_text) {
  const Node* gap_node = n.find("detect_gap");
  const int gap = tainted(gap_node) ? 1 : to_int(gap_node, 1);
  const diag::Result<io::Bytes, io::ReadFailure> file =
      io::read_file(sheet.image_path, image::kMaxPngFileBytes);
  if (!file) {
    error(Code::kImageUnreadable, doc_.span(image),
          "image '" + image.value + "' cannot be read: " + io::describe(file.error));
    return false;
  }
  image::Result<image::Image> decoded = image::decode_png(file.value, options_.max_image_side);
  if (!decoded) {
    error(Code::kImageUnreadable, doc_.span(image),
          "image '" + image.value + "' cannot be decoded" +
              (decoded.error.detail.empty() ? "" : " (" + decoded.error.detail + ")"));
    return false;
  }
  if (sheet.colorkey) {
    image::apply_colorkey(decoded.value, sheet.colorkey->r, sheet.colorkey->g, sheet.colorkey->b);
  }
  image::DetectLimits limits;
  limits.max_regions = kMaxFrames - std::min(kMaxFrames, def_.frames.size());
  const image::Result<std::vector<Rect>> found = image::detect_sprites(decoded.value, gap, limits);
  if (!found) {
    error(Code::kTooManyFrames, doc_.span(image),
          "detect: in " + image_text + " found " + found.error.detail + "; the limit is " +
              std::to_string(kMaxFrames) + " frames in a definition");
    return false;
  }
  if (found.value.empty()) {
    error(Code::kGridEmpty, doc_.span(image),
          "detect: found no sprite in " + image_text + ": every pixel is transparent" +
              (sheet.colorkey ? " after colorkey" : ""));
    return true;
  }
  for (std::size_t i = 0; i < found.value.size(); ++i) {
    add_frame(sheet, std::to_string(i), sheet.image_path, sheet.image_size, found.value[i],
              sheet.origin, doc_.span(image));
  }
  return true;
}

bool Loader::load_files_sheet(Sheet& sheet, const Node& files) {
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

  const io::Matches& listed = listing(*dir, name_part);
  const std::vector<fs::path>& matches = listed.files;
  const std::string prefix = slash == std::string::npos ? std::string() : dir_part + "/";
  for (const io::DanglingLink& d : listed.dangling) {
    // A link that leads nowhere is a missing frame, not a file to skip quietly.
    const std::string written = prefix + d.link.filename().string();
    error(Code::kImageUnreadable, doc_.span(files),
          d.loop ? "'" + written + "' (matched by files:) is a symbolic link loop"
                 : "'" + written + "' (matched by files:) is a symbolic link to '" +
                       d.target.generic_string() + "', which does not exist");
  }
  const bool dangling = !listed.dangling.empty();
  if (matches.empty()) {
    if (!dangling) {
      error(Code::kGlobNoMatch, doc_.span(files),
            "files: pattern '" + pattern + "' matches no file");
    }
    return false;
  }
  if (!room_for(static_cast<std::int64_t>(matches.size()), sheet, files)) return false;
  bool ok = true;
  for (std::size_t i = 0; i < matches.size(); ++i) {
    const fs::path& m = matches[i];
    const std::string written = prefix + m.filename().string();
    // A plain file listed in the resolved (canonical, inside the root) directory is that
    // directory plus its name; a symlink must not lead outside the root either, so only
    // links are resolved again (resolving asks the file system once per path component).
    std::optional<fs::path> path;
    if (listed.links[i]) {
      path = resolve(written, files);
    } else {
      path = *dir / m.filename();
    }
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

// The files of `dir` matching `pattern`, listed once (prefetch_files_sheets may have).
const io::Matches& Loader::listing(const fs::path& dir, const std::string& pattern) {
  const std::string key = dir.string() + '\0' + pattern;
  auto it = listings_.find(key);
  if (it == listings_.end()) {
    it = listings_.emplace(key, io::list_matching(dir, pattern, kMaxFrames)).first;
  }
  return it->second;
}

// Reads ahead, on up to options' jobs threads, what the files: sheets will ask of the file
// system: each pattern's folder listing and the head of every plain file it matches. The
// sheets are then loaded one by one as without it, from these results, so what is reported
// and its order are the same; only the waiting is shared between cores. Nothing is reported
// here (a folder that cannot be resolved is left to load_files_sheet).
void Loader::prefetch_files_sheets(const Node& sheets) {
  const int jobs = std::min(8, work::threads(options_.jobs));
  if (jobs <= 1) return;
  // Each distinct (folder as written, name pattern), in sheet order.
  struct Listing {
    std::string written;
    std::string pattern;
    diag::Result<fs::path> dir;
    io::Matches matches;
  };
  std::vector<Listing> listings;
  std::unordered_set<std::string> seen;
  for (const Node* sheet : sheets.items) {
    const Node* files_node = sheet->is_mapping() ? sheet->find("files") : nullptr;
    if (files_node == nullptr || !files_node->is_scalar() || tainted(files_node)) continue;
    const std::string& pattern = files_node->value;
    const std::size_t slash = pattern.rfind('/');
    const std::string dir_part = slash == std::string::npos ? "." : pattern.substr(0, slash);
    if (dir_part.find_first_of("*?") != std::string::npos) continue;
    Listing l;
    l.written = dir_part.empty() ? std::string("/") : dir_part;
    l.pattern = slash == std::string::npos ? pattern : pattern.substr(slash + 1);
    if (seen.insert(l.written + '\0' + l.pattern).second) listings.push_back(std::move(l));
  }
  if (listings.size() < 8) return;  // not worth a thread
  work::parallel_for(listings.size(), jobs, [&](std::size_t i) {
    Listing& l = listings[i];
    l.dir = io::resolve_inside_root(root_, base_dir_, l.written);
    if (l.dir) l.matches = io::list_matching(l.dir.value, l.pattern, kMaxFrames);
  });

  std::vector<fs::path> files;
  for (Listing& l : listings) {
    auto cached = resolved_.emplace(l.written, l.dir).first;
    if (!cached->second) continue;
    const fs::path& dir = cached->second.value;
    const io::Matches& listed =
        listings_.emplace(dir.string() + '\0' + l.pattern, std::move(l.matches)).first->second;
    if (listed.files.size() > kMaxFrames) continue;
    for (std::size_t i = 0; i < listed.files.size(); ++i) {
      if (!listed.links[i]) files.push_back(dir / listed.files[i].filename());
    }
  }
  std::vector<diag::Result<io::FileHead, io::ReadFailure>> heads(files.size());
  work::parallel_for(files.size(), jobs, [&](std::size_t i) {
    heads[i] = io::read_file_head(files[i], image::kPngHeaderBytes);
  });
  heads_.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i)
    heads_.emplace(files[i].string(), std::move(heads[i]));
}

// Resolves a path written at `at` under the path policy; E0201 on failure.
// Each path is resolved once (sheets often share an image; resolving asks the file
// system several times).
std::optional<fs::path> Loader::resolve(const std::string& written, const Node& at) {
  auto cached = resolved_.find(written);
  if (cached == resolved_.end()) {
    cached = resolved_.emplace(written, io::resolve_inside_root(root_, base_dir_, written)).first;
  }
  const diag::Result<fs::path>& p = cached->second;
  if (!p) {
    error(Code::kPathOutsideRoot, doc_.span(at),
          "path '" + written + "' is not allowed: " + p.error.message +
              "; paths are relative to the definition and must stay inside the project root: run "
              "spritec from your project's top directory, or pass --root DIR");
    return std::nullopt;
  }
  return p.value;
}

// The names in a folder (sorted; at most kMaxListed are kept), listed once.
const std::vector<std::string>& Loader::folder_names(const fs::path& dir) {
  auto it = listed_.find(dir.string());
  if (it != listed_.end()) return it->second;
  return listed_.emplace(dir.string(), io::list_names(dir, kMaxListed)).first->second;
}

// "image 'ok2.pgn' does not exist: looked for art/ok2.pgn (…); did you mean 'ok2.png'?"
std::string Loader::missing_image_message(const std::string& written, const fs::path& resolved) {
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
  const std::string near = diag::nearest(name, folder_names(folder), allowed);
  if (near.empty()) return message;
  const std::size_t slash = written.rfind('/');
  const std::string prefix = slash == std::string::npos ? "" : written.substr(0, slash + 1);
  return message + "; did you mean '" + prefix + near + "'?";
}

// Reads a PNG's header; E0202 / E0204 at `at`. `shown` names the file in messages.
std::optional<PngInfo> Loader::read_image(const fs::path& path, const std::string& shown,
                                          const Node& at) {
  if (auto it = images_.find(path.string()); it != images_.end()) return it->second;
  diag::Result<io::FileHead, io::ReadFailure> head;
  if (auto ahead = heads_.find(path.string()); ahead != heads_.end()) {
    head = std::move(ahead->second);
    heads_.erase(ahead);
  } else {
    head = io::read_file_head(path, image::kPngHeaderBytes);
  }
  if (!head) {
    const io::ReadError kind = head.error.kind;
    error(Code::kImageUnreadable, doc_.span(at),
          kind == io::ReadError::kNotFound   ? missing_image_message(shown, path)
          : kind == io::ReadError::kNotAFile ? "image '" + shown + "' is not a file"
                                             : "image '" + shown + "' cannot be read");
    return std::nullopt;
  }
  const image::Result<Size> read = image::read_png_info(head.value.bytes);
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

// An origin: [x, y], each a number or a word of its axis (left/center/right for x,
// top/center/bottom for y), the words kept as kAnchor* values for add_frame to resolve. A
// word of the other axis ([bottom, center]) is E0221 and reads as 0. `fallback` when absent.
Point Loader::origin_of(const Node* n, Point fallback) {
  if (!n || !n->is_sequence() || n->items.size() != 2) return fallback;
  Point p;
  for (std::size_t axis = 0; axis < 2; ++axis) {
    const Node& item = *n->items[axis];
    int& out = axis == 0 ? p.x : p.y;
    if (item.scalar_type() == ScalarType::kInt) {
      out = to_int(&item, 0);
      continue;
    }
    const std::string& word = item.value;
    const char* start = axis == 0 ? "left" : "top";
    const char* end = axis == 0 ? "right" : "bottom";
    if (word == "center") {
      out = kAnchorCenter;
    } else if (word == start) {
      out = kAnchorStart;
    } else if (word == end) {
      out = kAnchorEnd;
    } else {
      out = 0;
      if (word == "left" || word == "right" || word == "top" || word == "bottom") {
        error(Code::kOriginWord, doc_.span(item),
              "'" + word + "' is a word for " + (axis == 0 ? "y" : "x") + ", but the " +
                  (axis == 0 ? "first" : "second") + " coordinate of an origin is " +
                  (axis == 0 ? "x: left, center or right" : "y: top, center or bottom") +
                  " (origin: [x, y])");
      }
    }
  }
  return p;
}

}  // namespace spritec::def::detail
