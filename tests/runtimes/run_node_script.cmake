# cmake -P script: node SCRIPT ARGS... (tests/runtimes/CMakeLists.txt).
#
#   -DNODE=<node or NODE-NOTFOUND> -DSCRIPT=<a .mjs file> -DARGS=<a;list;of;arguments>
#
# Fails with the script's output when it exits non-zero. A missing node is a failure with
# the way to get it, never a skip.
cmake_minimum_required(VERSION 3.20)

foreach(var NODE SCRIPT ARGS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_node_script.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "Node.js was not found when the build was configured; the JavaScript "
                      "runtime's tests need it (node 18 or newer). Install it "
                      "(scripts/install-deps.sh) and re-run cmake.")
endif()
execute_process(
  COMMAND "${NODE}" "${SCRIPT}" ${ARGS}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "node ${SCRIPT} failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "${out}")
