// Private helpers of the pipeline: how diagnostics and progress reach the user.
#pragma once

#include <ostream>
#include <string>

#include "spritec/diag/render.hpp"

namespace spritec::pipeline {

// Finalizes and renders the sink on `err`: as text, or in the format of the ReportFormat in
// scope (--format json|github of every command but check, which renders its own on stdout).
// Returns the exit code for it (exit_status).
int report(diag::Sink& sink, std::ostream& err, bool werror = false);

// The exit code for a sink's diagnostics: 3 when one of its errors is an internal failure
// (E0901, such as running out of memory), else 1 with errors, else 0.
int exit_status(const diag::Sink& sink);

// While alive, report() on this thread renders diagnostics as `format` (text, json, github),
// text in ANSI colour when `colour` (the options' colour: the CLI decides, lib/ never looks
// at the terminal or the environment).
class ReportFormat {
 public:
  ReportFormat(diag::Format format, bool colour);
  ~ReportFormat();
  ReportFormat(const ReportFormat&) = delete;
  ReportFormat& operator=(const ReportFormat&) = delete;

 private:
  diag::Format previous_;
  bool previous_colour_;
};

}  // namespace spritec::pipeline
