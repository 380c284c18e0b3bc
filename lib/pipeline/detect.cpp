// spritec detect: the sprites of an unaligned sheet as a `sheets:` entry to paste.
#include <filesystem>

#include <yaml-cpp/yaml.h>

#include "report.hpp"
#include "spritec/geom/geom.hpp"
#include "spritec/image/detect.hpp"
#include "spritec/image/image.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

int run_detect(const DetectOptions& options, std::ostream& out, std::ostream& err) {
  ReportFormat report_format(options.format, options.colour);
  diag::Sink sink;
  const diag::Span at{options.image, 0, 0, 0};
  const diag::Result<io::Bytes, io::ReadFailure> file =
      io::read_file(options.image, image::kMaxPngFileBytes);
  if (!file) {
    const bool too_large = file.error.kind == io::ReadError::kTooLarge;
    sink.error(too_large ? diag::Code::kFileTooLarge : diag::Code::kFileUnreadable, at,
               "cannot read '" + options.image + "': " + io::describe(file.error));
    return report(sink, err);
  }
  image::Result<image::Image> decoded = image::decode_png(file.value);
  if (!decoded) {
    const bool too_large = decoded.error.kind == image::ErrorKind::kTooLarge;
    sink.error(
        too_large ? diag::Code::kImageTooLarge : diag::Code::kImageUnreadable, at,
        "'" + options.image + "' " +
            (decoded.error.kind == image::ErrorKind::kNotPng ? std::string("is not a PNG file")
             : too_large ? "is " + std::to_string(decoded.error.width) + "x" +
                               std::to_string(decoded.error.height) + " pixels; the limit is " +
                               std::to_string(image::kDefaultMaxSide) + " pixels a side"
                         : "is a corrupt PNG file" + (decoded.error.detail.empty()
                                                          ? std::string()
                                                          : " (" + decoded.error.detail + ")")));
    return report(sink, err);
  }
  if (!options.colorkey.empty()) {
    // The CLI checked the form (#rrggbb).
    const std::uint32_t key = image::parse_hex_colour(options.colorkey, false).value_or(0);
    image::apply_colorkey(decoded.value, std::uint8_t(key >> 24), std::uint8_t(key >> 16),
                          std::uint8_t(key >> 8));
  }
  const image::Result<std::vector<geom::Rect>> found =
      image::detect_sprites(decoded.value, options.gap);
  if (!found) {
    sink.error(diag::Code::kTooManyFrames, at,
               "'" + options.image + "' has " + found.error.detail + "; a definition may have " +
                   "at most 65536 frames");
    return report(sink, err);
  }
  if (found.value.empty()) {
    sink.error(diag::Code::kGridEmpty, at,
               "no sprite in '" + options.image + "': every pixel is transparent" +
                   (options.colorkey.empty() ? "" : " after --colorkey"));
    return report(sink, err);
  }

  const std::string name =
      options.name.empty() ? fs::path(options.image).stem().string() : options.name;
  YAML::Emitter yaml;
  yaml.SetIndent(2);
  yaml << YAML::Comment("spritec detect: " + std::to_string(found.value.size()) + " sprites in " +
                        options.image + " (detect_gap " + std::to_string(options.gap) +
                        "); rename the frames and paste under sheets:");
  yaml << YAML::BeginSeq << YAML::BeginMap;
  yaml << YAML::Key << "name" << YAML::Value << name;
  yaml << YAML::Key << "image" << YAML::Value << options.image;
  if (!options.colorkey.empty()) yaml << YAML::Key << "colorkey" << YAML::Value << options.colorkey;
  yaml << YAML::Key << "frames" << YAML::Value << YAML::BeginMap;
  for (std::size_t i = 0; i < found.value.size(); ++i) {
    const geom::Rect& r = found.value[i];
    yaml << YAML::Key << std::to_string(i) << YAML::Value << YAML::Flow << YAML::BeginMap
         << YAML::Key << "rect" << YAML::Value << YAML::Flow << YAML::BeginSeq << r.x << r.y
         << r.width << r.height << YAML::EndSeq << YAML::EndMap;
  }
  yaml << YAML::EndMap << YAML::EndMap << YAML::EndSeq;
  out << yaml.c_str() << '\n';
  return 0;
}

}  // namespace spritec::pipeline
