// Private to serve: the page's files as compiled into the binary by cmake/EmbedFiles.cmake
// (a generated embedded_page.cpp), each under its file name.
#pragma once

#include <cstddef>
#include <vector>

namespace spritec::serve {

struct EmbeddedFile {
  const char* name;
  const char* bytes;
  std::size_t size;
};

const std::vector<EmbeddedFile>& embedded_page();

}  // namespace spritec::serve
