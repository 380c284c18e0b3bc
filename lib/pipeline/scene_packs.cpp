// The packs of a scene: each `packs:` entry resolved under the path policy, then opened or
// compiled, and bound to its name for the simulator.
#include "scene_packs.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "spritec/io/files.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

// The actions a scene starts, spawns or switches actors of `pack` into: the entries of the
// reachability check (DESIGN.md section 3), so a definition compiled for a scene warns
// about actions nothing in it or the scene can reach.
std::vector<std::string> scene_entries(const sim::Scene& scene, const std::string& pack) {
  std::map<std::string, std::string> pack_of;  // actor -> pack
  std::set<std::string> entries;
  for (const sim::ActorSpec& a : scene.actors) {
    pack_of[a.name] = a.pack;
    if (a.pack == pack) entries.insert(a.action);
  }
  for (const sim::ScriptStep& step : scene.script) {
    for (const sim::Item& item : step.items) {
      if (item.kind == sim::ItemKind::kSpawn) {
        pack_of[item.spawn.name] = item.spawn.pack;
        if (item.spawn.pack == pack) entries.insert(item.spawn.action);
      } else if (item.kind == sim::ItemKind::kActor && item.action) {
        auto it = pack_of.find(item.actor);
        if (it != pack_of.end() && it->second == pack) entries.insert(*item.action);
      }
    }
  }
  return {entries.begin(), entries.end()};
}

}  // namespace

std::optional<ScenePacks> load_scene_packs(const sim::Scene& scene, const fs::path& root,
                                           bool decode_pages, diag::Sink& sink, bool reachability) {
  ScenePacks out;
  bool failed = false;
  for (const sim::PackRef& ref : scene.packs) {
    const diag::Result<fs::path> resolved =
        io::resolve_inside_root(root, scene.directory, ref.path);
    if (!resolved) {
      sink.error(diag::Code::kPathOutsideRoot, ref.path_span,
                 "pack path '" + ref.path + "' is not allowed: " + resolved.error.message +
                     "; paths are relative to the scene and must stay inside the project root: "
                     "run spritec from your project's top directory, or pass --root DIR");
      failed = true;
      continue;
    }
    const fs::path& path = resolved.value;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
      sink.error(diag::Code::kFileUnreadable, ref.path_span,
                 "pack '" + ref.name + "': " + io::display_path(path) + " does not exist");
      failed = true;
      continue;
    }
    CompileOptions compile;
    compile.root = root;
    if (reachability) compile.entries = scene_entries(scene, ref.name);
    std::unique_ptr<LoadedPack> pack =
        open_or_compile(fs::path(ref.path).is_absolute() ? path : scene.directory / ref.path,
                        compile, sink, decode_pages);
    if (!pack) {
      failed = true;
      continue;
    }
    std::optional<sim::ScenePack> loaded =
        sim::load_pack_bytes(ref.name, pack->bytes, ref.path_span, sink);
    if (!loaded) {
      failed = true;
      continue;
    }
    out.packs.push_back(std::move(*loaded));
    out.files.push_back(std::move(pack));
  }
  if (failed) return std::nullopt;
  return out;
}

}  // namespace spritec::pipeline
