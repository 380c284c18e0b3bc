// spritec::sim — a scene's packs, ready for the player. Turning a `packs:` entry into
// bytes (compiling a definition in memory or reading a .spk) is the caller's job
// (pipeline/), through a PackLoader; here the bytes are parsed by the runtime reader and
// bound to their names. A damaged pack is E0501, a newer major format version E0502.
// Nothing thrown, nothing printed: diagnostics in the Sink and empty optionals.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "spritec/diag/diagnostic.hpp"
#include "spritec/runtime/spk_reader.hpp"
#include "spritec/sim/scene.hpp"

namespace spritec::sim {

// One of a scene's packs, ready for the player: its name in the scene's `packs:`, the bytes
// (shared, never modified) and the view parsed from them. Copies share the bytes, so the
// view stays valid. (pipeline::LoadedPack is the pipeline's: a pack file with its decoded
// pages and the files it came from.)
struct ScenePack {
  std::string name;  // the key in the scene's `packs:`
  std::shared_ptr<const std::vector<std::uint8_t>> bytes;
  runtime::PackView view;
};

// Parses pack bytes with the runtime reader. A damaged pack is E0501, a newer major
// format version E0502, both reported at `where` (the scene's path value).
[[nodiscard]] std::optional<ScenePack> load_pack_bytes(std::string name,
                                                       std::vector<std::uint8_t> bytes,
                                                       const diag::Span& where, diag::Sink& sink);

// Turns one `packs:` entry into a loaded pack (the pipeline compiles a definition in
// memory or reads a .spk); reports its own errors and returns empty on failure.
using PackLoader = std::function<std::optional<ScenePack>(const PackRef&, diag::Sink&)>;

// Loads every pack of the scene in file order through `loader`; empty when any failed
// (all are tried, so every problem is reported).
[[nodiscard]] std::optional<std::vector<ScenePack>> load_packs(const Scene& scene,
                                                               const PackLoader& loader,
                                                               diag::Sink& sink);

}  // namespace spritec::sim
