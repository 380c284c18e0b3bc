#include "spritec/atlas/atlas.hpp"
#include "spritec/geom/geom.hpp"

#include "stages.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <map>
#include <thread>
#include <tuple>

#include "spritec/aseprite/aseprite.hpp"
#include "spritec/io/files.hpp"
#include "spritec/pack/pack.hpp"
#include "spritec/work/work.hpp"

namespace spritec::atlas {

namespace {

// All source images of one definition together: 2^31 px (8 GiB as RGBA), far above real
// projects and below what a build machine can hold.
constexpr std::int64_t kMaxSourcePixels = std::int64_t{1} << 31;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One decoded source: a file with the colour key of the sheet that uses it; for an Aseprite
// file, also the layers drawn (empty: the visible ones).
struct SourceKey {
  std::string path;
  bool keyed = false;
  def::Rgb key;
  bool aseprite = false;
  std::vector<std::string> layers;
  bool operator<(const SourceKey& o) const {
    return std::tie(path, keyed, key.r, key.g, key.b, aseprite, layers) <
           std::tie(o.path, o.keyed, o.key.r, o.key.g, o.key.b, o.aseprite, o.layers);
  }
};

struct Source {
  SourceKey key;
  diag::Span span;                  // where the definition names it (for errors)
  std::vector<std::size_t> frames;  // the definition frames cut from it, in order
  image::Image image;  // after cut_frames: only the part its frames' trimmed pixels cover
  // Its rotated frames turned upright, one per distinct rectangle (a deque: cuts point in).
  std::deque<image::Image> turned;
  std::string error;                                     // empty when decoded
  diag::Code error_code = diag::Code::kImageUnreadable;  // its code, when there is an error
};

// One frame's trimmed pixels, worked out on the decoding thread of its source.
struct Cut {
  const image::Image* image = nullptr;  // its source's (possibly cropped) image
  geom::Rect trimmed;                   // in the source image as decoded (empty: no pixel)
  geom::Rect at;                        // the same pixels in `image`
  geom::Point corner;                   // the frame's top-left where `trimmed` is measured
  std::uint64_t hash = 0;               // of those pixels, when deduplicating
};

// Sets why a source cannot be used, for an error from the image module: the message and
// its code. Running out of memory is no fault of the image: an internal failure (E0901,
// exit 3).
void set_png_problem(Source& source, const std::string& shown, const image::Error& e,
                     int max_side) {
  switch (e.kind) {
    case image::ErrorKind::kNotPng:
      source.error = shown + " is not a PNG file";
      break;
    case image::ErrorKind::kTooLarge:
      source.error_code = diag::Code::kImageTooLarge;
      source.error = shown + " is " + std::to_string(e.width) + "x" + std::to_string(e.height) +
                     ", over the cap of " + std::to_string(max_side) + " px a side";
      break;
    case image::ErrorKind::kOutOfMemory:
      source.error_code = diag::Code::kInternal;
      source.error = "out of memory decoding " + shown + " (" + std::to_string(e.width) + "x" +
                     std::to_string(e.height) + ")";
      break;
    default:
      source.error = shown + " is a corrupt PNG" + (e.detail.empty() ? "" : ": " + e.detail);
  }
}

// An Aseprite file: parsed again (the definition loader checked its structure) and every
// frame flattened into its cell of the file's virtual sheet.
void decode_aseprite(Source& source, int max_side) {
  const std::string shown = io::display_path(source.key.path);
  diag::Result<io::Bytes, io::ReadFailure> file =
      io::read_file(source.key.path, aseprite::kMaxFileBytes);
  if (!file) {
    source.error = "cannot read " + shown + ": " + io::describe(file.error);
    return;
  }
  const aseprite::Result<aseprite::File> parsed = aseprite::parse(std::move(file.value));
  aseprite::Result<std::vector<bool>> layers;
  if (parsed) layers = aseprite::select_layers(parsed.value, source.key.layers);
  aseprite::Result<image::Image> sheet;
  if (parsed && layers) sheet = aseprite::render_sheet(parsed.value, layers.value, max_side);
  const aseprite::Error& e = !parsed ? parsed.error : !layers ? layers.error : sheet.error;
  if (e.failed()) {
    source.error_code = diag::Code::kAsepriteInvalid;
    source.error = "Aseprite file '" + shown + "': " + e.message;
    return;
  }
  source.image = std::move(sheet.value);
  if (source.key.keyed) {
    image::apply_colorkey(source.image, source.key.key.r, source.key.key.g, source.key.key.b);
  }
}

void decode_source(Source& source, int max_side) {
  if (source.key.aseprite) return decode_aseprite(source, max_side);
  // Named only for a message: display_path asks the file system about every component.
  const auto shown = [&] { return io::display_path(source.key.path); };
  // The signature, header and size first, from the first bytes alone: a file that is not a
  // PNG, or is too large, is refused before the rest of it is read.
  image::Result<geom::Size> info;
  const diag::Result<io::FileHead, io::ReadFailure> file = io::read_file_head_then(
      source.key.path, image::kPngHeaderBytes, [&](const io::FileHead& head) {
        info = image::read_png_info(head.bytes);
        if (info && (info.value.width > max_side || info.value.height > max_side))
          info.error = {image::ErrorKind::kTooLarge, info.value.width, info.value.height, ""};
        return info.ok() && head.size <= image::kMaxPngFileBytes;
      });
  if (!file) {
    source.error = "cannot read image " + shown() + ": " + io::describe(file.error);
    return;
  }
  if (file.value.bytes.size() != file.value.size) {  // refused on its head
    if (!info) {
      set_png_problem(source, shown(), info.error, max_side);
      return;
    }
    source.error_code = diag::Code::kImageTooLarge;
    source.error = shown() + " is " + std::to_string(file.value.size) +
                   " bytes; PNG files are capped at 256 MiB (" +
                   std::to_string(image::kMaxPngFileBytes) + " bytes)";
    return;
  }
  image::Result<image::Image> decoded = image::decode_png(file.value.bytes, max_side);
  if (!decoded) {
    set_png_problem(source, shown(), decoded.error, max_side);
    return;
  }
  source.image = std::move(decoded.value);
  if (source.key.keyed) {
    image::apply_colorkey(source.image, source.key.key.r, source.key.key.g, source.key.key.b);
  }
}

// Trims and hashes every frame of a decoded source, then keeps only the bounding box of
// their trimmed pixels (which is all the later steps read), so a mostly transparent image
// does not stay in memory whole. Runs on the decoding thread: each frame belongs to one
// source, so threads write to distinct cuts. The pixels, rectangles and hashes are the
// same as trimming the whole image on one thread, so the output does not depend on jobs.
// A rotated frame (stored turned clockwise) is turned upright into a copy of its own,
// made once for each distinct rectangle, and trimmed and hashed there; the others are cut
// from the source image.
bool turns(const def::Frame& frame) {
  return frame.rotated && frame.rect.width > 0 && frame.rect.height > 0;
}

void cut_turned(Source& source, const def::Frame& frame, const def::AtlasOptions& opt, Cut& cut,
                std::map<std::tuple<int, int, int, int>, const image::Image*>& made) {
  const geom::Rect& r = frame.rect;
  const image::Image*& upright = made[{r.x, r.y, r.width, r.height}];
  if (!upright) {
    upright = &source.turned.emplace_back(image::turn_counter_clockwise(source.image, r));
  }
  cut.image = upright;
  cut.trimmed =
      opt.trim ? image::trim_bounds(*upright, image::whole(*upright)) : image::whole(*upright);
  cut.at = cut.trimmed;
  if (!cut.trimmed.empty() && opt.dedupe) cut.hash = image::hash_rect(*upright, cut.trimmed);
}

void cut_frames(Source& source, const def::Definition& definition, std::vector<Cut>& cuts) {
  const def::AtlasOptions& opt = definition.atlas;
  int x0 = source.image.width;
  int y0 = source.image.height;
  int x1 = 0;
  int y1 = 0;
  std::map<std::tuple<int, int, int, int>, const image::Image*> made;
  for (std::size_t i : source.frames) {
    const def::Frame& frame = definition.frames[i];
    Cut& cut = cuts[i];
    if (turns(frame)) {
      cut_turned(source, frame, opt, cut, made);
      continue;
    }
    const geom::Rect& rect = frame.rect;
    cut.corner = {rect.x, rect.y};
    cut.trimmed = opt.trim ? image::trim_bounds(source.image, rect) : rect;
    if (cut.trimmed.empty()) continue;
    if (opt.dedupe) cut.hash = image::hash_rect(source.image, cut.trimmed);
    x0 = std::min(x0, cut.trimmed.x);
    y0 = std::min(y0, cut.trimmed.y);
    x1 = std::max(x1, cut.trimmed.x + cut.trimmed.width);
    y1 = std::max(y1, cut.trimmed.y + cut.trimmed.height);
  }
  if (x1 <= x0 || y1 <= y0) {
    source.image = image::Image();  // no frame keeps a pixel of it
  } else if (x0 > 0 || y0 > 0 || x1 < source.image.width || y1 < source.image.height) {
    source.image = image::crop(source.image, {x0, y0, x1 - x0, y1 - y0});
  } else {
    x0 = y0 = 0;
  }
  for (std::size_t i : source.frames) {
    if (turns(definition.frames[i])) continue;
    Cut& cut = cuts[i];
    cut.image = &source.image;
    if (!cut.trimmed.empty())
      cut.at = {cut.trimmed.x - x0, cut.trimmed.y - y0, cut.trimmed.width, cut.trimmed.height};
  }
}

void release(Source& source) {
  source.image = image::Image();
  source.turned.clear();
}

void decode_all(std::vector<Source>& sources, const def::Definition& definition,
                std::vector<Cut>& cuts, const Options& options, int max_side) {
  const auto decode = [&](std::size_t i) {
    decode_source(sources[i], max_side);
    if (sources[i].error.empty()) cut_frames(sources[i], definition, cuts);
  };
  const std::size_t n = sources.size();
  const int threads = int(std::min<std::size_t>(std::size_t(work::threads(options.jobs)), n));
  if (!options.progress || threads <= 1) {
    work::parallel_for(n, threads, decode);
  } else {
    // The pool's threads decode while this one reports their progress.
    work::Pool pool(threads);
    for (std::size_t i = 0; i < n; ++i)
      pool.post([&decode, i] { decode(i); });
    for (std::size_t left; (left = pool.pending()) > 0;) {
      options.progress(n - left, n);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    pool.wait();
  }
  if (options.progress) options.progress(n, n);
}

// The stages of build_atlas (numbered as there), over what they share: the sources and
// each frame's cut, which frames are stored, and the atlas being made.
class AtlasBuilder {
 public:
  AtlasBuilder(const def::Definition& definition, const Options& options, diag::Sink& sink)
      : definition_(definition), opt_(definition.atlas), options_(options), sink_(sink) {}

  std::optional<Atlas> run();

 private:
  void gather_sources();
  bool sources_fit();
  bool decode();
  void make_frames();
  detail::Pixels pixels(std::size_t i) const { return {cuts_[i].image, cuts_[i].at}; }
  void release_unused_sources();
  detail::Context context() const;
  void compose(const pack::Packing& packed);

  const def::Definition& definition_;
  const def::AtlasOptions& opt_;
  const Options& options_;
  diag::Sink& sink_;
  Atlas atlas_;
  std::vector<Source> sources_;
  std::vector<std::size_t> frame_source_;  // for each frame, the index of its source
  std::vector<Cut> cuts_;                  // for each frame
  std::vector<std::size_t> stored_;        // for each unique non-empty frame, its frame index
  std::vector<std::size_t> uses_;          // for each source, its stored frames not yet drawn
};

std::optional<Atlas> AtlasBuilder::run() {
  Stats& stats = atlas_.stats;
  stats.frames = definition_.frames.size();

  // 1. Decode each distinct (file, colour key) once, in first-use order, and trim and hash
  // its frames on the same thread.
  auto start = Clock::now();
  gather_sources();
  if (!sources_fit()) return std::nullopt;
  const bool decoded = decode();
  stats.images = sources_.size();
  stats.decode_seconds = seconds_since(start);
  if (!decoded) return std::nullopt;

  // 2. Dedupe, in definition order (the first of equal frames is the one stored).
  make_frames();
  stored_ = detail::pick_stored(
      atlas_, opt_.dedupe, [this](std::size_t i) { return pixels(i); },
      [this](std::size_t i) { return cuts_[i].hash; });
  release_unused_sources();

  // 3. Pack the stored rectangles, grown by the extrusion on every side.
  const std::optional<pack::Packing> packed = detail::pack_pages(
      definition_, atlas_, stored_, work::threads(options_.jobs), context(), sink_);
  if (!packed) return std::nullopt;
  if (options_.plan_only) {
    detail::place_planned(atlas_, stored_, *packed);
    return std::move(atlas_);
  }

  // 4. Compose the pages (releasing each source after its last frame is drawn), then give
  // the duplicates their originals' places.
  start = Clock::now();
  compose(*packed);
  stats.compose_seconds = seconds_since(start);
  return std::move(atlas_);
}

// The distinct (file, colour key) pairs, in first-use order, each with the frames cut from it.
void AtlasBuilder::gather_sources() {
  std::map<SourceKey, std::size_t> source_index;
  frame_source_.resize(definition_.frames.size());
  for (std::size_t i = 0; i < definition_.frames.size(); ++i) {
    const def::Frame& frame = definition_.frames[i];
    const def::Sheet& sheet = definition_.sheets[frame.sheet];
    SourceKey key{frame.image.string(), sheet.colorkey.has_value(),
                  sheet.colorkey.value_or(def::Rgb{}), sheet.kind == def::SheetKind::kAseprite,
                  sheet.layers};
    auto [it, inserted] = source_index.emplace(key, sources_.size());
    if (inserted) {
      Source source;
      source.key = key;
      source.span = sheet.kind == def::SheetKind::kFiles ? frame.span : sheet.image_span;
      sources_.push_back(std::move(source));
    }
    sources_[it->second].frames.push_back(i);
    frame_source_[i] = it->second;
  }
}

// Memory is bounded before anything is decoded: each image is capped a side by the
// definition checks, and all of them together here (from their headers).
bool AtlasBuilder::sources_fit() {
  std::int64_t source_pixels = 0;
  for (const Source& source : sources_) {
    const def::Frame& first = definition_.frames[source.frames.front()];
    source_pixels += std::int64_t{first.image_size.width} * first.image_size.height;
  }
  if (source_pixels > kMaxSourcePixels) {
    sink_.error(diag::Code::kImageTooLarge, definition_.sheets.front().span,
                "the definition's images hold " + std::to_string(source_pixels) +
                    " pixels together, over the cap of " + std::to_string(kMaxSourcePixels) +
                    ": split it into several packs");
    return false;
  }
  return true;
}

// Decodes every source and cuts its frames; reports each source that could not be used.
bool AtlasBuilder::decode() {
  cuts_.resize(definition_.frames.size());
  decode_all(sources_, definition_, cuts_, options_, def::kMaxImageSide);
  bool failed = false;
  for (const Source& source : sources_) {
    if (!source.error.empty()) {
      sink_.error(source.error_code, source.span, source.error);
      failed = true;
    }
  }
  return !failed;
}

// Makes the atlas frames: name, origin, untrimmed size and, for a frame with pixels, where
// its trimmed rectangle starts and its size (an empty frame keeps an empty rectangle).
void AtlasBuilder::make_frames() {
  for (std::size_t i = 0; i < definition_.frames.size(); ++i) {
    const def::Frame& frame = definition_.frames[i];
    Frame& out = atlas_.frames.emplace_back();
    out.name = frame.name;
    out.origin = frame.origin;
    out.source_w = frame.untrimmed().width;
    out.source_h = frame.untrimmed().height;
    atlas_.stats.source_pixels += std::int64_t{frame.rect.width} * frame.rect.height;
    const Cut& cut = cuts_[i];
    if (cut.trimmed.empty()) continue;
    out.trim_x = cut.trimmed.x - cut.corner.x + frame.offset.x;
    out.trim_y = cut.trimmed.y - cut.corner.y + frame.offset.y;
    out.rect.width = cut.trimmed.width;
    out.rect.height = cut.trimmed.height;
  }
}

// A source's pixels are needed until its last stored frame is drawn; those of sources
// holding only duplicates or empty frames can go now (less memory at the peak, which is
// while the pages are composed).
void AtlasBuilder::release_unused_sources() {
  uses_.assign(sources_.size(), 0);
  for (std::size_t i : stored_)
    ++uses_[frame_source_[i]];
  for (std::size_t s = 0; s < sources_.size(); ++s) {
    if (uses_[s] == 0) release(sources_[s]);
  }
}

// The base atlas's words in the stages' messages: E0401 points at max_size, E0403 and an
// internal failure at the atlas options.
detail::Context AtlasBuilder::context() const {
  detail::Context where;
  const bool max_size_set = opt_.max_size_span.line > 0;
  where.notes = {{max_size_set ? opt_.max_size_span : opt_.span,
                  max_size_set ? "max_size is set here"
                               : "the atlas options are here (max_size is 2048x2048 unless set)"}};
  where.span = opt_.span.line > 0 ? opt_.span : definition_.pack_span;
  where.frames = "the frames";
  where.unpackable = "the atlas options cannot be packed";
  where.area_cap_text = std::to_string(kMaxPageArea) + " pixels";
  where.remedy = "lower padding: and extrude:, or split the definition into several packs";
  return where;
}

// Composes the pages, releasing each source after its last frame is drawn so decoded
// images and pages are not all held at once.
void AtlasBuilder::compose(const pack::Packing& packed) {
  detail::compose_pages(
      atlas_, stored_, packed, opt_, [this](std::size_t i) { return pixels(i); },
      [this](std::size_t i) {
        if (--uses_[frame_source_[i]] == 0) release(sources_[frame_source_[i]]);
      },
      options_.page_done);
}

}  // namespace

image::Image untrimmed_frame(const image::Image& page, const geom::Rect& rect, int source_w,
                             int source_h, int trim_x, int trim_y) {
  image::Image out(source_w, source_h);
  if (!rect.empty()) image::blit(out, trim_x, trim_y, page, rect);
  return out;
}

std::optional<Atlas> build_atlas(const def::Definition& definition, const Options& options,
                                 diag::Sink& sink) {
  return AtlasBuilder(definition, options, sink).run();
}

}  // namespace spritec::atlas
