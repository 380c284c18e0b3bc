// Reading an .aseprite file's structure: header, frames, chunks (ase-file-specs.md). Every
// count, size and offset is checked against the bytes that hold it before it is used.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

#include "spritec/aseprite/aseprite.hpp"

namespace spritec::aseprite {
namespace {

constexpr std::uint16_t kFileMagic = 0xA5E0;
constexpr std::uint16_t kFrameMagic = 0xF1FA;

enum ChunkType : std::uint16_t {
  kOldPalette = 0x0004,
  kOldPalette64 = 0x000B,  // 11: the spec's heading says 0x0011, its text and Aseprite 11
  kLayerChunk = 0x2004,
  kCelChunk = 0x2005,
  kTagsChunk = 0x2018,
  kPaletteChunk = 0x2019,
  kSliceChunk = 0x2022,
  kTilesetChunk = 0x2023,
};

const char* chunk_name(std::uint16_t type) {
  switch (type) {
    case kOldPalette:
    case kOldPalette64:
      return "old palette chunk";
    case kLayerChunk:
      return "layer chunk";
    case kCelChunk:
      return "cel chunk";
    case kTagsChunk:
      return "tags chunk";
    case kPaletteChunk:
      return "palette chunk";
    case kSliceChunk:
      return "slice chunk";
    case kTilesetChunk:
      return "tileset chunk";
    default:
      return "chunk";
  }
}

std::string hex4(std::uint16_t v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%04X", v);
  return buf;
}

// Little-endian reads inside [pos, end). A read past `end` sets `short_` and returns 0, so
// a chunk's parser checks once, after reading, whether everything it read was there.
class Reader {
 public:
  Reader(const std::vector<std::uint8_t>& bytes, std::uint64_t pos, std::uint64_t end)
      : b_(bytes), pos_(pos), end_(end) {}
  std::uint64_t pos() const { return pos_; }
  std::uint64_t left() const { return pos_ <= end_ ? end_ - pos_ : 0; }
  bool short_read() const { return short_; }

  std::uint8_t u8() { return take(1) ? b_[pos_ - 1] : 0; }
  std::uint16_t u16() {
    if (!take(2)) return 0;
    return std::uint16_t(b_[pos_ - 2] | (b_[pos_ - 1] << 8));
  }
  std::uint32_t u32() {
    if (!take(4)) return 0;
    const std::uint8_t* p = &b_[pos_ - 4];
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
  }
  int s16() { return int(std::int16_t(u16())); }
  int s32() { return int(std::int32_t(u32())); }
  void skip(std::uint64_t n) { take(n); }
  std::string string() {
    const std::uint16_t n = u16();
    if (!take(n)) return {};
    return std::string(reinterpret_cast<const char*>(&b_[pos_ - n]), n);
  }

 private:
  bool take(std::uint64_t n) {
    if (short_ || n > left()) {
      short_ = true;
      pos_ = end_;
      return false;
    }
    pos_ += n;
    return true;
  }
  const std::vector<std::uint8_t>& b_;
  std::uint64_t pos_, end_;
  bool short_ = false;
};

std::uint64_t bytes_per_pixel(ColorMode mode) {
  return std::uint64_t(mode) / 8;
}

class Parser {
 public:
  explicit Parser(File& file) : f_(file) {}

  Error run() {
    if (Error e = header(); e.failed()) return e;
    std::uint64_t pos = kHeaderBytes;
    for (int i = 0; i < int(f_.frames.size()); ++i) {
      if (Error e = frame(i, pos); e.failed()) return e;
    }
    // The old palette chunks count only in files without the new one (the spec; Aseprite
    // 1.1 saved both).
    if (!new_palette_ && !old_palettes_.empty()) f_.palettes = std::move(old_palettes_);
    return check_references();
  }

 private:
  Error fail(std::uint64_t at, std::string what) { return Error{std::move(what), at}; }
  Error chunk_fail(std::uint16_t type, std::uint64_t at, const std::string& what) {
    return fail(at, std::string(chunk_name(type)) + " (" + hex4(type) + ") at byte " +
                        std::to_string(at) + ": " + what);
  }

  // A header field at `at` is wrong.
  Error header_fail(std::uint64_t at, const std::string& what) {
    return fail(at, "header field at byte " + std::to_string(at) + ": " + what);
  }

  Error header() {
    const std::vector<std::uint8_t>& b = f_.bytes;
    if (b.size() < kHeaderBytes)
      return fail(0, "the file is " + std::to_string(b.size()) +
                         " bytes, shorter than the 128-byte header");
    Reader r(b, 0, kHeaderBytes);
    const std::uint32_t declared = r.u32();
    if (r.u16() != kFileMagic)
      return header_fail(4, "not an Aseprite file (no 0xA5E0 magic number)");
    const int frames = r.u16();
    f_.width = r.u16();
    f_.height = r.u16();
    const int depth = r.u16();
    f_.flags = r.u32();
    speed_ = r.u16();
    r.skip(8);
    f_.transparent_index = r.u8();
    r.skip(3);
    const int colours = r.u16();
    if (declared > b.size())
      return header_fail(0, "the file size says " + std::to_string(declared) + " bytes but it is " +
                                std::to_string(b.size()) + " (truncated)");
    if (frames == 0) return header_fail(6, "no frames");
    if (f_.width == 0 || f_.height == 0 || f_.width > kMaxSide || f_.height > kMaxSide)
      return header_fail(8, "canvas " + std::to_string(f_.width) + "x" + std::to_string(f_.height) +
                                " is outside 1.." + std::to_string(kMaxSide) + " a side");
    if (depth != 8 && depth != 16 && depth != 32)
      return header_fail(12, "colour depth " + std::to_string(depth) +
                                 " is none of 8 (indexed), 16 (grayscale), 32 (RGBA)");
    if (std::uint64_t(f_.width) * std::uint64_t(f_.height) > kMaxImagePixels)
      return header_fail(8, "canvas " + std::to_string(f_.width) + "x" + std::to_string(f_.height) +
                                " is over the cap of " + std::to_string(kMaxImagePixels) +
                                " pixels");
    f_.mode = ColorMode(depth);
    f_.frames.resize(std::size_t(frames));
    // Until a palette chunk says otherwise, as Aseprite makes a sprite: the header's number
    // of colours (0: 256), all opaque black.
    Palette start;
    start.size = colours == 0 || colours > 256 ? 256 : colours;
    start.colours.fill(0xff000000u);
    f_.palettes.push_back(start);
    return {};
  }

  Error frame(int index, std::uint64_t& pos) {
    const std::vector<std::uint8_t>& b = f_.bytes;
    const std::uint64_t start = pos;
    if (b.size() - std::min<std::uint64_t>(b.size(), start) < 16)
      return fail(start, "frame " + std::to_string(index) + " at byte " + std::to_string(start) +
                             ": the file ends before its 16-byte header");
    Reader r(b, start, start + 16);
    const std::uint32_t length = r.u32();
    const std::uint16_t magic = r.u16();
    const std::uint16_t old_chunks = r.u16();
    int duration = r.u16();
    r.skip(2);
    const std::uint32_t new_chunks = r.u32();
    const std::string where =
        "frame " + std::to_string(index) + " at byte " + std::to_string(start) + ": ";
    if (magic != kFrameMagic) return fail(start + 4, where + "no 0xF1FA frame magic number");
    if (length < 16 || length > b.size() - start)
      return fail(
          start, where + "its length " + std::to_string(length) + " runs past the end of the file");
    const std::uint64_t end = start + length;
    std::uint64_t chunks = new_chunks != 0 ? new_chunks : old_chunks;
    if (duration == 0) duration = speed_ != 0 ? speed_ : 100;
    f_.frames[std::size_t(index)].duration_ms = duration;

    std::uint64_t at = start + 16;
    for (std::uint64_t c = 0; c < chunks; ++c) {
      if (end - at < 6)
        return fail(at, where + "chunk " + std::to_string(c) + " of " + std::to_string(chunks) +
                            " starts past the frame's end");
      Reader h(b, at, end);
      const std::uint32_t size = h.u32();
      const std::uint16_t type = h.u16();
      if (size < 6 || size > end - at)
        return chunk_fail(
            type, at,
            "its size " + std::to_string(size) + " runs outside frame " + std::to_string(index));
      Reader body(b, at + 6, at + size);
      if (Error e = chunk(type, at, index, body); e.failed()) return e;
      at += size;
    }
    pos = end;
    return {};
  }

  Error chunk(std::uint16_t type, std::uint64_t at, int frame, Reader& r) {
    Error e;
    switch (type) {
      case kOldPalette:
      case kOldPalette64:
        e = old_palette(type, at, frame, r);
        break;
      case kLayerChunk:
        e = layer(at, r);
        break;
      case kCelChunk:
        e = cel(at, frame, r);
        break;
      case kTagsChunk:
        e = tags(at, r);
        break;
      case kPaletteChunk:
        e = palette(at, frame, r);
        break;
      case kSliceChunk:
        e = slice(at, r);
        break;
      case kTilesetChunk:
        e = tileset(at, r);
        break;
      default:
        return {};  // cel extra, colour profile, user data, …: nothing we draw
    }
    if (e.failed()) return e;
    if (r.short_read()) return chunk_fail(type, at, "it ends before its fields do");
    return {};
  }

  // The palette frame `frame` changes: a copy of the one in effect, kept for that frame.
  Palette& palette_of(std::vector<Palette>& list, int frame) {
    if (list.empty()) list.push_back(f_.palettes.front());
    if (list.back().frame != frame) {
      list.push_back(list.back());
      list.back().frame = frame;
    }
    return list.back();
  }

  Error old_palette(std::uint16_t type, std::uint64_t at, int frame, Reader& r) {
    std::array<std::uint32_t, 256>& pal = palette_of(old_palettes_, frame).colours;
    const int packets = r.u16();
    int index = 0;
    for (int p = 0; p < packets && !r.short_read(); ++p) {
      index += r.u8();
      int n = r.u8();
      if (n == 0) n = 256;
      if (index + n > 256) return chunk_fail(type, at, "a packet runs past colour 255");
      for (int i = 0; i < n; ++i, ++index) {
        int c[3] = {r.u8(), r.u8(), r.u8()};
        if (type == kOldPalette64) {
          for (int& v : c) {
            if (v > 63) v = 63;
            v = (v << 2) | (v >> 4);
          }
        }
        pal[std::size_t(index)] = std::uint32_t(c[0]) | std::uint32_t(c[1]) << 8 |
                                  std::uint32_t(c[2]) << 16 | 0xff000000u;
      }
    }
    return {};
  }

  Error palette(std::uint64_t at, int frame, Reader& r) {
    const std::uint32_t size = r.u32();
    const std::uint32_t from = r.u32();
    const std::uint32_t to = r.u32();
    r.skip(8);
    if (from > to || to >= size)
      return chunk_fail(kPaletteChunk, at,
                        "colours " + std::to_string(from) + ".." + std::to_string(to) +
                            " are outside a palette of " + std::to_string(size));
    // Each entry takes at least 6 bytes: the count is checked against what is left.
    if (std::uint64_t(to - from + 1) * 6 > r.left())
      return chunk_fail(kPaletteChunk, at,
                        "it ends before its " + std::to_string(to - from + 1) + " colours");
    Palette& pal = palette_of(f_.palettes, frame);
    pal.size = int(std::min<std::uint32_t>(size, 256));
    for (std::uint32_t i = from; i <= to && !r.short_read(); ++i) {
      const std::uint16_t flags = r.u16();
      const std::uint32_t rgba = r.u32();
      if (flags & 1) (void)r.string();
      if (i < 256) pal.colours[i] = rgba;
    }
    new_palette_ = true;
    return {};
  }

  Error layer(std::uint64_t at, Reader& r) {
    if (f_.layers.size() >= kMaxLayers)
      return chunk_fail(kLayerChunk, at, "more than " + std::to_string(kMaxLayers) + " layers");
    Layer l;
    l.chunk = at;
    l.flags = r.u16();
    const int type = r.u16();
    l.level = r.u16();
    r.skip(4);
    const int blend = r.u16();
    l.opacity = r.u8();
    r.skip(3);
    l.name = r.string();
    if (type == int(LayerType::kTilemap)) l.tileset = r.u32();
    if (f_.flags & kLayersHaveUuid) r.skip(16);
    if (r.short_read()) return chunk_fail(kLayerChunk, at, "it ends before its fields do");
    const std::string which = "layer " + std::to_string(f_.layers.size()) + " '" + l.name + "'";
    if (type > 2)
      return chunk_fail(kLayerChunk, at,
                        which + " has type " + std::to_string(type) +
                            ", none of 0 (image), 1 (group), 2 (tilemap)");
    l.type = LayerType(type);
    if (blend >= kBlendModeCount)
      return chunk_fail(kLayerChunk, at,
                        which + " has blend mode " + std::to_string(blend) +
                            ", which Aseprite's specification does not list (0..18)");
    l.blend = BlendMode(blend);
    if (!(f_.flags & kLayerOpacityValid)) l.opacity = 255;
    if (l.background()) {  // Aseprite draws a background layer opaque and normal
      l.opacity = 255;
      l.blend = BlendMode::kNormal;
    }
    if (l.level > kMaxDepth)
      return chunk_fail(kLayerChunk, at,
                        which + " is nested " + std::to_string(l.level) +
                            " groups deep, more than " + std::to_string(kMaxDepth));
    // NOTE.1: the child level relates a layer to the groups read before it.
    if (l.level > int(groups_.size()) || (l.level > 0 && groups_[std::size_t(l.level - 1)] < 0))
      return chunk_fail(kLayerChunk, at,
                        which + " has child level " + std::to_string(l.level) +
                            ", but no group is open at level " + std::to_string(l.level - 1));
    l.parent = l.level > 0 ? groups_[std::size_t(l.level - 1)] : -1;
    l.path = l.parent >= 0 ? f_.layers[std::size_t(l.parent)].path + "/" + l.name : l.name;
    groups_.resize(std::size_t(l.level));
    groups_.push_back(l.type == LayerType::kGroup ? int(f_.layers.size()) : -1);
    f_.layers.push_back(std::move(l));
    return {};
  }

  Error cel(std::uint64_t at, int frame, Reader& r) {
    Cel c;
    c.chunk = at;
    c.layer = r.u16();
    c.x = r.s16();
    c.y = r.s16();
    c.opacity = r.u8();
    const int type = r.u16();
    c.z = r.s16();
    r.skip(5);
    if (r.short_read()) return chunk_fail(kCelChunk, at, "it ends before its fields do");
    const std::string where = "frame " + std::to_string(frame) + ": ";
    if (c.layer >= int(f_.layers.size()))
      return chunk_fail(kCelChunk, at,
                        where + "layer index " + std::to_string(c.layer) + ", but the file has " +
                            std::to_string(f_.layers.size()) + " layers before it");
    const Layer& layer = f_.layers[std::size_t(c.layer)];
    if (layer.type == LayerType::kGroup)
      return chunk_fail(kCelChunk, at, where + "a cel on group '" + layer.path + "'");
    std::vector<Cel>& cels = f_.frames[std::size_t(frame)].cels;
    cel_frame_.resize(f_.layers.size(), -1);
    if (cel_frame_[std::size_t(c.layer)] == frame)
      return chunk_fail(kCelChunk, at, where + "a second cel on layer '" + layer.path + "'");
    cel_frame_[std::size_t(c.layer)] = frame;
    const bool tilemap_layer = layer.type == LayerType::kTilemap;
    Error e;
    if ((type == 0 || type == 2) && !tilemap_layer) {
      e = image_cel(c, type == 0, where, r);
    } else if (type == 1) {
      e = linked_cel(c, frame, where, r);
    } else if (type == 3 && tilemap_layer) {
      e = tilemap_cel(c, where, r);
    } else if (type == 0 || type == 2 || type == 3) {
      e = chunk_fail(kCelChunk, at,
                     where + (type == 3 ? "a tilemap cel on layer '" + layer.path +
                                              "', which is not a tilemap layer"
                                        : "an image cel on tilemap layer '" + layer.path + "'"));
    } else {
      e = chunk_fail(kCelChunk, at,
                     where + "cel type " + std::to_string(type) +
                         ", none of 0 (raw), 1 (linked), 2 (compressed), 3 (tilemap)");
    }
    if (e.failed()) return e;
    if (r.short_read()) return chunk_fail(kCelChunk, at, "it ends before its fields do");
    // An empty cel (0 wide or high) draws nothing: Aseprite drops it too.
    if (c.width > 0 && c.height > 0) cels.push_back(c);
    return {};
  }

  // Cel types 0 (raw pixels) and 2 (zlib-compressed pixels).
  Error image_cel(Cel& c, bool raw, const std::string& where, Reader& r) {
    c.kind = raw ? CelKind::kRaw : CelKind::kCompressed;
    c.width = r.u16();
    c.height = r.u16();
    if (Error e = check_size(c.chunk, where, c.width, c.height, 1); e.failed()) return e;
    c.data = r.pos();
    c.size = r.left();
    if (!raw) return {};
    const std::uint64_t need =
        std::uint64_t(c.width) * std::uint64_t(c.height) * bytes_per_pixel(f_.mode);
    if (need > c.size)
      return chunk_fail(kCelChunk, c.chunk,
                        where + "a raw " + std::to_string(c.width) + "x" +
                            std::to_string(c.height) + " cel needs " + std::to_string(need) +
                            " bytes, the chunk holds " + std::to_string(c.size));
    c.size = need;
    return {};
  }

  // Cel type 1: the data of the same layer's cel in an earlier frame, placed with this
  // chunk's own position, opacity and z-index (as Aseprite reads a link whose differ).
  Error linked_cel(Cel& c, int frame, const std::string& where, Reader& r) {
    const int link = r.u16();
    if (r.short_read()) return {};
    const std::string& path = f_.layers[std::size_t(c.layer)].path;
    if (link >= frame)
      return chunk_fail(kCelChunk, c.chunk,
                        where + "a linked cel points at frame " + std::to_string(link) +
                            ", which is not an earlier frame");
    const Cel* target = nullptr;
    for (const Cel& t : f_.frames[std::size_t(link)].cels)
      if (t.layer == c.layer) target = &t;
    if (target == nullptr)
      return chunk_fail(kCelChunk, c.chunk,
                        where + "a linked cel points at frame " + std::to_string(link) +
                            ", which has no cel on layer '" + path + "'");
    const Cel own = c;
    c = *target;
    c.x = own.x;
    c.y = own.y;
    c.opacity = own.opacity;
    c.z = own.z;
    if (c.linked_from < 0) c.linked_from = link;
    return {};
  }

  // Cel type 3: a zlib-compressed grid of tiles, with the masks of the tile word.
  Error tilemap_cel(Cel& c, const std::string& where, Reader& r) {
    c.kind = CelKind::kTilemap;
    c.width = r.u16();
    c.height = r.u16();
    c.tile_bits = r.u16();
    c.id_mask = r.u32();
    c.xflip = r.u32();
    c.yflip = r.u32();
    c.dflip = r.u32();
    r.skip(10);
    if (c.tile_bits != 8 && c.tile_bits != 16 && c.tile_bits != 32)
      return chunk_fail(kCelChunk, c.chunk,
                        where + std::to_string(c.tile_bits) + " bits per tile, none of 8, 16, 32");
    if (Error e = check_size(c.chunk, where, c.width, c.height, 1); e.failed()) return e;
    c.data = r.pos();
    c.size = r.left();
    return {};
  }

  Error check_size(std::uint64_t at, const std::string& where, int w, int h, int unit) {
    if (w > kMaxSide || h > kMaxSide ||
        std::uint64_t(w) * std::uint64_t(h) * std::uint64_t(unit) > kMaxImagePixels)
      return chunk_fail(kCelChunk, at,
                        where + "a " + std::to_string(w) + "x" + std::to_string(h) +
                            " cel is over the image cap (" + std::to_string(kMaxSide) +
                            " a side, " + std::to_string(kMaxImagePixels) + " pixels)");
    return {};
  }

  Error tags(std::uint64_t at, Reader& r) {
    const int count = r.u16();
    r.skip(8);
    if (f_.tags.size() + std::size_t(count) > kMaxTags)
      return chunk_fail(kTagsChunk, at, "more than " + std::to_string(kMaxTags) + " tags");
    for (int i = 0; i < count; ++i) {
      Tag t;
      t.from = r.u16();
      t.to = r.u16();
      const int dir = r.u8();
      t.repeat = r.u16();
      r.skip(6 + 3 + 1);
      t.name = r.string();
      if (r.short_read()) return chunk_fail(kTagsChunk, at, "it ends before its fields do");
      const std::string which = "tag '" + t.name + "'";
      if (t.from > t.to || t.to >= int(f_.frames.size()))
        return chunk_fail(kTagsChunk, at,
                          which + " spans frames " + std::to_string(t.from) + ".." +
                              std::to_string(t.to) + ", outside 0.." +
                              std::to_string(f_.frames.size() - 1));
      if (dir > 3)
        return chunk_fail(kTagsChunk, at,
                          which + " has direction " + std::to_string(dir) +
                              ", none of 0 (forward), 1 (reverse), 2 (pingpong), 3 "
                              "(pingpong_reverse)");
      t.direction = Direction(dir);
      f_.tags.push_back(std::move(t));
    }
    return {};
  }

  Error slice(std::uint64_t at, Reader& r) {
    const std::uint32_t count = r.u32();
    Slice s;
    s.flags = r.u32();
    r.skip(4);
    s.name = r.string();
    if (f_.slices.size() >= kMaxSlices)
      return chunk_fail(kSliceChunk, at, "more than " + std::to_string(kMaxSlices) + " slices");
    // A key takes at least 20 bytes: the count is checked against what is left.
    if (count > kMaxSliceKeys - slice_keys_ || std::uint64_t(count) * 20 > r.left())
      return chunk_fail(kSliceChunk, at,
                        "slice '" + s.name + "' declares " + std::to_string(count) +
                            " keys, more than the chunk holds or the cap allows");
    slice_keys_ += count;
    for (std::uint32_t i = 0; i < count && !r.short_read(); ++i) {
      SliceKey k;
      const std::uint32_t frame = r.u32();
      k.x = r.s32();
      k.y = r.s32();
      k.width = r.u32();
      k.height = r.u32();
      if (s.flags & 1) r.skip(16);
      if (s.flags & 2) {
        k.has_pivot = true;
        k.pivot_x = r.s32();
        k.pivot_y = r.s32();
      }
      if (frame >= f_.frames.size())
        return chunk_fail(kSliceChunk, at,
                          "slice '" + s.name + "' has a key at frame " + std::to_string(frame) +
                              ", past the last frame " + std::to_string(f_.frames.size() - 1));
      k.frame = int(frame);
      s.keys.push_back(k);
    }
    f_.slices.push_back(std::move(s));
    return {};
  }

  Error tileset(std::uint64_t at, Reader& r) {
    if (f_.tilesets.size() >= kMaxTilesets)
      return chunk_fail(kTilesetChunk, at,
                        "more than " + std::to_string(kMaxTilesets) + " tilesets");
    Tileset t;
    t.chunk = at;
    t.id = r.u32();
    t.flags = r.u32();
    t.count = r.u32();
    t.tile_width = r.u16();
    t.tile_height = r.u16();
    r.skip(2 + 14);
    t.name = r.string();
    if (t.flags & 1) r.skip(8);
    if (t.flags & 2) {
      const std::uint32_t length = r.u32();
      if (length > r.left())
        return chunk_fail(kTilesetChunk, at,
                          "tileset '" + t.name + "' declares " + std::to_string(length) +
                              " bytes of image, the chunk holds " + std::to_string(r.left()));
      t.data = r.pos();
      t.size = length;
      r.skip(length);
    }
    if (r.short_read()) return chunk_fail(kTilesetChunk, at, "it ends before its fields do");
    if (t.tile_width == 0 || t.tile_height == 0)
      return chunk_fail(kTilesetChunk, at,
                        "tileset '" + t.name + "' has tiles of " + std::to_string(t.tile_width) +
                            "x" + std::to_string(t.tile_height));
    if (t.tile_width > kMaxSide || t.tile_height > kMaxSide ||
        std::uint64_t(t.tile_width) * std::uint64_t(t.tile_height) * t.count > kMaxImagePixels)
      return chunk_fail(kTilesetChunk, at,
                        "tileset '" + t.name + "': " + std::to_string(t.count) + " tiles of " +
                            std::to_string(t.tile_width) + "x" + std::to_string(t.tile_height) +
                            " are over the image cap");
    tileset_pixels_ += std::uint64_t(t.tile_width) * std::uint64_t(t.tile_height) * t.count;
    if (tileset_pixels_ > kMaxImagePixels)
      return chunk_fail(
          kTilesetChunk, at,
          "the tilesets hold more than " + std::to_string(kMaxImagePixels) + " pixels together");
    for (const Tileset& other : f_.tilesets)
      if (other.id == t.id)
        return chunk_fail(kTilesetChunk, at, "a second tileset with id " + std::to_string(t.id));
    f_.tilesets.push_back(std::move(t));
    return {};
  }

  // Tilemap layers name tilesets that may be stored after them: checked at the end.
  Error check_references() {
    for (const Layer& l : f_.layers) {
      if (l.type != LayerType::kTilemap) continue;
      const bool found = std::any_of(f_.tilesets.begin(), f_.tilesets.end(),
                                     [&](const Tileset& t) { return t.id == l.tileset; });
      if (!found)
        return chunk_fail(kLayerChunk, l.chunk,
                          "tilemap layer '" + l.path + "' uses tileset " +
                              std::to_string(l.tileset) + ", which the file does not hold");
    }
    return {};
  }

  File& f_;
  int speed_ = 0;
  std::vector<int> groups_;  // by child level: the open group's layer index, or -1
  bool new_palette_ = false;
  std::vector<Palette> old_palettes_;  // from the old chunks, used without a new one
  std::vector<int> cel_frame_;         // by layer: the frame of its last cel
  std::uint64_t tileset_pixels_ = 0;
  std::size_t slice_keys_ = 0;
};

}  // namespace

Result<File> parse(std::vector<std::uint8_t> bytes) {
  File file;
  if (bytes.size() > kMaxFileBytes)
    return Error{"the file is larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB", 0};
  file.bytes = std::move(bytes);
  if (Error e = Parser(file).run(); e.failed()) return e;
  return file;
}

const char* blend_name(BlendMode mode) {
  static const char* const kNames[kBlendModeCount] = {
      "normal",     "multiply",   "screen",     "overlay",    "darken",    "lighten", "color_dodge",
      "color_burn", "hard_light", "soft_light", "difference", "exclusion", "hue",     "saturation",
      "color",      "luminosity", "addition",   "subtract",   "divide"};
  const int i = int(mode);
  return i >= 0 && i < kBlendModeCount ? kNames[i] : "unknown";
}

}  // namespace spritec::aseprite
