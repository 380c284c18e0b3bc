// Independent decoders for the render tests: GIF through giflib's reader (DGifSlurp) with
// the frames composed by their disposal methods here, APNG through a minimal chunk splitter
// (CRC check, libdeflate inflate, unfilter, dispose/blend). Neither shares code with the
// encoders under test.
#pragma once

#include <gif_lib.h>
#include <libdeflate.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "spritec/image/image.hpp"

namespace render_test {

using spritec::image::Image;

struct DecodedFrame {
  Image image;                       // the whole canvas as shown
  int delay = 0;                     // GIF: centiseconds
  int disposal = 0;                  // GIF: 0..3; APNG: dispose_op
  int x = 0, y = 0, w = 0, h = 0;    // the stored rectangle
  int delay_num = 0, delay_den = 0;  // APNG
  int blend = 0;                     // APNG
};

struct DecodedAnimation {
  int width = 0, height = 0;
  std::vector<DecodedFrame> frames;
  int global_colours = 0;  // GIF: global colour table size
  bool loops_forever = false;
  std::string error;
};

struct MemoryReader {
  const std::vector<std::uint8_t>* bytes;
  std::size_t pos = 0;
};

inline int read_memory(GifFileType* gif, GifByteType* out, int len) {
  auto* r = static_cast<MemoryReader*>(gif->UserData);
  std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(len), r->bytes->size() - r->pos);
  std::memcpy(out, r->bytes->data() + r->pos, n);
  r->pos += n;
  return static_cast<int>(n);
}

inline DecodedAnimation decode_gif(const std::vector<std::uint8_t>& bytes) {
  DecodedAnimation out;
  MemoryReader reader{&bytes, 0};
  int error = 0;
  GifFileType* gif = DGifOpen(&reader, read_memory, &error);
  if (!gif) {
    out.error = "DGifOpen failed";
    return out;
  }
  if (DGifSlurp(gif) != GIF_OK) {
    out.error = "DGifSlurp failed";
    DGifCloseFile(gif, &error);
    return out;
  }
  out.width = gif->SWidth;
  out.height = gif->SHeight;
  out.global_colours = gif->SColorMap ? gif->SColorMap->ColorCount : 0;
  // DGifSlurp files extensions under the image that follows them (the loop extension
  // before the first image) or, after the last image, under the file.
  auto find_loop = [&](const ExtensionBlock* blocks, int count) {
    for (int i = 0; i + 1 < count; ++i) {
      const ExtensionBlock& b = blocks[i];
      if (b.Function == APPLICATION_EXT_FUNC_CODE && b.ByteCount == 11 &&
          std::memcmp(b.Bytes, "NETSCAPE2.0", 11) == 0) {
        const ExtensionBlock& sub = blocks[i + 1];
        out.loops_forever =
            sub.ByteCount == 3 && sub.Bytes[0] == 1 && sub.Bytes[1] == 0 && sub.Bytes[2] == 0;
      }
    }
  };
  find_loop(gif->ExtensionBlocks, gif->ExtensionBlockCount);
  if (gif->ImageCount > 0) {
    find_loop(gif->SavedImages[0].ExtensionBlocks, gif->SavedImages[0].ExtensionBlockCount);
  }
  Image canvas(out.width, out.height);
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& s = gif->SavedImages[i];
    GraphicsControlBlock gcb{};
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    DGifSavedExtensionToGCB(gif, i, &gcb);
    const ColorMapObject* map = s.ImageDesc.ColorMap ? s.ImageDesc.ColorMap : gif->SColorMap;
    Image before = canvas;
    const GifImageDesc& d = s.ImageDesc;
    for (int y = 0; y < d.Height; ++y) {
      for (int x = 0; x < d.Width; ++x) {
        int index = s.RasterBits[y * d.Width + x];
        if (index == gcb.TransparentColor) continue;
        int cx = d.Left + x, cy = d.Top + y;
        if (cx >= out.width || cy >= out.height) continue;
        std::uint8_t* p = canvas.pixel(cx, cy);
        const GifColorType& c = map->Colors[index];
        p[0] = c.Red;
        p[1] = c.Green;
        p[2] = c.Blue;
        p[3] = 255;
      }
    }
    DecodedFrame f;
    f.image = canvas;
    f.delay = gcb.DelayTime;
    f.disposal = gcb.DisposalMode;
    f.x = d.Left;
    f.y = d.Top;
    f.w = d.Width;
    f.h = d.Height;
    out.frames.push_back(f);
    if (gcb.DisposalMode == DISPOSE_BACKGROUND) {
      for (int y = d.Top; y < d.Top + d.Height && y < out.height; ++y) {
        for (int x = d.Left; x < d.Left + d.Width && x < out.width; ++x) {
          std::memset(canvas.pixel(x, y), 0, 4);
        }
      }
    } else if (gcb.DisposalMode == DISPOSE_PREVIOUS) {
      canvas = before;
    }
  }
  DGifCloseFile(gif, &error);
  return out;
}

// --- APNG -------------------------------------------------------------------------------

inline std::uint32_t be32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}
inline int be16(const std::uint8_t* p) {
  return p[0] << 8 | p[1];
}

inline int paeth_predict(int a, int b, int c) {
  int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

// Inflates a zlib stream and unfilters w x h RGBA8 rows.
inline bool inflate_rgba(const std::vector<std::uint8_t>& z, int w, int h,
                         std::vector<std::uint8_t>& rgba) {
  std::size_t stride = std::size_t(w) * 4;
  std::vector<std::uint8_t> raw((stride + 1) * std::size_t(h));
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  std::size_t got = 0;
  auto r = libdeflate_zlib_decompress(d, z.data(), z.size(), raw.data(), raw.size(), &got);
  libdeflate_free_decompressor(d);
  if (r != LIBDEFLATE_SUCCESS || got != raw.size()) return false;
  rgba.assign(stride * std::size_t(h), 0);
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* in = &raw[std::size_t(y) * (stride + 1)];
    std::uint8_t* cur = &rgba[std::size_t(y) * stride];
    const std::uint8_t* up = y > 0 ? cur - stride : nullptr;
    for (std::size_t i = 0; i < stride; ++i) {
      int a = i >= 4 ? cur[i - 4] : 0, b = up ? up[i] : 0, c = (up && i >= 4) ? up[i - 4] : 0;
      int v = in[1 + i];
      switch (in[0]) {
        case 0:
          break;
        case 1:
          v += a;
          break;
        case 2:
          v += b;
          break;
        case 3:
          v += (a + b) / 2;
          break;
        case 4:
          v += paeth_predict(a, b, c);
          break;
        default:
          return false;
      }
      cur[i] = static_cast<std::uint8_t>(v);
    }
  }
  return true;
}

inline DecodedAnimation decode_apng(const std::vector<std::uint8_t>& bytes, int* num_plays) {
  DecodedAnimation out;
  static const std::uint8_t kSig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (bytes.size() < 8 || std::memcmp(bytes.data(), kSig, 8) != 0) {
    out.error = "no PNG signature";
    return out;
  }
  struct Pending {
    DecodedFrame f;
    std::vector<std::uint8_t> z;
    bool open = false;
  } pending;
  Image canvas;
  std::uint32_t expected_sequence = 0;
  auto finish = [&]() -> bool {
    if (!pending.open) return true;
    std::vector<std::uint8_t> rgba;
    DecodedFrame& f = pending.f;
    if (!inflate_rgba(pending.z, f.w, f.h, rgba)) return false;
    Image before = canvas;
    for (int y = 0; y < f.h; ++y) {
      for (int x = 0; x < f.w; ++x) {
        const std::uint8_t* s = &rgba[(std::size_t(y) * f.w + x) * 4];
        std::uint8_t* d = canvas.pixel(f.x + x, f.y + y);
        if (f.blend == 0 || s[3] == 255) {
          std::memcpy(d, s, 4);
        } else if (s[3] != 0) {
          // Straight-alpha over (the spec's formula), rounded.
          double sa = s[3] / 255.0, da = d[3] / 255.0, oa = sa + da * (1 - sa);
          for (int k = 0; k < 3; ++k) {
            d[k] = static_cast<std::uint8_t>((s[k] * sa + d[k] * da * (1 - sa)) / oa + 0.5);
          }
          d[3] = static_cast<std::uint8_t>(oa * 255 + 0.5);
        }
      }
    }
    f.image = canvas;
    out.frames.push_back(f);
    int dispose = f.disposal;
    if (out.frames.size() == 1 && dispose == 2) dispose = 1;
    if (dispose == 1) {
      for (int y = f.y; y < f.y + f.h; ++y) {
        for (int x = f.x; x < f.x + f.w; ++x)
          std::memset(canvas.pixel(x, y), 0, 4);
      }
    } else if (dispose == 2) {
      canvas = before;
    }
    pending = Pending{};
    return true;
  };
  std::size_t pos = 8;
  bool ended = false;
  while (pos + 12 <= bytes.size()) {
    std::uint32_t len = be32(&bytes[pos]);
    if (bytes.size() - pos - 12 < len) {
      out.error = "truncated chunk";
      return out;
    }
    std::string type(reinterpret_cast<const char*>(&bytes[pos + 4]), 4);
    const std::uint8_t* data = &bytes[pos + 8];
    std::uint32_t crc = be32(&bytes[pos + 8 + len]);
    if (libdeflate_crc32(0, &bytes[pos + 4], len + 4) != crc) {
      out.error = "bad CRC in " + type;
      return out;
    }
    if (type == "IHDR") {
      out.width = static_cast<int>(be32(data));
      out.height = static_cast<int>(be32(data + 4));
      canvas = Image(out.width, out.height);
    } else if (type == "acTL") {
      if (num_plays) *num_plays = static_cast<int>(be32(data + 4));
    } else if (type == "fcTL") {
      if (!finish()) {
        out.error = "bad frame data";
        return out;
      }
      if (be32(data) != expected_sequence++) {
        out.error = "bad sequence number";
        return out;
      }
      pending.open = true;
      pending.f.w = static_cast<int>(be32(data + 4));
      pending.f.h = static_cast<int>(be32(data + 8));
      pending.f.x = static_cast<int>(be32(data + 12));
      pending.f.y = static_cast<int>(be32(data + 16));
      pending.f.delay_num = be16(data + 20);
      pending.f.delay_den = be16(data + 22);
      pending.f.disposal = data[24];
      pending.f.blend = data[25];
    } else if (type == "IDAT") {
      pending.z.insert(pending.z.end(), data, data + len);
    } else if (type == "fdAT") {
      if (be32(data) != expected_sequence++) {
        out.error = "bad sequence number";
        return out;
      }
      pending.z.insert(pending.z.end(), data + 4, data + len);
    } else if (type == "IEND") {
      ended = true;
    }
    pos += 12 + len;
  }
  if (!finish()) out.error = "bad frame data";
  if (!ended) out.error = "no IEND";
  return out;
}

}  // namespace render_test
