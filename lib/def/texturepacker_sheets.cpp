// texturepacker_json: sheets — TexturePacker's JSON (Hash or Array) and the PNG it names:
// one frame per frame of the JSON, named <sheet>/<the JSON's name>, each on its untrimmed
// canvas (trimmed and rotated frames are read back upright; the atlas turns the rotated
// ones), its origin from its pivot or else the sheet's origin. docs/definitions.md,
// "TexturePacker".
#include <set>
#include <tuple>

#include "loader.hpp"
#include "texturepacker_json.hpp"

namespace spritec::def::detail {
namespace fs = std::filesystem;
using diag::Code;

namespace {

diag::Code code_of(JsonError::Kind kind) {
  switch (kind) {
    case JsonError::Kind::kDuplicateName:
      return Code::kDuplicateFrame;
    case JsonError::Kind::kTooManyFrames:
      return Code::kTooManyFrames;
    default:
      return Code::kTexturePackerInvalid;
  }
}

std::string rect_text(const Rect& r) {
  return "(" + std::to_string(r.x) + ", " + std::to_string(r.y) + ", " +
         size_text(r.width, r.height) + ")";
}

// Notes pointing into the JSON file, by line and column (named as the definition's own
// paths are shown).
class JsonNotes {
 public:
  JsonNotes(std::string_view text, std::string shown) : text_(text), shown_(std::move(shown)) {}
  std::vector<diag::Note> at(std::size_t offset, std::string message) const {
    std::vector<diag::Note> notes;
    if (offset == std::string::npos) return notes;
    const TextPosition p = text_position(text_, offset);
    notes.push_back(diag::Note{diag::Span{shown_, p.line, p.column, 0}, std::move(message)});
    return notes;
  }

 private:
  std::string_view text_;
  std::string shown_;
};

// How the frames sit in the image: the first that does not lie inside it and how many do
// not; and the pixels of the rotated frames' regions, each distinct one counted once (the
// atlas turns each into an upright copy; in a real atlas they do not overlap).
struct Placement {
  const PackedFrame* first_outside = nullptr;
  std::size_t outside = 0;
  std::int64_t turned_area = 0;
};

Placement place(const std::vector<PackedFrame>& frames, Size image) {
  Placement out;
  std::set<std::tuple<int, int, int, int>> turned;
  for (const PackedFrame& f : frames) {
    const Rect& r = f.rect;
    if (r.x + r.width > image.width || r.y + r.height > image.height) {
      if (!out.first_outside) out.first_outside = &f;
      ++out.outside;
    } else if (f.rotated && turned.emplace(r.x, r.y, r.width, r.height).second) {
      out.turned_area += std::int64_t{r.width} * r.height;
    }
  }
  return out;
}

}  // namespace

bool Loader::load_texturepacker_json_sheet(Sheet& sheet, const Node& json) {
  const auto source =
      read_aseprite_source(sheet, SheetKind::kTexturePackerJson, json, kMaxTexturePackerJsonBytes);
  if (!source) return false;
  const std::string_view text(reinterpret_cast<const char*>(source->second.data()),
                              source->second.size());
  const std::string what = "TexturePacker JSON '" + json.value + "'";
  const diag::Span at = doc_.span(json);
  const JsonNotes notes(text,
                        (base_dir_ / fs::path(json.value)).lexically_normal().generic_string());
  const diag::Result<PackedSheet, JsonError> parsed = parse_texturepacker_json(text);
  if (!parsed) {
    error(code_of(parsed.error.kind), at, what + ": " + parsed.error.message,
          notes.at(parsed.error.offset, "the problem is here"));
    return false;
  }
  const PackedSheet& data = parsed.value;
  const std::optional<std::string> written = load_json_image(sheet, json, data.image);
  if (!written) return false;
  const std::string& image_written = *written;
  const Size* info = &sheet.image_size;
  const std::string image_text = image_written + " (" + size_text(info->width, info->height) + ")";
  if (data.image_size.width > 0 && !(data.image_size == sheet.image_size)) {
    error(Code::kTexturePackerInvalid, at,
          what + ": meta.size says " + size_text(data.image_size.width, data.image_size.height) +
              " but " + image_written + " is " + size_text(info->width, info->height) +
              " (the JSON and the image are from different exports?)",
          notes.at(data.size_at, "meta.size"));
    return false;
  }
  const Placement placed = place(data.frames, sheet.image_size);
  if (const PackedFrame* f = placed.first_outside) {
    error(
        Code::kRectOutsideImage, at,
        what + ": frame '" + f->name + "' " + rect_text(f->rect) +
            (f->rotated ? ", rotated," : "") + " lies outside " + image_text +
            (placed.outside > 1 ? "; so do " + std::to_string(placed.outside - 1) + " other frames"
                                : ""),
        notes.at(f->at, "its frame rectangle"));
    return false;
  }
  if (placed.turned_area > std::int64_t{info->width} * info->height) {
    error(Code::kTexturePackerInvalid, at,
          what + ": its rotated frames cover " + std::to_string(placed.turned_area) +
              " pixels together, more than " + image_text +
              " holds: their rectangles overlap, which no packer writes");
    return false;
  }
  if (!room_for(static_cast<std::int64_t>(data.frames.size()), sheet, json)) return false;
  for (const PackedFrame& f : data.frames) {
    add_frame(sheet, f.name, sheet.image_path, sheet.image_size, f.rect,
              f.has_origin ? f.origin : sheet.origin, at);
    Frame& added = def_.frames.back();
    added.canvas = f.canvas;
    added.offset = f.offset;
    added.rotated = f.rotated;
    // Origin words name places on the untrimmed canvas (sourceSize), not the packed rectangle.
    if (!f.has_origin && f.canvas.width > 0) added.origin = resolve_origin(sheet.origin, f.canvas);
  }
  return true;
}

}  // namespace spritec::def::detail
