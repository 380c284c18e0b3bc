#include "spritec/format/json_hash.hpp"

#include <nlohmann/json.hpp>

namespace spritec::format {

std::vector<std::string> json_hash(const PackModel& model, const std::vector<JsonHashPage>& names) {
  using Json = nlohmann::ordered_json;
  std::vector<std::string> out;
  for (std::size_t p = 0; p < model.pages.size(); ++p) {
    Json frames = Json::object();
    for (const FrameModel& f : model.frames) {
      if (f.page != p) continue;
      bool trimmed = f.w != f.source_w || f.h != f.source_h;
      double pivot_x = f.source_w ? double(f.origin_x) / double(f.source_w) : 0.0;
      double pivot_y = f.source_h ? double(f.origin_y) / double(f.source_h) : 0.0;
      frames[f.name] =
          Json{{"frame", {{"x", f.x}, {"y", f.y}, {"w", f.w}, {"h", f.h}}},
               {"rotated", false},
               {"trimmed", trimmed},
               {"spriteSourceSize", {{"x", f.trim_x}, {"y", f.trim_y}, {"w", f.w}, {"h", f.h}}},
               {"sourceSize", {{"w", f.source_w}, {"h", f.source_h}}},
               {"pivot", {{"x", pivot_x}, {"y", pivot_y}}}};
    }
    Json animations = Json::object();
    for (const ActionModel& a : model.actions) {
      for (std::size_t v = 0; v < a.steps.size(); ++v) {
        Json list = Json::array();
        for (const StepModel& s : a.steps[v]) {
          if (!s.frame.empty()) list.push_back(s.frame);
        }
        std::string name = a.steps.size() == 1 ? a.name : a.name + "/" + std::to_string(v);
        animations[name] = list;
      }
    }
    Json related = Json::array();
    for (std::size_t q = 0; q < names.size(); ++q) {
      if (q != p) related.push_back(names[q].json_name);
    }
    Json meta = {{"app", "spritec"},
                 {"image", names[p].image_name},
                 {"format", "RGBA8888"},
                 {"size", {{"w", model.pages[p].width}, {"h", model.pages[p].height}}},
                 {"scale", "1"}};
    if (!related.empty()) meta["related_multi_packs"] = related;
    Json doc = {{"frames", frames}, {"animations", animations}, {"meta", meta}};
    out.push_back(doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n");
  }
  return out;
}

}  // namespace spritec::format
