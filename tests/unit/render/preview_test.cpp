// Previews far from the usual numbers: origins at the ends of the 32-bit range, positions
// beyond any stage (1e300, infinity, NaN), stages and frames over the caps, and the frame
// selection that keeps memory to the frames asked for. Expected values are worked out by
// hand from compose.hpp's, action_preview.hpp's and scene_preview.hpp's rules.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "spritec/format/spk_writer.hpp"
#include "spritec/render/action_preview.hpp"
#include "spritec/render/compose.hpp"
#include "spritec/render/scene_preview.hpp"
#include "spritec/runtime/spk_reader.hpp"

using spritec::image::Image;
namespace render = spritec::render;
namespace format = spritec::format;
namespace runtime = spritec::runtime;

namespace {

constexpr std::int32_t kMin32 = std::numeric_limits<std::int32_t>::min();
constexpr std::int32_t kMax32 = std::numeric_limits<std::int32_t>::max();

// A 4x3 page: every pixel opaque red, except (0, 0), opaque green.
Image page() {
  Image p(4, 3);
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 4; ++x) {
      std::uint8_t* q = p.pixel(x, y);
      q[0] = 255;
      q[3] = 255;
    }
  }
  p.pixel(0, 0)[0] = 0;
  p.pixel(0, 0)[1] = 255;
  return p;
}

bool is(const Image& img, int x, int y, std::uint8_t r, std::uint8_t g, std::uint8_t b,
        std::uint8_t a) {
  const std::uint8_t* p = img.pixel(x, y);
  return p[0] == r && p[1] == g && p[2] == b && p[3] == a;
}

// Pixels that are not the background colour `bg` (0xRRGGBBAA).
int drawn(const Image& img, std::uint32_t bg) {
  int n = 0;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      const std::uint8_t* p = img.pixel(x, y);
      std::uint32_t c = (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) |
                        (std::uint32_t(p[2]) << 8) | p[3];
      n += c != bg;
    }
  }
  return n;
}

render::Sprite sprite_at(const Image& p, double x, double y, std::int32_t ox, std::int32_t oy) {
  render::Sprite s;
  s.page = &p;
  s.rect = {0, 0, p.width, p.height};
  s.origin_x = ox;
  s.origin_y = oy;
  s.x = x;
  s.y = y;
  s.name = "a";
  return s;
}

// A pack of one 4x3 frame "f" with the given origin (the whole page, untrimmed) and one
// action "walk" of two views of one step each: view 0 shows f, view 1 shows f mirrored in
// x. Kept with its bytes, which the view points into.
struct Pack {
  std::vector<std::uint8_t> bytes;
  runtime::PackView view;
  std::vector<Image> pages;
};

void make_pack(Pack& pack, std::int32_t ox, std::int32_t oy) {
  format::PackModel m;
  m.tick_rate = 60;
  format::PageModel pm;
  pm.width = 4;
  pm.height = 3;
  pm.png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 0};
  m.pages = {pm};
  format::FrameModel f;
  f.name = "f";
  f.w = 4;
  f.h = 3;
  f.source_w = 4;
  f.source_h = 3;
  f.origin_x = ox;
  f.origin_y = oy;
  m.frames = {f};
  format::ActionModel walk;
  walk.name = "walk";
  walk.views = 2;
  walk.mode = format::Mode::kOnce;
  format::StepModel east, west;
  east.frame = west.frame = "f";
  east.ticks = west.ticks = 6;
  west.flip_x = true;
  walk.steps = {{east}, {west}};
  m.actions = {walk};
  auto written = format::write_spk(m);
  REQUIRE(written.ok());
  pack.bytes = std::move(written.value);
  REQUIRE(runtime::parse_pack(pack.bytes.data(), pack.bytes.size(), pack.view).error ==
          runtime::ParseError::kOk);
  pack.pages = {page()};
}

}  // namespace

TEST_CASE("a position off every stage, or not a number, draws nothing and breaks nothing") {
  Image p = page();
  render::Stage stage;
  stage.width = 8;
  stage.height = 8;
  stage.background = 0x102030FF;
  stage.debug = true;  // no outline and no origin cross either
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double v : {1e300, -1e300, inf, -inf, nan, 1e15 + 2, -1e15 - 2}) {
    INFO("position " << v);
    CHECK_FALSE(render::to_pixel(v).has_value());
    std::vector<render::Sprite> sprites = {sprite_at(p, v, 2, 0, 0), sprite_at(p, 2, v, 0, 0),
                                           sprite_at(p, v, v, kMin32, kMax32)};
    Image out = render::compose(stage, sprites);
    CHECK(drawn(out, 0x102030FF) == 0);
  }
  // A NaN among drawable sprites does not disturb their order (y, then name).
  render::Sprite low = sprite_at(p, 0, 0, 0, 0), high = sprite_at(p, 1, 1, 0, 0), odd = low;
  low.name = "low";
  high.name = "high";
  odd.y = nan;
  odd.name = "odd";
  stage.debug = false;
  Image out = render::compose(stage, {high, odd, low});
  CHECK(is(out, 1, 1, 0, 255, 0, 255));  // high (y 1) drawn over low (y 0)
}

TEST_CASE("to_pixel rounds half up and keeps 64-bit pixels exact") {
  CHECK(render::to_pixel(2.5) == 3);
  CHECK(render::to_pixel(-2.5) == -2);
  CHECK(render::to_pixel(-2.6) == -3);
  CHECK(render::to_pixel(4294967296.0) == 4294967296LL);
  CHECK(render::to_pixel(1e15) == 1000000000000000LL);
}

TEST_CASE("a frame whose origin and position are both past 2^31 lands exactly") {
  // Origin (2^31 - 1, -2^31) at position (2^31 + 2, -2^31 + 1): the frame's top-left pixel
  // lands at (3, 1). Neither number fits an int; their difference does.
  Image p = page();
  render::Stage stage;
  stage.width = 8;
  stage.height = 6;
  Image out = render::compose(stage, {sprite_at(p, 2147483650.0, -2147483647.0, kMax32, kMin32)});
  CHECK(is(out, 3, 1, 0, 255, 0, 255));  // the green corner
  CHECK(is(out, 6, 3, 255, 0, 0, 255));  // the bottom-right pixel
  CHECK(drawn(out, 0) == 12);
  SECTION("mirrored, it turns about its origin pixel") {
    // Mirrored in x about the origin pixel: the rectangle starts at px + origin - w + 1 =
    // 2^31 + 2 + 2^31 - 1 - 4 + 1 = 2^32 - 2: far off the stage, and nothing wraps round.
    render::Sprite s = sprite_at(p, 2147483650.0, -2147483647.0, kMax32, kMin32);
    s.flip_x = true;
    CHECK(drawn(render::compose(stage, {s}), 0) == 0);
    // At px = 2 - origin + w - 1 = 2 - (2^31 - 1) + 3 the mirrored rectangle starts at 2.
    s.x = 2.0 - 2147483647.0 + 3.0;
    Image back = render::compose(stage, {s});
    CHECK(is(back, 5, 1, 0, 255, 0, 255));  // the green corner, mirrored to the right end
    CHECK(drawn(back, 0) == 12);
  }
}

TEST_CASE("an action whose origins are at the ends of the 32-bit range previews one view") {
  Pack pack;
  make_pack(pack, kMax32, kMin32);
  render::ActionPreviewOptions o;
  o.view = 0u;
  o.background = 0x000000FF;
  render::FrameSequence seq = render::render_action(pack.view, pack.pages, 0, o);
  REQUIRE_FALSE(seq.too_large);
  REQUIRE(!seq.frames.empty());
  // The cell is the frame (4x3) plus 2 px on every side, the frame at (2, 2).
  const Image& first = seq.frames.front().image;
  REQUIRE(first.width == 8);
  REQUIRE(first.height == 7);
  CHECK(is(first, 2, 2, 0, 255, 0, 255));
  CHECK(is(first, 5, 4, 255, 0, 0, 255));
  CHECK(drawn(first, 0x000000FF) == 12);
  SECTION("the mirrored view alone also fits, mirrored") {
    o.view = 1u;
    render::FrameSequence west = render::render_action(pack.view, pack.pages, 0, o);
    REQUIRE_FALSE(west.too_large);
    REQUIRE(west.frames.front().image.width == 8);
    CHECK(is(west.frames.front().image, 5, 2, 0, 255, 0, 255));
  }
}

TEST_CASE("an action whose views lie 2^32 px apart is refused before anything is drawn") {
  Pack pack;
  make_pack(pack, kMax32, 0);
  render::ActionPreviewOptions o;  // all views: east at -2^31, west mirrored at +2^31
  render::FrameSequence seq = render::render_action(pack.view, pack.pages, 0, o);
  CHECK(seq.too_large);
  CHECK(seq.frames.empty());
  // The views together reach from -origin (east) to origin + 1 (west, mirrored): 2^32 - 1
  // px, plus 2 px of pad on each side, make a cell; the two views are two cells.
  CHECK(seq.frame_width == 2 * (std::int64_t(kMax32) * 2 + 1 + 4));
  CHECK(seq.frame_width > render::kMaxFrameSide);
  CHECK(seq.frame_height == 3 + 4);
}

TEST_CASE("a frame sequence keeps only the frames selected, with their own durations") {
  render::FrameSequence seq;
  seq.keep.first = 1;
  seq.keep.last = 5;
  seq.keep.every = 2;
  // Frames sampled at ticks 0, 4, 8, ... ; kept: numbers 1, 3, 5 (ticks 4, 12, 20).
  std::vector<std::int64_t> kept_ticks;
  for (std::int64_t t = 0; !seq.done(); t += 4) {
    if (seq.sample(t)) {
      REQUIRE(seq.fits(2, 2, 1));
      REQUIRE(seq.add(Image(2, 2), "tick " + std::to_string(t)));
      kept_ticks.push_back(t);
    }
    REQUIRE(t < 100);
  }
  CHECK(kept_ticks == std::vector<std::int64_t>{4, 12, 20});
  CHECK(seq.labels == std::vector<std::string>{"tick 4", "tick 12", "tick 20"});
  // Frame 6 (tick 24) was sampled to end frame 5, and then the sequence was done.
  CHECK(seq.sampled == 7);
  seq.finish(100, 60);
  REQUIRE(seq.frames.size() == 3);
  for (const auto& f : seq.frames) {
    CHECK(f.duration.num == 4);  // until the next frame sampled, kept or not
    CHECK(f.duration.den == 60);
  }
  CHECK(seq.bytes == 3 * 2 * 2 * 4);
}

TEST_CASE("a frame sequence refuses a frame over either cap before it is drawn") {
  render::FrameSequence seq;
  CHECK(seq.fits(render::kMaxFrameSide, 1, 1));
  CHECK_FALSE(seq.fits(render::kMaxFrameSide + 1, 1, 1));
  CHECK(seq.too_large);
  CHECK(seq.frame_width == render::kMaxFrameSide + 1);
  render::FrameSequence scaled;
  CHECK_FALSE(scaled.fits(4096, 10, 16));  // 65536 px once scaled
  CHECK(scaled.frame_width == 65536);
  // Sizes that would overflow 64 bits saturate, and are refused.
  render::FrameSequence huge;
  CHECK_FALSE(huge.fits(std::numeric_limits<std::int64_t>::max(), 1, 16));
  // 512 MiB in all: 8192 x 8192 x 4 bytes fits twice, not three times.
  render::FrameSequence bytes;
  CHECK(bytes.fits(8192, 8192, 1));
  bytes.bytes = 2 * 8192ull * 8192 * 4;
  CHECK(bytes.bytes == render::kMaxPreviewBytes);
  CHECK_FALSE(bytes.fits(1, 1, 1));
}

namespace {

// A one-actor scene over make_pack's pack (origin 0, 0: the green pixel marks the actor's
// position): actor "a" walks east from (2, 2), moved 2 px right over 6 ticks (100 ms at
// 60 ticks per second), and the script ends on tick 6.
spritec::sim::Simulation scene_of(const Pack& pack) {
  namespace sim = spritec::sim;
  spritec::diag::Sink sink;
  std::optional<sim::Scene> scene = sim::parse_scene(
      "stage: {size: [8, 8], background: \"#102030\"}\n"
      "packs: {p: p.spk}\n"
      "actors:\n"
      "  - {name: a, pack: p, action: walk, at: [2, 2]}\n"
      "script:\n"
      "  - {actor: a, move_by: [2, 0], over: 100ms}\n",
      "test.scene.yaml", ".", sink);
  REQUIRE(scene);
  std::optional<sim::ScenePack> loaded = sim::load_pack_bytes("p", pack.bytes, {}, sink);
  REQUIRE(loaded);
  std::optional<sim::Simulation> simulation = sim::Simulation::create(*scene, {*loaded}, sink);
  REQUIRE(simulation);
  return std::move(*simulation);
}

}  // namespace

TEST_CASE("a scene preview draws a frame every tick_rate / fps ticks until the script ends") {
  Pack pack;
  make_pack(pack, 0, 0);
  spritec::sim::Simulation simulation = scene_of(pack);
  render::ScenePreviewOptions options;
  options.stage.width = 8;
  options.stage.height = 8;
  options.stage.background = 0x102030FF;
  options.fps = 20;  // a frame every 3 ticks
  SECTION("to the end of the script") {
    render::ScenePreview preview =
        render::render_scene(simulation, {{&pack.view, &pack.pages}}, options);
    CHECK_FALSE(preview.stage_too_large);
    CHECK_FALSE(preview.cut);
    const render::FrameSequence& f = preview.frames;
    REQUIRE(f.frames.size() == 3);  // ticks 0, 3 and 6
    CHECK(f.labels == std::vector<std::string>{"tick 0", "tick 3", "tick 6"});
    const int x[] = {2, 3, 4};  // 2 px over 6 ticks: 1 px by tick 3
    for (int i = 0; i < 3; ++i) {
      INFO("frame " << i);
      CHECK(is(f.frames[i].image, x[i], 2, 0, 255, 0, 255));
      CHECK(drawn(f.frames[i].image, 0x102030FF) == 12);  // the 4x3 frame, all on stage
      CHECK(f.frames[i].duration.den == 60);
    }
    CHECK(f.frames[0].duration.num == 3);
    CHECK(f.frames[2].duration.num == 1);  // the last tick shown lasts one tick
  }
  SECTION("cut by ticks, scaled") {
    options.ticks = 4;
    options.scale = 2;
    render::ScenePreview preview =
        render::render_scene(simulation, {{&pack.view, &pack.pages}}, options);
    const render::FrameSequence& f = preview.frames;
    REQUIRE(f.frames.size() == 2);  // ticks 0 and 3; tick 4 is the last run
    CHECK(f.frames[1].duration.num == 2);
    CHECK(f.frames[0].image.width == 16);
    CHECK(simulation.tick() == 4);
  }
  SECTION("a stage over the caps is refused before the first tick") {
    options.stage.width = 70000;
    render::ScenePreview preview =
        render::render_scene(simulation, {{&pack.view, &pack.pages}}, options);
    CHECK(preview.stage_too_large);
    CHECK(preview.frames.too_large);
    CHECK(simulation.tick() == -1);
  }
}

namespace {

// Keeps what a streamed sequence hands over.
struct Collect : render::FrameSink {
  std::vector<render::AnimFrame> frames;
  int refuse_after = -1;  // refuse the frame after this many (-1: never)
  bool frame(Image image, render::Duration duration) override {
    if (refuse_after >= 0 && int(frames.size()) >= refuse_after) return false;
    frames.push_back({std::move(image), duration});
    return true;
  }
};

}  // namespace

TEST_CASE("a streamed frame sequence hands each frame over once its duration is known") {
  Collect sink;
  render::FrameSequence seq;
  seq.stream_to(&sink, 60);
  seq.keep.every = 2;  // frames 0, 2, 4 of those sampled at ticks 0, 4, 8, 12, 16
  for (std::int64_t t = 0; t <= 16; t += 4) {
    if (seq.sample(t)) {
      REQUIRE(seq.fits(2, 2, 1));
      REQUIRE(seq.add(Image(2, 2)));
      CHECK(seq.bytes == 2 * 2 * 4);  // only the frame held, waiting for its end
    }
  }
  CHECK(sink.frames.size() == 2);  // the last one waits for finish()
  seq.finish(17, 60);
  CHECK(seq.frames.empty());
  CHECK(seq.added == 3);
  CHECK(seq.bytes == 0);
  REQUIRE(sink.frames.size() == 3);
  CHECK(sink.frames[0].duration.num == 4);  // until the next frame sampled, kept or not
  CHECK(sink.frames[1].duration.num == 4);
  CHECK(sink.frames[2].duration.num == 2);  // ticks 16 and 17
  CHECK(sink.frames[2].duration.den == 60);
  CHECK(seq.streamed());
}

TEST_CASE("a streamed sequence stops when its sink refuses a frame") {
  Collect sink;
  sink.refuse_after = 1;
  render::FrameSequence seq;
  seq.stream_to(&sink, 60);
  std::int64_t t = 0;
  for (; !seq.done(); ++t) {
    if (seq.sample(t)) {
      REQUIRE(seq.fits(1, 1, 1));
      REQUIRE(seq.add(Image(1, 1)));
    }
    REQUIRE(t < 100);
  }
  CHECK(t == 3);  // frame 1 was refused when frame 2 was sampled, on tick 2
  CHECK_FALSE(seq.streamed());
  CHECK(sink.frames.size() == 1);
}

TEST_CASE("the cap on a streamed preview is one frame's, not all of them") {
  Collect sink;
  render::FrameSequence seq;
  seq.stream_to(&sink, 60);
  // 8192 x 8192 x 4 bytes is 256 MiB: three of them pass 512 MiB, one at a time does not.
  for (std::int64_t t = 0; t < 3; ++t) {
    REQUIRE(seq.sample(t));
    REQUIRE(seq.fits(8192, 8192, 1));
  }
  CHECK_FALSE(seq.fits(16384, 16384, 1));  // 1 GiB alone
}

TEST_CASE("a scene streamed to a sink gives the frames it collects") {
  Pack pack;
  make_pack(pack, 0, 0);
  render::ScenePreviewOptions options;
  options.stage.width = 8;
  options.stage.height = 8;
  options.stage.background = 0x102030FF;
  options.fps = 20;
  spritec::sim::Simulation collected_sim = scene_of(pack);
  render::ScenePreview collected =
      render::render_scene(collected_sim, {{&pack.view, &pack.pages}}, options);
  Collect sink;
  options.sink = &sink;
  spritec::sim::Simulation streamed_sim = scene_of(pack);
  render::ScenePreview streamed =
      render::render_scene(streamed_sim, {{&pack.view, &pack.pages}}, options);
  CHECK(streamed.frames.frames.empty());
  CHECK(streamed.frames.added == 3);
  REQUIRE(sink.frames.size() == collected.frames.frames.size());
  for (std::size_t i = 0; i < sink.frames.size(); ++i) {
    CHECK(sink.frames[i].image.rgba == collected.frames.frames[i].image.rgba);
    CHECK(sink.frames[i].duration.num == collected.frames.frames[i].duration.num);
    CHECK(sink.frames[i].duration.den == collected.frames.frames[i].duration.den);
  }
}

namespace {

// A pack of n 1x1 frames "s0".."s{n-1}", frame i a pixel of red i + 1 (so a preview's pixel
// names the step it shows), and one action of those steps in list order, with `ticks[i]`.
void make_steps_pack(Pack& pack, const format::ActionModel& shape,
                     const std::vector<std::uint32_t>& ticks) {
  const int n = int(ticks.size());
  format::PackModel m;
  m.tick_rate = 60;
  format::PageModel pm;
  pm.width = std::uint32_t(n);
  pm.height = 1;
  pm.png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 0};
  m.pages = {pm};
  Image p(n, 1);
  format::ActionModel a = shape;
  a.name = "act";
  a.steps.assign(1, {});
  for (int i = 0; i < n; ++i) {
    p.pixel(i, 0)[0] = std::uint8_t(i + 1);
    p.pixel(i, 0)[3] = 255;
    format::FrameModel f;
    f.name = "s" + std::to_string(i);
    f.x = std::uint32_t(i);
    f.w = f.h = f.source_w = f.source_h = 1;
    m.frames.push_back(f);
    format::StepModel s;
    s.frame = f.name;
    s.ticks = ticks[std::size_t(i)];
    a.steps[0].push_back(s);
  }
  m.actions = {a};
  auto written = format::write_spk(m);
  REQUIRE(written.ok());
  pack.bytes = std::move(written.value);
  REQUIRE(runtime::parse_pack(pack.bytes.data(), pack.bytes.size(), pack.view).error ==
          runtime::ParseError::kOk);
  pack.pages = {p};
}

// The list index of each step in the order one cycle plays it, from docs/semantics.md:
// a loop from loop_from to the end (its first cycle starts at 0), a pingpong there and back
// without repeating the end steps; reverse plays the list as if written backwards.
std::vector<int> one_cycle(const format::ActionModel& a, int n, bool first_cycle) {
  std::vector<int> played;
  if (a.mode == format::Mode::kPingpong) {
    for (int i = 0; i < n; ++i)
      played.push_back(i);
    for (int i = n - 2; i >= 1; --i)
      played.push_back(i);
  } else {
    for (int i = first_cycle ? 0 : int(a.loop_from); i < n; ++i)
      played.push_back(i);
  }
  for (int& i : played)
    if (a.reverse) i = n - 1 - i;
  return played;
}

// The step a preview frame shows: its one drawn pixel's red, less one.
int step_shown(const Image& img) {
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      if (img.pixel(x, y)[3] != 0) return img.pixel(x, y)[0] - 1;
  return -1;
}

}  // namespace

TEST_CASE("a repeating action's preview wraps into exactly the step the player plays next") {
  // Generated actions: 1..5 steps of 1..3 ticks, loop (from each step), pingpong, reversed
  // or not. Sampled on every tick, the preview must be three repeating cycles, tick by tick,
  // so its last frame is followed at the wrap by its first as in the game.
  int cases = 0;
  for (int n = 1; n <= 5; ++n) {
    for (int mode = 0; mode < 2; ++mode) {
      for (std::uint32_t from = 0; from < std::uint32_t(mode == 0 ? n : 1); ++from) {
        for (bool reverse : {false, true}) {
          format::ActionModel shape;
          shape.mode = mode == 0 ? format::Mode::kLoop : format::Mode::kPingpong;
          shape.loop_from = from;
          shape.reverse = reverse;
          std::vector<std::uint32_t> ticks;
          for (int i = 0; i < n; ++i)
            ticks.push_back(std::uint32_t(1 + (i * 7 + n) % 3));
          Pack pack;
          make_steps_pack(pack, shape, ticks);
          render::ActionPreviewOptions o;
          o.fps = 60;
          render::FrameSequence seq = render::render_action(pack.view, pack.pages, 0, o);
          std::vector<int> expected;
          for (int c = 0; c < 3; ++c)
            for (int i : one_cycle(shape, n, /*first_cycle=*/false))
              for (std::uint32_t t = 0; t < ticks[std::size_t(i)]; ++t)
                expected.push_back(i);
          std::vector<int> shown;
          for (const auto& f : seq.frames) {
            REQUIRE(f.duration.num == 1);
            shown.push_back(step_shown(f.image));
          }
          INFO("steps " << n << " mode " << mode << " loop_from " << from << " reverse "
                        << reverse);
          CHECK(shown == expected);
          ++cases;
        }
      }
    }
  }
  CHECK(cases == 2 * (1 + 2 + 3 + 4 + 5) + 2 * 5);
}

TEST_CASE("a pingpong of three steps previews 0 1 2 1 three times, step 0 never twice") {
  format::ActionModel shape;
  shape.mode = format::Mode::kPingpong;
  Pack pack;
  make_steps_pack(pack, shape, {12, 12, 12});
  render::ActionPreviewOptions o;  // 30 fps: every other tick
  render::FrameSequence seq = render::render_action(pack.view, pack.pages, 0, o);
  std::vector<int> runs;  // the steps shown, one entry per run of equal frames
  std::int64_t ticks = 0;
  for (const auto& f : seq.frames) {
    const int s = step_shown(f.image);
    if (runs.empty() || runs.back() != s) runs.push_back(s);
    ticks += f.duration.num;
  }
  CHECK(runs == std::vector<int>{0, 1, 2, 1, 0, 1, 2, 1, 0, 1, 2, 1});
  CHECK(ticks == 3 * 4 * 12);
  CHECK(runs.back() != runs.front());
}

TEST_CASE("an action that finishes previews from its first step to its last, then holds") {
  format::ActionModel shape;
  shape.mode = format::Mode::kLoop;
  shape.loop_from = 1;
  shape.repeat = 2;  // two cycles: 0 1 2, then 1 2; then held
  Pack pack;
  make_steps_pack(pack, shape, {2, 2, 2});
  render::ActionPreviewOptions o;
  o.fps = 60;
  render::FrameSequence seq = render::render_action(pack.view, pack.pages, 0, o);
  std::vector<int> shown;
  for (const auto& f : seq.frames)
    shown.push_back(step_shown(f.image));
  std::vector<int> expected = {0, 0, 1, 1, 2, 2, 1, 1};
  // The last step, entered at tick 8, finishes at tick 10 and is held half a second (30
  // ticks at 60 ticks/s): shown from tick 8 to tick 40, both included.
  expected.insert(expected.end(), 40 - 8 + 1, 2);
  CHECK(shown.size() == expected.size());
  CHECK(shown == expected);
}
