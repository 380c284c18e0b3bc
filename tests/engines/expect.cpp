// engine_expect PACK.spk: what an engine must show for every animation of an export, worked
// out from the pack alone with the reference player (runtime/player.hpp) and the pack's
// pixels (decoded by stb_image, not by spritec's image code) — independently of the export
// code under test. The engine checks (tests/engines/*/) compare a runtime against it.
//
// Output (JSON on stdout):
//   tick_rate
//   premultiplied: whether the pack's pages are (its ALPH section); the images are straight
//           alpha either way: a premultiplied page is divided by alpha again as
//           docs/format.md says, min(255, (c * 255 + a / 2) / a), 0 under alpha 0
//   images: KEY -> {x, y, w, h, rgba}: a step's pixels as drawn, mirrored when the step is;
//           pixel (i, j) lands at actor + (x + i, y + j); rgba is hex, row-major. KEY is the
//           frame's name, with "|x", "|y" or "|xy" for a mirrored step.
//   animations: NAME -> {loop, cycles, ticks}: ticks[t] is the image KEY shown during tick t
//           after the action starts at tick 0 ("" for a blank step): `cycles` cycles of a
//           loop (2; 1 for a loop from loop_from > 0, which no format repeats, W0705, or
//           when a transition cannot be kept from firing); all of an action that ends, then
//           ten ticks of its last step held. A check compares exactly these ticks.
//   frames: NAME -> the pack's frame record (origin in the untrimmed frame, y down).
// An action's transitions are kept from firing by holding a set of inputs that no rule
// accepts; without one, its ticks stop at the end of the first cycle. An action that ends
// by switching to another stops there.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

#include "spritec/runtime/player.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace rt = spritec::runtime;
using Json = nlohmann::ordered_json;

namespace {

constexpr std::size_t kMaxTicks = 200000;

struct Pixels {
  int w = 0, h = 0;
  std::vector<unsigned char> rgba;
};

std::vector<unsigned char> read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

Pixels decode(const unsigned char* data, std::size_t size) {
  Pixels p;
  int n = 0;
  unsigned char* px = stbi_load_from_memory(data, int(size), &p.w, &p.h, &n, 4);
  if (px == nullptr) {
    std::cerr << "engine_expect: a page does not decode\n";
    std::exit(1);
  }
  p.rgba.assign(px, px + std::size_t(p.w) * p.h * 4);
  stbi_image_free(px);
  return p;
}

// Inputs that no transition rule of the action accepts, or false when every set is accepted
// by some rule (searched over the inputs its rules name, up to 16 of them).
bool blocking_inputs(const rt::PackView& pack, const rt::Action& a, std::uint64_t& held) {
  std::uint64_t named = 0;
  for (std::uint32_t t = 0; t < a.transition_count; ++t) {
    const rt::Transition tr = pack.transition(a.first_transition + t);
    named |= tr.when | tr.unless;
  }
  std::vector<int> bits;
  for (int b = 0; b < 64; ++b)
    if (named >> b & 1) bits.push_back(b);
  if (bits.size() > 16) return false;
  for (std::uint32_t subset = 0; subset < (1u << bits.size()); ++subset) {
    std::uint64_t h = 0;
    for (std::size_t i = 0; i < bits.size(); ++i)
      if (subset >> i & 1) h |= std::uint64_t(1) << bits[i];
    bool any = false;
    for (std::uint32_t t = 0; t < a.transition_count && !any; ++t)
      any = pack.transition(a.first_transition + t).matches(h);
    if (!any) {
      held = h;
      return true;
    }
  }
  return false;
}

std::string hex(const std::vector<unsigned char>& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: engine_expect PACK.spk\n";
    return 2;
  }
  const std::string pack_path = argv[1];
  std::vector<unsigned char> bytes = read(pack_path);
  rt::PackView pack;
  if (!rt::parse_pack(bytes.data(), bytes.size(), pack)) {
    std::cerr << "engine_expect: not a pack: " << pack_path << "\n";
    return 1;
  }
  const std::string dir =
      pack_path.find('/') == std::string::npos ? "." : pack_path.substr(0, pack_path.rfind('/'));
  std::vector<Pixels> pages;
  for (std::uint32_t i = 0; i < pack.page_count(); ++i) {
    const rt::Page p = pack.page(i);
    if (p.external) {
      std::vector<unsigned char> file = read(dir + "/" + std::string(p.file_name));
      pages.push_back(decode(file.data(), file.size()));
    } else {
      pages.push_back(decode(p.png, p.png_size));
    }
    if (pack.premultiplied()) {
      std::vector<unsigned char>& px = pages.back().rgba;
      for (std::size_t k = 0; k < px.size(); k += 4) {
        const unsigned a = px[k + 3];
        for (std::size_t c = 0; c < 3 && a < 255; ++c)
          px[k + c] = a == 0 ? 0 : (unsigned char)std::min(255u, (px[k + c] * 255u + a / 2) / a);
      }
    }
  }

  Json images = Json::object();
  auto image_key = [&](const rt::Step& s) -> std::string {
    if (s.blank()) return "";
    const rt::Frame f = pack.frame(s.frame);
    std::string key(f.name);
    if (s.flip_x() || s.flip_y())
      key += std::string("|") + (s.flip_x() ? "x" : "") + (s.flip_y() ? "y" : "");
    if (images.contains(key)) return key;
    const Pixels& page = pages[f.page];
    std::vector<unsigned char> rgba(std::size_t(f.w) * f.h * 4);
    for (std::uint32_t j = 0; j < f.h; ++j) {
      for (std::uint32_t i = 0; i < f.w; ++i) {
        const std::uint32_t si = s.flip_x() ? f.w - 1 - i : i;
        const std::uint32_t sj = s.flip_y() ? f.h - 1 - j : j;
        const unsigned char* src = &page.rgba[(std::size_t(f.y + sj) * page.w + f.x + si) * 4];
        std::copy(src, src + 4, &rgba[(std::size_t(j) * f.w + i) * 4]);
      }
    }
    // Unflipped, pixel u lands at actor + (u - origin); mirrored about the origin pixel.
    const std::int64_t x = s.flip_x() ? -(std::int64_t(f.w) - 1 - f.origin_x) : -f.origin_x;
    const std::int64_t y = s.flip_y() ? -(std::int64_t(f.h) - 1 - f.origin_y) : -f.origin_y;
    images[key] = {{"x", x}, {"y", y}, {"w", f.w}, {"h", f.h}, {"rgba", hex(rgba)}};
    return key;
  };

  Json animations = Json::object();
  for (std::uint32_t index = 0; index < pack.action_count(); ++index) {
    const rt::Action a = pack.action(index);
    std::uint64_t held = 0;
    const bool blocked = blocking_inputs(pack, a, held);
    const bool loop = a.mode != rt::Mode::kOnce && a.repeat == 0;
    // A loop from loop_from > 0 plays a cycle no format repeats (they loop the whole list,
    // with warning W0705): only its first cycle is expected.
    const bool tail = loop && a.mode == rt::Mode::kLoop && a.loop_from > 0;
    const std::uint32_t cycles = blocked && !tail ? 2 : 1;
    for (std::uint32_t v = 0; v < a.views; ++v) {
      rt::ActorState st;
      st.inputs = held;
      for (int angle = 0; angle < 360; ++angle) {
        if (rt::choose_view(angle, a.first_view, a.views) == v) {
          st.angle = angle;
          break;
        }
      }
      rt::EventBuffer events;
      rt::start(pack, st, index, false, events);
      Json ticks = Json::array();
      auto shown = [&] { return image_key(pack.step(a, st.view, st.step)); };
      ticks.push_back(shown());
      std::size_t held_ticks = 0;
      bool finished = false;
      while (ticks.size() < kMaxTicks) {
        events.clear();
        rt::tick(pack, st, events);
        for (std::size_t e = 0; e < events.count; ++e)
          finished = finished || events.codes[e] == rt::kEventFinished;
        if (st.action != index) break;  // then: another action, or a transition
        if (loop && st.cycles >= cycles) break;
        if (!loop && finished && ++held_ticks > 10) break;
        ticks.push_back(shown());
      }
      const std::string name =
          a.views == 1 ? std::string(a.name) : std::string(a.name) + "/" + std::to_string(v);
      animations[name] = {
          {"loop", loop}, {"cycles", loop ? cycles : 1}, {"ticks", std::move(ticks)}};
    }
  }

  Json frames = Json::object();
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i) {
    const rt::Frame f = pack.frame(i);
    frames[std::string(f.name)] = {{"page", f.page},
                                   {"x", f.x},
                                   {"y", f.y},
                                   {"w", f.w},
                                   {"h", f.h},
                                   {"source_w", f.source_w},
                                   {"source_h", f.source_h},
                                   {"trim_x", f.trim_x},
                                   {"trim_y", f.trim_y},
                                   {"origin_x", f.untrimmed_origin_x()},
                                   {"origin_y", f.untrimmed_origin_y()}};
    // Its boxes and points (format 1.2) as the definition writes them, in the untrimmed
    // frame: [name, x, y, w, h] and [name, x, y], boxes then points, each in name order.
    Json boxes = Json::array(), points = Json::array();
    const rt::ShapeRange range = pack.frame_shapes(i);
    for (std::uint32_t k = 0; k < range.count; ++k) {
      const rt::Shape s = pack.shape(range.first + k);
      const std::int64_t x = s.x + f.untrimmed_origin_x(), y = s.y + f.untrimmed_origin_y();
      const std::string name(pack.shape_name(s.name));
      if (s.kind == rt::ShapeKind::kBox) {
        boxes.push_back({name, x, y, s.w, s.h});
      } else {
        points.push_back({name, x, y});
      }
    }
    frames[std::string(f.name)]["boxes"] = std::move(boxes);
    frames[std::string(f.name)]["points"] = std::move(points);
  }
  Json doc = {{"tick_rate", pack.tick_rate()},
              {"premultiplied", pack.premultiplied()},
              {"images", std::move(images)},
              {"animations", std::move(animations)},
              {"frames", std::move(frames)}};
  std::cout << doc.dump() << "\n";
  return 0;
}
