#include "spritec/image/detect.hpp"

#include <algorithm>
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

// Pixels between two spans [a0, a1] and [b0, b1] on one axis (0 when they overlap or touch).
long gap_between(int a0, int a1, int b0, int b1) {
  if (b0 > a1) return long{b0} - a1 - 1;
  if (a0 > b1) return long{a0} - b1 - 1;
  return 0;
}

bool close(const Box& a, const Box& b, int gap) {
  return std::max(gap_between(a.x0, a.x1, b.x0, b.x1), gap_between(a.y0, a.y1, b.y0, b.y1)) < gap;
}

// Merges boxes closer than `gap` until none are: a sweep over boxes sorted by left edge
// compares each with the boxes starting before its right edge plus the gap; passes repeat
// while any merge happened (each pass removes at least one box).
void merge_close(std::vector<Box>& boxes, int gap) {
  if (gap <= 0) return;
  bool merged = true;
  while (merged) {
    merged = false;
    std::sort(boxes.begin(), boxes.end(),
              [](const Box& a, const Box& b) { return a.x0 != b.x0 ? a.x0 < b.x0 : a.y0 < b.y0; });
    std::vector<bool> gone(boxes.size(), false);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      if (gone[i]) continue;
      for (std::size_t j = i + 1; j < boxes.size() && long{boxes[j].x0} - boxes[i].x1 - 1 < gap;
           ++j) {
        if (gone[j] || !close(boxes[i], boxes[j], gap)) continue;
        boxes[i] = Box{std::min(boxes[i].x0, boxes[j].x0), std::min(boxes[i].y0, boxes[j].y0),
                       std::max(boxes[i].x1, boxes[j].x1), std::max(boxes[i].y1, boxes[j].y1)};
        gone[j] = true;
        merged = true;
        j = i;  // the grown box may now reach boxes already passed
      }
    }
    std::size_t out = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      if (!gone[i]) boxes[out++] = boxes[i];
    }
    boxes.resize(out);
  }
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

Result<std::vector<Rect>> detect_sprites(const Image& img, int gap, const DetectLimits& limits) {
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
  merge_close(boxes, gap);
  Result<std::vector<Rect>> out;
  out.value = reading_order(std::move(boxes));
  return out;
}

}  // namespace spritec::image
