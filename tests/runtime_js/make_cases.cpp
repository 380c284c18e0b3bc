// make_cases: the generator of the JavaScript runtime's differential test (issue 27). For a
// seed S and a count N it writes N cases as JSON lines, case k from its own seed S + k, so a
// case is rebuilt alone by `make_cases --seed S+k --count 1`. Each case is a random valid
// pack (and, for a layered master, random equipment pieces) as spritec-json, a random
// script of calls (play, angle, inputs, speed, position, equip) before random ticks, and
// what the C++ player (lib/runtime: player.hpp, shapes.hpp, layers.hpp, the reference) did
// tick by tick. tests/runtime_js/differential.mjs plays the same script with the JS Actor
// and compares every tick.
//
// Deterministic by construction: one PRNG of our own (splitmix64), no std::random_device,
// no std:: distributions (their outputs differ between standard libraries), no clock.
//
// A case, one line:
//   {"seed": "S", "pack": <spritec-json>, "pieces": [{"pack": <spritec-json>, "check": C}],
//    "init": {"action": A|null, "angle": N, "x": X, "y": Y, "speed": T|null, "gear": [k]},
//    "ticks": [{"o": [op…], "p": [events, dropped, finished], "r": R or "d": {…}}, …]}
// where S is the case's seed in decimal (any 64-bit seed, exactly), an action or input is an
// index or a name, C is check_piece()'s answer
// {"mismatch": "fits"|"not-layered"|…, "slot": NAME|null, "timing": ACTION NAME|null}, and
// before tick t the ops of ticks[t].o are applied in order:
//   ["play", A, restart]  ["angle", N]  ["hold", INPUT, down]  ["release_all"]
//   ["speed", T] (thousandths)  ["speed_x", T] (the multiplier T / 1000)
//   ["place", X, Y]  ["equip", k]  ["unequip", SLOT]  ["advance"] (drive this tick by
//   advance(1000 / tick_rate) instead of tick())
// "p" (tick 0, and every tick with ops) is the event buffer after the calls (the actor's
// buffer is cleared when a tick starts; play() adds to it): [events, dropped, finished].
// After the tick, tick 0 has the whole state "r": R; every later tick "d", the fields of R
// that changed since the tick before, as {"index": value}. R is:
//   [action, step, view, frame, flip, x, y, countdown, played, cycles, flags, changed,
//    events, dropped, shapes, layers, angle, speed, inputs]
// with action/frame -1 for none/blank, flip 0..3 (bit 0 x, bit 1 y), flags bit 0 backward,
// 1 holding, 2 destroyed, 3 finished raised; changed = tick()'s result; events the codes
// (pack event indices, "finished", "destroyed"); shapes [[kind 0 box|1 point, name, x, y,
// w, h]…] (for_each_shape); layers [[slot (-2 self), pack (0 master, k + 1 piece k), step
// record, frame, flip, and for a piece's layer its step's shapes]…] (for_each_layer,
// for_each_step_shape); angle 0..359 and speed (thousandths) as the
// actor keeps them; inputs the held bits as 16 hex digits.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "spritec/export/export.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/runtime/layers.hpp"
#include "spritec/runtime/pack_index.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/shapes.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace {

namespace rt = spritec::runtime;
namespace fm = spritec::format;
using Json = nlohmann::json;

// --- the PRNG -------------------------------------------------------------------------------

// splitmix64 (Steele, Lea, Flood 2014): the same numbers on every machine and compiler.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in 0 .. n - 1 (n >= 1); the modulo bias is irrelevant for a test's choices.
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  std::int64_t range(std::int64_t lo, std::int64_t hi) {
    return lo + std::int64_t(below(std::uint64_t(hi - lo) + 1));
  }
  bool one_in(std::uint64_t n) { return below(n) == 0; }
  // A double with all 53 bits random in [lo, hi).
  double real(double lo, double hi) {
    return lo + double(next() >> 11) * (1.0 / 9007199254740992.0) * (hi - lo);
  }

 private:
  std::uint64_t state_;
};

// --- packs ----------------------------------------------------------------------------------

// The names a pack may use: shape names, events and inputs are drawn from these pools.
struct Pools {
  std::vector<std::string> shapes, events, inputs;
  std::string action_prefix;
};

Pools make_pools(Rng& r) {
  Pools p;
  const auto fill = [](std::vector<std::string>& v, const char* prefix, std::int64_t n) {
    for (std::int64_t i = 0; i < n; ++i)
      v.push_back(prefix + std::to_string(i));
  };
  // Now and then names beyond ASCII (UTF-8 in the pack, UTF-16 in JavaScript), looked up by
  // name in both.
  const bool ascii = !r.one_in(4);
  fill(p.shapes, ascii ? "g" : "ğ", r.range(1, 5));
  fill(p.events, ascii ? "e" : "é\u00a0", r.range(1, 6));
  // Mostly a few inputs; sometimes all 64, so that bits 32..63 are used too.
  fill(p.inputs, ascii ? "in" : "ïn😀", r.one_in(5) ? 64 : r.range(1, 5));
  p.action_prefix = ascii ? "act" : "ação ";
  return p;
}

template <typename T>
const T& pick(Rng& r, const std::vector<T>& v) {
  return v[r.below(v.size())];
}

// Up to `most` boxes and points with distinct (kind, name); removals when `removals`.
std::vector<fm::ShapeModel> make_shapes(Rng& r, const Pools& pools, int most, bool removals) {
  std::vector<fm::ShapeModel> out;
  const std::int64_t n = r.range(0, most);
  for (std::int64_t i = 0; i < n; ++i) {
    fm::ShapeModel s;
    s.kind = r.one_in(2) ? rt::ShapeKind::kBox : rt::ShapeKind::kPoint;
    s.name = pick(r, pools.shapes);
    bool taken = false;
    for (const fm::ShapeModel& o : out)
      taken = taken || (o.kind == s.kind && o.name == s.name);
    if (taken) continue;
    if (removals && r.one_in(3)) {
      s.removed = true;
    } else {
      const std::int32_t reach = r.one_in(20) ? (1 << 26) : 40;
      s.x = std::int32_t(r.range(-reach, reach));
      s.y = std::int32_t(r.range(-reach, reach));
      if (s.kind == rt::ShapeKind::kBox) {
        s.w = std::uint32_t(r.range(1, r.one_in(20) ? (1 << 26) : 30));
        s.h = std::uint32_t(r.range(1, 30));
      }
    }
    out.push_back(s);
  }
  return out;
}

void make_pages_and_frames(Rng& r, const Pools& pools, const std::string& prefix,
                           fm::PackModel& m) {
  const std::int64_t pages = r.range(1, 2);
  for (std::int64_t i = 0; i < pages; ++i) {
    fm::PageModel p;
    p.width = 256;
    p.height = 256;
    p.file = prefix + "p" + std::to_string(i) + ".png";
    m.pages.push_back(p);
  }
  const std::int64_t frames = r.range(1, 10);
  for (std::int64_t i = 0; i < frames; ++i) {
    fm::FrameModel f;
    f.name = prefix + "f" + std::to_string(i);
    f.page = std::uint32_t(r.below(m.pages.size()));
    const bool empty = r.one_in(15);  // a fully transparent frame: 0 x 0
    f.w = empty ? 0 : std::uint32_t(r.range(1, 32));
    f.h = empty ? 0 : std::uint32_t(r.range(1, 32));
    f.x = std::uint32_t(r.range(0, 256 - f.w));
    f.y = std::uint32_t(r.range(0, 256 - f.h));
    f.trim_x = std::uint32_t(r.range(0, 4));
    f.trim_y = std::uint32_t(r.range(0, 4));
    f.source_w = f.w + f.trim_x + std::uint32_t(r.range(0, 4));
    f.source_h = f.h + f.trim_y + std::uint32_t(r.range(0, 4));
    f.origin_x = std::int32_t(r.range(-8, 40));
    f.origin_y = std::int32_t(r.range(-8, 40));
    if (r.one_in(2)) {
      f.shapes = make_shapes(r, pools, 3, false);
    } else if (r.one_in(10)) {  // far origins (with no shapes, which must lie within 2^28)
      f.origin_x = std::int32_t(r.range(INT32_MIN / 2, INT32_MAX / 2));
      f.origin_y = std::int32_t(r.range(INT32_MIN / 2, INT32_MAX / 2));
    }
    m.frames.push_back(f);
  }
}

fm::StepModel make_step(Rng& r, const Pools& pools, const fm::PackModel& m) {
  fm::StepModel s;
  bool far = false;  // a frame with a far origin: no shapes of the step's own, as for it
  if (!r.one_in(8)) {
    const fm::FrameModel& f = pick(r, m.frames);
    s.frame = f.name;
    far = std::abs(f.origin_x) > (1 << 27) || std::abs(f.origin_y) > (1 << 27);
  }
  s.ticks = std::uint32_t(r.range(1, 10));
  if (r.one_in(100)) s.ticks = std::uint32_t(r.range(11, 100000));
  if (r.one_in(2000)) s.ticks = 0xFFFFFFFFu;
  s.flip_x = r.one_in(4);
  s.flip_y = r.one_in(6);
  if (r.one_in(4)) s.event = pick(r, pools.events);
  if (r.one_in(2)) {
    s.move_x = std::int32_t(r.range(-5, 5));
    s.move_y = std::int32_t(r.range(-5, 5));
  }
  if (r.one_in(50)) {
    s.move_x = std::int32_t(r.range(INT32_MIN, INT32_MAX));
    s.move_y = std::int32_t(r.range(INT32_MIN, INT32_MAX));
  }
  if (r.one_in(4) && !far) s.shapes = make_shapes(r, pools, 3, true);
  return s;
}

std::vector<std::string> some_inputs(Rng& r, const Pools& pools) {
  std::vector<std::string> out;
  const std::int64_t n = r.one_in(2) ? r.range(0, 1) : r.range(0, 3);
  for (std::int64_t i = 0; i < n; ++i)
    out.push_back(pick(r, pools.inputs));
  return out;
}

std::int32_t make_first_view(Rng& r) {
  if (r.one_in(30)) return std::int32_t(r.range(INT32_MIN, INT32_MAX));
  return r.one_in(2) ? std::int32_t(r.range(-720, 720)) : std::int32_t(45 * r.range(-8, 8));
}

std::uint32_t make_views(Rng& r) {
  if (r.one_in(200)) return std::uint32_t(r.range(9, 100));  // rare: many views
  static const std::uint32_t kViews[] = {1, 1, 1, 2, 3, 4, 4, 5, 6, 7, 8, 8};
  return kViews[r.below(sizeof kViews / sizeof kViews[0])];
}

// The action's rules (no steps yet); `names` are every action's names.
fm::ActionModel make_rules(Rng& r, const Pools& pools, const std::vector<std::string>& names,
                           std::size_t i, std::uint32_t views) {
  fm::ActionModel a;
  a.name = names[i];
  a.views = views;
  a.first_view = make_first_view(r);
  a.mode = static_cast<rt::Mode>(r.below(3));
  a.reverse = r.one_in(4);
  a.repeat = r.one_in(3) ? std::uint32_t(r.range(1, 3)) : 0;
  a.then = static_cast<rt::ThenKind>(r.below(3));
  if (a.then == rt::ThenKind::kAction) a.then_action = pick(r, names);
  const std::int64_t rules = r.one_in(3) ? 0 : r.range(1, 3);
  for (std::int64_t t = 0; t < rules; ++t) {
    fm::TransitionModel tr;
    tr.to = pick(r, names);
    tr.when = some_inputs(r, pools);
    tr.unless = r.one_in(3) ? some_inputs(r, pools) : std::vector<std::string>{};
    tr.immediate = r.one_in(3);
    a.transitions.push_back(tr);
  }
  return a;
}

void make_actions(Rng& r, const Pools& pools, std::uint32_t layered_views, fm::PackModel& m) {
  std::vector<std::string> names;
  const std::int64_t count = r.range(1, 6);
  for (std::int64_t i = 0; i < count; ++i)
    names.push_back(pools.action_prefix + std::to_string(i));
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::uint32_t views = layered_views != 0 ? layered_views : make_views(r);
    fm::ActionModel a = make_rules(r, pools, names, i, views);
    const std::int64_t steps = r.range(1, 6);
    a.loop_from = r.one_in(3) ? std::uint32_t(r.below(std::uint64_t(steps))) : 0;
    a.steps.resize(views);
    for (auto& view : a.steps) {
      for (std::int64_t s = 0; s < steps; ++s)
        view.push_back(make_step(r, pools, m));
    }
    m.actions.push_back(a);
  }
  // A pack's inputs are the names its rules use: with the pool of 64, one rule names them
  // all (it matches only while all 64 are held), so that the others' bits reach 32..63.
  if (pools.inputs.size() == 64) {
    fm::TransitionModel all;
    all.to = names[0];
    all.when = pools.inputs;
    m.actions[0].transitions.push_back(all);
  }
}

std::uint32_t make_tick_rate(Rng& r) {
  static const std::uint32_t kRates[] = {60, 60, 60, 24, 12, 30, 25, 7, 1000};
  return kRates[r.below(sizeof kRates / sizeof kRates[0])];
}

// A layered master's slots and per-view draw order (a random subset of its slots and self,
// in random order).
void make_layers(Rng& r, std::uint32_t views, fm::PackModel& m) {
  const std::int64_t slots = r.range(1, 4);
  for (std::int64_t i = 0; i < slots; ++i)
    m.layers.slots.push_back("slot" + std::to_string(i));
  for (std::uint32_t v = 0; v < views; ++v) {
    std::vector<std::string> all = m.layers.slots;
    all.push_back("self");
    std::vector<std::string> row;
    while (!all.empty()) {
      const std::size_t k = r.below(all.size());
      if (!r.one_in(5)) row.push_back(all[k]);
      all.erase(all.begin() + std::ptrdiff_t(k));
    }
    m.layers.order.push_back(row);
  }
}

fm::PackModel make_pack(Rng& r, const Pools& pools, bool layered) {
  fm::PackModel m;
  m.tick_rate = make_tick_rate(r);
  make_pages_and_frames(r, pools, "", m);
  const std::uint32_t views = layered ? make_views(r) : 0;
  make_actions(r, pools, views, m);
  if (layered) make_layers(r, views, m);
  return m;
}

// An equipment piece for `master`: mostly one that fits (some of the master's actions, same
// views and steps; its own frames and flips; the master's ticks and events or, sometimes,
// its own), sometimes one that does not, so that check_piece's every answer is compared.
fm::PackModel make_piece(Rng& r, const Pools& pools, const fm::PackModel& master) {
  fm::PackModel p;
  p.tick_rate = r.one_in(8) ? make_tick_rate(r) : master.tick_rate;
  make_pages_and_frames(r, pools, "piece_", p);
  const bool broken = r.one_in(6);
  p.layers.slot = master.layers.slots.empty() ? "slot0" : pick(r, master.layers.slots);
  if (broken && r.one_in(3)) p.layers.slot = r.one_in(2) ? "nowhere" : "";
  const bool own_timing = r.one_in(5);
  for (const fm::ActionModel& ma : master.actions) {
    if (r.one_in(4)) continue;
    fm::ActionModel a;
    a.name = ma.name;
    a.views = ma.views;
    std::size_t steps = ma.steps[0].size();
    if (broken && r.one_in(3)) {
      if (r.one_in(2))
        a.views += 1;
      else
        steps += 1;
    }
    a.steps.resize(a.views);
    for (std::uint32_t v = 0; v < a.views; ++v) {
      for (std::size_t s = 0; s < steps; ++s) {
        fm::StepModel st = make_step(r, pools, p);
        if (!own_timing && v < ma.views && s < ma.steps[v].size()) {
          st.ticks = ma.steps[v][s].ticks;
          st.event = ma.steps[v][s].event;
        }
        a.steps[v].push_back(st);
      }
    }
    p.actions.push_back(a);
  }
  if (p.actions.empty() || (broken && r.one_in(3))) {
    fm::ActionModel extra;
    extra.name = p.actions.empty() ? master.actions[0].name : "not_in_master";
    extra.views = master.actions[0].views;
    extra.steps.assign(extra.views, std::vector<fm::StepModel>(master.actions[0].steps[0].size(),
                                                               make_step(r, pools, p)));
    p.actions.push_back(extra);
  }
  return p;
}

// --- a pack written, parsed and exported ----------------------------------------------------

struct LoadedPack {
  std::vector<std::uint8_t> bytes;
  rt::PackView view;  // points into bytes: a LoadedPack stays where it was made (heap)
  Json json;          // the spritec-json document
};

std::unique_ptr<LoadedPack> load(const fm::PackModel& m, std::uint64_t seed) {
  auto written = fm::write_spk(m);
  if (!written.ok()) {
    std::fprintf(stderr, "make_cases: seed %llu: the generated pack is invalid: %s\n",
                 static_cast<unsigned long long>(seed), written.error.message.c_str());
    std::exit(2);
  }
  auto p = std::make_unique<LoadedPack>();
  p->bytes = std::move(written.value);
  if (!rt::parse_pack(p->bytes.data(), p->bytes.size(), p->view).ok()) {
    std::fprintf(stderr, "make_cases: seed %llu: the written pack does not parse\n",
                 static_cast<unsigned long long>(seed));
    std::exit(2);
  }
  p->json = Json::parse(spritec::exporter::spritec_json(p->view, "case"));
  return p;
}

const char* mismatch_name(rt::PieceMismatch m) {
  switch (m) {
    case rt::PieceMismatch::kFits:
      return "fits";
    case rt::PieceMismatch::kNotLayered:
      return "not-layered";
    case rt::PieceMismatch::kNotPiece:
      return "not-piece";
    case rt::PieceMismatch::kUnknownSlot:
      return "unknown-slot";
    case rt::PieceMismatch::kAction:
      return "action";
    case rt::PieceMismatch::kViews:
      return "views";
    case rt::PieceMismatch::kSteps:
      return "steps";
  }
  return "?";
}

// --- playing a case with the C++ player -----------------------------------------------------

// The actor's event buffer as the JS Actor keeps it: cleared when a tick starts, added to by
// the calls before it; `finished` says whether finished was raised (kept or not).
struct Events {
  rt::EventBuffer buf;
  bool finished = false;
  void clear() {
    buf.clear();
    finished = false;
  }
  void operator()(std::uint32_t code) {
    buf(code);
    if (code == rt::kEventFinished) finished = true;
  }
};

Json event_list(const Events& ev) {
  Json out = Json::array();
  for (std::size_t i = 0; i < ev.buf.count; ++i) {
    const std::uint32_t c = ev.buf.codes[i];
    if (c == rt::kEventFinished) {
      out.push_back("finished");
    } else if (c == rt::kEventDestroyed) {
      out.push_back("destroyed");
    } else {
      out.push_back(c);
    }
  }
  return out;
}

struct Case {
  std::uint64_t seed = 0;
  std::unique_ptr<LoadedPack> master;
  std::vector<std::unique_ptr<LoadedPack>> pieces;
  rt::PackIndex index;
  std::vector<rt::Piece> bound;
  std::vector<std::size_t> fitting;  // the pieces that fit, by index
  // The inputs the pack's transitions name (when or unless), each once: the script holds
  // and releases these often, so that rules over 64 inputs match as often as over a few.
  std::vector<std::uint32_t> rule_inputs;
  rt::ActorState st;
  rt::Equipment gear;
  Events ev;
  std::int64_t rate_of_ops = 6;      // a tick has ops once in this many
  std::int64_t rate_of_advance = 0;  // a tick is driven by advance() once in this many (0 never)
  bool restore_speed = false;        // the last tick set an extreme speed: set 1000 now
};

Json shape_json(const rt::LocalShape& s) {
  return {s.kind == rt::ShapeKind::kBox ? 0 : 1, s.name, s.x, s.y, s.w, s.h};
}

Json shapes_of(const Case& c) {
  Json out = Json::array();
  rt::for_each_shape(c.master->view, c.st,
                     [&](const rt::LocalShape& s) { out.push_back(shape_json(s)); });
  return out;
}

// A piece's layer's boxes and points (its step record's, for_each_step_shape).
Json step_shapes(const rt::PackView& pack, std::uint32_t step) {
  Json out = Json::array();
  rt::for_each_step_shape(pack, step,
                          [&](const rt::LocalShape& s) { out.push_back(shape_json(s)); });
  return out;
}

Json layers_of(const Case& c) {
  Json out = Json::array();
  rt::for_each_layer(c.master->view, c.st, c.gear, [&](const rt::Layer& l) {
    std::size_t pack = 0;
    for (std::size_t k = 0; k < c.pieces.size(); ++k) {
      if (l.pack == &c.pieces[k]->view) pack = k + 1;
    }
    const std::int64_t slot = l.slot == rt::spk::kLayerSelf ? -2 : std::int64_t(l.slot);
    Json layer = {slot, pack, l.step, l.frame, int(l.flip)};
    if (pack != 0) layer.push_back(step_shapes(*l.pack, l.step));
    out.push_back(std::move(layer));
  });
  return out;
}

// The held inputs as 16 hex digits (a JSON number would lose bits past 2^53).
std::string inputs_hex(std::uint64_t bits) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(bits));
  return text;
}

Json record(const Case& c, bool changed) {
  const rt::ActorState& st = c.st;
  const bool none = st.action == rt::kNone;
  std::int64_t frame = -1;
  int flip = 0;
  if (!none) {
    const rt::Step s = rt::current_step(c.master->view, st);
    frame = s.blank() ? -1 : std::int64_t(s.frame);
    flip = int(s.flip);
  }
  const int flags = (st.backward ? 1 : 0) | (st.holding ? 2 : 0) | (st.destroyed ? 4 : 0) |
                    (c.ev.finished ? 8 : 0);
  return Json::array({none ? -1 : std::int64_t(st.action), st.step, st.view, frame, flip, st.x,
                      st.y, st.countdown, st.played, st.cycles, flags, changed ? 1 : 0,
                      event_list(c.ev), c.ev.buf.dropped, shapes_of(c), layers_of(c), st.angle,
                      st.speed, inputs_hex(st.inputs)});
}

// The fields of record `now` that differ from `before`'s, as {"index": value}.
Json changes(const Json& before, const Json& now) {
  Json out = Json::object();
  for (std::size_t i = 0; i < now.size(); ++i) {
    if (now[i] != before[i]) out[std::to_string(i)] = now[i];
  }
  return out;
}

Json pre_events(const Case& c) {
  return Json::array({event_list(c.ev), c.ev.buf.dropped, c.ev.finished ? 1 : 0});
}

// An action as the script names it: its index, or its name.
Json action_ref(Rng& r, const Case& c, std::uint32_t a) {
  if (r.one_in(2)) return a;
  return std::string(c.master->view.action_name(a));
}

std::int64_t make_angle(Rng& r) {
  if (r.one_in(10)) return r.range(-9007199254740991ll, 9007199254740991ll);  // 2^53 - 1
  if (r.one_in(4)) return 45 * r.range(-10, 10) + r.range(-2, 2);
  return r.range(-1080, 1080);
}

std::int32_t make_speed(Rng& r, Case& c) {
  if (r.one_in(8)) return 0;
  if (r.one_in(10)) return std::int32_t(r.range(-3000, -1));
  if (r.one_in(40)) return std::int32_t(r.range(3001, 200000));
  if (r.one_in(300)) {
    c.restore_speed = true;  // one tick only: a whole case at it would take minutes
    return r.one_in(2) ? INT32_MAX : INT32_MIN;
  }
  return std::int32_t(r.range(1, 3000));
}

double make_coordinate(Rng& r) {
  if (r.one_in(3)) return double(r.range(-1000, 1000));
  return r.real(-10000.0, 10000.0);
}

// An input as the script names it: an index (sometimes past the pack's inputs, even past
// 64: a no-op), its name, or a name the pack lacks.
Json input_ref(Rng& r, const Case& c) {
  const rt::PackView& p = c.master->view;
  const std::uint32_t n = p.input_count();
  if (!c.rule_inputs.empty() && r.one_in(2)) {
    const std::uint32_t i = c.rule_inputs[r.below(c.rule_inputs.size())];
    if (r.one_in(2)) return i;
    return std::string(p.input_name(i));
  }
  if (n > 0 && r.one_in(2)) {
    const std::uint32_t i = std::uint32_t(r.below(n));
    if (r.one_in(2)) return i;
    return std::string(p.input_name(i));
  }
  if (r.one_in(3)) return r.range(0, 70);
  return r.one_in(2) ? std::string("in") + std::to_string(r.range(0, 63)) : std::string("nope");
}

std::uint64_t bit_of(const rt::PackView& p, const Json& input) {
  if (input.is_string()) return rt::input_bit(p, input.get<std::string>());
  return rt::input_bit(input.get<std::uint32_t>());
}

// One random call: made, applied to the C++ actor, and returned for the script.
Json make_op(Rng& r, Case& c) {
  const rt::PackView& p = c.master->view;
  const std::uint64_t kind = r.below(14);
  if (kind < 3) {
    const std::uint32_t a = std::uint32_t(r.below(p.action_count()));
    const bool restart = r.one_in(3);
    rt::start(p, c.st, a, restart, c.ev);
    return {"play", action_ref(r, c, a), restart};
  }
  if (kind < 5) {
    const std::int64_t angle = make_angle(r);
    rt::set_angle(p, c.st, angle);
    return {"angle", angle};
  }
  if (kind < 9) {
    const Json input = input_ref(r, c);
    const bool down = !r.one_in(3);
    if (down)
      rt::press(c.st, bit_of(p, input));
    else
      rt::release(c.st, bit_of(p, input));
    return {"hold", input, down};
  }
  if (kind < 11) {
    const std::int32_t speed = make_speed(r, c);
    rt::set_speed(c.st, speed);
    return {r.one_in(2) ? "speed" : "speed_x", speed};
  }
  if (kind < 12 && r.one_in(3)) {
    rt::release(c.st, ~std::uint64_t(0));
    return {"release_all"};
  }
  if (kind < 12 || !p.layered()) {
    c.st.x = make_coordinate(r);
    c.st.y = make_coordinate(r);
    return {"place", c.st.x, c.st.y};
  }
  if (kind < 13 && !c.fitting.empty()) {
    const std::size_t k = c.fitting[r.below(c.fitting.size())];
    rt::equip(c.gear, c.bound[k]);
    return {"equip", k};
  }
  const std::uint32_t slot = std::uint32_t(r.below(p.slot_count()));
  rt::unequip(c.gear, slot);
  if (r.one_in(2)) return {"unequip", slot};
  return {"unequip", std::string(p.slot_name(slot))};
}

// The calls before a tick (maybe none).
Json make_ops(Rng& r, Case& c) {
  Json ops = Json::array();
  if (c.restore_speed) {
    c.restore_speed = false;
    rt::set_speed(c.st, 1000);
    ops.push_back({"speed", 1000});
  }
  if (r.one_in(std::uint64_t(c.rate_of_ops))) {
    const std::int64_t n = r.range(1, 3);
    for (std::int64_t i = 0; i < n; ++i)
      ops.push_back(make_op(r, c));
  }
  if (c.rate_of_advance != 0 && r.one_in(std::uint64_t(c.rate_of_advance))) {
    ops.push_back({"advance"});
  }
  return ops;
}

// Loads the master and its pieces and binds those that fit; the pieces' entries of the case.
Json load_pieces(Rng& r, const Pools& pools, const fm::PackModel& model, Case& c) {
  Json out = Json::array();
  c.index = rt::PackIndex(c.master->view);
  const std::int64_t n = model.layers.master() ? r.range(1, 3) : (r.one_in(10) ? 1 : 0);
  c.bound.resize(std::size_t(n));
  for (std::int64_t k = 0; k < n; ++k) {
    c.pieces.push_back(load(make_piece(r, pools, model), c.seed));
    const rt::PieceCheck check =
        rt::bind_piece(c.index, c.pieces.back()->view, c.bound[std::size_t(k)]);
    if (check.ok()) c.fitting.push_back(std::size_t(k));
    const rt::PackView& piece = c.pieces.back()->view;
    Json j = {{"mismatch", mismatch_name(check.mismatch)},
              {"slot", check.ok() ? Json(std::string(c.master->view.slot_name(check.slot)))
                                  : Json(nullptr)},
              {"timing", check.ok() && check.timing_action != rt::kNone
                             ? Json(std::string(piece.action_name(check.timing_action)))
                             : Json(nullptr)}};
    out.push_back({{"pack", c.pieces.back()->json}, {"check", j}});
  }
  return out;
}

// The actor as `new Actor(pack, init)` makes it: position, speed, angle, gear, then action.
Json make_init(Rng& r, Case& c) {
  const rt::PackView& p = c.master->view;
  Json init = Json::object();
  c.st.x = make_coordinate(r);
  c.st.y = make_coordinate(r);
  init["x"] = c.st.x;
  init["y"] = c.st.y;
  init["speed"] = nullptr;
  if (r.one_in(3)) {
    const std::int32_t speed = std::int32_t(r.range(0, 3000));
    rt::set_speed(c.st, speed);
    init["speed"] = speed;
  }
  const std::int64_t angle = make_angle(r);
  rt::set_angle(p, c.st, angle);
  init["angle"] = angle;
  init["gear"] = Json::array();
  for (std::size_t k : c.fitting) {
    if (r.one_in(3)) continue;
    rt::equip(c.gear, c.bound[k]);
    init["gear"].push_back(k);
  }
  init["action"] = nullptr;
  if (!r.one_in(8)) {
    const std::uint32_t a = std::uint32_t(r.below(p.action_count()));
    rt::start(p, c.st, a, false, c.ev);
    init["action"] = action_ref(r, c, a);
  }
  return init;
}

std::vector<std::uint32_t> rule_inputs(const rt::PackView& p) {
  std::uint64_t named = 0;
  for (std::uint32_t t = 0; t < p.transition_count(); ++t)
    named |= p.transition(t).when | p.transition(t).unless;
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i < 64; ++i) {
    if (named & (std::uint64_t(1) << i)) out.push_back(i);
  }
  return out;
}

Json make_case(std::uint64_t seed) {
  Rng r(seed);
  Case c;
  c.seed = seed;
  const Pools pools = make_pools(r);
  const fm::PackModel model = make_pack(r, pools, r.one_in(4));
  c.master = load(model, seed);
  c.rule_inputs = rule_inputs(c.master->view);
  Json out = {{"seed", std::to_string(seed)}, {"pack", c.master->json}};
  out["pieces"] = load_pieces(r, pools, model, c);
  out["init"] = make_init(r, c);
  static const std::int64_t kOps[] = {2, 6, 6, 20};
  c.rate_of_ops = kOps[r.below(4)];
  c.rate_of_advance = r.one_in(4) ? (r.one_in(2) ? 1 : 3) : 0;
  const std::int64_t ticks = r.one_in(50) ? r.range(300, 2000) : r.range(50, 300);
  Json list = Json::array();
  Json previous;
  for (std::int64_t t = 0; t < ticks; ++t) {
    Json tick = Json::object();
    const Json ops = make_ops(r, c);
    if (!ops.empty()) tick["o"] = ops;
    if (!ops.empty() || t == 0) tick["p"] = pre_events(c);
    c.ev.clear();
    const bool changed = rt::tick(c.master->view, c.st, c.ev);
    Json now = record(c, changed);
    if (t == 0) {
      tick["r"] = now;
    } else {
      tick["d"] = changes(previous, now);
    }
    previous = std::move(now);
    list.push_back(std::move(tick));
  }
  out["ticks"] = std::move(list);
  return out;
}

int usage() {
  std::fprintf(stderr,
               "usage: make_cases --seed S --count N [--out FILE]\n"
               "  writes N cases (seeds S .. S + N - 1) as JSON lines to FILE or stdout\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t seed = 1, count = 0;
  const char* out_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (i + 1 >= argc) return usage();
    const std::string flag = argv[i];
    const char* value = argv[++i];
    if (flag == "--seed") {
      seed = std::strtoull(value, nullptr, 0);
    } else if (flag == "--count") {
      count = std::strtoull(value, nullptr, 0);
    } else if (flag == "--out") {
      out_path = value;
    } else {
      return usage();
    }
  }
  std::FILE* out = out_path ? std::fopen(out_path, "wb") : stdout;
  if (!out) {
    std::fprintf(stderr, "make_cases: cannot write %s\n", out_path);
    return 1;
  }
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::string line = make_case(seed + k).dump() + "\n";
    if (std::fwrite(line.data(), 1, line.size(), out) != line.size()) {
      std::fprintf(stderr, "make_cases: write failed\n");
      return 1;
    }
  }
  if (out_path && std::fclose(out) != 0) {
    std::fprintf(stderr, "make_cases: write failed\n");
    return 1;
  }
  return 0;
}
