// Internal to sim: the scene checked against its packs before a Simulation runs it.
#pragma once

#include <vector>

#include "spritec/diag/diagnostic.hpp"
#include "spritec/sim/packs.hpp"
#include "spritec/sim/scene.hpp"

namespace spritec::sim {

// Reports, in this order: packs whose tick rate differs from the first pack's (E0605);
// for each actor of the scene, then each spawned one, a pack not listed in `packs:`
// (E0603) or a start action its pack lacks (E0602); for each script item on an actor, an
// actor never defined or spawned (E0601), an action its pack lacks (E0602) and inputs
// no rule of its pack reads (W0602). Misspelt names get the nearest name as a hint.
// `packs` in the order of scene.packs. True when no error was reported (warnings may
// have been).
[[nodiscard]] bool check_scene_against_packs(const Scene& scene,
                                             const std::vector<ScenePack>& packs, diag::Sink& sink);

}  // namespace spritec::sim
