# Per-target warning and sanitizer settings (STYLE.md habit 12: configurations of the
# same build, set per target, never in global CMAKE_CXX_FLAGS).
function(spritec_target_options target)
  get_target_property(kind ${target} TYPE)
  if(kind STREQUAL "INTERFACE_LIBRARY")
    set(scope INTERFACE)
  else()
    set(scope PRIVATE)
  endif()
  if(NOT scope STREQUAL "INTERFACE")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Wconversion -Wno-sign-conversion)
    # In a unity build each source is included into a unit, where GCC takes a class of the
    # source with a member of an anonymous-namespace type (an encoder's Impl) for one defined
    # in a header; the type is still the unit's own, so the warning says nothing there.
    get_target_property(unity ${target} UNITY_BUILD)
    if(unity AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
    endif()
    if(SPRITEC_WERROR)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
  if(SPRITEC_SANITIZE)
    set(san -fsanitize=${SPRITEC_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
    if(scope STREQUAL "INTERFACE")
      target_link_options(${target} INTERFACE ${san})
    else()
      target_compile_options(${target} PRIVATE ${san})
      target_link_options(${target} PUBLIC ${san})
    endif()
    # A sanitized executable is linked at a fixed address: as a position-independent one the
    # sanitized CLI applied 1.8 million relative relocations (the sanitizers' metadata) at
    # every start, a quarter of the 0.4 s each of the ~2,000 runs on bad inputs takes
    # (scripts/test.sh; docs/ci.md).
    if(kind STREQUAL "EXECUTABLE")
      target_link_options(${target} PRIVATE -no-pie)
    endif()
  endif()
endfunction()

# A module library lib/<name>/ whose public headers are lib/<name>/include/spritec/<name>/:
# that folder is its own include root, and a module sees the headers of exactly the modules
# it links (DEPS public, PRIVATE_DEPS for its sources only), so including a module it may
# not use does not compile (DESIGN.md section 7; tests/unit/architecture checks the graph).
function(spritec_add_module name)
  cmake_parse_arguments(M "" "" "SOURCES;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(spritec_${name} STATIC ${M_SOURCES})
  add_library(spritec::${name} ALIAS spritec_${name})
  target_include_directories(spritec_${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include)
  target_link_libraries(spritec_${name} PUBLIC ${M_DEPS} PRIVATE ${M_PRIVATE_DEPS})
  spritec_target_options(spritec_${name})
endfunction()

# Test code (Catch2 cases, the CLI tests) is compiled without optimisation: its sources are
# large and assertion-heavy but run once, and at -O0 they compile 2.5x faster than at -O2
# (tests/cli/cli_test.cpp: 46 s -> 18 s; docs/ci.md). The libraries and the CLI under test
# keep the build's own optimisation, so what is tested is what ships.
function(spritec_test_code_options target)
  target_compile_options(${target} PRIVATE -O0)
endfunction()
