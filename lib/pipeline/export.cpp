// `spritec export` and `build --export F:OUT`: a pack as the files an engine loads
// (spritec::exporter), written as one set beside OUT.
#include <algorithm>
#include <filesystem>

#include "compile.hpp"
#include "export_files.hpp"
#include "input_kind.hpp"
#include "outputs.hpp"
#include "report.hpp"
#include "spritec/diag/utf8.hpp"
#include "spritec/pipeline/commands.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

// Godot names files res://…, relative to the project: the nearest directory at or above
// `dir` holding project.godot. Without one, `dir` itself is taken as res://. Returns the
// path of `dir` inside the project ("" or "sub/dir/").
std::string godot_res_dir(const fs::path& dir) {
  std::error_code ec;
  fs::path start = fs::weakly_canonical(fs::absolute(dir.empty() ? fs::path(".") : dir, ec), ec);
  if (ec) return "";
  for (fs::path at = start;; at = at.parent_path()) {
    if (fs::exists(at / "project.godot", ec)) {
      std::string rel = start.lexically_relative(at).generic_string();
      return rel.empty() || rel == "." ? "" : rel + "/";
    }
    if (at == at.parent_path()) break;
  }
  return "";
}

}  // namespace

diag::Result<std::vector<diag::Code>> parse_allowed_losses(const std::vector<std::string>& values) {
  // The export losses: every W07xx of the catalogue.
  std::vector<diag::Code> losses;
  for (const diag::CodeInfo* c = diag::catalogue_begin(); c != diag::catalogue_end(); ++c) {
    if (c->id.substr(0, 3) == "W07") losses.push_back(c->code);
  }
  std::vector<diag::Code> allowed;
  for (const std::string& value : values) {
    std::size_t from = 0;
    while (from <= value.size()) {
      std::size_t comma = std::min(value.find(',', from), value.size());
      const std::string word = value.substr(from, comma - from);
      from = comma + 1;
      if (word.empty()) continue;  // "W0701,"
      if (word == "all") {
        allowed = losses;
        continue;
      }
      auto known = std::find_if(diag::catalogue_begin(), diag::catalogue_end(),
                                [&](const diag::CodeInfo& c) { return c.id == word; });
      if (known == diag::catalogue_end() ||
          std::find(losses.begin(), losses.end(), known->code) == losses.end()) {
        return diag::fail(
            "--allow-loss " + word +
            (known == diag::catalogue_end()
                 ? " is not a diagnostic code"
                 : " is not an export loss: only what a format cannot carry (W0701-W0710) can "
                   "be allowed; a definition's warnings are fixed in the definition") +
            "; give W07xx codes, comma-separated, or all");
      }
      if (std::find(allowed.begin(), allowed.end(), known->code) == allowed.end())
        allowed.push_back(known->code);
    }
  }
  return allowed;
}

std::optional<std::vector<ExportFile>> export_files(const runtime::PackView& pack,
                                                    const std::vector<image::Image>& pages,
                                                    exporter::Format format, const fs::path& out,
                                                    const std::string& pack_name, diag::Sink& sink,
                                                    const std::vector<diag::Code>& allowed,
                                                    const std::string& prefix) {
  exporter::Options o;
  o.format = format;
  o.prefix = prefix;
  o.out_name = out.filename().string();
  o.stem = out.stem().string();
  o.pack_name = pack_name;
  if (format->godot_paths) o.godot_res_dir = godot_res_dir(out.parent_path());
  // The exporter's diagnostics, each allowed loss made a note that says so.
  diag::Sink exported;
  std::optional<std::vector<exporter::File>> files =
      exporter::export_pack(pack, pages, o, exported);
  for (diag::Diagnostic d : exported.diagnostics()) {
    if (d.severity == diag::Severity::kWarning &&
        std::find(allowed.begin(), allowed.end(), d.code) != allowed.end()) {
      d.severity = diag::Severity::kNote;
      d.message += " (allowed by --allow-loss)";
    }
    sink.report(std::move(d));
  }
  if (!files) return std::nullopt;
  std::vector<ExportFile> result;
  for (exporter::File& f : *files)
    result.push_back({out.parent_path() / f.name, std::move(f.bytes)});
  return result;
}

bool prefix_usage_ok(const std::string& prefix, const std::vector<exporter::Format>& formats,
                     const std::string& command, std::ostream& err) {
  for (exporter::Format format : formats) {
    const std::string problem = exporter::check_prefix(format, prefix);
    if (problem.empty()) continue;
    err << "spritec " << command << " '" << diag::shown_name(prefix) << "' " << problem
        << "; choose another prefix (docs/engines.md, \"Two packs in one game\")\n";
    return false;
  }
  return true;
}

std::optional<ExportTarget> parse_export_target(const std::string& text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) return std::nullopt;
  std::optional<exporter::Format> format = exporter::parse_format(text.substr(0, colon));
  if (!format || colon + 1 >= text.size()) return std::nullopt;
  return ExportTarget{*format, text.substr(colon + 1)};
}

int run_export(const ExportOptions& options, std::ostream& out, std::ostream& err) {
  ReportFormat report_format(options.diagnostics, options.colour);
  if (diag::Status<> kind = wrong_kind("export", options.pack, {InputKind::kPack}); !kind) {
    err << kind.error.message << '\n';
    return 2;
  }
  std::optional<exporter::Format> format = exporter::parse_format(options.format);
  if (!format) {
    err << "spritec export: --format " << options.format << " is not a format; run 'spritec "
        << "export --help' for the list\n";
    return 2;
  }
  diag::Result<std::vector<diag::Code>> allowed = parse_allowed_losses(options.allow_loss);
  if (!allowed) {
    err << "spritec export: " << allowed.error.message << "; run 'spritec export --help'\n";
    return 2;
  }
  if (!prefix_usage_ok(options.prefix, {*format}, "export: --prefix", err)) return 2;
  diag::Sink sink;
  std::unique_ptr<LoadedPack> pack = open_pack(options.pack, sink, true);
  if (!pack) return report(sink, err, options.werror);
  std::optional<std::vector<ExportFile>> files =
      export_files(pack->view, pack->pages, *format, options.output, options.pack, sink,
                   allowed.value, options.prefix);
  if (!files) return report(sink, err, options.werror);
  io::OutputPlan plan;
  for (std::size_t i = 0; i < pack->inputs.size(); ++i)
    plan.input(pack->inputs[i], i == 0 ? "the pack" : "a page file of the pack");
  for (std::size_t i = 0; i < files->size(); ++i)
    plan.output((*files)[i].path, "-o", export_role(i, (*files)[i].path));
  if (!check_outputs(plan, sink)) return report(sink, err, options.werror);
  if (int status = report(sink, err, options.werror); status != 0) return status;
  io::OutputSet set;
  std::vector<fs::path> together;  // OUT names its pages: rewritten with them or kept with them
  for (const ExportFile& f : *files) {
    if (diag::Status<> staged = set.stage(f.path, f.bytes); !staged)
      return write_failed(sink, err, "export", staged.error);
    together.push_back(f.path);
  }
  set.keep_together(together);
  if (diag::Status<> committed = set.commit(); !committed)
    return write_failed(sink, err, "export", committed.error);
  out << "exported " << options.pack << " as " << options.format << ": " << options.output
      << " and " << files->size() - 1 << " more file" << (files->size() == 2 ? "" : "s") << '\n';
  return 0;
}

}  // namespace spritec::pipeline
