// Fuzz target: the pack reader, the action player and the pack writer.
//
// 1. runtime::parse_pack with the checksum check off, so mutations reach the structural
//    checks. A rejected pack must report an offset inside the file.
// 2. An accepted pack: every accessor is walked (pages, frames, actions, every step of
//    every view, transitions, inputs, events, lookups by name) — parse_pack promises that
//    none of them can go out of bounds afterwards.
// 3. Every action (the first kMaxPlayed) is played for kTicks ticks at several angles and
//    speeds, with inputs toggling and the angle turning, checking the player's invariants.
// 4. The inspect --json document is built and serialised, as `spritec inspect --json` does.
// 5. Round trip: the pack's model (format::read_model) is written again with write_spk; when
//    the writer accepts it, the new bytes must parse WITH the checksum, read back to the
//    same model, and be written again to the same bytes (determinism).
// 6. Bytes that parse_pack rejects build a valid PackModel instead (model_from_bytes); it
//    must be written, parsed with the checksum and read back unchanged, then played as in
//    3, with the timing, order, event and root-motion rules of DESIGN.md section 3 checked
//    tick by tick where an action allows it (check_timing).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "spritec/export/export.hpp"
#include "spritec/format/inspect.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/runtime/layers.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/shapes.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace {

namespace rt = spritec::runtime;
namespace spk = spritec::runtime::spk;
namespace fmt = spritec::format;

constexpr std::uint32_t kMaxPlayed = 8;
constexpr int kTicks = 200;

// Keeps the optimiser from dropping reads whose only purpose is to be checked by ASan.
volatile std::uint64_t g_sink = 0;

void touch(std::string_view s) {
  if (!s.empty()) g_sink = g_sink + std::uint8_t(s.front()) + std::uint8_t(s.back()) + s.size();
}

void walk_shapes(const rt::PackView& pack);

void walk(const rt::PackView& pack) {
  FUZZ_CHECK(pack.version_major() == spk::kVersionMajor);
  FUZZ_CHECK(pack.tick_rate() >= 1);
  g_sink = g_sink + (pack.premultiplied() ? 1 : 0) + (pack.bled() ? 2 : 0);
  for (std::uint32_t i = 0; i < pack.page_count(); ++i) {
    const rt::Page p = pack.page(i);
    FUZZ_CHECK(p.width >= 1 && p.height >= 1);
    if (p.external) {
      FUZZ_CHECK(!p.file_name.empty());
      FUZZ_CHECK(p.file_name.find('/') == std::string_view::npos);
      touch(p.file_name);
    } else {
      FUZZ_CHECK(p.png != nullptr && p.png_size >= 8);
      FUZZ_CHECK(p.png >= pack.data() && p.png + p.png_size <= pack.data() + pack.size());
      g_sink = g_sink + p.png[0] + p.png[p.png_size - 1];
    }
  }
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i) {
    const rt::Frame f = pack.frame(i);
    touch(f.name);
    FUZZ_CHECK(pack.frame_name(i) == f.name);
    FUZZ_CHECK(f.page < pack.page_count());
    const rt::Page p = pack.page(f.page);
    FUZZ_CHECK(std::uint64_t(f.x) + f.w <= p.width && std::uint64_t(f.y) + f.h <= p.height);
    FUZZ_CHECK(std::uint64_t(f.trim_x) + f.w <= f.source_w);
    FUZZ_CHECK(std::uint64_t(f.trim_y) + f.h <= f.source_h);
    g_sink = g_sink + std::uint64_t(f.untrimmed_origin_x() + f.untrimmed_origin_y());
    // Lookups return the first match.
    const std::uint32_t found = pack.find_frame(f.name);
    FUZZ_CHECK(found <= i);
    FUZZ_CHECK(pack.frame_name(found) == f.name);
  }
  FUZZ_CHECK(pack.frame_name(spk::kNone).empty());
  for (std::uint32_t i = 0; i < pack.input_count(); ++i) {
    touch(pack.input_name(i));
    FUZZ_CHECK(pack.find_input(pack.input_name(i)) <= i);
  }
  FUZZ_CHECK(pack.input_count() <= spk::kMaxInputs);
  for (std::uint32_t i = 0; i < pack.event_count(); ++i) {
    touch(pack.event_name(i));
    FUZZ_CHECK(pack.find_event(pack.event_name(i)) <= i);
  }
  for (std::uint32_t i = 0; i < pack.step_count(); ++i) {
    const rt::Step s = pack.step(i);
    FUZZ_CHECK(s.ticks >= 1);
    FUZZ_CHECK(s.frame == spk::kNone || s.frame < pack.frame_count());
    FUZZ_CHECK(s.event == spk::kNone || s.event < pack.event_count());
  }
  for (std::uint32_t i = 0; i < pack.transition_count(); ++i) {
    const rt::Transition t = pack.transition(i);
    FUZZ_CHECK(t.to < pack.action_count());
  }
  for (std::uint32_t i = 0; i < pack.action_count(); ++i) {
    const rt::Action a = pack.action(i);
    touch(a.name);
    FUZZ_CHECK(pack.find_action(a.name) <= i);
    FUZZ_CHECK(a.views >= 1 && a.steps_per_view >= 1 && a.loop_from < a.steps_per_view);
    FUZZ_CHECK(a.then_kind != rt::ThenKind::kAction || a.then_action < pack.action_count());
    if (a.then_kind == rt::ThenKind::kAction) touch(pack.action(a.then_action).name);
    for (std::uint32_t v = 0; v < a.views; ++v) {
      for (std::uint32_t k = 0; k < a.steps_per_view; ++k) {
        const rt::Step s = pack.step(a, v, k);
        touch(pack.frame_name(s.frame));
        if (s.event != spk::kNone) touch(rt::event_name(pack, s.event));
        g_sink = g_sink + std::uint64_t(s.move_x) + std::uint64_t(s.move_y) + s.flip;
      }
    }
    for (std::uint32_t t = 0; t < a.transition_count; ++t) {
      const rt::Transition tr = pack.transition(a.first_transition + t);
      touch(pack.action(tr.to).name);
    }
  }
  walk_shapes(pack);
}

// Boxes and points (format 1.2): every range's shapes valid and sorted, and each step's
// merge (runtime/shapes.hpp) equal to a naive one written here from docs/format.md: the
// frame's shapes with the step's own laid over them by (kind, name), then flipped about
// the origin pixel (a box's columns x .. x+w-1 to -x-w+1 .. -x, a point's x to -x).
struct Naive {
  std::uint32_t name;
  rt::ShapeKind kind;
  std::int64_t x, y;
  std::uint32_t w, h;
};

std::vector<Naive> naive_step_shapes(const rt::PackView& pack, std::uint32_t index) {
  const rt::Step st = pack.step(index);
  std::map<std::pair<int, std::uint32_t>, rt::Shape> merged;
  if (!st.blank()) {
    const rt::ShapeRange f = pack.frame_shapes(st.frame);
    for (std::uint32_t i = 0; i < f.count; ++i) {
      const rt::Shape s = pack.shape(f.first + i);
      merged[{int(s.kind), s.name}] = s;
    }
  }
  const rt::ShapeRange own = pack.step_shapes(index);
  for (std::uint32_t i = 0; i < own.count; ++i) {
    const rt::Shape s = pack.shape(own.first + i);
    if (s.removed) {
      merged.erase({int(s.kind), s.name});
    } else {
      merged[{int(s.kind), s.name}] = s;
    }
  }
  std::vector<Naive> out;
  for (const auto& [key, s] : merged) {
    Naive n{s.name, s.kind, s.x, s.y, s.w, s.h};
    const std::int64_t wide = s.w > 0 ? s.w - 1 : 0, tall = s.h > 0 ? s.h - 1 : 0;
    if (st.flip_x()) n.x = -std::int64_t(s.x) - wide;
    if (st.flip_y()) n.y = -std::int64_t(s.y) - tall;
    out.push_back(n);
  }
  return out;
}

void check_range(const rt::PackView& pack, rt::ShapeRange r, bool frame) {
  FUZZ_CHECK(std::uint64_t(r.first) + r.count <= pack.shape_count());
  for (std::uint32_t i = 0; i < r.count; ++i) {
    const rt::Shape s = pack.shape(r.first + i);
    FUZZ_CHECK(s.name < pack.shape_name_count());
    touch(pack.shape_name(s.name));
    FUZZ_CHECK(!(frame && s.removed));
    if (s.removed) {
      FUZZ_CHECK(s.x == 0 && s.y == 0 && s.w == 0 && s.h == 0);
    } else if (s.kind == rt::ShapeKind::kBox) {
      FUZZ_CHECK(s.w >= 1 && s.h >= 1 && s.w <= std::uint32_t(rt::kMaxShapeCoordinate));
    } else {
      FUZZ_CHECK(s.kind == rt::ShapeKind::kPoint && s.w == 0 && s.h == 0);
    }
    if (i > 0) {
      const rt::Shape prev = pack.shape(r.first + i - 1);
      FUZZ_CHECK(prev.kind < s.kind || (prev.kind == s.kind && prev.name < s.name));
    }
  }
}

void walk_shapes(const rt::PackView& pack) {
  for (std::uint32_t i = 0; i < pack.shape_name_count(); ++i) {
    touch(pack.shape_name(i));
    FUZZ_CHECK(pack.find_shape_name(pack.shape_name(i)) <= i);
  }
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i)
    check_range(pack, pack.frame_shapes(i), true);
  for (std::uint32_t i = 0; i < pack.step_count(); ++i) {
    check_range(pack, pack.step_shapes(i), false);
    const std::vector<Naive> want = naive_step_shapes(pack, i);
    std::size_t k = 0;
    rt::for_each_step_shape(pack, i, [&](const rt::LocalShape& s) {
      FUZZ_CHECK(k < want.size());
      const Naive& n = want[k++];
      FUZZ_CHECK(s.name == n.name && s.kind == n.kind && s.x == n.x && s.y == n.y && s.w == n.w &&
                 s.h == n.h);
    });
    FUZZ_CHECK(k == want.size());
  }
}

// The player's invariants after every call: a live actor plays a valid action, shows a
// valid step of a valid view, and an event buffer never holds more than its capacity.
void check_actor(const rt::PackView& pack, const rt::ActorState& st,
                 const rt::EventBuffer& events) {
  FUZZ_CHECK(events.count <= rt::EventBuffer::kCapacity);
  for (std::size_t e = 0; e < events.count; ++e) {
    const std::uint32_t code = events.codes[e];
    FUZZ_CHECK(code < pack.event_count() || code == rt::kEventFinished ||
               code == rt::kEventDestroyed);
    touch(rt::event_name(pack, code));
  }
  FUZZ_CHECK(st.action < pack.action_count());
  const rt::Action a = pack.action(st.action);
  FUZZ_CHECK(st.view < a.views);
  FUZZ_CHECK(st.step < a.steps_per_view);
  FUZZ_CHECK(st.played < a.steps_per_view);
  FUZZ_CHECK(st.angle >= 0 && st.angle < 360);
  const rt::ActorView view = rt::describe(pack, st);
  touch(view.action);
  touch(view.frame);
  // A layered master draws its order's `self` entries (no piece equipped): each a frame of
  // its own, never out of range.
  static const rt::Equipment nothing;
  rt::for_each_layer(pack, st, nothing, [&](const rt::Layer& l) {
    FUZZ_CHECK(l.pack == &pack && l.step < pack.step_count() && l.frame < pack.frame_count());
    touch(rt::slot_name(pack, l.slot));
  });
}

// Layered packs (1.3): every order entry is a slot, self or the row's end; a master is no
// piece of itself, and a piece fits no master that is not layered.
void walk_layers(const rt::PackView& pack) {
  for (std::uint32_t i = 0; i < pack.slot_count(); ++i)
    touch(pack.slot_name(i));
  for (std::uint32_t v = 0; v < pack.layer_views(); ++v) {
    for (std::uint32_t k = 0; k <= pack.slot_count(); ++k) {
      const std::uint32_t e = pack.layer_entry(v, k);
      FUZZ_CHECK(e < pack.slot_count() || e == spk::kLayerSelf || e == rt::kNone);
    }
  }
  if (pack.layered() || pack.piece()) {
    const rt::PieceCheck c = rt::check_piece(rt::PackIndex(pack), pack);
    FUZZ_CHECK(c.mismatch ==
               (pack.layered() ? rt::PieceMismatch::kNotPiece : rt::PieceMismatch::kNotLayered));
  }
}

void play(const rt::PackView& pack) {
  walk_layers(pack);
  const std::int64_t angles[] = {0, 181, -30};
  const std::int32_t speeds[] = {1000, 250, 3500};
  const std::uint32_t played = std::min(pack.action_count(), kMaxPlayed);
  for (std::uint32_t ai = 0; ai < played; ++ai) {
    for (std::int64_t angle : angles) {
      for (std::int32_t speed : speeds) {
        rt::ActorState st;
        rt::EventBuffer events;
        rt::set_angle(pack, st, angle);
        rt::set_speed(st, speed);
        rt::start(pack, st, ai, /*restart=*/false, events);
        check_actor(pack, st, events);
        for (int t = 1; t <= kTicks && !st.destroyed; ++t) {
          events.clear();
          // Inputs toggle in a pattern that visits held and released for every bit.
          if (t % 17 == 0) st.inputs = ~st.inputs;
          if (t % 29 == 0) rt::press(st, std::uint64_t(1) << (t % 64));
          if (t % 31 == 0) rt::release(st, std::uint64_t(0x5555555555555555));
          if (t % 50 == 0) rt::set_angle(pack, st, angle + t);
          // Half speed, then paused (a negative speed acts as 0), then back.
          if (t == kTicks / 2) rt::set_speed(st, speed / 2);
          if (t == kTicks * 3 / 4) rt::set_speed(st, -5);
          if (t == kTicks * 7 / 8) rt::set_speed(st, speed);
          if (t % 97 == 0) {
            rt::start(pack, st, (st.action + 1) % pack.action_count(), t % 2 == 0, events);
          }
          rt::tick(pack, st, events);
          check_actor(pack, st, events);
        }
      }
    }
  }
}

void inspect(const rt::PackView& pack) {
  // Exactly what `spritec inspect --json` prints: names in a pack need not be UTF-8, and
  // the CLI replaces bad bytes instead of throwing (docs/fuzzing.md, finding 1, fixed).
  const std::string text =
      fmt::inspect_json(pack).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  FUZZ_CHECK(!text.empty());
  const std::string summary = fmt::inspect_text(pack);
  FUZZ_CHECK(!summary.empty());
  // `export --format spritec-json`'s document: every accepted pack is written whole, names
  // with bad bytes replaced, and it is JSON.
  const std::string whole = spritec::exporter::spritec_json(pack, "fuzz");
  FUZZ_CHECK(!nlohmann::json::parse(whole, nullptr, false).is_discarded());
}

// write_spk documents that when/unless come back as sets: sorted by name, duplicates merged.
fmt::PackModel as_sets(fmt::PackModel m) {
  for (fmt::ActionModel& a : m.actions) {
    for (fmt::TransitionModel& t : a.transitions) {
      for (std::vector<std::string>* list : {&t.when, &t.unless}) {
        std::sort(list->begin(), list->end());
        list->erase(std::unique(list->begin(), list->end()), list->end());
      }
    }
  }
  return m;
}

void round_trip(const rt::PackView& pack) {
  const fmt::PackModel model = as_sets(fmt::read_model(pack));
  const auto written = fmt::write_spk(model);
  if (!written) {
    FUZZ_CHECK(!written.error.message.empty());
    return;  // a model the writer refuses (duplicate names, empty input names, …)
  }
  const std::vector<std::uint8_t>& bytes = written.value;
  rt::PackView again;
  const rt::ParseResult r = rt::parse_pack(bytes.data(), bytes.size(), again);
  FUZZ_CHECK(r.ok());
  const fmt::PackModel model2 = fmt::read_model(again);
  FUZZ_CHECK(model2 == model);
  const auto again_written = fmt::write_spk(model2);
  FUZZ_CHECK(again_written.ok() && again_written.value == bytes);
}

// --- the inverse: a valid model derived from the bytes ------------------------------------

// Takes bounded values from the input; returns 0 once the bytes run out.
class ByteSource {
 public:
  ByteSource(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}
  // A value in [0, bound), bound >= 1.
  std::uint32_t take(std::uint32_t bound) {
    std::uint32_t v = 0;
    for (std::uint32_t range = 1; range < bound && n_ != 0; range <<= 8) {
      v = (v << 8) | *p_++;
      --n_;
    }
    return v % bound;
  }
  std::int32_t take_signed(std::int32_t radius) {
    return std::int32_t(take(std::uint32_t(2 * radius + 1))) - radius;
  }
  bool take_bool() { return take(2) == 1; }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

// A frame's or step's boxes and points: each (kind, name) of a small pool at most once,
// in (kind, name) order; removals on steps only.
std::vector<fmt::ShapeModel> shapes_from_bytes(ByteSource& in, bool removals) {
  static const char* const kNames[] = {"hand", "hit", "hurt", "tip"};  // sorted by bytes
  std::vector<fmt::ShapeModel> out;
  for (rt::ShapeKind kind : {rt::ShapeKind::kBox, rt::ShapeKind::kPoint}) {
    for (const char* name : kNames) {
      const std::uint32_t what = in.take(removals ? 4 : 3);
      if (what == 0) continue;
      fmt::ShapeModel s;
      s.name = name;
      s.kind = kind;
      if (what == 3) {
        s.removed = true;
      } else {
        s.x = in.take_signed(40);
        s.y = in.take_signed(40);
        if (kind == rt::ShapeKind::kBox) {
          s.w = 1 + in.take(24);
          s.h = 1 + in.take(24);
        }
      }
      out.push_back(std::move(s));
    }
  }
  return out;
}

// Every model this builds is valid by construction: write_spk must accept it. Per step
// index, ticks and event agree across views (a compile-time rule of DESIGN.md section 3);
// input names come from a pool sorted by bytes, so when/unless lists read back unchanged.
fmt::PackModel model_from_bytes(ByteSource& in) {
  static const char* const kInputs[] = {"a", "b", "c", "move"};
  static const char* const kEvents[] = {"", "hit", "step"};
  fmt::PackModel m;
  m.tick_rate = 1 + in.take(240);
  const std::uint32_t pages = 1 + in.take(2);
  for (std::uint32_t i = 0; i < pages; ++i) {
    fmt::PageModel p;
    p.width = 1 + in.take(64);
    p.height = 1 + in.take(64);
    if (in.take_bool()) {
      p.file = "page" + std::to_string(i) + ".png";
    } else {
      p.png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
      p.png.resize(8 + in.take(9), 0);
    }
    m.pages.push_back(std::move(p));
  }
  const std::uint32_t frames = in.take(7);
  for (std::uint32_t i = 0; i < frames; ++i) {
    fmt::FrameModel f;
    f.name = "f" + std::to_string(i);
    f.page = in.take(pages);
    const fmt::PageModel& p = m.pages[f.page];
    f.x = in.take(p.width);
    f.w = in.take(p.width - f.x + 1);
    f.y = in.take(p.height);
    f.h = in.take(p.height - f.y + 1);
    f.source_w = f.w + in.take(8);
    f.source_h = f.h + in.take(8);
    f.trim_x = in.take(f.source_w - f.w + 1);
    f.trim_y = in.take(f.source_h - f.h + 1);
    f.origin_x = in.take_signed(40);
    f.origin_y = in.take_signed(40);
    m.frames.push_back(std::move(f));
  }
  const std::uint32_t actions = 1 + in.take(4);
  for (std::uint32_t i = 0; i < actions; ++i) {
    fmt::ActionModel a;
    a.name = "act" + std::to_string(i);
    a.views = 1 + in.take(8);
    a.first_view = in.take_signed(360);
    const std::uint32_t n = 1 + in.take(6);
    std::vector<std::uint32_t> ticks(n);
    std::vector<std::string> events(n);
    for (std::uint32_t k = 0; k < n; ++k) {
      ticks[k] = 1 + in.take(12);
      events[k] = kEvents[in.take(3)];
    }
    a.steps.resize(a.views);
    for (std::uint32_t v = 0; v < a.views; ++v) {
      for (std::uint32_t k = 0; k < n; ++k) {
        fmt::StepModel s;
        const std::uint32_t f = in.take(frames + 1);
        if (f < frames) s.frame = m.frames[f].name;
        s.ticks = ticks[k];
        s.event = events[k];
        s.flip_x = in.take_bool();
        s.flip_y = in.take_bool();
        s.move_x = in.take_signed(4);
        s.move_y = in.take_signed(4);
        a.steps[v].push_back(std::move(s));
      }
    }
    a.mode = static_cast<fmt::Mode>(in.take(3));
    a.loop_from = in.take(n);
    a.repeat = in.take(4);
    a.then = static_cast<fmt::ThenKind>(in.take(3));
    if (a.then == fmt::ThenKind::kAction) a.then_action = "act" + std::to_string(in.take(actions));
    a.reverse = in.take_bool();
    const std::uint32_t rules = in.take(4);
    for (std::uint32_t r = 0; r < rules; ++r) {
      fmt::TransitionModel t;
      t.to = "act" + std::to_string(in.take(actions));
      for (const char* input : kInputs) {
        switch (in.take(3)) {
          case 1:
            t.when.push_back(input);
            break;
          case 2:
            t.unless.push_back(input);
            break;
          default:
            break;
        }
      }
      t.immediate = in.take(4) == 0;
      a.transitions.push_back(std::move(t));
    }
    m.actions.push_back(std::move(a));
  }
  // Last, so the bytes of older corpus entries still give the models they gave: the pages'
  // alpha (format 1.1's ALPH section when either is set).
  m.premultiplied = in.take_bool();
  m.bled = in.take_bool();
  // Then boxes and points (format 1.2), sorted by (kind, name) as read_model gives them back.
  for (fmt::FrameModel& f : m.frames)
    f.shapes = shapes_from_bytes(in, false);
  for (fmt::ActionModel& a : m.actions) {
    for (auto& view : a.steps) {
      for (fmt::StepModel& s : view)
        s.shapes = shapes_from_bytes(in, true);
    }
  }
  return m;
}

// DESIGN.md section 3, checked tick by tick on an action that never finishes nor switches
// and whose consecutive steps differ (loop with loop_from != n-1, or pingpong with n >= 2;
// repeat 0; no transitions), at speed 1 and a fixed angle:
// - each step is shown for exactly its ticks (counting the state right after start());
// - steps follow the mode's played order (loop: ..., n-1, loop_from, ...; pingpong:
//   0..n-1..0..., end steps not repeated), reported as list indices (reversed if reverse);
// - entering a step raises its event;
// - the position changes only when a step ends, by that step's move (forward), or when a
//   step is entered, by minus its move (reverse).
void check_timing(const rt::PackView& pack, std::uint32_t index) {
  const rt::Action a = pack.action(index);
  const std::uint32_t n = a.steps_per_view;
  const bool loop_ok = a.mode == rt::Mode::kLoop && n >= 2 && a.loop_from != n - 1;
  const bool pingpong_ok = a.mode == rt::Mode::kPingpong && n >= 2;
  if (!(loop_ok || pingpong_ok) || a.repeat != 0 || a.transition_count != 0) return;

  rt::ActorState st;
  rt::EventBuffer events;
  rt::set_angle(pack, st, 135);
  rt::start(pack, st, index, /*restart=*/false, events);
  const std::uint32_t view = st.view;
  auto played_of = [&](std::uint32_t step) { return a.reverse ? n - 1 - step : step; };
  FUZZ_CHECK(played_of(st.step) == 0);
  std::uint32_t shown = 1;  // observations of the current step so far
  bool backward = false;
  double x = st.x, y = st.y;
  if (a.reverse) {
    const rt::Step s = pack.step(a, view, st.step);
    FUZZ_CHECK(x == -double(s.move_x) && y == -double(s.move_y));
  }
  for (int t = 1; t <= 400; ++t) {
    const std::uint32_t before = st.step;
    events.clear();
    rt::tick(pack, st, events);
    FUZZ_CHECK(!st.destroyed && !st.holding && st.action == index && st.view == view);
    if (st.step == before) {
      ++shown;
      FUZZ_CHECK(events.count == 0);
      FUZZ_CHECK(st.x == x && st.y == y);
      continue;
    }
    const rt::Step old_step = pack.step(a, view, before);
    const rt::Step new_step = pack.step(a, view, st.step);
    FUZZ_CHECK(shown == old_step.ticks);
    // The played order.
    const std::uint32_t p = played_of(before);
    std::uint32_t expected = 0;
    if (a.mode == rt::Mode::kLoop) {
      expected = p + 1 == n ? a.loop_from : p + 1;
    } else {
      if (!backward && p + 1 == n) backward = true;
      if (backward && p == 0) backward = false;
      expected = backward ? p - 1 : p + 1;
    }
    FUZZ_CHECK(played_of(st.step) == expected);
    // Events: exactly the entered step's.
    if (new_step.event == spk::kNone) {
      FUZZ_CHECK(events.count == 0);
    } else {
      FUZZ_CHECK(events.count == 1 && events.codes[0] == new_step.event);
    }
    // Root motion.
    const double dx = a.reverse ? -double(new_step.move_x) : double(old_step.move_x);
    const double dy = a.reverse ? -double(new_step.move_y) : double(old_step.move_y);
    FUZZ_CHECK(st.x == x + dx && st.y == y + dy);
    x = st.x;
    y = st.y;
    shown = 1;
  }
}

void from_model(const std::uint8_t* data, std::size_t size) {
  ByteSource in(data, size);
  const fmt::PackModel model = model_from_bytes(in);
  const auto written = fmt::write_spk(model);
  if (!written) {
    std::fprintf(stderr, "write_spk refused a valid model: %s\n", written.error.message.c_str());
  }
  FUZZ_CHECK(written.ok());
  const std::vector<std::uint8_t>& bytes = written.value;
  rt::PackView pack;
  const rt::ParseResult r = rt::parse_pack(bytes.data(), bytes.size(), pack);
  FUZZ_CHECK(r.ok());
  FUZZ_CHECK(fmt::read_model(pack) == model);
  walk(pack);
  play(pack);
  for (std::uint32_t i = 0; i < pack.action_count(); ++i)
    check_timing(pack, i);
  inspect(pack);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  rt::PackView pack;
  rt::ParseOptions options;
  options.verify_checksum = false;
  const rt::ParseResult r = rt::parse_pack(data, size, pack, options);
  if (!r.ok()) {
    FUZZ_CHECK(r.offset <= size);
    FUZZ_CHECK(r.message != nullptr && r.message[0] != '\0');
    FUZZ_CHECK(pack.action_count() == 0 && pack.frame_count() == 0);
    // Bytes that are not a pack drive the inverse: a model built from them.
    from_model(data, size);
    return 0;
  }
  walk(pack);
  play(pack);
  inspect(pack);
  round_trip(pack);
  return 0;
}
