#include "spritec/image/detect.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>

namespace spritec::image {
namespace {

struct Run {
  int y = 0;
  int x0 = 0;  // first opaque pixel
  int x1 = 0;  // last opaque pixel
};

struct Box {
  int x0, y0, x1, y1;  // inclusive
};

std::size_t find(std::vector<std::uint32_t>& parent, std::size_t i) {
  while (parent[i] != i) {
    parent[i] = parent[parent[i]];  // path halving
    i = parent[i];
  }
  return i;
}

// Two boxes are closer than `gap` (the Chebyshev distance counting the empty columns or
// rows between them, detect.hpp) exactly when their boxes grown by `gap` to the right and
// downwards overlap: b.x0 - a.x1 - 1 < gap is b.x0 <= a.x1 + gap. So merging close boxes
// is merging overlapping grown boxes, and the grown box of a merge is the grown boxes'
// bounding box. Coordinates are 64-bit: x1 + gap cannot overflow.
struct Grown {
  std::int64_t x0, y0, x1, y1;  // inclusive; empty when x0 > x1 or y0 > y1
  bool empty() const { return x0 > x1 || y0 > y1; }
  std::int64_t area() const { return empty() ? 0 : (x1 - x0 + 1) * (y1 - y0 + 1); }
};

Grown grown(const Box& b, int gap) {
  return {b.x0, b.y0, std::int64_t{b.x1} + gap, std::int64_t{b.y1} + gap};
}

bool overlap(const Grown& a, const Grown& b) {
  return a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
}

Box bounding(const Box& a, const Box& b) {
  return {std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}

// `a` minus `b`: at most four rectangles (above, below, left and right of their overlap).
std::vector<Grown> minus(const Grown& a, const Grown& b) {
  if (b.empty() || !overlap(a, b)) return {a};
  const Grown in{std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1),
                 std::min(a.y1, b.y1)};
  std::vector<Grown> parts = {{a.x0, a.y0, a.x1, in.y0 - 1},
                              {a.x0, in.y1 + 1, a.x1, a.y1},
                              {a.x0, in.y0, in.x0 - 1, in.y1},
                              {in.x1 + 1, in.y0, a.x1, in.y1}};
  parts.erase(std::remove_if(parts.begin(), parts.end(), [](const Grown& g) { return g.empty(); }),
              parts.end());
  return parts;
}

// Merges boxes closer than `gap` until none are, in near-linear time. The boxes already
// merged ("placed") are kept pairwise apart, each listed in every cell of a uniform grid
// that its grown box touches. Each box in turn absorbs every placed box its grown box
// overlaps, growing, until it overlaps none; then it is placed. Every absorption is a merge
// the fixpoint makes too (boxes only grow), and the end is a fixpoint, which is unique: the
// result is the same as merging pairs in any order. Two things keep it near-linear:
// - a search looks only where something new may be: a placed box never overlaps another,
//   so after absorbing one its whole grown box is known empty of the others, as is the
//   region already searched; the next search covers the grown box minus the larger of
//   these ("clean") only;
// - the merged box takes over the listing of the largest box it absorbed and is added
//   only to the cells it newly touches (the others' entries go stale and are dropped when
//   met).
class Merger {
 public:
  Merger(int width, int height, int gap, std::size_t boxes, DetectStats& stats)
      : gap_(gap), stats_(stats) {
    // Cells at least gap + 1 px a side, so at most four placed boxes touch a cell when
    // regions are sparse; at most 2 * sqrt(boxes) (and 512) a side, so the grid stays small.
    const std::int64_t span = std::int64_t{std::max(width, height)} + gap;
    const std::int64_t most =
        std::clamp<std::int64_t>(2 * std::int64_t(std::ceil(std::sqrt(double(boxes)))), 1, 512);
    cell_ = std::max<std::int64_t>(gap + 1, (span + most - 1) / most);
    nx_ = (std::int64_t{width} + gap) / cell_ + 1;
    ny_ = (std::int64_t{height} + gap) / cell_ + 1;
    cells_.resize(std::size_t(nx_ * ny_));
  }

  void add(Box box) {
    Box cur = box;
    Grown clean{0, 0, -1, -1};
    std::vector<std::uint32_t> absorbed;
    while (true) {
      const Grown searched = grown(cur, gap_);
      Grown best = clean;
      bool found = false;
      for (const Grown& part : minus(searched, clean)) {
        for_cells(part, [&](std::vector<std::uint32_t>& list) {
          for (std::size_t k = 0; k < list.size();) {
            const std::uint32_t id = list[k];
            ++stats_.comparisons;
            if (state_[id] == State::kGone) {  // stale: absorbed since it was listed
              list[k] = list.back();
              list.pop_back();
              continue;
            }
            if (state_[id] == State::kAbsorbed) {  // by this box, already
              ++k;
              continue;
            }
            const Grown other = grown(boxes_[id], gap_);
            if (overlap(grown(cur, gap_), other)) {
              state_[id] = State::kAbsorbed;
              absorbed.push_back(id);
              if (other.area() > best.area()) best = other;
              cur = bounding(cur, boxes_[id]);
              found = true;
            }
            ++k;
          }
        });
      }
      if (!found) break;
      // Every placed box overlapping `searched` was absorbed: it is clean now.
      clean = searched.area() > best.area() ? searched : best;
    }
    place(cur, absorbed);
  }

  std::vector<Box> boxes() const {
    std::vector<Box> out;
    for (std::size_t i = 0; i < boxes_.size(); ++i) {
      if (state_[i] == State::kPlaced) out.push_back(boxes_[i]);
    }
    return out;
  }

 private:
  struct CellRange {
    std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // empty by default
  };

  CellRange cells_of(const Grown& g) const {
    return {std::clamp<std::int64_t>(g.x0 / cell_, 0, nx_ - 1),
            std::clamp<std::int64_t>(g.y0 / cell_, 0, ny_ - 1),
            std::clamp<std::int64_t>(g.x1 / cell_, 0, nx_ - 1),
            std::clamp<std::int64_t>(g.y1 / cell_, 0, ny_ - 1)};
  }

  template <class F>
  void for_cells(const Grown& g, F&& f) {
    const CellRange r = cells_of(g);
    for (std::int64_t cy = r.y0; cy <= r.y1; ++cy) {
      for (std::int64_t cx = r.x0; cx <= r.x1; ++cx) {
        ++stats_.cell_visits;
        f(cells_[std::size_t(cy * nx_ + cx)]);
      }
    }
  }

  // Places `box`, listed under the absorbed box that was listed in the most cells (or a
  // new entry), in the cells it did not touch yet.
  void place(const Box& box, const std::vector<std::uint32_t>& absorbed) {
    std::uint32_t id = std::uint32_t(boxes_.size());
    CellRange before;
    std::int64_t most = -1;
    for (std::uint32_t a : absorbed) {
      const CellRange r = listed_[a];
      const std::int64_t n = (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
      if (n > most) {
        most = n;
        id = a;
        before = r;
      }
    }
    for (std::uint32_t a : absorbed)
      state_[a] = State::kGone;
    if (id == boxes_.size()) {
      boxes_.push_back(box);
      state_.push_back(State::kPlaced);
      listed_.push_back({});
    }
    boxes_[id] = box;
    state_[id] = State::kPlaced;
    const CellRange now = cells_of(grown(box, gap_));
    for (std::int64_t cy = now.y0; cy <= now.y1; ++cy) {
      for (std::int64_t cx = now.x0; cx <= now.x1; ++cx) {
        if (cx >= before.x0 && cx <= before.x1 && cy >= before.y0 && cy <= before.y1) continue;
        ++stats_.cell_visits;
        cells_[std::size_t(cy * nx_ + cx)].push_back(id);
      }
    }
    listed_[id] = now;
  }

  int gap_;
  DetectStats& stats_;
  std::int64_t cell_ = 1, nx_ = 1, ny_ = 1;
  std::vector<std::vector<std::uint32_t>> cells_;
  std::vector<Box> boxes_;
  // kAbsorbed: merged into the box being added, whose entry it may become; kGone: merged
  // into another, its cells' entries stale.
  enum class State : std::uint8_t { kPlaced, kAbsorbed, kGone };
  std::vector<State> state_;
  std::vector<CellRange> listed_;  // the cells each box is listed in
};

void merge_close(std::vector<Box>& boxes, int width, int height, int gap, DetectStats& stats) {
  if (gap <= 0 || boxes.size() < 2) return;
  Merger merger(width, height, gap, boxes.size(), stats);
  for (const Box& b : boxes)
    merger.add(b);
  boxes = merger.boxes();
}

std::vector<Rect> reading_order(std::vector<Box> boxes) {
  std::sort(boxes.begin(), boxes.end(),
            [](const Box& a, const Box& b) { return a.y0 != b.y0 ? a.y0 < b.y0 : a.x0 < b.x0; });
  std::vector<Rect> out;
  std::vector<bool> taken(boxes.size(), false);
  for (std::size_t first = 0; first < boxes.size(); ++first) {
    if (taken[first]) continue;
    std::vector<std::size_t> row;
    for (std::size_t j = first; j < boxes.size() && boxes[j].y0 <= boxes[first].y1; ++j) {
      if (!taken[j]) row.push_back(j);
    }
    std::sort(row.begin(), row.end(), [&](std::size_t a, std::size_t b) {
      return boxes[a].x0 != boxes[b].x0 ? boxes[a].x0 < boxes[b].x0 : boxes[a].y0 < boxes[b].y0;
    });
    for (std::size_t j : row) {
      taken[j] = true;
      const Box& b = boxes[j];
      out.push_back(Rect{b.x0, b.y0, b.x1 - b.x0 + 1, b.y1 - b.y0 + 1});
    }
  }
  return out;
}

Result<std::vector<Rect>> too_large(std::string detail) {
  Result<std::vector<Rect>> r;
  r.error.kind = ErrorKind::kTooLarge;
  r.error.detail = std::move(detail);
  return r;
}

}  // namespace

Result<std::vector<Rect>> detect_sprites(const Image& img, int gap, const DetectLimits& limits,
                                         DetectStats* stats) {
  DetectStats counted;
  // Runs of opaque pixels, row by row; each run joins the runs of the row above that touch
  // it, diagonals included (x ranges overlapping once widened by one pixel).
  std::vector<Run> runs;
  std::vector<std::uint32_t> parent;
  std::size_t above_begin = 0, above_end = 0;  // the previous row's runs
  for (int y = 0; y < img.height; ++y) {
    const std::size_t row_begin = runs.size();
    const std::uint8_t* px = img.pixel(0, y);
    std::size_t a = above_begin;
    for (int x = 0; x < img.width;) {
      if (px[4 * x + 3] == 0) {
        ++x;
        continue;
      }
      const int x0 = x;
      while (x < img.width && px[4 * x + 3] != 0)
        ++x;
      if (runs.size() >= limits.max_runs) {
        return too_large("more than " + std::to_string(limits.max_runs) +
                         " runs of opaque pixels (is the background transparent?)");
      }
      const auto id = static_cast<std::uint32_t>(runs.size());
      runs.push_back(Run{y, x0, x - 1});
      parent.push_back(id);
      // Runs above that end left of x0 - 1 cannot touch this or any later run of the row.
      while (a < above_end && runs[a].x1 < x0 - 1)
        ++a;
      for (std::size_t b = a; b < above_end && runs[b].x0 <= x; ++b) {
        const std::size_t ra = find(parent, id), rb = find(parent, b);
        if (ra != rb) parent[std::max(ra, rb)] = static_cast<std::uint32_t>(std::min(ra, rb));
      }
    }
    above_begin = row_begin;
    above_end = runs.size();
  }
  // One box per region.
  std::vector<std::uint32_t> box_of(runs.size(), UINT32_MAX);
  std::vector<Box> boxes;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::size_t root = find(parent, i);
    const Run& r = runs[i];
    if (box_of[root] == UINT32_MAX) {
      if (boxes.size() >= limits.max_regions) {
        return too_large("more than " + std::to_string(limits.max_regions) +
                         " separate regions (is the background transparent?)");
      }
      box_of[root] = static_cast<std::uint32_t>(boxes.size());
      boxes.push_back(Box{r.x0, r.y, r.x1, r.y});
    } else {
      Box& b = boxes[box_of[root]];
      b.x0 = std::min(b.x0, r.x0);
      b.x1 = std::max(b.x1, r.x1);
      b.y1 = std::max(b.y1, r.y);
    }
  }
  counted.regions = boxes.size();
  merge_close(boxes, img.width, img.height, gap, counted);
  if (stats != nullptr) *stats = counted;
  Result<std::vector<Rect>> out;
  out.value = reading_order(std::move(boxes));
  return out;
}

}  // namespace spritec::image
