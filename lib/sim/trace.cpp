// The trace (one JSON line per live actor per tick) and the human summary of a run.
#include "spritec/sim/trace.hpp"

#include <charconv>
#include <cmath>
#include <ostream>
#include <string_view>
#include <vector>

#include "spritec/diag/utf8.hpp"
#include "spritec/runtime/player.hpp"

namespace spritec::sim {

namespace {

// Appends a number as the trace prints it (format_number).
void append_number(std::string& out, double value) {
  // Tweens add a fractional step each tick, so a move that should end on 64 can end on
  // 63.99999999999992. Within a billionth of a thousandth-grid point, print that point.
  if (std::isfinite(value) && std::fabs(value) < 9.0e12) {
    const double snapped = std::round(value * 1000.0) / 1000.0;
    if (std::fabs(value - snapped) < 1e-9) value = snapped;
  }
  if (value == 0) {  // also -0
    out += '0';
    return;
  }
  char buf[64];
  if (value == double(std::int64_t(value)) && value > -9.0e15 && value < 9.0e15) {
    auto r = std::to_chars(buf, buf + sizeof buf, std::int64_t(value));
    out.append(buf, r.ptr);
    return;
  }
  auto r = std::to_chars(buf, buf + sizeof buf, value);  // shortest round trip
  out.append(buf, r.ptr);
}

void append_integer(std::string& out, std::int64_t value) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, r.ptr);
}

}  // namespace

// Names that need no escape (nearly all) are copied whole.
void append_json_string(std::string& out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  out += '"';
  bool plain = true;
  for (const char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
      plain = false;
      break;
    }
  }
  if (plain) {
    out.append(s);
    out += '"';
    return;
  }
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 0x80) {
      const std::size_t n = diag::utf8_sequence_length(s, i);
      if (n == 0) {
        out += "\\ufffd";
      } else {
        out.append(s.substr(i, n));
        i += n - 1;
      }
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

namespace {

// ,"boxes":{"NAME":[x,y,w,h],…} (or "points" with [x,y]) when the line has any of the kind.
void append_shapes(std::string& out, const TraceLine& line, runtime::ShapeKind kind) {
  bool open = false;
  for (std::size_t i = 0; i < line.shape_count; ++i) {
    const TraceShape& s = line.shapes[i];
    if (s.kind != kind) continue;
    out += open ? "," : kind == runtime::ShapeKind::kBox ? ",\"boxes\":{" : ",\"points\":{";
    open = true;
    append_json_string(out, s.name);
    out += ":[";
    append_number(out, s.x);
    out += ',';
    append_number(out, s.y);
    if (kind == runtime::ShapeKind::kBox) {
      out += ',';
      append_number(out, s.w);
      out += ',';
      append_number(out, s.h);
    }
    out += ']';
  }
  if (open) out += '}';
}

}  // namespace

std::string format_number(double value) {
  std::string out;
  append_number(out, value);
  return out;
}

void append_trace_line(std::string& out, const TraceLine& line) {
  out += "{\"tick\":";
  append_integer(out, line.tick);
  out += ",\"actor\":";
  append_json_string(out, line.actor);
  out += ",\"action\":";
  append_json_string(out, line.action);
  out += ",\"step\":";
  append_integer(out, line.step);
  out += ",\"view\":";
  append_integer(out, line.view);
  out += ",\"frame\":";
  append_json_string(out, line.frame);
  out += ",\"flip\":\"";
  out += line.flip;
  out += "\",\"x\":";
  append_number(out, line.x);
  out += ",\"y\":";
  append_number(out, line.y);
  out += ",\"events\":[";
  for (std::size_t i = 0; i < line.event_count; ++i) {
    if (i) out += ',';
    append_json_string(out, line.events[i]);
  }
  out += ']';
  if (line.layered) {
    out += ",\"layers\":[";
    for (std::size_t i = 0; i < line.layer_count; ++i) {
      out += i ? ",[" : "[";
      append_json_string(out, line.layers[i].slot);
      out += ',';
      append_json_string(out, line.layers[i].frame);
      out += ",\"";
      out += line.layers[i].flip;
      out += "\"]";
    }
    out += ']';
  }
  append_shapes(out, line, runtime::ShapeKind::kBox);
  append_shapes(out, line, runtime::ShapeKind::kPoint);
  if (line.contact_count > 0) {
    out += ",\"contacts\":[";
    for (std::size_t i = 0; i < line.contact_count; ++i) {
      out += i ? ",[" : "[";
      append_json_string(out, line.contacts[i].first);
      out += ',';
      append_json_string(out, line.contacts[i].second);
      out += ']';
    }
    out += ']';
  }
  out += "}\n";
}

void write_trace_line(std::ostream& out, std::int64_t tick, const ActorSnapshot& a) {
  std::vector<std::string_view> events(a.events.begin(), a.events.end());
  TraceLine line;
  line.tick = tick;
  line.actor = a.name;
  line.action = a.action;
  line.step = a.step;
  line.view = a.view;
  line.frame = a.frame_name;
  line.flip = runtime::flip_name(a.flip);
  line.x = a.x;
  line.y = a.y;
  line.events = events.data();
  line.event_count = events.size();
  std::vector<TraceLayer> layers;
  for (const LayerSnapshot& l : a.layers)
    layers.push_back({l.slot, l.frame_name, runtime::flip_name(l.flip)});
  line.layered = a.layered;
  line.layers = layers.data();
  line.layer_count = layers.size();
  std::vector<TraceShape> shapes;
  for (const WorldShape& s : a.shapes)
    shapes.push_back({s.name, s.kind, s.x, s.y, s.w, s.h});
  line.shapes = shapes.data();
  line.shape_count = shapes.size();
  std::vector<std::pair<std::string_view, std::string_view>> contacts(a.contacts.begin(),
                                                                      a.contacts.end());
  line.contacts = contacts.data();
  line.contact_count = contacts.size();
  std::string text;
  append_trace_line(text, line);
  out << text;
}

namespace {

void write_counts(std::ostream& out, const std::vector<RunSummary::Count>& top, std::int64_t total,
                  const char* more) {
  for (std::size_t i = 0; i < top.size(); ++i)
    out << (i ? ", " : "") << top[i].name << ' ' << top[i].count;
  if (total > std::int64_t(top.size())) {
    out << ", and " << (total - std::int64_t(top.size())) << ' ' << more;
  }
}

}  // namespace

void write_summary(std::ostream& out, const RunSummary& s) {
  out << "ticks run: 0.." << s.ticks_run << " (" << (s.ticks_run + 1) << " ticks)";
  if (s.hit_tick_cap) out << ", stopped at the tick cap";
  out << "\nactors: " << s.actors << "\nevents: " << s.events;
  if (s.events > 0) {
    out << " (";
    write_counts(out, s.top_events, s.event_kinds, "more kinds");
    out << ')';
  }
  out << "\nbusiest actors: ";
  if (s.top_actors.empty()) out << "(none)";
  write_counts(out, s.top_actors, s.busy_actors, "more");
  out << '\n';
}

}  // namespace spritec::sim
