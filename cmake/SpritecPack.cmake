# spritec_add_pack(): compile a sprite definition into a pack (.spk) at build time.
#
#   spritec_add_pack(TARGET hero_pack
#                    DEFINITION art/hero.sprites.yaml   # relative to the current source dir
#                    OUTPUT hero.spk                    # relative to the current binary dir
#                    [ROOT dir]                         # inputs must stay inside it
#                    [OPTIONS --werror --pages files …] # more `spritec build` flags
#                    [EXCLUDE_FROM_ALL])
#
# A pack exported for an engine in the same step, failing on any warning but the losses
# the engine's format is known to have (--allow-loss: Godot cannot carry events and
# transitions; a definition's own warnings still fail):
#
#   spritec_add_pack(TARGET hero_pack DEFINITION art/hero.sprites.yaml OUTPUT hero.spk
#                    OPTIONS --werror --export godot4:godot/hero.tres
#                            --allow-loss W0701,W0702)
#
# The command runs in the current binary directory: relative paths in OPTIONS are relative
# to it (godot/hero.tres beside hero.spk), as CMake reads the depfile's relative paths.
#
# Creates a custom target TARGET (built by `all` unless EXCLUDE_FROM_ALL) that runs
# `spritec build DEFINITION -o OUTPUT --depfile OUTPUT.d --root ROOT`. The depfile lists
# the definition and every image it reads, so Ninja and Make rebuild the pack exactly
# when one of them changes (a new image matched by a `files:` pattern is seen once the
# definition or another input changes). A rebuild that gives the same pack leaves it
# untouched, so Ninja (restat, as CMake's custom commands have) skips what depends on it;
# with the Makefile generators, which have no restat, the pack is touched after each
# build instead, so make does not run spritec again and again. The target's SPRITEC_PACK
# property holds the pack's absolute path; make other targets wait for it with
# add_dependencies().
#
# ROOT defaults to the top-level source directory, or the definition's own directory when
# the definition lies outside it. Page files written by `--pages files` and `--json`
# outputs are not declared as outputs (their number depends on the atlas).
#
# The compiler run is, in this order: ${SPRITEC_EXECUTABLE} when set (the package's
# config file sets it to the installed spritec), else the target spritec::spritec (the
# in-tree build). Failure: a configure-time error for missing or unknown arguments; a
# failing `spritec build` fails the build and leaves an existing pack untouched.
include_guard(GLOBAL)

# Functions record the policies in force where they are defined: CMP0116 NEW makes the
# Ninja generator rewrite the depfile's paths itself, whatever the caller's minimum version.
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 NEW)
endif()

function(spritec_add_pack)
  cmake_parse_arguments(PARSE_ARGV 0 P "EXCLUDE_FROM_ALL" "TARGET;DEFINITION;OUTPUT;ROOT" "OPTIONS")
  if(P_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "spritec_add_pack: unknown arguments: ${P_UNPARSED_ARGUMENTS}")
  endif()
  foreach(required TARGET DEFINITION OUTPUT)
    if(NOT P_${required})
      message(FATAL_ERROR "spritec_add_pack: ${required} is required")
    endif()
  endforeach()

  get_filename_component(definition "${P_DEFINITION}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_filename_component(output "${P_OUTPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  if(P_ROOT)
    get_filename_component(root "${P_ROOT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  else()
    file(RELATIVE_PATH inside "${CMAKE_SOURCE_DIR}" "${definition}")
    if(inside MATCHES "^\\.\\./" OR IS_ABSOLUTE "${inside}")
      get_filename_component(root "${definition}" DIRECTORY)
    else()
      set(root "${CMAKE_SOURCE_DIR}")
    endif()
  endif()

  set(depends "${definition}")
  if(SPRITEC_EXECUTABLE)
    set(compiler "${SPRITEC_EXECUTABLE}")
    list(APPEND depends "${SPRITEC_EXECUTABLE}")  # a new spritec rebuilds the packs
  elseif(TARGET spritec::spritec)
    set(compiler "$<TARGET_FILE:spritec::spritec>")
    list(APPEND depends "$<TARGET_FILE:spritec::spritec>")
  else()
    message(FATAL_ERROR "spritec_add_pack: no spritec: find_package(spritec) first, or set SPRITEC_EXECUTABLE")
  endif()

  # Make has no restat: without a touch an unchanged pack keeps its old time, older than
  # the input that was touched, and make would run spritec on every build.
  set(touch "")
  if(NOT CMAKE_GENERATOR MATCHES "Ninja")
    set(touch COMMAND "${CMAKE_COMMAND}" -E touch_nocreate "${output}")
  endif()

  set(depfile "${output}.d")
  get_filename_component(output_dir "${output}" DIRECTORY)
  file(MAKE_DIRECTORY "${output_dir}")
  add_custom_command(
    OUTPUT "${output}"
    COMMAND "${compiler}" build "${definition}" -o "${output}" --depfile "${depfile}" --root "${root}"
            ${P_OPTIONS}
    ${touch}
    DEPENDS ${depends}
    DEPFILE "${depfile}"
    # CMake reads relative paths of a depfile as relative to the current binary directory
    # (CMP0116), and spritec writes them relative to where it runs: the same directory.
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
    COMMENT "spritec: building pack ${P_OUTPUT}"
    VERBATIM COMMAND_EXPAND_LISTS)

  if(P_EXCLUDE_FROM_ALL)
    add_custom_target(${P_TARGET} DEPENDS "${output}")
  else()
    add_custom_target(${P_TARGET} ALL DEPENDS "${output}")
  endif()
  set_target_properties(${P_TARGET} PROPERTIES SPRITEC_PACK "${output}")
  if(NOT SPRITEC_EXECUTABLE AND TARGET spritec::spritec)
    get_target_property(imported spritec::spritec IMPORTED)
    if(NOT imported)
      get_target_property(real spritec::spritec ALIASED_TARGET)
      add_dependencies(${P_TARGET} ${real})
    endif()
  endif()
endfunction()
