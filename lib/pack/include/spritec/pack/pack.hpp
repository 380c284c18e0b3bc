// Rectangle packing: sizes in, positions out. Pure geometry — no pixels, no I/O, nothing
// of spritec's beyond geom's words (Size) and the C++ standard library.
//
// The packer is MaxRects (Jukka Jylänki's family of algorithms): each page keeps the list
// of maximal free rectangles; an item goes into the free rectangle a heuristic scores best,
// and every free rectangle it overlaps is split into its maximal remainders. The list is
// kept pruned (no free rectangle contains another), so it stays roughly proportional to
// the number of items on the page.
//
// pack() tries several combinations of a free-rectangle heuristic and an item order and
// keeps the best result: fewest pages, then least total page area, then the first in the
// fixed order of kHeuristics x kSortOrders. Above kAllCombinationsLimit items it tries a
// reduced set (see strategies_for) so that 10,000 frames pack well under a second; the
// contact-point heuristic, which looks at every placed item for every candidate, is tried
// only up to kContactPointLimit items.
//
// Items are placed in sorted order, each on the first page (in page order) with room for
// it, opening a new page when none has. Every page is then shrunk to the bounding box of
// its items (rounded up to powers of two when asked), and the last page, usually the
// emptiest, is packed again into the smallest page found that holds it (a search over page
// sizes, with a few combinations, or only the winning one above kAllCombinationsLimit
// items on that page).
//
// Padding is the spacing between items: items may touch the page edges, and no padding is
// needed after the last column or row. It is done by packing sizes inflated by the padding
// into a page inflated by the padding.
//
// Limits and failure: sizes and options are validated; an item wider or taller than the
// maximum page (or a negative size) is an error naming the item's index, and so is an
// item that does not fit on page 0 when only one page is allowed. Zero-size items (width
// or height 0) are placed at (0, 0) of page 0 and take no room.
//
// Determinism: the same input gives the same output, bit for bit. All scores are integers,
// ties are broken by input index, and no unordered container is used.
//
// Options::layout = Layout::kShelves asks for a plain shelf (row) packing instead, for a
// sheet that is made once and only has to be valid and compact enough (the export's pages
// of mirrored frames, Aseprite's single sheet): see Layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "spritec/geom/geom.hpp"

namespace spritec::pack {

using geom::Size;

// How a free rectangle is chosen for an item (lower score wins; ties: first in the list).
enum class Heuristic {
  kBestShortSideFit,  // smallest leftover on the shorter side, then on the longer side
  kBestLongSideFit,   // smallest leftover on the longer side, then on the shorter side
  kBestAreaFit,       // smallest free rectangle area, then shorter leftover side
  kBottomLeft,        // lowest bottom edge (y + height), then leftmost
  kContactPoint,      // longest perimeter touching page edges and placed items
};

// The order items are placed in: descending by the key, then by a second key, then by
// ascending input index.
enum class SortOrder {
  kArea,       // width * height, then the longer side
  kMaxSide,    // the longer side, then the shorter side
  kPerimeter,  // width + height, then the longer side
  kHeight,     // height, then width
  kWidth,      // width, then height
};

// How pack() lays the items out.
enum class Layout {
  kMaxRects,  // the search over MaxRects combinations described above
  // Shelves: items sorted by height, then width (both descending; ties by input index),
  // placed left to right in rows `padding` apart; a row ends where the next item would pass
  // the page width, a page where a row's item would pass max_height (a row at the top of a
  // page always fits). Every page has one width: the smallest power of two from 64 whose
  // square holds the items' area with padding, at most max_width, and at least the widest
  // item; each page is as tall as its items reach. Zero-size items are placed in turn like
  // the others (a zero-width item still takes its padding), so each has its own position.
  // power_of_two rounds the pages up as for MaxRects; jobs is not used.
  kShelves,
};

inline constexpr Heuristic kHeuristics[] = {Heuristic::kBestShortSideFit,
                                            Heuristic::kBestLongSideFit, Heuristic::kBestAreaFit,
                                            Heuristic::kBottomLeft, Heuristic::kContactPoint};
inline constexpr SortOrder kSortOrders[] = {SortOrder::kArea, SortOrder::kMaxSide,
                                            SortOrder::kPerimeter, SortOrder::kHeight,
                                            SortOrder::kWidth};

// Up to this many items (zero-size ones not counted) pack() tries every combination.
inline constexpr std::size_t kAllCombinationsLimit = 2000;
// Up to this many items kContactPoint is among the heuristics tried.
inline constexpr std::size_t kContactPointLimit = 500;

struct Options {
  int max_width = 2048;  // the largest page; > 0
  int max_height = 2048;
  // Page sizes are powers of two. The largest page is then the largest power of two not
  // above max_width x max_height.
  bool power_of_two = false;
  int padding = 0;  // >= 0, transparent pixels between items
  bool allow_multiple_pages = true;
  // Threads for trying the combinations side by side (pack() tries several); the result is
  // the same for any value, since the best is chosen in the combinations' fixed order.
  int jobs = 1;
  Layout layout = Layout::kMaxRects;
};

struct Placement {
  int page = 0;
  int x = 0;  // top-left corner of the item in its page
  int y = 0;
};

struct Page {
  int width = 0;  // >= 1 each, at most the options' maximum
  int height = 0;
  std::int64_t used_area = 0;  // sum of the areas of the items on the page
  std::int64_t area() const { return std::int64_t{width} * height; }
  double occupancy() const { return area() > 0 ? double(used_area) / double(area()) : 0.0; }
};

struct Packing {
  std::vector<Placement> placements;                   // one per input item, in input order
  std::vector<Page> pages;                             // empty only when there were no items at all
  Heuristic heuristic = Heuristic::kBestShortSideFit;  // the combination that won (MaxRects;
  SortOrder sort_order = SortOrder::kArea;             // shelves: kHeight, the order used)

  std::int64_t used_area() const;
  std::int64_t page_area() const;
  double occupancy() const;  // used / page area over all pages; 0 without pages
};

enum class ErrorKind {
  kNone,
  kInvalidOptions,  // max size <= 0 or padding < 0 (item is 0)
  kInvalidSize,     // an item has a negative width or height
  kItemTooLarge,    // an item is larger than the largest page
  kTooManyPages,    // only one page is allowed and this item does not fit on it
};

struct Error {
  ErrorKind kind = ErrorKind::kNone;
  std::size_t item = 0;  // index of the offending item in the input
  Size size;             // its size
  Size max_size;         // the largest page the item had to fit in

  bool failed() const { return kind != ErrorKind::kNone; }
};

// The packing, or the Error that kept it from being made: the shape of every fallible
// call's result in spritec (diag::Result, docs/architecture.md "Errors"), declared here by
// hand because pack/ does not depend on diag (it uses nothing of ours but work/).
struct [[nodiscard]] Result {
  Packing value;  // meaningful only when ok()
  Error error;
  bool ok() const { return !error.failed(); }
  explicit operator bool() const { return ok(); }
};

// Packs the items, trying the combinations strategies_for(sizes.size()) gives.
Result pack(const std::vector<Size>& sizes, const Options& options = {});

// Packs with one combination only (tests and benchmarks compare them); with
// Layout::kShelves the combination is not used.
Result pack_with(const std::vector<Size>& sizes, const Options& options, Heuristic heuristic,
                 SortOrder sort_order);

struct Strategy {
  Heuristic heuristic;
  SortOrder sort_order;
};

// The combinations pack() tries for a number of (non-empty) items, in tie-break order.
std::vector<Strategy> strategies_for(std::size_t item_count);

}  // namespace spritec::pack
