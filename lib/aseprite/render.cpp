// Flattening a frame: which layers are drawn, cels decoded (raw, zlib, tilemaps from their
// tileset) and composited bottom to top as Aseprite renders them.
#include <libdeflate.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "blend.hpp"
#include "spritec/aseprite/aseprite.hpp"
#include "spritec/geom/geom.hpp"

namespace spritec::aseprite {
namespace {

using detail::Rgba;

bool hidden_by_group(const File& f, int i) {
  for (int p = f.layers[std::size_t(i)].parent; p >= 0; p = f.layers[std::size_t(p)].parent)
    if (!f.layers[std::size_t(p)].visible()) return true;
  return false;
}

bool inside(const File& f, int layer, int group) {
  for (int p = f.layers[std::size_t(layer)].parent; p >= 0; p = f.layers[std::size_t(p)].parent)
    if (p == group) return true;
  return false;
}

std::string list_layers(const File& f) {
  std::string out;
  for (const Layer& l : f.layers) {
    if (!out.empty()) out += ", ";
    out += l.path;
  }
  return out.empty() ? "none" : out;
}

// Inflates a zlib stream into exactly `size` bytes; on failure says why after `where()`.
template <class Where>
Error inflate(libdeflate_decompressor* d, const File& f, std::uint64_t data, std::uint64_t length,
              std::size_t size, std::vector<std::uint8_t>& out, RenderStats& stats,
              const Where& where) {
  // DEFLATE cannot expand data more than 1032 to 1: a declared size past that is refused
  // before a byte is allocated for it (a few hundred hostile bytes must not cost 256 MiB).
  if (size / 1100 > length)
    return Error{where() + ": " + std::to_string(length) +
                     " bytes of zlib data cannot inflate to the " + std::to_string(size) +
                     " bytes its size declares",
                 data};
  out.resize(size);
  ++stats.inflations;
  stats.inflated_bytes += size;
  std::size_t got = 0;
  const libdeflate_result r =
      libdeflate_zlib_decompress(d, f.bytes.data() + data, length, out.data(), size, &got);
  if (r == LIBDEFLATE_INSUFFICIENT_SPACE)
    return Error{where() + ": the zlib data inflates to more than the " + std::to_string(size) +
                     " bytes its size declares",
                 data};
  if (r != LIBDEFLATE_SUCCESS) return Error{where() + ": the zlib data is damaged", data};
  if (got != size)
    return Error{where() + ": the zlib data inflates to " + std::to_string(got) +
                     " bytes, not the " + std::to_string(size) + " its size declares",
                 data};
  return {};
}

// A cel's or tile's pixels in the sprite's colour mode, turned into RGBA. `background`:
// the transparent index is drawn as its colour (background layers are opaque).
struct PixelReader {
  const File& f;
  const Palette& palette;
  bool background;
  // Returns false for "nothing here" (an indexed pixel at the transparent index).
  bool operator()(const std::uint8_t* p, Rgba& out) const {
    switch (f.mode) {
      case ColorMode::kRgba:
        out = detail::rgba(p[0], p[1], p[2], p[3]);
        return true;
      case ColorMode::kGrayscale:
        out = detail::rgba(p[0], p[0], p[0], p[1]);
        return true;
      case ColorMode::kIndexed:
        if (!background && p[0] == f.transparent_index) return false;
        if (p[0] >= palette.size) return false;  // Aseprite's entry past the end: transparent
        out = palette.colours[p[0]];
        return true;
    }
    return false;
  }
};

std::size_t pixel_bytes(const File& f) {
  return std::size_t(f.mode) / 8;
}

// The z-order of NOTE.5: by place plus z-index, then by z-index. The place is the layer
// index when groups draw straight onto the frame, the place among its siblings when groups
// blend as a whole (Aseprite's render plan counts every layer, hidden ones too, either way).
struct Drawn {
  int layer;
  const Cel* cel;  // null for a group
  int place;
  bool operator<(const Drawn& o) const {
    const int za = cel ? cel->z : 0, zb = o.cel ? o.cel->z : 0;
    return place + za < o.place + zb || (place + za == o.place + zb && za < zb);
  }
};

}  // namespace

Result<std::vector<bool>> select_layers(const File& file, const std::vector<std::string>& names) {
  const std::size_t n = file.layers.size();
  std::vector<bool> pick(n, false);
  const auto drawable = [&](std::size_t i) {
    return file.layers[i].type != LayerType::kGroup && !file.layers[i].reference();
  };
  if (names.empty()) {
    for (std::size_t i = 0; i < n; ++i)
      pick[i] = drawable(i) && file.layers[i].visible() && !hidden_by_group(file, int(i));
    return pick;
  }
  for (const std::string& name : names) {
    // A group path names one layer ("c" is the top-level c, not every layer called c);
    // only when no path matches does the name pick every layer of that name (as
    // Aseprite's --layer does).
    const bool by_path = std::any_of(file.layers.begin(), file.layers.end(),
                                     [&](const Layer& l) { return l.path == name; });
    bool found = false;
    for (std::size_t i = 0; i < n; ++i) {
      const Layer& l = file.layers[i];
      if ((by_path ? l.path : l.name) != name) continue;
      found = true;
      if (l.type != LayerType::kGroup) {
        pick[i] = !l.reference();
        continue;
      }
      // A group: its visible descendants, under no hidden group of their own inside it.
      for (std::size_t j = 0; j < n; ++j) {
        if (!drawable(j) || !inside(file, int(j), int(i)) || !file.layers[j].visible()) continue;
        bool hidden = false;
        for (int p = file.layers[j].parent; p != int(i); p = file.layers[std::size_t(p)].parent)
          hidden = hidden || !file.layers[std::size_t(p)].visible();
        if (!hidden) pick[j] = true;
      }
    }
    if (!found)
      return Error{"no layer or group named '" + name + "' (layers: " + list_layers(file) + ")", 0};
  }
  return pick;
}

namespace detail {

// The decoded pixels of the cels that linked cels point at, so that a cel linked from
// 65,534 frames is inflated once, not once a frame (a 256 MiB cel took 0.37 s each time).
// At most kMaxLinkedCacheBytes are kept; past that the oldest are dropped.
struct LinkedCels {
  std::vector<std::uint64_t> targets;  // sorted: the data offsets that links point at
  std::vector<std::pair<std::uint64_t, std::vector<std::uint8_t>>> decoded;  // oldest first
  std::uint64_t bytes = 0;

  bool is_target(std::uint64_t data) const {
    return std::binary_search(targets.begin(), targets.end(), data);
  }
  const std::vector<std::uint8_t>* find(std::uint64_t data) const {
    for (const auto& [at, pixels] : decoded)
      if (at == data) return &pixels;
    return nullptr;
  }
  // Keeps `pixels` (moved from) when they fit the cap, dropping the oldest for room.
  const std::vector<std::uint8_t>* keep(std::uint64_t data, std::vector<std::uint8_t>& pixels) {
    if (pixels.size() > kMaxLinkedCacheBytes) return nullptr;
    while (bytes + pixels.size() > kMaxLinkedCacheBytes) {
      bytes -= decoded.front().second.size();
      decoded.erase(decoded.begin());
    }
    bytes += pixels.size();
    decoded.emplace_back(data, std::move(pixels));
    return &decoded.back().second;
  }
};

}  // namespace detail

Renderer::Renderer(const File& file, std::vector<bool> layers)
    : file_(file),
      layers_(std::move(layers)),
      tilesets_(file.tilesets.size()),
      tileset_done_(file.tilesets.size(), false),
      linked_(std::make_shared<detail::LinkedCels>()) {
  layers_.resize(file.layers.size(), false);
  for (const Frame& fr : file.frames)
    for (const Cel& c : fr.cels)
      if (c.linked_from >= 0 && c.kind != CelKind::kRaw) linked_->targets.push_back(c.data);
  std::sort(linked_->targets.begin(), linked_->targets.end());
  linked_->targets.erase(std::unique(linked_->targets.begin(), linked_->targets.end()),
                         linked_->targets.end());
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  if (d == nullptr) throw std::bad_alloc();
  inflater_ = std::shared_ptr<void>(
      d, [](void* p) { libdeflate_free_decompressor(static_cast<libdeflate_decompressor*>(p)); });
}

namespace {

class Compositor {
 public:
  Compositor(const File& f, const std::vector<bool>& layers,
             std::vector<std::vector<std::uint8_t>>& tilesets, std::vector<bool>& done,
             libdeflate_decompressor* inflater, detail::LinkedCels& linked, RenderStats& stats)
      : f_(f),
        layers_(layers),
        tilesets_(tilesets),
        done_(done),
        inflater_(inflater),
        linked_(linked),
        stats_(stats) {}

  // Composites frame `frame` and writes it into `dst` with its top-left at (x, y).
  Error run(int frame, image::Image& dst, int x, int y) {
    const Frame& fr = f_.frames[std::size_t(frame)];
    cel_of_.assign(f_.layers.size(), nullptr);
    for (const Cel& c : fr.cels)
      cel_of_[std::size_t(c.layer)] = &c;
    needed_.assign(f_.layers.size(), false);
    for (std::size_t i = 0; i < f_.layers.size(); ++i) {
      if (!layers_[i] || cel_of_[i] == nullptr) continue;
      for (int p = int(i); p >= 0; p = f_.layers[std::size_t(p)].parent)
        needed_[std::size_t(p)] = true;
    }
    where_ = "frame " + std::to_string(frame);
    palette_ = &palette_at(f_, frame);
    // An indexed sprite whose background layer is drawn starts from the transparent
    // index's colour, as Aseprite's renderer fills the frame before the layers.
    Rgba base = 0;
    for (std::size_t i = 0; i < f_.layers.size(); ++i)
      if (f_.mode == ColorMode::kIndexed && layers_[i] && f_.layers[i].background() &&
          f_.transparent_index < palette_->size)
        base = palette_->colours[std::size_t(f_.transparent_index)];
    if (Error e = check_canvases(frame); e.failed()) return e;
    std::vector<Rgba> canvas(std::size_t(f_.width) * std::size_t(f_.height), base);
    if (Error e = compose(-1, canvas, false); e.failed()) return e;
    for (int row = 0; row < f_.height; ++row) {
      const Rgba* src = canvas.data() + std::size_t(row) * std::size_t(f_.width);
      std::uint8_t* out = dst.pixel(x, y + row);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
      // Rgba holds red in the low byte: in memory it already is R, G, B, A.
      std::memcpy(out, src, std::size_t(f_.width) * 4);
      continue;
#endif
      for (int col = 0; col < f_.width; ++col, out += 4) {
        out[0] = std::uint8_t(detail::red(src[col]));
        out[1] = std::uint8_t(detail::green(src[col]));
        out[2] = std::uint8_t(detail::blue(src[col]));
        out[3] = std::uint8_t(detail::alpha(src[col]));
      }
    }
    return {};
  }

 private:
  // A group that blends as a whole and is drawn into a fresh (fully transparent) canvas
  // of its own as the only thing there, at full opacity, is that canvas: blending over a
  // transparent backdrop is a copy in every mode. Such a group composes straight into its
  // parent's canvas and needs none of its own.
  bool shares_canvas(int group) const {
    const Layer& l = f_.layers[std::size_t(group)];
    return l.parent >= 0 && l.opacity == 255 && needed_children_[std::size_t(l.parent)] == 1;
  }

  // The canvases this frame will hold at once — its own and one per group nested in the
  // deepest chain that needs one — within kMaxCanvasBytes, worked out before any is
  // allocated (64 nested groups on an 8192x8192 canvas once asked for 16.6 GB).
  Error check_canvases(int frame) {
    needed_children_.assign(f_.layers.size(), 0);
    const std::uint64_t one = std::uint64_t(f_.width) * std::uint64_t(f_.height) * sizeof(Rgba);
    const bool groups_blend = (f_.flags & kGroupOpacityValid) != 0;
    for (std::size_t i = 0; i < f_.layers.size(); ++i)
      if (needed_[i] && f_.layers[i].parent >= 0)
        ++needed_children_[std::size_t(f_.layers[i].parent)];
    std::uint64_t most = 1;
    int deepest = -1;
    for (std::size_t i = 0; i < f_.layers.size() && groups_blend; ++i) {
      if (!needed_[i] || f_.layers[i].type != LayerType::kGroup) continue;
      std::uint64_t held = 1;
      for (int g = int(i); g >= 0; g = f_.layers[std::size_t(g)].parent)
        if (!shares_canvas(g)) ++held;
      if (held > most) most = held, deepest = int(i);
    }
    if (most * one > kMaxCanvasBytes)
      return Error{"frame " + std::to_string(frame) + ": group '" +
                       f_.layers[std::size_t(deepest)].path + "' and the groups around it " +
                       "blend as a whole: with the frame's own they need " + std::to_string(most) +
                       " canvases of " + std::to_string(f_.width) + "x" +
                       std::to_string(f_.height) + " at once (" + std::to_string(most * one) +
                       " bytes), more than the " + std::to_string(kMaxCanvasBytes) +
                       " bytes a frame may hold",
                   f_.layers[std::size_t(deepest)].chunk};
    stats_.canvas_bytes = std::max(stats_.canvas_bytes, most * one);
    return {};
  }

  // Draws the children of `group` (-1: the top) onto `target` (`fresh`: a group's own
  // canvas, nothing drawn on it yet). Groups blend as a whole (into their own canvas, then
  // with their mode and opacity) when the header says group modes are valid; otherwise
  // their layers draw straight onto the target, in the global z-order of NOTE.5.
  Error compose(int group, std::vector<Rgba>& target, bool fresh) {
    const bool groups_blend = (f_.flags & kGroupOpacityValid) != 0;
    std::vector<Drawn> order;
    int sibling = 0;
    for (std::size_t i = 0; i < f_.layers.size(); ++i) {
      const Layer& l = f_.layers[i];
      if (groups_blend && l.parent != group) continue;
      ++sibling;
      if (!needed_[i]) continue;
      const int place = groups_blend ? sibling : int(i);
      if (l.type == LayerType::kGroup) {
        if (groups_blend) order.push_back({int(i), nullptr, place});
      } else {
        order.push_back({int(i), cel_of_[i], place});
      }
    }
    std::stable_sort(order.begin(), order.end());
    for (const Drawn& d : order) {
      const Layer& l = f_.layers[std::size_t(d.layer)];
      if (d.cel == nullptr) {
        if (fresh && shares_canvas(d.layer)) {
          if (Error e = compose(d.layer, target, true); e.failed()) return e;
          continue;
        }
        std::vector<Rgba> inner(target.size(), 0);
        if (Error e = compose(d.layer, inner, true); e.failed()) return e;
        for (std::size_t i = 0; i < target.size(); ++i)
          if (detail::alpha(inner[i]) != 0)
            target[i] = detail::blend(l.blend, target[i], inner[i], l.opacity);
        continue;
      }
      if (Error e = draw_cel(l, *d.cel, target); e.failed()) return e;
    }
    return {};
  }

  Error draw_cel(const Layer& layer, const Cel& cel, std::vector<Rgba>& target) {
    const int opacity = detail::mul_un8(cel.opacity, layer.opacity);
    const auto where = [&] {
      return "cel chunk (0x2005) at byte " + std::to_string(cel.chunk) + ": " + where_ +
             ", layer '" + layer.path + "'";
    };
    if (cel.kind == CelKind::kTilemap) return draw_tilemap(layer, cel, opacity, target, where);
    const std::size_t bpp = pixel_bytes(f_);
    const std::size_t size = std::size_t(cel.width) * std::size_t(cel.height) * bpp;
    const std::uint8_t* px = nullptr;
    if (cel.kind == CelKind::kCompressed) {
      const std::vector<std::uint8_t>* kept = linked_.find(cel.data);
      if (kept == nullptr) {
        if (Error e = inflate(inflater_, f_, cel.data, cel.size, size, buffer_, stats_, where);
            e.failed())
          return e;
        if (linked_.is_target(cel.data)) kept = linked_.keep(cel.data, buffer_);
      }
      px = kept ? kept->data() : buffer_.data();
    } else {
      px = f_.bytes.data() + cel.data;
    }
    const int x0 = std::max(0, -cel.x), y0 = std::max(0, -cel.y);
    const int x1 = std::min(cel.width, f_.width - cel.x),
              y1 = std::min(cel.height, f_.height - cel.y);
    if (x0 >= x1) return {};
    const PixelReader read{f_, *palette_, layer.background()};
    const bool normal = layer.blend == BlendMode::kNormal;
    for (int y = y0; y < y1; ++y) {
      const std::uint8_t* src =
          px + (std::size_t(y) * std::size_t(cel.width) + std::size_t(x0)) * bpp;
      Rgba* dst = &target[std::size_t(cel.y + y) * std::size_t(f_.width) + std::size_t(cel.x + x0)];
      if (f_.mode == ColorMode::kRgba && normal) {  // the common case, without dispatch
        for (int x = x0; x < x1; ++x, src += 4, ++dst)
          *dst = detail::normal(*dst, detail::rgba(src[0], src[1], src[2], src[3]), opacity);
        continue;
      }
      for (int x = x0; x < x1; ++x, src += bpp, ++dst) {
        Rgba c;
        if (!read(src, c)) continue;
        *dst = normal ? detail::normal(*dst, c, opacity)
                      : detail::blend(layer.blend, *dst, c, opacity);
      }
    }
    return {};
  }

  template <class Where>
  Error draw_tilemap(const Layer& layer, const Cel& cel, int opacity, std::vector<Rgba>& target,
                     const Where& where) {
    std::size_t ts = 0;
    if (Error e = decode_tileset(layer, where, ts); e.failed()) return e;
    const std::vector<std::uint8_t>* tiles = nullptr;
    if (Error e = decode_tile_words(cel, where, tiles); e.failed()) return e;
    const Tileset& set = f_.tilesets[ts];
    const std::size_t tile_bytes = std::size_t(cel.tile_bits) / 8;
    const std::uint32_t empty = (set.flags & 4) ? 0 : cel.id_mask;
    unsigned shift = 0;
    while (shift < 32 && cel.id_mask != 0 && !((cel.id_mask >> shift) & 1))
      ++shift;
    const PixelReader read{f_, *palette_, layer.background()};
    const int tw = set.tile_width, th = set.tile_height;
    // Only the tiles that reach the canvas (a huge map mostly off it costs nothing).
    const auto first = [](long at, long size) { return at >= 0 ? 0L : (-at) / size; };
    const auto past = [](long at, long size, long limit, long count) {
      return std::min(count, limit - at <= 0 ? 0L : (limit - at + size - 1) / size);
    };
    const long row0 = first(cel.y, th), row1 = past(cel.y, th, f_.height, cel.height);
    const long col0 = first(cel.x, tw), col1 = past(cel.x, tw, f_.width, cel.width);
    for (long row = row0; row < row1; ++row) {
      for (long col = col0; col < col1; ++col) {
        const std::uint8_t* t =
            tiles->data() +
            (std::size_t(row) * std::size_t(cel.width) + std::size_t(col)) * tile_bytes;
        std::uint32_t word = t[0];
        if (tile_bytes >= 2) word |= std::uint32_t(t[1]) << 8;
        if (tile_bytes == 4) word |= std::uint32_t(t[2]) << 16 | std::uint32_t(t[3]) << 24;
        const std::uint32_t id = (word & cel.id_mask) >> shift;
        if ((word & cel.id_mask) == (empty & cel.id_mask) || id >= set.count) continue;
        const Placed tile{long(cel.x) + col * tw, long(cel.y) + row * th, id, word};
        draw_tile(layer.blend, cel, tilesets_[ts], set, tile, read, opacity, target);
      }
    }
    return {};
  }

  // The tileset a tilemap layer draws from, its tiles decoded once per file: its index in ts.
  template <class Where>
  Error decode_tileset(const Layer& layer, const Where& where, std::size_t& ts) {
    ts = 0;
    while (f_.tilesets[ts].id != layer.tileset)
      ++ts;  // parse checked that it is there
    const Tileset& set = f_.tilesets[ts];
    if (!(set.flags & 2))
      return Error{where() + ": tileset '" + set.name + "' is stored in another file", set.chunk};
    if (done_[ts]) return {};
    const std::size_t px = std::size_t(set.tile_width) * set.tile_height * set.count;
    if (Error e =
            inflate(inflater_, f_, set.data, set.size, px * pixel_bytes(f_), tilesets_[ts], stats_,
                    [&] {
                      return "tileset chunk (0x2023) at byte " + std::to_string(set.chunk) +
                             ": tileset '" + set.name + "'";
                    });
        e.failed())
      return e;
    done_[ts] = true;
    return {};
  }

  // The tile words of a tilemap cel: decoded into buffer_, or kept from a cel linked to it.
  template <class Where>
  Error decode_tile_words(const Cel& cel, const Where& where,
                          const std::vector<std::uint8_t>*& tiles) {
    tiles = linked_.find(cel.data);
    if (tiles != nullptr) return {};
    const std::size_t tile_bytes = std::size_t(cel.tile_bits) / 8;
    if (Error e = inflate(inflater_, f_, cel.data, cel.size,
                          std::size_t(cel.width) * std::size_t(cel.height) * tile_bytes, buffer_,
                          stats_, where);
        e.failed())
      return e;
    if (linked_.is_target(cel.data)) tiles = linked_.keep(cel.data, buffer_);
    if (tiles == nullptr) tiles = &buffer_;
    return {};
  }

  // A tile of a tilemap cel: where its top-left falls on the canvas, its id and its word
  // (whose flip bits say how it is drawn).
  struct Placed {
    long left = 0, top = 0;
    std::uint32_t id = 0, word = 0;
  };

  void draw_tile(BlendMode blend, const Cel& cel, const std::vector<std::uint8_t>& pixels,
                 const Tileset& set, const Placed& tile, const PixelReader& read, int opacity,
                 std::vector<Rgba>& target) {
    const int tw = set.tile_width, th = set.tile_height;
    const std::size_t bpp = pixel_bytes(f_);
    const bool fx = cel.xflip && (tile.word & cel.xflip) == cel.xflip;
    const bool fy = cel.yflip && (tile.word & cel.yflip) == cel.yflip;
    const bool fd = cel.dflip && (tile.word & cel.dflip) == cel.dflip;
    // Only the tile's pixels on the canvas: an 8192x1 tile on a 1 px canvas is 1 pixel
    // of work, not 8,192.
    const long left = tile.left, top = tile.top;
    const int x0 = int(std::max(0L, -left)), x1 = int(std::min(long(tw), f_.width - left));
    const int y0 = int(std::max(0L, -top)), y1 = int(std::min(long(th), f_.height - top));
    if (x0 < x1 && y0 < y1) stats_.tile_pixels += std::uint64_t(x1 - x0) * (y1 - y0);
    for (int y = y0; y < y1; ++y) {
      const long cy = top + y;
      for (int x = x0; x < x1; ++x) {
        const long cx = left + x;
        int ix = fx ? tw - 1 - x : x, iy = fy ? th - 1 - y : y;
        if (fd) std::swap(ix, iy);
        if (ix >= tw || iy >= th) continue;  // a diagonal flip of a non-square tile
        const std::size_t at =
            ((std::size_t(tile.id) * th + std::size_t(iy)) * tw + std::size_t(ix)) * bpp;
        Rgba c;
        if (!read(pixels.data() + at, c)) continue;
        Rgba& dst = target[std::size_t(cy) * std::size_t(f_.width) + std::size_t(cx)];
        dst = detail::blend(blend, dst, c, opacity);
      }
    }
  }

  const File& f_;
  const std::vector<bool>& layers_;
  std::vector<std::vector<std::uint8_t>>& tilesets_;
  std::vector<bool>& done_;
  libdeflate_decompressor* inflater_;
  detail::LinkedCels& linked_;
  RenderStats& stats_;
  std::vector<const Cel*> cel_of_;
  std::vector<bool> needed_;
  std::vector<int> needed_children_;  // by group: how many of its children are drawn
  std::vector<std::uint8_t> buffer_;
  std::string where_;
  const Palette* palette_ = nullptr;
};

}  // namespace

Result<image::Image> Renderer::frame(int index) {
  image::Image out(file_.width, file_.height);
  if (Error e = frame_into(index, out, 0, 0); e.failed()) return e;
  return out;
}

Error Renderer::frame_into(int index, image::Image& dst, int x, int y) {
  if (index < 0 || index >= int(file_.frames.size()))
    return Error{"no frame " + std::to_string(index), 0};
  if (x < 0 || y < 0 || x + file_.width > dst.width || y + file_.height > dst.height)
    return Error{"no room for frame " + std::to_string(index) + " at (" + std::to_string(x) + ", " +
                     std::to_string(y) + ")",
                 0};
  return Compositor(file_, layers_, tilesets_, tileset_done_,
                    static_cast<libdeflate_decompressor*>(inflater_.get()), *linked_, stats_)
      .run(index, dst, x, y);
}

SheetLayout sheet_layout(const File& file, int max_side) {
  SheetLayout l;
  const int count = int(file.frames.size());
  l.cell_width = file.width;
  l.cell_height = file.height;
  l.columns = std::max(1, std::min(count, max_side / std::max(file.width, 1)));
  l.rows = (count + l.columns - 1) / l.columns;
  l.fits = std::int64_t{l.rows} * file.height <= max_side &&
           std::int64_t{l.columns} * file.width <= max_side;
  return l;
}

Result<image::Image> render_sheet(const File& file, const std::vector<bool>& layers, int max_side) {
  const SheetLayout layout = sheet_layout(file, max_side);
  if (!layout.fits)
    return Error{std::to_string(file.frames.size()) + " frames of " + std::to_string(file.width) +
                     "x" + std::to_string(file.height) + " need more than " +
                     std::to_string(max_side) + " px a side as one sheet",
                 0};
  image::Image sheet(layout.columns * file.width, layout.rows * file.height);
  Renderer render(file, layers);
  for (int i = 0; i < int(file.frames.size()); ++i) {
    const geom::Rect at = layout.cell(i);
    if (Error e = render.frame_into(i, sheet, at.x, at.y); e.failed()) return e;
  }
  return sheet;
}

const Palette& palette_at(const File& file, int frame) {
  const Palette* in_effect = &file.palettes.front();
  for (const Palette& p : file.palettes)
    if (p.frame <= frame) in_effect = &p;
  return *in_effect;
}

}  // namespace spritec::aseprite
