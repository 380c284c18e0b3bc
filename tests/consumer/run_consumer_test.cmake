# The consumer test, run by ctest as `cmake -P` (tests/consumer/CMakeLists.txt passes
# SPRITEC_SOURCE_DIR, SPRITEC_BUILD_DIR, WORK_DIR, NINJA, CXX_COMPILER):
#   1. install the built tree into WORK_DIR/prefix (`cmake --install`);
#   2. copy tests/consumer/project to WORK_DIR/src, add play.cpp cut from docs/runtime.md;
#      configure it with Ninja against the prefix and build it (two packs and play);
#   3. check that the packs were built by the installed spritec (and install with it);
#   4. play two scenes with the example program and compare every tick with
#      `spritec simulate`'s trace, and some blits with positions worked out by hand;
#   5. touch one image (then one definition) and check that Ninja rebuilds only its pack.
cmake_minimum_required(VERSION 3.20)

foreach(var SPRITEC_SOURCE_DIR SPRITEC_BUILD_DIR WORK_DIR NINJA CXX_COMPILER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_consumer_test.cmake: -D${var}=... is required")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
set(src ${WORK_DIR}/src)
set(build ${WORK_DIR}/build)
set(failures 0)

include(${CMAKE_CURRENT_LIST_DIR}/script_helpers.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# 1. Install.
run("cmake --install" ${CMAKE_COMMAND} --install ${SPRITEC_BUILD_DIR} --prefix ${prefix})
set(installed_spritec ${prefix}/bin/spritec)
foreach(f bin/spritec include/spritec/runtime/player.hpp include/spritec/runtime/spk_reader.hpp
          include/spritec/runtime/spk_layout.hpp include/spritec/runtime/xxh64.hpp
          include/spritec/runtime/pack_index.hpp)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${prefix}/${f}")
  endif()
endforeach()
# The installed include folder is the runtime's alone: a game adding it sees nothing else.
file(GLOB_RECURSE installed_headers RELATIVE ${prefix}/include ${prefix}/include/*)
foreach(f IN LISTS installed_headers)
  if(NOT f MATCHES "^spritec/runtime/[a-z0-9_]+\\.hpp$")
    message(FATAL_ERROR "installed beside the runtime headers: ${prefix}/include/${f}")
  endif()
endforeach()
file(GLOB_RECURSE config_files ${prefix}/*/spritecConfig.cmake)
list(LENGTH config_files n_config)
if(NOT n_config EQUAL 1)
  message(FATAL_ERROR "expected one installed spritecConfig.cmake, found: ${config_files}")
endif()

# 2. The outside project, with play.cpp cut from docs/runtime.md (the ```cpp block that
# starts with "// play.cpp").
include(${CMAKE_CURRENT_LIST_DIR}/prepare_project.cmake)
prepare_consumer_project(${SPRITEC_SOURCE_DIR} ${src})
file(READ ${SPRITEC_SOURCE_DIR}/docs/runtime.md doc)  # its sample output is checked below

run("configure the consumer" ${CMAKE_COMMAND} -S ${src} -B ${build} -G Ninja
    -DCMAKE_MAKE_PROGRAM=${NINJA} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
run("build the consumer" ${NINJA} -C ${build})

# 3. The package found and the compiler used are the installed ones.
file(STRINGS ${build}/CMakeCache.txt spritec_dir_line REGEX "^spritec_DIR:")
string(REGEX REPLACE "^spritec_DIR:[A-Z]+=" "" spritec_dir "${spritec_dir_line}")
get_filename_component(config_dir ${config_files} DIRECTORY)
truth(ok spritec_dir STREQUAL config_dir)
check("find_package(spritec) found the installed package (${spritec_dir})" ${ok})
file(STRINGS ${build}/spritec-used.txt used)
truth(ok used STREQUAL installed_spritec)
check("SPRITEC_EXECUTABLE is the installed spritec (${used})" ${ok})
run("ninja -t commands" ${NINJA} -C ${build} -t commands hero_pack)
string(FIND "${out}" "${installed_spritec} build ${src}/art/hero.sprites.yaml -o ${build}/packs/hero.spk --depfile" at)
truth(ok NOT at EQUAL -1)
check("the pack is built by the installed spritec with a depfile" ${ok})

run("install the consumer" ${CMAKE_COMMAND} --install ${build} --prefix ${WORK_DIR}/game)
truth(ok EXISTS ${WORK_DIR}/game/share/spritec_consumer/hero.spk AND
      EXISTS ${WORK_DIR}/game/share/spritec_consumer/fx.spk)
check("the consumer installs its packs through their targets' SPRITEC_PACK property" ${ok})

# 4. Ticks of the example program against the trace.
# trace_to_lines(<jsonl file> <out var>): the trace in play.cpp's "tick=... events=a,b" form.
function(trace_to_lines file out_var)
  file(STRINGS ${file} lines)
  set(result "")
  foreach(line IN LISTS lines)
    foreach(key tick action step view frame flip x y)
      string(JSON ${key} GET "${line}" ${key})
    endforeach()
    string(JSON n LENGTH "${line}" events)
    set(events "")
    if(n GREATER 0)
      math(EXPR last "${n} - 1")
      foreach(i RANGE ${last})
        string(JSON e GET "${line}" events ${i})
        list(APPEND events ${e})
      endforeach()
    endif()
    list(JOIN events "," events)
    # The boxes, as play.cpp prints them: " boxes=NAME:x,y,w,h|..." in the trace's order.
    set(boxes "")
    string(JSON n_boxes ERROR_VARIABLE no_boxes LENGTH "${line}" boxes)
    if(NOT no_boxes AND n_boxes GREATER 0)
      math(EXPR last "${n_boxes} - 1")
      set(parts "")
      foreach(i RANGE ${last})
        string(JSON name MEMBER "${line}" boxes ${i})
        set(numbers "")
        foreach(k RANGE 3)
          string(JSON v GET "${line}" boxes ${name} ${k})
          list(APPEND numbers ${v})
        endforeach()
        list(JOIN numbers "," numbers)
        list(APPEND parts "${name}:${numbers}")
      endforeach()
      list(JOIN parts "|" parts)
      set(boxes " boxes=${parts}")
    endif()
    list(APPEND result
      "tick=${tick} action=${action} step=${step} view=${view} frame=${frame} flip=${flip} x=${x} y=${y} events=${events}${boxes}")
  endforeach()
  set(${out_var} "${result}" PARENT_SCOPE)
endfunction()

# play_scene(<name> <play args...>): simulates art/<name>.scene.yaml, plays the same with
# the example program, compares every tick line; leaves play's lines in play_lines and the
# blit line of each tick in blit_<tick>.
macro(play_scene name)
  run("spritec simulate ${name}" ${installed_spritec} simulate ${src}/art/${name}.scene.yaml
      --ticks 40 --trace ${WORK_DIR}/${name}.jsonl --root ${src})
  trace_to_lines(${WORK_DIR}/${name}.jsonl expected)
  run("play ${name}" ${build}/play ${build}/packs/hero.spk ${ARGN})
  string(REPLACE "\n" ";" play_lines "${out}")
  set(got "")
  foreach(line IN LISTS play_lines)
    if(line MATCHES "^tick=([0-9]+) ")
      set(t ${CMAKE_MATCH_1})
      list(APPEND got "${line}")
    elseif(line MATCHES "^  blit ")
      set(blit_${t} "${line}")
    endif()
  endforeach()
  list(LENGTH expected n_expected)
  list(LENGTH got n_got)
  truth(ok n_expected EQUAL 41 AND n_got EQUAL 41)
  check("${name}: 41 trace lines (ticks 0..40), play printed ${n_got}" ${ok})
  set(mismatches 0)
  foreach(i RANGE 40)
    list(GET expected ${i} e)
    list(GET got ${i} g)
    if(NOT "${e}" STREQUAL "${g}")
      math(EXPR mismatches "${mismatches} + 1")
      message(STATUS "  trace: ${e}\n     play:  ${g}")
    endif()
  endforeach()
  truth(ok mismatches EQUAL 0)
  check("${name}: every tick of the example program equals the trace" ${ok})
endmacro()

# blit_is(<scene> <tick> <expected "size=WxH dst=X,Y mirror=M">): the end of that tick's
# blit line (its source rectangle depends on the packer, so it is not compared).
function(blit_is scene tick expected)
  string(LENGTH " ${expected}" n)
  string(LENGTH "${blit_${tick}}" total)
  set(tail "")
  if(total GREATER_EQUAL n)
    math(EXPR from "${total} - ${n}")
    string(SUBSTRING "${blit_${tick}}" ${from} -1 tail)
  endif()
  truth(ok tail STREQUAL " ${expected}")
  check("${scene}: tick ${tick} draws ${expected} (play: '${blit_${tick}}')" ${ok})
endfunction()

# Frames of art/hero.png (make_art.py): 8x8 cells, origin [4, 7]; trimming keeps each
# cell's opaque box, so the origin relative to the trimmed rectangle is
#   hero/0: box 2..5 x 1..7 -> 4x7, origin (4-2, 7-1) = (2, 6)
#   hero/1: box 1..6 x 0..7 -> 6x8, origin (3, 7)
#   hero/2: box 3..7 x 2..7 -> 5x6, origin (1, 5)
#   hero/3: box 0..4 x 3..6 -> 5x4, origin (4, 4) (below the box: the cell's bottom row)
# Drawn at (px, py): unflipped at (px - ox, py - oy); mirrored in x at px + ox - (w - 1).

# The hero at (20, 30) facing west (angle 180: view 1 of 2, the mirrored east), no input:
# attack (2 + 3 ticks, `hit` on tick 2), then walk (4 + 4 ticks; its second step moves
# -2 when it ends, on tick 13), whose cycle end with `move` released switches to stand.
play_scene(hero-stops attack 180 20 30 40)
set(stops_lines "${play_lines}")
blit_is(hero-stops 0 "size=5x6 dst=17,25 mirror=x")   # hero/2: 20 + 1 - 4, 30 - 5
blit_is(hero-stops 2 "size=5x4 dst=20,26 mirror=x")   # hero/3: 20 + 4 - 4, 30 - 4
blit_is(hero-stops 13 "size=4x7 dst=16,24 mirror=")   # stand hero/0 at x = 18: 18 - 2, 30 - 6

# Facing east with `move` held: the walk goes on, +2 at the end of every second step
# (ticks 13, 21, 29, 37), so x = 28 on tick 40, in step 0 (ticks 37..44 show step 0).
play_scene(hero-walks attack 0 20 30 40 move)
blit_is(hero-walks 9 "size=6x8 dst=17,23 mirror=")    # hero/1 at 20: 20 - 3, 30 - 7
blit_is(hero-walks 13 "size=4x7 dst=20,24 mirror=")   # hero/0 at 22: 22 - 2, 30 - 6
blit_is(hero-walks 40 "size=4x7 dst=26,24 mirror=")   # hero/0 at 28

# The sample output docs/runtime.md shows is what the program prints.
string(FIND "${doc}" "```\ntick=0 " begin)
string(SUBSTRING "${doc}" ${begin} -1 rest)
string(SUBSTRING "${rest}" 4 -1 rest)
string(FIND "${rest}" "\n```" end)
string(SUBSTRING "${rest}" 0 ${end} shown)
string(REPLACE "\n" ";" shown "${shown}")
list(LENGTH shown n_shown)
math(EXPR last "${n_shown} - 1")
set(doc_ok TRUE)
foreach(i RANGE ${last})
  list(GET shown ${i} s)
  list(GET stops_lines ${i} p)
  if(NOT "${s}" STREQUAL "${p}")
    set(doc_ok FALSE)
    message(STATUS "  doc:  ${s}\n     play: ${p}")
  endif()
endforeach()
check("docs/runtime.md's sample output (${n_shown} lines) is the program's" ${doc_ok})

# 5. Incremental rebuilds, decided by the depfiles.
run("ninja -n" ${NINJA} -C ${build} -n -d explain)
truth(ok out MATCHES "no work to do")
check("a built tree has nothing to do" ${ok})

# expect_rebuild(<what was touched> <pack that must rebuild> <pack that must not>)
function(expect_rebuild touched yes no)
  execute_process(COMMAND ${NINJA} -C ${build} -n -d explain
                  OUTPUT_VARIABLE dry ERROR_VARIABLE why RESULT_VARIABLE rc)
  string(REGEX MATCHALL "building pack [^\n]*" plan "${dry}")
  truth(ok plan STREQUAL "building pack ${yes}")
  check("after touching ${touched}, ninja plans exactly: building pack ${yes} (planned: ${plan})" ${ok})
  string(FIND "${why}" "${touched}" at)
  truth(ok NOT at EQUAL -1)
  check("ninja's explanation names ${touched}" ${ok})
  execute_process(COMMAND ${NINJA} -C ${build} OUTPUT_VARIABLE real RESULT_VARIABLE rc)
  string(REGEX MATCHALL "building pack [^\n]*" done "${real}")
  truth(ok rc EQUAL 0 AND done STREQUAL "building pack ${yes}")
  check("the rebuild built ${yes} only (built: ${done})" ${ok})
  execute_process(COMMAND ${NINJA} -C ${build} -n OUTPUT_VARIABLE after)
  truth(ok after MATCHES "no work to do")
  check("and then nothing is left to do" ${ok})
endfunction()

file(TOUCH ${src}/art/hero.png)
expect_rebuild(art/hero.png packs/hero.spk packs/fx.spk)
file(TOUCH ${src}/art/fx.sprites.yaml)
expect_rebuild(art/fx.sprites.yaml packs/fx.spk packs/hero.spk)
file(TOUCH ${src}/art/fx.png)
expect_rebuild(art/fx.png packs/fx.spk packs/hero.spk)
