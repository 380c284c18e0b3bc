// spritec::format — the atlas as TexturePacker "JSON (Hash)", the format Phaser and PixiJS
// load: one JSON document per page with `frames` (frame, rotated, trimmed,
// spriteSourceSize, sourceSize, pivot), `animations` (each action's frame names; for an
// action with several views one list per view, named "<action>/<view>") and `meta`
// (image, format, size, scale; with several pages, related_multi_packs naming the other
// pages' JSON files). No timestamps or versions: the same pack gives the same bytes.
#pragma once

#include <string>
#include <vector>

#include "spritec/format/spk_writer.hpp"

namespace spritec::format {

struct JsonHashPage {
  std::string json_name;   // file name of this page's JSON
  std::string image_name;  // file name of this page's PNG
};

// One document per page of the model; `names` gives each page's file names.
std::vector<std::string> json_hash(const PackModel& model, const std::vector<JsonHashPage>& names);

}  // namespace spritec::format
