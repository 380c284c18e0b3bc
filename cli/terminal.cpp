#include "terminal.hpp"

#include <unistd.h>

#include <cstdlib>

namespace spritec::cli {

namespace {

bool set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0';
}

}  // namespace

Terminal detect_terminal() {
  const bool tty = ::isatty(STDERR_FILENO) == 1;
  Terminal t;
  t.colour = tty && !set("NO_COLOR");
  t.progress = tty && !set("CI");
  return t;
}

}  // namespace spritec::cli
