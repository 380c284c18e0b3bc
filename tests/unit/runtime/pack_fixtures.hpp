// Test helpers shared by the runtime and format unit tests: a sample pack model that uses
// every feature of the format, and helpers to find and patch fields of a written pack.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "spritec/format/spk_writer.hpp"
#include "spritec/runtime/spk_reader.hpp"
#include "spritec/runtime/xxh64.hpp"

namespace spritec::test {

namespace spk = runtime::spk;
using format::ActionModel;
using format::FrameModel;
using format::PackModel;
using format::PageModel;
using format::ShapeModel;
using format::StepModel;
using format::TransitionModel;

// Bytes that start like a PNG file (the writer and the reader check only the signature).
inline std::vector<std::uint8_t> fake_png(std::uint8_t fill, std::size_t size) {
  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  png.resize(size, fill);
  return png;
}

inline StepModel step(std::string frame, std::uint32_t ticks, std::string event = "",
                      std::int32_t dx = 0, std::int32_t dy = 0, bool fx = false, bool fy = false) {
  StepModel s;
  s.frame = std::move(frame);
  s.ticks = ticks;
  s.event = std::move(event);
  s.move_x = dx;
  s.move_y = dy;
  s.flip_x = fx;
  s.flip_y = fy;
  return s;
}

// Boxes and points of frames and steps (format 1.2), in frame coordinates.
inline ShapeModel box(std::string name, std::int32_t x, std::int32_t y, std::uint32_t w,
                      std::uint32_t h) {
  ShapeModel s;
  s.name = std::move(name);
  s.x = x;
  s.y = y;
  s.w = w;
  s.h = h;
  return s;
}

inline ShapeModel point(std::string name, std::int32_t x, std::int32_t y) {
  ShapeModel s = box(std::move(name), x, y, 0, 0);
  s.kind = runtime::ShapeKind::kPoint;
  return s;
}

// A step's entry that takes its frame's shape of this kind and name away.
inline ShapeModel removal(std::string name, runtime::ShapeKind kind) {
  ShapeModel s;
  s.name = std::move(name);
  s.kind = kind;
  s.removed = true;
  return s;
}

inline FrameModel frame(std::string name, std::uint32_t page, std::uint32_t x, std::uint32_t y,
                        std::uint32_t w, std::uint32_t h, std::int32_t ox, std::int32_t oy,
                        std::uint32_t sw, std::uint32_t sh, std::uint32_t tx, std::uint32_t ty) {
  FrameModel f;
  f.name = std::move(name);
  f.page = page;
  f.x = x;
  f.y = y;
  f.w = w;
  f.h = h;
  f.origin_x = ox;
  f.origin_y = oy;
  f.source_w = sw;
  f.source_h = sh;
  f.trim_x = tx;
  f.trim_y = ty;
  return f;
}

// The frames and actions of the public conformance case (shared/conformance/fx.sprites.yaml):
// strip.png cut into six 8x8 frames s/0..s/5 with origin (4, 7) on page 0, and its four
// actions as written there (walk, idle, boom, attack).
inline void add_fx_frames_and_actions(PackModel& m) {
  for (std::uint32_t i = 0; i < 6; ++i) {
    m.frames.push_back(frame("s/" + std::to_string(i), 0, 8 * i, 0, 8, 8, 4, 7, 8, 8, 0, 0));
  }
  ActionModel walk;
  walk.name = "walk";
  walk.views = 2;
  walk.steps = {{step("s/0", 3), step("s/1", 3, "", 2, 0)},
                {step("s/0", 3, "", 0, 0, true), step("s/1", 3, "", -2, 0, true)}};
  TransitionModel to_idle;
  to_idle.to = "idle";
  to_idle.unless = {"move"};
  walk.transitions = {to_idle};
  ActionModel idle;
  idle.name = "idle";
  idle.loop_from = 1;
  idle.steps = {{step("s/2", 4), step("s/3", 4), step("s/2", 4)}};
  ActionModel boom;
  boom.name = "boom";
  boom.mode = format::Mode::kPingpong;
  boom.repeat = 1;
  boom.then = format::ThenKind::kDestroy;
  boom.steps = {{step("s/3", 2), step("s/4", 2, "flash"), step("s/5", 2)}};
  ActionModel attack;
  attack.name = "attack";
  attack.mode = format::Mode::kOnce;
  attack.then = format::ThenKind::kAction;
  attack.then_action = "idle";
  attack.steps = {{step("s/4", 2), step("s/5", 5, "hit")}};
  m.actions.insert(m.actions.end(), {walk, idle, boom, attack});
}

// Two pages (one embedded, one a file beside the pack), five frames, four actions using
// every mode, every kind of then, reverse, flips, events, moves, a blank step, and
// transitions with when/unless/immediate over two inputs.
inline PackModel sample_model() {
  PackModel m;
  m.tick_rate = 30;
  PageModel p0;
  p0.width = 64;
  p0.height = 32;
  p0.png = fake_png(0xAB, 37);  // 37: not a multiple of 4, exercises padding
  PageModel p1;
  p1.width = 16;
  p1.height = 16;
  p1.file = "sample-1.png";
  m.pages = {p0, p1};
  m.frames = {
      frame("body/0", 0, 0, 0, 10, 12, 8, 15, 16, 16, 3, 2),
      frame("body/1", 0, 10, 0, 16, 16, 8, 15, 16, 16, 0, 0),
      frame("body/2", 0, 26, 4, 7, 9, -5, 40, 16, 16, 9, 7),
      frame("fx/spark", 1, 0, 0, 16, 16, 8, 8, 16, 16, 0, 0),
      frame("fx/empty", 1, 0, 0, 0, 0, 4, 4, 8, 8, 0, 0),
  };
  ActionModel walk;
  walk.name = "walk";
  walk.views = 2;
  walk.first_view = 0;
  walk.mode = format::Mode::kLoop;
  walk.loop_from = 1;
  walk.steps = {{step("body/0", 3), step("body/1", 3, "", 2, 0)},
                {step("body/0", 3, "", 0, 0, true), step("body/1", 3, "", -2, 0, true)}};
  TransitionModel to_idle;
  to_idle.to = "idle";
  to_idle.unless = {"move"};
  TransitionModel to_attack;
  to_attack.to = "attack";
  to_attack.when = {"fire", "move"};
  to_attack.immediate = true;
  walk.transitions = {to_idle, to_attack};

  ActionModel idle;
  idle.name = "idle";
  idle.views = 1;
  idle.first_view = 90;
  idle.mode = format::Mode::kPingpong;
  idle.repeat = 0;
  idle.steps = {{step("body/2", 4), step("body/1", 4), step("", 2)}};

  ActionModel attack;
  attack.name = "attack";
  attack.views = 1;
  attack.mode = format::Mode::kOnce;
  attack.then = format::ThenKind::kAction;
  attack.then_action = "idle";
  attack.steps = {{step("fx/spark", 2), step("fx/spark", 5, "hit", 1, -1, false, true)}};

  ActionModel boom;
  boom.name = "boom";
  boom.views = 1;
  boom.mode = format::Mode::kPingpong;
  boom.repeat = 2;
  boom.then = format::ThenKind::kDestroy;
  boom.reverse = true;
  boom.steps = {
      {step("fx/spark", 2, "flash", 0, 0, true, true), step("fx/empty", 2), step("body/0", 1)}};
  TransitionModel back;
  back.to = "boom";
  back.when = {"fire"};
  boom.transitions = {back};
  m.actions = {walk, idle, attack, boom};
  return m;
}

inline std::vector<std::uint8_t> write_or_fail(const PackModel& m) {
  auto written = format::write_spk(m);
  if (!written) throw std::runtime_error("write_spk failed: " + written.error.message);
  return std::move(written.value);
}

inline std::uint32_t get_u32(const std::vector<std::uint8_t>& b, std::size_t at) {
  return spk::detail::load_le<std::uint32_t>(b.data() + at);
}
inline void put_u32(std::vector<std::uint8_t>& b, std::size_t at, std::uint32_t v) {
  spk::detail::store_le(b.data() + at, v);
}
inline void put_u64(std::vector<std::uint8_t>& b, std::size_t at, std::uint64_t v) {
  spk::detail::store_le(b.data() + at, v);
}

// The directory entry's byte offset for a section tag (throws when absent).
inline std::size_t directory_entry(const std::vector<std::uint8_t>& b, std::uint32_t tag) {
  spk::Header h;
  spk::load(b.data(), h);
  for (std::uint32_t i = 0; i < h.section_count; ++i) {
    const std::size_t at = h.header_size + i * spk::SectionEntry::kSize;
    if (get_u32(b, at) == tag) return at;
  }
  throw std::runtime_error("no such section");
}

// The file offset of a section's first byte.
inline std::size_t section_offset(const std::vector<std::uint8_t>& b, std::uint32_t tag) {
  return get_u32(b, directory_entry(b, tag) + spk::SectionEntry::kOffOffset);
}

// Recomputes the header checksum after a patch.
inline void fix_checksum(std::vector<std::uint8_t>& b) {
  spk::Header h;
  spk::load(b.data(), h);
  put_u64(b, spk::Header::kOffChecksum,
          runtime::xxh64(b.data() + h.header_size, b.size() - h.header_size, 0));
}

inline runtime::ParseResult parse(const std::vector<std::uint8_t>& b, runtime::PackView& v,
                                  runtime::ParseOptions o = {}) {
  return runtime::parse_pack(b.data(), b.size(), v, o);
}

}  // namespace spritec::test
