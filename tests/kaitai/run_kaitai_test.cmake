# cmake -P script for one Kaitai Struct test case (tests/kaitai/CMakeLists.txt).
#
#   -DSPRITEC=<spritec binary> -DNODE=<node or NODE-NOTFOUND> -DKSY=<spk.ksy>
#   -DSCRIPTS=<tests/kaitai> -DWORK=<scratch dir>
#   and either -DDEF=<*.sprites.yaml> [-DPAGES=embed|files]  (build the pack first)
#   or         -DPACK=<*.spk>                                 (an existing pack)
#
# Runs `spritec inspect --json` and `node parse_spk.js` on the pack and compares the two
# documents. Any missing tool is a failure with the way to get it, never a silent skip.
cmake_minimum_required(VERSION 3.20)

foreach(var SPRITEC NODE KSY SCRIPTS WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_kaitai_test.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "Node.js was not found when the build was configured; the Kaitai "
                      "Struct test needs it. Install it (scripts/install-deps.sh) and re-run cmake.")
endif()
if(NOT EXISTS "${SCRIPTS}/node_modules/kaitai-struct-compiler"
   OR NOT EXISTS "${SCRIPTS}/node_modules/kaitai-struct"
   OR NOT EXISTS "${SCRIPTS}/node_modules/js-yaml")
  message(FATAL_ERROR "${SCRIPTS}/node_modules is missing or incomplete; run "
                      "`npm ci --prefix tests/kaitai` (scripts/install-deps.sh does it).")
endif()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

if(DEFINED DEF)
  if(NOT DEFINED PAGES)
    set(PAGES embed)
  endif()
  set(PACK "${WORK}/pack.spk")
  get_filename_component(def_dir "${DEF}" DIRECTORY)
  execute_process(
    COMMAND "${SPRITEC}" build "${DEF}" -o "${PACK}" --pages ${PAGES}
    WORKING_DIRECTORY "${def_dir}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "spritec build ${DEF} failed (${rc}):\n${out}${err}")
  endif()
endif()
if(NOT DEFINED PACK)
  message(FATAL_ERROR "run_kaitai_test.cmake: give -DDEF=... or -DPACK=...")
endif()

execute_process(
  COMMAND "${SPRITEC}" inspect "${PACK}" --json
  RESULT_VARIABLE rc OUTPUT_FILE "${WORK}/inspect.json" ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spritec inspect --json ${PACK} failed (${rc}):\n${err}")
endif()

execute_process(
  COMMAND "${NODE}" "${SCRIPTS}/parse_spk.js" "${PACK}" "${KSY}"
  RESULT_VARIABLE rc OUTPUT_FILE "${WORK}/kaitai.json" ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "parse_spk.js could not parse ${PACK} with ${KSY} (${rc}):\n${err}")
endif()

execute_process(
  COMMAND "${NODE}" "${SCRIPTS}/compare_json.js" "${WORK}/inspect.json" "${WORK}/kaitai.json"
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spritec inspect --json and the Kaitai Struct parse disagree:\n${err}")
endif()
message(STATUS "${PACK}: spritec inspect --json and spk.ksy agree")
