// Private helper of the pipeline: an .aseprite file given to a command directly (issue 22).
// input_kind() tells one by its name (.aseprite, .ase) or its magic number (0xA5E0 at byte
// 4). `inspect` shows what the file holds (canvas, frames, layers, tags, slices); `preview`
// plays it through the same path as a definition that reads it: the file compiled in memory
// as if `sheets: [{name: STEM, aseprite: FILE, tags: true}]` were written (def's aseprite:
// sheet, so there is one reader of the file, not two).
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>

#include "compile.hpp"
#include "spritec/diag/diagnostic.hpp"

namespace spritec::pipeline {

// `spritec inspect FILE.aseprite [--json]`: the file's summary on `out`, or one JSON
// document (schemas/aseprite-inspect.schema.json). A file that cannot be read is E0001 or
// E0002, a damaged one E0213, reported to `sink`. The exit status.
int inspect_aseprite(const std::filesystem::path& file, bool json, diag::Sink& sink,
                     std::ostream& out);

// The file compiled in memory as the definition above, named after the file's stem (pack
// and sheet); a file without tags gets one action of that name playing every frame for its
// duration, so it can be previewed too. The file is parsed here and again by def (cheap:
// cels are not inflated until the atlas draws them). Its diagnostics name the file without a line
// (the definition is not written anywhere). Empty when an error was reported.
std::optional<Compiled> compile_aseprite(const std::filesystem::path& file,
                                         const CompileOptions& options, diag::Sink& sink);

}  // namespace spritec::pipeline
