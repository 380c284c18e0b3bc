// The libGDX/Spine text atlas: the pack's pages, one region per frame at its packed
// rectangle. `spine` is the current format (bounds:, offsets:, custom values: the origin and
// each box and point); the legacy libGDX format (xy:, size:, orig:, offset:, index:) has no
// custom values, so no origin. libGDX counts a region's offset from the bottom of the
// original image, and so do the custom values.
#include <algorithm>

#include "spritec/diag/utf8.hpp"
#include "writers.hpp"

namespace spritec::exporter::detail {

namespace {

std::string pair(std::int64_t a, std::int64_t b, const char* separator) {
  return std::to_string(a) + separator + std::to_string(b);
}

// Whether a box or point name can be a custom value's name: the readers (libGDX's and
// spine-core's TextureAtlas) take the text before the line's first ':' as the name, trimmed.
bool key_ok(const std::string& name) {
  return name.find(':') == std::string::npos && name.back() != ' ';
}

// A region's boxes and points as custom values, y up from the bottom of the untrimmed frame
// like `origin`: "box.NAME:x,y,w,h" (y of the bottom row's lower edge) and "point.NAME:x,y".
std::string shape_values(const Region& r) {
  std::string out;
  for (const Shape& s : r.shapes) {
    if (!key_ok(s.name)) continue;  // write_spine warns (W0709)
    const std::int64_t y_up = std::int64_t(r.source_h) - s.y - s.h;
    out += (s.box() ? "box." : "point.") + s.name + ":" + pair(s.x, y_up, ",");
    if (s.box()) out += "," + pair(s.w, s.h, ",");
    out += "\n";
  }
  return out;
}

}  // namespace

std::string libgdx(const Model& model, const Options& options, bool legacy) {
  const char* sep = legacy ? ", " : ",";
  const char* indent = legacy ? "  " : "";
  const char* colon = legacy ? ": " : ":";
  std::string out;
  for (std::uint32_t p = 0; p < model.pages.size(); ++p) {
    const Page& page = model.pages[p];
    out += legacy || p > 0 ? "\n" : "";
    out += page_file(options, p) + "\n";
    out += std::string("size") + colon + pair(page.width, page.height, sep) + "\n";
    out += std::string("format") + colon + "RGBA8888\n";
    out += std::string("filter") + colon + "Nearest" + sep + "Nearest\n";
    out += std::string("repeat") + colon + "none\n";
    // Spine 4 and libGDX read `pma`; the legacy format has no such field (its pages are
    // written straight: export.cpp).
    if (!legacy && model.premultiplied) out += "pma:true\n";
    for (const Region& r : model.regions) {
      if (r.page != p) continue;
      const std::int64_t offset_y = std::int64_t(r.source_h) - r.trim_y - r.h;
      out += r.name + "\n";
      if (legacy) {
        out += "  rotate: false\n";
        out += "  xy: " + pair(r.x, r.y, sep) + "\n";
        out += "  size: " + pair(r.w, r.h, sep) + "\n";
        out += "  orig: " + pair(r.source_w, r.source_h, sep) + "\n";
        out += "  offset: " + pair(r.trim_x, offset_y, sep) + "\n";
        out += "  index: -1\n";
      } else {
        out += std::string(indent) + "bounds:" + pair(r.x, r.y, sep) + sep + pair(r.w, r.h, sep) +
               "\n";
        out += "offsets:" + pair(r.trim_x, offset_y, sep) + sep +
               pair(r.source_w, r.source_h, sep) + "\n";
        out += "rotate:false\n";
        out +=
            "origin:" +
            pair(r.untrimmed_origin_x(), std::int64_t(r.source_h) - r.untrimmed_origin_y(), sep) +
            "\n";
        out += shape_values(r);
      }
    }
  }
  return out;
}

std::optional<std::vector<File>> write_spine(const Model& model, const Options& options,
                                             diag::Sink& sink) {
  std::vector<std::string> left_out;
  for (const Region& r : model.regions) {
    for (const Shape& s : r.shapes) {
      if (!key_ok(s.name) && std::find(left_out.begin(), left_out.end(), s.name) == left_out.end())
        left_out.push_back(s.name);
    }
  }
  if (!left_out.empty()) {
    sink.warning(
        diag::Code::kExportGeometry, {options.pack_name, 0, 0, 0},
        "spine writes boxes and points as custom values, whose names cannot hold a "
        "':' or end in a space: '" +
            diag::shown_name(left_out.front()) + "'" +
            (left_out.size() > 1 ? " and " + std::to_string(left_out.size() - 1) + " more are"
                                 : " is") +
            " left out; rename them to export them");
  }
  return std::vector<File>{{options.out_name, bytes(libgdx(model, options, false))}};
}

std::optional<std::vector<File>> write_libgdx_legacy(const Model& model, const Options& options,
                                                     diag::Sink& sink) {
  if (!model.regions.empty()) {  // the pack's frames: an atlas format adds no region
    sink.warning(diag::Code::kExportOrigins, {options.pack_name, 0, 0, 0},
                 "libgdx-legacy has no place for custom values: the frames' origins are "
                 "left out (the spine format carries them as origin: X, Y)");
  }
  return std::vector<File>{{options.out_name, bytes(libgdx(model, options, true))}};
}

}  // namespace spritec::exporter::detail
