// The GIF file, written by giflib (gif_writer.hpp).
#include "gif_writer.hpp"

#include <utility>

namespace spritec::render::gif {
namespace {

int write_to_vector(GifFileType* gif, const GifByteType* data, int len) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(gif->UserData);
  out->insert(out->end(), data, data + len);
  return len;
}

ColorMapObject* make_map(const std::vector<std::uint32_t>& colours, int bpp) {
  std::vector<GifColorType> entries(static_cast<std::size_t>(1) << bpp, GifColorType{0, 0, 0});
  for (std::size_t i = 0; i < colours.size() && i < entries.size(); ++i) {
    entries[i].Red = static_cast<GifByteType>(colours[i] >> 16);
    entries[i].Green = static_cast<GifByteType>(colours[i] >> 8);
    entries[i].Blue = static_cast<GifByteType>(colours[i]);
  }
  return GifMakeMapObject(static_cast<int>(entries.size()), entries.data());
}

}  // namespace

GifWriter::GifWriter() {
  int error = 0;
  gif_ = EGifOpen(&bytes_, write_to_vector, &error);
  if (gif_) EGifSetGifVersion(gif_, true);
}

GifWriter::~GifWriter() {
  if (gif_) EGifCloseFile(gif_, nullptr);
}

void GifWriter::screen(int w, int h, int background_index,
                       const std::vector<std::uint32_t>& colours, int bpp) {
  if (!ok()) return;
  ColorMapObject* map = make_map(colours, bpp);
  ok_ = map && EGifPutScreenDesc(gif_, w, h, 8, background_index, map) == GIF_OK;
  GifFreeMapObject(map);
}

void GifWriter::loop_forever() {
  if (!ok()) return;
  static const char kApp[] = "NETSCAPE2.0";
  static const unsigned char kLoop[3] = {1, 0, 0};  // sub-block 1, loop count 0 = forever
  ok_ = EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
        EGifPutExtensionBlock(gif_, 11, kApp) == GIF_OK &&
        EGifPutExtensionBlock(gif_, 3, kLoop) == GIF_OK && EGifPutExtensionTrailer(gif_) == GIF_OK;
}

void GifWriter::control(int disposal, int delay, int transparent_index) {
  if (!ok()) return;
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = disposal;
  gcb.UserInputFlag = false;
  gcb.DelayTime = delay;
  gcb.TransparentColor = transparent_index;
  GifByteType ext[4];
  EGifGCBToExtension(&gcb, ext);
  ok_ = EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK;
}

void GifWriter::image(const geom::Rect& r, std::vector<std::uint8_t>& pixels) {
  if (!ok()) return;
  ok_ = EGifPutImageDesc(gif_, r.x, r.y, r.width, r.height, false, nullptr) == GIF_OK &&
        EGifPutLine(gif_, pixels.data(), r.width * r.height) == GIF_OK;
}

bool GifWriter::finish(std::vector<std::uint8_t>& out) {
  if (!gif_) return false;
  int error = 0;
  bool closed = EGifCloseFile(gif_, &error) == GIF_OK;
  gif_ = nullptr;
  if (!closed || !ok_) return false;
  out = std::move(bytes_);
  return true;
}

}  // namespace spritec::render::gif
