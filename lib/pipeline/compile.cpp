#include "compile.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <set>
#include <utility>

#include "aseprite_input.hpp"
#include "input_kind.hpp"
#include "spritec/atlas/pages.hpp"
#include "spritec/io/files.hpp"

#include <xxhash.h>

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

using Clock = std::chrono::steady_clock;

format::Mode to_mode(def::PlayMode mode) {
  switch (mode) {
    case def::PlayMode::kLoop:
      return format::Mode::kLoop;
    case def::PlayMode::kPingpong:
      return format::Mode::kPingpong;
    case def::PlayMode::kOnce:
      return format::Mode::kOnce;
  }
  return format::Mode::kLoop;
}

// A box or point as the pack model has it. In a variant its corners (x, y) and (x + w, y + h),
// or the point, are scaled and rounded as origins are (scaled_coordinate), so geometry stays
// on the pixels it was drawn around; a box the scale leaves empty is dropped (W0410 by the
// caller, from `dropped`).
std::vector<format::ShapeModel> to_shapes(const std::vector<def::Shape>& shapes,
                                          const def::Variant* variant,
                                          std::vector<const def::Shape*>& dropped) {
  std::vector<format::ShapeModel> out;
  for (const def::Shape& shape : shapes) {
    format::ShapeModel m;
    m.name = shape.name;
    m.kind = shape.kind == def::ShapeKind::kPoint ? runtime::ShapeKind::kPoint
                                                  : runtime::ShapeKind::kBox;
    m.removed = shape.removed;
    if (!shape.removed) {
      const def::Rect& b = shape.box;
      auto scaled = [&](std::int64_t v) {
        return variant ? atlas::scaled_coordinate(v, *variant) : v;
      };
      const std::int64_t x0 = scaled(b.x), y0 = scaled(b.y);
      const std::int64_t x1 = scaled(std::int64_t{b.x} + b.width);
      const std::int64_t y1 = scaled(std::int64_t{b.y} + b.height);
      if (m.kind == runtime::ShapeKind::kBox && (x1 <= x0 || y1 <= y0)) {
        dropped.push_back(&shape);
        continue;
      }
      m.x = std::int32_t(x0);
      m.y = std::int32_t(y0);
      if (m.kind == runtime::ShapeKind::kBox) {
        m.w = std::uint32_t(x1 - x0);
        m.h = std::uint32_t(y1 - y0);
      }
    }
    out.push_back(std::move(m));
  }
  return out;
}

// variant: the moves scaled, each view's running sum rounded (scaled_coordinate) and each
// step moving by the difference, so a view's path stays within half a pixel of the exact
// one however many steps it has.
format::ActionModel to_action(const def::Action& action, const def::Variant* variant,
                              std::vector<const def::Shape*>& dropped) {
  format::ActionModel out;
  out.name = action.name;
  out.views = std::uint32_t(action.views);
  out.first_view = action.first_view;
  out.mode = to_mode(action.mode);
  out.loop_from = std::uint32_t(action.loop_from);
  out.repeat = std::uint32_t(action.repeat);
  switch (action.then) {
    case def::ThenKind::kHold:
      out.then = format::ThenKind::kHold;
      break;
    case def::ThenKind::kDestroy:
      out.then = format::ThenKind::kDestroy;
      break;
    case def::ThenKind::kAction:
      out.then = format::ThenKind::kAction;
      out.then_action = action.then_action;
      break;
  }
  out.reverse = action.reverse;
  for (const std::vector<def::Step>& view : action.steps) {
    std::vector<format::StepModel>& steps = out.steps.emplace_back();
    std::int64_t sum_x = 0;
    std::int64_t sum_y = 0;
    for (const def::Step& step : view) {
      format::StepModel s;
      s.frame = step.blank ? std::string() : step.frame;
      s.ticks = std::uint32_t(step.ticks);
      s.flip_x = step.flip == def::Flip::kX || step.flip == def::Flip::kXY;
      s.flip_y = step.flip == def::Flip::kY || step.flip == def::Flip::kXY;
      s.event = step.event;
      s.move_x = step.move.x;
      s.move_y = step.move.y;
      s.shapes = to_shapes(step.shapes, variant, dropped);
      if (variant) {
        s.move_x = atlas::scaled_coordinate(sum_x + step.move.x, *variant) -
                   atlas::scaled_coordinate(sum_x, *variant);
        s.move_y = atlas::scaled_coordinate(sum_y + step.move.y, *variant) -
                   atlas::scaled_coordinate(sum_y, *variant);
        sum_x += step.move.x;
        sum_y += step.move.y;
      }
      steps.push_back(std::move(s));
    }
  }
  for (const def::Transition& t : action.transitions) {
    out.transitions.push_back({t.to, t.when, t.unless, t.immediate});
  }
  return out;
}

format::PackModel make_model(const def::Definition& definition, const atlas::Atlas& atlas,
                             const std::vector<std::vector<std::uint8_t>>& page_pngs,
                             const std::string& page_file_stem, const def::Variant* variant,
                             diag::Sink* sink);

}  // namespace

std::optional<Compiled> compile_definition(const fs::path& file, const CompileOptions& options,
                                           diag::Sink& sink) {
  auto start = Clock::now();
  def::LoadOptions load;
  load.root = options.root;
  load.jobs = options.jobs;
  std::optional<def::Definition> definition = def::load_definition(file, load, sink);
  if (!definition) return std::nullopt;
  // layers: split: the pack of the definition is its master (build writes the pieces too).
  *definition = def::split_master(std::move(*definition));
  if (!options.entries.empty()) {
    // A scene's start actions: the ones the pack lacks are the scene's error (E0602), so
    // only the known ones seed the reachability check, and only its warnings are kept.
    for (const std::string& entry : options.entries) {
      if (definition->find_action(entry)) load.entries.push_back(entry);
    }
    diag::Sink reach;
    if (!load.entries.empty()) def::check_actions(*definition, load, reach);
    for (const diag::Diagnostic& d : reach.diagnostics()) {
      if (d.code == diag::Code::kUnreachableAction) sink.report(d);
    }
  }
  double load_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::optional<Compiled> c = compile_loaded(std::move(*definition), options, sink);
  if (c) c->load_seconds = load_seconds;
  return c;
}

std::optional<Compiled> compile_loaded(def::Definition definition, const CompileOptions& options,
                                       diag::Sink& sink) {
  Compiled c;
  c.definition = std::move(definition);

  // Pages as stored (bleed, premultiply), encoded, then as readers see them (straight),
  // each as soon as it is composed. The variants are scaled from the base pages: those are
  // kept for them.
  atlas::Options atlas_options;
  atlas_options.jobs = options.jobs;
  atlas_options.progress = options.progress;
  atlas::PageOptions pages;
  pages.keep_pages = options.keep_pages || !c.definition.variants.empty();
  std::optional<atlas::StoredAtlas> stored =
      atlas::build_stored_atlas(c.definition, atlas_options, pages, sink);
  if (!stored) return std::nullopt;
  c.atlas = std::move(stored->atlas);
  c.page_pngs = std::move(stored->page_pngs);
  c.encode_seconds = stored->encode_seconds;

  c.model =
      make_model(c.definition, c.atlas, c.page_pngs, options.page_file_stem, nullptr, nullptr);
  diag::Result<std::vector<std::uint8_t>> written = format::write_spk(c.model);
  if (!written) {
    sink.error(diag::Code::kInternal, {c.definition.file.generic_string(), 0, 0, 0},
               "cannot write the pack: " + written.error.message);
    return std::nullopt;
  }
  c.bytes = std::move(written.value);
  return c;
}

std::string variant_path(const std::string& path, const std::string& suffix) {
  const fs::path p(path);
  return (p.parent_path() / (p.stem().string() + suffix + p.extension().string())).string();
}

bool compile_variants(Compiled& c, const CompileOptions& options, diag::Sink& sink) {
  if (c.definition.variants.empty()) return true;
  // From the cache the base atlas is not at hand: its frames and pages come from the pack.
  atlas::Atlas from_pack;
  const atlas::Atlas* base = &c.atlas;
  if (c.atlas.frames.size() != c.model.frames.size() ||
      c.atlas.pages.size() != c.page_pngs.size()) {
    // As a fresh build leaves its pages: as readers see them (straight alpha).
    std::optional<std::vector<image::Image>> pages =
        atlas::decode_pages(c.page_pngs, c.definition.atlas.premultiply, options.jobs);
    if (!pages) {
      sink.error(diag::Code::kInternal, {c.definition.file.generic_string(), 0, 0, 0},
                 "a cached page is unreadable");
      return false;
    }
    from_pack.pages = std::move(*pages);
    for (const format::FrameModel& f : c.model.frames) {
      atlas::Frame& frame = from_pack.frames.emplace_back();
      frame.name = f.name;
      frame.page = int(f.page);
      frame.rect = {int(f.x), int(f.y), int(f.w), int(f.h)};
      frame.origin = {f.origin_x, f.origin_y};
      frame.source_w = int(f.source_w);
      frame.source_h = int(f.source_h);
      frame.trim_x = int(f.trim_x);
      frame.trim_y = int(f.trim_y);
    }
    base = &from_pack;
  }
  if (base->frames.size() != c.definition.frames.size()) {
    sink.error(diag::Code::kInternal, {c.definition.file.generic_string(), 0, 0, 0},
               "the pack's frames are not the definition's");
    return false;
  }
  atlas::Options atlas_options;
  atlas_options.jobs = options.jobs;
  for (const def::Variant& variant : c.definition.variants) {
    if (!c.variants.empty())
      atlas_options.variant_area_left -= c.variants.back().atlas.stats.page_area;
    auto start = Clock::now();
    std::optional<atlas::Atlas> scaled =
        atlas::scale_atlas(c.definition, *base, variant, atlas_options, sink);
    if (!scaled) return false;
    CompiledVariant& v = c.variants.emplace_back();
    v.scale_seconds = std::chrono::duration<double>(Clock::now() - start).count();
    v.variant = variant;
    v.atlas = std::move(*scaled);
    start = Clock::now();
    // Stored as the base pack's are (bleed, premultiply); each page is let go once encoded.
    atlas::PageOptions pages;
    pages.keep_pages = false;
    std::optional<std::vector<std::vector<std::uint8_t>>> pngs = atlas::encode_pages(
        c.definition.atlas, v.atlas.pages, options.jobs, pages, variant.span, sink);
    if (!pngs) return false;
    v.page_pngs = std::move(*pngs);
    v.encode_seconds = std::chrono::duration<double>(Clock::now() - start).count();
    const std::string stem =
        options.page_file_stem.empty() ? std::string() : options.page_file_stem + variant.suffix;
    v.model = make_model(c.definition, v.atlas, v.page_pngs, stem, &variant, &sink);
    diag::Result<std::vector<std::uint8_t>> written = format::write_spk(v.model);
    if (!written) {
      sink.error(
          diag::Code::kInternal, variant.span,
          "cannot write the pack of variant '" + variant.suffix + "': " + written.error.message);
      return false;
    }
    v.bytes = std::move(written.value);
    // Its pixels are in page_pngs now: not held while the next variants are made (an
    // --export of the variant decodes them again).
    v.atlas.pages = std::vector<image::Image>();
  }
  return true;
}

namespace {

// W0410 once for each box as written that a variant's scale leaves empty.
void warn_dropped(const std::vector<const def::Shape*>& dropped, const def::Variant& variant,
                  diag::Sink& sink) {
  std::set<std::pair<int, int>> warned;
  for (const def::Shape* s : dropped) {
    if (!warned.insert({s->span.line, s->span.column}).second) continue;
    sink.warning(diag::Code::kShapeVanishes, s->span,
                 "box '" + s->name + "' [" + std::to_string(s->box.x) + ", " +
                     std::to_string(s->box.y) + ", " + std::to_string(s->box.width) + ", " +
                     std::to_string(s->box.height) + "] is empty at the scale " +
                     variant.scale_text + " of variant '" + variant.suffix +
                     "'; that variant's pack leaves it out");
  }
}

format::PackModel make_model(const def::Definition& definition, const atlas::Atlas& atlas,
                             const std::vector<std::vector<std::uint8_t>>& page_pngs,
                             const std::string& page_file_stem, const def::Variant* variant,
                             diag::Sink* sink) {
  format::PackModel model;
  std::vector<const def::Shape*> dropped;  // boxes a variant's scale leaves empty
  model.tick_rate = std::uint32_t(definition.tick_rate);
  model.premultiplied = definition.atlas.premultiply;
  model.bled = definition.atlas.bleed;
  for (std::size_t i = 0; i < atlas.pages.size(); ++i) {
    format::PageModel page;
    page.width = std::uint32_t(atlas.pages[i].width);
    page.height = std::uint32_t(atlas.pages[i].height);
    if (page_file_stem.empty()) {
      page.png = page_pngs[i];
    } else {
      page.file = page_file_stem + "-" + std::to_string(i) + ".png";
    }
    model.pages.push_back(std::move(page));
  }
  for (const atlas::Frame& f : atlas.frames) {
    format::FrameModel frame;
    frame.name = f.name;
    frame.page = std::uint32_t(f.page);
    frame.x = std::uint32_t(f.rect.x);
    frame.y = std::uint32_t(f.rect.y);
    frame.w = std::uint32_t(f.rect.width);
    frame.h = std::uint32_t(f.rect.height);
    frame.origin_x = f.origin.x;
    frame.origin_y = f.origin.y;
    frame.source_w = std::uint32_t(f.source_w);
    frame.source_h = std::uint32_t(f.source_h);
    frame.trim_x = std::uint32_t(f.trim_x);
    frame.trim_y = std::uint32_t(f.trim_y);
    frame.shapes = to_shapes(definition.frames[model.frames.size()].shapes, variant, dropped);
    model.frames.push_back(std::move(frame));
  }
  for (const def::Action& action : definition.actions)
    model.actions.push_back(to_action(action, variant, dropped));
  model.layers.slots = definition.layers.slots;
  model.layers.order = definition.layers.order;
  model.layers.slot = definition.layers.slot;
  if (sink) warn_dropped(dropped, *variant, *sink);
  return model;
}

}  // namespace

std::string cache_key(const def::Definition& definition, const CompileOptions& /*options*/,
                      const std::string& spritec_version) {
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  auto add = [&](const std::string& s) {
    std::uint64_t n = s.size();
    XXH3_128bits_update(state, &n, sizeof n);
    XXH3_128bits_update(state, s.data(), s.size());
  };
  // The page encoding is named too, so packs cached before indexed pages (same version
  // number) are not reused; the definition's own options are in its file's bytes below.
  add("spritec " + spritec_version + " pack " + std::to_string(runtime::spk::kVersionMajor) + "." +
      std::to_string(runtime::spk::kVersionMinor) + " pages png-auto-1");
  bool ok = true;
  for (const fs::path& dep : definition.dependencies) {
    const diag::Result<io::Bytes, io::ReadFailure> r = io::read_file(dep);
    if (!r) {
      ok = false;
      break;
    }
    add(dep.filename().string());
    add(std::string(r.value.begin(), r.value.end()));
  }
  XXH128_hash_t hash = XXH3_128bits_digest(state);
  XXH3_freeState(state);
  if (!ok) return {};
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(hash.high64),
                static_cast<unsigned long long>(hash.low64));
  return hex;
}

namespace {

// The header first: a file that is not a pack, or whose header gives another size than the
// file has, is refused from its first 40 bytes, before the rest is read (a 3 GB file of
// junk costs 40 bytes). False when refused (E0501); a file that cannot be read is left to
// the full read, which says why.
bool pack_header_ok(const fs::path& file, const diag::Span& at, diag::Sink& sink) {
  const diag::Result<io::FileHead, io::ReadFailure> head =
      io::read_file_head(file, runtime::spk::Header::kSize);
  bool head_ok = false;
  if (head && head.value.bytes.size() == runtime::spk::Header::kSize) {
    runtime::spk::Header h;
    runtime::spk::load(head.value.bytes.data(), h);
    head_ok =
        std::memcmp(h.signature, runtime::spk::kSignature, sizeof runtime::spk::kSignature) == 0 &&
        h.file_size == head.value.size;
  }
  if (head && !head_ok) {
    runtime::PackView ignored;
    runtime::ParseResult parsed =
        runtime::parse_pack(head.value.bytes.data(), head.value.bytes.size(), ignored);
    sink.error(diag::Code::kPackInvalid, at,
               io::display_path(file) + " is not a valid pack: " +
                   (parsed ? std::string("its header gives another size than the file's ") +
                                 std::to_string(head.value.size) + " bytes"
                           : std::string(runtime::to_string(parsed.error)) + " at byte " +
                                 std::to_string(parsed.offset) + " (" + parsed.message + ")"));
    return false;
  }
  return true;
}

// Decodes every page (embedded, or the file beside the pack) into pack.pages, each checked
// against the size the pack gives it. False when one failed (reported).
bool decode_pack_pages(LoadedPack& pack, const fs::path& file, const diag::Span& at,
                       diag::Sink& sink) {
  for (std::uint32_t i = 0; i < pack.view.page_count(); ++i) {
    runtime::Page page = pack.view.page(i);
    std::vector<std::uint8_t> external;
    const std::uint8_t* png = page.png;
    std::size_t png_size = page.png_size;
    std::string what = "page " + std::to_string(i);
    if (page.external) {
      fs::path path = file.parent_path() / std::string(page.file_name);
      diag::Result<io::Bytes, io::ReadFailure> r = io::read_file(path);
      if (!r) {
        sink.error(
            diag::Code::kFileUnreadable, at,
            "cannot read page file " + io::display_path(path) + ": " + io::describe(r.error));
        return false;
      }
      external = std::move(r.value);
      png = external.data();
      png_size = external.size();
      what = io::display_path(path);
    }
    image::Result<image::Image> decoded = image::decode_png(png, png_size);
    if (decoded.error.kind == image::ErrorKind::kOutOfMemory) {
      sink.error(diag::Code::kInternal, at,
                 "out of memory decoding " + what + " of " + io::display_path(file) + " (" +
                     std::to_string(page.width) + "x" + std::to_string(page.height) + ")");
      return false;
    }
    if (!decoded || decoded.value.width != int(page.width) ||
        decoded.value.height != int(page.height)) {
      sink.error(diag::Code::kPackInvalid, at,
                 io::display_path(file) + ": " + what + " is not a valid PNG of " +
                     std::to_string(page.width) + "x" + std::to_string(page.height));
      return false;
    }
    pack.pages.push_back(std::move(decoded.value));
  }
  return true;
}

}  // namespace

std::unique_ptr<LoadedPack> open_pack(const fs::path& file, diag::Sink& sink, bool decode_pages) {
  auto pack = std::make_unique<LoadedPack>();
  pack->name = file.stem().string();
  pack->inputs.push_back(file);
  diag::Span at{file.generic_string(), 0, 0, 0};
  if (!pack_header_ok(file, at, sink)) return nullptr;
  diag::Result<io::Bytes, io::ReadFailure> read = io::read_file(file, std::uint64_t(1) << 32);
  if (!read) {
    sink.error(diag::Code::kFileUnreadable, at,
               "cannot read pack " + io::display_path(file) + ": " + io::describe(read.error));
    return nullptr;
  }
  pack->bytes = std::move(read.value);
  runtime::ParseResult parsed =
      runtime::parse_pack(pack->bytes.data(), pack->bytes.size(), pack->view);
  if (!parsed) {
    if (parsed.error == runtime::ParseError::kUnsupportedVersion) {
      sink.error(diag::Code::kPackVersion, at,
                 "pack format " + std::to_string(parsed.version_major) + "." +
                     std::to_string(parsed.version_minor) +
                     " is newer than this spritec reads (format " +
                     std::to_string(runtime::spk::kVersionMajor) + ".x)");
    } else {
      sink.error(diag::Code::kPackInvalid, at,
                 io::display_path(file) +
                     " is not a valid pack: " + runtime::to_string(parsed.error) + " at byte " +
                     std::to_string(parsed.offset) + " (" + parsed.message + ")");
    }
    return nullptr;
  }
  for (std::uint32_t i = 0; i < pack->view.page_count(); ++i) {
    runtime::Page page = pack->view.page(i);
    if (page.external) pack->inputs.push_back(file.parent_path() / std::string(page.file_name));
  }
  if (!decode_pages) return pack;
  if (!decode_pack_pages(*pack, file, at, sink)) return nullptr;
  atlas::straight_page_alpha(pack->pages, pack->view.premultiplied(), 1);
  return pack;
}

std::unique_ptr<LoadedPack> open_or_compile(const fs::path& file, const CompileOptions& options,
                                            diag::Sink& sink, bool decode_pages) {
  const InputKind kind = input_kind(file.string());
  if (kind == InputKind::kPack) return open_pack(file, sink, decode_pages);
  CompileOptions embedded = options;
  embedded.page_file_stem.clear();
  std::optional<Compiled> compiled = kind == InputKind::kAseprite
                                         ? compile_aseprite(file, embedded, sink)
                                         : compile_definition(file, embedded, sink);
  if (!compiled) return nullptr;
  auto pack = std::make_unique<LoadedPack>();
  pack->name = compiled->definition.pack;
  pack->inputs = compiled->definition.dependencies;
  pack->bytes = std::move(compiled->bytes);
  runtime::ParseResult parsed =
      runtime::parse_pack(pack->bytes.data(), pack->bytes.size(), pack->view);
  if (!parsed) {
    sink.error(diag::Code::kInternal, {file.generic_string(), 0, 0, 0},
               std::string("a freshly compiled pack does not read back: ") + parsed.message);
    return nullptr;
  }
  if (decode_pages) pack->pages = std::move(compiled->atlas.pages);
  return pack;
}

}  // namespace spritec::pipeline
