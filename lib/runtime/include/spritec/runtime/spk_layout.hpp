// spritec::runtime — the on-disk layout of a pack (.spk), format version 1.0.
//
// These structs are declared once, here on the reader's side; the writer (format/) fills
// the very same structs and stores them with store(). Nothing is ever type-punned: each
// record is decoded field by field with load() (memcpy of fixed-width little-endian
// fields), so a pack can be read in place at any alignment on any host.
//
// The file, all integers little-endian (docs/format.md and schemas/spk.ksy give every
// field):
//
//   offset 0   Header (kHeaderSize = 40 bytes): signature 89 53 50 4B 0D 0A 1A 0A,
//              version major/minor, header size, file size, tick rate, section count,
//              flags, XXH64 (seed 0) of bytes [header_size, file_size).
//   header_size  the directory: section_count SectionEntry records (16 bytes each).
//   then       the sections, each at a 4-byte aligned offset, padded with zeros to 4.
//
// Sections are tagged by a FourCC; a reader skips tags it does not know, so a minor
// version may add sections. Records never change size within a major version. A known
// section that is absent reads as empty. Every section of records has
// size == count * record size exactly.
//
// Limits: offsets and sizes are 32-bit (a pack is at most 4 GiB); at most kMaxInputs
// input names per pack (held inputs are a 64-bit mask).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace spritec::runtime::spk {

// --- constants ---------------------------------------------------------------------------

constexpr std::uint8_t kSignature[8] = {0x89, 0x53, 0x50, 0x4B, 0x0D, 0x0A, 0x1A, 0x0A};
constexpr std::uint16_t kVersionMajor = 1;
constexpr std::uint16_t kVersionMinor = 0;
constexpr std::uint32_t kNone = 0xFFFFFFFFu;  // "no frame" (blank step), "no event", …
constexpr std::uint32_t kMaxInputs = 64;
constexpr std::uint32_t kSectionAlignment = 4;

constexpr std::uint32_t fourcc(char a, char b, char c, char d) {
  return std::uint32_t(std::uint8_t(a)) | (std::uint32_t(std::uint8_t(b)) << 8) |
         (std::uint32_t(std::uint8_t(c)) << 16) | (std::uint32_t(std::uint8_t(d)) << 24);
}

// Section tags, stored as their four ASCII bytes in this order in the file.
constexpr std::uint32_t kTagStrings = fourcc('S', 'T', 'R', 'S');      // byte blob
constexpr std::uint32_t kTagBlob = fourcc('B', 'L', 'O', 'B');         // byte blob (PNG data)
constexpr std::uint32_t kTagPages = fourcc('P', 'A', 'G', 'E');        // PageRecord[]
constexpr std::uint32_t kTagFrames = fourcc('F', 'R', 'A', 'M');       // FrameRecord[]
constexpr std::uint32_t kTagActions = fourcc('A', 'C', 'T', 'N');      // ActionRecord[]
constexpr std::uint32_t kTagSteps = fourcc('S', 'T', 'E', 'P');        // StepRecord[]
constexpr std::uint32_t kTagTransitions = fourcc('T', 'R', 'A', 'N');  // TransitionRecord[]
constexpr std::uint32_t kTagInputs = fourcc('I', 'N', 'P', 'T');       // StringRef[]
constexpr std::uint32_t kTagEvents = fourcc('E', 'V', 'N', 'T');       // StringRef[]

enum PixelFormat : std::uint8_t { kPixelRgba8 = 1 };
enum PageStorage : std::uint8_t { kPageEmbeddedPng = 0, kPageExternalFile = 1 };
enum Mode : std::uint8_t { kModeLoop = 0, kModePingpong = 1, kModeOnce = 2 };
enum ThenKind : std::uint8_t { kThenHold = 0, kThenDestroy = 1, kThenAction = 2 };

constexpr std::uint32_t kFrameFlagRotated = 1u << 0;  // reserved: never set in 1.0
constexpr std::uint8_t kActionFlagReverse = 1u << 0;
constexpr std::uint8_t kFlipX = 1u << 0;
constexpr std::uint8_t kFlipY = 1u << 1;
constexpr std::uint32_t kTransitionFlagImmediate = 1u << 0;

// --- little-endian field access ------------------------------------------------------------

namespace detail {

template <typename T>
inline T load_le(const std::uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  unsigned char* b = reinterpret_cast<unsigned char*>(&v);
  for (std::size_t i = 0; i < sizeof(T) / 2; ++i) {
    unsigned char t = b[i];
    b[i] = b[sizeof(T) - 1 - i];
    b[sizeof(T) - 1 - i] = t;
  }
#endif
  return v;
}

template <typename T>
inline void store_le(std::uint8_t* p, T v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  unsigned char* b = reinterpret_cast<unsigned char*>(&v);
  for (std::size_t i = 0; i < sizeof(T) / 2; ++i) {
    unsigned char t = b[i];
    b[i] = b[sizeof(T) - 1 - i];
    b[sizeof(T) - 1 - i] = t;
  }
#endif
  std::memcpy(p, &v, sizeof(T));
}

}  // namespace detail

// --- records -------------------------------------------------------------------------------
// Each record gives its size and the byte offset of every field (used by load/store, by
// the reader's error offsets, and by tests that patch a field).

// A name: `length` bytes at `offset` in the STRS section (not NUL-terminated).
struct StringRef {
  static constexpr std::size_t kSize = 8;
  static constexpr std::size_t kOffOffset = 0, kOffLength = 4;
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
};

struct Header {
  static constexpr std::size_t kSize = 40;
  static constexpr std::size_t kOffSignature = 0, kOffVersionMajor = 8, kOffVersionMinor = 10,
                               kOffHeaderSize = 12, kOffFileSize = 16, kOffTickRate = 20,
                               kOffSectionCount = 24, kOffFlags = 28, kOffChecksum = 32;
  std::uint8_t signature[8] = {};
  std::uint16_t version_major = 0;
  std::uint16_t version_minor = 0;
  std::uint32_t header_size = 0;    // where the directory starts; 40 in 1.0, >= 40, 4-aligned
  std::uint32_t file_size = 0;      // total bytes of the pack
  std::uint32_t tick_rate = 0;      // ticks per second, >= 1
  std::uint32_t section_count = 0;  // directory entries
  std::uint32_t flags = 0;          // reserved: written 0, ignored by 1.x readers
  std::uint64_t checksum = 0;       // XXH64, seed 0, of bytes [header_size, file_size)
};

struct SectionEntry {
  static constexpr std::size_t kSize = 16;
  static constexpr std::size_t kOffTag = 0, kOffOffset = 4, kOffSize = 8, kOffCount = 12;
  std::uint32_t tag = 0;     // FourCC
  std::uint32_t offset = 0;  // from the start of the file, a multiple of 4
  std::uint32_t size = 0;    // bytes, without padding
  std::uint32_t count = 0;   // records; 0 for the byte blobs (STRS, BLOB)
};

struct PageRecord {
  static constexpr std::size_t kSize = 20;
  static constexpr std::size_t kOffWidth = 0, kOffHeight = 4, kOffPixelFormat = 8, kOffStorage = 9,
                               kOffReserved = 10, kOffDataOffset = 12, kOffDataSize = 16;
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint8_t pixel_format = kPixelRgba8;
  std::uint8_t storage = kPageEmbeddedPng;
  std::uint16_t reserved = 0;
  // embedded: a byte range of BLOB holding the PNG file; external: a StringRef
  // (offset, length) into STRS naming a PNG file in the pack's directory.
  std::uint32_t data_offset = 0;
  std::uint32_t data_size = 0;
};

struct FrameRecord {
  static constexpr std::size_t kSize = 56;
  static constexpr std::size_t kOffName = 0, kOffPage = 8, kOffX = 12, kOffY = 16, kOffW = 20,
                               kOffH = 24, kOffOriginX = 28, kOffOriginY = 32, kOffSourceW = 36,
                               kOffSourceH = 40, kOffTrimX = 44, kOffTrimY = 48, kOffFlags = 52;
  StringRef name;
  std::uint32_t page = 0;
  std::uint32_t x = 0, y = 0, w = 0, h = 0;  // trimmed rectangle in the page
  std::int32_t origin_x = 0, origin_y = 0;   // relative to the trimmed rectangle's top-left
  std::uint32_t source_w = 0, source_h = 0;  // untrimmed frame size
  std::uint32_t trim_x = 0, trim_y = 0;      // trimmed rectangle's place in the untrimmed frame
  std::uint32_t flags = 0;                   // kFrameFlagRotated reserved; 1.0 readers reject it
};

struct ActionRecord {
  static constexpr std::size_t kSize = 48;
  static constexpr std::size_t kOffName = 0, kOffViews = 8, kOffFirstView = 12,
                               kOffStepsPerView = 16, kOffMode = 20, kOffThenKind = 21,
                               kOffFlags = 22, kOffReserved = 23, kOffLoopFrom = 24,
                               kOffRepeat = 28, kOffThenAction = 32, kOffFirstStep = 36,
                               kOffFirstTransition = 40, kOffTransitionCount = 44;
  StringRef name;
  std::uint32_t views = 1;           // >= 1
  std::int32_t first_view = 0;       // degrees, clockwise, 0 = east
  std::uint32_t steps_per_view = 0;  // >= 1
  std::uint8_t mode = kModeLoop;
  std::uint8_t then_kind = kThenHold;
  std::uint8_t flags = 0;             // kActionFlagReverse
  std::uint8_t reserved = 0;          // written 0, ignored
  std::uint32_t loop_from = 0;        // < steps_per_view; in played order
  std::uint32_t repeat = 0;           // cycles before finishing; 0 = forever (loop, pingpong)
  std::uint32_t then_action = kNone;  // action index when then_kind == kThenAction, else kNone
  std::uint32_t first_step = 0;       // views * steps_per_view steps, view-major, from here
  std::uint32_t first_transition = 0;
  std::uint32_t transition_count = 0;
};

struct StepRecord {
  static constexpr std::size_t kSize = 24;
  static constexpr std::size_t kOffFrame = 0, kOffTicks = 4, kOffEvent = 8, kOffMoveX = 12,
                               kOffMoveY = 16, kOffFlip = 20, kOffReserved = 21;
  std::uint32_t frame = kNone;  // frame index, kNone = blank step
  std::uint32_t ticks = 1;      // >= 1
  std::uint32_t event = kNone;  // event name index, kNone = none
  std::int32_t move_x = 0, move_y = 0;
  std::uint8_t flip = 0;  // kFlipX | kFlipY
  // 3 reserved bytes: written 0, ignored
};

struct TransitionRecord {
  static constexpr std::size_t kSize = 24;
  static constexpr std::size_t kOffTo = 0, kOffFlags = 4, kOffWhen = 8, kOffUnless = 16;
  std::uint32_t to = 0;      // action index
  std::uint32_t flags = 0;   // kTransitionFlagImmediate
  std::uint64_t when = 0;    // bit i = input i must be held
  std::uint64_t unless = 0;  // bit i = input i must be released
};

// --- load / store --------------------------------------------------------------------------
// load(p, r) reads r from kSize bytes at p; store(p, r) writes kSize bytes at p. The caller
// guarantees kSize bytes are there.

inline void load(const std::uint8_t* p, StringRef& r) {
  using detail::load_le;
  r.offset = load_le<std::uint32_t>(p + StringRef::kOffOffset);
  r.length = load_le<std::uint32_t>(p + StringRef::kOffLength);
}
inline void store(std::uint8_t* p, const StringRef& r) {
  using detail::store_le;
  store_le(p + StringRef::kOffOffset, r.offset);
  store_le(p + StringRef::kOffLength, r.length);
}

inline void load(const std::uint8_t* p, Header& r) {
  using detail::load_le;
  std::memcpy(r.signature, p + Header::kOffSignature, 8);
  r.version_major = load_le<std::uint16_t>(p + Header::kOffVersionMajor);
  r.version_minor = load_le<std::uint16_t>(p + Header::kOffVersionMinor);
  r.header_size = load_le<std::uint32_t>(p + Header::kOffHeaderSize);
  r.file_size = load_le<std::uint32_t>(p + Header::kOffFileSize);
  r.tick_rate = load_le<std::uint32_t>(p + Header::kOffTickRate);
  r.section_count = load_le<std::uint32_t>(p + Header::kOffSectionCount);
  r.flags = load_le<std::uint32_t>(p + Header::kOffFlags);
  r.checksum = load_le<std::uint64_t>(p + Header::kOffChecksum);
}
inline void store(std::uint8_t* p, const Header& r) {
  using detail::store_le;
  std::memcpy(p + Header::kOffSignature, r.signature, 8);
  store_le(p + Header::kOffVersionMajor, r.version_major);
  store_le(p + Header::kOffVersionMinor, r.version_minor);
  store_le(p + Header::kOffHeaderSize, r.header_size);
  store_le(p + Header::kOffFileSize, r.file_size);
  store_le(p + Header::kOffTickRate, r.tick_rate);
  store_le(p + Header::kOffSectionCount, r.section_count);
  store_le(p + Header::kOffFlags, r.flags);
  store_le(p + Header::kOffChecksum, r.checksum);
}

inline void load(const std::uint8_t* p, SectionEntry& r) {
  using detail::load_le;
  r.tag = load_le<std::uint32_t>(p + SectionEntry::kOffTag);
  r.offset = load_le<std::uint32_t>(p + SectionEntry::kOffOffset);
  r.size = load_le<std::uint32_t>(p + SectionEntry::kOffSize);
  r.count = load_le<std::uint32_t>(p + SectionEntry::kOffCount);
}
inline void store(std::uint8_t* p, const SectionEntry& r) {
  using detail::store_le;
  store_le(p + SectionEntry::kOffTag, r.tag);
  store_le(p + SectionEntry::kOffOffset, r.offset);
  store_le(p + SectionEntry::kOffSize, r.size);
  store_le(p + SectionEntry::kOffCount, r.count);
}

inline void load(const std::uint8_t* p, PageRecord& r) {
  using detail::load_le;
  r.width = load_le<std::uint32_t>(p + PageRecord::kOffWidth);
  r.height = load_le<std::uint32_t>(p + PageRecord::kOffHeight);
  r.pixel_format = p[PageRecord::kOffPixelFormat];
  r.storage = p[PageRecord::kOffStorage];
  r.reserved = load_le<std::uint16_t>(p + PageRecord::kOffReserved);
  r.data_offset = load_le<std::uint32_t>(p + PageRecord::kOffDataOffset);
  r.data_size = load_le<std::uint32_t>(p + PageRecord::kOffDataSize);
}
inline void store(std::uint8_t* p, const PageRecord& r) {
  using detail::store_le;
  store_le(p + PageRecord::kOffWidth, r.width);
  store_le(p + PageRecord::kOffHeight, r.height);
  p[PageRecord::kOffPixelFormat] = r.pixel_format;
  p[PageRecord::kOffStorage] = r.storage;
  store_le(p + PageRecord::kOffReserved, r.reserved);
  store_le(p + PageRecord::kOffDataOffset, r.data_offset);
  store_le(p + PageRecord::kOffDataSize, r.data_size);
}

inline void load(const std::uint8_t* p, FrameRecord& r) {
  using detail::load_le;
  load(p + FrameRecord::kOffName, r.name);
  r.page = load_le<std::uint32_t>(p + FrameRecord::kOffPage);
  r.x = load_le<std::uint32_t>(p + FrameRecord::kOffX);
  r.y = load_le<std::uint32_t>(p + FrameRecord::kOffY);
  r.w = load_le<std::uint32_t>(p + FrameRecord::kOffW);
  r.h = load_le<std::uint32_t>(p + FrameRecord::kOffH);
  r.origin_x = load_le<std::int32_t>(p + FrameRecord::kOffOriginX);
  r.origin_y = load_le<std::int32_t>(p + FrameRecord::kOffOriginY);
  r.source_w = load_le<std::uint32_t>(p + FrameRecord::kOffSourceW);
  r.source_h = load_le<std::uint32_t>(p + FrameRecord::kOffSourceH);
  r.trim_x = load_le<std::uint32_t>(p + FrameRecord::kOffTrimX);
  r.trim_y = load_le<std::uint32_t>(p + FrameRecord::kOffTrimY);
  r.flags = load_le<std::uint32_t>(p + FrameRecord::kOffFlags);
}
inline void store(std::uint8_t* p, const FrameRecord& r) {
  using detail::store_le;
  store(p + FrameRecord::kOffName, r.name);
  store_le(p + FrameRecord::kOffPage, r.page);
  store_le(p + FrameRecord::kOffX, r.x);
  store_le(p + FrameRecord::kOffY, r.y);
  store_le(p + FrameRecord::kOffW, r.w);
  store_le(p + FrameRecord::kOffH, r.h);
  store_le(p + FrameRecord::kOffOriginX, r.origin_x);
  store_le(p + FrameRecord::kOffOriginY, r.origin_y);
  store_le(p + FrameRecord::kOffSourceW, r.source_w);
  store_le(p + FrameRecord::kOffSourceH, r.source_h);
  store_le(p + FrameRecord::kOffTrimX, r.trim_x);
  store_le(p + FrameRecord::kOffTrimY, r.trim_y);
  store_le(p + FrameRecord::kOffFlags, r.flags);
}

inline void load(const std::uint8_t* p, ActionRecord& r) {
  using detail::load_le;
  load(p + ActionRecord::kOffName, r.name);
  r.views = load_le<std::uint32_t>(p + ActionRecord::kOffViews);
  r.first_view = load_le<std::int32_t>(p + ActionRecord::kOffFirstView);
  r.steps_per_view = load_le<std::uint32_t>(p + ActionRecord::kOffStepsPerView);
  r.mode = p[ActionRecord::kOffMode];
  r.then_kind = p[ActionRecord::kOffThenKind];
  r.flags = p[ActionRecord::kOffFlags];
  r.reserved = p[ActionRecord::kOffReserved];
  r.loop_from = load_le<std::uint32_t>(p + ActionRecord::kOffLoopFrom);
  r.repeat = load_le<std::uint32_t>(p + ActionRecord::kOffRepeat);
  r.then_action = load_le<std::uint32_t>(p + ActionRecord::kOffThenAction);
  r.first_step = load_le<std::uint32_t>(p + ActionRecord::kOffFirstStep);
  r.first_transition = load_le<std::uint32_t>(p + ActionRecord::kOffFirstTransition);
  r.transition_count = load_le<std::uint32_t>(p + ActionRecord::kOffTransitionCount);
}
inline void store(std::uint8_t* p, const ActionRecord& r) {
  using detail::store_le;
  store(p + ActionRecord::kOffName, r.name);
  store_le(p + ActionRecord::kOffViews, r.views);
  store_le(p + ActionRecord::kOffFirstView, r.first_view);
  store_le(p + ActionRecord::kOffStepsPerView, r.steps_per_view);
  p[ActionRecord::kOffMode] = r.mode;
  p[ActionRecord::kOffThenKind] = r.then_kind;
  p[ActionRecord::kOffFlags] = r.flags;
  p[ActionRecord::kOffReserved] = r.reserved;
  store_le(p + ActionRecord::kOffLoopFrom, r.loop_from);
  store_le(p + ActionRecord::kOffRepeat, r.repeat);
  store_le(p + ActionRecord::kOffThenAction, r.then_action);
  store_le(p + ActionRecord::kOffFirstStep, r.first_step);
  store_le(p + ActionRecord::kOffFirstTransition, r.first_transition);
  store_le(p + ActionRecord::kOffTransitionCount, r.transition_count);
}

inline void load(const std::uint8_t* p, StepRecord& r) {
  using detail::load_le;
  r.frame = load_le<std::uint32_t>(p + StepRecord::kOffFrame);
  r.ticks = load_le<std::uint32_t>(p + StepRecord::kOffTicks);
  r.event = load_le<std::uint32_t>(p + StepRecord::kOffEvent);
  r.move_x = load_le<std::int32_t>(p + StepRecord::kOffMoveX);
  r.move_y = load_le<std::int32_t>(p + StepRecord::kOffMoveY);
  r.flip = p[StepRecord::kOffFlip];
}
inline void store(std::uint8_t* p, const StepRecord& r) {
  using detail::store_le;
  store_le(p + StepRecord::kOffFrame, r.frame);
  store_le(p + StepRecord::kOffTicks, r.ticks);
  store_le(p + StepRecord::kOffEvent, r.event);
  store_le(p + StepRecord::kOffMoveX, r.move_x);
  store_le(p + StepRecord::kOffMoveY, r.move_y);
  p[StepRecord::kOffFlip] = r.flip;
  p[StepRecord::kOffReserved] = 0;
  p[StepRecord::kOffReserved + 1] = 0;
  p[StepRecord::kOffReserved + 2] = 0;
}

inline void load(const std::uint8_t* p, TransitionRecord& r) {
  using detail::load_le;
  r.to = load_le<std::uint32_t>(p + TransitionRecord::kOffTo);
  r.flags = load_le<std::uint32_t>(p + TransitionRecord::kOffFlags);
  r.when = load_le<std::uint64_t>(p + TransitionRecord::kOffWhen);
  r.unless = load_le<std::uint64_t>(p + TransitionRecord::kOffUnless);
}
inline void store(std::uint8_t* p, const TransitionRecord& r) {
  using detail::store_le;
  store_le(p + TransitionRecord::kOffTo, r.to);
  store_le(p + TransitionRecord::kOffFlags, r.flags);
  store_le(p + TransitionRecord::kOffWhen, r.when);
  store_le(p + TransitionRecord::kOffUnless, r.unless);
}

}  // namespace spritec::runtime::spk
