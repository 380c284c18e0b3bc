#include "spritec/render/action_preview.hpp"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <memory>

#include "checked.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/shapes.hpp"

namespace spritec::render {

namespace {

// Action previews: cycles shown, and how long a finished action stays on screen.
constexpr std::uint32_t kActionCycles = 3;
constexpr std::int64_t kHoldMs = 500;

struct Bounds {
  // Relative to the origin, x1/y1 exclusive. 64-bit: a pack's origins are any 32-bit value,
  // and a mirrored frame reaches origin - w + 1 the other way.
  std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty = true;
};

void add_bounds(Bounds& b, std::int64_t x0, std::int64_t y0, std::int64_t x1, std::int64_t y1) {
  if (b.empty) {
    b = {x0, y0, x1, y1, false};
    return;
  }
  b.x0 = std::min(b.x0, x0);
  b.y0 = std::min(b.y0, y0);
  b.x1 = std::max(b.x1, x1);
  b.y1 = std::max(b.y1, y1);
}

// The step records of an action's selected views, in order.
std::vector<std::uint32_t> step_records(const runtime::Action& a,
                                        const std::vector<std::uint32_t>& views) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t v : views) {
    for (std::uint32_t i = 0; i < a.steps_per_view; ++i)
      out.push_back(a.first_step + v * a.steps_per_view + i);
  }
  return out;
}

// A frame of `pack` (kNone: none) shown with `flip`, around its origin.
void add_frame_bounds(Bounds& b, const runtime::PackView& pack, std::uint32_t frame,
                      std::uint8_t flip) {
  if (frame == runtime::spk::kNone) return;
  runtime::Frame f = pack.frame(frame);
  if (f.w == 0 || f.h == 0) return;
  std::int64_t w = f.w, h = f.h;
  std::int64_t x0 = (flip & runtime::spk::kFlipX) ? f.origin_x - w + 1 : -std::int64_t(f.origin_x);
  std::int64_t y0 = (flip & runtime::spk::kFlipY) ? f.origin_y - h + 1 : -std::int64_t(f.origin_y);
  add_bounds(b, x0, y0, x0 + w, y0 + h);
}

// The layers a layered actor shows at step i of view v of the master's action, back to
// front (runtime::for_each_layer).
std::vector<runtime::Layer> layers_at(const runtime::PackView& master, const Equipped& equipped,
                                      std::uint32_t action, std::uint32_t v, std::uint32_t i) {
  runtime::ActorState st;
  st.action = action;
  st.view = v;
  st.step = i;
  std::vector<runtime::Layer> out;
  runtime::for_each_layer(master, st, *equipped.gear,
                          [&out](const runtime::Layer& l) { out.push_back(l); });
  return out;
}

// The frames' bounds (every layer's, when equipped), and with `colours` the pixels of their
// boxes and points too.
Bounds action_bounds(const runtime::PackView& view, std::uint32_t action,
                     const std::vector<std::uint32_t>& views, const ShapeColours* colours,
                     const Equipped* equipped) {
  Bounds b;
  runtime::Action a = view.action(action);
  for (std::uint32_t v : views) {
    for (std::uint32_t i = 0; i < a.steps_per_view; ++i) {
      if (equipped == nullptr) {
        runtime::Step s = view.step(a, v, i);
        add_frame_bounds(b, view, s.frame, s.flip);
        continue;
      }
      for (const runtime::Layer& l : layers_at(view, *equipped, action, v, i))
        add_frame_bounds(b, *l.pack, l.frame, l.flip);
    }
  }
  if (colours != nullptr) {
    for (std::uint32_t record : step_records(view.action(action), views)) {
      for (const ShapeMark& m : colours->step_marks(0, record))
        add_bounds(b, m.x, m.y, m.x + std::max<std::int64_t>(m.w, 1),
                   m.y + std::max<std::int64_t>(m.h, 1));
    }
  }
  if (b.empty) b = {-8, -8, 8, 8, false};
  return b;
}

// Inputs that keep the action's own transitions from firing where they can: the inputs a
// rule needs released are held. A preview shows the action, not where it leads.
std::uint64_t blocking_inputs(const runtime::PackView& view, std::uint32_t action) {
  runtime::Action a = view.action(action);
  std::uint64_t held = 0;
  for (std::uint32_t i = 0; i < a.transition_count; ++i) {
    held |= view.transition(a.first_transition + i).unless;
  }
  return held;
}

// The views shown: one, or all. A view out of range is the caller's error (asserted); in
// a build without asserts it shows the last view.
std::vector<std::uint32_t> selected_views(std::optional<std::uint32_t> only, std::uint32_t views) {
  std::vector<std::uint32_t> out;
  if (only) {
    assert(*only < views);
    out.push_back(std::min(*only, views - 1));
  } else {
    for (std::uint32_t v = 0; v < views; ++v)
      out.push_back(v);
  }
  return out;
}

// The part of an action an animated preview shows. An action that repeats beyond the
// cycles shown is shown from the first step of its repeating part (loop_from for a loop, the
// first step for a pingpong), for kActionCycles cycles, so that the animation wraps into
// exactly the step the player plays next: a pingpong of three steps shows 0 1 2 1, never
// 0 1 2 1 0 with step 0 twice at the wrap. Any other action is shown from its start to its
// end (then held).
struct Span {
  bool repeating = false;
  std::uint32_t first_played = 0;  // in played order (reverse plays the list backwards)
};

Span span_of(const runtime::Action& a) {
  Span s;
  s.repeating = a.mode != runtime::Mode::kOnce && (a.repeat == 0 || a.repeat > kActionCycles);
  s.first_played = a.mode == runtime::Mode::kLoop ? a.loop_from : 0;
  return s;
}

// The angle that selects view v: the middle of its sector.
std::int64_t view_angle(const runtime::Action& a, std::uint32_t v) {
  return a.first_view + std::int64_t(v) * 360 / std::int64_t(a.views);
}

}  // namespace

void FrameSequence::stream_to(FrameSink* sink, std::uint32_t tick_rate) {
  sink_ = sink;
  sink_rate_ = tick_rate;
}

void FrameSequence::flush(std::int64_t end) {
  if (!holding_) return;
  holding_ = false;
  bytes = 0;
  if (!sink_failed_ && !sink_->frame(std::move(held_), {end - held_start_, sink_rate_})) {
    sink_failed_ = true;
  }
  held_ = {};
}

bool FrameSequence::sample(std::int64_t tick) {
  if (sink_) {
    flush(tick);
  } else if (!ends_.empty() && ends_.back() < 0) {
    ends_.back() = tick;
  }
  const std::int64_t i = sampled++;
  const bool kept = i >= keep.first && i <= keep.last && (i - keep.first) % keep.every == 0;
  if (kept && sink_) {
    held_start_ = tick;
  } else if (kept) {
    starts_.push_back(tick);
    ends_.push_back(-1);
  }
  return kept;
}

bool FrameSequence::fits(std::int64_t w, std::int64_t h, int scale) {
  frame_width = detail::sat_mul(w, scale);
  frame_height = detail::sat_mul(h, scale);
  if (frame_width <= kMaxFrameSide && frame_height <= kMaxFrameSide) {
    // Both sides are at most 65535: the product fits 64 bits.
    std::uint64_t next = std::uint64_t(frame_width) * std::uint64_t(frame_height) * 4;
    if (bytes + next <= kMaxPreviewBytes) return true;
  }
  too_large = true;
  return false;
}

bool FrameSequence::add(image::Image image, std::string label) {
  bytes += image.rgba.size();
  if (bytes > kMaxPreviewBytes || image.rgba.empty()) {
    too_large = true;
    return false;
  }
  ++added;
  if (sink_) {
    held_ = std::move(image);
    holding_ = true;
    return true;
  }
  frames.push_back({std::move(image), {}});
  labels.push_back(std::move(label));
  return true;
}

void FrameSequence::finish(std::int64_t last_tick, std::uint32_t tick_rate) {
  if (sink_) {
    flush(last_tick + 1);
    return;
  }
  for (std::size_t i = 0; i < frames.size(); ++i) {
    std::int64_t end = ends_[i] >= 0 ? ends_[i] : last_tick + 1;
    frames[i].duration = {end - starts_[i], std::int64_t(tick_rate)};
  }
}

bool fits_with_legend(FrameSequence& seq, std::int64_t w, std::int64_t h, int scale,
                      const std::vector<LegendEntry>& legend) {
  if (legend.empty()) return seq.fits(w, h, scale);
  std::int64_t out_w = detail::sat_mul(w, scale), out_h = detail::sat_mul(h, scale);
  with_legend_size(legend, out_w, out_h);
  return seq.fits(out_w, out_h, 1);
}

image::Image scaled(image::Image img, int scale) {
  return scale > 1 ? image::scale_nearest(img, scale) : img;
}

Sprite sprite_of(const runtime::PackView& view, const std::vector<image::Image>& pages,
                 std::uint32_t frame_index, std::uint8_t flip, double x, double y,
                 std::string name) {
  Sprite s;
  s.x = x;
  s.y = y;
  s.name = std::move(name);
  s.flip_x = (flip & runtime::spk::kFlipX) != 0;
  s.flip_y = (flip & runtime::spk::kFlipY) != 0;
  if (frame_index == runtime::spk::kNone) return s;
  runtime::Frame f = view.frame(frame_index);
  s.page = &pages[f.page];
  s.rect = {int(f.x), int(f.y), int(f.w), int(f.h)};
  s.origin_x = f.origin_x;
  s.origin_y = f.origin_y;
  return s;
}

namespace {

// One actor per selected view, each facing its view and started in `action`, with the
// inputs held that keep the action's own transitions from firing.
std::vector<runtime::ActorState> start_actors(const runtime::PackView& view, std::uint32_t action,
                                              const std::vector<std::uint32_t>& views) {
  const runtime::Action a = view.action(action);
  const std::uint64_t inputs = blocking_inputs(view, action);
  std::vector<runtime::ActorState> actors(views.size());
  for (std::size_t k = 0; k < views.size(); ++k) {
    actors[k].inputs = inputs;
    runtime::set_angle(view, actors[k], view_angle(a, views[k]));
    runtime::EventBuffer events;
    runtime::start(view, actors[k], action, true, events);
  }
  return actors;
}

// The pages a layer's frame is on: the master's, or its piece's; null when neither.
const std::vector<image::Image>* pages_of(const runtime::PackView& master,
                                          const std::vector<image::Image>& pages,
                                          const Equipped& equipped, const runtime::PackView* pack) {
  if (pack == &master) return &pages;
  for (const PackArt& art : equipped.pieces) {
    if (art.view == pack) return art.pages;
  }
  return nullptr;
}

// A layered actor's layers as sprites at (x, y), back to front (compose() keeps the order
// of sprites of one name and position); a blank sprite when it shows none.
void add_layers(std::vector<Sprite>& sprites, const runtime::PackView& master,
                const std::vector<image::Image>& pages, const Equipped& equipped,
                const runtime::ActorState& actor, double x, double y, const std::string& name) {
  const std::size_t before = sprites.size();
  runtime::for_each_layer(master, actor, *equipped.gear, [&](const runtime::Layer& l) {
    if (const std::vector<image::Image>* art = pages_of(master, pages, equipped, l.pack))
      sprites.push_back(sprite_of(*l.pack, *art, l.frame, l.flip, x, y, name));
  });
  if (sprites.size() == before)
    sprites.push_back(sprite_of(master, pages, runtime::spk::kNone, 0, x, y, name));
}

// The actors' current steps at their places (actor k at home_x[k], home_y), named by index;
// each actor's boxes and points on its last (front) sprite.
std::vector<Sprite> sprites_of(const runtime::PackView& view,
                               const std::vector<image::Image>& pages,
                               const std::vector<runtime::ActorState>& actors,
                               const std::vector<double>& home_x, double home_y,
                               bool show_destroyed, const ShapeColours* colours,
                               const Equipped* equipped) {
  std::vector<Sprite> sprites;
  for (std::size_t k = 0; k < actors.size(); ++k) {
    if (actors[k].destroyed && !show_destroyed) continue;
    if (equipped != nullptr) {
      add_layers(sprites, view, pages, *equipped, actors[k], home_x[k], home_y, std::to_string(k));
    } else {
      runtime::Step s = runtime::current_step(view, actors[k]);
      sprites.push_back(
          sprite_of(view, pages, s.frame, s.flip, home_x[k], home_y, std::to_string(k)));
    }
    if (colours != nullptr)
      sprites.back().marks = colours->step_marks(0, runtime::current_step_index(view, actors[k]));
  }
  return sprites;
}

// Where an action's views stand: a cell per view, side by side, each with its actor at the
// cell's home (home_x[k], home_y), the cells as tall and wide as the action's bounds.
struct ActionLayout {
  Stage stage;
  std::vector<double> home_x;
  double home_y = 0;
  // With --debug and a pack with boxes or points: their colours and the legend under
  // every frame (null and empty otherwise).
  std::unique_ptr<ShapeColours> colours;
  std::vector<LegendEntry> legend;
};

// Lays the views out; false (and `out` says why) when the stage would pass the caps.
bool lay_out(const runtime::PackView& view, std::uint32_t action,
             const std::vector<std::uint32_t>& views, const ActionPreviewOptions& o,
             FrameSequence& out, ActionLayout& layout) {
  if (o.debug && view.shape_name_count() > 0) {
    layout.colours = std::make_unique<ShapeColours>(std::vector<const runtime::PackView*>{&view});
    std::vector<std::vector<ShapeMark>> marks;
    for (std::uint32_t record : step_records(view.action(action), views))
      marks.push_back(layout.colours->step_marks(0, record));
    layout.legend = layout.colours->legend(marks);
  }
  const Bounds b = action_bounds(view, action, views, layout.colours.get(), o.equipped);
  // Bounds come from 32-bit origins and sizes: their spans fit 64 bits; the views' count
  // multiplies a span, so that product saturates.
  const std::int64_t pad = 2;
  const std::int64_t cell_w = b.x1 - b.x0 + 2 * pad;
  const std::int64_t cell_h = b.y1 - b.y0 + 2 * pad;
  const std::int64_t stage_w = detail::sat_mul(cell_w, std::int64_t(views.size()));
  // Checked before any actor or pixel exists; fits() is checked again for every frame.
  if (!fits_with_legend(out, stage_w, cell_h, o.scale, layout.legend)) return false;
  layout.stage.width = int(stage_w);
  layout.stage.height = int(cell_h);
  layout.stage.debug = o.debug;
  layout.stage.background = o.background;
  // Positions: within a stage of at most 65535 px, plus an origin: exact in a double.
  layout.home_y = double(pad - b.y0);
  layout.home_x.resize(views.size());
  for (std::size_t k = 0; k < views.size(); ++k)
    layout.home_x[k] = double(std::int64_t(k) * cell_w + pad - b.x0);
  return true;
}

// Ticks every actor once; whether the lead (actor 0) changed step.
bool tick_all(const runtime::PackView& view, std::vector<runtime::ActorState>& actors) {
  bool stepped = false;
  for (std::size_t k = 0; k < actors.size(); ++k) {
    runtime::EventBuffer events;
    const bool changed = runtime::tick(view, actors[k], events);
    if (k == 0) stepped = changed;
  }
  return stepped;
}

}  // namespace

FrameSequence render_action(const runtime::PackView& view, const std::vector<image::Image>& pages,
                            std::uint32_t action, const ActionPreviewOptions& o) {
  FrameSequence out;
  out.keep = o.keep;
  if (o.sink) out.stream_to(o.sink, view.tick_rate());
  runtime::Action a = view.action(action);
  const std::vector<std::uint32_t> views = selected_views(o.view, a.views);
  ActionLayout layout;
  if (!lay_out(view, action, views, o, out, layout)) return out;
  const Stage& stage = layout.stage;
  std::vector<runtime::ActorState> actors = start_actors(view, action, views);
  std::uint32_t rate = view.tick_rate();
  std::int64_t fps = std::clamp<std::int64_t>(o.fps, 1, rate);
  std::int64_t hold_ticks = std::max<std::int64_t>(1, kHoldMs * rate / 1000);

  const Span span = span_of(a);
  std::int64_t first = span.repeating ? -1 : 0;  // the first tick shown, once known
  std::int64_t next = first;                     // the next tick sampled
  std::int64_t starts = 0;                       // times the lead entered the span's first step
  std::int64_t ending = -1;  // the tick the action finished (then held for a moment)
  std::int64_t end = 0;      // the first tick not shown
  for (std::int64_t t = 0;; ++t) {
    const bool stepped = t == 0 || tick_all(view, actors);
    const runtime::ActorState& lead = actors.front();
    if (lead.action != action || t > kMaxPreviewTicks || (ending >= 0 && t > ending + hold_ticks)) {
      end = t;
      break;
    }
    if (span.repeating && stepped && lead.played == span.first_played) {
      // Back at the first step of the repeating part: the span ends here, so that its last
      // frame is followed, when the animation wraps, by exactly the step the player plays.
      if (starts++ == std::int64_t(kActionCycles)) {
        end = t;
        break;
      }
      if (first < 0) first = next = t;
    }
    if (ending < 0 && (lead.holding || lead.destroyed)) ending = t;
    if (first >= 0 && t == next) {
      const bool kept = out.sample(t);
      if (out.done()) {  // past the last frame kept: the rest is never shown
        end = t;
        break;
      }
      if (kept) {
        // A destroyed actor shows its last step on the tick it is destroyed, then vanishes.
        const bool show_destroyed = t <= ending;
        if (!fits_with_legend(out, stage.width, stage.height, o.scale, layout.legend) ||
            !out.add(with_legend(
                render_stage(stage,
                             sprites_of(view, pages, actors, layout.home_x, layout.home_y,
                                        show_destroyed, layout.colours.get(), o.equipped),
                             o.scale),
                layout.legend)))
          return out;
      }
      next = first + (out.sampled * std::int64_t(rate)) / fps;
    }
  }
  out.finish(end - 1, rate);
  return out;
}

namespace {

// A strip cell of one frame of `view` (kNone: a blank step) shown with `flip`.
StripCell frame_cell(const runtime::PackView& view, const std::vector<image::Image>& pages,
                     std::uint32_t frame, std::uint8_t flip) {
  StripCell cell;
  if (frame == runtime::spk::kNone) return cell;
  runtime::Frame f = view.frame(frame);
  if (f.w == 0 || f.h == 0) return cell;
  // The reader checked the rectangle lies inside its page (at most 16384 a side).
  cell.page = &pages[f.page];
  cell.rect = {int(f.x), int(f.y), int(f.w), int(f.h)};
  cell.flip_x = (flip & runtime::spk::kFlipX) != 0;
  cell.flip_y = (flip & runtime::spk::kFlipY) != 0;
  // Mirrored about its origin pixel: the origin moves to w - 1 - origin.
  cell.origin_x = cell.flip_x ? std::int64_t(f.w) - 1 - f.origin_x : f.origin_x;
  cell.origin_y = cell.flip_y ? std::int64_t(f.h) - 1 - f.origin_y : f.origin_y;
  return cell;
}

// A layered actor's step as a strip cell: its back layer, the others `above` it.
StripCell layered_cell(const runtime::PackView& master, const std::vector<image::Image>& pages,
                       const Equipped& equipped, std::uint32_t action, std::uint32_t v,
                       std::uint32_t i) {
  std::vector<StripCell> layers;
  for (const runtime::Layer& l : layers_at(master, equipped, action, v, i)) {
    if (const std::vector<image::Image>* art = pages_of(master, pages, equipped, l.pack))
      layers.push_back(frame_cell(*l.pack, *art, l.frame, l.flip));
  }
  if (layers.empty()) return {};
  StripCell cell = std::move(layers.front());
  cell.above.assign(std::make_move_iterator(layers.begin() + 1),
                    std::make_move_iterator(layers.end()));
  return cell;
}

}  // namespace

// One strip section per action: a row per view, a column per step.
StripSection strip_section(const runtime::PackView& view, const std::vector<image::Image>& pages,
                           std::uint32_t action, std::optional<std::uint32_t> only_view,
                           const ShapeColours* colours, const Equipped* equipped) {
  runtime::Action a = view.action(action);
  StripSection section;
  const char* modes[] = {"loop", "pingpong", "once"};
  section.title = std::string(a.name) + "  (" + modes[int(a.mode)] + ")";
  for (std::uint32_t i = 0; i < a.steps_per_view; ++i) {
    runtime::Step s = view.step(a, 0, i);
    std::string label = std::to_string(i) + ": " + std::to_string(s.ticks) + "t";
    if (s.event != runtime::spk::kNone) label += " " + std::string(view.event_name(s.event));
    section.column_labels.push_back(label);
  }
  for (std::uint32_t v : selected_views(only_view, a.views)) {
    StripRow row;
    row.label = std::to_string(((view_angle(a, v) % 360) + 360) % 360) + " deg";
    for (std::uint32_t i = 0; i < a.steps_per_view; ++i) {
      runtime::Step s = view.step(a, v, i);
      StripCell cell = equipped != nullptr ? layered_cell(view, pages, *equipped, action, v, i)
                                           : frame_cell(view, pages, s.frame, s.flip);
      // Mirrored about the origin pixel, as the pixels are.
      if (colours != nullptr)
        cell.marks = colours->step_marks(0, a.first_step + v * a.steps_per_view + i);
      row.cells.push_back(std::move(cell));
    }
    section.rows.push_back(std::move(row));
  }
  return section;
}

}  // namespace spritec::render
