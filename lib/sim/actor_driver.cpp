#include "actor_driver.hpp"

#include <limits>

namespace spritec::sim {

std::int32_t clamp_speed(std::int64_t thousandths) {
  if (thousandths > std::numeric_limits<std::int32_t>::max()) {
    return std::numeric_limits<std::int32_t>::max();
  }
  return std::int32_t(thousandths < 0 ? 0 : thousandths);
}

void start_actor(SimActor& a, const ScenePack& pack, std::uint32_t pack_index,
                 const ActorSpec& spec) {
  a.pack = pack_index;
  a.player = runtime::ActorState{};
  a.player.x = spec.at.x;
  a.player.y = spec.at.y;
  runtime::set_speed(a.player, clamp_speed(spec.speed));
  runtime::set_angle(pack.view, a.player, spec.angle);
  runtime::start(pack.view, a.player, pack.view.find_action(spec.action), /*restart=*/false,
                 EventCodes{a});
}

void actor_set_action(SimActor& a, const ScenePack& pack, const std::string& action, bool restart) {
  runtime::start(pack.view, a.player, pack.view.find_action(action), restart, EventCodes{a});
}

bool actor_holding(const SimActor& a) {
  return a.player.holding;
}

void actor_set_angle(SimActor& a, const ScenePack& pack, std::int64_t angle) {
  runtime::set_angle(pack.view, a.player, angle);
}

void actor_set_input(SimActor& a, const ScenePack& pack, const std::string& input, bool held) {
  const std::uint64_t bit = runtime::input_bit(pack.view, input);
  if (held) {
    runtime::press(a.player, bit);
  } else {
    runtime::release(a.player, bit);
  }
}

void actor_set_speed(SimActor& a, std::int64_t thousandths) {
  runtime::set_speed(a.player, clamp_speed(thousandths));
}

Position actor_position(const SimActor& a) {
  return Position{a.player.x, a.player.y};
}

void set_actor_position(SimActor& a, Position p) {
  a.player.x = p.x;
  a.player.y = p.y;
}

ActorSnapshot actor_snapshot(const SimActor& a, const ScenePack& pack) {
  ActorSnapshot s;
  const runtime::ActorView v = runtime::describe(pack.view, a.player);
  s.action = std::string(v.action);
  s.step = v.step;
  s.view = v.view;
  s.frame_name = std::string(v.frame);
  s.pack = a.pack;
  s.x = a.player.x;
  s.y = a.player.y;
  s.destroyed = a.destroyed;
  s.events.reserve(a.events.size());
  for (std::uint32_t code : a.events)
    s.events.emplace_back(runtime::event_name(pack.view, code));
  if (a.player.action != runtime::spk::kNone) {
    const runtime::Step step = runtime::current_step(pack.view, a.player);
    s.frame = step.frame;
    s.flip = step.flip;
  }
  return s;
}

}  // namespace spritec::sim
