// Internal to spritec::render: the GIF file as giflib writes it — the screen, the loop
// extension, each frame's graphic control extension and image — into a vector. The frame
// optimiser (which decides what each frame is) hands its frames to it.
#pragma once

#include <gif_lib.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "spritec/geom/geom.hpp"
#include "spritec/image/image.hpp"

namespace spritec::render::gif {

// GIF's disposal methods (the graphic control extension's field).
enum Disposal : int { kDisposeNone = 1, kDisposeBackground = 2, kDisposePrevious = 3 };

// The longest delay a frame's graphic control extension holds, in centiseconds.
constexpr int kMaxDelay = 65535;

// Owns a giflib encoder writing into a vector. Each call does nothing once one failed.
class GifWriter {
 public:
  GifWriter();
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  bool ok() const { return gif_ != nullptr && ok_; }
  std::size_t size() const { return bytes_.size(); }
  // The logical screen and the global colour table (`colours`, 2^bpp entries).
  void screen(int w, int h, int background_index, const std::vector<std::uint32_t>& colours,
              int bpp);
  // The NETSCAPE2.0 extension: loop forever.
  void loop_forever();
  // A frame's graphic control extension (`transparent_index`: NO_TRANSPARENT_COLOR for none).
  void control(int disposal, int delay, int transparent_index);
  // A frame's image: rectangle `r`, `pixels` row-major.
  void image(const geom::Rect& r, std::vector<std::uint8_t>& pixels);
  // Closes the stream; returns false when giflib reported a failure at any point.
  bool finish(std::vector<std::uint8_t>& out);

 private:
  std::vector<std::uint8_t> bytes_;
  GifFileType* gif_ = nullptr;
  bool ok_ = true;
};

}  // namespace spritec::render::gif
