// Layered actors end to end (issue 26): Flare-like data made here — a pure-clock master with
// eight views and Flare's avatar draw order per direction (flare-game's hero_layers.txt:
// directions 0, 1, 5, 6, 7 draw main, feet, legs, hands, chest, head, off back to front;
// 2, 3 and 4 draw off first and main last), seven pieces whose origins differ from one
// another, one piece (off) without the swing action — played by a scene that turns,
// switches action and equips mid-action. The expected frames are composed here, tick by
// tick, from an independent model of the clock (docs/semantics.md's rules for these
// durations, worked out below) and of the art (each cell a solid rectangle of a colour
// that names piece, action, view and step): not from the renderer or the runtime.
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "decoders.hpp"
#include "spritec/image/image.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;
using spritec::image::Image;

namespace {

const std::array<const char*, 7> kSlots = {"main", "feet", "legs", "hands", "chest", "head", "off"};
constexpr int kCell = 10;
constexpr int kViews = 8;
const std::vector<int> kWalkTicks = {3, 5, 2, 4};
const std::vector<int> kSwingTicks = {4, 4, 6};

// Flare's order for a direction (= view: spritec reads Flare directions as views from 180).
std::vector<int> flare_order(int view) {
  if (view >= 2 && view <= 4) return {6, 1, 2, 3, 4, 5, 0};
  return {0, 1, 2, 3, 4, 5, 6};
}

struct Rgba {
  int r, g, b, a;
};

// Piece k's cell for (action a: 0 walk, 1 swing; view v; step s): a solid rectangle.
Rgba colour(int k, int a, int v, int s) {
  return {40 + k * 30, 20 + v * 28, 30 + s * 50 + a * 15, 255};
}
int rect_x0(int k) {
  return k;
}
int rect_y0(int k) {
  return 2 + k % 3;
}
constexpr int kRectW = 4, kRectBottom = 8;
int origin_x(int k) {
  return 4 + k % 3;
}
int origin_y(int k) {
  return 9 - k % 2;
}
// Flipped in x: view 2's walk step 1 and view 5's swing step 2, in every piece.
bool flipped(int a, int v, int s) {
  return (a == 0 && v == 2 && s == 1) || (a == 1 && v == 5 && s == 2);
}

// Piece k's sheet: rows 0-7 walk views, rows 8-15 swing views; column s the step.
Image piece_art(int k) {
  Image img(4 * kCell, 2 * kViews * kCell);
  for (int a = 0; a < 2; ++a) {
    for (int v = 0; v < kViews; ++v) {
      for (int s = 0; s < 4; ++s) {
        const Rgba c = colour(k, a, v, s);
        for (int y = rect_y0(k); y < kRectBottom; ++y) {
          for (int x = rect_x0(k); x < rect_x0(k) + kRectW; ++x) {
            std::uint8_t* p = img.pixel(s * kCell + x, (a * kViews + v) * kCell + y);
            p[0] = std::uint8_t(c.r), p[1] = std::uint8_t(c.g), p[2] = std::uint8_t(c.b);
            p[3] = std::uint8_t(c.a);
          }
        }
      }
    }
  }
  return img;
}

// One action's views as YAML flow lists: each step {frame, ticks, flip}.
std::string views_yaml(int a, const std::vector<int>& ticks, bool blank) {
  std::string out;
  for (int v = 0; v < kViews; ++v) {
    out += "      - [";
    for (std::size_t s = 0; s < ticks.size(); ++s) {
      const int cell = (a * kViews + v) * 4 + int(s);
      out += s ? ", " : "";
      out += "{frame: " + (blank ? std::string("null") : "p/" + std::to_string(cell)) +
             ", ticks: " + std::to_string(ticks[s]) +
             (!blank && flipped(a, v, int(s)) ? ", flip: x" : "") + "}";
    }
    out += "]\n";
  }
  return out;
}

std::string action_yaml(const char* name, int a, const std::vector<int>& ticks, bool blank) {
  std::string out = std::string("  ") + name + ":\n    views: 8\n    first_view: 180\n";
  if (a == 1) out += "    mode: once\n    then: walk\n";
  return out + "    frames:\n" + views_yaml(a, ticks, blank);
}

void write_inputs(const fs::path& dir) {
  fs::create_directories(dir);
  std::string master =
      "pack: body\nlayers:\n  slots: [main, feet, legs, hands, chest, head, off]\n"
      "  order:\n";
  for (int v = 0; v < kViews; ++v) {
    master += "    - [";
    for (int k : flare_order(v))
      master += std::string(k == flare_order(v)[0] ? "" : ", ") + kSlots[k];
    master += "]\n";
  }
  master += "actions:\n" + action_yaml("walk", 0, kWalkTicks, true) +
            action_yaml("swing", 1, kSwingTicks, true);
  write_text(dir / "body.sprites.yaml", master);
  for (int k = 0; k < 7; ++k) {
    const std::string name = kSlots[k];
    const spritec::image::Bytes png = spritec::image::encode_png(piece_art(k));
    write_text(dir / (name + ".png"), std::string(png.begin(), png.end()));
    std::string def =
        "pack: " + name + "\nslot: " + name + "\nsheets:\n  - {name: p, image: " + name +
        ".png, grid: {cell: [10, 10], origin: [" + std::to_string(origin_x(k)) + ", " +
        std::to_string(origin_y(k)) + "]}}\nactions:\n" + action_yaml("walk", 0, kWalkTicks, false);
    if (name != "off") def += action_yaml("swing", 1, kSwingTicks, false);
    write_text(dir / (name + ".sprites.yaml"), def);
  }
  std::string scene =
      "stage: {size: [40, 40], background: \"#000000\"}\nfps: 60\npacks: {body: "
      "body.sprites.yaml";
  for (const char* s : kSlots)
    scene += std::string(", ") + s + ": " + s + ".sprites.yaml";
  scene +=
      "}\nactors:\n  - {name: hero, pack: body, action: walk, at: [20, 24], angle: 180, "
      "layers: {";
  for (const char* s : kSlots)
    scene += std::string(s == kSlots[0] ? "" : ", ") + s + ": " + s;
  scene +=
      "}}\nscript:\n"
      "  - wait: 7\n"
      "  - {actor: hero, angle: 270}\n"
      "  - wait: 6\n"
      "  - {actor: hero, unequip: [head]}\n"
      "  - wait: 5\n"
      "  - {actor: hero, action: swing, angle: 45, until: finished}\n"
      "  - {actor: hero, equip: {head: head}, angle: 0}\n"
      "  - wait: 12\n";
  write_text(dir / "flare.scene.yaml", scene);
}

// What the actor shows on tick t, worked out by hand from the script: walk from tick 0
// (angle 180: view 0; from tick 7 angle 270: view 2), head off from tick 13, swing from
// tick 18 (angle 45: view 5) for 4 + 4 + 6 ticks, so on tick 32 it finishes, then: walk
// enters walk's first step and the next epoch puts the head back and turns to 0 (view 4).
struct Shown {
  int action, view, step;
  bool head;
};

// The step of an action started on tick `start`, on tick t (loop: walk; once: swing).
int step_at(const std::vector<int>& ticks, int start, int t) {
  int cycle = 0;
  for (int d : ticks)
    cycle += d;
  int into = (t - start) % cycle;
  for (int s = 0;; ++s) {
    if (into < ticks[std::size_t(s)]) return s;
    into -= ticks[std::size_t(s)];
  }
}

Shown shown_at(int t) {
  if (t < 18) return {0, t < 7 ? 0 : 2, step_at(kWalkTicks, 0, t), t < 13};
  if (t < 32) return {1, 5, step_at(kSwingTicks, 18, t), false};
  return {0, 4, step_at(kWalkTicks, 32, t), true};
}

Image expected_frame(int t) {
  Image img(40, 40);
  for (int i = 0; i < 40 * 40; ++i)
    img.rgba[std::size_t(i) * 4 + 3] = 255;  // the stage's opaque black
  const Shown sh = shown_at(t);
  for (int k : flare_order(sh.view)) {
    if (k == 5 && !sh.head) continue;
    if (k == 6 && sh.action == 1) continue;  // off has no swing: nothing drawn
    const Rgba c = colour(k, sh.action, sh.view, sh.step);
    const bool flip = flipped(sh.action, sh.view, sh.step);
    for (int y = rect_y0(k); y < kRectBottom; ++y) {
      for (int x = rect_x0(k); x < rect_x0(k) + kRectW; ++x) {
        // Pixel column u of a frame lands at position + (u - origin), or mirrored about the
        // origin pixel: position - (u - origin).
        const int sx = flip ? 20 - (x - origin_x(k)) : 20 + (x - origin_x(k));
        const int sy = 24 + (y - origin_y(k));
        std::uint8_t* p = img.pixel(sx, sy);
        p[0] = std::uint8_t(c.r), p[1] = std::uint8_t(c.g), p[2] = std::uint8_t(c.b);
      }
    }
  }
  return img;
}

std::vector<std::uint8_t> read_bytes(const fs::path& p) {
  const std::string text = read_text(p);
  return std::vector<std::uint8_t>(text.begin(), text.end());
}

}  // namespace

TEST_CASE("a layered scene's preview equals the composition worked out by hand, tick by tick",
          "[layers]") {
  const fs::path dir = kScratch / "layers-flare";
  fs::remove_all(dir);
  write_inputs(dir);
  const Run run = run_spritec({"preview", "flare.scene.yaml", "-o", "flare.apng"}, dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  int num_plays = 0;
  const render_test::DecodedAnimation anim =
      render_test::decode_apng(read_bytes(dir / "flare.apng"), &num_plays);
  REQUIRE(anim.error.empty());
  // Identical ticks may share one APNG frame: its delay says how many ticks it stands for.
  int tick = 0;
  for (const render_test::DecodedFrame& f : anim.frames) {
    const int ticks = f.delay_num * 60 / f.delay_den;
    REQUIRE(ticks >= 1);
    for (int i = 0; i < ticks; ++i, ++tick) {
      INFO("tick " << tick);
      CHECK(f.image.rgba == expected_frame(tick).rgba);
    }
  }
  CHECK(tick == 45);  // ticks 0 … 44: the script's last wait ends on tick 44
}

TEST_CASE("equipping and unequipping mid-step keep the step and its ticks in the trace",
          "[layers]") {
  const fs::path dir = kScratch / "layers-trace";
  fs::remove_all(dir);
  write_inputs(dir);
  const Run run = run_spritec({"simulate", "flare.scene.yaml", "--trace", "-"}, dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  std::vector<std::string> lines;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  REQUIRE(lines.size() == 45);
  // Tick 13: walk's step 3 (ticks 10-13) in view 2, head taken off in the middle of it: the
  // step is the same as on tick 12, head is gone, off comes first (Flare's direction 2).
  auto frame = [](int k, int action, int view, int step) {
    return "\"p/" + std::to_string((action * kViews + view) * 4 + step) + "\"";
  };
  const std::string tick12 = lines[12], tick13 = lines[13];
  CHECK(tick12.find("\"step\":3,\"view\":2") != std::string::npos);
  CHECK(tick13.find("\"step\":3,\"view\":2") != std::string::npos);
  CHECK(tick12.find("[\"head\"," + frame(5, 0, 2, 3)) != std::string::npos);
  CHECK(tick13.find("\"head\"") == std::string::npos);
  CHECK(tick13.find("\"layers\":[[\"off\"," + frame(6, 0, 2, 3) + ",\"\"],[\"feet\",") !=
        std::string::npos);
  // Tick 14: the step that was entered on tick 14 regardless: the loop's step 0.
  CHECK(lines[14].find("\"step\":0,\"view\":2") != std::string::npos);
  // Swing (ticks 18-31): off has no swing, so it draws nothing; the flip shows on step 2.
  CHECK(lines[26].find("\"action\":\"swing\",\"step\":2,\"view\":5") != std::string::npos);
  CHECK(lines[26].find("\"off\"") == std::string::npos);
  CHECK(lines[26].find("[\"main\"," + frame(0, 1, 5, 2) + ",\"x\"]") != std::string::npos);
  // Tick 32: finished, then walk from its first step; the head is back on the same tick.
  CHECK(lines[32].find("\"action\":\"walk\",\"step\":0,\"view\":4") != std::string::npos);
  CHECK(lines[32].find("\"finished\"") != std::string::npos);
  CHECK(lines[32].find("[\"head\"," + frame(5, 0, 4, 0)) != std::string::npos);
}
