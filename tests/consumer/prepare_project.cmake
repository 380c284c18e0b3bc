# prepare_consumer_project(<spritec source dir> <dest>): the outside project of
# tests/consumer/project copied to <dest>, with play.cpp cut from docs/runtime.md (the
# ```cpp block that starts with "// play.cpp"). Shared by the consumer test (an installed
# build tree) and the package test (the installed .deb), tests/package/.
function(prepare_consumer_project spritec_source dest)
  file(COPY ${spritec_source}/tests/consumer/project/ DESTINATION ${dest})
  file(READ ${spritec_source}/docs/runtime.md doc)
  string(FIND "${doc}" "```cpp\n// play.cpp" begin)
  if(begin EQUAL -1)
    message(FATAL_ERROR "docs/runtime.md has no ```cpp block starting with // play.cpp")
  endif()
  math(EXPR begin "${begin} + 7")
  string(SUBSTRING "${doc}" ${begin} -1 rest)
  string(FIND "${rest}" "\n```" end)
  math(EXPR end "${end} + 1")
  string(SUBSTRING "${rest}" 0 ${end} play_cpp)
  file(WRITE ${dest}/play.cpp "${play_cpp}")
endfunction()
