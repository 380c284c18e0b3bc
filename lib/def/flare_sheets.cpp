// flare: — a Flare animation definition file as a sheet: its frames (one per animation,
// frame index and direction) and an action per animation, with 8 views
// (docs/definitions.md, "Flare"). The file format and Flare's timing are flare.cpp's.
#include <system_error>

#include "loader.hpp"
#include "spritec/def/flare.hpp"
#include "spritec/io/files.hpp"

namespace spritec::def::detail {
namespace fs = std::filesystem;
using diag::Code;

namespace {

// Flare's directions are the map's (Utils::calcDirection, Parse::toDirection: 0 = map
// south-west, then clockwise in steps of 45 degrees). Its isometric projection turns the
// map by 45 degrees on screen, so direction d faces 180 + 45·d degrees (0 = east,
// clockwise: d = 0 faces west); an orthogonal one does not: 135 + 45·d.
constexpr int kIsometricFirstView = 180;
constexpr int kOrthogonalFirstView = 135;

std::string frame_stem(const flare::Animation& a, int index, int direction) {
  return a.name + "/" + std::to_string(index) + "/" + std::to_string(direction);
}

}  // namespace

diag::Span Loader::flare_span(const std::string& shown, const flare::Position& at) const {
  return diag::Span{shown, at.line, at.column, at.end_column};
}

bool Loader::load_flare_sheet(Sheet& sheet, const Node& n, const Node& file_node) {
  const Node* projection = n.find("projection");
  const int first_view =
      projection && projection->value == "orthogonal" ? kOrthogonalFirstView : kIsometricFirstView;
  auto source = read_aseprite_source(sheet, SheetKind::kFlare, file_node, flare::kMaxFileBytes);
  if (!source) return false;
  // Positions in the Flare file are shown with the path the user wrote, from where the
  // definition's own path starts.
  const std::string shown =
      (def_.file.parent_path() / fs::path(file_node.value)).lexically_normal().generic_string();
  const diag::Note from{doc_.span(file_node), "read for sheet '" + sheet.name + "'"};
  const io::Bytes& bytes = source->second;
  const diag::Result<flare::File, flare::Error> parsed =
      flare::parse(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  if (!parsed) {
    error(Code::kFlareInvalid, flare_span(shown, parsed.error.at),
          "Flare file '" + file_node.value + "': " + parsed.error.message, {from});
    return false;
  }
  const flare::File& file = parsed.value;
  const auto image = find_flare_image(source->first, file, shown, from);
  if (!image) return false;
  const auto info = read_image(*image, file.image, file_node);
  if (!info) return false;
  sheet.image_path = *image;
  sheet.image_size = Size{info->width, info->height};

  bool ok = true;
  for (const flare::Animation& a : file.animations)
    ok = add_flare_animation(sheet, file_node, a, shown, first_view) && ok;
  return ok;
}

// image= is relative to the Flare mod's folder, which spritec does not know: it tries the
// folder of the Flare file, then each folder above it inside the project root, and takes
// the first where the image exists. E0201 / E0202 at image= in the Flare file.
std::optional<fs::path> Loader::find_flare_image(const fs::path& txt, const flare::File& file,
                                                 const std::string& shown, const diag::Note& from) {
  const diag::Span at = flare_span(shown, file.image_at);
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(root_, ec);
  std::vector<std::string> looked;
  fs::path dir = txt.parent_path();
  for (int depth = 0; depth < 64 && io::is_inside(root, dir); ++depth) {
    const diag::Result<fs::path> p = io::resolve_inside_root(root_, dir, file.image);
    if (!p) {
      error(Code::kPathOutsideRoot, at,
            "image '" + file.image + "' of the Flare file is not allowed: " + p.error.message,
            {from});
      return std::nullopt;
    }
    if (fs::exists(p.value, ec)) return p.value;
    looked.push_back(io::display_path(dir / file.image));
    if (dir == root || dir.parent_path() == dir) break;
    dir = dir.parent_path();
  }
  std::string list;
  for (std::size_t i = 0; i < looked.size() && i < 8; ++i)
    list += (i ? ", " : "") + looked[i];
  if (looked.size() > 8) list += ", …";
  error(Code::kImageUnreadable, at,
        "image '" + file.image + "' of the Flare file does not exist: looked for " + list +
            " (Flare's paths are relative to the mod's folder: spritec tries the Flare file's "
            "folder and each folder above it inside the project root)",
        {from});
  return std::nullopt;
}

// One animation's frames (each given (index, direction)) and its action, kept until
// add_flare_actions. A cell of an animation without frame= lines whose direction lies below
// the image falls back to direction 0, as Flare draws it.
bool Loader::add_flare_animation(const Sheet& sheet, const Node& file_node,
                                 const flare::Animation& a, const std::string& shown,
                                 int first_view) {
  std::vector<bool> own(a.cells.size(), false);  // the cell has a frame of its own
  std::int64_t count = 0;
  bool ok = true;
  for (std::size_t c = 0; c < a.cells.size(); ++c) {
    const flare::Cell& cell = a.cells[c];
    if (!cell.given) continue;
    const Rect& r = cell.rect;
    const bool outside = std::int64_t{r.x} + r.width > sheet.image_size.width ||
                         std::int64_t{r.y} + r.height > sheet.image_size.height;
    const int direction = static_cast<int>(c % flare::kDirections);
    if (outside && !a.compressed && direction > 0) continue;
    const std::string what = "frame " + std::to_string(c / flare::kDirections) + ", direction " +
                             std::to_string(direction) + " of [" + a.name + "]";
    if (r.width == 0 || r.height == 0) {
      error(Code::kZeroSizeRect, flare_span(shown, cell.at),
            what + " has zero size (" + size_text(r.width, r.height) + ")");
      ok = false;
    } else if (outside) {
      error(Code::kRectOutsideImage, flare_span(shown, cell.at),
            what + " (" + std::to_string(r.x) + ", " + std::to_string(r.y) + ", " +
                size_text(r.width, r.height) + ") lies outside " + sheet.image + "'s image (" +
                size_text(sheet.image_size.width, sheet.image_size.height) + ")");
      ok = false;
    }
    own[c] = true;
    ++count;
  }
  if (!ok || !room_for(count, sheet, file_node)) return false;
  for (std::size_t c = 0; c < a.cells.size(); ++c) {
    if (!own[c]) continue;
    const flare::Cell& cell = a.cells[c];
    add_frame(sheet,
              frame_stem(a, static_cast<int>(c / flare::kDirections),
                         static_cast<int>(c % flare::kDirections)),
              sheet.image_path, sheet.image_size, cell.rect, cell.offset,
              flare_span(shown, cell.at));
  }

  const diag::Result<flare::Timeline, flare::Error> played =
      flare::timeline(a, rate_known_ ? def_.tick_rate : kDefaultTickRate);
  if (!played) {
    error(Code::kFlareInvalid, flare_span(shown, played.error.at),
          "Flare file '" + file_node.value + "': " + played.error.message);
    return false;
  }
  bool turns = false;  // some frame has a direction of its own besides 0
  for (std::size_t c = 0; c < own.size(); ++c)
    turns = turns || (own[c] && c % flare::kDirections != 0);
  Action action;
  action.name = a.name;
  action.span = flare_span(shown, a.at);
  action.views = turns ? flare::kDirections : 1;
  action.first_view = turns ? first_view : 0;
  action.mode = played.value.once ? PlayMode::kOnce : PlayMode::kLoop;
  action.repeat = played.value.once ? 1 : 0;
  action.loop_from = static_cast<int>(played.value.loop_from);
  action.then = ThenKind::kHold;
  for (int d = 0; d < action.views; ++d) {
    std::vector<Step> steps;
    for (const flare::Step& s : played.value.steps) {
      const std::size_t c = static_cast<std::size_t>(s.index) * flare::kDirections;
      Step step;
      step.frame =
          sheet.name + "/" + frame_stem(a, s.index, own[c + static_cast<std::size_t>(d)] ? d : 0);
      step.ticks = static_cast<int>(s.ticks);
      if (s.active) step.event = flare::kActiveEvent;
      step.span = step.frame_span = step.ticks_span = step.event_span = action.span;
      steps.push_back(std::move(step));
    }
    action.steps.push_back(std::move(steps));
  }
  flare_actions_.push_back(FlareAction{std::move(action), sheet.name});
  return true;
}

// The Flare sheets' actions, after the written ones (and the Aseprite tags'): an action
// written in the definition with an animation's name replaces it (N0301); one made by a
// tag or by another Flare sheet is E0218.
void Loader::add_flare_actions(std::size_t written) {
  for (FlareAction& made : flare_actions_) {
    const Action* existing = def_.find_action(made.action.name);
    if (existing == nullptr) {
      def_.actions.push_back(std::move(made.action));
      continue;
    }
    const auto index = static_cast<std::size_t>(existing - def_.actions.data());
    if (index < written) {
      sink_.note(Code::kTagActionReplaced, existing->span,
                 "action '" + made.action.name + "' replaces the action that animation [" +
                     made.action.name + "] of Flare sheet '" + made.sheet + "' would make",
                 {diag::Note{made.action.span, "the Flare file's animation"}});
      continue;
    }
    error(Code::kFlareActionClash, made.action.span,
          "animation [" + made.action.name + "] of Flare sheet '" + made.sheet +
              "' would make an action of the same name as another sheet's; write the action "
              "yourself, or put the sheets in two definitions",
          {diag::Note{existing->span, "the other action"}});
  }
  flare_actions_.clear();
}

}  // namespace spritec::def::detail
