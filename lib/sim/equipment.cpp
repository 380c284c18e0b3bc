// The pieces of a scene's layered actors, checked and bound once (equipment.hpp).
#include "equipment.hpp"

#include "spritec/sim/layers.hpp"

namespace spritec::sim {

std::uint32_t pack_named(const std::vector<ScenePack>& packs, const std::string& name) {
  std::uint32_t p = 0;
  while (p < packs.size() && packs[p].name != name)
    ++p;
  return p;
}

bool PieceTable::check_slot_name(std::uint32_t master, const std::string& slot,
                                 const diag::Span& span, const std::vector<ScenePack>& packs,
                                 diag::Sink& sink) {
  const std::optional<PieceProblem> problem =
      slot_problem(packs[master].view, packs[master].name, slot);
  if (problem) problem->report(sink, span);
  return !problem;
}

void PieceTable::bind_slot(std::uint32_t master, const SlotPack& slot,
                           const std::vector<ScenePack>& packs, diag::Sink& sink) {
  if (!check_slot_name(master, slot.slot, slot.slot_span, packs, sink)) return;
  const std::uint32_t piece = pack_named(packs, slot.pack);
  const runtime::PackView& p = packs[piece].view;
  if (const std::optional<PieceProblem> wrong = wrong_slot_problem(p, slot.pack, slot.slot)) {
    wrong->report(sink, slot.pack_span);
    return;
  }
  if (tried_.count({master, piece})) return;  // reported once per pair
  std::unique_ptr<runtime::PackIndex>& index = indexes_[master];
  if (!index) index = std::make_unique<runtime::PackIndex>(packs[master].view);
  runtime::Piece bound;
  const runtime::PieceCheck check = runtime::bind_piece(*index, p, bound);
  tried_[{master, piece}] = check.ok();
  if (check.ok()) pieces_.emplace(std::make_pair(master, piece), std::move(bound));
  const std::optional<PieceProblem> problem =
      piece_problem(check, packs[master].view, packs[master].name, p, slot.pack);
  if (problem) problem->report(sink, slot.pack_span);
}

bool PieceTable::bind(const Scene& scene, const std::vector<ScenePack>& packs, diag::Sink& sink) {
  const std::size_t errors_before = sink.error_count();
  std::map<std::string, std::uint32_t> actor_pack;
  auto bind_spec = [&](const ActorSpec& a) {
    const std::uint32_t master = pack_named(packs, a.pack);
    actor_pack[a.name] = master;
    for (const SlotPack& s : a.layers)
      bind_slot(master, s, packs, sink);
  };
  for (const ActorSpec& a : scene.actors)
    bind_spec(a);
  for (const ScriptStep& s : scene.script) {
    for (const Item& i : s.items) {
      if (i.kind == ItemKind::kSpawn) bind_spec(i.spawn);
    }
  }
  for (const ScriptStep& s : scene.script) {
    for (const Item& i : s.items) {
      if (i.kind != ItemKind::kActor || !actor_pack.count(i.actor)) continue;
      const std::uint32_t master = actor_pack[i.actor];
      for (const Input& slot : i.unequip)
        check_slot_name(master, slot.name, slot.span, packs, sink);
      for (const SlotPack& slot : i.equip)
        bind_slot(master, slot, packs, sink);
    }
  }
  return sink.error_count() == errors_before;
}

}  // namespace spritec::sim
