// A fresh scratch directory for a test of io: SPRITEC_BINARY_DIR/io/NAME, emptied.
#pragma once

#include <filesystem>
#include <string>

inline std::filesystem::path scratch(const std::string& name) {
  std::filesystem::path dir = std::filesystem::path(SPRITEC_BINARY_DIR) / "io" / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}
