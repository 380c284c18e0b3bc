# cmake -P script for the JS runtime's engine check (issue 27; tests/engines/browser/CMakeLists.txt).
#
#   -DSPRITEC=<spritec> -DNODE=<node or NODE-NOTFOUND> -DSCRIPTS=<tests/engines/browser>
#   -DSOURCE_DIR=<repository> -DLIBS=<engines, comma-separated: phaser,phaser4,pixi>
#   -DWORK=<scratch dir> [-DSHOTS=<dir for one screenshot per engine>]
#
# For every samples/*/*.scene.yaml and the scenes of tests/data/engines/runtime/ and
# tests/data/conformance/replay.scene.yaml: `spritec simulate SCENE --trace --replay`, each
# pack of the scene built and exported as spritec-json beside them, then every scene played
# in every engine with runtimes/js and its adapter in one Chromium start (check.mjs,
# page/runtime_check.mjs), compared tick by tick with the trace. A missing tool is a
# failure with the way to get it, never a skip.
cmake_minimum_required(VERSION 3.20)

foreach(var SPRITEC NODE SCRIPTS SOURCE_DIR LIBS WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_runtime_check.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "Node.js was not found when the build was configured; the runtime "
                      "engine check needs it. Install it (scripts/install-deps.sh) and re-run cmake.")
endif()
foreach(pkg phaser phaser4 pixi.js playwright-core)
  if(NOT EXISTS "${SCRIPTS}/node_modules/${pkg}/package.json")
    message(FATAL_ERROR "${SCRIPTS}/node_modules/${pkg} is missing; run "
                        "`npm ci --prefix tests/engines/browser` (scripts/install-deps.sh does it).")
  endif()
endforeach()
if(NOT EXISTS "/usr/bin/chromium" AND NOT DEFINED ENV{SPRITEC_CHROMIUM})
  message(FATAL_ERROR "no Chromium at /usr/bin/chromium: install Debian's chromium "
                      "(scripts/install-deps.sh does it), or set SPRITEC_CHROMIUM.")
endif()
string(REPLACE "," ";" libs "${LIBS}")

file(GLOB scenes "${SOURCE_DIR}/samples/*/*.scene.yaml" "${SOURCE_DIR}/tests/data/engines/runtime/*.scene.yaml")
list(APPEND scenes "${SOURCE_DIR}/tests/data/conformance/replay.scene.yaml")
list(SORT scenes)

file(REMOVE_RECURSE "${WORK}")
set(failed "")
set(cases "")
foreach(scene ${scenes})
  get_filename_component(name "${scene}" NAME)
  string(REGEX REPLACE "\\.scene\\.yaml$" "" name "${name}")
  get_filename_component(scene_dir "${scene}" DIRECTORY)
  set(work "${WORK}/${name}")
  file(MAKE_DIRECTORY "${work}")
  execute_process(
    COMMAND "${SPRITEC}" simulate "${scene}" --root "${SOURCE_DIR}"
            --trace "${work}/trace.jsonl" --replay "${work}/replay.json"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(SEND_ERROR "${name}: spritec simulate failed (${rc}):\n${out}${err}")
    list(APPEND failed "${name}")
    continue()
  endif()
  # Each pack of the replay (name, path relative to the scene) as NAME.json + NAME-N.png.
  file(READ "${work}/replay.json" replay)
  string(JSON npacks LENGTH "${replay}" packs)
  math(EXPR last "${npacks} - 1")
  set(ok TRUE)
  foreach(i RANGE ${last})
    string(JSON pack_name GET "${replay}" packs ${i} name)
    string(JSON pack_path GET "${replay}" packs ${i} path)
    set(src "${scene_dir}/${pack_path}")
    get_filename_component(src_dir "${src}" DIRECTORY)
    if(src MATCHES "\\.spk$")
      set(spk "${src}")
    else()
      set(spk "${work}/${pack_name}.spk")
      execute_process(
        COMMAND "${SPRITEC}" build "${src}" -o "${spk}" --root "${SOURCE_DIR}"
        WORKING_DIRECTORY "${src_dir}"
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
      if(NOT rc EQUAL 0)
        message(SEND_ERROR "${name}: spritec build ${src} failed (${rc}):\n${out}${err}")
        set(ok FALSE)
        break()
      endif()
    endif()
    execute_process(
      COMMAND "${SPRITEC}" export "${spk}" --format spritec-json -o "${work}/${pack_name}.json"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(SEND_ERROR "${name}: spritec export ${spk} --format spritec-json failed (${rc}):\n${out}${err}")
      set(ok FALSE)
      break()
    endif()
  endforeach()
  if(NOT ok)
    list(APPEND failed "${name}")
    continue()
  endif()
  foreach(lib ${libs})
    set(shot "")
    if(DEFINED SHOTS)
      set(shot ", \"screenshot\": \"${SHOTS}/${name}-${lib}.png\"")
    endif()
    list(APPEND cases "{\"name\": \"${name}\", \"format\": \"runtime\", \"lib\": \"${lib}\", \"out\": \"${work}/replay.json\"${shot}}")
  endforeach()
endforeach()

# docs/engines.md's "A web game in 20 lines", run as written in each engine on the hero
# sample's pack and played with the keyboard (check.mjs, playExample).
if(EXISTS "${WORK}/hero/hero.json")
  foreach(lib ${libs})
    list(APPEND cases "{\"name\": \"docs-example\", \"format\": \"example\", \"lib\": \"${lib}\", \"out\": \"${WORK}/hero/hero.json\", \"docs\": \"${SOURCE_DIR}/docs/engines.md\"}")
  endforeach()
else()
  list(APPEND failed "no hero sample pack for docs/engines.md's example")
endif()

if(cases)
  list(JOIN cases ",\n  " cases_json)
  file(WRITE "${WORK}/manifest.json" "{\"cases\": [\n  ${cases_json}\n]}\n")
  execute_process(
    COMMAND "${NODE}" "${SCRIPTS}/check.mjs" "${WORK}/manifest.json"
    WORKING_DIRECTORY "${SCRIPTS}"
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    list(APPEND failed "the browser check (${rc}; its lines above)")
  endif()
endif()

if(failed)
  list(JOIN failed ", " failed)
  message(FATAL_ERROR "runtime engine check failed: ${failed}")
endif()
list(LENGTH scenes nscenes)
message(STATUS "runtime engine check: all ${nscenes} scenes pass in ${LIBS}")
