// Private to the pipeline: an export's files with their paths, shared by `spritec export`
// and `build --export`.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "spritec/diag/diagnostic.hpp"
#include "spritec/export/export.hpp"
#include "spritec/pipeline/commands.hpp"

namespace spritec::pipeline {

struct ExportFile {
  std::filesystem::path path;
  std::vector<std::uint8_t> bytes;
};

// How an export's file after OUT is named in messages ("-o's page image hero-0.png would
// replace …"): "page image" or "file"; "" for OUT itself.
inline std::string export_role(std::size_t index, const std::filesystem::path& path) {
  if (index == 0) return "";
  return path.extension() == ".png" ? "page image" : "file";
}

// --export F:OUT, read: empty when F is no format or OUT is empty.
struct ExportTarget {
  exporter::Format format;
  std::string output;
};
std::optional<ExportTarget> parse_export_target(const std::string& text);

// --allow-loss: the export losses (W07xx: what a format cannot carry) a user accepts. Each
// value is a comma list of codes or `all`; a code that is no W07xx (a definition's warning)
// or not a code is refused, saying which, for a usage error.
[[nodiscard]] diag::Result<std::vector<diag::Code>> parse_allowed_losses(
    const std::vector<std::string>& values);

// The files of `pack` exported as `format` to `out` (OUT first), or empty when an error was
// reported. Warnings for what the format cannot carry go to `sink`; those whose code is in
// `allowed` go there as notes (they neither fail nor count for --werror). `prefix` (export
// --prefix, build --export-prefix; checked by prefix_usage_ok) begins every animation and
// region name.
[[nodiscard]] std::optional<std::vector<ExportFile>> export_files(
    const runtime::PackView& pack, const std::vector<image::Image>& pages, exporter::Format format,
    const std::filesystem::path& out, const std::string& pack_name, diag::Sink& sink,
    const std::vector<diag::Code>& allowed = {}, const std::string& prefix = "");

// --prefix P for the formats `formats`: false, having said why on `err` as a usage error
// of `command` ("export --prefix", "build --export-prefix"), when a format cannot hold it.
bool prefix_usage_ok(const std::string& prefix, const std::vector<exporter::Format>& formats,
                     const std::string& command, std::ostream& err);

}  // namespace spritec::pipeline
