// Private helpers of the pipeline: how diagnostics and progress reach the user.
#pragma once

#include <ostream>
#include <string>

#include "spritec/diag/render.hpp"

namespace spritec::pipeline {

// Colour only on a terminal and never with NO_COLOR set. `forced` -1 = decide.
bool use_color(int forced);
// Progress only on a terminal and not in CI. `forced` -1 = decide.
bool use_progress(int forced);

// Finalizes and renders the sink as text on `err` (used by every command but check's
// machine formats). Returns the exit code for it: 1 with errors, else 0.
int report(diag::Sink& sink, std::ostream& err, bool werror = false);

}  // namespace spritec::pipeline
