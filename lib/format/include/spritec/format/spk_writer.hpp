// spritec::format — the pack (.spk) writer, and the neutral model it writes.
//
// PackModel is what the compiler has once a definition is checked and the atlas is built:
// pages, frames (rectangles in pages, origins as written in the definition), actions with
// their steps per view and their transitions, all referring to each other BY NAME.
// write_spk() turns it into the bytes of a pack, filling the layout structs declared in
// spritec/runtime/spk_layout.hpp (the reader's side owns the layout). The pack is format 1.0
// unless its pages are premultiplied or bled: then it is 1.1, with the ALPH section that
// says so (so every pack that needs nothing of 1.1 stays byte for byte what 1.0 wrote).
//
// Determinism: the same model gives the same bytes. Records keep the model's order
// (pages, frames, actions); steps are stored per action, view-major; event and input names
// are interned sorted by their bytes (so an input's bit does not depend on action order);
// strings are stored once each, in the order they are first needed. No timestamps.
//
// Boxes and points: the model's are in frame coordinates, as written; the pack stores them
// relative to the frame's origin (runtime/shapes.hpp), sorted by (kind, name), with names
// interned sorted by their bytes. A pack with any is format 1.2.
//
// Origins: the model's origin is relative to the UNTRIMMED frame (as written in the
// definition). The pack stores it relative to the trimmed rectangle, origin - trim, so a
// game draws the rectangle at position - origin; the untrimmed origin is recovered as
// stored origin + trim (runtime::Frame::untrimmed_origin_x/y, inspect --json).
//
// Failure: write_spk() checks what the pack needs (names resolve, views have equal
// lengths, ticks >= 1, rectangles inside pages, at most 64 inputs, 32-bit sizes) and
// fails with a one-sentence diag::Failure when the model breaks a rule; the compiler
// reports such problems as diagnostics before it gets here, so an error here means a bug
// upstream. It throws nothing (except std::bad_alloc).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spritec/diag/result.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace spritec::format {

using runtime::Mode;
using runtime::ThenKind;

struct PageModel {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> png;  // the page as a PNG file, embedded in the pack …
  std::string file;               // … or, when not empty, a PNG file name beside the pack
};

// A box or a point (format 1.2): in a frame's untrimmed pixel coordinates (FrameModel's, and
// a StepModel's with a frame: that frame's), like the origin; a blank step's relative to the
// actor. A box covers columns x .. x + w - 1 (w, h >= 1); a point has w = h = 0. removed:
// a step's entry taking away its frame's shape of that kind and name (x = y = w = h = 0).
struct ShapeModel {
  std::string name;
  runtime::ShapeKind kind = runtime::ShapeKind::kBox;
  bool removed = false;
  std::int32_t x = 0, y = 0;
  std::uint32_t w = 0, h = 0;
};

struct FrameModel {
  std::string name;
  std::uint32_t page = 0;
  std::uint32_t x = 0, y = 0, w = 0, h = 0;  // trimmed rectangle in the page
  std::int32_t origin_x = 0, origin_y = 0;   // relative to the untrimmed frame
  std::uint32_t source_w = 0, source_h = 0;  // untrimmed size
  std::uint32_t trim_x = 0, trim_y = 0;      // trimmed rectangle's place in the untrimmed frame
  std::vector<ShapeModel> shapes;            // no removals; any order, kind and name distinct
};

struct StepModel {
  std::string frame;  // frame name; "" = blank step
  std::uint32_t ticks = 1;
  bool flip_x = false;
  bool flip_y = false;
  std::string event;  // "" = none
  std::int32_t move_x = 0, move_y = 0;
  std::vector<ShapeModel> shapes;  // its own, laid over its frame's; kind and name distinct
};

struct TransitionModel {
  std::string to;                   // action name
  std::vector<std::string> when;    // input names that must all be held
  std::vector<std::string> unless;  // input names that must all be released
  bool immediate = false;
};

struct ActionModel {
  std::string name;
  std::uint32_t views = 1;
  std::int32_t first_view = 0;
  Mode mode = Mode::kLoop;
  std::uint32_t loop_from = 0;
  std::uint32_t repeat = 0;  // 0 = forever (loop, pingpong); ignored by once
  ThenKind then = ThenKind::kHold;
  std::string then_action;  // when then == kAction
  bool reverse = false;
  std::vector<std::vector<StepModel>> steps;  // steps[view][i]; views lists of equal length
  std::vector<TransitionModel> transitions;
};

// Layered actors (format 1.3): a master's slots and its draw order per view, or the slot an
// equipment piece fills. Empty for every other pack.
struct LayersModel {
  std::vector<std::string> slots;               // a master's slots, as declared
  std::vector<std::vector<std::string>> order;  // a master's: per view, back to front; "self"
                                                // is its own frames
  std::string slot;                             // a piece's slot
  bool master() const { return !order.empty(); }
  bool any() const { return master() || !slot.empty(); }
};

struct PackModel {
  std::uint32_t tick_rate = 60;
  // What the pages store (atlas: {premultiply, bleed}): colours premultiplied by alpha;
  // fully transparent pixels coloured as their nearest coloured pixel (before premultiplying).
  bool premultiplied = false;
  bool bled = false;
  std::vector<PageModel> pages;
  std::vector<FrameModel> frames;
  std::vector<ActionModel> actions;
  LayersModel layers;
};

// The bytes of a pack for `model` (format 1.0; 1.1 for premultiplied or bled pages; 1.2 when
// a frame or step has boxes or points; 1.3 for a layered master or a piece), or
// what rule above the model breaks.
diag::Result<std::vector<std::uint8_t>> write_spk(const PackModel& model);

// The model back from a parsed pack (names resolved, origins untrimmed again). For a model
// that write_spk accepted, read_model(parse(write_spk(m))) == m, except that a transition's
// when/unless come back as sets: sorted by name, duplicates merged, and shapes come back
// sorted by (kind, name).
PackModel read_model(const runtime::PackView& pack);
// The layers of a parsed pack as names (read_model's `layers`): a master's slots and, per
// view, its order back to front ("self" for its own frames), or a piece's slot.
LayersModel read_layers(const runtime::PackView& pack);

bool operator==(const ShapeModel& a, const ShapeModel& b);
bool operator==(const PageModel& a, const PageModel& b);
bool operator==(const FrameModel& a, const FrameModel& b);
bool operator==(const StepModel& a, const StepModel& b);
bool operator==(const TransitionModel& a, const TransitionModel& b);
bool operator==(const ActionModel& a, const ActionModel& b);
bool operator==(const LayersModel& a, const LayersModel& b);
bool operator==(const PackModel& a, const PackModel& b);

}  // namespace spritec::format
