// Godot's SpriteFrames resource (.tres): format=3 for Godot 4, format=2 for Godot 3.
// Every frame is an AtlasTexture: its region is the packed rectangle and its margin pads it
// so that the texture's size is even and the frame's origin is the texture's centre, so an
// AnimatedSprite(2D) with `centered` on and no offset draws the origin on the node.
#include <algorithm>
#include <map>

#include "writers.hpp"

namespace spritec::exporter::detail {

namespace {

// A Godot string literal: quotes, backslashes and control characters escaped.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
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
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += char(c);
        }
    }
  }
  return out + "\"";
}

// Padding before and after a span of `size` pixels whose origin is at `origin`, so that the
// padded size is even and the origin sits at its centre.
std::pair<std::int64_t, std::int64_t> pad(std::int64_t size, std::int64_t origin) {
  const std::int64_t half = std::max<std::int64_t>({origin, size - origin, 1});
  return {half - origin, half - (size - origin)};
}

std::string rect2(bool godot4, std::int64_t x, std::int64_t y, std::int64_t w, std::int64_t h) {
  const std::string args = std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(w) +
                           ", " + std::to_string(h);
  return godot4 ? "Rect2(" + args + ")" : "Rect2( " + args + " )";
}

// A speed as Godot writes a float: always with a decimal point.
std::string real(double value) {
  std::string s = number(value);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

}  // namespace

std::string godot(const Model& model, const Options& options, bool godot4) {
  // The regions the animations show, numbered in order of first use; the pages they use.
  std::map<std::uint32_t, std::size_t> texture_of, page_of;
  std::vector<std::uint32_t> textures, pages;
  for (const Animation& a : model.animations) {
    for (const RegionTicks& f : a.frames) {
      if (texture_of.emplace(f.region, textures.size() + 1).second) {
        textures.push_back(f.region);
        const std::uint32_t page = model.regions[f.region].page;
        if (page_of.emplace(page, pages.size() + 1).second) pages.push_back(page);
      }
    }
  }
  std::string out = "[gd_resource type=\"SpriteFrames\" load_steps=" +
                    std::to_string(pages.size() + textures.size() + 1) +
                    " format=" + (godot4 ? "3" : "2") + "]\n";
  for (std::size_t i = 0; i < pages.size(); ++i) {
    const std::string path =
        quoted("res://" + options.godot_res_dir + page_file(options, pages[i]));
    const std::string id = std::to_string(i + 1);
    out += godot4 ? "\n[ext_resource type=\"Texture2D\" path=" + path + " id=\"" + id + "\"]\n"
                  : "\n[ext_resource path=" + path + " type=\"Texture\" id=" + id + "]\n";
  }
  for (std::size_t i = 0; i < textures.size(); ++i) {
    const Region& r = model.regions[textures[i]];
    const std::string id = std::to_string(i + 1);
    const std::string page = std::to_string(page_of[r.page]);
    auto [left, right] = pad(r.w, r.origin_x);
    auto [top, bottom] = pad(r.h, r.origin_y);
    out += godot4 ? "\n[sub_resource type=\"AtlasTexture\" id=\"AtlasTexture_" + id +
                        "\"]\natlas = ExtResource(\"" + page + "\")\n"
                  : "\n[sub_resource type=\"AtlasTexture\" id=" + id + "]\natlas = ExtResource( " +
                        page + " )\n";
    out += "region = " + rect2(godot4, r.x, r.y, r.w, r.h) + "\n";
    out += "margin = " + rect2(godot4, left, top, left + right, top + bottom) + "\n";
  }
  out += "\n[resource]\nanimations = [";
  for (std::size_t a = 0; a < model.animations.size(); ++a) {
    const Animation& anim = model.animations[a];
    out += a == 0 ? (godot4 ? "" : " ") : ", ";
    out += godot4 ? "{\n\"frames\": [" : "{\n\"frames\": [ ";
    if (godot4) {
      for (std::size_t i = 0; i < anim.frames.size(); ++i) {
        const RegionTicks& f = anim.frames[i];
        out += (i == 0 ? "{\n" : ", {\n");
        out += "\"duration\": " + real(f.ticks) + ",\n\"texture\": SubResource(\"AtlasTexture_" +
               std::to_string(texture_of[f.region]) + "\")\n}";
      }
      out += "],\n\"loop\": " + std::string(anim.loop ? "true" : "false") + ",\n\"name\": &" +
             quoted(anim.name) + ",\n\"speed\": " + real(model.tick_rate) + "\n}";
    } else {
      const UniformRate rate = uniform_rate(anim, model.tick_rate);
      bool first = true;
      for (const RegionTicks& f : anim.frames) {
        const std::string texture = "SubResource( " + std::to_string(texture_of[f.region]) + " )";
        for (std::uint32_t k = repeats(f, rate); k > 0; --k) {
          out += (first ? "" : ", ") + texture;
          first = false;
        }
      }
      out += " ],\n\"loop\": " + std::string(anim.loop ? "true" : "false") +
             ",\n\"name\": " + quoted(anim.name) + ",\n\"speed\": " + real(rate.fps) + "\n}";
    }
  }
  out += godot4 ? "]\n" : (model.animations.empty() ? "]\n" : " ]\n");
  return out;
}

std::optional<std::vector<File>> write_godot4(const Model& model, const Options& options,
                                              diag::Sink&) {
  return std::vector<File>{{options.out_name, bytes(godot(model, options, true))}};
}

std::optional<std::vector<File>> write_godot3(const Model& model, const Options& options,
                                              diag::Sink&) {
  return std::vector<File>{{options.out_name, bytes(godot(model, options, false))}};
}

}  // namespace spritec::exporter::detail
