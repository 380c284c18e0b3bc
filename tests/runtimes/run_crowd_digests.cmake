# cmake -P script for js_runtime_crowd_vs_cpp (tests/runtimes/CMakeLists.txt).
#
#   -DNODE=<node or NODE-NOTFOUND> -DREFERENCE=<js_crowd_reference> -DJS=<runtimes/js>
#   -DWORK=<scratch dir>
#
# Writes the crowd's pack, runs the C++ player and the JS runtime on it with per-tick
# digests, and fails at the first tick whose digests differ.
cmake_minimum_required(VERSION 3.20)

foreach(var NODE REFERENCE JS WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_crowd_digests.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "Node.js was not found when the build was configured; the JavaScript "
                      "runtime's tests need it. Install it (scripts/install-deps.sh) and re-run cmake.")
endif()
set(actors 2000)
set(ticks 600)
file(MAKE_DIRECTORY "${WORK}")
set(pack "${WORK}/crowd.json")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run("writing the crowd's pack" "${NODE}" "${JS}/bench/crowd_pack.mjs" "${pack}")
run("the C++ player" "${REFERENCE}" "${pack}" ${actors} ${ticks} digest)
set(cpp "${out}")
run("the JS runtime" "${NODE}" "${JS}/bench/crowd.mjs" --pack "${pack}" --actors ${actors}
    --ticks ${ticks} --digest)
set(js "${out}")

string(REPLACE "\n" ";" cpp_lines "${cpp}")
string(REPLACE "\n" ";" js_lines "${js}")
list(FILTER cpp_lines EXCLUDE REGEX "^$")
list(FILTER js_lines EXCLUDE REGEX "^$")
list(LENGTH cpp_lines n_cpp)
list(LENGTH js_lines n_js)
if(NOT n_cpp EQUAL ${ticks} OR NOT n_js EQUAL ${ticks})
  message(FATAL_ERROR "expected ${ticks} digests from each side, got ${n_cpp} (C++) and ${n_js} (JS)")
endif()
math(EXPR last "${ticks} - 1")
foreach(i RANGE ${last})
  list(GET cpp_lines ${i} a)
  list(GET js_lines ${i} b)
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "the JS runtime and the C++ player differ first after a tick: "
                        "C++ '${a}', JS '${b}' (${actors} actors of the crowd)")
  endif()
endforeach()
message(STATUS "${ticks} ticks of ${actors} actors: the same digests on both sides")
