#include "spritec/render/action_preview.hpp"

#include <algorithm>

#include "spritec/runtime/player.hpp"

namespace spritec::render {

namespace {

// Action previews: cycles shown, and how long a finished action stays on screen.
constexpr std::uint32_t kActionCycles = 3;
constexpr std::int64_t kHoldMs = 500;

struct Bounds {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // relative to the origin, x1/y1 exclusive
  bool empty = true;
};

Bounds action_bounds(const runtime::PackView& view, std::uint32_t action) {
  Bounds b;
  runtime::Action a = view.action(action);
  for (std::uint32_t v = 0; v < a.views; ++v) {
    for (std::uint32_t i = 0; i < a.steps_per_view; ++i) {
      runtime::Step s = view.step(a, v, i);
      if (s.frame == runtime::spk::kNone) continue;
      runtime::Frame f = view.frame(s.frame);
      if (f.w == 0 || f.h == 0) continue;
      int w = int(f.w), h = int(f.h);
      int x0 = (s.flip & runtime::spk::kFlipX) ? f.origin_x - w + 1 : -f.origin_x;
      int y0 = (s.flip & runtime::spk::kFlipY) ? f.origin_y - h + 1 : -f.origin_y;
      if (b.empty) {
        b = {x0, y0, x0 + w, y0 + h, false};
      } else {
        b.x0 = std::min(b.x0, x0);
        b.y0 = std::min(b.y0, y0);
        b.x1 = std::max(b.x1, x0 + w);
        b.y1 = std::max(b.y1, y0 + h);
      }
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

std::vector<std::uint32_t> selected_views(const std::string& view, std::uint32_t views) {
  std::vector<std::uint32_t> out;
  if (view == "all") {
    for (std::uint32_t v = 0; v < views; ++v)
      out.push_back(v);
  } else {
    out.push_back(std::uint32_t(std::stoul(view)));
  }
  return out;
}

// The angle that selects view v: the middle of its sector.
std::int64_t view_angle(const runtime::Action& a, std::uint32_t v) {
  return a.first_view + std::int64_t(v) * 360 / std::int64_t(a.views);
}

}  // namespace

bool FrameSequence::fits(int w, int h, int scale) {
  std::uint64_t next =
      std::uint64_t(w) * std::uint64_t(scale) * std::uint64_t(h) * std::uint64_t(scale) * 4;
  if (bytes + next > kMaxPreviewBytes || w * scale > 65536 || h * scale > 65536) {
    too_large = true;
    return false;
  }
  return true;
}

bool FrameSequence::add(image::Image image) {
  bytes += image.rgba.size();
  if (bytes > kMaxPreviewBytes || image.rgba.empty()) {
    too_large = true;
    return false;
  }
  frames.push_back({std::move(image), {}});
  return true;
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

void set_durations(FrameSequence& out, const std::vector<std::int64_t>& sampled, std::int64_t last,
                   std::uint32_t tick_rate) {
  for (std::size_t i = 0; i < out.frames.size(); ++i) {
    std::int64_t end = i + 1 < sampled.size() ? sampled[i + 1] : last + 1;
    out.frames[i].duration = {end - sampled[i], std::int64_t(tick_rate)};
  }
}

FrameSequence render_action(const runtime::PackView& view, const std::vector<image::Image>& pages,
                            std::uint32_t action, const ActionPreviewOptions& o) {
  runtime::Action a = view.action(action);
  std::vector<std::uint32_t> views = selected_views(o.view, a.views);
  Bounds b = action_bounds(view, action);
  const int pad = 2;
  int cell_w = b.x1 - b.x0 + 2 * pad;
  int cell_h = b.y1 - b.y0 + 2 * pad;
  Stage stage;
  stage.width = cell_w * int(views.size());
  stage.height = cell_h;
  stage.debug = o.debug;
  stage.background = o.background;

  std::uint64_t inputs = blocking_inputs(view, action);
  std::vector<runtime::ActorState> actors(views.size());
  std::vector<double> home_x(views.size());
  double home_y = pad - b.y0;
  for (std::size_t k = 0; k < views.size(); ++k) {
    home_x[k] = double(int(k) * cell_w + pad - b.x0);
    actors[k].inputs = inputs;
    runtime::set_angle(view, actors[k], view_angle(a, views[k]));
    runtime::EventBuffer events;
    runtime::start(view, actors[k], action, true, events);
  }
  std::uint32_t rate = view.tick_rate();
  std::int64_t fps = std::clamp<std::int64_t>(o.fps, 1, rate);
  std::int64_t hold_ticks = std::max<std::int64_t>(1, kHoldMs * rate / 1000);

  FrameSequence out;
  std::vector<std::int64_t> sampled;
  std::int64_t next = 0;
  std::int64_t ending = -1;  // the tick the action finished (then held for a moment)
  std::int64_t end = 0;      // the first tick not shown
  for (std::int64_t t = 0;; ++t) {
    if (t > 0) {
      for (runtime::ActorState& st : actors) {
        runtime::EventBuffer events;
        runtime::tick(view, st, events);
      }
    }
    const runtime::ActorState& lead = actors.front();
    // Stop before showing another action (a then: or a transition switched it), or the
    // first step of a cycle past the last one shown.
    bool done_cycles = lead.cycles >= kActionCycles && !lead.holding && !lead.destroyed;
    if (lead.action != action || done_cycles || t > kMaxPreviewTicks ||
        (ending >= 0 && t > ending + hold_ticks)) {
      end = t;
      break;
    }
    if (ending < 0 && (lead.holding || lead.destroyed)) ending = t;
    if (t == next) {
      std::vector<Sprite> sprites;
      for (std::size_t k = 0; k < actors.size(); ++k) {
        // A destroyed actor shows its last step on the tick it is destroyed, then vanishes.
        if (actors[k].destroyed && t > ending) continue;
        runtime::Step s = runtime::current_step(view, actors[k]);
        sprites.push_back(
            sprite_of(view, pages, s.frame, s.flip, home_x[k], home_y, std::to_string(k)));
      }
      if (!out.fits(stage.width, stage.height, o.scale) ||
          !out.add(scaled(compose(stage, std::move(sprites)), o.scale)))
        return out;
      sampled.push_back(t);
      next = (std::int64_t(sampled.size()) * std::int64_t(rate)) / fps;
    }
  }
  set_durations(out, sampled, end - 1, rate);
  return out;
}

// One strip section per action: a row per view, a column per step.
StripSection strip_section(const runtime::PackView& view, const std::vector<image::Image>& pages,
                           std::uint32_t action, const std::string& view_option) {
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
  for (std::uint32_t v : selected_views(view_option, a.views)) {
    StripRow row;
    row.label = std::to_string(((view_angle(a, v) % 360) + 360) % 360) + " deg";
    for (std::uint32_t i = 0; i < a.steps_per_view; ++i) {
      runtime::Step s = view.step(a, v, i);
      StripCell cell;
      if (s.frame != runtime::spk::kNone) {
        runtime::Frame f = view.frame(s.frame);
        if (f.w > 0 && f.h > 0) {
          cell.image = image::crop(pages[f.page], {int(f.x), int(f.y), int(f.w), int(f.h)});
          cell.origin_x = f.origin_x;
          cell.origin_y = f.origin_y;
          if (s.flip & runtime::spk::kFlipX) {
            image::flip_x(cell.image);
            cell.origin_x = int(f.w) - 1 - f.origin_x;
          }
          if (s.flip & runtime::spk::kFlipY) {
            image::flip_y(cell.image);
            cell.origin_y = int(f.h) - 1 - f.origin_y;
          }
        }
      }
      row.cells.push_back(std::move(cell));
    }
    section.rows.push_back(std::move(row));
  }
  return section;
}

}  // namespace spritec::render
