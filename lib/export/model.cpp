// The Model every export format shares: regions (the pack's frames, mirrored copies and a
// blank), animations in the order the player shows them, and what no format carries.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

#include "spritec/export/export.hpp"
#include "spritec/geom/geom.hpp"
#include "spritec/pack/pack.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/shapes.hpp"
#include "writers.hpp"

namespace spritec::exporter {

namespace {

using runtime::Mode;

// Longest played order a finite `repeat` is expanded into; past it the animation loops.
constexpr std::uint64_t kMaxPlayed = 65536;

// One cycle of `a` as the player walks it (runtime::next_played), from position `from`:
// calls visit(position) for each step entered up to the one whose end ends the cycle, and
// returns where the next cycle starts.
template <typename Visit>
std::uint32_t walk_cycle(const runtime::Action& a, std::uint32_t from, Visit&& visit) {
  bool backward = false;  // every cycle starts walking forward
  for (std::uint32_t p = from;;) {
    visit(p);
    const runtime::NextStep next = runtime::next_played(a, p, backward);
    if (next.cycle_end) return next.played;
    p = next.played;
  }
}

// An action's played order in parts: the first cycle, and the cycle every later one plays.
// A looping pingpong's first cycle ends on position 0, which the loop shows again as its
// first frame: it is left out. With `first` and `again` null it only counts.
struct Cycles {
  std::uint64_t first = 0, again = 0;
};
Cycles cycles(const runtime::Action& a, std::vector<std::uint32_t>* first,
              std::vector<std::uint32_t>* again) {
  Cycles c;
  if (a.steps_per_view == 0) return c;  // refused by the reader; nothing to walk
  const std::uint32_t next = walk_cycle(a, 0, [&](std::uint32_t p) {
    ++c.first;
    if (first) first->push_back(p);
  });
  if (a.mode == Mode::kOnce) return c;
  walk_cycle(a, next, [&](std::uint32_t p) {
    ++c.again;
    if (again) again->push_back(p);
  });
  if (a.mode == Mode::kPingpong && a.repeat == 0 && a.steps_per_view > 1) {
    --c.first;
    if (first) first->pop_back();
  }
  return c;
}

// The length of played_order(a) below, worked out without making it: the first cycle, and
// for a finite repeat the later cycles, unless they pass kMaxPlayed.
std::uint64_t played_length(const runtime::Action& a) {
  const Cycles c = cycles(a, nullptr, nullptr);
  const bool loop = a.mode != Mode::kOnce && a.repeat == 0;
  if (loop || a.mode == Mode::kOnce || a.repeat <= 1) return c.first;
  const std::uint64_t total = c.first + std::uint64_t(a.repeat - 1) * c.again;
  return total > kMaxPlayed ? c.first : total;
}

// Positions in played order, as the player walks them: the first cycle, then for a finite
// repeat every later cycle (unless that passes kMaxPlayed: then the animation loops).
std::vector<std::uint32_t> played_order(const runtime::Action& a, bool& loop, bool& too_long) {
  std::vector<std::uint32_t> first, again;
  cycles(a, &first, &again);
  loop = a.mode != Mode::kOnce && a.repeat == 0;
  too_long = false;
  if (loop || a.mode == Mode::kOnce || a.repeat <= 1) return first;
  const std::uint64_t total = first.size() + std::uint64_t(a.repeat - 1) * again.size();
  if (total > kMaxPlayed) {
    too_long = true;
    loop = true;
    return first;
  }
  std::vector<std::uint32_t> out = first;
  for (std::uint32_t r = 1; r < a.repeat; ++r)
    out.insert(out.end(), again.begin(), again.end());
  return out;
}

// Places the export's own regions (mirrored frames, the blank) on pages after the pack's:
// shelves one pixel apart (pack::Layout::kShelves), pages at most 4096 tall (or as tall as
// the tallest region) and 16384 wide (or as wide as the widest).
void place_own(Model& model, std::size_t first_own, const std::vector<image::Image>& pixels) {
  if (first_own >= model.regions.size()) return;
  std::vector<geom::Size> sizes;
  pack::Options options;
  options.layout = pack::Layout::kShelves;
  options.padding = 1;
  options.max_width = 16384;
  options.max_height = 4096;
  for (std::size_t i = first_own; i < model.regions.size(); ++i) {
    sizes.push_back({int(model.regions[i].w), int(model.regions[i].h)});
    options.max_width = std::max(options.max_width, sizes.back().width);
    options.max_height = std::max(options.max_height, sizes.back().height);
  }
  const pack::Result packed = pack::pack(sizes, options);
  assert(packed.ok());  // every region fits the largest page, which may hold many
  const std::uint32_t base = std::uint32_t(model.pages.size());
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    Region& r = model.regions[first_own + k];
    r.page = base + std::uint32_t(packed.value.placements[k].page);
    r.x = std::uint32_t(packed.value.placements[k].x);
    r.y = std::uint32_t(packed.value.placements[k].y);
  }
  for (const pack::Page& packed_page : packed.value.pages) {
    Page p;
    p.width = std::uint32_t(packed_page.width);
    p.height = std::uint32_t(packed_page.height);
    p.own = image::Image(packed_page.width, packed_page.height);
    model.pages.push_back(std::move(p));
  }
  for (std::size_t i = first_own; i < model.regions.size(); ++i) {
    const Region& r = model.regions[i];
    if (r.frame == runtime::kNone) continue;  // the blank stays transparent
    const Region& f = model.regions[r.frame];
    image::Image cut = image::crop(pixels[f.page], {int(f.x), int(f.y), int(f.w), int(f.h)});
    if (r.flip_x) image::flip_x(cut);
    if (r.flip_y) image::flip_y(cut);
    image::blit(model.pages[r.page].own, int(r.x), int(r.y), cut, {0, 0, int(r.w), int(r.h)});
  }
}

class Builder {
 public:
  Builder(const runtime::PackView& pack, const std::vector<image::Image>& pages, bool geometry)
      : pack_(pack), pages_(pages), geometry_(geometry) {}

  Model build(bool animations) {
    model_.pack = &pack_;
    model_.tick_rate = pack_.tick_rate();
    model_.premultiplied = pack_.premultiplied();
    model_.bled = pack_.bled();
    for (std::uint32_t i = 0; i < pack_.page_count(); ++i) {
      const runtime::Page p = pack_.page(i);
      Page out;
      out.width = p.width;
      out.height = p.height;
      out.pixels = &pages_[i];
      if (!p.external) {
        out.png = p.png;
        out.png_size = p.png_size;
      }
      model_.pages.push_back(std::move(out));
    }
    for (std::uint32_t i = 0; i < pack_.frame_count(); ++i) {
      const runtime::Frame f = pack_.frame(i);
      names_.insert(std::string(f.name));
      Region r;
      r.name = std::string(f.name);
      r.page = f.page;
      r.x = f.x, r.y = f.y, r.w = f.w, r.h = f.h;
      r.origin_x = f.origin_x, r.origin_y = f.origin_y;
      r.source_w = f.source_w, r.source_h = f.source_h;
      r.trim_x = f.trim_x, r.trim_y = f.trim_y;
      r.frame = i;
      if (geometry_) {
        const runtime::ShapeRange range = pack_.frame_shapes(i);
        for (std::uint32_t k = 0; k < range.count; ++k)
          r.shapes.push_back(
              in_region(runtime::flipped(pack_.shape(range.first + k), runtime::kFlipNone), r));
      }
      model_.regions.push_back(std::move(r));
    }
    if (!animations) return std::move(model_);
    const std::size_t first_own = model_.regions.size();
    for (std::uint32_t a = 0; a < pack_.action_count(); ++a)
      add_action(a);
    place_own(model_, first_own, pages_);
    add_aliases();
    return std::move(model_);
  }

 private:
  void add_action(std::uint32_t index) {
    const runtime::Action a = pack_.action(index);
    const std::string name(a.name);
    bool loop = false, too_long = false;
    const std::vector<std::uint32_t> played = played_order(a, loop, too_long);
    assert(played.size() == played_length(a));  // what the cap counted (animation_frames)
    bool events = false, motion = false;
    for (std::uint32_t v = 0; v < a.views; ++v) {
      Animation anim;
      anim.name = animation_name(a.name, a.views, v);
      anim.action = index;
      anim.loop = loop;
      for (std::uint32_t p : played) {
        const std::uint32_t i = a.reverse ? a.steps_per_view - 1 - p : p;
        const runtime::Step s = pack_.step(a, v, i);
        events = events || s.has_event();
        motion = motion || s.move_x != 0 || s.move_y != 0;
        const std::uint32_t region = region_of(s);
        const std::uint32_t record = a.first_step + v * a.steps_per_view + i;
        anim.frames.push_back({step_region(region, record, anim.name, i), s.ticks});
      }
      model_.animations.push_back(std::move(anim));
    }
    Uncarried& u = model_.uncarried;
    if (has_geometry(a)) u.geometry.push_back(name);
    if (events) u.events.push_back(name);
    if (motion) u.motion.push_back(name);
    if (a.transition_count > 0) u.transitions.push_back(name);
    if (!loop && a.then_kind != runtime::ThenKind::kHold) u.then.push_back(name);
    if (too_long) u.long_repeat.push_back(name);
    if (loop && a.mode == Mode::kLoop && std::min(a.loop_from, a.steps_per_view) > 0)
      u.loop_tail.push_back(name);
  }

  // Whether any step of `a` shows a box or a point (its frame's or its own).
  bool has_geometry(const runtime::Action& a) const {
    bool any = false;
    const std::uint32_t steps = a.views * a.steps_per_view;
    for (std::uint32_t k = 0; k < steps && !any; ++k)
      runtime::for_each_step_shape(pack_, a.first_step + k, [&](const auto&) { any = true; });
    return any;
  }

  // A shape as region `r` shows it: actor-local (relative to the origin pixel, flips
  // applied) moved into r's untrimmed frame.
  Shape in_region(const runtime::LocalShape& s, const Region& r) const {
    Shape out;
    out.name = std::string(pack_.shape_name(s.name));
    out.kind = s.kind;
    out.x = s.x + r.untrimmed_origin_x();
    out.y = s.y + r.untrimmed_origin_y();
    out.w = s.w;
    out.h = s.h;
    return out;
  }

  // The region a step record shows: `region`, or (with geometry) an alias of it when the
  // step's boxes and points are not the region's. Aliases are placed by add_aliases(); until
  // then the frame holds the alias's number with kAlias set.
  std::uint32_t step_region(std::uint32_t region, std::uint32_t record, const std::string& anim,
                            std::uint32_t step) {
    if (!geometry_) return region;
    const auto known = alias_of_step_.find(record);
    if (known != alias_of_step_.end()) return known->second;
    std::vector<Shape> shapes;
    runtime::for_each_step_shape(pack_, record, [&](const runtime::LocalShape& s) {
      shapes.push_back(in_region(s, model_.regions[region]));
    });
    std::uint32_t shown = region;
    if (shapes != model_.regions[region].shapes) {
      Region alias = model_.regions[region];
      alias.name = fresh(alias.name + "|" + anim + "|" + std::to_string(step));
      alias.shapes = std::move(shapes);
      shown = kAlias | std::uint32_t(aliases_.size());
      aliases_.push_back({region, std::move(alias)});
    }
    alias_of_step_.emplace(record, shown);
    return shown;
  }

  // The aliases after every other region, at their regions' places (the export's own regions
  // are placed by now), and the animation frames that show one numbered so.
  void add_aliases() {
    const std::uint32_t first = std::uint32_t(model_.regions.size());
    for (auto& [of, alias] : aliases_) {
      const Region& base = model_.regions[of];
      alias.page = base.page, alias.x = base.x, alias.y = base.y;
      model_.regions.push_back(std::move(alias));
    }
    for (Animation& a : model_.animations) {
      for (RegionTicks& f : a.frames) {
        if ((f.region & kAlias) != 0) f.region = first + (f.region & ~kAlias);
      }
    }
  }

  // A name no frame has: `wanted`, or it with '|' added until free.
  std::string fresh(std::string wanted) {
    while (names_.count(wanted))
      wanted += "|";
    names_.insert(wanted);
    return wanted;
  }

  std::uint32_t region_of(const runtime::Step& s) {
    if (s.blank()) {
      if (blank_ == runtime::kNone) {
        Region r;
        r.name = fresh("|blank");
        r.w = r.h = r.source_w = r.source_h = 2;
        r.origin_x = r.origin_y = 1;
        blank_ = std::uint32_t(model_.regions.size());
        model_.regions.push_back(std::move(r));
      }
      return blank_;
    }
    if (!s.flip_x() && !s.flip_y()) return s.frame;
    auto key = std::make_pair(s.frame, int(s.flip));
    auto it = mirrored_.find(key);
    if (it != mirrored_.end()) return it->second;
    const Region& f = model_.regions[s.frame];
    Region r = f;
    r.flip_x = s.flip_x();
    r.flip_y = s.flip_y();
    r.name = fresh(f.name + (r.flip_x && r.flip_y ? "|flip_xy" : r.flip_x ? "|flip_x" : "|flip_y"));
    if (r.flip_x) {
      // Mirrored about the origin pixel: the pixel at origin_x stays where it is drawn.
      r.origin_x = std::int32_t(std::int64_t(f.w) - 1 - f.origin_x);
      r.trim_x =
          std::uint32_t(std::max<std::int64_t>(0, std::int64_t(f.source_w) - f.trim_x - f.w));
    }
    if (r.flip_y) {
      r.origin_y = std::int32_t(std::int64_t(f.h) - 1 - f.origin_y);
      r.trim_y =
          std::uint32_t(std::max<std::int64_t>(0, std::int64_t(f.source_h) - f.trim_y - f.h));
    }
    if (geometry_) {
      // The frame's shapes mirrored about its origin pixel, as its pixels are.
      r.shapes.clear();
      const runtime::ShapeRange range = pack_.frame_shapes(s.frame);
      for (std::uint32_t k = 0; k < range.count; ++k)
        r.shapes.push_back(in_region(runtime::flipped(pack_.shape(range.first + k), s.flip), r));
    }
    const std::uint32_t index = std::uint32_t(model_.regions.size());
    model_.regions.push_back(std::move(r));
    mirrored_.emplace(key, index);
    return index;
  }

  const runtime::PackView& pack_;
  const std::vector<image::Image>& pages_;
  Model model_;
  std::set<std::string> names_;
  std::map<std::pair<std::uint32_t, int>, std::uint32_t> mirrored_;
  std::uint32_t blank_ = runtime::kNone;
  const bool geometry_;
  // Marks an alias's number in an animation frame until add_aliases() (regions stay far
  // below 2^31: the export's frames are capped at kMaxAnimationFrames).
  static constexpr std::uint32_t kAlias = 1u << 31;
  std::vector<std::pair<std::uint32_t, Region>> aliases_;  // (the region it aliases, alias)
  std::map<std::uint32_t, std::uint32_t> alias_of_step_;   // step record -> region shown
};

}  // namespace

Model build_model(const runtime::PackView& pack, const std::vector<image::Image>& pages,
                  bool animations, bool geometry) {
  return Builder(pack, pages, geometry).build(animations);
}

bool operator==(const Shape& a, const Shape& b) {
  return a.name == b.name && a.kind == b.kind && a.x == b.x && a.y == b.y && a.w == b.w &&
         a.h == b.h;
}

std::string animation_name(std::string_view action, std::uint32_t views, std::uint32_t view) {
  std::string name(action);
  return views == 1 ? name : name + "/" + std::to_string(view);
}

std::uint64_t animation_frames(const runtime::Action& action) {
  return std::uint64_t(action.views) * played_length(action);
}

UniformRate uniform_rate(const Animation& animation, std::uint32_t tick_rate) {
  UniformRate rate;
  std::uint64_t g = 0, total = 0;
  for (const RegionTicks& f : animation.frames) {
    g = std::gcd(g, std::uint64_t(f.ticks));
    total += f.ticks;
  }
  if (g == 0) g = 1;
  if (total / g > kMaxUniformFrames) {
    // Too many frames at the exact rate: the smallest step that keeps within the cap.
    g = (total + kMaxUniformFrames - 1) / kMaxUniformFrames;
    rate.exact = false;
  }
  rate.ticks_per_frame = std::uint32_t(g);
  rate.fps = double(tick_rate) / double(g);
  return rate;
}

std::uint32_t repeats(const RegionTicks& frame, const UniformRate& rate) {
  if (rate.exact) return frame.ticks / rate.ticks_per_frame;
  const std::uint32_t n =
      std::uint32_t((std::uint64_t(frame.ticks) + rate.ticks_per_frame / 2) / rate.ticks_per_frame);
  return std::max<std::uint32_t>(1, n);
}

}  // namespace spritec::exporter
