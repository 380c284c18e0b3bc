// spritec::runtime — parse_pack()'s checks, one per part of a pack (docs/format.md, "What the
// reader checks"). Header-only, std-only; included by spk_reader.hpp, which declares
// parse_pack() and PackView: include that header, not this one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "spritec/runtime/spk_reader.hpp"

namespace spritec::runtime {

namespace reader_detail {

// offset + length lies within a range of `size` bytes (no overflow: 64-bit sums of 32-bit
// values).
inline bool range_ok(std::uint64_t offset, std::uint64_t length, std::uint64_t size) {
  return offset <= size && length <= size - offset;
}

// A plain file name: not empty, not "." or "..", no path separator, drive colon or NUL.
inline bool plain_file_name(std::string_view s) {
  if (s.empty() || s == "." || s == "..") return false;
  for (char c : s) {
    if (c == '/' || c == '\\' || c == ':' || c == '\0') return false;
  }
  return true;
}

// parse_pack's checks, one per part of the file, in the order they run (the order decides
// which error a pack with several faults gets): the signature and version, the header,
// the directory, then each section; a section is checked after those its indices point
// into. Each returns an ok result or the first fault it finds.
class Parser {
 public:
  using E = ParseError;
  using Section = PackView::Section;

  Parser(const std::uint8_t* data, std::size_t size, const ParseOptions& options)
      : data_(data), size_(size), options_(options) {}

  ParseResult run(PackView& out) {
    using Check = ParseResult (Parser::*)();
    for (Check check :
         {&Parser::check_signature_and_version, &Parser::check_header, &Parser::read_directory,
          &Parser::check_input_and_event_names, &Parser::check_pages, &Parser::check_alpha,
          &Parser::check_frames, &Parser::check_steps, &Parser::check_actions,
          &Parser::check_transitions, &Parser::check_shapes, &Parser::check_frame_shapes,
          &Parser::check_step_shapes, &Parser::check_slots, &Parser::check_layer_order}) {
      const ParseResult r = (this->*check)();
      if (!r) return r;
    }
    out = v_;
    return ok();
  }

 private:
  // A result carrying the version read so far (0.0 before it is read).
  ParseResult result(E e, std::size_t offset, const char* message) const {
    ParseResult r;
    r.error = e;
    r.offset = offset;
    r.message = message;
    r.version_major = v_.version_major_;
    r.version_minor = v_.version_minor_;
    return r;
  }
  ParseResult ok() const { return result(E::kOk, 0, ""); }

  // The file offset of byte `field` of record i of a section of `size`-byte records.
  static std::size_t at_record(const Section& s, std::uint32_t i, std::size_t size,
                               std::size_t field) {
    return std::size_t(s.offset) + std::size_t(i) * size + field;
  }

  // The strings: a name is in range of the STRS blob (which has no structure of its own).
  bool string_ok(const spk::StringRef& r) const {
    return range_ok(r.offset, r.length, v_.strings_.size);
  }

  // Signature (a mismatch in the bytes present is reported before truncation), then the
  // major version, before anything else is read: a newer pack's layout may differ.
  ParseResult check_signature_and_version() {
    if (data_ == nullptr && size_ != 0) return result(E::kTruncated, 0, "null data");
    const std::size_t sig_have = size_ < 8 ? size_ : 8;
    for (std::size_t i = 0; i < sig_have; ++i) {
      if (data_[i] != spk::kSignature[i])
        return result(E::kBadSignature, i, "not a spritec pack (bad signature)");
    }
    if (size_ < 12) return result(E::kTruncated, size_, "pack ends inside the header");
    v_.version_major_ = spk::detail::load_le<std::uint16_t>(data_ + spk::Header::kOffVersionMajor);
    v_.version_minor_ = spk::detail::load_le<std::uint16_t>(data_ + spk::Header::kOffVersionMinor);
    if (v_.version_major_ != spk::kVersionMajor) {
      return result(E::kUnsupportedVersion, spk::Header::kOffVersionMajor,
                    v_.version_major_ > spk::kVersionMajor
                        ? "pack format major version is newer than this reader (reads 1.x)"
                        : "pack format major version is not supported (this reader reads 1.x)");
    }
    return ok();
  }

  // The header's sizes, tick rate and directory extent, then the checksum.
  ParseResult check_header() {
    if (size_ < spk::Header::kSize)
      return result(E::kTruncated, size_, "pack ends inside the header");
    spk::load(data_, h_);
    if (h_.file_size > size_)
      return result(E::kTruncated, size_, "pack is shorter than its header says (truncated)");
    if (h_.file_size < size_)
      return result(E::kTrailingBytes, h_.file_size, "bytes after the end of the pack");
    if (h_.header_size < spk::Header::kSize || h_.header_size % spk::kSectionAlignment != 0 ||
        h_.header_size > h_.file_size) {
      return result(E::kBadHeader, spk::Header::kOffHeaderSize, "bad header size");
    }
    if (h_.tick_rate == 0) return result(E::kBadValue, spk::Header::kOffTickRate, "tick rate is 0");
    dir_end_ =
        std::uint64_t(h_.header_size) + std::uint64_t(h_.section_count) * spk::SectionEntry::kSize;
    if (dir_end_ > h_.file_size) {
      return result(E::kSectionOutOfRange, spk::Header::kOffSectionCount,
                    "section directory runs past the end of the pack");
    }
    if (options_.verify_checksum &&
        xxh64(data_ + h_.header_size, h_.file_size - h_.header_size, 0) != h_.checksum) {
      return result(E::kChecksumMismatch, spk::Header::kOffChecksum,
                    "content checksum mismatch (the pack is damaged)");
    }
    v_.data_ = data_;
    v_.size_ = size_;
    v_.tick_rate_ = h_.tick_rate;
    return ok();
  }

  // The section a known tag names, and its record size (0 for a byte blob); null for an
  // unknown tag.
  Section* section_for(std::uint32_t tag, std::size_t& record) {
    record = 0;
    switch (tag) {
      case spk::kTagStrings:
        return &v_.strings_;
      case spk::kTagBlob:
        return &v_.blob_;
      case spk::kTagPages:
        record = spk::PageRecord::kSize;
        return &v_.pages_;
      case spk::kTagFrames:
        record = spk::FrameRecord::kSize;
        return &v_.frames_;
      case spk::kTagActions:
        record = spk::ActionRecord::kSize;
        return &v_.actions_;
      case spk::kTagSteps:
        record = spk::StepRecord::kSize;
        return &v_.steps_;
      case spk::kTagTransitions:
        record = spk::TransitionRecord::kSize;
        return &v_.transitions_;
      case spk::kTagInputs:
        record = spk::StringRef::kSize;
        return &v_.inputs_;
      case spk::kTagEvents:
        record = spk::StringRef::kSize;
        return &v_.events_;
      case spk::kTagAlpha:
        record = spk::AlphaRecord::kSize;
        return &v_.alpha_;
      case spk::kTagShapeNames:
        record = spk::StringRef::kSize;
        return &v_.shape_names_;
      case spk::kTagShapes:
        record = spk::ShapeRecord::kSize;
        return &v_.shapes_;
      case spk::kTagFrameShapes:
        record = spk::ShapeRange::kSize;
        return &v_.frame_shapes_;
      case spk::kTagStepShapes:
        record = spk::ShapeRange::kSize;
        return &v_.step_shapes_;
      case spk::kTagSlots:
        record = spk::StringRef::kSize;
        return &v_.slots_;
      case spk::kTagLayerOrder:
        record = spk::LayerEntry::kSize;
        return &v_.layer_order_;
      default:
        return nullptr;
    }
  }

  // Every entry's place and size; known sections found, unknown ones skipped.
  ParseResult read_directory() {
    for (std::uint32_t i = 0; i < h_.section_count; ++i) {
      const std::size_t at = h_.header_size + std::size_t(i) * spk::SectionEntry::kSize;
      spk::SectionEntry e;
      spk::load(data_ + at, e);
      if (e.offset % spk::kSectionAlignment != 0) {
        return result(E::kMisalignedSection, at + spk::SectionEntry::kOffOffset,
                      "section offset is not a multiple of 4");
      }
      if (e.offset < dir_end_ || !range_ok(e.offset, e.size, h_.file_size)) {
        return result(E::kSectionOutOfRange, at + spk::SectionEntry::kOffOffset,
                      "section lies outside the pack");
      }
      std::size_t record = 0;
      Section* s = section_for(e.tag, record);
      if (s == nullptr) continue;  // unknown: skipped
      if (s->present)
        return result(E::kDuplicateSection, at + spk::SectionEntry::kOffTag,
                      "section listed twice");
      if (record != 0 && std::uint64_t(e.count) * record != e.size) {
        return result(E::kBadSectionSize, at + spk::SectionEntry::kOffSize,
                      "section size is not its record count times the record size");
      }
      s->present = true;
      s->data = data_ + e.offset;
      s->size = e.size;
      s->count = record != 0 ? e.count : 0;
      s->offset = e.offset;
    }
    return ok();
  }

  // INPT and EVNT: at most 64 inputs, every name in range.
  ParseResult check_input_and_event_names() {
    if (v_.inputs_.count > spk::kMaxInputs)
      return result(E::kTooManyInputs, v_.inputs_.offset, "more than 64 input names");
    for (const Section* s : {&v_.inputs_, &v_.events_, &v_.shape_names_}) {
      for (std::uint32_t i = 0; i < s->count; ++i) {
        if (!string_ok(PackView::record<spk::StringRef>(*s, i))) {
          return result(E::kStringOutOfRange, at_record(*s, i, spk::StringRef::kSize, 0),
                        s == &v_.inputs_   ? "input name out of range"
                        : s == &v_.events_ ? "event name out of range"
                                           : "box or point name out of range");
        }
      }
    }
    return ok();
  }

  // PAGE: a size, a known pixel format, and an embedded PNG in BLOB or a plain file name.
  ParseResult check_pages() {
    using P = spk::PageRecord;
    for (std::uint32_t i = 0; i < v_.pages_.count; ++i) {
      const P r = PackView::record<P>(v_.pages_, i);
      auto field = [&](std::size_t f) { return at_record(v_.pages_, i, P::kSize, f); };
      if (r.width == 0 || r.height == 0)
        return result(E::kBadValue, field(P::kOffWidth), "page size is 0");
      if (r.pixel_format != spk::kPixelRgba8)
        return result(E::kBadValue, field(P::kOffPixelFormat), "unknown page pixel format");
      if (r.storage == spk::kPageEmbeddedPng) {
        if (!range_ok(r.data_offset, r.data_size, v_.blob_.size))
          return result(E::kIndexOutOfRange, field(P::kOffDataOffset),
                        "page PNG data out of range");
        if (r.data_size < 8 ||
            std::memcmp(v_.blob_.data + r.data_offset, "\x89PNG\r\n\x1a\n", 8) != 0) {
          return result(E::kBadValue, field(P::kOffDataOffset), "embedded page is not a PNG file");
        }
      } else if (r.storage == spk::kPageExternalFile) {
        const spk::StringRef ref{r.data_offset, r.data_size};
        if (!string_ok(ref)) {
          return result(E::kStringOutOfRange, field(P::kOffDataOffset),
                        "page file name out of range");
        }
        if (!plain_file_name(v_.string(ref))) {
          return result(E::kBadValue, field(P::kOffDataOffset),
                        "page file name is not a plain file name");
        }
      } else {
        return result(E::kBadValue, field(P::kOffStorage), "unknown page storage");
      }
    }
    return ok();
  }

  // ALPH (1.1): absent (straight, unbled), or exactly one record with a known alpha mode and
  // flags.
  ParseResult check_alpha() {
    using A = spk::AlphaRecord;
    if (!v_.alpha_.present) return ok();
    if (v_.alpha_.count != 1)
      return result(E::kBadValue, v_.alpha_.offset, "page alpha section must hold one record");
    const A r = PackView::record<A>(v_.alpha_, 0);
    auto field = [&](std::size_t f) { return at_record(v_.alpha_, 0, A::kSize, f); };
    if (r.alpha > spk::kAlphaPremultiplied)
      return result(E::kBadValue, field(A::kOffAlpha), "unknown page alpha mode");
    if ((r.flags & ~spk::kAlphaFlagBled) != 0)
      return result(E::kBadValue, field(A::kOffFlags), "unknown page alpha flags");
    v_.page_alpha_ = r.alpha;
    v_.alpha_flags_ = r.flags;
    return ok();
  }

  // FRAM: a name, a page, a rectangle inside the page and inside the untrimmed frame.
  ParseResult check_frames() {
    using F = spk::FrameRecord;
    for (std::uint32_t i = 0; i < v_.frames_.count; ++i) {
      const F r = PackView::record<F>(v_.frames_, i);
      auto field = [&](std::size_t f) { return at_record(v_.frames_, i, F::kSize, f); };
      if (!string_ok(r.name))
        return result(E::kStringOutOfRange, field(F::kOffName), "frame name out of range");
      if (r.page >= v_.pages_.count)
        return result(E::kIndexOutOfRange, field(F::kOffPage), "frame page index out of range");
      const spk::PageRecord page = PackView::record<spk::PageRecord>(v_.pages_, r.page);
      if (!range_ok(r.x, r.w, page.width) || !range_ok(r.y, r.h, page.height))
        return result(E::kIndexOutOfRange, field(F::kOffX), "frame rectangle outside its page");
      if (!range_ok(r.trim_x, r.w, r.source_w) || !range_ok(r.trim_y, r.h, r.source_h)) {
        return result(E::kIndexOutOfRange, field(F::kOffTrimX),
                      "frame trimmed rectangle outside its untrimmed size");
      }
      if ((r.flags & ~spk::kFrameFlagShapes) != 0) {
        return result(E::kBadValue, field(F::kOffFlags),
                      "unknown frame flags (rotated frames are not supported in 1.x)");
      }
    }
    return ok();
  }

  // STEP: a frame or none, a duration, an event or none, known flip bits.
  ParseResult check_steps() {
    using S = spk::StepRecord;
    for (std::uint32_t i = 0; i < v_.steps_.count; ++i) {
      const S r = PackView::record<S>(v_.steps_, i);
      auto field = [&](std::size_t f) { return at_record(v_.steps_, i, S::kSize, f); };
      if (r.frame != kNone && r.frame >= v_.frames_.count)
        return result(E::kIndexOutOfRange, field(S::kOffFrame), "step frame index out of range");
      if (r.ticks == 0)
        return result(E::kBadValue, field(S::kOffTicks), "step duration is 0 ticks");
      if (r.event != kNone && r.event >= v_.events_.count)
        return result(E::kIndexOutOfRange, field(S::kOffEvent), "step event index out of range");
      if ((r.flip & ~kFlipXY) != 0)
        return result(E::kBadValue, field(S::kOffFlip), "unknown step flip bits");
    }
    return ok();
  }

  // ACTN: a name, views and steps, known enums and flags, and every index (loop_from,
  // then-action, its steps and its transitions) inside its table.
  ParseResult check_actions() {
    using A = spk::ActionRecord;
    for (std::uint32_t i = 0; i < v_.actions_.count; ++i) {
      const A r = PackView::record<A>(v_.actions_, i);
      auto field = [&](std::size_t f) { return at_record(v_.actions_, i, A::kSize, f); };
      if (!string_ok(r.name))
        return result(E::kStringOutOfRange, field(A::kOffName), "action name out of range");
      if (r.views == 0) return result(E::kBadValue, field(A::kOffViews), "action has 0 views");
      if (r.steps_per_view == 0)
        return result(E::kBadValue, field(A::kOffStepsPerView), "action has 0 steps");
      if (r.mode > std::uint8_t(Mode::kOnce))
        return result(E::kBadValue, field(A::kOffMode), "unknown action mode");
      if (r.then_kind > std::uint8_t(ThenKind::kAction))
        return result(E::kBadValue, field(A::kOffThenKind), "unknown action then kind");
      if ((r.flags & ~(spk::kActionFlagReverse | spk::kActionFlagShapes)) != 0)
        return result(E::kBadValue, field(A::kOffFlags), "unknown action flags");
      if (r.loop_from >= r.steps_per_view) {
        return result(E::kIndexOutOfRange, field(A::kOffLoopFrom), "action loop_from out of range");
      }
      if (r.then_kind == std::uint8_t(ThenKind::kAction) ? r.then_action >= v_.actions_.count
                                                         : r.then_action != kNone) {
        return result(E::kIndexOutOfRange, field(A::kOffThenAction),
                      "action then-action index out of range");
      }
      if (!range_ok(r.first_step, std::uint64_t(r.views) * r.steps_per_view, v_.steps_.count)) {
        return result(E::kIndexOutOfRange, field(A::kOffFirstStep), "action steps out of range");
      }
      if (!range_ok(r.first_transition, r.transition_count, v_.transitions_.count)) {
        return result(E::kIndexOutOfRange, field(A::kOffFirstTransition),
                      "action transitions out of range");
      }
    }
    return ok();
  }

  // TRAN: a target action, known flags, and masks naming only inputs the pack has.
  ParseResult check_transitions() {
    using T = spk::TransitionRecord;
    const std::uint64_t inputs =
        v_.inputs_.count >= 64 ? ~std::uint64_t(0) : ((std::uint64_t(1) << v_.inputs_.count) - 1);
    for (std::uint32_t i = 0; i < v_.transitions_.count; ++i) {
      const T r = PackView::record<T>(v_.transitions_, i);
      auto field = [&](std::size_t f) { return at_record(v_.transitions_, i, T::kSize, f); };
      if (r.to >= v_.actions_.count) {
        return result(E::kIndexOutOfRange, field(T::kOffTo),
                      "transition target action out of range");
      }
      if ((r.flags & ~spk::kTransitionFlagImmediate) != 0)
        return result(E::kBadValue, field(T::kOffFlags), "unknown transition flags");
      if ((r.when & ~inputs) != 0) {
        return result(E::kIndexOutOfRange, field(T::kOffWhen),
                      "transition 'when' input out of range");
      }
      if ((r.unless & ~inputs) != 0) {
        return result(E::kIndexOutOfRange, field(T::kOffUnless),
                      "transition 'unless' input out of range");
      }
    }
    return ok();
  }

  // SHAP (1.2): a known name, kind and flags; a box at least 1x1, a point 0x0, a removal all
  // zeros; coordinates and sizes within kMaxShapeCoordinate.
  ParseResult check_shapes() {
    using S = spk::ShapeRecord;
    for (std::uint32_t i = 0; i < v_.shapes_.count; ++i) {
      const S r = PackView::record<S>(v_.shapes_, i);
      auto field = [&](std::size_t f) { return at_record(v_.shapes_, i, S::kSize, f); };
      if (r.name >= v_.shape_names_.count)
        return result(E::kIndexOutOfRange, field(S::kOffName), "shape name index out of range");
      if (r.kind > spk::kShapePoint)
        return result(E::kBadValue, field(S::kOffKind), "unknown shape kind");
      if ((r.flags & ~spk::kShapeFlagRemoved) != 0)
        return result(E::kBadValue, field(S::kOffFlags), "unknown shape flags");
      const bool removed = (r.flags & spk::kShapeFlagRemoved) != 0;
      const bool box = r.kind == spk::kShapeBox;
      const std::int64_t limit = kMaxShapeCoordinate;
      if (removed ? (r.x != 0 || r.y != 0)
                  : (r.x < -limit || r.x > limit || r.y < -limit || r.y > limit)) {
        return result(E::kBadValue, field(S::kOffX), "shape position out of range");
      }
      const bool sized =
          r.w >= 1 && r.h >= 1 && r.w <= std::uint32_t(limit) && r.h <= std::uint32_t(limit);
      if (removed || !box ? (r.w != 0 || r.h != 0) : !sized)
        return result(E::kBadValue, field(S::kOffW), "shape size out of range");
    }
    return ok();
  }

  // A range of SHAP records (of FGEO or SGEO record i): inside SHAP, sorted by (kind, name)
  // with no kind and name twice, removals only where allowed.
  ParseResult check_shape_range(const Section& s, std::uint32_t i, bool removals) {
    using R = spk::ShapeRange;
    const R r = PackView::record<R>(s, i);
    if (!range_ok(r.first, r.count, v_.shapes_.count)) {
      return result(E::kIndexOutOfRange, at_record(s, i, R::kSize, R::kOffFirst),
                    "shapes out of range");
    }
    for (std::uint32_t k = 0; k < r.count; ++k) {
      const spk::ShapeRecord sh = PackView::record<spk::ShapeRecord>(v_.shapes_, r.first + k);
      if (!removals && (sh.flags & spk::kShapeFlagRemoved) != 0) {
        return result(E::kBadValue, at_record(s, i, R::kSize, R::kOffFirst),
                      "a frame's shape is a removal");
      }
      if (k == 0) continue;
      const spk::ShapeRecord prev = PackView::record<spk::ShapeRecord>(v_.shapes_, r.first + k - 1);
      if (prev.kind > sh.kind || (prev.kind == sh.kind && prev.name >= sh.name)) {
        return result(E::kBadValue, at_record(s, i, R::kSize, R::kOffFirst),
                      "shapes not sorted by kind and name");
      }
    }
    return ok();
  }

  // FGEO (1.2): absent, or one range per frame; a frame's shapes flag set exactly when its
  // range is not empty.
  ParseResult check_frame_shapes() {
    const Section& s = v_.frame_shapes_;
    if (s.present && s.count != v_.frames_.count)
      return result(E::kBadSectionSize, s.offset, "frame shapes: not one range per frame");
    for (std::uint32_t i = 0; i < v_.frames_.count; ++i) {
      const spk::FrameRecord f = PackView::record<spk::FrameRecord>(v_.frames_, i);
      const bool has = s.present && PackView::shape_range(s, i).count > 0;
      if (has != ((f.flags & spk::kFrameFlagShapes) != 0)) {
        return result(
            E::kBadValue,
            at_record(v_.frames_, i, spk::FrameRecord::kSize, spk::FrameRecord::kOffFlags),
            "frame shapes flag disagrees with its shapes");
      }
      if (!s.present) continue;
      const ParseResult r = check_shape_range(s, i, false);
      if (!r) return r;
    }
    return ok();
  }

  // SGEO (1.2): absent, or one range per step. (An action's shapes flag is the writer's
  // promise to older readers and is not checked against its steps here: with actions sharing
  // steps that would cost actions x steps.)
  ParseResult check_step_shapes() {
    const Section& s = v_.step_shapes_;
    if (s.present && s.count != v_.steps_.count)
      return result(E::kBadSectionSize, s.offset, "step shapes: not one range per step");
    for (std::uint32_t i = 0; s.present && i < s.count; ++i) {
      const ParseResult r = check_shape_range(s, i, true);
      if (!r) return r;
    }
    return ok();
  }

  // SLOT (1.3): at most kMaxSlots names, each in range, not empty, distinct; a pack without
  // LORD (an equipment piece) has exactly one.
  ParseResult check_slots() {
    const Section& s = v_.slots_;
    if (s.count > spk::kMaxSlots) return result(E::kBadValue, s.offset, "more than 32 slots");
    if (s.present && !v_.layer_order_.present && s.count != 1)
      return result(E::kBadValue, s.offset, "an equipment piece must name exactly one slot");
    for (std::uint32_t i = 0; i < s.count; ++i) {
      const std::size_t at = at_record(s, i, spk::StringRef::kSize, 0);
      const spk::StringRef r = PackView::record<spk::StringRef>(s, i);
      if (!string_ok(r)) return result(E::kStringOutOfRange, at, "slot name out of range");
      if (r.length == 0) return result(E::kBadValue, at, "slot name is empty");
      for (std::uint32_t j = 0; j < i; ++j) {
        if (v_.slot_name(j) == v_.slot_name(i))
          return result(E::kBadValue, at, "slot name listed twice");
      }
    }
    return ok();
  }

  // LORD (1.3): rows of slot count + 1 entries, at least one; each row's entries are slot
  // indices or kLayerSelf, none twice, then kNone to the row's end; every action has one
  // view per row.
  ParseResult check_layer_order() {
    const Section& s = v_.layer_order_;
    if (!s.present) return ok();
    const std::uint32_t width = v_.slots_.count + 1;
    if (s.count == 0 || s.count % width != 0)
      return result(E::kBadSectionSize, s.offset, "layer order: not one row per view");
    for (std::uint32_t row = 0; row < s.count / width; ++row) {
      const ParseResult r = check_layer_row(row, width);
      if (!r) return r;
    }
    for (std::uint32_t i = 0; i < v_.actions_.count; ++i) {
      if (PackView::record<spk::ActionRecord>(v_.actions_, i).views != s.count / width) {
        return result(
            E::kBadValue,
            at_record(v_.actions_, i, spk::ActionRecord::kSize, spk::ActionRecord::kOffViews),
            "a layered action's views differ from its layer order's rows");
      }
    }
    return ok();
  }

  ParseResult check_layer_row(std::uint32_t row, std::uint32_t width) {
    const Section& s = v_.layer_order_;
    std::uint64_t seen = 0;  // bit i: slot i; bit kMaxSlots: self
    bool ended = false;
    for (std::uint32_t k = 0; k < width; ++k) {
      const std::uint32_t i = row * width + k;
      const std::uint32_t slot = PackView::record<spk::LayerEntry>(s, i).slot;
      const std::size_t at = at_record(s, i, spk::LayerEntry::kSize, 0);
      if (slot == kNone) {
        ended = true;
        continue;
      }
      if (ended) return result(E::kBadValue, at, "layer order: an entry after the row's end");
      if (slot != spk::kLayerSelf && slot >= v_.slots_.count)
        return result(E::kIndexOutOfRange, at, "layer order: slot index out of range");
      const std::uint64_t bit = std::uint64_t(1)
                                << (slot == spk::kLayerSelf ? spk::kMaxSlots : slot);
      if ((seen & bit) != 0) return result(E::kBadValue, at, "layer order: a slot drawn twice");
      seen |= bit;
    }
    return ok();
  }

  const std::uint8_t* data_;
  std::size_t size_;
  ParseOptions options_;
  spk::Header h_;
  std::uint64_t dir_end_ = 0;
  PackView v_;  // filled as the checks pass; handed out only when all pass
};

}  // namespace reader_detail

// Parses the pack in [data, data + size) into `out`. On failure `out` is left empty.
inline ParseResult parse_pack(const std::uint8_t* data, std::size_t size, PackView& out,
                              const ParseOptions& options) {
  out = PackView{};
  return reader_detail::Parser(data, size, options).run(out);
}

}  // namespace spritec::runtime
