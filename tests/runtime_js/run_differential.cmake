# ctest's runtime_js_differential: runs differential.test.mjs under node's own test runner
# with make_cases' cases for seeds SEED .. SEED + COUNT - 1.
#   cmake -DNODE=… -DMAKE_CASES=… -DTEST_FILE=… -DSEED=1 -DCOUNT=10000 -P run_differential.cmake
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR
    "runtime_js_differential needs Node.js 18 or newer (it runs node --test), and none was "
    "found when the build was configured: install it (Debian: apt-get install nodejs; or "
    "https://nodejs.org), then configure again (cmake -S . -B build)")
endif()
set(ENV{SPRITEC_MAKE_CASES} "${MAKE_CASES}")
set(ENV{SPRITEC_JS_SEED} "${SEED}")
set(ENV{SPRITEC_JS_COUNT} "${COUNT}")
execute_process(COMMAND "${NODE}" --test "${TEST_FILE}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "node --test ${TEST_FILE} failed (status ${status}): see above")
endif()
