# cmake -P script for one atlas format's check (tests/engines/spine/CMakeLists.txt).
#
#   -DSPRITEC=<spritec> -DENGINE_EXPECT=<engine_expect> -DNODE=<node or NODE-NOTFOUND>
#   -DSCRIPTS=<tests/engines/spine> -DSOURCE_DIR=<repository> -DFORMAT=spine|libgdx-legacy
#   -DWORK=<scratch dir>
#
# For every samples/*/*.sprites.yaml, tests/data/engines/flare/flare.sprites.yaml (when
# present, and its premultiplied.sprites.yaml: premultiplied, bled pages) and
# multipage.sprites.yaml (here: many pages) and tests/data/engines/geometry (boxes and
# points): build the pack (its pages embedded, and again as files beside it), export it twice (the two exports must be byte-identical and hold
# exactly STEM.atlas and the pack's pages STEM-N.png), write engine_expect's expectations and
# run check_atlas.mjs on the atlas. Every definition is tried; the test fails if any fails.
# A missing tool is a failure with the way to get it, never a silent skip.
cmake_minimum_required(VERSION 3.20)

foreach(var SPRITEC ENGINE_EXPECT NODE SCRIPTS SOURCE_DIR FORMAT WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_atlas_check.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "Node.js was not found when the build was configured; the ${FORMAT} "
                      "atlas check needs it. Install it (scripts/install-deps.sh) and re-run cmake.")
endif()
if(NOT EXISTS "${SCRIPTS}/node_modules/@esotericsoftware/spine-core/package.json"
   OR NOT EXISTS "${SCRIPTS}/node_modules/pngjs/package.json")
  message(FATAL_ERROR "${SCRIPTS}/node_modules is missing or incomplete; run "
                      "`npm ci --prefix tests/engines/spine` (scripts/install-deps.sh does it).")
endif()

file(GLOB defs "${SOURCE_DIR}/samples/*/*.sprites.yaml")
list(SORT defs)
if(NOT defs)
  message(FATAL_ERROR "no definitions found under ${SOURCE_DIR}/samples")
endif()
if(EXISTS "${SOURCE_DIR}/tests/data/engines/flare/flare.sprites.yaml")
  list(APPEND defs "${SOURCE_DIR}/tests/data/engines/flare/flare.sprites.yaml")
endif()
# Many pages (the samples have one each); its art is the knight sample's, so its root is
# the repository.
if(EXISTS "${SOURCE_DIR}/tests/data/engines/flare/premultiplied.sprites.yaml")
  # Premultiplied, bled pages (spine: pma:true; libgdx-legacy: straight).
  list(APPEND defs "${SOURCE_DIR}/tests/data/engines/flare/premultiplied.sprites.yaml")
endif()
list(APPEND defs "${SCRIPTS}/multipage.sprites.yaml")
# Boxes and points (issue 25): spine's custom values checked against values worked out by
# hand (check_atlas.mjs --geometry); libgdx-legacy must carry none.
if(EXISTS "${SOURCE_DIR}/tests/data/engines/geometry/geometry.sprites.yaml")
  list(APPEND defs "${SOURCE_DIR}/tests/data/engines/geometry/geometry.sprites.yaml")
endif()

file(REMOVE_RECURSE "${WORK}")
set(failed "")
set(cases "")
foreach(def ${defs})
  foreach(pages embed files)
    list(APPEND cases "${pages}|${def}")
  endforeach()
endforeach()
foreach(case ${cases})
  string(REGEX REPLACE "\\|.*$" "" pages "${case}")
  string(REGEX REPLACE "^[^|]*\\|" "" def "${case}")
  get_filename_component(name "${def}" NAME)
  string(REGEX REPLACE "\\.sprites\\.yaml$" "" name "${name}")
  get_filename_component(def_dir "${def}" DIRECTORY)
  set(work "${WORK}/${name}_${pages}")
  set(label "${name} (pages ${pages})")
  file(MAKE_DIRECTORY "${work}/pack")
  set(pack "${work}/pack/${name}.spk")

  set(root "${def_dir}")
  if(def_dir STREQUAL SCRIPTS)
    set(root "${SOURCE_DIR}")
  endif()
  execute_process(
    COMMAND "${SPRITEC}" build "${def}" -o "${pack}" --pages ${pages} --root "${root}"
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

  # Two exports into two directories: the same bytes, and nothing but the atlas and pages.
  set(ok TRUE)
  foreach(run a b)
    set(out_dir "${work}/${run}")
    file(MAKE_DIRECTORY "${out_dir}")
    execute_process(
      COMMAND "${SPRITEC}" export "${pack}" --format ${FORMAT} -o "${out_dir}/${name}.atlas"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(SEND_ERROR "${label}: spritec export --format ${FORMAT} failed (${rc}):\n${out}${err}")
      set(ok FALSE)
      break()
    endif()
    file(WRITE "${work}/export-${run}.stderr" "${err}")
  endforeach()
  if(NOT ok)
    list(APPEND failed "${label}")
    continue()
  endif()
  file(GLOB files_a RELATIVE "${work}/a" "${work}/a/*")
  file(GLOB files_b RELATIVE "${work}/b" "${work}/b/*")
  list(SORT files_a)
  list(SORT files_b)
  set(layout_ok TRUE)
  foreach(f ${files_a})
    if(NOT f STREQUAL "${name}.atlas" AND NOT f MATCHES "^${name}-[0-9]+\\.png$")
      message(SEND_ERROR "${label}: the ${FORMAT} export wrote ${f}, which is neither "
                         "${name}.atlas nor a page ${name}-N.png")
      set(layout_ok FALSE)
    endif()
  endforeach()
  if(NOT files_a STREQUAL files_b)
    message(SEND_ERROR "${label}: two exports wrote different files: [${files_a}] and [${files_b}]")
    set(layout_ok FALSE)
  else()
    foreach(f ${files_a})
      file(SHA256 "${work}/a/${f}" ha)
      file(SHA256 "${work}/b/${f}" hb)
      if(NOT ha STREQUAL hb)
        message(SEND_ERROR "${label}: two exports of the same pack differ in ${f}")
        set(layout_ok FALSE)
      endif()
    endforeach()
  endif()
  if(NOT layout_ok)
    list(APPEND failed "${label}")
    continue()
  endif()

  set(geometry "")
  if(def MATCHES "/tests/data/engines/geometry/")
    set(geometry "--geometry")
  endif()
  execute_process(
    COMMAND "${NODE}" "${SCRIPTS}/check_atlas.mjs" --format ${FORMAT} ${geometry}
            "${work}/a/${name}.atlas" "${work}/expect.json"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(SEND_ERROR "${label}: check_atlas.mjs (${rc}):\n${out}${err}")
    list(APPEND failed "${label}")
    continue()
  endif()
  string(STRIP "${out}" out)
  message(STATUS "${label}: ${out}")

  # Self-test: the same atlas with the first region's offsetY one more must fail the check.
  file(READ "${work}/a/${name}.atlas" text)
  if(FORMAT STREQUAL "spine")
    set(key "offsets:")
  else()
    set(key "  offset: ")
  endif()
  string(FIND "${text}" "\n${key}" at)
  if(at EQUAL -1)
    message(SEND_ERROR "${label}: the atlas has no '${key}' line to alter for the self-test")
    list(APPEND failed "${label}")
    continue()
  endif()
  string(LENGTH "\n${key}" key_length)
  math(EXPR value_at "${at} + ${key_length}")
  string(SUBSTRING "${text}" 0 ${value_at} head)
  string(SUBSTRING "${text}" ${value_at} -1 tail)
  if(NOT tail MATCHES "^(-?[0-9]+), *(-?[0-9]+)(.*)$")
    message(SEND_ERROR "${label}: cannot read the first '${key}' line for the self-test")
    list(APPEND failed "${label}")
    continue()
  endif()
  math(EXPR bumped "${CMAKE_MATCH_2} + 1")
  set(altered "${head}${CMAKE_MATCH_1},${bumped}${CMAKE_MATCH_3}")
  file(MAKE_DIRECTORY "${work}/altered")
  file(WRITE "${work}/altered/${name}.atlas" "${altered}")
  file(GLOB pages "${work}/a/*.png")
  file(COPY ${pages} DESTINATION "${work}/altered")
  execute_process(
    COMMAND "${NODE}" "${SCRIPTS}/check_atlas.mjs" --format ${FORMAT}
            "${work}/altered/${name}.atlas" "${work}/expect.json"
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT err MATCHES "offsetY")
    message(SEND_ERROR "${label}: self-test: check_atlas.mjs did not reject the atlas with one "
                       "region's offsetY altered (${rc}):\n${err}")
    list(APPEND failed "${label}")
  endif()
endforeach()

list(LENGTH cases total)
if(failed)
  list(LENGTH failed nfailed)
  list(JOIN failed ", " failed)
  message(FATAL_ERROR "${FORMAT} atlas check: ${nfailed} of ${total} packs failed: ${failed}")
endif()
message(STATUS "${FORMAT} atlas check: all ${total} packs pass")
