#include "input_kind.hpp"

#include <cstring>
#include <fstream>

#include "spritec/runtime/spk_layout.hpp"

namespace spritec::pipeline {

namespace {

bool ends_with(const std::string& s, const char* suffix) {
  std::size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

// The first 64 KiB: enough for the signature and a YAML file's first top-level keys.
std::string head(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::string text(64 * 1024, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));
  return text;
}

}  // namespace

InputKind input_kind(const std::string& path) {
  if (ends_with(path, ".sprites.yaml") || ends_with(path, ".sprites.yml"))
    return InputKind::kDefinition;
  if (ends_with(path, ".scene.yaml") || ends_with(path, ".scene.yml")) return InputKind::kScene;
  if (ends_with(path, ".spk")) return InputKind::kPack;
  if (ends_with(path, ".aseprite") || ends_with(path, ".ase")) return InputKind::kAseprite;
  std::string text = head(path);
  if (text.size() >= sizeof runtime::spk::kSignature &&
      std::memcmp(text.data(), runtime::spk::kSignature, sizeof runtime::spk::kSignature) == 0)
    return InputKind::kPack;
  // The header's WORD magic number 0xA5E0, little-endian, after its DWORD file size.
  if (text.size() >= 6 && static_cast<unsigned char>(text[4]) == 0xE0 &&
      static_cast<unsigned char>(text[5]) == 0xA5)
    return InputKind::kAseprite;
  // Top-level keys: lines that start in column 1 with a key and a colon.
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    at = end + 1;
    for (const char* key : {"actors:", "script:", "stage:"}) {
      if (line.rfind(key, 0) == 0) return InputKind::kScene;
    }
    for (const char* key : {"sheets:", "actions:", "atlas:"}) {
      if (line.rfind(key, 0) == 0) return InputKind::kDefinition;
    }
  }
  return InputKind::kOther;
}

const char* kind_name(InputKind kind) {
  switch (kind) {
    case InputKind::kDefinition:
      return "a definition";
    case InputKind::kScene:
      return "a scene";
    case InputKind::kPack:
      return "a pack";
    case InputKind::kAseprite:
      return "an Aseprite file";
    case InputKind::kOther:
      break;
  }
  return "a file";
}

diag::Status<> wrong_kind(const std::string& command, const std::string& path,
                          std::initializer_list<InputKind> accepted) {
  InputKind kind = input_kind(path);
  if (kind == InputKind::kOther) return {};
  for (InputKind k : accepted) {
    if (k == kind) return {};
  }
  std::string takes;
  std::size_t i = 0;
  for (InputKind k : accepted) {
    takes += (i == 0 ? "" : i + 1 == accepted.size() ? " or " : ", ");
    takes += kind_name(k);
    ++i;
  }
  std::string hint;
  switch (kind) {
    case InputKind::kDefinition:
      hint = "spritec check checks a definition, spritec build compiles it";
      break;
    case InputKind::kScene:
      hint = "spritec simulate runs a scene, spritec preview renders it";
      break;
    case InputKind::kPack:
      hint = "spritec inspect shows a pack, spritec unpack writes its frames";
      break;
    case InputKind::kAseprite:
      hint =
          "spritec inspect shows an Aseprite file, spritec preview plays its tags, a "
          "definition's sheet reads it with aseprite:";
      break;
    case InputKind::kOther:
      break;
  }
  return diag::fail("spritec " + command + ": " + path + " is " + kind_name(kind) + "; " + command +
                    " takes " + takes + " (" + hint + ")");
}

}  // namespace spritec::pipeline
