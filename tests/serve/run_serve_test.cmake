# cmake -P script for ctest serve_page (tests/serve/CMakeLists.txt).
#   -DSPRITEC=<spritec> -DNODE=<node or NODE-NOTFOUND> -DSOURCE_DIR=<repository>
#   -DWORK=<scratch dir> [-DSHOTS=<dir for the page's screenshots>]
# A missing tool is a failure with the way to get it, never a skip (as the engine checks).
cmake_minimum_required(VERSION 3.20)

foreach(var SPRITEC NODE SOURCE_DIR WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_serve_test.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "Node.js was not found when the build was configured; serve_page needs "
                      "it (node --test). Install it (scripts/install-deps.sh) and re-run cmake.")
endif()
set(browser "${SOURCE_DIR}/tests/engines/browser")
if(NOT EXISTS "${browser}/node_modules/playwright-core/package.json")
  message(FATAL_ERROR "${browser}/node_modules/playwright-core is missing; run "
                      "`npm ci --prefix tests/engines/browser` (scripts/install-deps.sh does it).")
endif()
if(NOT EXISTS "/usr/bin/chromium" AND NOT DEFINED ENV{SPRITEC_CHROMIUM})
  message(FATAL_ERROR "no Chromium at /usr/bin/chromium: install Debian's chromium "
                      "(scripts/install-deps.sh does it), or set SPRITEC_CHROMIUM.")
endif()

set(ENV{SPRITEC} "${SPRITEC}")
set(ENV{SPRITEC_SOURCE_DIR} "${SOURCE_DIR}")
set(ENV{SPRITEC_WORK} "${WORK}")
if(DEFINED SHOTS)
  set(ENV{SPRITEC_SERVE_SHOTS} "${SHOTS}")
endif()
execute_process(COMMAND "${NODE}" --test --test-reporter=spec "${SOURCE_DIR}/tests/serve/serve.test.mjs"
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "node --test tests/serve/serve.test.mjs failed (status ${status}): see above")
endif()
