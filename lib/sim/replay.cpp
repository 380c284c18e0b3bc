// The replay document (`simulate --replay`): the calls of each tick, written as they come.
#include "spritec/sim/replay.hpp"

#include <charconv>
#include <ostream>

#include "spritec/sim/trace.hpp"

namespace spritec::sim {
namespace {

// Text is written a block at a time; a tick's calls are at most the scene's items' worth.
constexpr std::size_t kFlushAt = 1 << 16;

void append_integer(std::string& out, std::int64_t value) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, r.ptr);
}

// The exact double, as the shortest text that reads back as it (not the trace's rounding to
// the thousandths: a replayer assigns this value and goes on from it). Positions are within
// ±kMaxPosition, so every one is a plain JSON number; -0 is written as 0.
void append_exact(std::string& out, double value) {
  if (value == 0) {
    out += '0';
    return;
  }
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, r.ptr);
}

}  // namespace

void ReplayWriter::begin(std::uint32_t tick_rate, const std::vector<PackRef>& packs,
                         const std::vector<std::string>& actors) {
  block_ += "{\"format\":\"spritec-replay\",\"version\":[1,0],\"tick_rate\":";
  append_integer(block_, tick_rate);
  block_ += ",\"packs\":[";
  for (std::size_t i = 0; i < packs.size(); ++i) {
    block_ += i == 0 ? "{\"name\":" : ",{\"name\":";
    append_json_string(block_, packs[i].name);
    block_ += ",\"path\":";
    append_json_string(block_, packs[i].path);
    block_ += '}';
  }
  block_ += "],\"actors\":[";
  for (std::size_t i = 0; i < actors.size(); ++i) {
    if (i != 0) block_ += ',';
    append_json_string(block_, actors[i]);
  }
  block_ += "],\"ticks\":[";
}

void ReplayWriter::end_tick(std::int64_t tick) {
  if (!calls_.empty()) {
    block_ += any_tick_ ? ",\n[" : "\n[";
    any_tick_ = true;
    append_integer(block_, tick);
    block_ += ",[";
    block_ += calls_;
    block_ += "]]";
    calls_.clear();
  }
  if (block_.size() >= kFlushAt) flush();
}

void ReplayWriter::finish(std::int64_t last_tick) {
  block_ += any_tick_ ? "\n],\"last_tick\":" : "],\"last_tick\":";
  append_integer(block_, last_tick);
  block_ += "}\n";
  flush();
}

void ReplayWriter::flush() {
  out_.write(block_.data(), std::streamsize(block_.size()));
  block_.clear();
}

void ReplayWriter::open_call(std::uint32_t actor) {
  calls_ += calls_.empty() ? "{\"actor\":" : ",{\"actor\":";
  append_integer(calls_, actor);
  calls_ += ',';
}

void ReplayWriter::spawn(std::uint32_t actor, std::uint32_t pack, Position at, std::int64_t angle,
                         std::int32_t speed) {
  open_call(actor);
  calls_ += "\"spawn\":{\"pack\":";
  append_integer(calls_, pack);
  calls_ += ",\"x\":";
  append_exact(calls_, at.x);
  calls_ += ",\"y\":";
  append_exact(calls_, at.y);
  calls_ += ",\"angle\":";
  append_integer(calls_, angle);
  calls_ += ",\"speed\":";
  append_integer(calls_, speed);
  calls_ += "}}";
}

void ReplayWriter::play(std::uint32_t actor, std::string_view action, bool restart) {
  open_call(actor);
  calls_ += "\"play\":";
  append_json_string(calls_, action);
  calls_ += restart ? ",\"restart\":true}" : ",\"restart\":false}";
}

void ReplayWriter::angle(std::uint32_t actor, std::int64_t degrees) {
  open_call(actor);
  calls_ += "\"angle\":";
  append_integer(calls_, degrees);
  calls_ += '}';
}

void ReplayWriter::input(std::uint32_t actor, std::string_view input, bool held) {
  open_call(actor);
  calls_ += held ? "\"press\":" : "\"release\":";
  append_json_string(calls_, input);
  calls_ += '}';
}

void ReplayWriter::speed(std::uint32_t actor, std::int32_t thousandths) {
  open_call(actor);
  calls_ += "\"speed\":";
  append_integer(calls_, thousandths);
  calls_ += '}';
}

void ReplayWriter::unequip(std::uint32_t actor, std::string_view slot) {
  open_call(actor);
  calls_ += "\"unequip\":";
  append_json_string(calls_, slot);
  calls_ += '}';
}

void ReplayWriter::equip(std::uint32_t actor, std::string_view slot, std::uint32_t pack) {
  open_call(actor);
  calls_ += "\"equip\":{\"slot\":";
  append_json_string(calls_, slot);
  calls_ += ",\"pack\":";
  append_integer(calls_, pack);
  calls_ += "}}";
}

void ReplayWriter::at(std::uint32_t actor, Position at) {
  open_call(actor);
  calls_ += "\"at\":[";
  append_exact(calls_, at.x);
  calls_ += ',';
  append_exact(calls_, at.y);
  calls_ += "]}";
}

void ReplayWriter::despawn(std::uint32_t actor) {
  open_call(actor);
  calls_ += "\"despawn\":true}";
}

}  // namespace spritec::sim
