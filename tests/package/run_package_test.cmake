# The package test, run by ctest as `cmake -P` (tests/package/CMakeLists.txt passes
# SPRITEC_SOURCE_DIR, SPRITEC_BUILD_DIR, WORK_DIR, NINJA, CXX_COMPILER, VERSION):
#   1. scripts/package.sh makes the .deb from the build tree (no rebuild: ctest runs on a
#      built tree); its control fields name the package, version and shared libraries;
#   2. `dpkg -x` unpacks it into WORK_DIR/root: spritec, the runtime headers and the CMake
#      package under usr/, nothing else;
#   3. the installed spritec checks and builds the hero sample (with an export whose
#      losses are allowed under --werror) and inspects the pack it built;
#   4. tests/consumer/project is configured with Ninja against WORK_DIR/root/usr and built:
#      find_package(spritec) finds the unpacked package and spritec_add_pack runs its
#      spritec; the example program plays a pack;
#   5. the same project with the Makefile generator: a touched image rebuilds its pack,
#      and then make has nothing to do (spritec_add_pack touches the pack: no restat).
cmake_minimum_required(VERSION 3.20)

foreach(var SPRITEC_SOURCE_DIR SPRITEC_BUILD_DIR WORK_DIR NINJA MAKE CXX_COMPILER VERSION)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_package_test.cmake: -D${var}=... is required")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/../consumer/script_helpers.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# 1. The package.
run("scripts/package.sh" ${SPRITEC_SOURCE_DIR}/scripts/package.sh ${SPRITEC_BUILD_DIR}
    ${WORK_DIR}/deb --no-build)
string(STRIP "${out}" out)
string(REGEX REPLACE ".*\n" "" deb "${out}")
truth(ok EXISTS "${deb}" AND deb MATCHES "/spritec_${VERSION}_[a-z0-9]+\\.deb$")
check("package.sh printed the package it made: ${deb}" ${ok})
if(NOT ok)
  message(FATAL_ERROR "no package")
endif()
run("dpkg-deb -f" dpkg-deb -f ${deb} Package Version Depends)
set(fields "${out}")
truth(ok fields MATCHES "Package: spritec\n" AND fields MATCHES "Version: ${VERSION}\n")
check("the package is spritec ${VERSION}" ${ok})
truth(ok fields MATCHES "Depends:[^\n]*libyaml-cpp" AND fields MATCHES "Depends:[^\n]*libgif")
check("its Depends name the shared libraries spritec links (${fields})" ${ok})

# 2. Unpacked.
set(root ${WORK_DIR}/root)
run("dpkg -x" dpkg -x ${deb} ${root})
set(spritec ${root}/usr/bin/spritec)
file(GLOB_RECURSE unpacked RELATIVE ${root} ${root}/*)
set(unexpected "")
foreach(f IN LISTS unpacked)
  if(NOT f MATCHES "^usr/bin/spritec$" AND
     NOT f MATCHES "^usr/lib/spritec/libspritec_http\\.so$" AND
     NOT f MATCHES "^usr/include/spritec/runtime/[a-z0-9_]+\\.hpp$" AND
     NOT f MATCHES "^usr/lib/([a-z0-9_-]+/)?cmake/spritec/(spritecConfig|spritecConfigVersion|SpritecPack)\\.cmake$")
    list(APPEND unexpected ${f})
  endif()
endforeach()
truth(ok EXISTS ${spritec} AND EXISTS ${root}/usr/lib/spritec/libspritec_http.so AND
      EXISTS ${root}/usr/include/spritec/runtime/player.hpp AND
      NOT unexpected)
check("the package holds spritec, its HTTP server plugin, the runtime headers and the CMake package only (also: ${unexpected})" ${ok})

# 3. The installed spritec at work.
run("spritec --version" ${spritec} --version)
truth(ok out MATCHES "^spritec ${VERSION} ")
check("the installed spritec is ${VERSION}: ${out}" ${ok})
# serve loads its HTTP server from ../lib/spritec/: it listens (stopped by the timeout).
execute_process(COMMAND ${spritec} serve ${SPRITEC_SOURCE_DIR}/samples/hero/hero.sprites.yaml
                        --port 0 --root ${SPRITEC_SOURCE_DIR}
                TIMEOUT 3 OUTPUT_VARIABLE out ERROR_VARIABLE err)
truth(ok out MATCHES "spritec serve: http://127\\.0\\.0\\.1:[0-9]+/")
check("the installed spritec serve finds its HTTP server and listens (${out}${err})" ${ok})
set(sample ${SPRITEC_SOURCE_DIR}/samples/hero)
execute_process(COMMAND ${spritec} check hero.sprites.yaml --format github
                WORKING_DIRECTORY ${sample} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
truth(ok rc EQUAL 0)
check("spritec check accepts the hero sample (${rc}: ${out}${err})" ${ok})
execute_process(COMMAND ${spritec} build hero.sprites.yaml -o ${WORK_DIR}/out/hero.spk --werror
                        --export godot4:${WORK_DIR}/out/godot/hero.tres --allow-loss all
                        --depfile ${WORK_DIR}/out/hero.d
                WORKING_DIRECTORY ${sample} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
truth(ok rc EQUAL 0 AND EXISTS ${WORK_DIR}/out/hero.spk AND EXISTS ${WORK_DIR}/out/godot/hero.tres)
check("spritec build writes the pack and its Godot export (${rc}: ${out}${err})" ${ok})
run("spritec inspect" ${spritec} inspect ${WORK_DIR}/out/hero.spk --json)
string(JSON n_actions LENGTH "${out}" actions)
truth(ok n_actions GREATER 0)
check("the pack it built holds ${n_actions} actions" ${ok})

# 4. A game's CMake project against the unpacked package.
include(${SPRITEC_SOURCE_DIR}/tests/consumer/prepare_project.cmake)
set(src ${WORK_DIR}/src)
set(build ${WORK_DIR}/build)
prepare_consumer_project(${SPRITEC_SOURCE_DIR} ${src})
run("configure the consumer" ${CMAKE_COMMAND} -S ${src} -B ${build} -G Ninja
    -DCMAKE_MAKE_PROGRAM=${NINJA} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${root}/usr
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
run("build the consumer" ${NINJA} -C ${build})
file(STRINGS ${build}/CMakeCache.txt spritec_dir_line REGEX "^spritec_DIR:")
string(REGEX REPLACE "^spritec_DIR:[A-Z]+=" "" spritec_dir "${spritec_dir_line}")
truth(ok spritec_dir MATCHES "^${root}/usr/lib/")
check("find_package(spritec) found the unpacked package (${spritec_dir})" ${ok})
file(STRINGS ${build}/spritec-used.txt used)
truth(ok used STREQUAL spritec)
check("spritec_add_pack runs the unpacked spritec (${used})" ${ok})
truth(ok EXISTS ${build}/packs/hero.spk AND EXISTS ${build}/packs/fx.spk AND
      EXISTS ${build}/godot/hero.tres)
check("the consumer's packs and the hero's Godot export were built" ${ok})
run("play" ${build}/play ${build}/packs/hero.spk attack 180 20 30 5)
truth(ok out MATCHES "tick=5 ")
check("the example program plays the pack" ${ok})
run("ninja again" ${NINJA} -C ${build} -n)
truth(ok out MATCHES "no work to do")
check("the built consumer has nothing left to do" ${ok})

# 5. The Makefile generator.
set(make_build ${WORK_DIR}/make-build)
run("configure the consumer for make" ${CMAKE_COMMAND} -S ${src} -B ${make_build}
    -G "Unix Makefiles" -DCMAKE_MAKE_PROGRAM=${MAKE} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${root}/usr
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
run("make" ${MAKE} -C ${make_build})
# The file system's clock moves in steps of a few milliseconds: touch well after the build.
execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 0.1)
file(TOUCH ${src}/art/hero.png)
run("make after a touch" ${MAKE} -C ${make_build})
string(REGEX MATCHALL "building pack [^\n]*" built "${out}")
truth(ok built STREQUAL "building pack packs/hero.spk")
check("make rebuilt the touched image's pack only (built: ${built})" ${ok})
run("make again" ${MAKE} -C ${make_build})
string(REGEX MATCHALL "building pack [^\n]*" built "${out}")
truth(ok NOT built)
check("and then make has nothing to build (built: ${built})" ${ok})
