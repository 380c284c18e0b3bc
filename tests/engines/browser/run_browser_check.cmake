# cmake -P script for one format's browser check (tests/engines/browser/CMakeLists.txt).
#
#   -DSPRITEC=<spritec> -DENGINE_EXPECT=<engine_expect> -DNODE=<node or NODE-NOTFOUND>
#   -DSCRIPTS=<tests/engines/browser> -DSOURCE_DIR=<repository>
#   -DFORMAT=phaser|pixi|aseprite-json -DLIBS=<runtimes, comma-separated: phaser,phaser4,pixi>
#   -DWORK=<scratch dir>
#
# For every samples/*/*.sprites.yaml and tests/data/engines/flare/flare.sprites.yaml (when
# present), its pages embedded and as files: build the pack, write engine_expect's
# expectations, export it twice (byte-identical, and only the files the format names), then
# check every export in every runtime in one Chromium start (check.mjs). The test fails if
# any case fails; a missing tool is a failure with the way to get it, never a skip.
cmake_minimum_required(VERSION 3.20)

foreach(var SPRITEC ENGINE_EXPECT NODE SCRIPTS SOURCE_DIR FORMAT LIBS WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_browser_check.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "Node.js was not found when the build was configured; the ${FORMAT} "
                      "browser check needs it. Install it (scripts/install-deps.sh) and re-run cmake.")
endif()
foreach(pkg phaser phaser4 pixi.js playwright-core)
  if(NOT EXISTS "${SCRIPTS}/node_modules/${pkg}/package.json")
    message(FATAL_ERROR "${SCRIPTS}/node_modules/${pkg} is missing; run "
                        "`npm ci --prefix tests/engines/browser` (scripts/install-deps.sh does it).")
  endif()
endforeach()
# check.mjs fails too without Chromium; saying it here keeps the message first.
if(NOT EXISTS "/usr/bin/chromium" AND NOT DEFINED ENV{SPRITEC_CHROMIUM})
  message(FATAL_ERROR "no Chromium at /usr/bin/chromium: install Debian's chromium "
                      "(scripts/install-deps.sh does it), or set SPRITEC_CHROMIUM.")
endif()

if(FORMAT STREQUAL "phaser")
  set(layout "^(STEM\\.json|STEM\\.anims\\.json|STEM-[0-9]+\\.png)$")
elseif(FORMAT STREQUAL "pixi")
  set(layout "^(STEM\\.json|STEM-[1-9][0-9]*\\.json|STEM-[0-9]+\\.png)$")
elseif(FORMAT STREQUAL "aseprite-json")
  set(layout "^(STEM\\.json|STEM\\.png)$")
else()
  message(FATAL_ERROR "run_browser_check.cmake: unknown format ${FORMAT}")
endif()
string(REPLACE "," ";" libs "${LIBS}")

file(GLOB defs "${SOURCE_DIR}/samples/*/*.sprites.yaml")
# The paperdoll's armours, helmet and shield export the master's animations over art of the
# same shape as the sword's: the master (paperdoll) and the sword, whose cells and origins
# are its own, stand for them here, and the Godot checks and test_cli's export test cover
# every piece (each browser definition costs seconds of a budget shared by the suite).
list(FILTER defs EXCLUDE REGEX "/samples/paperdoll/(helmet|leather|plate|shield)\\.sprites\\.yaml$")
list(SORT defs)
if(EXISTS "${SOURCE_DIR}/tests/data/engines/flare/flare.sprites.yaml")
  list(APPEND defs "${SOURCE_DIR}/tests/data/engines/flare/flare.sprites.yaml")
endif()
# Boxes and points (issue 25): read back through each engine (page/geometry_check.js).
if(EXISTS "${SOURCE_DIR}/tests/data/engines/geometry/geometry.sprites.yaml")
  list(APPEND defs "${SOURCE_DIR}/tests/data/engines/geometry/geometry.sprites.yaml")
endif()
# Exact timing (issue 27): packs at 24 and 12 ticks/s, stepped at exactly the tick rate in
# the phaser and pixi checks (page/common.js, stepMs): every step change on its tick.
foreach(rate 24 12)
  if(EXISTS "${SOURCE_DIR}/tests/data/engines/ticks/ticks${rate}.sprites.yaml")
    list(APPEND defs "${SOURCE_DIR}/tests/data/engines/ticks/ticks${rate}.sprites.yaml")
  endif()
endforeach()
# flare.png on premultiplied, bled pages: every browser format gets straight-alpha pages.
if(EXISTS "${SOURCE_DIR}/tests/data/engines/flare/premultiplied.sprites.yaml")
  list(APPEND defs "${SOURCE_DIR}/tests/data/engines/flare/premultiplied.sprites.yaml")
endif()
if(NOT defs)
  message(FATAL_ERROR "no definitions found under ${SOURCE_DIR}/samples")
endif()

file(REMOVE_RECURSE "${WORK}")
set(failed "")
set(cases "")
set(total 0)
foreach(def ${defs})
  get_filename_component(name "${def}" NAME)
  string(REGEX REPLACE "\\.sprites\\.yaml$" "" name "${name}")
  get_filename_component(def_dir "${def}" DIRECTORY)
  set(storages embed files)
  if(def MATCHES "/tests/data/engines/ticks/")
    set(storages embed)  # timing only: one storage of pages is enough
  endif()
  foreach(pages ${storages})
    math(EXPR total "${total} + 1")
    set(work "${WORK}/${name}_${pages}")
    set(label "${name} (pages ${pages})")
    file(MAKE_DIRECTORY "${work}/pack")
    set(pack "${work}/pack/${name}.spk")
    execute_process(
      COMMAND "${SPRITEC}" build "${def}" -o "${pack}" --pages ${pages}
      WORKING_DIRECTORY "${def_dir}"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(SEND_ERROR "${label}: spritec build ${def} failed (${rc}):\n${out}${err}")
      list(APPEND failed "${label}")
      continue()
    endif()
    execute_process(
      COMMAND "${ENGINE_EXPECT}" "${pack}"
      RESULT_VARIABLE rc OUTPUT_FILE "${work}/expect.json" ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(SEND_ERROR "${label}: engine_expect ${pack} failed (${rc}):\n${err}")
      list(APPEND failed "${label}")
      continue()
    endif()

    # Two exports into two directories: the same bytes, and only the format's files.
    set(ok TRUE)
    foreach(run a b)
      file(MAKE_DIRECTORY "${work}/${run}")
      execute_process(
        COMMAND "${SPRITEC}" export "${pack}" --format ${FORMAT} -o "${work}/${run}/${name}.json"
                --diagnostics json
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
      file(WRITE "${work}/export-${run}.json" "${err}")
      if(NOT rc EQUAL 0)
        message(SEND_ERROR "${label}: spritec export --format ${FORMAT} failed (${rc}):\n${out}${err}")
        set(ok FALSE)
        break()
      endif()
    endforeach()
    if(ok)
      file(GLOB files_a RELATIVE "${work}/a" "${work}/a/*")
      file(GLOB files_b RELATIVE "${work}/b" "${work}/b/*")
      list(SORT files_a)
      list(SORT files_b)
      string(REPLACE "STEM" "${name}" name_layout "${layout}")
      foreach(f ${files_a})
        if(NOT f MATCHES "${name_layout}")
          message(SEND_ERROR "${label}: the ${FORMAT} export wrote ${f}, not one of its files (${layout})")
          set(ok FALSE)
        endif()
      endforeach()
      if(NOT files_a STREQUAL files_b)
        message(SEND_ERROR "${label}: two exports wrote different files: [${files_a}] and [${files_b}]")
        set(ok FALSE)
      else()
        foreach(f ${files_a})
          file(SHA256 "${work}/a/${f}" ha)
          file(SHA256 "${work}/b/${f}" hb)
          if(NOT ha STREQUAL hb)
            message(SEND_ERROR "${label}: two exports of the same pack differ in ${f}")
            set(ok FALSE)
          endif()
        endforeach()
      endif()
    endif()
    if(NOT ok)
      list(APPEND failed "${label}")
      continue()
    endif()
    foreach(lib ${libs})
      set(geometry "")
      if(def MATCHES "/tests/data/engines/geometry/")
        set(geometry ", \"geometry\": true")
      endif()
      # Whole ms (aseprite-json) cannot be exact at 24 or 12 ticks/s: checked at half ticks.
      if(def MATCHES "/tests/data/engines/ticks/" AND NOT FORMAT STREQUAL "aseprite-json")
        set(geometry "${geometry}, \"exact\": true")
      endif()
      list(APPEND cases "{\"name\": \"${name}_${pages}\", \"format\": \"${FORMAT}\", \"lib\": \"${lib}\", \"out\": \"${work}/a/${name}.json\", \"expect\": \"${work}/expect.json\", \"diagnostics\": \"${work}/export-a.json\"${geometry}}")
    endforeach()
  endforeach()
endforeach()

# Two packs in one game (issue 27, export --prefix): ticks24 and ticks12 have the same
# action and frame names; exported with --prefix a/ and b/ beside each other, both load
# into one Phaser game or one Pixi app (page/prefix_check.js): no key is said to exist
# already, and each animation shows its own pack's frames, stepped at its own tick rate.
if(NOT FORMAT STREQUAL "aseprite-json" AND EXISTS "${WORK}/ticks24_embed/expect.json"
   AND EXISTS "${WORK}/ticks12_embed/expect.json")
  math(EXPR total "${total} + 1")
  file(MAKE_DIRECTORY "${WORK}/prefix")
  foreach(pair "ticks24;a" "ticks12;b")
    list(GET pair 0 name)
    list(GET pair 1 stem)
    execute_process(
      COMMAND "${SPRITEC}" export "${WORK}/${name}_embed/pack/${name}.spk" --format ${FORMAT}
              -o "${WORK}/prefix/${stem}.json" --prefix "${stem}/"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(SEND_ERROR "prefix: spritec export --prefix ${stem}/ failed (${rc}):\n${out}${err}")
      list(APPEND failed "prefix")
    endif()
  endforeach()
  foreach(lib ${libs})
    list(APPEND cases "{\"name\": \"prefix\", \"format\": \"${FORMAT}\", \"lib\": \"${lib}\", \"out\": \"${WORK}/prefix/a.json\", \"expect\": \"${WORK}/ticks24_embed/expect.json\", \"prefix\": {\"out\": \"b.json\", \"expect\": \"${WORK}/ticks12_embed/expect.json\"}, \"exact\": true}")
  endforeach()
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
  message(FATAL_ERROR "${FORMAT} browser check failed (${total} packs): ${failed}")
endif()
message(STATUS "${FORMAT} browser check: all ${total} packs pass in ${LIBS}")
