// spritec::def — loading and checking a definition file (`*.sprites.yaml`).
//
// load_definition() reads the file (yaml/reader.hpp), validates it against the
// embedded sprites.schema.json (yaml/schema.hpp), builds the model (def/model.hpp) and
// runs every semantic check of DESIGN.md sections 2 and 3, reporting each problem at the
// offending node and going on, so one run lists every problem. Image files are only
// opened to read their PNG header (size and validity); pixels are decoded later by the
// atlas compiler.
//
// Path policy: paths are relative to the definition file; absolute paths and paths that
// leave `root` after `..` and symlinks are E0201. Images over `max_image_side` pixels a
// side are E0204; a missing image's message names the path looked for and the nearest
// file name in its folder. `files:` patterns support `*` and `?` in the last path
// component; a match that is a dangling symbolic link or a link loop is E0202.
//
// Phases: a reading error (E00xx, E0101-E0107) stops everything. Schema errors do not:
// the loader reads every part the schema accepted and skips the parts it rejected, and
// the checks that depend on a skipped part stay silent (the frames of a sheet that could
// not be cut are not "unknown", views are not compared on a duration that could not be
// read, reachability is not judged with a transition missing), so one run lists every
// problem without follow-on noise. Unknown keys (E0104) are ignored.
//
// Failure: returns an empty optional only when it reported at least one error. Warnings
// (W0301 inexact ms, W0302 shadowed rule, W0303 unreachable action) do not stop it.
// Nothing is thrown.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/def/model.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/yaml/reader.hpp"

namespace spritec::def {

// The text of schemas/sprites.schema.json, embedded at build time.
std::string_view sprites_schema();

struct LoadOptions {
  // The project root for the path policy; empty means the current directory.
  std::filesystem::path root;
  // Entry actions (`check --entry A,B`): unknown ones are E0312, actions they cannot
  // reach through transitions or then: are W0303. Empty: no reachability check.
  std::vector<std::string> entries;
  int max_image_side = kMaxImageSide;
  spritec::yaml::ReadOptions yaml;
  // Threads for reading the headers of files: sheets' images ahead (0: one per core). The
  // definition is the same for any value.
  int jobs = 1;
};

std::optional<Definition> load_definition(const std::filesystem::path& file,
                                          const LoadOptions& options, diag::Sink& sink);

// The same from bytes already read; `file` names the definition in Spans and its parent
// directory is the base of relative paths.
std::optional<Definition> load_definition_from(std::string_view bytes,
                                               const std::filesystem::path& file,
                                               const LoadOptions& options, diag::Sink& sink);

// The action checks alone (E0301–E0313, W0302, W0303) on a model whose frames are
// built; load_definition() runs them. Returns false when it reported an error.
bool check_actions(const Definition& def, const LoadOptions& options, diag::Sink& sink);

// `layers: split` (docs/definitions.md, "Aseprite"): a definition whose layers.split is set
// compiles into a master and one piece per slot. The master is the definition with every
// step blank (a pure clock: the actions' steps, durations, events, moves and transitions,
// no frames of its own); piece i is the definition with layers.slots[i] as its slot, the
// split sheet drawing only that layer (or group), and the same actions and frames. For any
// other definition split_master returns it unchanged and split_pieces nothing.
Definition split_master(Definition def);
std::vector<Definition> split_pieces(const Definition& def);

// PNG header information, read without decoding (by image::read_png_info).
struct PngInfo {
  int width = 0;
  int height = 0;
};

}  // namespace spritec::def
