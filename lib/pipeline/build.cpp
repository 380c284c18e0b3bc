#include <chrono>
#include <filesystem>
#include <iomanip>

#include "input_kind.hpp"
#include "outputs.hpp"
#include "report.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/format/json_hash.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/pipeline/compile.hpp"

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
  io::ReadResult r = io::read_file(file, std::uint64_t(1) << 32);
  if (!r) return std::nullopt;
  runtime::PackView view;
  if (!runtime::parse_pack(r.bytes.data(), r.bytes.size(), view)) return std::nullopt;
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
  c.bytes = options.page_file_stem.empty() ? std::move(r.bytes) : format::write_spk(c.model);
  if (c.bytes.empty()) return std::nullopt;
  c.atlas.stats.frames = c.model.frames.size();
  return c;
}

}  // namespace

int run_build(const BuildOptions& options, std::ostream& out, std::ostream& err) {
  ReportFormat report_format(options.format, options.color);
  if (std::string wrong = wrong_kind("build", options.definition, {InputKind::kDefinition});
      !wrong.empty()) {
    err << wrong << '\n';
    return 2;
  }
  auto start = std::chrono::steady_clock::now();
  fs::path output(options.output);
  CompileOptions compile;
  compile.root = options.root;
  compile.jobs = options.jobs;
  if (options.pages == "files") compile.page_file_stem = output.stem().string();
  bool progress = options.progress;
  if (progress) {
    compile.progress = [&err](std::size_t done, std::size_t total) {
      err << "\rdecoding images " << done << "/" << total << std::flush;
      if (done == total) err << "\r\x1b[K" << std::flush;
    };
  }
  diag::Sink sink;
  def::LoadOptions load;
  load.root = options.root;
  auto load_start = std::chrono::steady_clock::now();
  std::optional<def::Definition> definition = def::load_definition(options.definition, load, sink);
  double load_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();
  std::optional<Compiled> compiled;
  bool cached = false;
  fs::path cache_file;
  if (definition && !options.cache.empty()) {
    std::string key = cache_key(*definition, compile, spritec_version());
    if (!key.empty()) cache_file = fs::path(options.cache) / (key + ".spk");
    if (!cache_file.empty()) compiled = from_cache(cache_file, *definition, compile);
    cached = compiled.has_value();
  }
  if (definition && !compiled) compiled = compile_loaded(std::move(*definition), compile, sink);
  int status = report(sink, err, options.werror);
  if (!compiled || status != 0) return status != 0 ? status : 1;
  compiled->load_seconds = load_seconds;
  if (!cached && !cache_file.empty()) {
    // The cache keeps the pack with its pages embedded, whatever --pages says.
    std::error_code ec;
    fs::create_directories(cache_file.parent_path(), ec);
    format::PackModel embedded = compiled->model;
    for (std::size_t i = 0; i < embedded.pages.size(); ++i) {
      embedded.pages[i].file.clear();
      embedded.pages[i].png = compiled->page_pngs[i];
    }
    std::string why = io::write_file_atomic(cache_file, format::write_spk(embedded));
    if (!why.empty()) err << "spritec: warning: cannot store in the cache: " << why << '\n';
  }

  // Every output is planned and checked against every input before anything is written,
  // then staged and committed as one set: pages, pack, JSON with its pages, depfile.
  io::OutputPlan plan;
  for (std::size_t i = 0; i < compiled->definition.dependencies.size(); ++i) {
    plan.input(compiled->definition.dependencies[i],
               i == 0 ? "the definition" : "an image the definition reads");
  }
  std::vector<std::pair<fs::path, const std::vector<std::uint8_t>*>> writes;
  std::vector<std::string> page_paths;  // where the pages are, for --json with --pages files
  if (options.pages == "files") {
    for (std::size_t i = 0; i < compiled->page_pngs.size(); ++i) {
      fs::path page = output.parent_path() / compiled->model.pages[i].file;
      plan.output(page, "-o", "page file");
      writes.emplace_back(page, &compiled->page_pngs[i]);
      page_paths.push_back(page.string());
    }
  }
  plan.output(output, "-o");
  writes.emplace_back(output, &compiled->bytes);

  std::vector<fs::path> json_files;
  std::vector<std::string> json_texts;
  if (!options.json.empty()) {
    fs::path json(options.json);
    std::size_t pages = compiled->page_pngs.size();
    std::vector<format::JsonHashPage> names;
    for (std::size_t i = 0; i < pages; ++i) {
      std::string suffix = pages == 1 ? "" : "-" + std::to_string(i);
      format::JsonHashPage n;
      n.json_name = i == 0 ? json.filename().string()
                           : fs::path(with_suffix(json, suffix + ".json")).filename().string();
      if (options.pages == "files") {
        // The pack's page files serve the JSON too (no second copy): named relative to it.
        fs::path base = json.parent_path().empty() ? fs::path(".") : json.parent_path();
        n.image_name = fs::path(page_paths[i]).lexically_relative(base).generic_string();
        if (n.image_name.empty()) n.image_name = fs::path(page_paths[i]).generic_string();
      } else {
        n.image_name = fs::path(with_suffix(json, suffix + ".png")).filename().string();
        fs::path image = json.parent_path() / n.image_name;
        plan.output(image, "--json", "page image");
        writes.emplace_back(image, &compiled->page_pngs[i]);
      }
      names.push_back(n);
    }
    json_texts = format::json_hash(compiled->model, names);
    for (std::size_t i = 0; i < pages; ++i) {
      json_files.push_back(json.parent_path() / names[i].json_name);
      plan.output(json_files.back(), "--json");
    }
  }
  std::string depfile_text;
  if (!options.depfile.empty()) {
    std::vector<std::string> deps;
    for (const fs::path& p : compiled->definition.dependencies)
      deps.push_back(p.string());
    std::string why;
    depfile_text = io::make_depfile(options.output, deps, &why);
    if (!why.empty()) {
      sink.error(diag::Code::kDepfileName, {options.depfile, 0, 0, 0}, why);
      return report(sink, err, options.werror);
    }
    plan.output(options.depfile, "--depfile");
  }
  if (!check_outputs(plan, sink)) return report(sink, err, options.werror);

  io::OutputSet set;
  for (const auto& [path, bytes] : writes) {
    std::string why = set.stage(path, *bytes);
    if (!why.empty()) return write_failed(sink, err, "build", why);
  }
  for (std::size_t i = 0; i < json_files.size(); ++i) {
    std::string why = set.stage(json_files[i], json_texts[i]);
    if (!why.empty()) return write_failed(sink, err, "build", why);
  }
  if (!options.depfile.empty()) {
    std::string why = set.stage(options.depfile, depfile_text);
    if (!why.empty()) return write_failed(sink, err, "build", why);
  }
  std::string why = set.commit();
  if (!why.empty()) return write_failed(sink, err, "build", why);

  if (options.stats && cached) {
    err << "cached      " << cache_file.string() << " (" << compiled->bytes.size() << " bytes)\n";
  } else if (options.stats) {
    const atlas::Stats& s = compiled->atlas.stats;
    double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    err << std::fixed << std::setprecision(1);
    err << "frames      " << s.frames << " (" << s.stored << " stored, " << s.duplicates
        << " duplicates merged, " << s.empty << " empty)\n";
    err << "images      " << s.images << "\n";
    err << "pages       " << compiled->atlas.pages.size();
    for (std::size_t i = 0; i < compiled->atlas.pages.size(); ++i) {
      err << (i ? ", " : " (") << compiled->atlas.pages[i].width << "x"
          << compiled->atlas.pages[i].height << " " << s.page_occupancy[i] * 100 << "%";
    }
    err << (compiled->atlas.pages.empty() ? "" : ")") << "\n";
    err << "occupancy   " << s.occupancy * 100 << "% (" << s.used_pixels << " of "
        << s.source_pixels << " source pixels kept after trim and dedupe)\n";
    err << "pack bytes  " << compiled->bytes.size() << "\n";
    err << std::setprecision(3);
    err << "time        load " << compiled->load_seconds << " s, decode " << s.decode_seconds
        << " s, pack " << s.pack_seconds << " s, compose " << s.compose_seconds << " s, encode "
        << compiled->encode_seconds << " s, total " << total << " s\n";
  }
  auto count = [](std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  out << "wrote " << options.output << " (" << count(compiled->bytes.size(), "byte", "bytes")
      << ", " << count(compiled->model.pages.size(), "page", "pages") << ", "
      << count(compiled->model.frames.size(), "frame", "frames") << ", "
      << count(compiled->model.actions.size(), "action", "actions") << ")\n";
  return 0;
}

}  // namespace spritec::pipeline
