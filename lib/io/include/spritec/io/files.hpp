// spritec::io — capped file reads, atomic writes (temp file + rename), depfiles and the
// path policy (inputs must stay inside the project root).
//
// Nothing here prints or throws; every fallible function returns the diag::Result shape
// (docs/architecture.md, "Errors"): reads a diag::Result with an io::ReadFailure (its kind,
// which callers choose a code by, and what describe() needs to say it in a sentence);
// writes, depfiles and the path policy a diag::Status or diag::Result with a one-sentence
// diag::Failure. Reads are capped before anything is allocated. Writes go to a temporary
// file beside the target and are renamed into place, so a failed or interrupted write never
// damages an existing output.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/diag/result.hpp"

namespace spritec::io {

using Bytes = std::vector<std::uint8_t>;

enum class ReadError { kNone, kNotFound, kNotAFile, kUnreadable, kTooLarge };

// Why a read failed: empty (kNone) when it did not.
struct ReadFailure {
  ReadError kind = ReadError::kNone;
  std::uint64_t size = 0;  // the file's size, for kTooLarge
  std::uint64_t cap = 0;   // the cap it is over, for kTooLarge
  bool failed() const { return kind != ReadError::kNone; }
};

// The first bytes of a file and the whole file's size.
struct FileHead {
  Bytes bytes;
  std::uint64_t size = 0;
};

// Default cap for any single input file: 256 MiB.
inline constexpr std::uint64_t kDefaultReadCap = 256ull << 20;

// Reads a whole file if it is a regular file of at most `cap` bytes.
diag::Result<Bytes, ReadFailure> read_file(const std::filesystem::path& path,
                                           std::uint64_t cap = kDefaultReadCap);
// Reads only the first `n` bytes of a regular file (all of it when it is shorter; no cap
// applies, as at most n bytes are allocated), with the whole file's size. For checking a
// file's signature and header, and its size, before deciding to read the rest.
diag::Result<FileHead, ReadFailure> read_file_head(const std::filesystem::path& path,
                                                   std::size_t n);
// read_file_head, then the rest of the file through the same open file when `accept` says
// so on seeing the head (e.g. the header checks out and the size is under the caller's
// cap): the result's bytes are then the whole file, otherwise only the head. One open for
// both, as a build reads every frame's file this way.
diag::Result<FileHead, ReadFailure> read_file_head_then(
    const std::filesystem::path& path, std::size_t n,
    const std::function<bool(const FileHead&)>& accept);
// A one-line reason for a read failure ("no such file", "is 300 bytes, over the cap of 200
// bytes", …).
std::string describe(const ReadFailure& failure);

// Writes `data` to `path` atomically: a temporary file in the same directory (parent
// directories are created), flushed, then renamed over the target; an existing target that
// is not a regular file is never replaced. A one-file OutputSet (outputs.hpp): fails with
// its reason. Callers check outputs against inputs first (OutputPlan).
diag::Status<> write_file_atomic(const std::filesystem::path& path, std::string_view data);
diag::Status<> write_file_atomic(const std::filesystem::path& path, const Bytes& data);

// A depfile in the Make syntax that Ninja and GNU Make both read (for Ninja's or CMake's
// DEPFILE, or Make's `-include`): "target: dep1 dep2 …", then an empty rule per dependency
// (as `gcc -MP` writes), so that Make does not stop at a dependency since deleted (not for
// a name holding '%', which would be a pattern rule).
// - `target` is written as given, lexically normalised ("./out/a.spk" as "out/a.spk"):
//   Ninja compares it with the output its rule names, and Make with the rule's target.
// - Each dependency is written relative to `working_dir` (the directory the build tool
//   runs the command in; absolute) when it lies under it, and absolute otherwise; a
//   relative one starting with '~' gets "./" (Make would expand "~user").
// - ' ', '#' and ':' are escaped with a backslash, '$' as "$$", as both tools read them.
// - A name that one of them cannot read back fails, saying which name and what it holds:
//   a line break or other control character (it would end the rule), one of
//   " ' & ; < > | * ? ` ^ = [ \ (Ninja ends a name there, Make takes them as syntax
//   or a pattern), a name ending in ")" after a "(" (Make's archive(member)), and a '%' in
//   the target (a pattern rule for Make).
diag::Result<std::string> make_depfile(const std::string& target,
                                       const std::vector<std::string>& deps,
                                       const std::filesystem::path& working_dir);

// The path policy. `relative` comes from an input file located in `base_dir`. It must
// not be absolute and, after `..` and symlinks are resolved, must lie inside `root`.
// Returns the resolved path, or fails saying why ("absolute path", "leaves the project
// root (/the/root)"). The file need not exist.
diag::Result<std::filesystem::path> resolve_inside_root(const std::filesystem::path& root,
                                                        const std::filesystem::path& base_dir,
                                                        std::string_view relative);

// True when `path` (resolved) lies inside `root` (resolved).
bool is_inside(const std::filesystem::path& root, const std::filesystem::path& path);

// A path for messages: relative to the current directory when that is shorter.
std::string display_path(const std::filesystem::path& path);

}  // namespace spritec::io
