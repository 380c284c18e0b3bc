#include "report.hpp"

namespace spritec::pipeline {

namespace {
thread_local diag::Format t_format = diag::Format::kText;
thread_local bool t_colour = false;
}  // namespace

ReportFormat::ReportFormat(diag::Format format, bool colour)
    : previous_(t_format), previous_colour_(t_colour) {
  t_format = format;
  t_colour = colour;
}

ReportFormat::~ReportFormat() {
  t_format = previous_;
  t_colour = previous_colour_;
}

int report(diag::Sink& sink, std::ostream& err, bool werror) {
  sink.finalize(werror);
  diag::render(err, sink, t_format, {t_colour, true});
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
