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
// Decisions (docs/format.md): the buffer must be exactly the pack — bytes after
// header.file_size are an error (kTrailingBytes), so damage that appends is noticed; a
// newer major version is its own error (kUnsupportedVersion) reported before anything
// else is read; a newer minor version is read, its unknown sections skipped. Names are
// not checked to be UTF-8 or unique (lookups by name return the first match).
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "spritec/runtime/spk_layout.hpp"
#include "spritec/runtime/xxh64.hpp"

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

struct ParseResult {
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
  std::uint32_t views = 1;
  std::int32_t first_view = 0;
  std::uint32_t steps_per_view = 1;
  Mode mode = Mode::kLoop;
  ThenKind then_kind = ThenKind::kHold;
  std::uint32_t then_action = spk::kNone;
  bool reverse = false;
  std::uint32_t loop_from = 0;
  std::uint32_t repeat = 0;
  std::uint32_t first_step = 0;
  std::uint32_t first_transition = 0;
  std::uint32_t transition_count = 0;
};

using Step = spk::StepRecord;
using Transition = spk::TransitionRecord;

class PackView;
ParseResult parse_pack(const std::uint8_t* data, std::size_t size, PackView& out,
                       const ParseOptions& options = {});

// A parsed pack. Default-constructed it is empty (no records). Accessors take indices the
// caller got from the counts or from other records (asserted, never checked again).
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

  Page page(std::uint32_t i) const {
    assert(i < pages_.count);
    spk::PageRecord r;
    spk::load(pages_.data + std::size_t(i) * spk::PageRecord::kSize, r);
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
    assert(i < frames_.count);
    spk::FrameRecord r;
    spk::load(frames_.data + std::size_t(i) * spk::FrameRecord::kSize, r);
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

  // The frame's name without decoding the whole record ("" for spk::kNone, a blank step).
  std::string_view frame_name(std::uint32_t i) const {
    if (i == spk::kNone) return {};
    assert(i < frames_.count);
    spk::StringRef r;
    spk::load(frames_.data + std::size_t(i) * spk::FrameRecord::kSize + spk::FrameRecord::kOffName,
              r);
    return string(r);
  }

  Action action(std::uint32_t i) const {
    assert(i < actions_.count);
    spk::ActionRecord r;
    spk::load(actions_.data + std::size_t(i) * spk::ActionRecord::kSize, r);
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

  Step step(std::uint32_t i) const {
    assert(i < steps_.count);
    Step s;
    spk::load(steps_.data + std::size_t(i) * spk::StepRecord::kSize, s);
    return s;
  }

  // Step `index` (in list order) of view `view` of an action.
  Step step(const Action& a, std::uint32_t view, std::uint32_t index) const {
    assert(view < a.views && index < a.steps_per_view);
    return step(a.first_step + view * a.steps_per_view + index);
  }

  Transition transition(std::uint32_t i) const {
    assert(i < transitions_.count);
    Transition t;
    spk::load(transitions_.data + std::size_t(i) * spk::TransitionRecord::kSize, t);
    return t;
  }

  std::string_view input_name(std::uint32_t i) const {
    assert(i < inputs_.count);
    return name_at(inputs_, i);
  }
  std::string_view event_name(std::uint32_t i) const {
    assert(i < events_.count);
    return name_at(events_, i);
  }

  // Lookups by name: the index of the first match, or spk::kNone.
  std::uint32_t find_action(std::string_view name) const {
    for (std::uint32_t i = 0; i < actions_.count; ++i) {
      spk::StringRef r;
      spk::load(actions_.data + std::size_t(i) * spk::ActionRecord::kSize, r);
      if (string(r) == name) return i;
    }
    return spk::kNone;
  }
  std::uint32_t find_frame(std::string_view name) const {
    for (std::uint32_t i = 0; i < frames_.count; ++i) {
      if (frame_name(i) == name) return i;
    }
    return spk::kNone;
  }
  std::uint32_t find_input(std::string_view name) const {
    for (std::uint32_t i = 0; i < inputs_.count; ++i) {
      if (name_at(inputs_, i) == name) return i;
    }
    return spk::kNone;
  }
  std::uint32_t find_event(std::string_view name) const {
    for (std::uint32_t i = 0; i < events_.count; ++i) {
      if (name_at(events_, i) == name) return i;
    }
    return spk::kNone;
  }

  // A string of the STRS section; the reference was checked at parse time.
  std::string_view string(const spk::StringRef& r) const {
    if (r.length == 0) return {};
    return std::string_view(reinterpret_cast<const char*>(strings_.data) + r.offset, r.length);
  }

 private:
  friend ParseResult parse_pack(const std::uint8_t*, std::size_t, PackView&, const ParseOptions&);
  struct Section {
    const std::uint8_t* data = nullptr;
    std::uint32_t size = 0;
    std::uint32_t count = 0;
    std::uint32_t offset = 0;  // in the file, for error offsets
    bool present = false;
  };

  std::string_view name_at(const Section& s, std::uint32_t i) const {
    spk::StringRef r;
    spk::load(s.data + std::size_t(i) * spk::StringRef::kSize, r);
    return string(r);
  }

  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  std::uint16_t version_major_ = 0;
  std::uint16_t version_minor_ = 0;
  std::uint32_t tick_rate_ = 0;
  Section strings_, blob_, pages_, frames_, actions_, steps_, transitions_, inputs_, events_;
};

namespace reader_detail {

inline ParseResult fail(ParseError e, std::size_t offset, const char* message) {
  ParseResult r;
  r.error = e;
  r.offset = offset;
  r.message = message;
  return r;
}

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

}  // namespace reader_detail

// Parses the pack in [data, data + size) into `out`. On failure `out` is left empty.
inline ParseResult parse_pack(const std::uint8_t* data, std::size_t size, PackView& out,
                              const ParseOptions& options) {
  using reader_detail::fail;
  using reader_detail::range_ok;
  using E = ParseError;
  out = PackView{};
  if (data == nullptr && size != 0) return fail(E::kTruncated, 0, "null data");

  // Signature: report a mismatch in the bytes present before reporting truncation.
  const std::size_t sig_have = size < 8 ? size : 8;
  for (std::size_t i = 0; i < sig_have; ++i) {
    if (data[i] != spk::kSignature[i])
      return fail(E::kBadSignature, i, "not a spritec pack (bad signature)");
  }
  if (size < 12) return fail(E::kTruncated, size, "pack ends inside the header");
  const std::uint16_t major =
      spk::detail::load_le<std::uint16_t>(data + spk::Header::kOffVersionMajor);
  const std::uint16_t minor =
      spk::detail::load_le<std::uint16_t>(data + spk::Header::kOffVersionMinor);
  if (major != spk::kVersionMajor) {
    ParseResult r =
        fail(E::kUnsupportedVersion, spk::Header::kOffVersionMajor,
             major > spk::kVersionMajor
                 ? "pack format major version is newer than this reader (reads 1.x)"
                 : "pack format major version is not supported (this reader reads 1.x)");
    r.version_major = major;
    r.version_minor = minor;
    return r;
  }
  auto failv = [&](E e, std::size_t offset, const char* message) {
    ParseResult r = fail(e, offset, message);
    r.version_major = major;
    r.version_minor = minor;
    return r;
  };
  if (size < spk::Header::kSize) return failv(E::kTruncated, size, "pack ends inside the header");
  spk::Header h;
  spk::load(data, h);
  if (h.file_size > size)
    return failv(E::kTruncated, size, "pack is shorter than its header says (truncated)");
  if (h.file_size < size)
    return failv(E::kTrailingBytes, h.file_size, "bytes after the end of the pack");
  if (h.header_size < spk::Header::kSize || h.header_size % spk::kSectionAlignment != 0 ||
      h.header_size > h.file_size) {
    return failv(E::kBadHeader, spk::Header::kOffHeaderSize, "bad header size");
  }
  if (h.tick_rate == 0) return failv(E::kBadValue, spk::Header::kOffTickRate, "tick rate is 0");
  const std::uint64_t dir_end =
      std::uint64_t(h.header_size) + std::uint64_t(h.section_count) * spk::SectionEntry::kSize;
  if (dir_end > h.file_size) {
    return failv(E::kSectionOutOfRange, spk::Header::kOffSectionCount,
                 "section directory runs past the end of the pack");
  }
  if (options.verify_checksum) {
    const std::uint64_t sum = xxh64(data + h.header_size, h.file_size - h.header_size, 0);
    if (sum != h.checksum) {
      return failv(E::kChecksumMismatch, spk::Header::kOffChecksum,
                   "content checksum mismatch (the pack is damaged)");
    }
  }

  PackView v;
  v.data_ = data;
  v.size_ = size;
  v.version_major_ = major;
  v.version_minor_ = minor;
  v.tick_rate_ = h.tick_rate;

  // The directory.
  for (std::uint32_t i = 0; i < h.section_count; ++i) {
    const std::size_t at = h.header_size + std::size_t(i) * spk::SectionEntry::kSize;
    spk::SectionEntry e;
    spk::load(data + at, e);
    if (e.offset % spk::kSectionAlignment != 0) {
      return failv(E::kMisalignedSection, at + spk::SectionEntry::kOffOffset,
                   "section offset is not a multiple of 4");
    }
    if (e.offset < dir_end || !range_ok(e.offset, e.size, h.file_size)) {
      return failv(E::kSectionOutOfRange, at + spk::SectionEntry::kOffOffset,
                   "section lies outside the pack");
    }
    PackView::Section* s = nullptr;
    std::size_t record = 0;  // 0 = byte blob
    switch (e.tag) {
      case spk::kTagStrings:
        s = &v.strings_;
        break;
      case spk::kTagBlob:
        s = &v.blob_;
        break;
      case spk::kTagPages:
        s = &v.pages_;
        record = spk::PageRecord::kSize;
        break;
      case spk::kTagFrames:
        s = &v.frames_;
        record = spk::FrameRecord::kSize;
        break;
      case spk::kTagActions:
        s = &v.actions_;
        record = spk::ActionRecord::kSize;
        break;
      case spk::kTagSteps:
        s = &v.steps_;
        record = spk::StepRecord::kSize;
        break;
      case spk::kTagTransitions:
        s = &v.transitions_;
        record = spk::TransitionRecord::kSize;
        break;
      case spk::kTagInputs:
        s = &v.inputs_;
        record = spk::StringRef::kSize;
        break;
      case spk::kTagEvents:
        s = &v.events_;
        record = spk::StringRef::kSize;
        break;
      default:
        continue;  // unknown: skipped
    }
    if (s->present) {
      return failv(E::kDuplicateSection, at + spk::SectionEntry::kOffTag, "section listed twice");
    }
    if (record != 0 && std::uint64_t(e.count) * record != e.size) {
      return failv(E::kBadSectionSize, at + spk::SectionEntry::kOffSize,
                   "section size is not its record count times the record size");
    }
    s->present = true;
    s->data = data + e.offset;
    s->size = e.size;
    s->count = record != 0 ? e.count : 0;
    s->offset = e.offset;
  }

  auto at_record = [](const PackView::Section& s, std::uint32_t i, std::size_t rec,
                      std::size_t field) {
    return std::size_t(s.offset) + std::size_t(i) * rec + field;
  };
  auto string_ok = [&](const spk::StringRef& r) {
    return range_ok(r.offset, r.length, v.strings_.size);
  };

  // Input and event names.
  if (v.inputs_.count > spk::kMaxInputs) {
    return failv(E::kTooManyInputs, v.inputs_.offset, "more than 64 input names");
  }
  for (const PackView::Section* s : {&v.inputs_, &v.events_}) {
    for (std::uint32_t i = 0; i < s->count; ++i) {
      spk::StringRef r;
      spk::load(s->data + std::size_t(i) * spk::StringRef::kSize, r);
      if (!string_ok(r)) {
        return failv(E::kStringOutOfRange, at_record(*s, i, spk::StringRef::kSize, 0),
                     s == &v.inputs_ ? "input name out of range" : "event name out of range");
      }
    }
  }

  // Pages.
  for (std::uint32_t i = 0; i < v.pages_.count; ++i) {
    constexpr std::size_t kRec = spk::PageRecord::kSize;
    spk::PageRecord r;
    spk::load(v.pages_.data + std::size_t(i) * kRec, r);
    if (r.width == 0 || r.height == 0) {
      return failv(E::kBadValue, at_record(v.pages_, i, kRec, spk::PageRecord::kOffWidth),
                   "page size is 0");
    }
    if (r.pixel_format != spk::kPixelRgba8) {
      return failv(E::kBadValue, at_record(v.pages_, i, kRec, spk::PageRecord::kOffPixelFormat),
                   "unknown page pixel format");
    }
    const std::size_t data_at = at_record(v.pages_, i, kRec, spk::PageRecord::kOffDataOffset);
    if (r.storage == spk::kPageEmbeddedPng) {
      if (!range_ok(r.data_offset, r.data_size, v.blob_.size)) {
        return failv(E::kIndexOutOfRange, data_at, "page PNG data out of range");
      }
      if (r.data_size < 8 ||
          std::memcmp(v.blob_.data + r.data_offset, "\x89PNG\r\n\x1a\n", 8) != 0) {
        return failv(E::kBadValue, data_at, "embedded page is not a PNG file");
      }
    } else if (r.storage == spk::kPageExternalFile) {
      const spk::StringRef ref{r.data_offset, r.data_size};
      if (!string_ok(ref))
        return failv(E::kStringOutOfRange, data_at, "page file name out of range");
      if (!reader_detail::plain_file_name(v.string(ref))) {
        return failv(E::kBadValue, data_at, "page file name is not a plain file name");
      }
    } else {
      return failv(E::kBadValue, at_record(v.pages_, i, kRec, spk::PageRecord::kOffStorage),
                   "unknown page storage");
    }
  }

  // Frames.
  for (std::uint32_t i = 0; i < v.frames_.count; ++i) {
    constexpr std::size_t kRec = spk::FrameRecord::kSize;
    spk::FrameRecord r;
    spk::load(v.frames_.data + std::size_t(i) * kRec, r);
    if (!string_ok(r.name)) {
      return failv(E::kStringOutOfRange, at_record(v.frames_, i, kRec, spk::FrameRecord::kOffName),
                   "frame name out of range");
    }
    if (r.page >= v.pages_.count) {
      return failv(E::kIndexOutOfRange, at_record(v.frames_, i, kRec, spk::FrameRecord::kOffPage),
                   "frame page index out of range");
    }
    spk::PageRecord page;
    spk::load(v.pages_.data + std::size_t(r.page) * spk::PageRecord::kSize, page);
    if (!range_ok(r.x, r.w, page.width) || !range_ok(r.y, r.h, page.height)) {
      return failv(E::kIndexOutOfRange, at_record(v.frames_, i, kRec, spk::FrameRecord::kOffX),
                   "frame rectangle outside its page");
    }
    if (!range_ok(r.trim_x, r.w, r.source_w) || !range_ok(r.trim_y, r.h, r.source_h)) {
      return failv(E::kIndexOutOfRange, at_record(v.frames_, i, kRec, spk::FrameRecord::kOffTrimX),
                   "frame trimmed rectangle outside its untrimmed size");
    }
    if (r.flags != 0) {
      return failv(E::kBadValue, at_record(v.frames_, i, kRec, spk::FrameRecord::kOffFlags),
                   "unknown frame flags (rotated frames are not supported in 1.0)");
    }
  }

  // Steps.
  for (std::uint32_t i = 0; i < v.steps_.count; ++i) {
    constexpr std::size_t kRec = spk::StepRecord::kSize;
    spk::StepRecord r;
    spk::load(v.steps_.data + std::size_t(i) * kRec, r);
    if (r.frame != spk::kNone && r.frame >= v.frames_.count) {
      return failv(E::kIndexOutOfRange, at_record(v.steps_, i, kRec, spk::StepRecord::kOffFrame),
                   "step frame index out of range");
    }
    if (r.ticks == 0) {
      return failv(E::kBadValue, at_record(v.steps_, i, kRec, spk::StepRecord::kOffTicks),
                   "step duration is 0 ticks");
    }
    if (r.event != spk::kNone && r.event >= v.events_.count) {
      return failv(E::kIndexOutOfRange, at_record(v.steps_, i, kRec, spk::StepRecord::kOffEvent),
                   "step event index out of range");
    }
    if ((r.flip & ~(spk::kFlipX | spk::kFlipY)) != 0) {
      return failv(E::kBadValue, at_record(v.steps_, i, kRec, spk::StepRecord::kOffFlip),
                   "unknown step flip bits");
    }
  }

  // Actions.
  for (std::uint32_t i = 0; i < v.actions_.count; ++i) {
    constexpr std::size_t kRec = spk::ActionRecord::kSize;
    spk::ActionRecord r;
    spk::load(v.actions_.data + std::size_t(i) * kRec, r);
    auto field = [&](std::size_t f) { return at_record(v.actions_, i, kRec, f); };
    if (!string_ok(r.name))
      return failv(E::kStringOutOfRange, field(spk::ActionRecord::kOffName),
                   "action name out of range");
    if (r.views == 0)
      return failv(E::kBadValue, field(spk::ActionRecord::kOffViews), "action has 0 views");
    if (r.steps_per_view == 0) {
      return failv(E::kBadValue, field(spk::ActionRecord::kOffStepsPerView), "action has 0 steps");
    }
    if (r.mode > std::uint8_t(Mode::kOnce))
      return failv(E::kBadValue, field(spk::ActionRecord::kOffMode), "unknown action mode");
    if (r.then_kind > std::uint8_t(ThenKind::kAction)) {
      return failv(E::kBadValue, field(spk::ActionRecord::kOffThenKind),
                   "unknown action then kind");
    }
    if ((r.flags & ~spk::kActionFlagReverse) != 0) {
      return failv(E::kBadValue, field(spk::ActionRecord::kOffFlags), "unknown action flags");
    }
    if (r.loop_from >= r.steps_per_view) {
      return failv(E::kIndexOutOfRange, field(spk::ActionRecord::kOffLoopFrom),
                   "action loop_from out of range");
    }
    if (r.then_kind == std::uint8_t(ThenKind::kAction) ? r.then_action >= v.actions_.count
                                                       : r.then_action != spk::kNone) {
      return failv(E::kIndexOutOfRange, field(spk::ActionRecord::kOffThenAction),
                   "action then-action index out of range");
    }
    if (!range_ok(r.first_step, std::uint64_t(r.views) * r.steps_per_view, v.steps_.count)) {
      return failv(E::kIndexOutOfRange, field(spk::ActionRecord::kOffFirstStep),
                   "action steps out of range");
    }
    if (!range_ok(r.first_transition, r.transition_count, v.transitions_.count)) {
      return failv(E::kIndexOutOfRange, field(spk::ActionRecord::kOffFirstTransition),
                   "action transitions out of range");
    }
  }

  // Transitions.
  const std::uint64_t input_mask =
      v.inputs_.count >= 64 ? ~std::uint64_t(0) : ((std::uint64_t(1) << v.inputs_.count) - 1);
  for (std::uint32_t i = 0; i < v.transitions_.count; ++i) {
    constexpr std::size_t kRec = spk::TransitionRecord::kSize;
    spk::TransitionRecord r;
    spk::load(v.transitions_.data + std::size_t(i) * kRec, r);
    if (r.to >= v.actions_.count) {
      return failv(E::kIndexOutOfRange,
                   at_record(v.transitions_, i, kRec, spk::TransitionRecord::kOffTo),
                   "transition target action out of range");
    }
    if ((r.flags & ~spk::kTransitionFlagImmediate) != 0) {
      return failv(E::kBadValue,
                   at_record(v.transitions_, i, kRec, spk::TransitionRecord::kOffFlags),
                   "unknown transition flags");
    }
    if ((r.when & ~input_mask) != 0) {
      return failv(E::kIndexOutOfRange,
                   at_record(v.transitions_, i, kRec, spk::TransitionRecord::kOffWhen),
                   "transition 'when' input out of range");
    }
    if ((r.unless & ~input_mask) != 0) {
      return failv(E::kIndexOutOfRange,
                   at_record(v.transitions_, i, kRec, spk::TransitionRecord::kOffUnless),
                   "transition 'unless' input out of range");
    }
  }

  out = v;
  ParseResult ok;
  ok.version_major = major;
  ok.version_minor = minor;
  return ok;
}

}  // namespace spritec::runtime
