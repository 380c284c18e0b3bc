// --prefix P: every animation and region name of an export begins with P, so two packs
// with the same action and frame names load into one game (Phaser keeps animations in one
// global AnimationManager, PixiJS textures in one global Cache, both keyed by name).
#include <string>

#include "spritec/diag/utf8.hpp"
#include "spritec/export/export.hpp"
#include "writers.hpp"

namespace spritec::exporter {

std::string check_prefix(Format format, std::string_view prefix) {
  // spritec-json names nothing globally (a runtime keeps each pack's names apart) and
  // writes the pack whole, names as they are: a prefix there would only be ignored.
  if (format->whole_pack && !prefix.empty())
    return "does not apply to spritec-json, which keeps the pack's names as they are (a "
           "runtime keeps each pack's names apart)";
  if (prefix.size() > kMaxPrefix)
    return "is " + std::to_string(prefix.size()) + " bytes, more than the cap of " +
           std::to_string(kMaxPrefix);
  // Invalid UTF-8 would be written as U+FFFD by the JSON formats: two prefixes could
  // become one name.
  if (diag::find_invalid_utf8(prefix) != std::string_view::npos) return "is not valid UTF-8";
  for (unsigned char c : prefix) {
    if (c < 0x20 || c == 0x7f) return "holds a control character";
  }
  // The text atlas reads a region's name as a trimmed line, a line with ':' as a field.
  if (!format->animations) {
    if (prefix.find(':') != std::string_view::npos)
      return "holds a ':', which a " + std::string(format_name(format)) +
             " atlas reads as a field, not a region name";
    if (!prefix.empty() && prefix.front() == ' ')
      return "starts with a space, which a " + std::string(format_name(format)) +
             " atlas trims from a region name";
  }
  return "";
}

namespace detail {

void add_prefix(Model& model, const std::string& prefix) {
  if (prefix.empty()) return;
  for (Region& r : model.regions)
    r.name.insert(0, prefix);
  for (Animation& a : model.animations)
    a.name.insert(0, prefix);
}

}  // namespace detail

}  // namespace spritec::exporter
