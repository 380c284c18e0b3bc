// spritec::runtime — the on-disk layout of a pack (.spk), format version 1.2, and the
// vocabulary (kNone, Mode, ThenKind, Flip) that the layout, the reader, the player and the
// writer share.
//
// Every record is declared once, here on the reader's side, by a FIELD TABLE: one line per
// field giving its name, its type, its byte offset and its default. From that one table
// come the struct, its kOff* offset constants, load() and store(), and a compile-time check
// that the fields tile the record with no gap or overlap. The writer (format/) fills the
// very same structs and stores them with store(), so reader and writer mirror each other by
// construction. Nothing is ever type-punned: each field is read with memcpy and assembled
// little-endian, so a pack can be read in place at any alignment on any host.
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
// version may add sections (1.1 added ALPH, the pages' alpha: a 1.0 pack has none and its
// pages are straight alpha; 1.2 added GNAM, SHAP, FGEO and SGEO, the frames' and steps' boxes
// and points; 1.3 added SLOT and LORD, a layered actor's slots and draw order; spritec writes
// the lowest version a pack needs). Records
// never change size within a major version. A known section that is absent reads as empty. Every
// section of records has size == count * record size exactly.
//
// Limits: offsets and sizes are 32-bit (a pack is at most 4 GiB); at most kMaxInputs
// input names per pack (held inputs are a 64-bit mask).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace spritec::runtime {

// --- the shared vocabulary -------------------------------------------------------------------
// Game code uses these names (runtime::kNone, runtime::Mode, runtime::kFlipX …); the
// layout (spk::) stores them as the raw bytes below.

// "None": a blank step's frame, a step without event, an action without then-action, an
// actor before its first action, a name a lookup did not find.
constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// How an action's steps follow each other (docs/semantics.md). Stored as one byte.
enum class Mode : std::uint8_t { kLoop = 0, kPingpong = 1, kOnce = 2 };

// What an action does when it finishes. Stored as one byte.
enum class ThenKind : std::uint8_t { kHold = 0, kDestroy = 1, kAction = 2 };

// How a step's frame is mirrored, about its origin pixel. A bit set: kFlipXY is
// kFlipX | kFlipY (an unscoped enum, so the bits combine and test with & as stored).
enum Flip : std::uint8_t { kFlipNone = 0, kFlipX = 1u << 0, kFlipY = 1u << 1, kFlipXY = 3 };

namespace spk {

// --- constants ---------------------------------------------------------------------------

constexpr std::uint8_t kSignature[8] = {0x89, 0x53, 0x50, 0x4B, 0x0D, 0x0A, 0x1A, 0x0A};
constexpr std::uint16_t kVersionMajor = 1;
// The newest minor version this reader knows (and the writer writes when a pack needs it;
// otherwise the writer writes 1.0).
constexpr std::uint16_t kVersionMinor = 3;
using runtime::kNone;  // 0xFFFFFFFF in an index field: none
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
constexpr std::uint32_t kTagAlpha = fourcc('A', 'L', 'P', 'H');        // AlphaRecord[1] (1.1)
constexpr std::uint32_t kTagShapeNames = fourcc('G', 'N', 'A', 'M');   // StringRef[] (1.2)
constexpr std::uint32_t kTagShapes = fourcc('S', 'H', 'A', 'P');       // ShapeRecord[] (1.2)
constexpr std::uint32_t kTagFrameShapes = fourcc('F', 'G', 'E', 'O');  // ShapeRange[] (1.2)
constexpr std::uint32_t kTagStepShapes = fourcc('S', 'G', 'E', 'O');   // ShapeRange[] (1.2)
constexpr std::uint32_t kTagSlots = fourcc('S', 'L', 'O', 'T');        // StringRef[] (1.3)
constexpr std::uint32_t kTagLayerOrder = fourcc('L', 'O', 'R', 'D');   // LayerEntry[] (1.3)

enum PixelFormat : std::uint8_t { kPixelRgba8 = 1 };
enum PageStorage : std::uint8_t { kPageEmbeddedPng = 0, kPageExternalFile = 1 };
// How the pages' colours relate to their alpha (ALPH; a pack without ALPH is straight).
enum PageAlpha : std::uint8_t { kAlphaStraight = 0, kAlphaPremultiplied = 1 };

// Flag bits. A step's flip byte holds the bits of runtime::Flip.
constexpr std::uint32_t kFrameFlagRotated = 1u << 0;  // reserved: never set in 1.0
// 1.2: the frame has shapes (FGEO), the action's steps have some (SGEO). Set exactly then, so
// a 1.0 or 1.1 reader, which rejects unknown flag bits, refuses a pack whose geometry it would
// silently drop.
constexpr std::uint32_t kFrameFlagShapes = 1u << 1;
constexpr std::uint8_t kActionFlagReverse = 1u << 0;
constexpr std::uint8_t kActionFlagShapes = 1u << 1;
// A shape's kind, and its flag: a step's entry that takes away its frame's shape of that kind
// and name.
enum ShapeKindByte : std::uint8_t { kShapeBox = 0, kShapePoint = 1 };
constexpr std::uint8_t kShapeFlagRemoved = 1u << 0;
using runtime::kFlipX;
using runtime::kFlipY;
constexpr std::uint32_t kTransitionFlagImmediate = 1u << 0;
constexpr std::uint8_t kAlphaFlagBled = 1u << 0;  // transparent pixels bled before storing
// A LORD entry: the master's own frames (`self`); kNone ends a row early.
constexpr std::uint32_t kLayerSelf = 0xFFFFFFFEu;
// The most slots a layered master declares (a SLOT section holds; 1.3).
constexpr std::uint32_t kMaxSlots = 32;

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

// The three kinds of field: a little-endian integer, a byte array (stored as is) and a
// nested record (a StringRef), stored by its own load/store (found by argument-dependent
// lookup when the template is instantiated).
template <typename T>
constexpr std::size_t field_size() {
  if constexpr (std::is_integral_v<T> || std::is_array_v<T>) {
    return sizeof(T);
  } else {
    return T::kSize;
  }
}

template <typename T>
inline void load_field(const std::uint8_t* p, T& v) {
  if constexpr (std::is_integral_v<T>) {
    v = load_le<T>(p);
  } else if constexpr (std::is_array_v<T>) {
    static_assert(sizeof(v[0]) == 1, "array fields are byte arrays");
    std::memcpy(v, p, sizeof(T));
  } else {
    load(p, v);
  }
}

template <typename T>
inline void store_field(std::uint8_t* p, const T& v) {
  if constexpr (std::is_integral_v<T>) {
    store_le(p, v);
  } else if constexpr (std::is_array_v<T>) {
    static_assert(sizeof(v[0]) == 1, "array fields are byte arrays");
    std::memcpy(p, v, sizeof(T));
  } else {
    store(p, v);
  }
}

// Where a field lies in its record.
struct FieldExtent {
  std::size_t offset;
  std::size_t size;
};

// The fields, in table order, cover [0, record_size) exactly: each starts where the one
// before ends.
template <std::size_t N>
constexpr bool fields_tile(const FieldExtent (&fields)[N], std::size_t record_size) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < N; ++i) {
    if (fields[i].offset != at) return false;
    at += fields[i].size;
  }
  return at == record_size;
}

}  // namespace detail

// --- records -------------------------------------------------------------------------------
// SPRITEC_SPK_<RECORD>_FIELDS(F) calls F(member, Name, type, offset, default) for every
// field, in file order. SPRITEC_SPK_RECORD(Record, FIELDS) below turns a table into the
// struct's kOff<Name> constants and members (inside the struct) and into load() / store()
// and the tiling check (after it). Every byte of a record belongs to a field, reserved
// bytes included (written as their default, 0, and ignored by the reader).

using Signature = std::uint8_t[8];
using Reserved3 = std::uint8_t[3];

#define SPRITEC_SPK_DECLARE_OFFSET(member, Name, type, offset, init) \
  static constexpr std::size_t kOff##Name = offset;
#define SPRITEC_SPK_DECLARE_MEMBER(member, Name, type, offset, init) type member = init;
#define SPRITEC_SPK_LOAD_FIELD(member, Name, type, offset, init) \
  detail::load_field(p + (offset), r.member);
#define SPRITEC_SPK_STORE_FIELD(member, Name, type, offset, init) \
  detail::store_field(p + (offset), r.member);
#define SPRITEC_SPK_FIELD_EXTENT(member, Name, type, offset, init) \
  detail::FieldExtent{offset, detail::field_size<type>()},

// Inside a record struct: its kOff* constants and its members.
#define SPRITEC_SPK_FIELDS(FIELDS)   \
  FIELDS(SPRITEC_SPK_DECLARE_OFFSET) \
  FIELDS(SPRITEC_SPK_DECLARE_MEMBER)

// After it: load(p, r) reads r from Record::kSize bytes at p; store(p, r) writes
// Record::kSize bytes at p. The caller guarantees the bytes are there.
#define SPRITEC_SPK_RECORD(Record, FIELDS)                                           \
  inline void load(const std::uint8_t* p, Record& r) {                               \
    FIELDS(SPRITEC_SPK_LOAD_FIELD)                                                   \
  }                                                                                  \
  inline void store(std::uint8_t* p, const Record& r) {                              \
    FIELDS(SPRITEC_SPK_STORE_FIELD)                                                  \
  }                                                                                  \
  namespace detail {                                                                 \
  constexpr FieldExtent k##Record##Fields[] = {FIELDS(SPRITEC_SPK_FIELD_EXTENT)};    \
  static_assert(fields_tile(k##Record##Fields, Record::kSize),                       \
                #Record ": the field table leaves a gap, overlaps or misses kSize"); \
  }

// clang-format off

// A name: `length` bytes at `offset` in the STRS section (not NUL-terminated).
#define SPRITEC_SPK_STRINGREF_FIELDS(F)                                                    \
  F(offset, Offset, std::uint32_t, 0, 0)                                                   \
  F(length, Length, std::uint32_t, 4, 0)

#define SPRITEC_SPK_HEADER_FIELDS(F)                                                       \
  F(signature,     Signature,    Signature,     0,  {})                                    \
  F(version_major, VersionMajor, std::uint16_t, 8,  0)                                     \
  F(version_minor, VersionMinor, std::uint16_t, 10, 0)                                     \
  F(header_size,   HeaderSize,   std::uint32_t, 12, 0) /* directory start; 40 in 1.0 */    \
  F(file_size,     FileSize,     std::uint32_t, 16, 0) /* total bytes of the pack */       \
  F(tick_rate,     TickRate,     std::uint32_t, 20, 0) /* ticks per second, >= 1 */        \
  F(section_count, SectionCount, std::uint32_t, 24, 0) /* directory entries */             \
  F(flags,         Flags,        std::uint32_t, 28, 0) /* reserved: 0, ignored by 1.x */   \
  F(checksum,      Checksum,     std::uint64_t, 32, 0) /* XXH64 of [header_size, end) */

#define SPRITEC_SPK_SECTIONENTRY_FIELDS(F)                                                 \
  F(tag,    Tag,    std::uint32_t, 0,  0) /* FourCC */                                     \
  F(offset, Offset, std::uint32_t, 4,  0) /* from the start of the file, 4-aligned */      \
  F(size,   Size,   std::uint32_t, 8,  0) /* bytes, without padding */                     \
  F(count,  Count,  std::uint32_t, 12, 0) /* records; 0 for the blobs STRS and BLOB */

// data_offset/data_size: embedded, a byte range of BLOB holding the PNG file; external, a
// StringRef (offset, length) into STRS naming a PNG file in the pack's directory.
#define SPRITEC_SPK_PAGERECORD_FIELDS(F)                                                   \
  F(width,        Width,       std::uint32_t, 0,  0)                                       \
  F(height,       Height,      std::uint32_t, 4,  0)                                       \
  F(pixel_format, PixelFormat, std::uint8_t,  8,  kPixelRgba8)                             \
  F(storage,      Storage,     std::uint8_t,  9,  kPageEmbeddedPng)                        \
  F(reserved,     Reserved,    std::uint16_t, 10, 0)                                       \
  F(data_offset,  DataOffset,  std::uint32_t, 12, 0)                                       \
  F(data_size,    DataSize,    std::uint32_t, 16, 0)

#define SPRITEC_SPK_FRAMERECORD_FIELDS(F)                                                  \
  F(name,     Name,    StringRef,     0,  {})                                              \
  F(page,     Page,    std::uint32_t, 8,  0)                                               \
  F(x,        X,       std::uint32_t, 12, 0) /* trimmed rectangle in the page */           \
  F(y,        Y,       std::uint32_t, 16, 0)                                               \
  F(w,        W,       std::uint32_t, 20, 0)                                               \
  F(h,        H,       std::uint32_t, 24, 0)                                               \
  F(origin_x, OriginX, std::int32_t,  28, 0) /* relative to the trimmed rectangle */       \
  F(origin_y, OriginY, std::int32_t,  32, 0)                                               \
  F(source_w, SourceW, std::uint32_t, 36, 0) /* untrimmed frame size */                    \
  F(source_h, SourceH, std::uint32_t, 40, 0)                                               \
  F(trim_x,   TrimX,   std::uint32_t, 44, 0) /* trimmed rectangle in the untrimmed frame */ \
  F(trim_y,   TrimY,   std::uint32_t, 48, 0)                                               \
  F(flags,    Flags,   std::uint32_t, 52, 0) /* kFrameFlagRotated reserved: rejected */

#define SPRITEC_SPK_ACTIONRECORD_FIELDS(F)                                                 \
  F(name,             Name,            StringRef,     0,  {})                              \
  F(views,            Views,           std::uint32_t, 8,  1) /* >= 1 */                    \
  F(first_view,       FirstView,       std::int32_t,  12, 0) /* degrees clockwise, 0 = east */ \
  F(steps_per_view,   StepsPerView,    std::uint32_t, 16, 0) /* >= 1 */                    \
  F(mode,             Mode,            std::uint8_t,  20, std::uint8_t(Mode::kLoop))       \
  F(then_kind,        ThenKind,        std::uint8_t,  21, std::uint8_t(ThenKind::kHold))   \
  F(flags,            Flags,           std::uint8_t,  22, 0) /* kActionFlagReverse */      \
  F(reserved,         Reserved,        std::uint8_t,  23, 0)                               \
  F(loop_from,        LoopFrom,        std::uint32_t, 24, 0) /* < steps_per_view, played order */ \
  F(repeat,           Repeat,          std::uint32_t, 28, 0) /* cycles; 0 = forever */     \
  F(then_action,      ThenAction,      std::uint32_t, 32, kNone) /* if then_kind is action */ \
  F(first_step,       FirstStep,       std::uint32_t, 36, 0) /* views * steps_per_view, view-major */ \
  F(first_transition, FirstTransition, std::uint32_t, 40, 0)                               \
  F(transition_count, TransitionCount, std::uint32_t, 44, 0)

#define SPRITEC_SPK_STEPRECORD_FIELDS(F)                                                   \
  F(frame,    Frame,    std::uint32_t, 0,  kNone) /* frame index; kNone = blank step */    \
  F(ticks,    Ticks,    std::uint32_t, 4,  1)     /* >= 1 */                               \
  F(event,    Event,    std::uint32_t, 8,  kNone) /* event index; kNone = none */          \
  F(move_x,   MoveX,    std::int32_t,  12, 0)                                              \
  F(move_y,   MoveY,    std::int32_t,  16, 0)                                              \
  F(flip,     Flip,     std::uint8_t,  20, 0)     /* kFlipX | kFlipY */                    \
  F(reserved, Reserved, Reserved3,     21, {})

#define SPRITEC_SPK_TRANSITIONRECORD_FIELDS(F)                                             \
  F(to,     To,     std::uint32_t, 0,  0) /* action index */                               \
  F(flags,  Flags,  std::uint32_t, 4,  0) /* kTransitionFlagImmediate */                   \
  F(when,   When,   std::uint64_t, 8,  0) /* bit i = input i must be held */               \
  F(unless, Unless, std::uint64_t, 16, 0) /* bit i = input i must be released */

// ALPH (format 1.1): one record for all the pages of the pack.
#define SPRITEC_SPK_ALPHARECORD_FIELDS(F)                                                  \
  F(alpha,    Alpha,    std::uint8_t,  0, kAlphaStraight) /* kAlphaPremultiplied */        \
  F(flags,    Flags,    std::uint8_t,  1, 0)              /* kAlphaFlagBled */             \
  F(reserved, Reserved, std::uint16_t, 2, 0)

// SHAP (format 1.2): a box or a point of a frame or a step, relative to the frame's origin
// pixel (x right, y down, before any flip); a blank step's relative to the actor. A box
// covers columns x .. x + w - 1 and rows y .. y + h - 1 (w, h >= 1); a point is the pixel
// (x, y), w = h = 0. A removal (steps only) has x = y = w = h = 0.
#define SPRITEC_SPK_SHAPERECORD_FIELDS(F)                                                  \
  F(name,     Name,     std::uint32_t, 0,  0) /* index into GNAM */                        \
  F(kind,     Kind,     std::uint8_t,  4,  kShapeBox)                                      \
  F(flags,    Flags,    std::uint8_t,  5,  0) /* kShapeFlagRemoved */                      \
  F(reserved, Reserved, std::uint16_t, 6,  0)                                              \
  F(x,        X,        std::int32_t,  8,  0)                                              \
  F(y,        Y,        std::int32_t,  12, 0)                                              \
  F(w,        W,        std::uint32_t, 16, 0)                                              \
  F(h,        H,        std::uint32_t, 20, 0)

// FGEO / SGEO (format 1.2): record i gives frame i's (step i's) shapes, SHAP records
// first .. first + count - 1, sorted by (kind, name) with no kind and name twice.
#define SPRITEC_SPK_SHAPERANGE_FIELDS(F)                                                   \
  F(first, First, std::uint32_t, 0, 0)                                                     \
  F(count, Count, std::uint32_t, 4, 0)

// LORD (format 1.3): a layered master's draw order, one row of (slot count + 1) entries per
// view, back to front: a slot index (into SLOT), kLayerSelf (the master's own frame), and
// kNone after the row's last entry.
#define SPRITEC_SPK_LAYERENTRY_FIELDS(F)                                                   \
  F(slot, Slot, std::uint32_t, 0, 0)

// clang-format on

struct StringRef {
  static constexpr std::size_t kSize = 8;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_STRINGREF_FIELDS)
};
SPRITEC_SPK_RECORD(StringRef, SPRITEC_SPK_STRINGREF_FIELDS)

struct Header {
  static constexpr std::size_t kSize = 40;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_HEADER_FIELDS)
};
SPRITEC_SPK_RECORD(Header, SPRITEC_SPK_HEADER_FIELDS)

struct SectionEntry {
  static constexpr std::size_t kSize = 16;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_SECTIONENTRY_FIELDS)
};
SPRITEC_SPK_RECORD(SectionEntry, SPRITEC_SPK_SECTIONENTRY_FIELDS)

struct PageRecord {
  static constexpr std::size_t kSize = 20;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_PAGERECORD_FIELDS)
};
SPRITEC_SPK_RECORD(PageRecord, SPRITEC_SPK_PAGERECORD_FIELDS)

struct FrameRecord {
  static constexpr std::size_t kSize = 56;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_FRAMERECORD_FIELDS)
};
SPRITEC_SPK_RECORD(FrameRecord, SPRITEC_SPK_FRAMERECORD_FIELDS)

struct ActionRecord {
  static constexpr std::size_t kSize = 48;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_ACTIONRECORD_FIELDS)
};
SPRITEC_SPK_RECORD(ActionRecord, SPRITEC_SPK_ACTIONRECORD_FIELDS)

struct StepRecord {
  static constexpr std::size_t kSize = 24;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_STEPRECORD_FIELDS)
};
SPRITEC_SPK_RECORD(StepRecord, SPRITEC_SPK_STEPRECORD_FIELDS)

struct TransitionRecord {
  static constexpr std::size_t kSize = 24;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_TRANSITIONRECORD_FIELDS)
};
SPRITEC_SPK_RECORD(TransitionRecord, SPRITEC_SPK_TRANSITIONRECORD_FIELDS)

struct AlphaRecord {
  static constexpr std::size_t kSize = 4;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_ALPHARECORD_FIELDS)
};
SPRITEC_SPK_RECORD(AlphaRecord, SPRITEC_SPK_ALPHARECORD_FIELDS)

struct ShapeRecord {
  static constexpr std::size_t kSize = 24;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_SHAPERECORD_FIELDS)
};
SPRITEC_SPK_RECORD(ShapeRecord, SPRITEC_SPK_SHAPERECORD_FIELDS)

struct ShapeRange {
  static constexpr std::size_t kSize = 8;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_SHAPERANGE_FIELDS)
};
SPRITEC_SPK_RECORD(ShapeRange, SPRITEC_SPK_SHAPERANGE_FIELDS)

struct LayerEntry {
  static constexpr std::size_t kSize = 4;
  SPRITEC_SPK_FIELDS(SPRITEC_SPK_LAYERENTRY_FIELDS)
};
SPRITEC_SPK_RECORD(LayerEntry, SPRITEC_SPK_LAYERENTRY_FIELDS)

// The helpers above are the tables' business only; the tables themselves stay defined
// (a test reads them to check docs/format.md against the layout).
#undef SPRITEC_SPK_RECORD
#undef SPRITEC_SPK_FIELDS
#undef SPRITEC_SPK_FIELD_EXTENT
#undef SPRITEC_SPK_STORE_FIELD
#undef SPRITEC_SPK_LOAD_FIELD
#undef SPRITEC_SPK_DECLARE_MEMBER
#undef SPRITEC_SPK_DECLARE_OFFSET

}  // namespace spk
}  // namespace spritec::runtime
