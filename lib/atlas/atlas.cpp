#include "spritec/atlas/atlas.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <thread>
#include <tuple>

#include "spritec/io/files.hpp"
#include "spritec/pack/pack.hpp"

namespace spritec::atlas {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One decoded source: a file with the colour key of the sheet that uses it.
struct SourceKey {
  std::string path;
  bool keyed = false;
  def::Rgb key;
  bool operator<(const SourceKey& o) const {
    return std::make_tuple(path, keyed, key.r, key.g, key.b) <
           std::make_tuple(o.path, o.keyed, o.key.r, o.key.g, o.key.b);
  }
};

struct Source {
  SourceKey key;
  diag::Span span;  // where the definition names it (for errors)
  image::Image image;
  std::string error;  // empty when decoded
};

void decode_source(Source& source, int max_side) {
  io::ReadResult file = io::read_file(source.key.path);
  if (!file) {
    source.error =
        "cannot read image " + io::display_path(source.key.path) + ": " + io::describe(file);
    return;
  }
  image::Result<image::Image> decoded = image::decode_png(file.bytes, max_side);
  if (!decoded) {
    switch (decoded.error.kind) {
      case image::ErrorKind::kNotPng:
        source.error = io::display_path(source.key.path) + " is not a PNG file";
        break;
      case image::ErrorKind::kTooLarge:
        source.error = io::display_path(source.key.path) + " is " +
                       std::to_string(decoded.error.width) + "x" +
                       std::to_string(decoded.error.height) + ", over the cap of " +
                       std::to_string(max_side) + " px a side";
        break;
      default:
        source.error = io::display_path(source.key.path) + " is a corrupt PNG" +
                       (decoded.error.detail.empty() ? "" : ": " + decoded.error.detail);
    }
    return;
  }
  source.image = std::move(decoded.value);
  if (source.key.keyed) {
    image::apply_colorkey(source.image, source.key.key.r, source.key.key.g, source.key.key.b);
  }
}

void decode_all(std::vector<Source>& sources, const Options& options, int max_side) {
  int jobs = options.jobs > 0 ? options.jobs : int(std::thread::hardware_concurrency());
  jobs = std::max(1, std::min<int>(jobs, int(sources.size())));
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < sources.size(); i = next++) {
      decode_source(sources[i], max_side);
      ++done;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < jobs; ++t)
    threads.emplace_back(worker);
  if (options.progress && jobs > 1) {
    // Report progress from this thread while the workers decode.
    while (done.load() < sources.size()) {
      options.progress(done.load(), sources.size());
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (next.load() >= sources.size() && threads.empty()) break;
    }
  }
  worker();
  for (std::thread& t : threads)
    t.join();
  if (options.progress) options.progress(sources.size(), sources.size());
}

}  // namespace

image::Image untrimmed_frame(const image::Image& page, const image::Rect& rect, int source_w,
                             int source_h, int trim_x, int trim_y) {
  image::Image out(source_w, source_h);
  if (!rect.empty()) image::blit(out, trim_x, trim_y, page, rect);
  return out;
}

std::optional<Atlas> build_atlas(const def::Definition& definition, const Options& options,
                                 diag::Sink& sink) {
  Atlas atlas;
  Stats& stats = atlas.stats;
  stats.frames = definition.frames.size();

  // 1. Decode each distinct (file, colour key) once, in first-use order.
  auto start = Clock::now();
  std::vector<Source> sources;
  std::map<SourceKey, std::size_t> source_index;
  std::vector<std::size_t> frame_source(definition.frames.size());
  for (std::size_t i = 0; i < definition.frames.size(); ++i) {
    const def::Frame& frame = definition.frames[i];
    const def::Sheet& sheet = definition.sheets[frame.sheet];
    SourceKey key{frame.image.string(), sheet.colorkey.has_value(),
                  sheet.colorkey.value_or(def::Rgb{})};
    auto [it, inserted] = source_index.emplace(key, sources.size());
    if (inserted) {
      Source source;
      source.key = key;
      source.span = sheet.kind == def::SheetKind::kFiles ? frame.span : sheet.image_span;
      sources.push_back(std::move(source));
    }
    frame_source[i] = it->second;
  }
  decode_all(sources, options, def::kMaxImageSide);
  bool failed = false;
  for (const Source& source : sources) {
    if (!source.error.empty()) {
      sink.error(diag::Code::kImageUnreadable, source.span, source.error);
      failed = true;
    }
  }
  stats.images = sources.size();
  stats.decode_seconds = seconds_since(start);
  if (failed) return std::nullopt;

  // 2. Trim and dedupe. `stored` lists, for each unique non-empty frame, its frame index.
  start = Clock::now();
  const def::AtlasOptions& opt = definition.atlas;
  struct Cut {
    const image::Image* image = nullptr;
    image::Rect trimmed;  // in the source image
  };
  std::vector<Cut> cuts(definition.frames.size());
  std::vector<std::size_t> stored;
  std::map<std::uint64_t, std::vector<std::size_t>> by_hash;  // hash -> stored frame indices
  for (std::size_t i = 0; i < definition.frames.size(); ++i) {
    const def::Frame& frame = definition.frames[i];
    Frame& out = atlas.frames.emplace_back();
    out.name = frame.name;
    out.origin = frame.origin;
    out.source_w = frame.rect.width;
    out.source_h = frame.rect.height;
    stats.source_pixels += std::int64_t{frame.rect.width} * frame.rect.height;
    const image::Image& src = sources[frame_source[i]].image;
    image::Rect rect{frame.rect.x, frame.rect.y, frame.rect.width, frame.rect.height};
    image::Rect trimmed = opt.trim ? image::trim_bounds(src, rect) : rect;
    cuts[i] = {&src, trimmed};
    if (trimmed.empty()) {
      ++stats.empty;
      out.rect = {};
      continue;
    }
    out.trim_x = trimmed.x - rect.x;
    out.trim_y = trimmed.y - rect.y;
    out.rect.w = trimmed.w;
    out.rect.h = trimmed.h;
    if (opt.dedupe) {
      std::vector<std::size_t>& same_hash = by_hash[image::hash_rect(src, trimmed)];
      auto match = std::find_if(same_hash.begin(), same_hash.end(), [&](std::size_t j) {
        return image::equal_rect(*cuts[j].image, cuts[j].trimmed, src, trimmed);
      });
      if (match != same_hash.end()) {
        out.duplicate_of = long(*match);
        ++stats.duplicates;
        continue;
      }
      same_hash.push_back(i);
    }
    stored.push_back(i);
  }
  stats.stored = stored.size();

  // 3. Pack the stored rectangles, grown by the extrusion on every side.
  std::vector<pack::Size> sizes;
  sizes.reserve(stored.size());
  for (std::size_t i : stored) {
    sizes.push_back(
        {atlas.frames[i].rect.w + 2 * opt.extrude, atlas.frames[i].rect.h + 2 * opt.extrude});
  }
  pack::Options pack_options;
  pack_options.max_width = opt.max_size.width;
  pack_options.max_height = opt.max_size.height;
  pack_options.power_of_two = opt.power_of_two;
  pack_options.padding = opt.padding;
  pack::Result packed = pack::pack(sizes, pack_options);
  if (!packed.ok()) {
    const pack::Error& e = packed.error;
    if (e.kind == pack::ErrorKind::kItemTooLarge || e.kind == pack::ErrorKind::kTooManyPages) {
      const def::Frame& frame = definition.frames[stored[e.item]];
      sink.error(diag::Code::kFrameTooLarge, frame.span,
                 "frame '" + frame.name + "' is " + std::to_string(e.size.width) + "x" +
                     std::to_string(e.size.height) +
                     " (trimmed, with extrusion) and does not fit "
                     "a page of at most " +
                     std::to_string(e.max_size.width) + "x" + std::to_string(e.max_size.height),
                 {{opt.span, "the atlas limits are set here"}});
    } else {
      sink.error(diag::Code::kInternal, opt.span, "the atlas options cannot be packed");
    }
    return std::nullopt;
  }
  stats.pack_seconds = seconds_since(start);

  // 4. Compose the pages.
  start = Clock::now();
  for (const pack::Page& page : packed.packing.pages) {
    atlas.pages.emplace_back(page.width, page.height);
    stats.page_occupancy.push_back(page.occupancy());
  }
  for (std::size_t k = 0; k < stored.size(); ++k) {
    std::size_t i = stored[k];
    const pack::Placement& at = packed.packing.placements[k];
    Frame& frame = atlas.frames[i];
    frame.page = at.page;
    frame.rect.x = at.x + opt.extrude;
    frame.rect.y = at.y + opt.extrude;
    image::Image& page = atlas.pages[std::size_t(at.page)];
    image::blit(page, frame.rect.x, frame.rect.y, *cuts[i].image, cuts[i].trimmed);
    if (opt.extrude > 0) image::extrude(page, frame.rect, opt.extrude);
    stats.used_pixels += std::int64_t{frame.rect.w} * frame.rect.h;
  }
  for (Frame& frame : atlas.frames) {
    if (frame.duplicate_of >= 0) {
      const Frame& original = atlas.frames[std::size_t(frame.duplicate_of)];
      frame.page = original.page;
      frame.rect = original.rect;
    }
  }
  std::int64_t page_area = 0;
  for (const image::Image& page : atlas.pages)
    page_area += std::int64_t{page.width} * page.height;
  stats.occupancy = page_area > 0 ? double(stats.used_pixels) / double(page_area) : 0.0;
  stats.compose_seconds = seconds_since(start);
  return atlas;
}

}  // namespace spritec::atlas
