// The scene against its packs: what a Simulation needs before it can run.
#include "scene_checks.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "spritec/diag/suggest.hpp"

namespace spritec::sim {
namespace {

using diag::Code;

void check_action(const ScenePack& pack, const std::string& action, const diag::Span& span,
                  const std::string& actor, diag::Sink& sink) {
  if (pack.view.find_action(action) != runtime::spk::kNone) return;
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < pack.view.action_count(); ++i) {
    names.emplace_back(pack.view.action(i).name);
  }
  std::string message =
      "pack '" + pack.name + "' (actor '" + actor + "') has no action '" + action + "'";
  const std::string near = diag::nearest(action, names);
  if (!near.empty()) message += " (did you mean '" + near + "'?)";
  sink.error(Code::kSceneUnknownAction, span, message);
}

void check_input(const ScenePack& pack, const Input& input, const std::string& actor,
                 diag::Sink& sink) {
  if (pack.view.find_input(input.name) != runtime::spk::kNone) return;
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < pack.view.input_count(); ++i) {
    names.emplace_back(pack.view.input_name(i));
  }
  std::string message = "pack '" + pack.name + "' (actor '" + actor + "') has no input '" +
                        input.name + "': no transition reads it, so it changes nothing";
  const std::string near = diag::nearest(input.name, names);
  if (!near.empty()) message += " (did you mean '" + near + "'?)";
  sink.warning(Code::kSceneUnknownInput, input.span, message);
}

// One tick rate for every pack (E0605), reported at each pack that differs from the first.
void check_tick_rates(const Scene& scene, const std::vector<ScenePack>& packs, diag::Sink& sink) {
  for (std::size_t i = 1; i < packs.size(); ++i) {
    const ScenePack& p = packs[i];
    const std::uint32_t rate = packs[0].view.tick_rate();
    if (p.view.tick_rate() == rate) continue;
    diag::Span span;
    for (const PackRef& ref : scene.packs) {
      if (ref.name == p.name) span = ref.path_span;
    }
    sink.error(Code::kSceneTickRate, span,
               "pack '" + p.name + "' runs at " + std::to_string(p.view.tick_rate()) +
                   " ticks per second but '" + packs[0].name + "' at " + std::to_string(rate) +
                   ": a scene's packs must share one tick rate");
  }
}

// W0603 for a contact rule whose box (or against box) no pack of the scene has: the rule
// can never fire. Boxes only: a point of that name does not count.
void check_contact_boxes(const Scene& scene, const std::vector<ScenePack>& packs,
                         diag::Sink& sink) {
  auto some_pack_has = [&](const std::string& name) {
    for (const ScenePack& p : packs) {
      const std::uint32_t n = p.view.find_shape_name(name);
      if (n == runtime::kNone) continue;
      for (std::uint32_t i = 0; i < p.view.shape_count(); ++i) {
        const runtime::Shape s = p.view.shape(i);
        if (s.name == n && s.kind == runtime::ShapeKind::kBox && !s.removed) return true;
      }
    }
    return false;
  };
  for (const ContactRule& r : scene.contacts) {
    for (const auto& [name, span] :
         {std::pair{&r.box, &r.box_span}, std::pair{&r.against, &r.against_span}}) {
      if (some_pack_has(*name)) continue;
      sink.warning(Code::kContactUnknownBox, *span,
                   "no pack of the scene has a box named '" + *name + "': contact '" + r.event +
                       "' can never happen");
    }
  }
}

}  // namespace

bool check_scene_against_packs(const Scene& scene, const std::vector<ScenePack>& packs,
                               diag::Sink& sink) {
  const std::size_t errors_before = sink.error_count();
  check_tick_rates(scene, packs, sink);
  check_contact_boxes(scene, packs, sink);

  std::map<std::string, std::uint32_t> pack_index;  // the first pack of each name
  for (std::size_t i = 0; i < packs.size(); ++i)
    pack_index.emplace(packs[i].name, std::uint32_t(i));

  // Every actor's pack and action, and every action and input an item names.
  std::map<std::string, std::uint32_t> actor_pack;
  auto check_spec = [&](const ActorSpec& a) {
    auto it = pack_index.find(a.pack);
    if (it == pack_index.end()) {
      sink.error(Code::kSceneUnknownPack, a.pack_span,
                 "pack '" + a.pack + "' is not listed in packs:");
      return;
    }
    actor_pack[a.name] = it->second;
    check_action(packs[it->second], a.action, a.action_span, a.name, sink);
  };
  for (const ActorSpec& a : scene.actors)
    check_spec(a);
  for (const ScriptStep& s : scene.script) {
    for (const Item& i : s.items) {
      if (i.kind == ItemKind::kSpawn) check_spec(i.spawn);
    }
  }
  for (const ScriptStep& s : scene.script) {
    for (const Item& i : s.items) {
      if (i.kind != ItemKind::kActor) continue;
      auto it = actor_pack.find(i.actor);
      if (it == actor_pack.end()) {
        sink.error(Code::kSceneUnknownActor, i.actor_span, "no actor is named '" + i.actor + "'");
        continue;
      }
      const ScenePack& pack = packs[it->second];
      if (i.action) check_action(pack, *i.action, i.action_span, i.actor, sink);
      for (const Input& in : i.press)
        check_input(pack, in, i.actor, sink);
      for (const Input& in : i.release)
        check_input(pack, in, i.actor, sink);
    }
  }
  return sink.error_count() == errors_before;
}

}  // namespace spritec::sim
