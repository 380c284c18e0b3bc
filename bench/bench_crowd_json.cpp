// The C++ player on the JS runtime's crowd (issue 27; docs/performance.md, "JavaScript
// runtime"): reads a spritec-json document (runtimes/js/bench/crowd_pack.mjs writes the
// crowd's), turns it into a pack (format::write_spk, then runtime::parse_pack), makes the
// crowd of bench_player.cpp, and ticks it exactly as runtimes/js/bench/crowd.mjs does,
// printing the same line: actor-ticks/s and a checksum of the final state, which must equal
// the JS runtime's (the same pack and crowd played tick for tick). bench/bench_js.sh runs
// both side by side.
//
//   build/bench/bench_crowd_json PACK.json [ACTORS [TICKS [digest]]]   (defaults 10,000 x 10,000)
//
// With `digest`, nothing is timed: after each tick it prints "tick T DIGEST", a 32-bit
// FNV-1a over every actor's action, step, view, frame, flip, position bits and the event
// codes of that tick, as `crowd.mjs --digest` does: bench_js.sh compares the two tick by tick.
//
// Reads what the crowd uses: pages, frames, actions, steps, transitions (no boxes, points
// or layers). Not a loader for games: it exists to time the same pack on both sides.
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "spritec/format/spk_writer.hpp"
#include "spritec/runtime/player.hpp"

namespace {

using namespace spritec;
using nlohmann::json;
using runtime::Mode;
using runtime::ThenKind;

format::PackModel model_of(const json& doc) {
  format::PackModel m;
  m.tick_rate = doc.at("tick_rate").get<std::uint32_t>();
  for (const json& p : doc.at("pages")) {
    format::PageModel page;
    page.width = p.at("width").get<std::uint32_t>();
    page.height = p.at("height").get<std::uint32_t>();
    page.file = p.at("file").get<std::string>();
    m.pages.push_back(page);
  }
  for (const json& f : doc.at("frames")) {
    format::FrameModel fm;
    fm.name = f.at("name").get<std::string>();
    fm.page = f.at("page").get<std::uint32_t>();
    fm.x = f.at("x").get<std::uint32_t>();
    fm.y = f.at("y").get<std::uint32_t>();
    fm.w = f.at("w").get<std::uint32_t>();
    fm.h = f.at("h").get<std::uint32_t>();
    fm.origin_x = f.at("origin")[0].get<std::int32_t>();
    fm.origin_y = f.at("origin")[1].get<std::int32_t>();
    fm.trim_x = f.at("trim")[0].get<std::uint32_t>();
    fm.trim_y = f.at("trim")[1].get<std::uint32_t>();
    fm.source_w = f.at("source_size")[0].get<std::uint32_t>();
    fm.source_h = f.at("source_size")[1].get<std::uint32_t>();
    m.frames.push_back(fm);
  }
  const json& inputs = doc.at("inputs");
  const json& events = doc.at("events");
  const json& actions = doc.at("actions");
  auto names = [&inputs](const json& list) {
    std::vector<std::string> out;
    for (const json& i : list)
      out.push_back(inputs.at(i.get<std::size_t>()).get<std::string>());
    return out;
  };
  for (const json& a : actions) {
    format::ActionModel am;
    am.name = a.at("name").get<std::string>();
    am.views = a.at("views").get<std::uint32_t>();
    am.first_view = a.at("first_view").get<std::int32_t>();
    const std::string mode = a.at("mode").get<std::string>();
    am.mode = mode == "once" ? Mode::kOnce : mode == "pingpong" ? Mode::kPingpong : Mode::kLoop;
    am.reverse = a.at("reverse").get<bool>();
    am.loop_from = a.at("loop_from").get<std::uint32_t>();
    am.repeat = a.at("repeat").get<std::uint32_t>();
    const std::string then = a.at("then").get<std::string>();
    am.then = then == "destroy"  ? ThenKind::kDestroy
              : then == "action" ? ThenKind::kAction
                                 : ThenKind::kHold;
    if (am.then == ThenKind::kAction)
      am.then_action =
          actions.at(a.at("then_action").get<std::size_t>()).at("name").get<std::string>();
    for (const json& view : a.at("steps")) {
      std::vector<format::StepModel> list;
      for (const json& s : view) {
        format::StepModel sm;
        if (!s.at("frame").is_null()) sm.frame = m.frames.at(s.at("frame").get<std::size_t>()).name;
        sm.ticks = s.at("ticks").get<std::uint32_t>();
        const std::string flip = s.at("flip").get<std::string>();
        sm.flip_x = flip.find('x') != std::string::npos;
        sm.flip_y = flip.find('y') != std::string::npos;
        if (!s.at("event").is_null())
          sm.event = events.at(s.at("event").get<std::size_t>()).get<std::string>();
        sm.move_x = s.at("move")[0].get<std::int32_t>();
        sm.move_y = s.at("move")[1].get<std::int32_t>();
        list.push_back(sm);
      }
      am.steps.push_back(list);
    }
    for (const json& t : a.at("transitions")) {
      format::TransitionModel tm;
      tm.to = actions.at(t.at("to").get<std::size_t>()).at("name").get<std::string>();
      tm.when = names(t.at("when"));
      tm.unless = names(t.at("unless"));
      tm.immediate = t.at("immediate").get<bool>();
      am.transitions.push_back(tm);
    }
    m.actions.push_back(am);
  }
  return m;
}

struct CountingSink {
  std::uint64_t* count;
  void operator()(std::uint32_t) const { ++*count; }
};

std::uint64_t bits(double d) {
  std::uint64_t u = 0;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

// FNV-1a over 32-bit words.
struct Fnv {
  std::uint32_t h = 2166136261u;
  void add(std::uint32_t w) { h = (h ^ w) * 16777619u; }
  void add(double d) {
    add(std::uint32_t(bits(d) & 0xFFFFFFFFu));
    add(std::uint32_t(bits(d) >> 32));
  }
};

int digests(const runtime::PackView& pack, std::vector<runtime::ActorState>& actors,
            std::uint64_t ticks) {
  runtime::EventBuffer buffer;
  for (std::uint64_t t = 1; t <= ticks; ++t) {
    Fnv f;
    for (runtime::ActorState& a : actors) {
      buffer.clear();
      runtime::tick(pack, a, buffer);
      const runtime::Step s = runtime::current_step(pack, a);
      f.add(a.action);
      f.add(a.step);
      f.add(a.view);
      f.add(s.frame);
      f.add(std::uint32_t(s.flip));
      f.add(a.x);
      f.add(a.y);
      f.add(std::uint32_t(buffer.count));
      for (std::size_t i = 0; i < buffer.count; ++i)
        f.add(buffer.codes[i]);
    }
    std::printf("tick %" PRIu64 " %08" PRIx32 "\n", t, f.h);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 5 || (argc == 5 && std::strcmp(argv[4], "digest") != 0)) {
    std::fprintf(stderr, "usage: bench_crowd_json PACK.json [ACTORS [TICKS [digest]]]\n");
    return 2;
  }
  const std::size_t n = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 10000;
  const std::uint64_t ticks = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 10000;
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "bench_crowd_json: cannot read %s\n", argv[1]);
    return 2;
  }
  const json doc = json::parse(in);
  const auto written = format::write_spk(model_of(doc));
  if (!written) {
    std::fprintf(stderr, "bench_crowd_json: %s\n", written.error.message.c_str());
    return 1;
  }
  runtime::PackView pack;
  if (!runtime::parse_pack(written.value.data(), written.value.size(), pack)) return 1;

  // The crowd of bench_player.cpp (and crowd.mjs), made in the same order.
  std::vector<runtime::ActorState> actors(n);
  std::uint64_t events = 0;
  CountingSink sink{&events};
  const std::uint64_t move = runtime::input_bit(pack, "move");
  const std::uint64_t fire = runtime::input_bit(pack, "fire");
  const std::int32_t speeds[] = {1000, 1000, 1000, 500, 1500, 2000, 1000, 750};
  for (std::size_t i = 0; i < n; ++i) {
    runtime::ActorState& a = actors[i];
    a.x = double(i % 320);
    a.y = double(i / 320);
    runtime::set_speed(a, speeds[i % 8]);
    runtime::set_angle(pack, a, std::int64_t(i * 37));
    a.inputs = (i % 3 ? move : 0) | (i % 97 == 0 ? fire : 0);
    runtime::start(pack, a, std::uint32_t(i % pack.action_count()), false, sink);
  }
  events = 0;  // as crowd.mjs: only the timed ticks' events
  if (argc == 5) return digests(pack, actors, ticks);

  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t t = 0; t < ticks; ++t) {
    for (runtime::ActorState& a : actors)
      runtime::tick(pack, a, sink);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::uint64_t state = 0;
  double sx = 0.0, sy = 0.0;
  for (const runtime::ActorState& a : actors) {
    state =
        (state * 31 + std::uint64_t(a.action) * 1000003 + std::uint64_t(a.step) * 101 + a.view) %
        4294967296ull;
    sx += a.x;
    sy += a.y;
  }
  std::printf("c++ actors %zu ticks %" PRIu64 " seconds %.3f actor-ticks/s %.1fM checksum %" PRIu64
              " %016" PRIx64 " %016" PRIx64 " events %" PRIu64 "\n",
              n, ticks, seconds, double(n) * double(ticks) / seconds / 1e6, state, bits(sx),
              bits(sy), events);
  return 0;
}
