# Every dependency comes from Debian's packages (scripts/install-deps.sh).
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)
find_package(yaml-cpp REQUIRED)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
if(SPRITEC_TESTS)
  find_package(Catch2 2 REQUIRED)
endif()
find_package(GIF REQUIRED)
find_package(benchmark QUIET)
pkg_check_modules(LIBDEFLATE REQUIRED IMPORTED_TARGET libdeflate)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)
# libpng writes indexed (palette) pages: IHDR, PLTE and tRNS (lib/image/png_palette.cpp).
pkg_check_modules(LIBPNG REQUIRED IMPORTED_TARGET libpng)
# libyaml reads the documents it reads exactly as yaml-cpp does, about 8x faster (a
# 10,000-actor scene: 18 ms against 138 ms); yaml-cpp reads the rest and every mistake
# (lib/yaml/reader.cpp).
pkg_check_modules(LIBYAML REQUIRED IMPORTED_TARGET yaml-0.1)

# stb and valijson are header-only packages.
add_library(spritec_stb INTERFACE)
target_include_directories(spritec_stb SYSTEM INTERFACE /usr/include/stb)
add_library(spritec_valijson INTERFACE)
target_link_libraries(spritec_valijson INTERFACE nlohmann_json::nlohmann_json)

# yaml-cpp 0.7's exported target is plain "yaml-cpp".
if(TARGET yaml-cpp AND NOT TARGET yaml-cpp::yaml-cpp)
  add_library(yaml-cpp::yaml-cpp ALIAS yaml-cpp)
endif()

# `spritec serve` (lib/serve): cpp-httplib is the HTTP server (Debian builds it as a shared
# library; its .pc file carries the defines the library was built with, which change the
# classes' layout, so it is used through pkg-config only).
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
