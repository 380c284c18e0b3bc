#include <chrono>
#include <filesystem>
#include <iomanip>

#include "compile.hpp"
#include "export_files.hpp"
#include "input_kind.hpp"
#include "outputs.hpp"
#include "report.hpp"
#include "spritec/atlas/pages.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/format/json_hash.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

std::string with_suffix(const fs::path& path, const std::string& suffix) {
  return (path.parent_path() / (path.stem().string() + suffix)).string();
}

// A cached build: the pack with embedded pages, turned back into what a fresh build of the
// same inputs gives (the model, the page PNGs and, for --pages files, the pack again).
std::optional<Compiled> from_cache(const fs::path& file, const def::Definition& definition,
                                   const CompileOptions& options) {
  diag::Result<io::Bytes, io::ReadFailure> r = io::read_file(file, std::uint64_t(1) << 32);
  if (!r) return std::nullopt;
  runtime::PackView view;
  if (!runtime::parse_pack(r.value.data(), r.value.size(), view)) return std::nullopt;
  Compiled c;
  c.definition = definition;
  c.model = format::read_model(view);
  for (std::size_t i = 0; i < c.model.pages.size(); ++i) {
    format::PageModel& page = c.model.pages[i];
    if (page.png.empty()) return std::nullopt;
    c.page_pngs.push_back(page.png);
    if (!options.page_file_stem.empty()) {
      page.png.clear();
      page.file = options.page_file_stem + "-" + std::to_string(i) + ".png";
    }
  }
  if (options.page_file_stem.empty()) {
    c.bytes = std::move(r.value);
  } else {
    diag::Result<std::vector<std::uint8_t>> written = format::write_spk(c.model);
    if (!written) return std::nullopt;
    c.bytes = std::move(written.value);
  }
  if (c.bytes.empty()) return std::nullopt;
  c.atlas.stats.frames = c.model.frames.size();
  return c;
}

// The cache keeps the pack with its pages embedded, whatever --pages says. A cache that
// cannot be written is a warning: the build itself succeeded.
// Like every output, it is never written over a file the build read nor over a file that
// is not a regular file.
void store_in_cache(const fs::path& cache_file, const Compiled& compiled, std::ostream& err) {
  io::OutputPlan plan;
  for (const fs::path& input : compiled.definition.dependencies)
    plan.input(input, "a file the definition reads");
  plan.output(cache_file, "--cache", "pack");
  if (std::optional<io::OutputProblem> problem = plan.check()) {
    err << "spritec: warning: not stored in the cache: " << problem->message << '\n';
    return;
  }
  format::PackModel embedded = compiled.model;
  for (std::size_t i = 0; i < embedded.pages.size(); ++i) {
    embedded.pages[i].file.clear();
    embedded.pages[i].png = compiled.page_pngs[i];
  }
  diag::Result<std::vector<std::uint8_t>> pack = format::write_spk(embedded);
  diag::Status<> stored = pack ? io::write_file_atomic(cache_file, pack.value) : pack.error;
  if (!stored)
    err << "spritec: warning: cannot store in the cache: " << stored.error.message << '\n';
}

// Everything build writes, planned before anything is: bytes (page files, the pack, the
// JSON's page images) then texts (the JSON documents, the depfile), staged in that order.
struct Outputs {
  io::OutputPlan plan;
  std::vector<std::pair<fs::path, const std::vector<std::uint8_t>*>> writes;
  std::vector<std::pair<fs::path, std::string>> texts;
  // The files of each pack (its page files, the pack, its JSON and exports), kept as they
  // are on a rebuild only all together (io::OutputSet::keep_together): a build tool sees
  // the pack's time, not its page files'.
  std::vector<std::vector<fs::path>> together;
};

// One pack among a build's outputs: the base pack or a variant's, with the paths its
// outputs go to (the variant's with its suffix inserted).
struct PackOutputs {
  std::string of;      // "" for the base pack; " of variant '@2x'" (in messages, after a role)
  std::string output;  // -o
  std::string json;    // --json, or empty
  std::vector<ExportTarget> exports;  // --export FORMAT:OUT
  const format::PackModel* model = nullptr;
  const std::vector<std::uint8_t>* bytes = nullptr;
  const std::vector<std::vector<std::uint8_t>>* page_pngs = nullptr;
  const std::vector<image::Image>* pages = nullptr;  // decoded, or empty when not at hand
                                                     // (from the cache; a variant's)
  std::vector<diag::Code> allowed_losses;            // --allow-loss: reported as notes
  std::string export_prefix;                         // --export-prefix
};

// --json F: a TexturePacker JSON (Hash) per page (F, F-1.json …) and its page image — the
// pack's own page files with --pages files (named relative to the JSON), else F.png or
// F-N.png beside it.
void plan_json(const BuildOptions& options, const PackOutputs& pack,
               const std::vector<std::string>& page_paths, Outputs& o) {
  fs::path json_file(pack.json);
  std::size_t pages = pack.page_pngs->size();
  std::vector<format::JsonHashPage> names;
  for (std::size_t i = 0; i < pages; ++i) {
    std::string suffix = pages == 1 ? "" : "-" + std::to_string(i);
    format::JsonHashPage n;
    n.json_name = i == 0 ? json_file.filename().string()
                         : fs::path(with_suffix(json_file, suffix + ".json")).filename().string();
    if (options.pages == PageStorage::kFiles) {
      // The pack's page files serve the JSON too (no second copy): named relative to it.
      fs::path base = json_file.parent_path().empty() ? fs::path(".") : json_file.parent_path();
      n.image_name = fs::path(page_paths[i]).lexically_relative(base).generic_string();
      if (n.image_name.empty()) n.image_name = fs::path(page_paths[i]).generic_string();
    } else {
      n.image_name = fs::path(with_suffix(json_file, suffix + ".png")).filename().string();
      fs::path image = json_file.parent_path() / n.image_name;
      o.plan.output(image, "--json", "page image" + pack.of);
      o.writes.emplace_back(image, &(*pack.page_pngs)[i]);
    }
    names.push_back(n);
  }
  std::vector<std::string> texts = format::json_hash(*pack.model, names);
  for (std::size_t i = 0; i < pages; ++i) {
    fs::path file = json_file.parent_path() / names[i].json_name;
    o.plan.output(file, "--json", pack.of.empty() ? "" : "JSON" + pack.of);
    o.texts.emplace_back(file, std::move(texts[i]));
  }
}

// --export F:OUT: the pack just built, exported as `spritec export` would export it.
// A variant's exports report their errors; their warnings are the base pack's again.
bool plan_exports(const PackOutputs& pack, Outputs& o, diag::Sink& sink, bool variant) {
  runtime::PackView view;
  if (!runtime::parse_pack(pack.bytes->data(), pack.bytes->size(), view)) {
    sink.error(diag::Code::kInternal, {pack.output, 0, 0, 0}, "the pack just built is unreadable");
    return false;
  }
  std::vector<image::Image> decoded;
  const std::vector<image::Image>* pages = pack.pages;
  if (pages->size() != pack.page_pngs->size()) {  // from the cache, or a variant's: let go
    // As a fresh build leaves them: straight alpha.
    std::optional<std::vector<image::Image>> read =
        atlas::decode_pages(*pack.page_pngs, view.premultiplied(), 1);
    if (!read) {
      sink.error(diag::Code::kInternal, {pack.output, 0, 0, 0}, "a cached page is unreadable");
      return false;
    }
    decoded = std::move(*read);
    pages = &decoded;
  }
  diag::Sink variant_sink;
  diag::Sink& to = variant ? variant_sink : sink;
  bool ok = true;
  for (const ExportTarget& target : pack.exports) {
    std::optional<std::vector<ExportFile>> files =
        export_files(view, *pages, target.format, target.output, pack.output, to,
                     pack.allowed_losses, pack.export_prefix);
    if (!files) {
      ok = false;
      break;
    }
    for (std::size_t i = 0; i < files->size(); ++i) {
      std::string role = export_role(i, (*files)[i].path);
      if (!pack.of.empty()) role = (role.empty() ? "file" : role) + pack.of;
      o.plan.output((*files)[i].path, "--export", role);
      o.texts.emplace_back((*files)[i].path,
                           std::string((*files)[i].bytes.begin(), (*files)[i].bytes.end()));
    }
  }
  for (const diag::Diagnostic& d : variant_sink.diagnostics()) {
    if (d.severity == diag::Severity::kError) sink.report(d);
  }
  return ok;
}

// The outputs of one pack: its page files, the pack, --json and --export.
bool plan_pack(const BuildOptions& options, const PackOutputs& pack, Outputs& o, diag::Sink& sink,
               bool variant) {
  const std::size_t first_write = o.writes.size();
  const std::size_t first_text = o.texts.size();
  const fs::path output(pack.output);
  std::vector<std::string> page_paths;  // where the pages are, for --json with --pages files
  if (options.pages == PageStorage::kFiles) {
    for (std::size_t i = 0; i < pack.page_pngs->size(); ++i) {
      fs::path page = output.parent_path() / pack.model->pages[i].file;
      o.plan.output(page, "-o", "page file" + pack.of);
      o.writes.emplace_back(page, &(*pack.page_pngs)[i]);
      page_paths.push_back(page.string());
    }
  }
  o.plan.output(output, "-o", pack.of.empty() ? "" : "pack" + pack.of);
  o.writes.emplace_back(output, pack.bytes);
  if (!pack.json.empty()) plan_json(options, pack, page_paths, o);
  if (!pack.exports.empty() && !plan_exports(pack, o, sink, variant)) return false;
  std::vector<fs::path>& together = o.together.emplace_back();
  for (std::size_t i = first_write; i < o.writes.size(); ++i)
    together.push_back(o.writes[i].first);
  for (std::size_t i = first_text; i < o.texts.size(); ++i)
    together.push_back(o.texts[i].first);
  return true;
}

// One pack of a `layers: split` build: the piece of slot `slot`, compiled (docs/cli.md).
struct BuiltPiece {
  std::string slot;
  Compiled compiled;
};

// The outputs of one compiled pack and its variants: the master's (or the only pack's) at
// the paths given, a piece's with ".SLOT" inserted before each extension (suffix).
bool plan_compiled(const BuildOptions& options, const Compiled& compiled, const std::string& suffix,
                   const std::string& of, const std::vector<ExportTarget>& exports,
                   const std::vector<diag::Code>& allowed_losses, Outputs& o, diag::Sink& sink) {
  auto path = [&](const std::string& p, const std::string& variant) {
    if (p.empty()) return p;
    const std::string own = suffix.empty() ? p : variant_path(p, suffix);
    return variant.empty() ? own : variant_path(own, variant);
  };
  PackOutputs base{of.empty() ? "" : " of " + of,
                   path(options.output, ""),
                   path(options.json, ""),
                   {},
                   &compiled.model,
                   &compiled.bytes,
                   &compiled.page_pngs,
                   &compiled.atlas.pages,
                   allowed_losses,
                   options.export_prefix};
  for (const ExportTarget& target : exports)
    base.exports.push_back({target.format, path(target.output, "")});
  if (!plan_pack(options, base, o, sink, false)) return false;
  for (const CompiledVariant& v : compiled.variants) {
    PackOutputs pack{
        " of " + (of.empty() ? std::string() : of + ", ") + "variant '" + v.variant.suffix + "'",
        path(options.output, v.variant.suffix),
        path(options.json, v.variant.suffix),
        {},
        &v.model,
        &v.bytes,
        &v.page_pngs,
        &v.atlas.pages,
        allowed_losses,
        options.export_prefix};
    for (const ExportTarget& target : exports)
      pack.exports.push_back({target.format, path(target.output, v.variant.suffix)});
    if (!plan_pack(options, pack, o, sink, true)) return false;
  }
  return true;
}

// Every output of the build — the base pack's, then each variant's, then each piece's
// (layers: split) and its variants', then the depfile — each checked against every input
// before anything is written. False when one cannot be planned (a depfile name Make cannot
// take, E0008) or would replace an input (reported).
bool plan_outputs(const BuildOptions& options, const Compiled& compiled,
                  const std::vector<BuiltPiece>& pieces, Outputs& o, diag::Sink& sink) {
  for (std::size_t i = 0; i < compiled.definition.dependencies.size(); ++i) {
    o.plan.input(compiled.definition.dependencies[i],
                 i == 0 ? "the definition" : "an image the definition reads");
  }
  std::vector<ExportTarget> exports;
  for (const std::string& text : options.exports) {
    // Each was checked by run_build before anything was compiled.
    if (std::optional<ExportTarget> target = parse_export_target(text)) exports.push_back(*target);
  }
  // Checked by run_build before anything was compiled.
  const std::vector<diag::Code> allowed = parse_allowed_losses(options.allow_loss).value;
  if (!plan_compiled(options, compiled, "", "", exports, allowed, o, sink)) return false;
  for (const BuiltPiece& piece : pieces) {
    if (!plan_compiled(options, piece.compiled, "." + piece.slot, "piece '" + piece.slot + "'",
                       exports, allowed, o, sink))
      return false;
  }
  if (!options.depfile.empty()) {
    std::vector<std::string> deps;
    for (const fs::path& p : compiled.definition.dependencies)
      deps.push_back(p.string());
    // Paths as the build tool that reads the depfile names them: relative to the directory
    // it runs spritec in (this process's) where they lie under it.
    std::error_code ec;
    const fs::path working_dir = fs::current_path(ec);
    diag::Result<std::string> text = io::make_depfile(options.output, deps, working_dir);
    if (!text) {
      sink.error(diag::Code::kDepfileName, {options.depfile, 0, 0, 0}, text.error.message);
      return false;
    }
    o.plan.output(options.depfile, "--depfile");
    o.texts.emplace_back(options.depfile, std::move(text.value));
  }
  return check_outputs(o.plan, sink);
}

// Stages every output, then commits them as one set.
diag::Status<> write_outputs(const Outputs& o) {
  io::OutputSet set;
  for (const auto& [path, bytes] : o.writes) {
    if (diag::Status<> staged = set.stage(path, *bytes); !staged) return staged;
  }
  for (const auto& [path, text] : o.texts) {
    if (diag::Status<> staged = set.stage(path, text); !staged) return staged;
  }
  for (const std::vector<fs::path>& files : o.together)
    set.keep_together(files);
  return set.commit();
}

// --stats: the report on stderr (a cached build names its cache file instead).
// --stats: a line per scale variant (made afresh also when the base pack is cached).
void write_variant_stats(std::ostream& err, const Compiled& compiled) {
  err << std::fixed;
  for (const CompiledVariant& v : compiled.variants) {
    err << "variant     " << v.variant.suffix << " (scale " << v.variant.scale_text
        << "): " << v.model.pages.size() << (v.model.pages.size() == 1 ? " page" : " pages");
    for (std::size_t i = 0; i < v.model.pages.size(); ++i)
      err << (i ? ", " : " (") << v.model.pages[i].width << "x" << v.model.pages[i].height;
    err << (v.model.pages.empty() ? "" : ")") << ", " << v.bytes.size() << " bytes; "
        << std::setprecision(3) << "scale " << v.scale_seconds << " s (pack "
        << v.atlas.stats.pack_seconds << " s, compose " << v.atlas.stats.compose_seconds
        << " s), encode " << v.encode_seconds << " s\n";
  }
}

void write_stats(std::ostream& err, const Compiled& compiled, bool cached,
                 const fs::path& cache_file, std::chrono::steady_clock::time_point start) {
  if (cached) {
    err << "cached      " << cache_file.string() << " (" << compiled.bytes.size() << " bytes)\n";
    write_variant_stats(err, compiled);
    return;
  }
  const atlas::Stats& s = compiled.atlas.stats;
  double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  err << std::fixed << std::setprecision(1);
  err << "frames      " << s.frames << " (" << s.stored << " stored, " << s.duplicates
      << " duplicates merged, " << s.empty << " empty)\n";
  err << "images      " << s.images << "\n";
  err << "pages       " << compiled.atlas.pages.size();
  for (std::size_t i = 0; i < compiled.atlas.pages.size(); ++i) {
    err << (i ? ", " : " (") << compiled.atlas.pages[i].width << "x"
        << compiled.atlas.pages[i].height << " " << s.page_occupancy[i] * 100 << "%";
  }
  err << (compiled.atlas.pages.empty() ? "" : ")") << "\n";
  err << "occupancy   " << s.occupancy * 100 << "% (" << s.used_pixels << " of " << s.source_pixels
      << " source pixels kept after trim and dedupe)\n";
  err << "pack bytes  " << compiled.bytes.size() << "\n";
  write_variant_stats(err, compiled);
  err << std::setprecision(3);
  err << "time        load " << compiled.load_seconds << " s, decode " << s.decode_seconds
      << " s, pack " << s.pack_seconds << " s, compose " << s.compose_seconds << " s, encode "
      << compiled.encode_seconds << " s, total " << total << " s\n";
}

// Checks the flags no CLI validator can (each --export's FORMAT:OUT, --allow-loss): false,
// having said why on err, when one is wrong.
bool usage_ok(const BuildOptions& options, std::ostream& err) {
  for (const std::string& text : options.exports) {
    const std::optional<ExportTarget> target = parse_export_target(text);
    if (!target) {
      err << "spritec build: --export " << text << " is not FORMAT:OUT (FORMAT one of ";
      const std::vector<std::string> names = exporter::format_names();
      for (std::size_t i = 0; i < names.size(); ++i)
        err << (i == 0 ? "" : ", ") << names[i];
      err << "); run 'spritec build --help'\n";
      return false;
    }
    if (std::string problem = output_name_problem(target->output, OutputName::kFile);
        !problem.empty()) {
      err << "spritec build: --export " << text << ": OUT " << problem
          << "; run 'spritec build --help'\n";
      return false;
    }
  }
  if (diag::Result<std::vector<diag::Code>> allowed = parse_allowed_losses(options.allow_loss);
      !allowed) {
    err << "spritec build: " << allowed.error.message << "; run 'spritec build --help'\n";
    return false;
  }
  if (!options.export_prefix.empty() && options.exports.empty()) {
    err << "spritec build: --export-prefix names what --export writes, and there is no "
           "--export; run 'spritec build --help'\n";
    return false;
  }
  // The prefix names the exports with global names; spritec-json keeps the pack's names
  // (docs/cli.md). A build whose only exports are spritec-json is told so.
  std::vector<exporter::Format> formats;
  for (const std::string& text : options.exports) {
    const exporter::Format format = parse_export_target(text)->format;  // each checked above
    if (!format->whole_pack) formats.push_back(format);
  }
  if (formats.empty() && !options.exports.empty())
    formats.push_back(parse_export_target(options.exports.front())->format);
  return prefix_usage_ok(options.export_prefix, formats, "build: --export-prefix", err);
}

CompileOptions compile_options(const BuildOptions& options, std::ostream& err) {
  CompileOptions compile;
  compile.root = options.root;
  compile.jobs = options.jobs;
  compile.keep_pages = !options.exports.empty();  // only --export reads the pixels again
  if (options.pages == PageStorage::kFiles)
    compile.page_file_stem = fs::path(options.output).stem().string();
  if (options.progress) {
    compile.progress = [&err](std::size_t done, std::size_t total) {
      err << "\rdecoding images " << done << "/" << total << std::flush;
      if (done == total) err << "\r\x1b[K" << std::flush;
    };
  }
  return compile;
}

// "wrote OUT (… bytes, … pages, … frames, … actions)" and a line per variant.
void write_summary(std::ostream& out, const BuildOptions& options, const Compiled& compiled) {
  auto count = [](std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  out << "wrote " << options.output << " (" << count(compiled.bytes.size(), "byte", "bytes") << ", "
      << count(compiled.model.pages.size(), "page", "pages") << ", "
      << count(compiled.model.frames.size(), "frame", "frames") << ", "
      << count(compiled.model.actions.size(), "action", "actions") << ")\n";
  for (const CompiledVariant& v : compiled.variants) {
    out << "wrote " << variant_path(options.output, v.variant.suffix) << " ("
        << count(v.bytes.size(), "byte", "bytes") << ", "
        << count(v.model.pages.size(), "page", "pages") << ", scale " << v.variant.scale_text
        << ")\n";
  }
}

// layers: split: each piece compiled with its variants, its page files (--pages files)
// named after its own pack. False when one failed (reported).
bool compile_pieces(const def::Definition& definition, const BuildOptions& options,
                    const CompileOptions& compile, diag::Sink& sink,
                    std::vector<BuiltPiece>& pieces) {
  for (def::Definition& piece : def::split_pieces(definition)) {
    const std::string slot = piece.layers.slot;
    CompileOptions own = compile;
    if (!own.page_file_stem.empty())
      own.page_file_stem = fs::path(variant_path(options.output, "." + slot)).stem().string();
    std::optional<Compiled> compiled = compile_loaded(std::move(piece), own, sink);
    if (!compiled || !compile_variants(*compiled, own, sink)) return false;
    pieces.push_back({slot, std::move(*compiled)});
  }
  return true;
}

}  // namespace

int run_build(const BuildOptions& options, std::ostream& out, std::ostream& err) {
  ReportFormat report_format(options.format, options.colour);
  if (diag::Status<> kind = wrong_kind("build", options.definition, {InputKind::kDefinition});
      !kind) {
    err << kind.error.message << '\n';
    return 2;
  }
  if (!usage_ok(options, err)) return 2;
  auto start = std::chrono::steady_clock::now();
  const CompileOptions compile = compile_options(options, err);
  diag::Sink sink;
  def::LoadOptions load;
  load.root = options.root;
  load.jobs = options.jobs;
  auto load_start = std::chrono::steady_clock::now();
  std::optional<def::Definition> definition = def::load_definition(options.definition, load, sink);
  double load_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();
  std::optional<Compiled> compiled;
  bool cached = false;
  fs::path cache_file;
  // A split definition's pieces are not cached: it is built afresh (docs/cli.md).
  if (definition && !options.cache.empty() && !definition->layers.split) {
    std::string key = cache_key(*definition, compile, spritec_version());
    if (!key.empty()) cache_file = fs::path(options.cache) / (key + ".spk");
    if (!cache_file.empty()) compiled = from_cache(cache_file, *definition, compile);
    cached = compiled.has_value();
  }
  std::vector<BuiltPiece> pieces;
  if (definition && !compiled && !compile_pieces(*definition, options, compile, sink, pieces))
    definition.reset();
  if (definition && !compiled)
    compiled = compile_loaded(def::split_master(std::move(*definition)), compile, sink);
  if (compiled && !compile_variants(*compiled, compile, sink)) compiled.reset();
  if (!compiled) {
    const int status = report(sink, err, options.werror);
    return status != 0 ? status : 1;
  }
  // Every diagnostic, the exports' warnings (W07xx) among them, is reported once, after
  // the outputs are planned and before anything is written (so --werror counts them too).
  Outputs outputs;
  const bool planned = plan_outputs(options, *compiled, pieces, outputs, sink);
  const int status = report(sink, err, options.werror);
  if (!planned || status != 0) return status != 0 ? status : 1;
  compiled->load_seconds = load_seconds;
  if (!cached && !cache_file.empty()) store_in_cache(cache_file, *compiled, err);

  if (diag::Status<> written = write_outputs(outputs); !written)
    return write_failed(sink, err, "build", written.error);

  if (options.stats) write_stats(err, *compiled, cached, cache_file, start);
  write_summary(out, options, *compiled);
  for (const BuiltPiece& piece : pieces) {
    BuildOptions named = options;
    named.output = variant_path(options.output, "." + piece.slot);
    write_summary(out, named, piece.compiled);
  }
  return 0;
}

}  // namespace spritec::pipeline
