#include "spritec/pack/pack.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <tuple>
#include <utility>

#include "spritec/work/work.hpp"

namespace spritec::pack {
namespace {

using geom::Rect;

bool contains(const Rect& outer, const Rect& inner) {
  return inner.x >= outer.x && inner.y >= outer.y &&
         inner.x + inner.width <= outer.x + outer.width &&
         inner.y + inner.height <= outer.y + outer.height;
}

bool intersects(const Rect& a, const Rect& b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// Closed rectangles meet: they overlap or share a stretch of border (or a corner).
bool touches(const Rect& a, const Rect& b) {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height &&
         b.y <= a.y + a.height;
}

int overlap(int a0, int a1, int b0, int b1) {
  const int lo = std::max(a0, b0);
  const int hi = std::min(a1, b1);
  return hi > lo ? hi - lo : 0;
}

// Lexicographic integer score; lower is better.
struct Score {
  std::int64_t primary = std::numeric_limits<std::int64_t>::max();
  std::int64_t secondary = std::numeric_limits<std::int64_t>::max();
  bool operator<(const Score& o) const {
    return primary != o.primary ? primary < o.primary : secondary < o.secondary;
  }
};

// One MaxRects page. Invariant: no free rectangle contains another (nor equals one).
class MaxRectsPage {
 public:
  MaxRectsPage(int width, int height) : width_(width), height_(height) {
    free_.push_back({0, 0, width, height});
    max_free_w_ = width;
    max_free_h_ = height;
  }

  // The best position for a w x h item, or false when it fits in no free rectangle.
  bool find(int w, int h, Heuristic heuristic, Rect* out) {
    if (w > max_free_w_ || h > max_free_h_) return false;
    // Free space only shrinks, so a size that once found no room never will, nor will
    // anything at least as wide and as tall. On full pages this skips most scans.
    for (const Size& f : no_fit_) {
      if (w >= f.width && h >= f.height) return false;
    }
    Score best;
    bool found = false;
    for (const Rect& f : free_) {
      if (f.width < w || f.height < h) continue;
      const Score s = score(f, w, h, heuristic);
      if (!found || s < best) {
        best = s;
        *out = {f.x, f.y, w, h};
        found = true;
      }
    }
    if (!found) remember_no_fit(w, h);
    return found;
  }

  void place(const Rect& r) {
    if (track_used_) used_.push_back(r);
    // Split every free rectangle the item overlaps into its maximal remainders; keep the
    // others in their order (so the list, and every tie-break, is deterministic).
    split_.clear();
    touching_.clear();
    std::size_t kept = 0;
    // The largest free width and height can only shrink, and only when a rectangle that
    // had one of them is cut (its remainders are inside it): only then are they recounted.
    bool recount = false;
    for (std::size_t i = 0; i < free_.size(); ++i) {
      const Rect f = free_[i];
      if (!intersects(f, r)) {
        if (touches(f, r)) touching_.push_back(kept);
        free_[kept++] = f;
        continue;
      }
      recount = recount || f.width == max_free_w_ || f.height == max_free_h_;
      if (r.x > f.x) split_.push_back({f.x, f.y, r.x - f.x, f.height});
      if (r.x + r.width < f.x + f.width)
        split_.push_back({r.x + r.width, f.y, f.x + f.width - r.x - r.width, f.height});
      if (r.y > f.y) split_.push_back({f.x, f.y, f.width, r.y - f.y});
      if (r.y + r.height < f.y + f.height)
        split_.push_back({f.x, r.y + r.height, f.width, f.y + f.height - r.y - r.height});
    }
    free_.resize(kept);
    // Prune, cheaply. A new rectangle lies inside the old one it was cut from, and old
    // rectangles never contained one another, so no old rectangle can lie inside a new
    // one: only the new ones need checking. And a new rectangle shares a stretch of the
    // item's border, so an old rectangle containing it (which cannot overlap the item)
    // must touch the item's border too: only those touching ones need checking. The cost
    // per placement is (new) x (new + touching), not (free list)^2.
    for (std::size_t i = 0; i < split_.size(); ++i) {
      const Rect& n = split_[i];
      bool redundant = false;
      for (std::size_t k = 0; k < touching_.size() && !redundant; ++k) {
        redundant = contains(free_[touching_[k]], n);
      }
      for (std::size_t j = 0; j < split_.size() && !redundant; ++j) {
        if (j != i && split_[j].width != 0) redundant = contains(split_[j], n);
      }
      if (redundant) split_[i].width = 0;  // equal twins: the first one checked is dropped
    }
    for (const Rect& n : split_) {
      if (n.width != 0) free_.push_back(n);
    }
    if (!recount) return;
    max_free_w_ = 0;
    max_free_h_ = 0;
    for (const Rect& f : free_) {
      max_free_w_ = std::max(max_free_w_, f.width);
      max_free_h_ = std::max(max_free_h_, f.height);
    }
  }

  void track_used() { track_used_ = true; }

 private:
  // Keeps no_fit_ the minimal sizes known not to fit (none at least as large as another),
  // at most kMaxNoFit of them; forgetting one only costs a scan.
  void remember_no_fit(int w, int h) {
    constexpr std::size_t kMaxNoFit = 32;
    std::size_t kept = 0;
    for (const Size& f : no_fit_) {
      if (!(f.width >= w && f.height >= h)) no_fit_[kept++] = f;
    }
    no_fit_.resize(kept);
    if (no_fit_.size() < kMaxNoFit) no_fit_.push_back({w, h});
  }

  Score score(const Rect& f, int w, int h, Heuristic heuristic) const {
    const std::int64_t left_w = f.width - w;
    const std::int64_t left_h = f.height - h;
    switch (heuristic) {
      case Heuristic::kBestShortSideFit:
        return {std::min(left_w, left_h), std::max(left_w, left_h)};
      case Heuristic::kBestLongSideFit:
        return {std::max(left_w, left_h), std::min(left_w, left_h)};
      case Heuristic::kBestAreaFit:
        return {std::int64_t{f.width} * f.height - std::int64_t{w} * h, std::min(left_w, left_h)};
      case Heuristic::kBottomLeft:
        return {std::int64_t{f.y} + h, f.x};
      case Heuristic::kContactPoint:
        return {-std::int64_t{contact(f.x, f.y, w, h)},
                std::int64_t{f.y} * (std::int64_t{width_} + 1) + f.x};
    }
    return {};
  }

  // Length of the item's perimeter touching the page edges or placed items.
  int contact(int x, int y, int w, int h) const {
    int total = 0;
    if (x == 0) total += h;
    if (x + w == width_) total += h;
    if (y == 0) total += w;
    if (y + h == height_) total += w;
    for (const Rect& u : used_) {
      if (u.x == x + w || u.x + u.width == x) total += overlap(y, y + h, u.y, u.y + u.height);
      if (u.y == y + h || u.y + u.height == y) total += overlap(x, x + w, u.x, u.x + u.width);
    }
    return total;
  }

  int width_;
  int height_;
  int max_free_w_ = 0;
  int max_free_h_ = 0;
  bool track_used_ = false;
  std::vector<Rect> free_;
  std::vector<Rect> split_;
  std::vector<std::size_t> touching_;
  std::vector<Rect> used_;
  std::vector<Size> no_fit_;
};

// The problem after validation, in padded coordinates: every item and the page are
// inflated by the padding on the right and bottom.
struct Problem {
  std::vector<Size> padded;         // per input item
  std::vector<std::size_t> active;  // indices of the non-empty items, ascending
  int bin_w = 0;                    // the largest page, padded
  int bin_h = 0;
  int padding = 0;
  bool power_of_two = false;
  bool multiple_pages = true;
};

// A packing of a subset of the items, before pages are shrunk.
struct Attempt {
  std::vector<int> page;  // per input item (only active entries meaningful)
  std::vector<Rect> rect;
  int page_count = 0;
  bool complete = false;  // every item placed (false: single page overflowed)
};

std::vector<std::size_t> sorted_items(const Problem& p, const std::vector<std::size_t>& items,
                                      SortOrder order) {
  auto key = [&](std::size_t i) -> std::pair<std::int64_t, std::int64_t> {
    const std::int64_t w = p.padded[i].width;
    const std::int64_t h = p.padded[i].height;
    switch (order) {
      case SortOrder::kArea:
        return {w * h, std::max(w, h)};
      case SortOrder::kMaxSide:
        return {std::max(w, h), std::min(w, h)};
      case SortOrder::kPerimeter:
        return {w + h, std::max(w, h)};
      case SortOrder::kHeight:
        return {h, w};
      case SortOrder::kWidth:
        return {w, h};
    }
    return {0, 0};
  };
  std::vector<std::size_t> sorted = items;
  std::sort(sorted.begin(), sorted.end(), [&](std::size_t a, std::size_t b) {
    const auto ka = key(a);
    const auto kb = key(b);
    if (ka != kb) return ka > kb;
    return a < b;
  });
  return sorted;
}

// Packs `items` into pages of bin_w x bin_h (padded), first fit over pages in page order.
// With max_pages set, stops (incomplete) at the first item that would need one more page.
Attempt run(const Problem& p, const std::vector<std::size_t>& items, int bin_w, int bin_h,
            Strategy strategy, int max_pages) {
  Attempt a;
  a.page.assign(p.padded.size(), -1);
  a.rect.assign(p.padded.size(), Rect{});
  std::vector<MaxRectsPage> pages;
  for (std::size_t i : sorted_items(p, items, strategy.sort_order)) {
    const int w = p.padded[i].width;
    const int h = p.padded[i].height;
    if (w > bin_w || h > bin_h) return a;
    Rect r;
    int chosen = -1;
    for (std::size_t k = 0; k < pages.size(); ++k) {
      if (pages[k].find(w, h, strategy.heuristic, &r)) {
        chosen = int(k);
        break;
      }
    }
    if (chosen < 0) {
      if (max_pages > 0 && int(pages.size()) >= max_pages) return a;
      pages.emplace_back(bin_w, bin_h);
      if (strategy.heuristic == Heuristic::kContactPoint) pages.back().track_used();
      pages.back().find(w, h, strategy.heuristic, &r);
      chosen = int(pages.size()) - 1;
    }
    pages[std::size_t(chosen)].place(r);
    a.page[i] = chosen;
    a.rect[i] = r;
  }
  a.page_count = int(pages.size());
  a.complete = true;
  return a;
}

int round_up_pow2(int v) {
  int r = 1;
  while (r < v)
    r *= 2;
  return r;
}

int round_down_pow2(int v) {
  int r = 1;
  while (r <= v / 2)
    r *= 2;
  return r;
}

// The real (unpadded) bounding box of the items of one page, as a page size.
Size page_size(const Problem& p, const Attempt& a, const std::vector<std::size_t>& items,
               int page) {
  Size s{1, 1};
  for (std::size_t i : items) {
    if (a.page[i] != page) continue;
    s.width = std::max(s.width, a.rect[i].x + a.rect[i].width - p.padding);
    s.height = std::max(s.height, a.rect[i].y + a.rect[i].height - p.padding);
  }
  if (p.power_of_two) {
    s.width = round_up_pow2(s.width);
    s.height = round_up_pow2(s.height);
  }
  return s;
}

std::int64_t total_area(const Problem& p, const Attempt& a) {
  std::vector<Size> sizes(std::size_t(a.page_count), Size{1, 1});
  for (std::size_t i : p.active) {
    Size& s = sizes[std::size_t(a.page[i])];
    s.width = std::max(s.width, a.rect[i].x + a.rect[i].width - p.padding);
    s.height = std::max(s.height, a.rect[i].y + a.rect[i].height - p.padding);
  }
  std::int64_t area = 0;
  for (Size s : sizes) {
    if (p.power_of_two) s = {round_up_pow2(s.width), round_up_pow2(s.height)};
    area += std::int64_t{s.width} * s.height;
  }
  return area;
}

// The strategies tried when re-packing the last page into smaller pages: a handful that
// do well on their own, plus the winner (which is known to fit the full page).
std::vector<Strategy> tighten_strategies(Strategy winner, std::size_t item_count,
                                         bool winner_only) {
  std::vector<Strategy> s = {winner};
  if (winner_only) return s;
  const Strategy extra[] = {{Heuristic::kBestShortSideFit, SortOrder::kArea},
                            {Heuristic::kBestAreaFit, SortOrder::kMaxSide},
                            {Heuristic::kBottomLeft, SortOrder::kHeight},
                            {Heuristic::kBottomLeft, SortOrder::kArea},
                            {Heuristic::kBestLongSideFit, SortOrder::kPerimeter},
                            {Heuristic::kContactPoint, SortOrder::kMaxSide}};
  for (const Strategy& e : extra) {
    if (e.heuristic == Heuristic::kContactPoint && item_count > kContactPointLimit) continue;
    if (e.heuristic != winner.heuristic || e.sort_order != winner.sort_order) s.push_back(e);
  }
  return s;
}

// The search for a smaller page for one page's items (tighten_last_page): what bounds the
// page, and the smallest page found so far, whose positions are written into `best`.
struct PageSearch {
  PageSearch(const Problem& problem, const std::vector<std::size_t>& page_items,
             std::vector<Strategy> tried, Attempt* into, Size current)
      : p(problem),
        items(page_items),
        strategies(std::move(tried)),
        best(into),
        best_area(std::int64_t{current.width} * current.height),
        max_w(problem.bin_w - problem.padding),
        max_h(problem.bin_h - problem.padding) {
    for (std::size_t i : items) {
      min_w = std::max(min_w, p.padded[i].width - p.padding);
      min_h = std::max(min_h, p.padded[i].height - p.padding);
      padded_area += std::int64_t{p.padded[i].width} * p.padded[i].height;
    }
  }

  // Tries a page of w x h (real pixels); keeps the result when it is the smallest so far.
  bool attempt(int w, int h) {
    if (w < min_w || h < min_h || w > max_w || h > max_h) return false;
    if ((std::int64_t{w} + p.padding) * (std::int64_t{h} + p.padding) < padded_area) return false;
    for (const Strategy& s : strategies) {
      Attempt a = run(p, items, w + p.padding, h + p.padding, s, 1);
      if (!a.complete) continue;
      const Size size = page_size(p, a, items, 0);
      const std::int64_t area = std::int64_t{size.width} * size.height;
      if (area < best_area) {
        best_area = area;
        for (std::size_t i : items)
          best->rect[i] = a.rect[i];
      }
      return true;
    }
    return false;
  }

  const Problem& p;
  const std::vector<std::size_t>& items;
  const std::vector<Strategy> strategies;
  Attempt* best;
  std::int64_t best_area;
  int min_w = 1;  // the widest and tallest item (real pixels)
  int min_h = 1;
  const int max_w;  // the bin (real pixels)
  const int max_h;
  std::int64_t padded_area = 0;  // of the items, padding included
};

// Every power-of-two page from the smallest area up, squarest first, until one fits.
void tighten_power_of_two(PageSearch& search) {
  std::vector<Size> candidates;
  for (int w = round_up_pow2(search.min_w); w <= search.max_w; w *= 2) {
    for (int h = round_up_pow2(search.min_h); h <= search.max_h; h *= 2) {
      if (std::int64_t{w} * h < search.best_area) candidates.push_back({w, h});
    }
  }
  std::sort(candidates.begin(), candidates.end(), [](Size a, Size b) {
    const std::int64_t aa = std::int64_t{a.width} * a.height;
    const std::int64_t ba = std::int64_t{b.width} * b.height;
    if (aa != ba) return aa < ba;
    const int da = std::abs(a.width - a.height);
    const int db = std::abs(b.width - b.height);
    if (da != db) return da < db;
    return a.width > b.width;
  });
  for (Size c : candidates) {
    if (std::int64_t{c.width} * c.height >= search.best_area) break;
    if (search.attempt(c.width, c.height)) break;
  }
}

// Smallest fitting side, searching [lo, hi) for a predicate assumed to be monotone
// (packing is not strictly monotone, so every probe that fits is kept on its merits).
// It stops within 1/64 of the answer: the last steps cost a full packing each and
// gain less than 2% of a side.
template <class Fits>
int smallest_fitting(int lo, int hi, Fits fits) {
  while (lo < hi && hi - lo > hi / 64) {
    const int mid = lo + (hi - lo) / 2;
    if (fits(mid)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return hi;
}

// Any page size: a square-ish page first, then narrower, then shorter.
void tighten_any_size(PageSearch& search, Size current) {
  const int padding = search.p.padding;
  const int min_w = search.min_w, min_h = search.min_h;
  const int max_w = search.max_w, max_h = search.max_h;
  int side_lo = std::max(1, int(std::sqrt(double(search.padded_area))) - padding - 1);
  const int side_hi = std::max(current.width, current.height);
  const int side = smallest_fitting(side_lo, side_hi, [&](int s) {
    return search.attempt(std::min(std::max(s, min_w), max_w), std::min(std::max(s, min_h), max_h));
  });
  const int h = std::min(std::max(side, min_h), max_h);
  const int w0 = std::min(std::max(side, min_w), max_w);
  const int w = smallest_fitting(min_w, w0, [&](int v) { return search.attempt(v, h); });
  smallest_fitting(min_h, h, [&](int v) { return search.attempt(w, v); });
}

// Re-packs the items of the last page into the smallest page (by area) the search finds,
// writing the new positions into `best` when that page is smaller than the current one.
void tighten_last_page(const Problem& p, Strategy winner, bool winner_only, Attempt* best) {
  const int last = best->page_count - 1;
  std::vector<std::size_t> items;
  for (std::size_t i : p.active) {
    if (best->page[i] == last) items.push_back(i);
  }
  if (items.empty()) return;
  // Each probe packs the whole page again: on very full pages only the winner is tried.
  std::vector<Strategy> strategies =
      tighten_strategies(winner, items.size(), winner_only || items.size() > kAllCombinationsLimit);
  const Size current = page_size(p, *best, items, last);
  PageSearch search(p, items, std::move(strategies), best, current);
  if (p.power_of_two) {
    tighten_power_of_two(search);
  } else {
    tighten_any_size(search, current);
  }
}

Packing finish(const Problem& p, const Attempt& a, Strategy strategy) {
  Packing out;
  out.heuristic = strategy.heuristic;
  out.sort_order = strategy.sort_order;
  out.placements.assign(p.padded.size(), Placement{});
  const int page_count = std::max(a.page_count, p.padded.empty() ? 0 : 1);
  out.pages.assign(std::size_t(page_count), Page{1, 1, 0});
  for (std::size_t i : p.active) {
    const int pg = a.page[i];
    out.placements[i] = {pg, a.rect[i].x, a.rect[i].y};
    Page& page = out.pages[std::size_t(pg)];
    const int w = p.padded[i].width - p.padding;
    const int h = p.padded[i].height - p.padding;
    page.width = std::max(page.width, a.rect[i].x + w);
    page.height = std::max(page.height, a.rect[i].y + h);
    page.used_area += std::int64_t{w} * h;
  }
  if (p.power_of_two) {
    for (Page& page : out.pages) {
      page.width = round_up_pow2(page.width);
      page.height = round_up_pow2(page.height);
    }
  }
  return out;
}

Result validate(const std::vector<Size>& sizes, const Options& o, Problem* p) {
  Result r;
  if (o.max_width <= 0 || o.max_height <= 0 || o.padding < 0 ||
      o.padding > std::numeric_limits<int>::max() / 4 ||
      o.max_width > std::numeric_limits<int>::max() / 4 ||
      o.max_height > std::numeric_limits<int>::max() / 4) {
    r.error = {ErrorKind::kInvalidOptions, 0, {}, {o.max_width, o.max_height}};
    return r;
  }
  const int max_w = o.power_of_two ? round_down_pow2(o.max_width) : o.max_width;
  const int max_h = o.power_of_two ? round_down_pow2(o.max_height) : o.max_height;
  p->bin_w = max_w + o.padding;
  p->bin_h = max_h + o.padding;
  p->padding = o.padding;
  p->power_of_two = o.power_of_two;
  p->multiple_pages = o.allow_multiple_pages;
  p->padded.resize(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const Size s = sizes[i];
    if (s.width < 0 || s.height < 0) {
      r.error = {ErrorKind::kInvalidSize, i, s, {max_w, max_h}};
      return r;
    }
    if (s.width == 0 || s.height == 0) continue;
    if (s.width > max_w || s.height > max_h) {
      r.error = {ErrorKind::kItemTooLarge, i, s, {max_w, max_h}};
      return r;
    }
    p->padded[i] = {s.width + o.padding, s.height + o.padding};
    p->active.push_back(i);
  }
  return r;
}

// The page width of Layout::kShelves: the smallest power of two from 64 whose square holds
// the padded area, at most max_w, and at least the widest item.
int shelf_width(const std::vector<Size>& sizes, int padding, int max_w) {
  std::uint64_t area = 0;
  int widest = 1;
  for (const Size& s : sizes) {
    area += std::uint64_t(s.width + padding) * std::uint64_t(s.height + padding);
    widest = std::max(widest, s.width);
  }
  std::int64_t width = 64;
  while (width < max_w && std::uint64_t(width * width) < area)
    width *= 2;
  return std::max(int(std::min<std::int64_t>(width, max_w)), widest);
}

// Layout::kShelves (pack.hpp): rows left to right, tallest first, pages one below another.
Result pack_shelves(const std::vector<Size>& sizes, const Options& options, const Problem& p) {
  Result result;
  const int padding = p.padding;
  const int max_h = p.bin_h - padding;
  const int width = shelf_width(sizes, padding, p.bin_w - padding);
  std::vector<std::size_t> order(sizes.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::tie(sizes[b].height, sizes[b].width) < std::tie(sizes[a].height, sizes[a].width);
  });
  Packing& out = result.value;
  out.sort_order = SortOrder::kHeight;
  out.placements.assign(sizes.size(), Placement{});
  int page = 0, shelf_y = 0, shelf_h = 0, x = 0;
  for (std::size_t i : order) {
    const Size s = sizes[i];
    if (std::int64_t{x} + s.width > width) {
      shelf_y += shelf_h + padding;
      shelf_h = 0;
      x = 0;
    }
    if (std::int64_t{shelf_y} + s.height > max_h && shelf_y > 0) {
      if (!options.allow_multiple_pages) {
        result.error = {ErrorKind::kTooManyPages, i, s, {width, max_h}};
        return result;
      }
      ++page;
      shelf_y = shelf_h = x = 0;
    }
    out.placements[i] = {page, x, shelf_y};
    x += s.width + padding;
    shelf_h = std::max(shelf_h, s.height);
    if (int(out.pages.size()) <= page) out.pages.resize(std::size_t(page) + 1, Page{width, 1, 0});
    Page& pg = out.pages[std::size_t(page)];
    pg.height = std::max(pg.height, shelf_y + s.height);
    pg.used_area += std::int64_t{s.width} * s.height;
  }
  if (p.power_of_two) {
    for (Page& pg : out.pages)
      pg = {round_up_pow2(pg.width), round_up_pow2(pg.height), pg.used_area};
  }
  return result;
}

Result pack_strategies(const std::vector<Size>& sizes, const Options& options,
                       const std::vector<Strategy>& strategies) {
  Problem p;
  Result result = validate(sizes, options, &p);
  if (!result.ok()) return result;
  if (options.layout == Layout::kShelves) return pack_shelves(sizes, options, p);

  const int max_pages = p.multiple_pages ? 0 : 1;
  // Every combination packs the same problem independently, so they run side by side on
  // up to `jobs` threads; the best is then chosen in their fixed order, as on one thread.
  std::vector<Attempt> attempts(strategies.size());
  work::parallel_for(strategies.size(), std::max(1, options.jobs), [&](std::size_t i) {
    attempts[i] = run(p, p.active, p.bin_w, p.bin_h, strategies[i], max_pages);
  });

  Attempt best;
  Strategy best_strategy = strategies.front();
  std::int64_t best_area = 0;
  bool have_best = false;
  for (std::size_t i = 0; i < strategies.size(); ++i) {
    Attempt& a = attempts[i];
    const Strategy& s = strategies[i];
    if (!a.complete) continue;
    const std::int64_t area = total_area(p, a);
    if (!have_best || a.page_count < best.page_count ||
        (a.page_count == best.page_count && area < best_area)) {
      best = std::move(a);
      best_area = area;
      best_strategy = s;
      have_best = true;
    }
  }
  if (!have_best) {
    // Only one page was allowed and no strategy fit everything on it: name the first item
    // (in input order) that the first strategy could not place.
    Attempt a = run(p, p.active, p.bin_w, p.bin_h, strategies.front(), 1);
    std::size_t item = 0;
    for (std::size_t i : p.active) {
      if (a.page[i] < 0) {
        item = i;
        break;
      }
    }
    result.error = {
        ErrorKind::kTooManyPages, item, sizes[item], {p.bin_w - p.padding, p.bin_h - p.padding}};
    return result;
  }
  if (best.page_count > 0) tighten_last_page(p, best_strategy, strategies.size() == 1, &best);
  result.value = finish(p, best, best_strategy);
  return result;
}

}  // namespace

std::int64_t Packing::used_area() const {
  std::int64_t sum = 0;
  for (const Page& p : pages)
    sum += p.used_area;
  return sum;
}

std::int64_t Packing::page_area() const {
  std::int64_t sum = 0;
  for (const Page& p : pages)
    sum += p.area();
  return sum;
}

double Packing::occupancy() const {
  const std::int64_t area = page_area();
  return area > 0 ? double(used_area()) / double(area) : 0.0;
}

std::vector<Strategy> strategies_for(std::size_t item_count) {
  std::vector<Strategy> out;
  if (item_count <= kAllCombinationsLimit) {
    for (Heuristic h : kHeuristics) {
      if (h == Heuristic::kContactPoint && item_count > kContactPointLimit) continue;
      for (SortOrder s : kSortOrders)
        out.push_back({h, s});
    }
    return out;
  }
  // Large inputs: the combinations that won most often on random sprite-like sizes
  // (bottom-left nearly always), plus two of a different character.
  out.push_back({Heuristic::kBestShortSideFit, SortOrder::kArea});
  out.push_back({Heuristic::kBestAreaFit, SortOrder::kMaxSide});
  out.push_back({Heuristic::kBottomLeft, SortOrder::kArea});
  out.push_back({Heuristic::kBottomLeft, SortOrder::kHeight});
  return out;
}

Result pack(const std::vector<Size>& sizes, const Options& options) {
  std::size_t active = 0;
  for (const Size& s : sizes)
    active += (s.width > 0 && s.height > 0) ? 1 : 0;
  return pack_strategies(sizes, options, strategies_for(active));
}

Result pack_with(const std::vector<Size>& sizes, const Options& options, Heuristic heuristic,
                 SortOrder sort_order) {
  return pack_strategies(sizes, options, {{heuristic, sort_order}});
}

}  // namespace spritec::pack
