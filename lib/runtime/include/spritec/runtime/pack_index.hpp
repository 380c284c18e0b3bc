// spritec::runtime — PackIndex: name lookups in O(log n) for a game that looks names up
// while it plays (an AI choosing "attack" by name every frame, scripts naming inputs).
// Header-only, std-only.
//
// PackView's find_action/find_frame/find_input/find_event are linear scans, fine at load
// time. A PackIndex is built once from a parsed pack: it sorts the indices of each name
// table by name (O(n log n), one allocation of 4 bytes per name per table), and then each
// lookup is a binary search, O(log n) name comparisons, allocating nothing. It answers
// exactly what the scans answer, the first match included when a (hostile) pack repeats a
// name.
//
// The index keeps a copy of the PackView (a few pointers into the pack's bytes), so the
// bytes must outlive the index as they outlive the view. Construction may throw
// std::bad_alloc; lookups never throw.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "spritec/runtime/spk_reader.hpp"

namespace spritec::runtime {

class PackIndex {
 public:
  PackIndex() = default;  // empty: every lookup gives kNone
  explicit PackIndex(const PackView& pack)
      : pack_(pack),
        actions_(sorted(pack.action_count(), &PackView::action_name)),
        frames_(sorted(pack.frame_count(), &PackView::frame_name)),
        inputs_(sorted(pack.input_count(), &PackView::input_name)),
        events_(sorted(pack.event_count(), &PackView::event_name)) {}

  // The index of the first action, frame, input or event of that name, or kNone.
  // O(log n) name comparisons; no allocation.
  std::uint32_t find_action(std::string_view name) const {
    return find(actions_, &PackView::action_name, name);
  }
  std::uint32_t find_frame(std::string_view name) const {
    return find(frames_, &PackView::frame_name, name);
  }
  std::uint32_t find_input(std::string_view name) const {
    return find(inputs_, &PackView::input_name, name);
  }
  std::uint32_t find_event(std::string_view name) const {
    return find(events_, &PackView::event_name, name);
  }

  // The input bit of a named input (0 when the pack has no such input), in O(log n).
  std::uint64_t input_bit(std::string_view name) const {
    const std::uint32_t i = find_input(name);
    return i == kNone ? 0 : (std::uint64_t(1) << i);
  }

  const PackView& pack() const { return pack_; }

 private:
  using NameOf = std::string_view (PackView::*)(std::uint32_t) const;

  // The indices 0..count-1 ordered by (name, index): equal names keep the lowest index
  // first, so a lookup finds the first match as the linear scan does.
  std::vector<std::uint32_t> sorted(std::uint32_t count, NameOf name_of) const {
    std::vector<std::uint32_t> order(count);
    for (std::uint32_t i = 0; i < count; ++i)
      order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return (pack_.*name_of)(a) < (pack_.*name_of)(b);
    });
    return order;
  }

  std::uint32_t find(const std::vector<std::uint32_t>& order, NameOf name_of,
                     std::string_view name) const {
    auto it = std::lower_bound(
        order.begin(), order.end(), name,
        [&](std::uint32_t i, std::string_view n) { return (pack_.*name_of)(i) < n; });
    if (it == order.end() || (pack_.*name_of)(*it) != name) return kNone;
    return *it;
  }

  PackView pack_;
  std::vector<std::uint32_t> actions_, frames_, inputs_, events_;
};

}  // namespace spritec::runtime
