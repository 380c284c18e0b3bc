#include "spritec/render/quantize.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <utility>

namespace spritec::render {
namespace {

int channel(std::uint32_t rgb, int c) {
  return static_cast<int>((rgb >> (16 - 8 * c)) & 0xFF);
}

std::uint32_t pack(int r, int g, int b) {
  auto clamp = [](int v) { return static_cast<std::uint32_t>(std::min(255, std::max(0, v))); };
  return (clamp(r) << 16) | (clamp(g) << 8) | clamp(b);
}

int distance2(std::uint32_t a, std::uint32_t b) {
  int d = 0;
  for (int c = 0; c < 3; ++c) {
    int e = channel(a, c) - channel(b, c);
    d += e * e;
  }
  return d;
}

}  // namespace

// Nearest-colour search over a palette: entries sorted by green, searched outwards from
// the query's green until the green difference alone exceeds the best distance found.
// Ties go to the lowest palette index, as a plain scan would give.
class Nearest {
 public:
  explicit Nearest(const std::vector<std::uint32_t>& palette) {
    for (std::size_t i = 0; i < palette.size(); ++i) {
      entries_.push_back({channel(palette[i], 1), palette[i], static_cast<int>(i)});
    }
    std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
      return a.green != b.green ? a.green < b.green : a.index < b.index;
    });
  }
  int find(std::uint32_t rgb) const {
    const int g = channel(rgb, 1);
    auto start = std::lower_bound(entries_.begin(), entries_.end(), g,
                                  [](const Entry& e, int v) { return e.green < v; });
    int best = -1;
    int best_d = std::numeric_limits<int>::max();
    auto consider = [&](const Entry& e) {
      int d = distance2(rgb, e.rgb);
      if (d < best_d || (d == best_d && e.index < best)) {
        best_d = d;
        best = e.index;
      }
    };
    for (auto it = start; it != entries_.end(); ++it) {
      int dg = it->green - g;
      if (dg * dg > best_d) break;
      consider(*it);
    }
    for (auto it = start; it != entries_.begin();) {
      --it;
      int dg = g - it->green;
      if (dg * dg > best_d) break;
      consider(*it);
    }
    return best < 0 ? 0 : best;
  }

 private:
  struct Entry {
    int green;
    std::uint32_t rgb;
    int index;
  };
  std::vector<Entry> entries_;
};

namespace {

// A box of the median cut: a range of the working histogram and its statistics.
struct Box {
  std::size_t begin = 0, end = 0;
  double weight = 0;
  std::array<double, 3> sse{};  // weighted squared error per channel
  std::array<double, 3> mean{};
  double total_sse() const { return sse[0] + sse[1] + sse[2]; }
};

Box make_box(const std::vector<ColourCount>& h, std::size_t begin, std::size_t end) {
  Box box;
  box.begin = begin;
  box.end = end;
  std::array<double, 3> sum{}, sum2{};
  for (std::size_t i = begin; i < end; ++i) {
    double w = static_cast<double>(h[i].count);
    box.weight += w;
    for (int c = 0; c < 3; ++c) {
      double v = channel(h[i].rgb, c);
      sum[c] += w * v;
      sum2[c] += w * v * v;
    }
  }
  for (int c = 0; c < 3; ++c) {
    box.mean[c] = box.weight > 0 ? sum[c] / box.weight : 0;
    box.sse[c] = box.weight > 0 ? std::max(0.0, sum2[c] - sum[c] * sum[c] / box.weight) : 0;
  }
  return box;
}

std::uint32_t mean_colour(const std::array<double, 3>& mean) {
  return pack(static_cast<int>(std::lround(mean[0])), static_cast<int>(std::lround(mean[1])),
              static_cast<int>(std::lround(mean[2])));
}

// 8x8 Bayer matrix, values 0..63.
constexpr int kBayer8[8][8] = {{0, 32, 8, 40, 2, 34, 10, 42},  {48, 16, 56, 24, 50, 18, 58, 26},
                               {12, 44, 4, 36, 14, 46, 6, 38}, {60, 28, 52, 20, 62, 30, 54, 22},
                               {3, 35, 11, 43, 1, 33, 9, 41},  {51, 19, 59, 27, 49, 17, 57, 25},
                               {15, 47, 7, 39, 13, 45, 5, 37}, {63, 31, 55, 23, 61, 29, 53, 21}};

}  // namespace

std::vector<ColourCount> colour_histogram(const std::vector<std::uint32_t>& pixels,
                                          std::uint32_t skip) {
  // Counted in a hash map (pixel art repeats few colours), then sorted: the order of the
  // map never reaches the output.
  std::unordered_map<std::uint32_t, std::uint64_t> counts;
  std::uint32_t last = skip;
  std::uint64_t* last_count = nullptr;
  for (std::uint32_t p : pixels) {
    if (p == skip) continue;
    if (p != last || !last_count) {
      last = p;
      last_count = &counts[p];
    }
    ++*last_count;
  }
  std::vector<ColourCount> out;
  out.reserve(counts.size());
  for (const auto& [rgb, count] : counts)
    out.push_back({rgb, count});
  std::sort(out.begin(), out.end(),
            [](const ColourCount& a, const ColourCount& b) { return a.rgb < b.rgb; });
  return out;
}

void merge_histograms(std::vector<ColourCount>& into, const std::vector<ColourCount>& more) {
  std::vector<ColourCount> out;
  out.reserve(into.size() + more.size());
  std::size_t i = 0, j = 0;
  while (i < into.size() || j < more.size()) {
    if (j == more.size() || (i < into.size() && into[i].rgb < more[j].rgb)) {
      out.push_back(into[i++]);
    } else if (i == into.size() || more[j].rgb < into[i].rgb) {
      out.push_back(more[j++]);
    } else {
      out.push_back({into[i].rgb, into[i].count + more[j].count});
      ++i;
      ++j;
    }
  }
  into = std::move(out);
}

std::vector<std::uint32_t> build_palette(const std::vector<ColourCount>& histogram,
                                         int max_colours) {
  std::vector<std::uint32_t> palette;
  if (max_colours < 1) max_colours = 1;
  if (histogram.size() <= static_cast<std::size_t>(max_colours)) {
    for (const auto& c : histogram)
      palette.push_back(c.rgb);
    return palette;
  }

  // Median cut. Each split sorts the box's range by the chosen channel (colour value breaks
  // ties, a total order) and cuts at the weighted median.
  std::vector<ColourCount> h = histogram;
  std::vector<Box> boxes{make_box(h, 0, h.size())};
  while (boxes.size() < static_cast<std::size_t>(max_colours)) {
    int best = -1;
    for (std::size_t b = 0; b < boxes.size(); ++b) {
      if (boxes[b].end - boxes[b].begin < 2 || boxes[b].total_sse() <= 0) continue;
      if (best < 0 || boxes[b].total_sse() > boxes[static_cast<std::size_t>(best)].total_sse()) {
        best = static_cast<int>(b);
      }
    }
    if (best < 0) break;
    Box box = boxes[static_cast<std::size_t>(best)];
    int axis = 0;
    for (int c = 1; c < 3; ++c) {
      if (box.sse[c] > box.sse[axis]) axis = c;
    }
    std::sort(h.begin() + static_cast<std::ptrdiff_t>(box.begin),
              h.begin() + static_cast<std::ptrdiff_t>(box.end),
              [axis](const ColourCount& a, const ColourCount& b) {
                int ca = channel(a.rgb, axis), cb = channel(b.rgb, axis);
                return ca != cb ? ca < cb : a.rgb < b.rgb;
              });
    double half = box.weight / 2, acc = 0;
    std::size_t cut = box.begin + 1;
    for (std::size_t i = box.begin; i + 1 < box.end; ++i) {
      acc += static_cast<double>(h[i].count);
      cut = i + 1;
      if (acc >= half) break;
    }
    boxes[static_cast<std::size_t>(best)] = make_box(h, box.begin, cut);
    boxes.push_back(make_box(h, cut, box.end));
  }
  for (const auto& box : boxes)
    palette.push_back(mean_colour(box.mean));

  // k-means refinement over the histogram: each colour joins its nearest palette entry,
  // entries move to their members' weighted mean. An entry with no member stays.
  for (int pass = 0; pass < 3; ++pass) {
    std::vector<std::array<double, 4>> acc(palette.size(), std::array<double, 4>{});
    Nearest nearest(palette);
    for (const auto& c : histogram) {
      auto best = static_cast<std::size_t>(nearest.find(c.rgb));
      double w = static_cast<double>(c.count);
      for (int ch = 0; ch < 3; ++ch)
        acc[best][ch] += w * channel(c.rgb, ch);
      acc[best][3] += w;
    }
    for (std::size_t p = 0; p < palette.size(); ++p) {
      if (acc[p][3] > 0) {
        palette[p] =
            mean_colour({acc[p][0] / acc[p][3], acc[p][1] / acc[p][3], acc[p][2] / acc[p][3]});
      }
    }
  }
  // Sorted and without duplicates, so equal inputs give equal palettes however the boxes
  // fell.
  std::sort(palette.begin(), palette.end());
  palette.erase(std::unique(palette.begin(), palette.end()), palette.end());
  return palette;
}

PaletteMapper::PaletteMapper(std::vector<std::uint32_t> palette)
    : palette_(std::move(palette)), search_(std::make_shared<const Nearest>(palette_)) {
  // Dither amplitude: about the typical distance between a palette colour and its nearest
  // neighbour, so the pattern spans one palette step.
  if (palette_.size() > 1) {
    std::vector<int> nearest_d;
    for (std::size_t i = 0; i < palette_.size(); ++i) {
      int best = std::numeric_limits<int>::max();
      for (std::size_t j = 0; j < palette_.size(); ++j) {
        if (i != j) best = std::min(best, distance2(palette_[i], palette_[j]));
      }
      nearest_d.push_back(best);
    }
    std::sort(nearest_d.begin(), nearest_d.end());
    double median = std::sqrt(static_cast<double>(nearest_d[nearest_d.size() / 2]));
    dither_amplitude_ = std::min(48, std::max(4, static_cast<int>(std::lround(median))));
  }
}

std::uint8_t PaletteMapper::nearest(std::uint32_t rgb) {
  // A table over all 2^24 colours (16 MiB, made on first use): quantised art has many
  // distinct colours, for which a hash map costs more than the search it saves. Index 255
  // is never a palette index here (at most 255 colours are mapped) and marks "not yet".
  if (palette_.size() > 255) return static_cast<std::uint8_t>(search_->find(rgb));
  if (cache_.empty()) cache_.assign(std::size_t{1} << 24, 255);
  std::uint8_t& cached = cache_[rgb & 0xFFFFFF];
  if (cached != 255) return cached;
  int best = search_->find(rgb);
  auto index = static_cast<std::uint8_t>(best);
  cached = index;
  return index;
}

std::uint8_t PaletteMapper::map(std::uint32_t rgb, int x, int y, bool dither) {
  if (!dither || dither_amplitude_ == 0) return nearest(rgb);
  // A colour the palette holds exactly stays clean: flat areas (a stage's background, the
  // outlines of pixel art) keep no dither pattern.
  std::uint8_t exact = nearest(rgb);
  if (palette_[exact] == rgb) return exact;
  // Offset in [-amplitude/2, amplitude/2), the same for all three channels.
  int t = kBayer8[y & 7][x & 7];
  int offset = ((2 * t + 1 - 64) * dither_amplitude_) / 128;
  return nearest(
      pack(channel(rgb, 0) + offset, channel(rgb, 1) + offset, channel(rgb, 2) + offset));
}

}  // namespace spritec::render
