// Every function and template of the runtime headers, used once, so that compiling this
// file instantiates them all (a header compiled alone instantiates no template). Compiled,
// never run, by compile_runtime_headers.cmake with gcc and clang under the warnings a
// game's build may use.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "spritec/runtime/pack_index.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/spk_layout.hpp"
#include "spritec/runtime/spk_reader.hpp"
#include "spritec/runtime/xxh64.hpp"

namespace rt = spritec::runtime;

std::uint64_t use_the_runtime(const std::uint8_t* data, std::size_t size);

std::uint64_t use_the_runtime(const std::uint8_t* data, std::size_t size) {
  std::uint64_t sum = rt::xxh64(data, size, 0);
  rt::PackView pack;
  rt::ParseOptions options;
  options.verify_checksum = false;
  const rt::ParseResult r = rt::parse_pack(data, size, pack, options);
  if (!r) return sum + r.offset + std::string_view(rt::to_string(r.error)).size();

  const rt::PackIndex index(pack);
  for (std::uint32_t i = 0; i < pack.page_count(); ++i)
    sum += pack.page(i).png_size + pack.page(i).file_name.size();
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i) {
    const rt::Frame f = pack.frame(i);
    sum += f.w + static_cast<std::uint64_t>(f.untrimmed_origin_x() + f.untrimmed_origin_y());
    sum += index.find_frame(pack.frame_name(i)) + pack.find_frame(f.name);
  }
  for (std::uint32_t i = 0; i < pack.input_count(); ++i)
    sum += index.input_bit(pack.input_name(i)) + rt::input_bit(pack, pack.input_name(i));
  for (std::uint32_t i = 0; i < pack.event_count(); ++i)
    sum += index.find_event(pack.event_name(i)) + pack.find_event(pack.event_name(i));

  for (std::uint32_t i = 0; i < pack.action_count(); ++i) {
    const rt::Action a = pack.action(i);
    sum += index.find_action(a.name) + pack.find_action(pack.action_name(i));
    sum += a.mode == rt::Mode::kPingpong ? 1u : 0u;
    sum += a.then_kind == rt::ThenKind::kAction ? a.then_action : 0u;
    for (std::uint32_t t = 0; t < a.transition_count; ++t) {
      const rt::Transition tr = pack.transition(a.first_transition + t);
      sum += tr.to + (tr.immediate ? 1u : 0u) + (tr.matches(tr.when) ? 1u : 0u);
    }

    rt::ActorState actor;
    rt::set_angle(pack, actor, 135);
    rt::set_speed(actor, 1500);
    rt::press(actor, index.input_bit("move"));
    rt::EventBuffer events;
    rt::start(pack, actor, i, /*restart=*/true, events);
    std::uint64_t codes = 0;
    auto sink = [&](std::uint32_t code) { codes += code; };
    for (int k = 0; k < 100; ++k) {
      events.clear();
      rt::tick(pack, actor, events);
      rt::tick(pack, actor, sink);
      rt::release(actor, rt::input_bit(0));
      const rt::Step s = rt::current_step(pack, actor);
      if (!s.blank()) sum += pack.frame(s.frame).w;
      if (s.has_event()) sum += rt::event_name(pack, s.event).size();
      sum += (s.flip_x() ? 1u : 0u) + (s.flip_y() ? 2u : 0u) + s.ticks;
      sum += static_cast<std::uint64_t>(s.move_x + s.move_y);
      const rt::ActorView v = rt::describe(pack, actor);
      sum += v.frame.size() + std::string_view(v.flip).size() + v.step + v.view;
      sum += std::string_view(rt::flip_name(s.flip)).size();
    }
    sum += codes + events.count + events.dropped;
    sum += rt::choose_view(actor.angle, a.first_view, a.views);
  }
  return sum;
}
