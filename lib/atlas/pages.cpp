#include "spritec/atlas/pages.hpp"

#include <chrono>
#include <functional>
#include <mutex>
#include <new>
#include <utility>

#include "spritec/image/alpha.hpp"
#include "spritec/work/work.hpp"

namespace spritec::atlas {

namespace {

using Clock = std::chrono::steady_clock;

// A premultiplied page is black under alpha 0 whatever bleed gives it: bleed is skipped.
void store_page_alpha(image::Image& page, bool bleed, bool premultiply) {
  if (premultiply) {
    image::premultiply(page);
  } else if (bleed) {
    image::bleed(page);
  }
}

// Stores, encodes and hands back each page as soon as it is handed over, on a work::Pool,
// while the later pages are composed on the caller's thread; finish() prepares what is left
// with every thread and gives the PNGs by page. Afterwards a page holds straight alpha
// again, or nothing when !keep_pages.
class PageEncoder {
 public:
  PageEncoder(const def::AtlasOptions& atlas, int jobs, const PageOptions& options)
      : atlas_(atlas), options_(options), pool_(jobs) {}

  // Page i is final: from now on it belongs to the encoder until finish() returns.
  void ready(std::size_t i, image::Image& page) {
    handed_ = std::max(handed_, i + 1);
    pool_.post([this, i, &page] { encode(i, page); });
  }

  // Every page prepared (those not handed over yet, too); the PNGs by index.
  std::vector<std::vector<std::uint8_t>> finish(std::vector<image::Image>& pages) {
    for (std::size_t i = handed_; i < pages.size(); ++i)
      ready(i, pages[i]);
    pool_.wait();
    std::vector<std::vector<std::uint8_t>> out(pages.size());
    for (auto& [i, png] : done_)
      out[i] = std::move(png);
    return out;
  }

 private:
  // Out of memory on a worker thread must not end the process: the page is left without a
  // PNG, which all_encoded then reports.
  void encode(std::size_t i, image::Image& page) {
    std::vector<std::uint8_t> png;
    try {
      store_page_alpha(page, atlas_.bleed, atlas_.premultiply);
      if (options_.encode) {
        png = atlas_.png == def::PagePng::kRgba ? image::encode_png(page)
                                                : image::encode_png_auto(page);
      }
      if (options_.keep_pages) {
        if (atlas_.premultiply) image::unpremultiply(page);
      } else {
        page.rgba = std::vector<std::uint8_t>();  // width and height stay, for --stats
      }
    } catch (const std::bad_alloc&) {
      png.clear();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    done_.emplace_back(i, std::move(png));
  }

  const def::AtlasOptions& atlas_;
  const PageOptions options_;
  std::size_t handed_ = 0;  // pages 0 .. handed_-1 were handed over (caller's thread only)
  std::mutex mutex_;
  std::vector<std::pair<std::size_t, std::vector<std::uint8_t>>> done_;
  work::Pool pool_;  // last: its threads end before what they write to goes
};

// Every page has its PNG; a page that could not be encoded (memory ran out) is an internal
// failure (E0901).
bool all_encoded(const std::vector<std::vector<std::uint8_t>>& pngs, const diag::Span& at,
                 diag::Sink& sink) {
  for (std::size_t i = 0; i < pngs.size(); ++i) {
    if (pngs[i].empty()) {
      sink.error(diag::Code::kInternal, at,
                 "page " + std::to_string(i) + " could not be encoded (out of memory)");
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<StoredAtlas> build_stored_atlas(const def::Definition& definition, Options options,
                                              const PageOptions& pages, diag::Sink& sink) {
  PageEncoder encoder(definition.atlas, options.jobs, pages);
  options.plan_only = false;
  options.page_done = [&](std::size_t i, image::Image& page) { encoder.ready(i, page); };
  std::optional<Atlas> atlas = build_atlas(definition, options, sink);
  if (!atlas) return std::nullopt;  // no page was composed: nothing was handed over
  StoredAtlas out;
  out.atlas = std::move(*atlas);  // moves the pages' vector, not the pages being encoded
  const auto start = Clock::now();
  out.page_pngs = encoder.finish(out.atlas.pages);
  out.encode_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (pages.encode &&
      !all_encoded(out.page_pngs, {definition.file.generic_string(), 0, 0, 0}, sink))
    return std::nullopt;
  return out;
}

std::optional<std::vector<std::vector<std::uint8_t>>> encode_pages(
    const def::AtlasOptions& atlas, std::vector<image::Image>& pages, int jobs,
    const PageOptions& options, const diag::Span& at, diag::Sink& sink) {
  std::vector<std::vector<std::uint8_t>> pngs = PageEncoder(atlas, jobs, options).finish(pages);
  if (options.encode && !all_encoded(pngs, at, sink)) return std::nullopt;
  return pngs;
}

std::optional<std::vector<image::Image>> decode_pages(
    const std::vector<std::vector<std::uint8_t>>& pngs, bool premultiplied, int jobs) {
  std::vector<image::Result<image::Image>> decoded(pngs.size());
  work::parallel_for(pngs.size(), jobs,
                     [&](std::size_t i) { decoded[i] = image::decode_png(pngs[i]); });
  std::vector<image::Image> pages;
  for (image::Result<image::Image>& page : decoded) {
    if (!page) return std::nullopt;
    pages.push_back(std::move(page.value));
  }
  straight_page_alpha(pages, premultiplied, jobs);
  return pages;
}

void straight_page_alpha(std::vector<image::Image>& pages, bool premultiplied, int jobs) {
  if (!premultiplied) return;
  work::parallel_for(pages.size(), jobs, [&](std::size_t i) { image::unpremultiply(pages[i]); });
}

}  // namespace spritec::atlas
