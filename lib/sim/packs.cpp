// A scene's packs: bytes parsed by the runtime reader and bound to their `packs:` names.
#include "spritec/sim/packs.hpp"

#include <string>
#include <utility>

namespace spritec::sim {

using diag::Code;

std::optional<ScenePack> load_pack_bytes(std::string name, std::vector<std::uint8_t> bytes,
                                         const diag::Span& where, diag::Sink& sink) {
  ScenePack p;
  p.name = std::move(name);
  auto shared = std::make_shared<const std::vector<std::uint8_t>>(std::move(bytes));
  const runtime::ParseResult r = runtime::parse_pack(shared->data(), shared->size(), p.view);
  if (!r.ok()) {
    if (r.error == runtime::ParseError::kUnsupportedVersion) {
      sink.error(Code::kPackVersion, where,
                 "pack '" + p.name + "' has format " + std::to_string(r.version_major) + "." +
                     std::to_string(r.version_minor) + ", newer than this spritec reads");
    } else {
      sink.error(Code::kPackInvalid, where,
                 "pack '" + p.name + "' is damaged: " + r.message + " (at byte " +
                     std::to_string(r.offset) + ")");
    }
    return std::nullopt;
  }
  p.bytes = std::move(shared);
  return p;
}

std::optional<std::vector<ScenePack>> load_packs(const Scene& scene, const PackLoader& loader,
                                                 diag::Sink& sink) {
  std::vector<ScenePack> out;
  bool ok = true;
  for (const PackRef& ref : scene.packs) {
    auto p = loader(ref, sink);
    if (!p) {
      ok = false;
      continue;
    }
    p->name = ref.name;
    out.push_back(std::move(*p));
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace spritec::sim
