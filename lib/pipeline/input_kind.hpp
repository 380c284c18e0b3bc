// Private helper of the pipeline: which kind of file a command was given, so that each
// command can say in one error that it was given the wrong kind.
#pragma once

#include <optional>
#include <string>

#include "spritec/diag/result.hpp"

namespace spritec::pipeline {

enum class InputKind { kDefinition, kScene, kPack, kAseprite, kOther };

// By name first (*.sprites.yaml, *.scene.yaml, *.spk, *.aseprite, *.ase), then by content:
// the pack signature, Aseprite's magic number (0xA5E0 at byte 4), or a YAML file whose
// top-level keys are a scene's (actors:, script:, stage:) or a definition's (sheets:,
// actions:). kOther when neither tells (a missing file, say): the
// command's own reader then reports what is wrong.
InputKind input_kind(const std::string& path);

// "a definition", "a scene", "a pack", "an Aseprite file".
const char* kind_name(InputKind kind);

// Fails when `path` is not of a kind in `accepted`, with one line for the user: what it is
// and which command takes it. Fine when it is (or its kind cannot be told).
diag::Status<> wrong_kind(const std::string& command, const std::string& path,
                          std::initializer_list<InputKind> accepted);

}  // namespace spritec::pipeline
