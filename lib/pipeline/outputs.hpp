// Private helpers of the pipeline: how every command checks and writes its outputs
// (io/outputs.hpp does the work; this turns its answers into diagnostics and exit codes).
#pragma once

#include <ostream>
#include <string>

#include "compile.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/diag/result.hpp"
#include "spritec/io/outputs.hpp"

namespace spritec::pipeline {

// Adds a loaded pack's files to the plan's inputs: the pack and its page files, or the
// definition and every image it read.
void add_inputs(io::OutputPlan& plan, const LoadedPack& pack);

// Checks the plan. On a clash reports E0006 (an output would replace an input or another
// output) or E0007 (an output exists and is not a regular file) and returns false.
[[nodiscard]] bool check_outputs(const io::OutputPlan& plan, diag::Sink& sink);

// Reports an output that could not be written (E0005, through the sink like every other
// diagnostic) and returns exit code 3.
int write_failed(diag::Sink& sink, std::ostream& err, const std::string& command,
                 const diag::Failure& why);

}  // namespace spritec::pipeline
