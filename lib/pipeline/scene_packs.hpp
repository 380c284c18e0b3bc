// spritec::pipeline — the packs of a scene: each `packs:` entry resolved against the scene's
// directory under the path policy, then opened (.spk) or compiled in memory (definition).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "compile.hpp"
#include "spritec/sim/simulation.hpp"

namespace spritec::pipeline {

struct ScenePacks {
  std::vector<sim::ScenePack> packs;               // in the scene's `packs:` order
  std::vector<std::unique_ptr<LoadedPack>> files;  // the same packs with their decoded pages
};

// Empty when an error was reported (E0201 outside the root, E0001 missing, or the pack's
// own diagnostics). With `reachability`, a definition compiled for the scene warns about
// its actions the scene cannot reach (W0303) — for `check` of a scene only: a pack serves
// many scenes, so simulate and preview do not.
[[nodiscard]] std::optional<ScenePacks> load_scene_packs(const sim::Scene& scene,
                                                         const std::filesystem::path& root,
                                                         bool decode_pages, diag::Sink& sink,
                                                         bool reachability = false);

}  // namespace spritec::pipeline
