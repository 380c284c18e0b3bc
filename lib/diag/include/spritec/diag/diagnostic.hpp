// spritec::diag — diagnostics: the catalogue of stable codes, source spans, the sink
// front-end functions report into, and the text / JSON / GitHub renderers.
//
// A Diagnostic is data: a severity, a stable code from the catalogue (codes.hpp), a
// 1-based line and 1-based byte column (0 = unknown), a message and notes pointing at
// related places. Front-end functions take a Sink&, keep going after errors so one run
// lists every problem, and return an empty optional only when they reported an error.
// Nothing here prints or exits on its own; renderers write to a std::ostream.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "spritec/diag/codes.hpp"

namespace spritec::diag {

// A note (code N…) tells what the tool did on the user's behalf (an action written in the
// definition replaced one an Aseprite tag made): never a failure, not even with --werror.
enum class Severity { kWarning, kError, kNote };

// A place in a source file. line and column are 1-based; column counts bytes.
// line == 0 means "the whole file" (no position). end_column is exclusive and 0 when
// unknown (renderers then underline one character).
struct Span {
  std::string file;
  int line = 0;
  int column = 0;
  int end_column = 0;
};

struct Note {
  Span span;
  std::string message;
};

struct Diagnostic {
  Severity severity = Severity::kError;
  Code code = Code::kInternal;
  Span span;
  std::string message;
  std::vector<Note> notes;
};

// Collects diagnostics. Not thread-safe; parallel work reports into its own Sink and the
// results are merged in a fixed order (merge()).
class Sink {
 public:
  void report(Diagnostic d);
  void error(Code code, Span span, std::string message, std::vector<Note> notes = {});
  void warning(Code code, Span span, std::string message, std::vector<Note> notes = {});
  void note(Code code, Span span, std::string message, std::vector<Note> notes = {});
  void merge(const Sink& other);

  std::size_t error_count() const { return errors_; }
  std::size_t warning_count() const { return warnings_; }
  bool has_errors() const { return errors_ > 0; }
  const std::vector<Diagnostic>& diagnostics() const { return list_; }

  // Sorts by file, line, column, severity, code, message and drops exact duplicates.
  // With werror, warnings become errors (the counts follow); notes stay notes.
  void finalize(bool werror = false);

 private:
  std::vector<Diagnostic> list_;
  std::size_t errors_ = 0;
  std::size_t warnings_ = 0;
};

}  // namespace spritec::diag
