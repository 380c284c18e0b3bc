// spritec::runtime — the bounds-checked pack (.spk) reader. Header-only, std-only.
//
// parse_pack(data, size, view) checks EVERYTHING once: signature, version, sizes, the
// checksum, every section's place and size, every string reference, every index (frame →
// page, step → frame and event, action → steps, then-action and transitions, transition →
// action and inputs) and every enum and flag value. On success the PackView's accessors
// need no further checks and never fail; on failure it returns an error code, the byte
// offset of the offending field in the file, and a static message. A damaged or hostile
// pack is an error, never a crash or an out-of-bounds read.
//
// Nothing is copied and nothing is allocated: the PackView points into the caller's
// buffer, which must outlive it and stay unchanged (a memory-mapped file is fine; no
// alignment is required). Names come back as std::string_view into that buffer.
//
// What the accessors give is decoded: Page, Frame, Action, Step and Transition hold plain
// values (indices, counts, bools, the enums Mode, ThenKind and Flip) in the runtime's own
// names, with kNone for "none"; the raw records of the layout (spk::) stay inside.
//
// Costs: accessors by index are O(1). Lookups by name (find_action, find_frame,
// find_input, find_event) are linear scans comparing names: do them once at load time and
// keep the indices, or build a PackIndex (pack_index.hpp) for O(log n) lookups while
// playing.
//
// Misuse by the caller (an index out of range) is caught by SPRITEC_ASSERT, which is
// assert() unless the game defines it before including a runtime header (as stb's
// STBI_ASSERT): e.g. #define SPRITEC_ASSERT(x) MY_ENGINE_CHECK(x).
//
// Decisions (docs/format.md): the buffer must be exactly the pack — bytes after
// header.file_size are an error (kTrailingBytes), so damage that appends is noticed; a
// newer major version is its own error (kUnsupportedVersion) reported before anything
// else is read; a newer minor version is read, its unknown sections skipped. Format 1.1's
// ALPH section (the pages' alpha) is read when present: premultiplied() and bled() say
// what it holds; a pack without it (every 1.0 pack) has straight, unbled pages. Format 1.2's
// GNAM, SHAP, FGEO and SGEO (boxes and points of frames and steps) are read when present;
// a pack without them has none. Format 1.3's SLOT and LORD (a layered actor's slots and
// draw order per view, or an equipment piece's slot) are read when present. Names are
// not checked to be UTF-8 or unique (lookups by name return the first match).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string_view>

#include "spritec/runtime/spk_layout.hpp"
#include "spritec/runtime/xxh64.hpp"

#ifndef SPRITEC_ASSERT
#include <cassert>
#define SPRITEC_ASSERT(x) assert(x)
#endif

namespace spritec::runtime {

enum class ParseError {
  kOk = 0,
  kTruncated,           // the data ends before what the header says is there
  kBadSignature,        // not a pack (or damaged by a text-mode transfer)
  kUnsupportedVersion,  // major version other than 1 (a newer spritec wrote it)
  kBadHeader,           // header size or file size fields inconsistent
  kTrailingBytes,       // more bytes than header.file_size
  kChecksumMismatch,    // XXH64 of the content differs from the header's
  kSectionOutOfRange,   // directory or a section lies outside the file
  kMisalignedSection,   // a section offset that is not a multiple of 4
  kDuplicateSection,    // a known section tag listed twice
  kBadSectionSize,      // a record section whose size is not count * record size
  kStringOutOfRange,    // a name's offset + length beyond the strings section
  kIndexOutOfRange,     // an index or a range of records beyond its table
  kBadValue,            // an enum, flag, zero count or zero duration that is invalid
  kTooManyInputs,       // more than 64 input names
};

inline const char* to_string(ParseError e) {
  switch (e) {
    case ParseError::kOk:
      return "ok";
    case ParseError::kTruncated:
      return "truncated";
    case ParseError::kBadSignature:
      return "bad signature";
    case ParseError::kUnsupportedVersion:
      return "unsupported version";
    case ParseError::kBadHeader:
      return "bad header";
    case ParseError::kTrailingBytes:
      return "trailing bytes";
    case ParseError::kChecksumMismatch:
      return "checksum mismatch";
    case ParseError::kSectionOutOfRange:
      return "section out of range";
    case ParseError::kMisalignedSection:
      return "misaligned section";
    case ParseError::kDuplicateSection:
      return "duplicate section";
    case ParseError::kBadSectionSize:
      return "bad section size";
    case ParseError::kStringOutOfRange:
      return "string out of range";
    case ParseError::kIndexOutOfRange:
      return "index out of range";
    case ParseError::kBadValue:
      return "bad value";
    case ParseError::kTooManyInputs:
      return "too many inputs";
  }
  return "unknown error";
}

// What parse_pack found: kOk, or what is wrong and its byte offset. The same shape as
// spritec's diag::Result (ok(), explicit bool, [[nodiscard]]), declared here because the
// runtime depends on nothing but the standard library.
struct [[nodiscard]] ParseResult {
  ParseError error = ParseError::kOk;
  std::size_t offset = 0;    // byte offset in the file of the offending field
  const char* message = "";  // static text: what was wrong
  // The version found in the file once 12 bytes could be read (for kUnsupportedVersion's
  // message: "pack format 2.0 is newer than this reader").
  std::uint16_t version_major = 0;
  std::uint16_t version_minor = 0;

  bool ok() const { return error == ParseError::kOk; }
  explicit operator bool() const { return ok(); }
};

struct ParseOptions {
  // Fuzzing only: skip the XXH64 check so mutated inputs reach the structural checks.
  // Every other check still runs, so the view stays safe to use.
  bool verify_checksum = true;
};

// --- what the accessors give -----------------------------------------------------------------

struct Page {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint8_t pixel_format = spk::kPixelRgba8;
  bool external = false;
  const std::uint8_t* png = nullptr;  // embedded: the PNG file's bytes
  std::size_t png_size = 0;
  std::string_view file_name;  // external: a plain file name in the pack's directory
};

struct Frame {
  std::string_view name;
  std::uint32_t page = 0;
  std::uint32_t x = 0, y = 0, w = 0, h = 0;  // trimmed rectangle in the page
  std::int32_t origin_x = 0, origin_y = 0;   // relative to the trimmed rectangle
  std::uint32_t source_w = 0, source_h = 0;  // untrimmed size
  std::uint32_t trim_x = 0, trim_y = 0;      // trimmed rectangle inside the untrimmed frame
  // The origin relative to the untrimmed frame, as written in the definition.
  std::int64_t untrimmed_origin_x() const { return std::int64_t(origin_x) + trim_x; }
  std::int64_t untrimmed_origin_y() const { return std::int64_t(origin_y) + trim_y; }
};

struct Action {
  std::string_view name;
  std::uint32_t views = 1;           // >= 1, clockwise from first_view
  std::int32_t first_view = 0;       // degrees of view 0, clockwise, 0 = east
  std::uint32_t steps_per_view = 1;  // >= 1
  Mode mode = Mode::kLoop;
  ThenKind then_kind = ThenKind::kHold;
  std::uint32_t then_action = kNone;  // the action to switch to when then_kind is kAction
  bool reverse = false;               // the step list is played backwards
  std::uint32_t loop_from = 0;        // where a loop restarts, in played order
  std::uint32_t repeat = 0;           // cycles before finishing; 0 = forever (loop, pingpong)
  std::uint32_t first_step = 0;       // pack.step(action, view, i) reads them
  std::uint32_t first_transition = 0;
  std::uint32_t transition_count = 0;
};

// A step: what an actor shows while in it, and what entering and leaving it does.
struct Step {
  std::uint32_t frame = kNone;          // frame index, or kNone: a blank step (draw nothing)
  std::uint32_t ticks = 1;              // duration in ticks, >= 1
  std::uint32_t event = kNone;          // event index raised on entering it, or kNone
  std::int32_t move_x = 0, move_y = 0;  // root motion, added to the actor when it ends
  Flip flip = kFlipNone;                // mirrored about the frame's origin pixel

  bool blank() const { return frame == kNone; }
  bool has_event() const { return event != kNone; }
  bool flip_x() const { return (flip & kFlipX) != 0; }
  bool flip_y() const { return (flip & kFlipY) != 0; }
};

// A transition rule of an action (tried top-down; see player.hpp).
struct Transition {
  std::uint32_t to = 0;      // the action it switches to
  std::uint64_t when = 0;    // bit i: input i must be held
  std::uint64_t unless = 0;  // bit i: input i must be released
  bool immediate = false;    // tried at every tick, not only at the end of a cycle

  // Whether the rule's inputs agree with the held inputs `held` (bit i = input i).
  bool matches(std::uint64_t held) const { return (held & when) == when && (held & unless) == 0; }
};

// A box or a point of a frame or a step (format 1.2; docs/format.md, SHAP), relative to the
// frame's origin pixel, x right and y down, before any flip (a blank step's: relative to
// the actor). A box covers columns x .. x + w - 1 and rows y .. y + h - 1; a point is the
// pixel (x, y). `removed`: a step's entry taking away its frame's shape of that kind and name.
// Coordinates lie within ±kMaxShapeCoordinate and sizes within it, so x + w never overflows.
enum class ShapeKind : std::uint8_t { kBox = 0, kPoint = 1 };
constexpr std::int32_t kMaxShapeCoordinate = 1 << 28;

struct Shape {
  std::uint32_t name = 0;  // index of its name (shape_name())
  ShapeKind kind = ShapeKind::kBox;
  bool removed = false;
  std::int32_t x = 0, y = 0;
  std::uint32_t w = 0, h = 0;  // a box: >= 1; a point: 0
};

// Shapes first .. first + count - 1 (shape(i)), sorted by (kind, name).
struct ShapeRange {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};

class PackView;
ParseResult parse_pack(const std::uint8_t* data, std::size_t size, PackView& out,
                       const ParseOptions& options = {});

namespace reader_detail {
class Parser;
}

// A parsed pack. Default-constructed it is empty (no records). Accessors take indices the
// caller got from the counts or from other records (SPRITEC_ASSERTed, never checked
// again); each is O(1) and allocates nothing.
class PackView {
 public:
  std::uint16_t version_major() const { return version_major_; }
  std::uint16_t version_minor() const { return version_minor_; }
  std::uint32_t tick_rate() const { return tick_rate_; }
  const std::uint8_t* data() const { return data_; }
  std::size_t size() const { return size_; }

  std::uint32_t page_count() const { return pages_.count; }
  std::uint32_t frame_count() const { return frames_.count; }
  std::uint32_t action_count() const { return actions_.count; }
  std::uint32_t step_count() const { return steps_.count; }
  std::uint32_t transition_count() const { return transitions_.count; }
  std::uint32_t input_count() const { return inputs_.count; }
  std::uint32_t event_count() const { return events_.count; }
  std::uint32_t shape_name_count() const { return shape_names_.count; }
  std::uint32_t shape_count() const { return shapes_.count; }

  // How the pages' colours relate to their alpha (format 1.1's ALPH section; docs/format.md).
  // premultiplied(): every page stores colour premultiplied by alpha (c × a / 255, rounded
  // to nearest): draw it with premultiplied blending (one, one-minus-source-alpha), or divide
  // by alpha first. False: straight alpha, as every 1.0 pack.
  bool premultiplied() const { return page_alpha_ == spk::kAlphaPremultiplied; }
  // bled(): every fully transparent pixel had the colour of its nearest coloured pixel when
  // the pages were made (atlas: {bleed: true}); a premultiplied page stores black there.
  bool bled() const { return (alpha_flags_ & spk::kAlphaFlagBled) != 0; }

  Page page(std::uint32_t i) const {
    const spk::PageRecord r = record<spk::PageRecord>(pages_, i);
    Page p;
    p.width = r.width;
    p.height = r.height;
    p.pixel_format = r.pixel_format;
    p.external = r.storage == spk::kPageExternalFile;
    if (p.external) {
      p.file_name = string(spk::StringRef{r.data_offset, r.data_size});
    } else {
      p.png = blob_.data + r.data_offset;
      p.png_size = r.data_size;
    }
    return p;
  }

  Frame frame(std::uint32_t i) const {
    const spk::FrameRecord r = record<spk::FrameRecord>(frames_, i);
    Frame f;
    f.name = string(r.name);
    f.page = r.page;
    f.x = r.x;
    f.y = r.y;
    f.w = r.w;
    f.h = r.h;
    f.origin_x = r.origin_x;
    f.origin_y = r.origin_y;
    f.source_w = r.source_w;
    f.source_h = r.source_h;
    f.trim_x = r.trim_x;
    f.trim_y = r.trim_y;
    return f;
  }

  // The frame's name without decoding the whole record ("" for kNone, a blank step).
  std::string_view frame_name(std::uint32_t i) const {
    if (i == kNone) return {};
    return name_of(frames_, i, spk::FrameRecord::kSize, spk::FrameRecord::kOffName);
  }

  Action action(std::uint32_t i) const {
    const spk::ActionRecord r = record<spk::ActionRecord>(actions_, i);
    Action a;
    a.name = string(r.name);
    a.views = r.views;
    a.first_view = r.first_view;
    a.steps_per_view = r.steps_per_view;
    a.mode = static_cast<Mode>(r.mode);
    a.then_kind = static_cast<ThenKind>(r.then_kind);
    a.then_action = r.then_action;
    a.reverse = (r.flags & spk::kActionFlagReverse) != 0;
    a.loop_from = r.loop_from;
    a.repeat = r.repeat;
    a.first_step = r.first_step;
    a.first_transition = r.first_transition;
    a.transition_count = r.transition_count;
    return a;
  }

  // The action's name without decoding the whole record.
  std::string_view action_name(std::uint32_t i) const {
    return name_of(actions_, i, spk::ActionRecord::kSize, spk::ActionRecord::kOffName);
  }

  // Step record i (0 <= i < step_count()).
  Step step(std::uint32_t i) const {
    const spk::StepRecord r = record<spk::StepRecord>(steps_, i);
    Step s;
    s.frame = r.frame;
    s.ticks = r.ticks;
    s.event = r.event;
    s.move_x = r.move_x;
    s.move_y = r.move_y;
    s.flip = static_cast<Flip>(r.flip);
    return s;
  }

  // Step `index` (in list order) of view `view` of an action.
  Step step(const Action& a, std::uint32_t view, std::uint32_t index) const {
    SPRITEC_ASSERT(view < a.views && index < a.steps_per_view);
    return step(a.first_step + view * a.steps_per_view + index);
  }

  // Transition record i; an action's rules are first_transition .. + transition_count.
  Transition transition(std::uint32_t i) const {
    const spk::TransitionRecord r = record<spk::TransitionRecord>(transitions_, i);
    Transition t;
    t.to = r.to;
    t.when = r.when;
    t.unless = r.unless;
    t.immediate = (r.flags & spk::kTransitionFlagImmediate) != 0;
    return t;
  }

  std::string_view input_name(std::uint32_t i) const {
    return name_of(inputs_, i, spk::StringRef::kSize, 0);
  }
  std::string_view event_name(std::uint32_t i) const {
    return name_of(events_, i, spk::StringRef::kSize, 0);
  }

  // Boxes and points (format 1.2; empty in a 1.0 or 1.1 pack). A frame's shapes are all it
  // has; a step's are its own entries, laid over its frame's (runtime/shapes.hpp merges them
  // and applies the step's flip).
  std::string_view shape_name(std::uint32_t i) const {
    return name_of(shape_names_, i, spk::StringRef::kSize, 0);
  }
  Shape shape(std::uint32_t i) const {
    const spk::ShapeRecord r = record<spk::ShapeRecord>(shapes_, i);
    Shape sh;
    sh.name = r.name;
    sh.kind = static_cast<ShapeKind>(r.kind);
    sh.removed = (r.flags & spk::kShapeFlagRemoved) != 0;
    sh.x = r.x;
    sh.y = r.y;
    sh.w = r.w;
    sh.h = r.h;
    return sh;
  }
  ShapeRange frame_shapes(std::uint32_t frame) const {
    SPRITEC_ASSERT(frame < frames_.count);
    return shape_range(frame_shapes_, frame);
  }
  // Step record i's own shapes (see step(i)).
  ShapeRange step_shapes(std::uint32_t step) const {
    SPRITEC_ASSERT(step < steps_.count);
    return shape_range(step_shapes_, step);
  }

  // Layered actors (format 1.3; docs/format.md, SLOT and LORD). A layered master (layered())
  // declares slot_count() slots and, per view of its actions (every action has
  // layer_views() views), a draw order back to front: layer_entry(view, k) for k = 0, 1, …
  // is a slot index, spk::kLayerSelf (the master's own frame) or kNone (the row ended;
  // a row has at most slot_count() + 1 entries). An equipment piece is not layered and has
  // exactly one slot, the one it fills (piece_slot()). A pack before 1.3 is neither.
  bool layered() const { return layer_order_.present; }
  bool piece() const { return !layer_order_.present && slots_.count == 1; }
  std::uint32_t slot_count() const { return slots_.count; }
  std::string_view slot_name(std::uint32_t i) const {
    return name_of(slots_, i, spk::StringRef::kSize, 0);
  }
  std::string_view piece_slot() const { return piece() ? slot_name(0) : std::string_view(); }
  std::uint32_t layer_views() const {
    return layered() ? layer_order_.count / (slots_.count + 1) : 0;
  }
  std::uint32_t layer_entry(std::uint32_t view, std::uint32_t k) const {
    SPRITEC_ASSERT(view < layer_views() && k <= slots_.count);
    return record<spk::LayerEntry>(layer_order_, view * (slots_.count + 1) + k).slot;
  }
  std::uint32_t find_slot(std::string_view name) const {
    for (std::uint32_t i = 0; i < slots_.count; ++i) {
      if (slot_name(i) == name) return i;
    }
    return kNone;
  }

  // Lookups by name: the index of the first match, or kNone. Each is a linear scan, O(n)
  // name comparisons over the n names of its table, allocating nothing: look names up once
  // at load time and keep the indices, or use a PackIndex (pack_index.hpp, O(log n)) where
  // a game looks names up while playing.
  std::uint32_t find_action(std::string_view name) const {
    for (std::uint32_t i = 0; i < actions_.count; ++i) {
      if (action_name(i) == name) return i;
    }
    return kNone;
  }
  std::uint32_t find_frame(std::string_view name) const {
    for (std::uint32_t i = 0; i < frames_.count; ++i) {
      if (frame_name(i) == name) return i;
    }
    return kNone;
  }
  std::uint32_t find_input(std::string_view name) const {
    for (std::uint32_t i = 0; i < inputs_.count; ++i) {
      if (input_name(i) == name) return i;
    }
    return kNone;
  }
  std::uint32_t find_event(std::string_view name) const {
    for (std::uint32_t i = 0; i < events_.count; ++i) {
      if (event_name(i) == name) return i;
    }
    return kNone;
  }
  std::uint32_t find_shape_name(std::string_view name) const {
    for (std::uint32_t i = 0; i < shape_names_.count; ++i) {
      if (shape_name(i) == name) return i;
    }
    return kNone;
  }

  // A string of the STRS section; the reference was checked at parse time.
  std::string_view string(const spk::StringRef& r) const {
    if (r.length == 0) return {};
    return std::string_view(reinterpret_cast<const char*>(strings_.data) + r.offset, r.length);
  }

 private:
  friend class reader_detail::Parser;
  struct Section {
    const std::uint8_t* data = nullptr;
    std::uint32_t size = 0;
    std::uint32_t count = 0;
    std::uint32_t offset = 0;  // in the file, for error offsets
    bool present = false;
  };

  // Record i of a section of Record.
  template <typename Record>
  static Record record(const Section& s, std::uint32_t i) {
    SPRITEC_ASSERT(i < s.count);
    Record r;
    spk::load(s.data + std::size_t(i) * Record::kSize, r);
    return r;
  }

  // Record i of FGEO or SGEO (empty when the section is absent: a pack before 1.2).
  static ShapeRange shape_range(const Section& s, std::uint32_t i) {
    if (!s.present) return {};
    const spk::ShapeRange r = record<spk::ShapeRange>(s, i);
    return ShapeRange{r.first, r.count};
  }

  // The name (a StringRef at byte `field`) of record i of a section of `size`-byte records.
  std::string_view name_of(const Section& s, std::uint32_t i, std::size_t size,
                           std::size_t field) const {
    SPRITEC_ASSERT(i < s.count);
    spk::StringRef r;
    spk::load(s.data + std::size_t(i) * size + field, r);
    return string(r);
  }

  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  std::uint16_t version_major_ = 0;
  std::uint16_t version_minor_ = 0;
  std::uint32_t tick_rate_ = 0;
  std::uint8_t page_alpha_ = spk::kAlphaStraight;
  std::uint8_t alpha_flags_ = 0;
  Section strings_, blob_, pages_, frames_, actions_, steps_, transitions_, inputs_, events_,
      alpha_, shape_names_, shapes_, frame_shapes_, step_shapes_, slots_, layer_order_;
};

}  // namespace spritec::runtime

// The checks parse_pack() runs, one per part of the file (spk_parser.hpp).
#include "spritec/runtime/spk_parser.hpp"
