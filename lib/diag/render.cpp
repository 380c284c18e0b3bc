#include "spritec/diag/render.hpp"

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

namespace spritec::diag {

namespace {

// Source lines for the caret display, read once per file. Files over 16 MiB or
// unreadable ones show no source.
class SourceCache {
 public:
  const std::string* line(const std::string& file, int number) {
    auto it = files_.find(file);
    if (it == files_.end()) it = files_.emplace(file, load(file)).first;
    const std::vector<std::string>& lines = it->second;
    if (number < 1 || static_cast<std::size_t>(number) > lines.size()) return nullptr;
    return &lines[static_cast<std::size_t>(number - 1)];
  }

 private:
  static std::vector<std::string> load(const std::string& file) {
    std::vector<std::string> lines;
    std::ifstream in(file, std::ios::binary);
    if (!in) return lines;
    in.seekg(0, std::ios::end);
    std::streamoff size = in.tellg();
    if (size < 0 || size > (16 << 20)) return lines;
    in.seekg(0);
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), size);
    std::string current;
    for (char c : text) {
      if (c == '\n') {
        if (!current.empty() && current.back() == '\r') current.pop_back();
        lines.push_back(std::move(current));
        current.clear();
      } else {
        current.push_back(c);
      }
    }
    if (!current.empty()) lines.push_back(std::move(current));
    return lines;
  }

  std::map<std::string, std::vector<std::string>> files_;
};

std::string location(const Span& span) {
  std::string s = span.file.empty() ? std::string("<input>") : span.file;
  if (span.line > 0) {
    s += ':' + std::to_string(span.line);
    if (span.column > 0) s += ':' + std::to_string(span.column);
  }
  return s;
}

// Replaces control characters so a hostile message cannot drive the terminal.
std::string printable(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (c < 0x20 && c != '\t') {
      out += '?';
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

void caret(std::ostream& out, SourceCache& cache, const Span& span, const TextOptions& options) {
  if (!options.show_source || span.line < 1 || span.column < 1) return;
  const std::string* text = cache.line(span.file, span.line);
  if (!text) return;
  std::string gutter = std::to_string(span.line);
  out << ' ' << gutter << " | " << printable(*text) << '\n';
  out << ' ' << std::string(gutter.size(), ' ') << " | ";
  std::size_t col = static_cast<std::size_t>(span.column - 1);
  for (std::size_t i = 0; i < col && i < text->size(); ++i)
    out << ((*text)[i] == '\t' ? '\t' : ' ');
  for (std::size_t i = text->size(); i < col; ++i)
    out << ' ';
  int width = span.end_column > span.column ? span.end_column - span.column : 1;
  if (options.colour) out << "\x1b[1;32m";
  out << '^' << std::string(static_cast<std::size_t>(width - 1), '~');
  if (options.colour) out << "\x1b[0m";
  out << '\n';
}

std::string github_data(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string github_property(const std::string& s) {
  std::string out;
  for (char c : github_data(s)) {
    switch (c) {
      case ':':
        out += "%3A";
        break;
      case ',':
        out += "%2C";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

std::string code_id(Code code) {
  return std::string(info(code).id);
}

const char* severity_name(Severity severity) {
  return severity == Severity::kError     ? "error"
         : severity == Severity::kWarning ? "warning"
                                          : "note";
}

void render_text(std::ostream& out, const Sink& sink, const TextOptions& options) {
  SourceCache cache;
  const char* bold = options.colour ? "\x1b[1m" : "";
  const char* reset = options.colour ? "\x1b[0m" : "";
  for (const Diagnostic& d : sink.diagnostics()) {
    const char* colour = "";
    if (options.colour) {
      colour = d.severity == Severity::kError     ? "\x1b[1;31m"
               : d.severity == Severity::kWarning ? "\x1b[1;35m"
                                                  : "\x1b[1;36m";
    }
    out << bold << location(d.span) << ": " << reset << colour << severity_name(d.severity) << '['
        << code_id(d.code) << "]:" << reset << ' ' << bold << printable(d.message) << reset << '\n';
    caret(out, cache, d.span, options);
    for (const Note& n : d.notes) {
      out << bold << location(n.span) << ": " << reset << (options.colour ? "\x1b[1;36m" : "")
          << "note:" << reset << ' ' << printable(n.message) << '\n';
      caret(out, cache, n.span, options);
    }
  }
  if (sink.error_count() || sink.warning_count()) {
    out << sink.error_count() << (sink.error_count() == 1 ? " error" : " errors") << ", "
        << sink.warning_count() << (sink.warning_count() == 1 ? " warning" : " warnings") << '\n';
  }
}

void render_json(std::ostream& out, const Sink& sink) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Diagnostic& d : sink.diagnostics()) {
    nlohmann::ordered_json notes = nlohmann::ordered_json::array();
    for (const Note& n : d.notes) {
      notes.push_back({{"file", n.span.file},
                       {"line", n.span.line},
                       {"column", n.span.column},
                       {"message", n.message}});
    }
    list.push_back({{"file", d.span.file},
                    {"line", d.span.line},
                    {"column", d.span.column},
                    {"end_column", d.span.end_column},
                    {"severity", severity_name(d.severity)},
                    {"code", code_id(d.code)},
                    {"message", d.message},
                    {"notes", notes}});
  }
  nlohmann::ordered_json doc = {
      {"diagnostics", list}, {"errors", sink.error_count()}, {"warnings", sink.warning_count()}};
  out << doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

void render_github(std::ostream& out, const Sink& sink) {
  for (const Diagnostic& d : sink.diagnostics()) {
    out << "::" << (d.severity == Severity::kNote ? "notice" : severity_name(d.severity))
        << " file=" << github_property(d.span.file);
    if (d.span.line > 0) out << ",line=" << d.span.line;
    if (d.span.column > 0) out << ",col=" << d.span.column;
    if (d.span.end_column > 0) out << ",endColumn=" << d.span.end_column;
    out << ",title=" << github_property(code_id(d.code)) << "::";
    std::string message = d.message;
    for (const Note& n : d.notes)
      message += "\n" + location(n.span) + ": note: " + n.message;
    out << github_data(message) << '\n';
  }
}

void render(std::ostream& out, const Sink& sink, Format format, const TextOptions& options) {
  switch (format) {
    case Format::kText:
      render_text(out, sink, options);
      break;
    case Format::kJson:
      render_json(out, sink);
      break;
    case Format::kGithub:
      render_github(out, sink);
      break;
  }
}

}  // namespace spritec::diag
