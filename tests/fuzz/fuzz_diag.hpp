// What every fuzz target asks of the diagnostics it got: positions that are 1-based or none,
// and that they render in each of the CLI's forms.
#pragma once

#include <cstddef>
#include <sstream>

#include "fuzz_check.hpp"
#include "spritec/diag/render.hpp"

// Every diagnostic and note is at a 1-based line and column, or at none (0:0, a whole file).
inline void check_positions(const spritec::diag::Sink& sink) {
  for (const spritec::diag::Diagnostic& d : sink.diagnostics()) {
    FUZZ_CHECK(d.span.line >= 0 && d.span.column >= 0);
    FUZZ_CHECK((d.span.line == 0) == (d.span.column == 0));
    for (const spritec::diag::Note& n : d.notes)
      FUZZ_CHECK(n.span.line >= 0 && n.span.column >= 0 &&
                 (n.span.line == 0) == (n.span.column == 0));
  }
}

// Renders `sink` sorted as text, JSON and GitHub annotations; the bytes written, for the
// target's sink, so that nothing is optimised away.
inline std::size_t render_all(const spritec::diag::Sink& sink) {
  spritec::diag::Sink sorted = sink;
  sorted.finalize();
  std::ostringstream out;
  spritec::diag::render_text(out, sorted, spritec::diag::TextOptions{});
  spritec::diag::render_json(out, sorted);
  spritec::diag::render_github(out, sorted);
  return out.str().size();
}
