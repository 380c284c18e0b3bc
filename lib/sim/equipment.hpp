// Internal to sim: the equipment pieces a scene's layered actors wear (docs/scenes.md,
// "Layered actors"). Every (master, piece) pair the scene puts together — an actor's or a
// spawn's `layers:`, an item's `equip:` — is checked and bound once, before the run; while
// it runs, equipping is a pointer store (runtime::equip).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "spritec/diag/diagnostic.hpp"
#include "spritec/runtime/layers.hpp"
#include "spritec/sim/packs.hpp"
#include "spritec/sim/scene.hpp"

namespace spritec::sim {

class PieceTable {
 public:
  // Checks every `layers:`, `equip:` and `unequip:` of the scene against its packs (`packs`
  // in the order of scene.packs): a slot on an actor whose pack is no layered master or
  // lacks that slot, or a pack that is no piece of that slot (E0255); a piece that does not
  // fit its master (E0252–E0254, W0250 when only its timing differs, once per pair). Binds
  // every pair that fits. True when no error was reported.
  bool bind(const Scene& scene, const std::vector<ScenePack>& packs, diag::Sink& sink);

  // The bound piece of pack `piece` on master pack `master` (bind() made sure it exists).
  const runtime::Piece& piece(std::uint32_t master, std::uint32_t piece) const {
    return pieces_.at({master, piece});
  }

 private:
  void bind_slot(std::uint32_t master, const SlotPack& slot, const std::vector<ScenePack>& packs,
                 diag::Sink& sink);
  bool check_slot_name(std::uint32_t master, const std::string& slot, const diag::Span& span,
                       const std::vector<ScenePack>& packs, diag::Sink& sink);

  std::map<std::pair<std::uint32_t, std::uint32_t>, runtime::Piece> pieces_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, bool> tried_;  // pairs checked, and fit
  std::map<std::uint32_t, std::unique_ptr<runtime::PackIndex>> indexes_;
};

// The index of the first pack named `name` (the scene checks made sure there is one).
std::uint32_t pack_named(const std::vector<ScenePack>& packs, const std::string& name);

}  // namespace spritec::sim
