#include "report.hpp"

#include <unistd.h>
#include <cstdlib>

namespace spritec::pipeline {

bool use_color(int forced) {
  if (forced >= 0) return forced != 0;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  return ::isatty(STDERR_FILENO) == 1;
}

bool use_progress(int forced) {
  if (forced >= 0) return forced != 0;
  const char* ci = std::getenv("CI");
  if (ci && *ci) return false;
  return ::isatty(STDERR_FILENO) == 1;
}

int report(diag::Sink& sink, std::ostream& err, bool werror) {
  sink.finalize(werror);
  diag::render_text(err, sink, {use_color(-1), true});
  return sink.has_errors() ? 1 : 0;
}

}  // namespace spritec::pipeline
