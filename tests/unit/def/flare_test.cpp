// flare: sheets — Flare's animation definition files (flare-engine's AnimationSet and
// Animation). Expected values come from Flare's format and its playing code as described
// in docs/definitions.md ("Flare"), worked out by hand or by a literal transcription of
// Flare's tick loop written here (FlarePlayer), never from spritec's own output.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "spritec/def/definition.hpp"
#include "spritec/def/flare.hpp"
#include "spritec/image/image.hpp"

namespace fs = std::filesystem;
namespace flare = spritec::def::flare;
using spritec::diag::Code;

namespace {

// A project in the temp directory: the definition at its top, the Flare file at
// mod/animations/<name>.txt and its 64x32 image at mod/images/a.png (Flare's mod layout).
struct Project {
  fs::path root;
  spritec::diag::Sink sink;
  std::optional<spritec::def::Definition> def;

  explicit Project(const std::string& tag) {
    root = fs::temp_directory_path() / ("spritec-flare-" + tag);
    fs::remove_all(root);
    fs::create_directories(root / "mod" / "animations");
    fs::create_directories(root / "mod" / "images");
    spritec::image::Image img(64, 32);
    for (int y = 0; y < 32; ++y)
      for (int x = 0; x < 64; ++x) {
        std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * 64 + x) * 4];
        p[0] = static_cast<std::uint8_t>(x * 4);
        p[1] = static_cast<std::uint8_t>(y * 8);
        p[3] = 255;
      }
    write(root / "mod" / "images" / "a.png", spritec::image::encode_png(img));
  }
  ~Project() { fs::remove_all(root); }

  static void write(const fs::path& p, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(p, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
  }
  void text(const std::string& relative, const std::string& content) const {
    std::ofstream out(root / relative, std::ios::binary);
    out << content;
  }
  // Loads `yaml` as root/t.sprites.yaml.
  Project& load(const std::string& yaml) {
    spritec::def::LoadOptions options;
    options.root = root;
    def = spritec::def::load_definition_from(yaml, root / "t.sprites.yaml", options, sink);
    return *this;
  }
  const spritec::def::Frame& frame(const std::string& name) const {
    const spritec::def::Frame* f = def->find_frame(name);
    INFO(name);
    REQUIRE(f != nullptr);
    return *f;
  }
  const spritec::def::Action& action(const std::string& name) const {
    const spritec::def::Action* a = def->find_action(name);
    INFO(name);
    REQUIRE(a != nullptr);
    return *a;
  }
  std::string first_message() const {
    return sink.diagnostics().empty() ? "(none)" : sink.diagnostics()[0].message;
  }
};

std::string sheet_yaml(const std::string& txt = "mod/animations/a.txt", int tick_rate = 60) {
  return "pack: p\ntick_rate: " + std::to_string(tick_rate) +
         "\nsheets:\n  - name: g\n    flare: " + txt + "\n";
}

// The frame names and durations of a view's steps: "g/a/0/2:6".
std::vector<std::string> steps_of(const spritec::def::Action& a, int view) {
  std::vector<std::string> out;
  for (const auto& s : a.steps[static_cast<std::size_t>(view)])
    out.push_back(s.frame + ":" + std::to_string(s.ticks) + (s.event.empty() ? "" : "!" + s.event));
  return out;
}

}  // namespace

TEST_CASE("a Flare file's frame= lines become frames with the render offset as origin") {
  Project p("frames");
  p.text("mod/animations/a.txt",
         "# comment\n"
         "image=images/a.png\n"
         "\n"
         "[stance]\n"
         "frames=2\n"
         "duration=200ms\n"
         "type=looped\n"
         "frame=0,0,0,0,8,16,4,15\n"
         "frame=1,0,8,0,8,16,3,14\n"
         "frame=0,3,16,0,10,12,-2,20\n"
         "frame=1,3,26,0,10,12,5,11\n");
  p.load(sheet_yaml());
  INFO(p.first_message());
  REQUIRE(p.def);
  CHECK(p.sink.diagnostics().empty());
  REQUIRE(p.def->frames.size() == 4);
  const auto& f = p.frame("g/stance/0/3");
  CHECK(f.rect == spritec::def::Rect{16, 0, 10, 12});
  CHECK(f.origin == spritec::def::Point{-2, 20});  // may lie outside the rect, as in Flare
  CHECK(f.image == fs::weakly_canonical(p.root / "mod" / "images" / "a.png"));
  CHECK(f.image_size == spritec::def::Size{64, 32});
  CHECK(p.frame("g/stance/1/0").rect == spritec::def::Rect{8, 0, 8, 16});
  CHECK(p.frame("g/stance/1/0").origin == spritec::def::Point{3, 14});
  // The frame's span is its frame= line in the Flare file: line 10, the value at column 7.
  CHECK(f.span.line == 10);
  CHECK(f.span.column == 7);
  CHECK(f.span.file == (p.root / "mod/animations/a.txt").lexically_normal().generic_string());
  CHECK(p.def->sheets[0].kind == spritec::def::SheetKind::kFlare);
}

TEST_CASE(
    "Flare's direction d is view d of 8 from 180 degrees; a missing direction shows direction 0") {
  // Flare (isometric) draws direction 0 facing west and turns clockwise: 0 W, 1 NW, 2 N,
  // 3 NE, 4 E, 5 SE, 6 S, 7 SW; spritec's views go clockwise from first_view, 0 = east.
  Project p("views");
  std::string txt = "image=images/a.png\n[walk]\nframes=1\nduration=100ms\ntype=looped\n";
  for (int d = 0; d < 8; ++d) {
    if (d == 5) continue;  // no frame= line: Flare draws direction 0's rect
    txt += "frame=0," + std::to_string(d) + "," + std::to_string(d * 8) + ",0,8,8,4,7\n";
  }
  txt += "[spin]\nframe=0,0,0,8,8,8,4,4\n";  // direction 0 only; frames etc. carried over
  p.text("mod/animations/a.txt", txt);
  p.load(sheet_yaml());
  INFO(p.first_message());
  REQUIRE(p.def);
  const auto& walk = p.action("walk");
  CHECK(walk.views == 8);
  CHECK(walk.first_view == 180);
  for (int d = 0; d < 8; ++d) {
    INFO(d);
    CHECK(steps_of(walk, d) ==
          std::vector<std::string>{"g/walk/0/" + std::to_string(d == 5 ? 0 : d) + ":6"});
  }
  CHECK(p.def->find_frame("g/walk/0/5") == nullptr);
  const auto& spin = p.action("spin");
  CHECK(spin.views == 1);
  CHECK(spin.first_view == 0);
  CHECK(steps_of(spin, 0) == std::vector<std::string>{"g/spin/0/0:6"});
}

TEST_CASE("directions may be written as Flare's map names") {
  // Parse::toDirection: N 3, NE 4, E 5, SE 6, S 7, SW 0, W 1, NW 2.
  const auto parsed = flare::parse(
      "image=a.png\n[a]\nframes=1\nduration=1s\ntype=looped\n"
      "frame=0,SW,0,0,1,1,0,0\nframe=0,N,1,0,1,1,0,0\nframe=0,SE,2,0,1,1,0,0\n");
  REQUIRE(parsed);
  const auto& cells = parsed.value.animations[0].cells;
  CHECK(cells[0].rect.x == 0);
  CHECK(cells[3].rect.x == 1);
  CHECK(cells[6].rect.x == 2);
  CHECK(parsed.value.animations[0].duration_ms == 1000);
}

TEST_CASE(
    "a duration becomes ticks as Flare's at max_fps = tick_rate, and is spread over the frames") {
  flare::Animation a;
  a.duration_ms = 133;                       // flare-game's hit: 133 ms, 8 frames of 60 per second
  CHECK(flare::duration_ticks(a, 60) == 8);  // 7.98 + 0.5 -> 8
  CHECK(flare::duration_ticks(a, 50) == 7);  // 6.65 + 0.5 -> 7
  a.duration_ms = 5;
  CHECK(flare::duration_ticks(a, 60) == 1);  // 0.3 -> 0, at least 1
  a.duration_ms = 2000;
  a.duration_in_seconds = true;
  CHECK(flare::duration_ticks(a, 30) == 60);  // 2s at 30 per second
  // Evenly when it divides; by Bresenham's line otherwise (worked by hand: 10 ticks over 4
  // frames, dx = 9, dy = 3: the line steps up at x = 2, 5, 8 -> 2, 3, 3, 2 ticks).
  CHECK(flare::frame_ticks(4, 8) == std::vector<std::int64_t>{2, 2, 2, 2});
  CHECK(flare::frame_ticks(4, 10) == std::vector<std::int64_t>{2, 3, 3, 2});
  CHECK(flare::frame_ticks(3, 7) == std::vector<std::int64_t>{2, 3, 2});
  // Fewer ticks than frames: one tick a frame, the frames past the end never shown.
  CHECK(flare::frame_ticks(5, 3) == std::vector<std::int64_t>{1, 1, 1, 0, 0});
}

TEST_CASE("frame_ticks agrees with Bresenham's line drawn one tick at a time") {
  // Animation::setup's loop, transcribed: sub_frames[x] is the frame shown on tick x.
  const auto literal = [](int frames, int duration) {
    std::vector<std::int64_t> count(static_cast<std::size_t>(frames), 0);
    if (duration % frames == 0) {
      for (auto& c : count)
        c = duration / frames;
      return count;
    }
    const int dx = duration - 1, dy = frames - 1;
    int d = 2 * dy - dx, y = 0;
    ++count[0];
    for (int x = 1; x <= dx; ++x) {
      if (d > 0) {
        ++y;
        d += 2 * dy - 2 * dx;
      } else {
        d += 2 * dy;
      }
      ++count[static_cast<std::size_t>(y)];
    }
    return count;
  };
  for (int frames = 1; frames <= 40; ++frames)
    for (int ticks = 1; ticks <= 300; ++ticks) {
      INFO(frames << " frames, " << ticks << " ticks");
      REQUIRE(flare::frame_ticks(frames, ticks) == literal(frames, ticks));
    }
}

namespace {

// Flare's Animation playing at speed 1, transcribed from advanceFrame and isActiveFrame:
// what it shows on each tick and whether it reports the frame active then.
struct FlarePlayer {
  std::vector<int> sub_frames;  // the frame of each sub-frame (tick)
  flare::Type type;
  flare::SubFrame when;
  std::vector<int> active;  // frame indices
  int sub = 0;
  bool reverse = false;
  int times_played = 0;

  FlarePlayer(const std::vector<std::int64_t>& ticks, flare::Type t, flare::SubFrame w,
              std::vector<int> act)
      : type(t), when(w), active(std::move(act)) {
    for (std::size_t i = 0; i < ticks.size(); ++i)
      for (std::int64_t k = 0; k < ticks[i]; ++k)
        sub_frames.push_back(static_cast<int>(i));
  }
  int frame() const { return sub_frames[static_cast<std::size_t>(sub)]; }
  int first_sub(int f) const {
    int i = 0;
    while (sub_frames[static_cast<std::size_t>(i)] != f)
      ++i;
    return i;
  }
  int last_sub(int f) const {
    int i = static_cast<int>(sub_frames.size()) - 1;
    while (sub_frames[static_cast<std::size_t>(i)] != f)
      --i;
    return i;
  }
  bool is_active() const {
    if (type == flare::Type::kBackForth && (reverse || times_played > 0)) return false;
    if (std::find(active.begin(), active.end(), frame()) == active.end()) return false;
    // Going forward here, so the "last" sub-frame of a frame is its last in the list.
    if (when == flare::SubFrame::kEnd) return sub == last_sub(frame());
    if (when == flare::SubFrame::kStart) return sub == first_sub(frame());
    return true;
  }
  void advance() {
    const int last = static_cast<int>(sub_frames.size()) - 1;
    if (type == flare::Type::kPlayOnce) {
      if (sub < last) ++sub;
    } else if (type == flare::Type::kLooped) {
      sub = sub < last ? sub + 1 : 0;
    } else if (!reverse) {
      if (sub < last)
        ++sub;
      else
        reverse = true;
    } else {
      if (sub > 0)
        --sub;
      else {
        reverse = false;
        ++times_played;
      }
    }
  }
};

// The frame shown on each of `n` ticks and the ticks whose step raises "active", as
// spritec's player plays the action (steps entered in order; loop back to loop_from;
// once holds the last step).
void play(const spritec::def::Action& a, int n, std::vector<int>& frames,
          std::vector<bool>& events) {
  const auto& steps = a.steps[0];
  std::size_t i = 0;
  int left = steps[0].ticks;
  bool entered = true;
  bool held = false;
  for (int t = 0; t < n; ++t) {
    const std::string& name = steps[i].frame;  // "g/<anim>/<index>/<dir>"
    const std::size_t end = name.rfind('/');
    const std::size_t start = name.rfind('/', end - 1);
    frames.push_back(std::stoi(name.substr(start + 1, end - start - 1)));
    events.push_back(entered && !held && !steps[i].event.empty());
    entered = false;
    if (held || --left > 0) continue;
    if (i + 1 < steps.size()) {
      ++i;
    } else if (a.mode == spritec::def::PlayMode::kOnce) {
      held = true;
      continue;
    } else {
      i = static_cast<std::size_t>(a.loop_from);
    }
    left = steps[i].ticks;
    entered = true;
  }
}

}  // namespace

TEST_CASE("every type plays tick for tick as Flare plays it, active frames included") {
  struct Case {
    const char* type;
    flare::Type t;
    int frames;
    const char* duration;
    std::int64_t ticks;  // at 60
    const char* active;  // active_frame= value or ""
    const char* when;
    flare::SubFrame w;
  };
  const Case cases[] = {
      {"looped", flare::Type::kLooped, 4, "500ms", 30, "", "end", flare::SubFrame::kEnd},
      {"looped", flare::Type::kLooped, 3, "250ms", 15, "1", "end", flare::SubFrame::kEnd},
      {"play_once", flare::Type::kPlayOnce, 3, "300ms", 18, "2", "end", flare::SubFrame::kEnd},
      {"play_once", flare::Type::kPlayOnce, 4, "450ms", 27, "0,3", "start",
       flare::SubFrame::kStart},
      {"play_once", flare::Type::kPlayOnce, 2, "100ms", 6, "1", "all", flare::SubFrame::kAll},
      {"back_forth", flare::Type::kBackForth, 4, "800ms", 48, "", "end", flare::SubFrame::kEnd},
      {"back_forth", flare::Type::kBackForth, 3, "117ms", 7, "", "end", flare::SubFrame::kEnd},
      {"back_forth", flare::Type::kBackForth, 3, "200ms", 12, "1", "end", flare::SubFrame::kEnd},
      {"back_forth", flare::Type::kBackForth, 1, "50ms", 3, "0", "start", flare::SubFrame::kStart},
      {"looped", flare::Type::kLooped, 6, "67ms", 4, "", "end", flare::SubFrame::kEnd},
  };
  for (const Case& c : cases) {
    INFO(c.type << " frames=" << c.frames << " duration=" << c.duration << " active=" << c.active
                << " " << c.when);
    Project p("play");
    std::string txt = "image=images/a.png\n[a]\nframes=" + std::to_string(c.frames) +
                      "\nduration=" + c.duration + "\ntype=" + c.type + "\n";
    if (*c.active)
      txt += std::string("active_frame=") + c.active + "\nactive_sub_frame=" + c.when + "\n";
    for (int i = 0; i < c.frames; ++i)
      txt += "frame=" + std::to_string(i) + ",0," + std::to_string(i * 8) + ",0,8,8,4,7\n";
    p.text("mod/animations/a.txt", txt);
    p.load(sheet_yaml());
    INFO(p.first_message());
    REQUIRE(p.def);
    const auto& a = p.action("a");
    const std::vector<std::int64_t> ticks = flare::frame_ticks(c.frames, c.ticks);
    std::vector<int> active;
    for (const char* s = c.active; *s; ++s)
      if (*s >= '0' && *s <= '9') active.push_back(*s - '0');
    FlarePlayer flare_player(ticks, c.t, c.w, active);
    // play_once: up to its end (Flare keeps reporting a held active last frame; its
    // entities leave the attack state on that tick).
    const int n = static_cast<int>(c.ticks) * (c.t == flare::Type::kPlayOnce ? 1 : 5);
    std::vector<int> expected_frames, got_frames;
    std::vector<bool> expected_events, got_events;
    for (int t = 0; t < n; ++t) {
      expected_frames.push_back(flare_player.frame());
      expected_events.push_back(flare_player.is_active());
      flare_player.advance();
    }
    play(a, n, got_frames, got_events);
    CHECK(got_frames == expected_frames);
    CHECK(got_events == expected_events);
    CHECK((a.mode == spritec::def::PlayMode::kOnce) == (c.t == flare::Type::kPlayOnce));
    CHECK(a.then == spritec::def::ThenKind::kHold);
  }
}

TEST_CASE(
    "back_forth is a loop that shows the end frames twice; active frames only on the first pass") {
  Project p("bounce");
  p.text("mod/animations/a.txt",
         "image=images/a.png\n"
         "[idle]\nframes=3\nduration=300ms\ntype=back_forth\n"
         "frame=0,0,0,0,8,8,4,7\nframe=1,0,8,0,8,8,4,7\nframe=2,0,16,0,8,8,4,7\n"
         "[taunt]\nactive_frame=1\n"
         "frame=0,0,0,0,8,8,4,7\nframe=1,0,8,0,8,8,4,7\nframe=2,0,16,0,8,8,4,7\n");
  p.load(sheet_yaml());
  INFO(p.first_message());
  REQUIRE(p.def);
  const auto& idle = p.action("idle");
  CHECK(idle.mode == spritec::def::PlayMode::kLoop);
  CHECK(idle.loop_from == 0);
  CHECK(steps_of(idle, 0) == std::vector<std::string>{"g/idle/0/0:6", "g/idle/1/0:6",
                                                      "g/idle/2/0:6", "g/idle/2/0:6",
                                                      "g/idle/1/0:6", "g/idle/0/0:6"});
  // taunt carries frames, duration and type over from idle (as Flare does); its active
  // frame 1 is reported on that frame's last tick of the first forward pass: the pass is
  // written out with frame 1 split 5 + 1, then the loop of backward and forward passes.
  const auto& taunt = p.action("taunt");
  CHECK(taunt.loop_from == 4);
  CHECK(steps_of(taunt, 0) ==
        std::vector<std::string>{"g/taunt/0/0:6", "g/taunt/1/0:5", "g/taunt/1/0:1!active",
                                 "g/taunt/2/0:6", "g/taunt/2/0:6", "g/taunt/1/0:6", "g/taunt/0/0:6",
                                 "g/taunt/0/0:6", "g/taunt/1/0:6", "g/taunt/2/0:6"});
  CHECK(p.def->events == std::vector<std::string>{"active"});
}

TEST_CASE("play_once plays once and holds; frames past a too-short duration are dropped") {
  Project p("once");
  p.text("mod/animations/a.txt",
         "image=images/a.png\n"
         "[die]\nframes=5\nduration=50ms\ntype=play_once\n"  // 3 ticks: frames 3, 4 never shown
         "frame=0,0,0,0,8,8,4,7\nframe=1,0,8,0,8,8,4,7\nframe=2,0,16,0,8,8,4,7\n"
         "frame=3,0,24,0,8,8,4,7\nframe=4,0,32,0,8,8,4,7\n");
  p.load(sheet_yaml());
  INFO(p.first_message());
  REQUIRE(p.def);
  const auto& die = p.action("die");
  CHECK(die.mode == spritec::def::PlayMode::kOnce);
  CHECK(die.repeat == 1);
  CHECK(die.then == spritec::def::ThenKind::kHold);
  CHECK(steps_of(die, 0) == std::vector<std::string>{"g/die/0/0:1", "g/die/1/0:1", "g/die/2/0:1"});
  CHECK(p.def->find_frame("g/die/4/0") != nullptr);  // a frame of the sheet all the same
}

TEST_CASE(
    "without frame= lines, frames are cut from the render_size grid, rows past the image falling "
    "back to row 0") {
  // Animation::setupUncompressed: frame i, direction d at (w·(position + i), h·d); a rect
  // below the image takes direction 0's (checkInit). The image is 64x32: rows 0..3 of 8.
  Project p("grid");
  p.text("mod/animations/a.txt",
         "image=images/a.png\nrender_size=8,8\nrender_offset=4,6\n"
         "[run]\nframes=2\nposition=3\nduration=200ms\ntype=looped\n");
  p.load(sheet_yaml());
  INFO(p.first_message());
  REQUIRE(p.def);
  CHECK(p.frame("g/run/1/2").rect == spritec::def::Rect{32, 16, 8, 8});
  CHECK(p.frame("g/run/1/2").origin == spritec::def::Point{4, 6});
  CHECK(p.def->find_frame("g/run/0/4") == nullptr);  // y = 32: below the image
  const auto& run = p.action("run");
  CHECK(run.views == 8);
  CHECK(steps_of(run, 3) == std::vector<std::string>{"g/run/0/3:6", "g/run/1/3:6"});
  CHECK(steps_of(run, 6) == std::vector<std::string>{"g/run/0/0:6", "g/run/1/0:6"});
}

TEST_CASE("image= is looked for from the Flare file's folder up, inside the project root") {
  Project p("image");
  fs::create_directories(p.root / "mod" / "animations" / "enemies");
  const std::string txt =
      "image=images/a.png\n[a]\nframes=1\nduration=1s\ntype=looped\nframe=0,0,0,0,8,8,0,0\n";
  p.text("mod/animations/enemies/a.txt", txt);  // found at mod/, two folders up
  p.load(sheet_yaml("mod/animations/enemies/a.txt"));
  INFO(p.first_message());
  REQUIRE(p.def);
  CHECK(p.frame("g/a/0/0").image == fs::weakly_canonical(p.root / "mod/images/a.png"));

  Project q("image-missing");
  q.text("mod/animations/a.txt",
         "\nimage=images/b.png\n[a]\nframes=1\nduration=1s\ntype=looped\nframe=0,0,0,0,8,8,0,0\n");
  q.load(sheet_yaml());
  CHECK_FALSE(q.def);
  REQUIRE(q.sink.diagnostics().size() == 1);
  const auto& d = q.sink.diagnostics()[0];
  CHECK(d.code == Code::kImageUnreadable);
  CHECK(d.span.line == 2);
  CHECK(d.span.column == 7);
  CHECK(d.message.find("images/b.png") != std::string::npos);
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].span.line == 5);  // the flare: value in the definition
}

TEST_CASE(
    "a written action replaces a Flare animation's (N0301); two Flare sheets' animations clash "
    "(E0218)") {
  Project p("clash");
  const std::string txt =
      "image=images/a.png\n[a]\nframes=1\nduration=1s\ntype=looped\nframe=0,0,0,0,8,8,0,0\n";
  p.text("mod/animations/a.txt", txt);
  p.text("mod/animations/b.txt", txt);
  p.load(
      "pack: p\nsheets:\n  - name: g\n    flare: mod/animations/a.txt\nactions:\n  a: {frames: "
      "[g/a/0/0]}\n");
  INFO(p.first_message());
  REQUIRE(p.def);
  REQUIRE(p.sink.diagnostics().size() == 1);
  CHECK(p.sink.diagnostics()[0].code == Code::kTagActionReplaced);
  CHECK(p.def->actions.size() == 1);
  CHECK(p.def->actions[0].views == 1);
  CHECK(p.def->actions[0].steps[0][0].ticks == 6);  // the written one: 100 ms

  Project q("clash2");
  q.text("mod/animations/a.txt", txt);
  q.text("mod/animations/b.txt", txt);
  q.load(
      "pack: p\nsheets:\n  - name: g\n    flare: mod/animations/a.txt\n  - name: h\n    flare: "
      "mod/animations/b.txt\n");
  CHECK_FALSE(q.def);
  REQUIRE(q.sink.diagnostics().size() == 1);
  CHECK(q.sink.diagnostics()[0].code == Code::kFlareActionClash);
  CHECK(q.sink.diagnostics()[0].span.line == 2);  // [a] in b.txt
  CHECK(q.sink.diagnostics()[0].span.column == 2);
}

TEST_CASE("frames outside the image or of zero size are E0203 and E0206 at their frame= line") {
  Project p("rects");
  p.text("mod/animations/a.txt",
         "image=images/a.png\n[a]\nframes=2\nduration=1s\ntype=looped\n"
         "frame=0,0,60,0,8,8,0,0\nframe=1,0,0,0,0,8,0,0\n");
  p.load(sheet_yaml());
  CHECK_FALSE(p.def);
  REQUIRE(p.sink.diagnostics().size() == 2);
  CHECK(p.sink.diagnostics()[0].code == Code::kRectOutsideImage);
  CHECK(p.sink.diagnostics()[0].span.line == 6);
  CHECK(p.sink.diagnostics()[1].code == Code::kZeroSizeRect);
  CHECK(p.sink.diagnostics()[1].span.line == 7);
}

TEST_CASE("a hostile or mistaken Flare file is refused at the line and column of the problem") {
  const std::string head = "image=a.png\n[a]\nframes=2\nduration=100ms\ntype=looped\n";
  const std::string frames = "frame=0,0,0,0,1,1,0,0\nframe=1,0,1,0,1,1,0,0\n";
  struct Case {
    std::string text;
    int line;
    int column;
    const char* says;
  };
  const std::vector<Case> cases = {
      {"", 1, 1, "no image="},
      {"image=a.png\n", 1, 1, "no [section]"},
      {"image=a.png\nimage=b.png\n", 2, 7, "second image="},
      {"image=a.png\n[a]\nframes=0\n", 3, 8, "outside 1..4096"},
      {"image=a.png\n[a]\nframes=4097\n", 3, 8, "outside 1..4096"},
      {"image=a.png\n[a]\nframes=2x\n", 3, 8, "not a whole number"},
      {"image=a.png\n[a]\nframes=9999999999\n", 3, 8, "not a whole number"},
      {"image=a.png\n[a]\nduration=6\n", 3, 10, "has no unit"},
      {"image=a.png\n[a]\nduration=0ms\n", 3, 10, "more than 0"},
      {"image=a.png\n[a]\nduration=3600001ms\n", 3, 10, "cap of 1 hour"},
      {"image=a.png\n[a]\nduration=1.5s\n", 3, 10, "whole number of milliseconds"},
      {"image=a.png\n[a]\ntype=pingpong\n", 3, 6, "looped, play_once or back_forth"},
      {head + frames + "[a]\n", 8, 2, "defined twice"},
      {head + "frame=0,0,0,0,1,1,0,0\nframe=0,0,0,0,1,1,0,0\n", 7, 7, "given twice"},
      {head + "frame=2,0,0,0,1,1,0,0\n", 6, 7, "not 0..1"},
      {head + "frame=0,8,0,0,1,1,0,0\n", 6, 9, "direction '8'"},
      {head + "frame=0,0,0,0,1,1,0\n", 6, 7, "got 7 values"},
      {head + "frame=0,0,-1,0,1,1,0,0\n", 6, 11, "frame x"},
      {head + "frame=0,0,0,0,1,1,0,0,other\n", 6, 23, "image ID"},
      {head + "frame=0,0,0,0,1,1,0,0\nframes=3\n", 7, 1, "after the first frame="},
      {head + "frame=1,0,0,0,1,1,0,0\n", 2, 2, "no frame= line for frame 0"},
      {head + "active_frame=2\n" + frames, 6, 14, "not below frames=2"},
      {head + "frames=3\n", 6, 1, "given twice"},
      {"image=a.png\n[a]\nframe=0,0,0,0,1,1,0,0\n", 2, 2, "no frames="},
      {"image=a.png\n[a]\nframes=1\nduration=1s\n", 2, 2, "no type="},
      {"image=a.png\n[a]\nframes=1\nduration=1s\ntype=looped\n", 2, 2, "no render_size="},
      {"image=a.png\n[]\n", 2, 1, "[name]"},
      {"image=a.png\n[ a ]\n", 2, 2, "bracket or space"},
      {"image=a.png\n[a\n", 2, 1, "[name]"},
      {"image=a.png\nframes=1\n", 2, 1, "belongs in an animation"},
      {"image=a.png\nspeed=1\n", 2, 1, "unknown key 'speed'"},
      {"image=a.png\n[a]\nspeed=1\n", 3, 1, "unknown key 'speed'"},
      {"image=a.png\nno equals sign\n", 2, 1, "not key=value"},
      {"image=a.png\nblend_mode=add\n", 2, 12, "additive"},
      {"image=a.png\nalpha_mod=128\n", 2, 11, "alpha_mod=128"},
      {"image=a.png\ncolor_mod=255,0,255\n", 2, 11, "color_mod"},
      {"APPEND\nimage=a.png\n", 1, 1, "APPEND"},
      {"image=a.png\nINCLUDE other.txt\n", 2, 1, "INCLUDE"},
      {"image=a.png\n[a]\x01\n", 2, 4, "control character"},
      {"image=a.png\n[\xff]\n", 2, 2, "not UTF-8"},
      {"image=a.png\n" + std::string(5000, ' ') + "\n", 2, 1, "limit is 4096"},
      {"image=a.png\nrender_size=100,8\n[a]\nframes=4096\nposition=65535\nduration=1s\ntype="
       "looped\n",
       3, 2, "runs past"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const auto parsed = flare::parse(c.text);
    REQUIRE_FALSE(parsed);
    INFO(parsed.error.message);
    CHECK(parsed.error.at.line == c.line);
    CHECK(parsed.error.at.column == c.column);
    CHECK(parsed.error.message.find(c.says) != std::string::npos);
  }
}

TEST_CASE("the frame slots of a file are capped before they are allocated") {
  // Animations of 4096 frames x 8 directions: two make 65,536 slots, the cap; the third
  // ([a2], line 11) is refused before its cells are allocated.
  std::string text = "image=a.png\nrender_size=1,1\n";
  for (int i = 0; i < 3; ++i)
    text += "[a" + std::to_string(i) + "]\nframes=4096\nduration=1s\ntype=looped\n";
  const auto parsed = flare::parse(text);
  REQUIRE_FALSE(parsed);
  CHECK(parsed.error.at.line == 11);
  CHECK(parsed.error.message.find("limit is 8192") != std::string::npos);

  std::string many = "image=a.png\nrender_size=1,1\n[s0]\nframes=1\nduration=1s\ntype=looped\n";
  for (int i = 1; i <= 1024; ++i)
    many += "[s" + std::to_string(i) + "]\n";
  const auto sections = flare::parse(many);
  REQUIRE_FALSE(sections);
  CHECK(sections.error.message.find("more than 1024 animations") != std::string::npos);
}

TEST_CASE(
    "active_sub_frame=all over a long duration is refused rather than made millions of steps") {
  flare::Animation a;
  a.name = "a";
  a.frames = 1;
  a.duration_ms = 3600000;
  a.type = flare::Type::kLooped;
  a.active = {0};
  a.sub_frame = flare::SubFrame::kAll;
  const auto t = flare::timeline(a, 1000);  // 3.6 million ticks, each a step
  REQUIRE_FALSE(t);
  CHECK(t.error.message.find("65536") != std::string::npos);
  a.sub_frame = flare::SubFrame::kEnd;
  const auto end = flare::timeline(a, 1000);
  REQUIRE(end);
  CHECK(end.value.steps.size() == 2);
  CHECK(end.value.steps[0].ticks == 3599999);
}

TEST_CASE("projection: orthogonal turns Flare's directions to face the map's on screen") {
  // Orthogonal: direction d faces its map direction, SW = 0 at 135 degrees, then clockwise.
  Project p("orthogonal");
  p.text("mod/animations/a.txt",
         "image=images/a.png\n[walk]\nframes=1\nduration=100ms\ntype=looped\n"
         "frame=0,0,0,0,8,8,4,7\nframe=0,5,8,0,8,8,4,7\n");
  p.load(
      "pack: p\nsheets:\n  - name: g\n    flare: mod/animations/a.txt\n    projection: "
      "orthogonal\n");
  INFO(p.first_message());
  REQUIRE(p.def);
  const auto& walk = p.action("walk");
  CHECK(walk.views == 8);
  CHECK(walk.first_view == 135);
  // View 5 faces 135 + 225 = 360 = east: Flare's E (5) on an orthogonal map.
  CHECK(steps_of(walk, 5) == std::vector<std::string>{"g/walk/0/5:6"});

  Project q("projection-elsewhere");
  q.load(
      "pack: p\nsheets:\n  - name: g\n    files: mod/images/*.png\n    projection: "
      "orthogonal\n");
  CHECK_FALSE(q.def);
  REQUIRE(q.sink.diagnostics().size() == 1);
  CHECK(q.sink.diagnostics()[0].code == Code::kSheetSource);
  CHECK(q.sink.diagnostics()[0].span.line == 5);
}
