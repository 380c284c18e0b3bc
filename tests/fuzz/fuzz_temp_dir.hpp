// An empty temporary directory for the whole process (created on first use, removed at
// exit), for targets whose code under test resolves paths: relative paths land in it and
// find nothing, and nothing outside it is a valid root.
#pragma once

#include <stdlib.h>  // mkdtemp

#include <filesystem>
#include <string>
#include <system_error>

#include "fuzz_check.hpp"

class FuzzTempDir {
 public:
  explicit FuzzTempDir(const char* prefix) {
    std::string tmpl = (std::filesystem::temp_directory_path() / prefix).string() + "-XXXXXX";
    const char* made = mkdtemp(tmpl.data());
    FUZZ_CHECK(made != nullptr);
    path_ = made;
  }
  ~FuzzTempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  FuzzTempDir(const FuzzTempDir&) = delete;
  FuzzTempDir& operator=(const FuzzTempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};
