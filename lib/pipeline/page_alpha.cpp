#include "page_alpha.hpp"

#include <algorithm>
#include <functional>
#include <thread>

#include "spritec/image/alpha.hpp"

namespace spritec::pipeline {

namespace {

void each_page(std::vector<image::Image>& pages, int jobs,
               const std::function<void(image::Image&)>& work) {
  if (jobs <= 0) jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  const std::size_t threads = std::min<std::size_t>(std::size_t(jobs), pages.size());
  if (threads <= 1) {
    for (image::Image& page : pages)
      work(page);
    return;
  }
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (std::size_t i = t; i < pages.size(); i += threads)
        work(pages[i]);
    });
  }
  for (std::thread& t : pool)
    t.join();
}

}  // namespace

void store_page_alpha(image::Image& page, bool bleed, bool premultiply) {
  if (premultiply) {
    image::premultiply(page);  // black under alpha 0 whatever bleed gave it
  } else if (bleed) {
    image::bleed(page);
  }
}

void store_page_alpha(std::vector<image::Image>& pages, bool bleed, bool premultiply, int jobs) {
  if (!bleed && !premultiply) return;
  each_page(pages, jobs, [&](image::Image& page) { store_page_alpha(page, bleed, premultiply); });
}

void straight_page_alpha(image::Image& page, bool premultiplied) {
  if (premultiplied) image::unpremultiply(page);
}

void straight_page_alpha(std::vector<image::Image>& pages, bool premultiplied, int jobs) {
  if (!premultiplied) return;
  each_page(pages, jobs, [](image::Image& page) { image::unpremultiply(page); });
}

}  // namespace spritec::pipeline
