// Renderers for diagnostics: compiler-style text (source line and caret, colour on a
// terminal), one JSON document (schemas/diagnostics.schema.json), and GitHub Actions
// workflow annotations. They write to a stream and never fail; a source line that
// cannot be read is simply not shown.
#pragma once

#include <iosfwd>
#include <string>

#include "spritec/diag/diagnostic.hpp"

namespace spritec::diag {

enum class Format { kText, kJson, kGithub };

struct TextOptions {
  bool colour = false;      // ANSI colours (only on a terminal, never with NO_COLOR)
  bool show_source = true;  // the source line and a caret under the span
};

// "file:line:col: error[E0203]: message", then the source line and a caret, then notes.
void render_text(std::ostream& out, const Sink& sink, const TextOptions& options);
// {"diagnostics":[…],"errors":N,"warnings":N}
void render_json(std::ostream& out, const Sink& sink);
// "::error file=…,line=…,col=…,endColumn=…,title=E0203::message" with GitHub's escaping.
void render_github(std::ostream& out, const Sink& sink);

void render(std::ostream& out, const Sink& sink, Format format, const TextOptions& options);

// "E0203" etc.
std::string code_id(Code code);
const char* severity_name(Severity severity);

}  // namespace spritec::diag
