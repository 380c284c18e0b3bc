#include "stages.hpp"

#include <algorithm>
#include <chrono>
#include <map>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace spritec::atlas::detail {

namespace {

// Freed heap pages handed back to the system (glibc's malloc_trim; nothing elsewhere). The
// decoded sources and scaled frames are many small blocks in the middle of the heap, which
// glibc keeps (as resident memory) after they are freed, so without this the pages and the
// PNG encoder's buffers would come on top of them.
void give_back_freed_memory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

pack::Result pack_stored(const Atlas& atlas, const std::vector<std::size_t>& stored,
                         const def::AtlasOptions& opt, int jobs) {
  std::vector<geom::Size> sizes;
  sizes.reserve(stored.size());
  for (std::size_t i : stored) {
    sizes.push_back({atlas.frames[i].rect.width + 2 * opt.extrude,
                     atlas.frames[i].rect.height + 2 * opt.extrude});
  }
  pack::Options pack_options;
  pack_options.max_width = opt.max_size.width;
  pack_options.max_height = opt.max_size.height;
  pack_options.power_of_two = opt.power_of_two;
  pack_options.padding = opt.padding;
  pack_options.jobs = jobs;
  return pack::pack(sizes, pack_options);
}

// The stored frames that, grown by the extrusion, are wider or taller than `max` (the
// largest page the packer allows), in the stored order.
std::vector<TooLarge> frames_too_large(const Atlas& atlas, const std::vector<std::size_t>& stored,
                                       const def::AtlasOptions& opt, geom::Size max) {
  std::vector<TooLarge> out;
  for (std::size_t i : stored) {
    const std::int64_t w = std::int64_t{atlas.frames[i].rect.width} + 2 * std::int64_t{opt.extrude};
    const std::int64_t h =
        std::int64_t{atlas.frames[i].rect.height} + 2 * std::int64_t{opt.extrude};
    if (w > max.width || h > max.height) out.push_back({i, w, h});
  }
  return out;
}

// Why the packer made no packing: E0401 for a frame no page holds (every such frame; with
// one page allowed, the first left out), else an internal failure.
void report_unpacked(const def::Definition& definition, const Atlas& atlas,
                     const std::vector<std::size_t>& stored, const pack::Error& e,
                     const Context& where, diag::Sink& sink) {
  if (e.kind == pack::ErrorKind::kItemTooLarge || e.kind == pack::ErrorKind::kTooManyPages) {
    std::vector<TooLarge> frames =
        e.kind == pack::ErrorKind::kItemTooLarge
            ? frames_too_large(atlas, stored, definition.atlas, e.max_size)
            : std::vector<TooLarge>{{stored[e.item], e.size.width, e.size.height}};
    report_too_large(definition, frames, e.max_size, where.opening, " (trimmed, with extrusion)",
                     where.notes, sink);
  } else {
    sink.error(diag::Code::kInternal, where.span, where.unpackable);
  }
}

}  // namespace

std::vector<std::size_t> pick_stored(Atlas& atlas, bool dedupe, const PixelsOf& pixels,
                                     const std::function<std::uint64_t(std::size_t)>& hash) {
  Stats& stats = atlas.stats;
  std::vector<std::size_t> stored;
  std::map<std::uint64_t, std::vector<std::size_t>> by_hash;  // hash -> stored frame indices
  for (std::size_t i = 0; i < atlas.frames.size(); ++i) {
    Frame& frame = atlas.frames[i];
    if (frame.rect.empty()) {
      ++stats.empty;
      continue;
    }
    if (dedupe) {
      const Pixels mine = pixels(i);
      std::vector<std::size_t>& same_hash = by_hash[hash(i)];
      auto match = std::find_if(same_hash.begin(), same_hash.end(), [&](std::size_t j) {
        const Pixels other = pixels(j);
        return image::equal_rect(*other.image, other.at, *mine.image, mine.at);
      });
      if (match != same_hash.end()) {
        frame.duplicate_of = long(*match);
        ++stats.duplicates;
        continue;
      }
      same_hash.push_back(i);
    }
    stored.push_back(i);
  }
  stats.stored = stored.size();
  return stored;
}

std::optional<pack::Packing> pack_pages(const def::Definition& definition, Atlas& atlas,
                                        const std::vector<std::size_t>& stored, int jobs,
                                        const Context& where, diag::Sink& sink) {
  const auto start = std::chrono::steady_clock::now();
  pack::Result packed = pack_stored(atlas, stored, definition.atlas, jobs);
  if (!packed.ok()) {
    report_unpacked(definition, atlas, stored, packed.error, where, sink);
    return std::nullopt;
  }
  atlas.stats.pack_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Every page is held in memory while the pages are composed and encoded: their number
  // and area are capped before a pixel is allocated (docs/limits.md).
  std::int64_t area = 0;
  for (const pack::Page& page : packed.value.pages)
    area += std::int64_t{page.width} * page.height;
  if (packed.value.pages.size() > kMaxPages || area > where.area_cap) {
    sink.error(diag::Code::kPagesTooLarge, where.span,
               where.frames + " need " + std::to_string(packed.value.pages.size()) + " pages, " +
                   std::to_string(area) + " pixels in all; the caps are " +
                   std::to_string(kMaxPages) + " pages and " + where.area_cap_text + ": " +
                   where.remedy);
    return std::nullopt;
  }
  atlas.stats.page_area = area;
  return std::move(packed.value);
}

void place_planned(Atlas& atlas, const std::vector<std::size_t>& stored,
                   const pack::Packing& packed) {
  for (std::size_t k = 0; k < stored.size(); ++k)
    atlas.frames[stored[k]].page = packed.placements[k].page;
}

void compose_pages(Atlas& atlas, const std::vector<std::size_t>& stored,
                   const pack::Packing& packed, const def::AtlasOptions& opt,
                   const PixelsOf& pixels, const std::function<void(std::size_t)>& drawn,
                   const std::function<void(std::size_t, image::Image&)>& page_done) {
  Stats& stats = atlas.stats;
  std::vector<std::vector<std::size_t>> on_page(packed.pages.size());
  for (std::size_t k = 0; k < stored.size(); ++k)
    on_page[std::size_t(packed.placements[k].page)].push_back(k);
  // Reserved whole: a page handed to page_done stays where it is while later ones are made.
  atlas.pages.reserve(packed.pages.size());
  for (std::size_t p = 0; p < packed.pages.size(); ++p) {
    const pack::Page& packed_page = packed.pages[p];
    image::Image& page = atlas.pages.emplace_back(packed_page.width, packed_page.height);
    stats.page_occupancy.push_back(packed_page.occupancy());
    for (std::size_t k : on_page[p]) {
      const std::size_t i = stored[k];
      const pack::Placement& at = packed.placements[k];
      Frame& frame = atlas.frames[i];
      frame.page = at.page;
      frame.rect.x = at.x + opt.extrude;
      frame.rect.y = at.y + opt.extrude;
      const Pixels from = pixels(i);
      image::blit(page, frame.rect.x, frame.rect.y, *from.image, from.at);
      if (opt.extrude > 0) image::extrude(page, frame.rect, opt.extrude);
      stats.used_pixels += std::int64_t{frame.rect.width} * frame.rect.height;
      drawn(i);
    }
    give_back_freed_memory();
    if (page_done) page_done(p, page);
  }
  finish_atlas(atlas);
}

void report_too_large(const def::Definition& definition, const std::vector<TooLarge>& frames,
                      geom::Size max, const std::string& opening, const std::string& measured,
                      std::vector<diag::Note> notes, diag::Sink& sink) {
  constexpr std::size_t kListed = 10;
  const auto size = [](std::int64_t w, std::int64_t h) {
    return std::to_string(w) + "x" + std::to_string(h);
  };
  const def::Frame& first = definition.frames[frames.front().frame];
  const std::string page = "a page of at most " + size(max.width, max.height);
  std::string message;
  if (frames.size() == 1) {
    message = opening + "frame '" + first.name + "' is " +
              size(frames.front().width, frames.front().height) + measured + " and does not fit " +
              page;
  } else {
    const std::size_t listed = std::min(frames.size(), kListed);
    message = opening + std::to_string(frames.size()) + " frames do not fit " + page + "; " +
              (listed < frames.size() ? "the first " + std::to_string(listed) : "their sizes") +
              measured + ": ";
    for (std::size_t i = 0; i < listed; ++i) {
      message += (i > 0 ? ", '" : "'") + definition.frames[frames[i].frame].name + "' " +
                 size(frames[i].width, frames[i].height);
    }
    if (listed < frames.size())
      message += ", and " + std::to_string(frames.size() - listed) + " more";
  }
  sink.error(diag::Code::kFrameTooLarge, first.span, std::move(message), std::move(notes));
}

void finish_atlas(Atlas& atlas) {
  for (Frame& frame : atlas.frames) {
    if (frame.duplicate_of >= 0) {
      const Frame& original = atlas.frames[std::size_t(frame.duplicate_of)];
      frame.page = original.page;
      frame.rect = original.rect;
    }
  }
  if (atlas.pages.empty() && !atlas.frames.empty()) atlas.pages.emplace_back(1, 1);
  std::int64_t page_area = 0;
  for (const image::Image& page : atlas.pages)
    page_area += std::int64_t{page.width} * page.height;
  atlas.stats.occupancy = page_area > 0 ? double(atlas.stats.used_pixels) / double(page_area) : 0.0;
}

}  // namespace spritec::atlas::detail
