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

namespace {
thread_local std::string t_format = "text";
}

ReportFormat::ReportFormat(const std::string& format) : previous_(t_format) {
  t_format = format.empty() ? "text" : format;
}

ReportFormat::~ReportFormat() {
  t_format = previous_;
}

int report(diag::Sink& sink, std::ostream& err, bool werror) {
  sink.finalize(werror);
  if (t_format == "json") {
    diag::render_json(err, sink);
  } else if (t_format == "github") {
    diag::render_github(err, sink);
  } else {
    diag::render_text(err, sink, {use_color(-1), true});
  }
  return exit_status(sink);
}

int exit_status(const diag::Sink& sink) {
  for (const diag::Diagnostic& d : sink.diagnostics()) {
    // Internal faults and outputs that cannot be written are exit 3; bad input is 1.
    if (d.severity == diag::Severity::kError &&
        (d.code == diag::Code::kInternal || d.code == diag::Code::kWriteFailed))
      return 3;
  }
  return sink.has_errors() ? 1 : 0;
}

}  // namespace spritec::pipeline
