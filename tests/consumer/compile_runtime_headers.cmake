# The runtime headers as a game vendors them, run by ctest as `cmake -P`
# (tests/consumer/CMakeLists.txt passes SOURCE_DIR, WORK_DIR, GXX, CLANGXX):
#   1. the include root lib/runtime/include holds only spritec/runtime/*.hpp, and those
#      headers include only standard C++ headers (<name>, no extension) and each other;
#   2. with g++ and with clang++, each header compiles alone in its own translation unit
#      (included twice: its guard works) with nothing but -I lib/runtime/include;
#   3. runtime_uses.cpp, which uses every function and template, compiles with both, with
#      assertions on (-O0) and off (-O2 -DNDEBUG), so no template escapes the warnings.
# Warnings: the ones a game's build commonly turns on, as errors.
cmake_minimum_required(VERSION 3.20)

foreach(var SOURCE_DIR WORK_DIR GXX CLANGXX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compile_runtime_headers.cmake: -D${var}=... is required")
  endif()
endforeach()
foreach(var GXX CLANGXX)
  if(NOT ${var} OR NOT EXISTS "${${var}}")
    message(FATAL_ERROR "no ${var} compiler ('${${var}}'): install g++ and clang "
                        "(scripts/install-deps.sh) and reconfigure")
  endif()
endforeach()

set(root ${SOURCE_DIR}/lib/runtime/include)
set(flags -std=c++17 -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow -Wpedantic
          -Wold-style-cast -Wcast-qual -Wundef -Wdouble-promotion -Werror)
set(failures 0)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# 1. The include root and what the headers include.
file(GLOB_RECURSE everything RELATIVE ${root} ${root}/*)
set(headers "")
foreach(f IN LISTS everything)
  if(f MATCHES "^spritec/runtime/[a-z0-9_]+\\.hpp$")
    list(APPEND headers ${f})
  else()
    message(SEND_ERROR "FAILED: ${root}/${f} is not a runtime header (spritec/runtime/*.hpp)")
    math(EXPR failures "${failures} + 1")
  endif()
endforeach()
list(LENGTH headers n_headers)
if(n_headers LESS 5)
  message(FATAL_ERROR "expected the runtime's five headers under ${root}, found: ${headers}")
endif()
foreach(h IN LISTS headers)
  file(STRINGS ${root}/${h} includes REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS includes)
    if(NOT line MATCHES "#[ \t]*include[ \t]+(<[a-z_]+>|\"spritec/runtime/[a-z0-9_]+\\.hpp\")")
      message(SEND_ERROR "FAILED: ${h} includes something that is not standard C++ or the "
                         "runtime: ${line}")
      math(EXPR failures "${failures} + 1")
    endif()
  endforeach()
endforeach()

# compile(<what> <compiler> <source> <flags...>): compiles to an object in WORK_DIR.
function(compile what compiler source)
  get_filename_component(name ${source} NAME_WE)
  execute_process(
    COMMAND ${compiler} ${flags} ${ARGN} -I ${root} -c ${source} -o ${WORK_DIR}/${name}.o
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0)
    message(STATUS "ok: ${what}")
  else()
    message(SEND_ERROR "FAILED: ${what}\n${out}${err}")
  endif()
endfunction()

foreach(compiler ${GXX} ${CLANGXX})
  get_filename_component(cname ${compiler} NAME)
  # 2. Each header alone.
  foreach(h IN LISTS headers)
    get_filename_component(stem ${h} NAME_WE)
    set(tu ${WORK_DIR}/${cname}_${stem}_alone.cpp)
    file(WRITE ${tu} "#include \"${h}\"\n#include \"${h}\"  // twice: the guard\n")
    compile("${cname}: ${h} alone" ${compiler} ${tu} -O0)
  endforeach()
  # 3. Every template instantiated, assertions on and off.
  configure_file(${SOURCE_DIR}/tests/consumer/runtime_uses.cpp
                 ${WORK_DIR}/${cname}_uses_debug.cpp COPYONLY)
  configure_file(${SOURCE_DIR}/tests/consumer/runtime_uses.cpp
                 ${WORK_DIR}/${cname}_uses_release.cpp COPYONLY)
  compile("${cname}: runtime_uses.cpp, assertions on" ${compiler}
          ${WORK_DIR}/${cname}_uses_debug.cpp -O0)
  compile("${cname}: runtime_uses.cpp, -O2 -DNDEBUG" ${compiler}
          ${WORK_DIR}/${cname}_uses_release.cpp -O2 -DNDEBUG)
endforeach()
