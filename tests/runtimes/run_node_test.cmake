# cmake -P script for one node test file (tests/runtimes/CMakeLists.txt).
#
#   -DNODE=<node or NODE-NOTFOUND> -DTEST=<a *.test.mjs file>
#
# Runs `node --test TEST` and fails with its output when a test fails. A missing node is a
# failure with the way to get it, never a skip.
cmake_minimum_required(VERSION 3.20)

foreach(var NODE TEST)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_node_test.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "Node.js was not found when the build was configured; the JavaScript "
                      "runtime's tests need it (node 18 or newer). Install it "
                      "(scripts/install-deps.sh) and re-run cmake.")
endif()
execute_process(
  COMMAND "${NODE}" --test "${TEST}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "node --test ${TEST} failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "${out}")
