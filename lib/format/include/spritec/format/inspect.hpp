// spritec::format — what `spritec inspect` shows of a parsed pack.
//
// inspect_json() builds the `inspect --json` document whose shape DESIGN.md section 5 fixes:
//   {"format_version":[major,minor],"tick_rate":N,"page_alpha":"straight"|"premultiplied",
//    "bled":bool,"pages":[{"width","height"}],
//    "frames":[{"name","page","x","y","w","h","origin":[ox,oy],"source_size":[w,h],
//               "trim":[tx,ty]}],
//    "actions":[{"name","views","first_view","mode","loop_from","repeat","then","reverse",
//                "steps":[[{"frame","ticks","flip","event","move":[dx,dy]}]],
//                "transitions":[{"to","when","unless","immediate"}]}]}
// A frame's x,y,w,h is its trimmed rectangle in the page; origin is relative to the
// UNTRIMMED frame (stored origin + trim); trim is where the trimmed rectangle starts in the
// untrimmed frame. mode is "loop"|"pingpong"|"once"; then is "hold", "destroy" or an action
// name; flip is ""|"x"|"y"|"xy"; a blank step's frame and a step without event are null;
// when/unless list input names in the pack's input order. steps[v] is view v's list.
//
// inspect_text() is the short human-readable summary `inspect` prints without --json.
// Both take a pack that parse_pack() accepted, and cannot fail.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "spritec/runtime/spk_reader.hpp"

namespace spritec::format {

nlohmann::ordered_json inspect_json(const runtime::PackView& pack);
std::string inspect_text(const runtime::PackView& pack);

}  // namespace spritec::format
