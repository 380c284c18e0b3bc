# cmake -P script: tsc -p PROJECT (tests/runtimes/CMakeLists.txt, js_runtime_types).
#
#   -DTSC=<tsc or TSC-NOTFOUND> -DPROJECT=<a folder with tsconfig.json>
#
# A missing tsc is a failure with the way to get it, never a skip.
cmake_minimum_required(VERSION 3.20)

foreach(var TSC PROJECT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_tsc.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT TSC OR NOT EXISTS "${TSC}")
  message(FATAL_ERROR "tsc was not found when the build was configured; the JavaScript "
                      "runtime's declarations are checked with it. Install Debian's "
                      "node-typescript (scripts/install-deps.sh) and re-run cmake.")
endif()
execute_process(
  COMMAND "${TSC}" -p "${PROJECT}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tsc -p ${PROJECT} failed (${rc}):\n${out}\n${err}")
endif()
