# Helpers of the consumer and package test scripts (cmake -P): run, check, truth.

# run(<what> <command...>): runs a command, stops the test with its output when it fails;
# its stdout is left in `out`, its stderr in `err`.
macro(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}): ${ARGN}\n--- stdout\n${out}\n--- stderr\n${err}")
  endif()
endmacro()

# check(<message> <ok>): reports a result; a failure does not stop the run, so one run
# lists every failure. The callers compute <ok> with if() first (a condition passed through
# a function's arguments loses its quoting).
function(check message ok)
  if(ok)
    message(STATUS "ok: ${message}")
  else()
    message(SEND_ERROR "FAILED: ${message}")
  endif()
endfunction()
macro(truth var)  # truth(<var> <condition...>): var = TRUE when the condition holds
  if(${ARGN})
    set(${var} TRUE)
  else()
    set(${var} FALSE)
  endif()
endmacro()
