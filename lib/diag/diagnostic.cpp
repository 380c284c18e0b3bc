#include "spritec/diag/diagnostic.hpp"

#include <algorithm>
#include <tuple>

namespace spritec::diag {

namespace {

const CodeInfo kCatalogue[] = {
#define SPRITEC_X(id, str, summary) {Code::id, str, summary},
    SPRITEC_DIAG_CODES(SPRITEC_X)
#undef SPRITEC_X
};

auto sort_key(const Diagnostic& d) {
  // Errors before warnings at the same place; then code and message for a total order.
  return std::tie(d.span.file, d.span.line, d.span.column, d.severity, d.code, d.message);
}

bool same(const Diagnostic& a, const Diagnostic& b) {
  if (sort_key(a) != sort_key(b) || a.span.end_column != b.span.end_column ||
      a.notes.size() != b.notes.size())
    return false;
  for (std::size_t i = 0; i < a.notes.size(); ++i) {
    const Note& x = a.notes[i];
    const Note& y = b.notes[i];
    if (std::tie(x.span.file, x.span.line, x.span.column, x.message) !=
        std::tie(y.span.file, y.span.line, y.span.column, y.message))
      return false;
  }
  return true;
}

}  // namespace

const CodeInfo* catalogue_begin() {
  return std::begin(kCatalogue);
}
const CodeInfo* catalogue_end() {
  return std::end(kCatalogue);
}

const CodeInfo& info(Code code) {
  return kCatalogue[static_cast<std::size_t>(code)];
}

void Sink::report(Diagnostic d) {
  if (d.severity == Severity::kError) {
    ++errors_;
  } else if (d.severity == Severity::kWarning) {
    ++warnings_;
  }
  list_.push_back(std::move(d));
}

void Sink::error(Code code, Span span, std::string message, std::vector<Note> notes) {
  report({Severity::kError, code, std::move(span), std::move(message), std::move(notes)});
}

void Sink::warning(Code code, Span span, std::string message, std::vector<Note> notes) {
  report({Severity::kWarning, code, std::move(span), std::move(message), std::move(notes)});
}

void Sink::note(Code code, Span span, std::string message, std::vector<Note> notes) {
  report({Severity::kNote, code, std::move(span), std::move(message), std::move(notes)});
}

void Sink::merge(const Sink& other) {
  for (const Diagnostic& d : other.list_)
    report(d);
}

void Sink::finalize(bool werror) {
  if (werror) {
    for (Diagnostic& d : list_) {
      if (d.severity == Severity::kWarning) d.severity = Severity::kError;
    }
  }
  // At one place: errors, then warnings, then notes (not the enum's order).
  auto rank = [](Severity s) {
    return s == Severity::kError ? 0 : s == Severity::kWarning ? 1 : 2;
  };
  std::stable_sort(list_.begin(), list_.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    auto ka = std::make_tuple(a.span.file, a.span.line, a.span.column, rank(a.severity), a.code,
                              a.message);
    auto kb = std::make_tuple(b.span.file, b.span.line, b.span.column, rank(b.severity), b.code,
                              b.message);
    return ka < kb;
  });
  list_.erase(std::unique(list_.begin(), list_.end(), same), list_.end());
  errors_ = 0;
  warnings_ = 0;
  for (const Diagnostic& d : list_) {
    if (d.severity == Severity::kError) {
      ++errors_;
    } else if (d.severity == Severity::kWarning) {
      ++warnings_;
    }
  }
}

}  // namespace spritec::diag
