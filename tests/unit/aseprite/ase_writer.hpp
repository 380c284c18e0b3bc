// A small .aseprite writer for the tests, written from the file specification
// (aseprite/aseprite docs/ase-file-specs.md): header, frames, and the chunks the reader
// draws from. It knows nothing of the reader under test; zlib streams are made with
// libdeflate's compressor (the reader only inflates).
#pragma once

#include <libdeflate.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ase_test {

using Bytes = std::vector<std::uint8_t>;

inline Bytes zlib(const Bytes& raw) {
  libdeflate_compressor* c = libdeflate_alloc_compressor(6);
  Bytes out(libdeflate_zlib_compress_bound(c, raw.size()));
  out.resize(libdeflate_zlib_compress(c, raw.data(), raw.size(), out.data(), out.size()));
  libdeflate_free_compressor(c);
  return out;
}

// Little-endian field writer.
struct Out {
  Bytes b;
  Out& u8(unsigned v) {
    b.push_back(std::uint8_t(v));
    return *this;
  }
  Out& u16(unsigned v) { return u8(v & 0xff).u8((v >> 8) & 0xff); }
  Out& u32(std::uint32_t v) { return u16(v & 0xffff).u16(v >> 16); }
  Out& s16(int v) { return u16(unsigned(std::uint16_t(std::int16_t(v)))); }
  Out& s32(int v) { return u32(std::uint32_t(v)); }
  Out& zeros(std::size_t n) {
    b.insert(b.end(), n, 0);
    return *this;
  }
  Out& str(const std::string& s) {
    u16(unsigned(s.size()));
    b.insert(b.end(), s.begin(), s.end());
    return *this;
  }
  Out& bytes(const Bytes& v) {
    b.insert(b.end(), v.begin(), v.end());
    return *this;
  }
};

// A chunk: DWORD size (including these 6 bytes), WORD type, data.
inline Bytes chunk(std::uint16_t type, const Bytes& data) {
  Out o;
  o.u32(std::uint32_t(data.size() + 6)).u16(type).bytes(data);
  return o.b;
}

struct Layer {
  std::string name;
  unsigned flags = 1 | 2;  // visible, editable
  unsigned type = 0;       // 0 image, 1 group, 2 tilemap
  unsigned level = 0;
  unsigned blend = 0;
  unsigned opacity = 255;
  std::uint32_t tileset = 0;
};
inline Bytes layer_chunk(const Layer& l, bool uuid = false) {
  Out o;
  o.u16(l.flags).u16(l.type).u16(l.level).u16(0).u16(0).u16(l.blend).u8(l.opacity).zeros(3);
  o.str(l.name);
  if (l.type == 2) o.u32(l.tileset);
  if (uuid) o.zeros(16);
  return chunk(0x2004, o.b);
}

inline Out cel_head(unsigned layer, int x, int y, unsigned opacity, unsigned type, int z) {
  Out o;
  o.u16(layer).s16(x).s16(y).u8(opacity).u16(type).s16(z).zeros(5);
  return o;
}
// Compressed (type 2) or raw (type 0) image cel; `pixels` in the sprite's colour mode.
inline Bytes image_cel(unsigned layer, int x, int y, unsigned w, unsigned h, const Bytes& pixels,
                       unsigned opacity = 255, int z = 0, bool raw = false) {
  Out o = cel_head(layer, x, y, opacity, raw ? 0 : 2, z);
  o.u16(w).u16(h).bytes(raw ? pixels : zlib(pixels));
  return chunk(0x2005, o.b);
}
inline Bytes linked_cel(unsigned layer, int x, int y, unsigned frame, unsigned opacity = 255) {
  Out o = cel_head(layer, x, y, opacity, 1, 0);
  o.u16(frame);
  return chunk(0x2005, o.b);
}
// 32-bit tiles with Aseprite's masks.
inline Bytes tilemap_cel(unsigned layer, int x, int y, unsigned w, unsigned h,
                         const std::vector<std::uint32_t>& tiles) {
  Out o = cel_head(layer, x, y, 255, 3, 0);
  o.u16(w).u16(h).u16(32).u32(0x1fffffff).u32(0x80000000).u32(0x40000000).u32(0x20000000);
  o.zeros(10);
  Out t;
  for (std::uint32_t v : tiles)
    t.u32(v);
  o.bytes(zlib(t.b));
  return chunk(0x2005, o.b);
}
inline Bytes tileset_chunk(std::uint32_t id, unsigned tw, unsigned th, std::uint32_t count,
                           const Bytes& pixels, const std::string& name = "tiles") {
  Out o;
  o.u32(id).u32(2 | 4).u32(count).u16(tw).u16(th).s16(1).zeros(14).str(name);
  const Bytes z = zlib(pixels);
  o.u32(std::uint32_t(z.size())).bytes(z);
  return chunk(0x2023, o.b);
}

struct Tag {
  std::string name;
  unsigned from = 0, to = 0, direction = 0, repeat = 0;
};
inline Bytes tags_chunk(const std::vector<Tag>& tags) {
  Out o;
  o.u16(unsigned(tags.size())).zeros(8);
  for (const Tag& t : tags)
    o.u16(t.from)
        .u16(t.to)
        .u8(t.direction)
        .u16(t.repeat)
        .zeros(6)
        .u8(0)
        .u8(0)
        .u8(0)
        .u8(0)
        .str(t.name);
  return chunk(0x2018, o.b);
}

// New palette chunk: colours as RGBA bytes, from index `from`.
inline Bytes palette_chunk(std::uint32_t size, std::uint32_t from,
                           const std::vector<std::uint32_t>& rgba) {
  Out o;
  o.u32(size).u32(from).u32(from + std::uint32_t(rgba.size()) - 1).zeros(8);
  for (std::uint32_t c : rgba)
    o.u16(0).u32(c);
  return chunk(0x2019, o.b);
}

struct SliceKey {
  unsigned frame = 0;
  int x = 0, y = 0;
  unsigned w = 1, h = 1;
  bool pivot = false;
  int px = 0, py = 0;
};
inline Bytes slice_chunk(const std::string& name, const std::vector<SliceKey>& keys) {
  const bool pivot = !keys.empty() && keys[0].pivot;
  Out o;
  o.u32(std::uint32_t(keys.size())).u32(pivot ? 2 : 0).u32(0).str(name);
  for (const SliceKey& k : keys) {
    o.u32(k.frame).s32(k.x).s32(k.y).u32(k.w).u32(k.h);
    if (pivot) o.s32(k.px).s32(k.py);
  }
  return chunk(0x2022, o.b);
}

struct Frame {
  unsigned duration = 100;
  std::vector<Bytes> chunks;
};

struct Sprite {
  unsigned width = 4, height = 4, depth = 32;
  std::uint32_t flags = 1;  // layer opacity valid
  unsigned speed = 100;
  unsigned transparent = 0;
  std::vector<Frame> frames;

  Bytes bytes() const {
    Out body;
    for (const Frame& f : frames) {
      Out chunks;
      for (const Bytes& c : f.chunks)
        chunks.bytes(c);
      Out h;
      h.u32(std::uint32_t(16 + chunks.b.size())).u16(0xF1FA);
      h.u16(f.chunks.size() < 0xffff ? unsigned(f.chunks.size()) : 0xffff);
      h.u16(f.duration).zeros(2).u32(std::uint32_t(f.chunks.size()));
      body.bytes(h.b).bytes(chunks.b);
    }
    Out o;
    o.u32(std::uint32_t(128 + body.b.size())).u16(0xA5E0).u16(unsigned(frames.size()));
    o.u16(width).u16(height).u16(depth).u32(flags).u16(speed).u32(0).u32(0);
    o.u8(transparent).zeros(3).u16(depth == 8 ? 256 : 0).u8(1).u8(1);
    o.s16(0).s16(0).u16(16).u16(16).zeros(84);
    return o.bytes(body.b).b;
  }
};

// RGBA pixels in the order the file stores them.
inline Bytes rgba_pixels(std::initializer_list<std::uint32_t> colours_rgba_hex) {
  Bytes out;
  for (std::uint32_t c : colours_rgba_hex) {  // 0xRRGGBBAA
    out.push_back(std::uint8_t(c >> 24));
    out.push_back(std::uint8_t(c >> 16));
    out.push_back(std::uint8_t(c >> 8));
    out.push_back(std::uint8_t(c));
  }
  return out;
}
inline Bytes fill(unsigned count, std::uint32_t rgba_hex) {
  Bytes out;
  for (unsigned i = 0; i < count; ++i) {
    Bytes px = rgba_pixels({rgba_hex});
    out.insert(out.end(), px.begin(), px.end());
  }
  return out;
}

}  // namespace ase_test
