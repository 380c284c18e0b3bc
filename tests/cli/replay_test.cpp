// `simulate --replay` proved by replaying: for every sample's scene and the test scenes that
// spawn, despawn, move, wait `until: finished`, run `together` and change speeds, the replay
// document is played here with the C++ runtime alone (runtime/player.hpp, layers.hpp,
// shapes.hpp — nothing of sim), by the loop docs/scenes.md states ("Replaying a scene in a
// game"), and every tick's lines are compared with `spritec simulate --trace`: the actors on
// stage in order, action, step, view, frame, flip, x, y, the runtime's events (the trace's
// minus its contact events), a layered actor's layers, boxes and points. The packs are
// built with `spritec build` from the paths the replay names. This loop is what a game (the
// JavaScript runtime's scene driver) ports.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "schema_errors.hpp"
#include "spritec/runtime/layers.hpp"
#include "spritec/runtime/pack_index.hpp"
#include "spritec/runtime/player.hpp"
#include "spritec/runtime/shapes.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;
using nlohmann::json;
namespace rt = spritec::runtime;

namespace {

// A number as the trace prints it (docs/scenes.md, "The trace"): within a billionth of a
// thousandth-grid point, that point.
double as_traced(double v) {
  if (std::isfinite(v) && std::fabs(v) < 9.0e12) {
    const double snapped = std::round(v * 1000.0) / 1000.0;
    if (std::fabs(v - snapped) < 1e-9) return snapped;
  }
  return v;
}

struct LoadedPack {
  std::vector<std::uint8_t> bytes;
  rt::PackView view;
};

// One actor of the replay: a runtime player, its equipment, this tick's events.
struct Actor {
  bool on_stage = false;
  bool leaving = false;  // raised `destroyed` this tick: gone before the next
  std::uint32_t pack = 0;
  rt::ActorState st;
  rt::Equipment gear;
  std::vector<std::uint32_t> events;
};

// The runtime's events of an actor on this tick; `destroyed` means it leaves.
struct Events {
  Actor& a;
  void operator()(std::uint32_t code) const {
    a.events.push_back(code);
    if (code == rt::kEventDestroyed) a.leaving = true;
  }
};

class Replayer {
 public:
  Replayer(const json& doc, std::vector<std::unique_ptr<LoadedPack>> packs)
      : packs_(std::move(packs)), actors_(doc.at("actors").size()) {
    // Every (master, piece) pair bound once, at load.
    for (std::size_t m = 0; m < packs_.size(); ++m) {
      if (!packs_[m]->view.layered()) continue;
      rt::PackIndex index(packs_[m]->view);
      for (std::size_t p = 0; p < packs_.size(); ++p) {
        if (!packs_[p]->view.piece()) continue;
        rt::Piece piece;
        if (rt::bind_piece(index, packs_[p]->view, piece)) pieces_[{m, p}] = std::move(piece);
      }
    }
  }

  // Phase 1 of tick t >= 1: who left goes, then every actor on stage ticks, in index order.
  void tick_actors() {
    for (Actor& a : actors_) {
      if (!a.on_stage) continue;
      if (a.leaving) {
        a.on_stage = false;
        continue;
      }
      a.events.clear();
      rt::tick(view(a), a.st, Events{a});
    }
  }

  void apply(const json& call) {
    Actor& a = actors_.at(call.at("actor").get<std::size_t>());
    if (call.contains("spawn")) {
      const json& s = call["spawn"];
      a = Actor{};
      a.on_stage = true;
      a.pack = s.at("pack").get<std::uint32_t>();
      a.st.x = s.at("x").get<double>();
      a.st.y = s.at("y").get<double>();
      rt::set_speed(a.st, s.at("speed").get<std::int32_t>());
      rt::set_angle(view(a), a.st, s.at("angle").get<std::int64_t>());
    } else if (call.contains("play")) {
      rt::start(view(a), a.st, view(a).find_action(call["play"].get<std::string>()),
                call.at("restart").get<bool>(), Events{a});
    } else if (call.contains("angle")) {
      rt::set_angle(view(a), a.st, call["angle"].get<std::int64_t>());
    } else if (call.contains("press")) {
      rt::press(a.st, rt::input_bit(view(a), call["press"].get<std::string>()));
    } else if (call.contains("release")) {
      rt::release(a.st, rt::input_bit(view(a), call["release"].get<std::string>()));
    } else if (call.contains("speed")) {
      rt::set_speed(a.st, call["speed"].get<std::int32_t>());
    } else if (call.contains("unequip")) {
      rt::unequip(a.gear, view(a).find_slot(call["unequip"].get<std::string>()));
    } else if (call.contains("equip")) {
      rt::equip(a.gear, pieces_.at({a.pack, call["equip"].at("pack").get<std::size_t>()}));
    } else if (call.contains("at")) {
      a.st.x = call["at"].at(0).get<double>();
      a.st.y = call["at"].at(1).get<double>();
    } else if (call.contains("despawn")) {
      a.events.push_back(rt::kEventDestroyed);
      a.leaving = true;
    } else {
      FAIL("a call of no known kind: " << call.dump());
    }
  }

  // The lines of the actors on stage, in index order, as the trace's fields (contacts left
  // out: the simulator's).
  std::vector<json> lines(const json& names) const {
    std::vector<json> out;
    for (std::size_t i = 0; i < actors_.size(); ++i) {
      const Actor& a = actors_[i];
      if (!a.on_stage) continue;
      const rt::PackView& v = packs_[a.pack]->view;
      const rt::ActorView d = rt::describe(v, a.st);
      json line = {{"actor", names.at(i)},   {"action", std::string(d.action)}, {"step", d.step},
                   {"view", d.view},         {"frame", std::string(d.frame)},   {"flip", d.flip},
                   {"x", as_traced(a.st.x)}, {"y", as_traced(a.st.y)}};
      json events = json::array();
      for (std::uint32_t code : a.events)
        events.push_back(std::string(rt::event_name(v, code)));
      line["events"] = events;
      if (v.layered()) {
        json layers = json::array();
        rt::for_each_layer(v, a.st, a.gear, [&](const rt::Layer& l) {
          layers.push_back({std::string(rt::slot_name(v, l.slot)),
                            std::string(l.pack->frame_name(l.frame)), rt::flip_name(l.flip)});
        });
        line["layers"] = layers;
      }
      rt::for_each_shape(v, a.st, [&](const rt::LocalShape& s) {
        const std::string name(v.shape_name(s.name));
        if (s.kind == rt::ShapeKind::kBox) {
          line["boxes"][name] = {as_traced(a.st.x + s.x), as_traced(a.st.y + s.y), s.w, s.h};
        } else {
          line["points"][name] = {as_traced(a.st.x + s.x), as_traced(a.st.y + s.y)};
        }
      });
      out.push_back(std::move(line));
    }
    return out;
  }

 private:
  const rt::PackView& view(const Actor& a) const { return packs_.at(a.pack)->view; }

  std::vector<std::unique_ptr<LoadedPack>> packs_;
  std::vector<Actor> actors_;
  std::map<std::pair<std::size_t, std::size_t>, rt::Piece> pieces_;
};

// A trace line without what the simulator adds: its contacts, and their events (the
// distinct contact events, sorted, at the end of `events`).
json runtime_part(json line) {
  if (!line.contains("contacts")) return line;
  std::vector<std::string> contact_events;
  for (const json& c : line["contacts"])
    contact_events.push_back(c.at(0).get<std::string>());
  std::sort(contact_events.begin(), contact_events.end());
  contact_events.erase(std::unique(contact_events.begin(), contact_events.end()),
                       contact_events.end());
  json& events = line["events"];
  REQUIRE(events.size() >= contact_events.size());
  for (std::size_t i = 0; i < contact_events.size(); ++i)
    CHECK(events[events.size() - contact_events.size() + i] == contact_events[i]);
  events.erase(events.end() - std::ptrdiff_t(contact_events.size()), events.end());
  line.erase("contacts");
  return line;
}

struct Counts {
  std::int64_t ticks = 0, lines = 0, calls = 0;
};

// Simulates the scene with --trace and --replay, replays, compares every line.
Counts replay_scene(const fs::path& scene, const std::string& id) {
  const fs::path trace = kScratch / ("replay-" + id + ".jsonl");
  const fs::path replay = kScratch / ("replay-" + id + ".json");
  // Run in the scene's directory, the repository the project root (test scenes share packs
  // through ../).
  Run run = run_spritec({"simulate", scene.filename().string(), "--trace", trace.string(),
                         "--replay", replay.string(), "--root", kSource.string()},
                        scene.parent_path());
  INFO(scene << "\n" << run.err);
  REQUIRE(run.exit == 0);
  const json doc = json::parse(read_text(replay));
  REQUIRE(doc.at("format") == "spritec-replay");
  REQUIRE(doc.at("version") == json::array({1, 0}));
  CHECK(schema_errors("replay.schema.json", doc) == "");
  std::vector<std::unique_ptr<LoadedPack>> packs;
  for (std::size_t p = 0; p < doc.at("packs").size(); ++p) {
    const std::string path = doc["packs"][p].at("path").get<std::string>();
    fs::path spk = scene.parent_path() / path;
    if (spk.extension() != ".spk") {
      spk = kScratch / ("replay-" + id + "-" + std::to_string(p) + ".spk");
      Run build = run_spritec({"build", path, "-o", spk.string(), "--root", kSource.string()},
                              scene.parent_path());
      INFO(build.err);
      REQUIRE(build.exit == 0);
    }
    auto pack = std::make_unique<LoadedPack>();
    const std::string bytes = read_text(spk);
    pack->bytes.assign(bytes.begin(), bytes.end());
    REQUIRE(rt::parse_pack(pack->bytes.data(), pack->bytes.size(), pack->view).error ==
            rt::ParseError::kOk);
    REQUIRE(pack->view.tick_rate() == doc.at("tick_rate").get<std::uint32_t>());
    packs.push_back(std::move(pack));
  }
  Replayer player(doc, std::move(packs));

  // The trace's lines by tick.
  std::istringstream in(read_text(trace));
  std::vector<std::vector<json>> traced;
  for (std::string text; std::getline(in, text);) {
    json line = json::parse(text);
    const std::size_t t = line.at("tick").get<std::size_t>();
    if (traced.size() <= t) traced.resize(t + 1);
    line.erase("tick");
    traced[t].push_back(runtime_part(std::move(line)));
  }
  const std::int64_t last = doc.at("last_tick").get<std::int64_t>();
  REQUIRE(std::int64_t(traced.size()) <= last + 1);
  traced.resize(std::size_t(last) + 1);

  Counts counts;
  const json& ticks = doc.at("ticks");
  std::size_t next = 0;  // the next entry of `ticks`
  std::int64_t previous = -1;
  for (std::int64_t t = 0; t <= last; ++t) {
    if (t > 0) player.tick_actors();
    if (next < ticks.size() && ticks[next].at(0).get<std::int64_t>() == t) {
      CHECK(t > previous);  // entries in tick order, each tick once
      previous = t;
      for (const json& call : ticks[next].at(1)) {
        player.apply(call);
        ++counts.calls;
      }
      ++next;
    }
    const std::vector<json> mine = player.lines(doc.at("actors"));
    INFO(scene << " tick " << t);
    REQUIRE(mine.size() == traced[std::size_t(t)].size());
    for (std::size_t i = 0; i < mine.size(); ++i)
      REQUIRE(mine[i] == traced[std::size_t(t)][i]);
    counts.lines += std::int64_t(mine.size());
  }
  CHECK(next == ticks.size());  // no entry past last_tick
  counts.ticks = last + 1;
  return counts;
}

}  // namespace

TEST_CASE("every sample scene replayed with the C++ runtime alone draws what simulate traces",
          "[replay]") {
  std::vector<fs::path> scenes;
  for (const auto& dir : fs::directory_iterator(kSource / "samples")) {
    if (!dir.is_directory()) continue;
    for (const auto& f : fs::directory_iterator(dir.path())) {
      const std::string name = f.path().filename().string();
      if (name.size() > 11 && name.compare(name.size() - 11, 11, ".scene.yaml") == 0)
        scenes.push_back(f.path());
    }
  }
  std::sort(scenes.begin(), scenes.end());
  REQUIRE(scenes.size() == 9);  // duel effects hero imp knight paperdoll platformer skirmish slime
  Counts all;
  for (const fs::path& scene : scenes) {
    const Counts c = replay_scene(scene, scene.parent_path().filename().string());
    CHECK(c.calls > 0);
    all.ticks += c.ticks;
    all.lines += c.lines;
    all.calls += c.calls;
  }
  CHECK(all.lines > all.ticks);
}

TEST_CASE(
    "test scenes that spawn, despawn, move, wait until finished and change speed replay "
    "exactly",
    "[replay]") {
  for (const char* scene : {"conformance/demo.scene.yaml", "flare/imp.scene.yaml",
                            "previews/geometry/geometry.scene.yaml", "previews/tiny.scene.yaml",
                            "previews/corner.scene.yaml", "aseprite_json/tags.scene.yaml",
                            "conformance/replay.scene.yaml"}) {
    std::string id = scene;
    for (char& c : id)
      if (c == '/' || c == '.') c = '-';
    const Counts c = replay_scene(kTests / "data" / scene, id);
    CHECK(c.calls > 0);
  }
}

TEST_CASE("a replay changes nothing of the trace or the summary, and has a file of its own",
          "[replay]") {
  const fs::path hero = kSource / "samples" / "hero";
  const fs::path a = kScratch / "replay-alone.jsonl", b = kScratch / "replay-with.jsonl";
  const fs::path r = kScratch / "replay-with.json";
  REQUIRE(run_spritec({"simulate", "hero.scene.yaml", "--trace", a.string()}, hero).exit == 0);
  REQUIRE(run_spritec({"simulate", "hero.scene.yaml", "--trace", b.string(), "--replay", r.string(),
                       "--ticks", "50"},
                      hero)
              .exit == 0);
  const std::string alone = read_text(a), with = read_text(b);
  // --ticks 50 stops earlier: the lines of ticks 0 … 50 are the same bytes.
  REQUIRE(with.size() < alone.size());
  CHECK(alone.compare(0, with.size(), with) == 0);
  CHECK(json::parse(read_text(r)).at("last_tick") == 50);

  // Without --trace: the same summary, and the replay written.
  const fs::path r2 = kScratch / "replay-summary.json";
  fs::remove(r2);
  Run plain = run_spritec({"simulate", "hero.scene.yaml"}, hero);
  Run replayed = run_spritec({"simulate", "hero.scene.yaml", "--replay", r2.string()}, hero);
  CHECK(replayed.exit == 0);
  CHECK(replayed.out == plain.out);
  CHECK(plain.out.rfind("ticks run: ", 0) == 0);
  CHECK(fs::exists(r2));

  // One file for both is refused before anything runs; stdout is not a replay's place.
  const fs::path same = kScratch / "replay-same.json";
  fs::remove(same);
  Run clash = run_spritec(
      {"simulate", "hero.scene.yaml", "--trace", same.string(), "--replay", same.string()}, hero);
  CHECK(clash.exit == 1);
  CHECK(clash.err.find("error[E0006]") != std::string::npos);
  CHECK_FALSE(fs::exists(same));
  Run dash = run_spritec({"simulate", "hero.scene.yaml", "--replay", "-"}, hero);
  CHECK(dash.exit == 2);
  CHECK(dash.err.find("--replay") != std::string::npos);
}

TEST_CASE("the replay schema refuses calls of no kind, of two kinds and out of range", "[replay]") {
  const json good = json::parse(R"({"format":"spritec-replay","version":[1,0],"tick_rate":60,
    "packs":[{"name":"p","path":"p.spk"}],"actors":["a"],"ticks":[[0,[
    {"actor":0,"spawn":{"pack":0,"x":1.5,"y":-2,"angle":359,"speed":0}},
    {"actor":0,"play":"walk","restart":false},{"actor":0,"at":[3,4]}]]],"last_tick":9})");
  CHECK(schema_errors("replay.schema.json", good) == "");
  for (const char* call : {R"({"actor":0,"jump":1})", R"({"actor":0})",
                           R"({"actor":0,"play":"walk"})", R"({"actor":0,"angle":360})",
                           R"({"actor":0,"angle":90,"speed":1000})", R"({"actor":0,"at":[1,2,3]})",
                           R"({"actor":-1,"despawn":true})", R"({"actor":0,"despawn":false})"}) {
    json bad = good;
    bad["ticks"][0][1].push_back(json::parse(call));
    INFO(call);
    CHECK(schema_errors("replay.schema.json", bad) != "");
  }
}
