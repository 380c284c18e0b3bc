// spritec::pipeline — compiling a definition into a pack in memory, and opening a pack
// from a file, shared by `build`, `simulate` and `preview`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "spritec/atlas/atlas.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/diag/diagnostic.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/image/image.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace spritec::pipeline {

struct CompileOptions {
  std::filesystem::path root = ".";
  int jobs = 0;
  // Page storage: empty = embedded PNGs; otherwise the file name stem for external pages
  // ("hero" gives hero-0.png, hero-1.png …).
  std::string page_file_stem;
  std::function<void(std::size_t, std::size_t)> progress;
  // Entry actions for the reachability warning (W0303): a scene's start actions.
  std::vector<std::string> entries;
  // Keep the composed pages' pixels in Compiled::atlas (previews, exports). A build that
  // needs only the PNGs sets false: each page is let go once encoded (lower peak memory).
  bool keep_pages = true;
};

// One scale variant of a compiled pack (def::Variant): its atlas, model, pages and bytes.
struct CompiledVariant {
  def::Variant variant;
  atlas::Atlas atlas;
  format::PackModel model;
  std::vector<std::uint8_t> bytes;  // the .spk
  std::vector<std::vector<std::uint8_t>> page_pngs;
  double scale_seconds = 0;  // scale_atlas as a whole (its pack and compose times in atlas.stats)
  double encode_seconds = 0;
};

struct Compiled {
  def::Definition definition;
  atlas::Atlas atlas;
  format::PackModel model;
  std::vector<std::uint8_t> bytes;  // the .spk
  std::vector<std::vector<std::uint8_t>> page_pngs;
  double encode_seconds = 0;
  double load_seconds = 0;
  std::vector<CompiledVariant> variants;  // filled by compile_variants (build only)
};

// Definition file -> checked model -> atlas -> pack bytes. Empty when errors were reported.
[[nodiscard]] std::optional<Compiled> compile_definition(const std::filesystem::path& file,
                                                         const CompileOptions& options,
                                                         diag::Sink& sink);
// The same from a definition already loaded and checked.
[[nodiscard]] std::optional<Compiled> compile_loaded(def::Definition definition,
                                                     const CompileOptions& options,
                                                     diag::Sink& sink);

// The definition's scale variants of a compiled pack, each made from the base pack's
// frames (its atlas, or for a pack from the cache its model and page PNGs), its page
// files named options.page_file_stem + suffix + "-N.png". False when one failed
// (reported: E0401, E0403).
[[nodiscard]] bool compile_variants(Compiled& compiled, const CompileOptions& options,
                                    diag::Sink& sink);

// A file name with a variant's suffix inserted before its extension: "out/hero.spk" and
// "@2x" give "out/hero@2x.spk"; a name without extension gets the suffix at its end.
std::string variant_path(const std::string& path, const std::string& suffix);

// A key for the build cache: a hash of this spritec's version and pack format, the
// options that change the output, and the bytes of the definition and every file it
// read. Empty when a dependency cannot be read.
[[nodiscard]] std::string cache_key(const def::Definition& definition,
                                    const CompileOptions& options,
                                    const std::string& spritec_version);

// A pack in memory with its view, its decoded pages and the pixels of any page stored as a
// file beside it. The view points into `bytes`; keep the object where it is (heap).
struct LoadedPack {
  std::string name;
  std::vector<std::uint8_t> bytes;
  runtime::PackView view;
  std::vector<image::Image> pages;
  // Every file it came from: the pack and its page files, or the definition and its images.
  std::vector<std::filesystem::path> inputs;

  LoadedPack() = default;
  LoadedPack(const LoadedPack&) = delete;  // the view points into bytes
  LoadedPack& operator=(const LoadedPack&) = delete;
};

// Reads a .spk (checking everything; E0501/E0502 at the file) and decodes its pages.
[[nodiscard]] std::unique_ptr<LoadedPack> open_pack(const std::filesystem::path& file,
                                                    diag::Sink& sink, bool decode_pages = true);
// A .spk is opened; anything else is compiled as a definition.
[[nodiscard]] std::unique_ptr<LoadedPack> open_or_compile(const std::filesystem::path& file,
                                                          const CompileOptions& options,
                                                          diag::Sink& sink,
                                                          bool decode_pages = true);

}  // namespace spritec::pipeline
