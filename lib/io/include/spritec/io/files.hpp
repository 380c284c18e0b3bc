// spritec::io — capped file reads, atomic writes (temp file + rename), depfiles and the
// path policy (inputs must stay inside the project root).
//
// Nothing here prints or throws; every function returns an error value: writes and depfiles
// a diag::Status or diag::Result with a one-sentence diag::Failure. Reads (ReadResult) and
// the path policy (`why`) keep their older form, which def/ uses, until def/ moves to the
// Result shape (docs/architecture.md, "Errors"). Reads are capped before anything is
// allocated. Writes go to a temporary file beside the target and are
// renamed into place, so a failed or interrupted write never damages an existing output.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/diag/result.hpp"

namespace spritec::io {

using Bytes = std::vector<std::uint8_t>;

enum class ReadError { kNone, kNotFound, kNotAFile, kUnreadable, kTooLarge };

// The bytes read, or why not: ok(), explicit bool and [[nodiscard]] as a diag::Result,
// under the older member names (see above).
struct [[nodiscard]] ReadResult {
  Bytes bytes;
  ReadError error = ReadError::kNone;
  std::uint64_t size = 0;  // the file's size when known (also set for kTooLarge)
  bool ok() const { return error == ReadError::kNone; }
  explicit operator bool() const { return ok(); }
};

// Default cap for any single input file: 256 MiB.
inline constexpr std::uint64_t kDefaultReadCap = 256ull << 20;

// Reads a whole file if it is a regular file of at most `cap` bytes.
ReadResult read_file(const std::filesystem::path& path, std::uint64_t cap = kDefaultReadCap);
// Reads only the first `n` bytes of a regular file (all of it when it is shorter; no cap
// applies, as at most n bytes are allocated). `size` is the whole file's size. For checking
// a file's signature and header, and its size, before deciding to read the rest.
ReadResult read_file_head(const std::filesystem::path& path, std::size_t n);
// A one-line reason for a read error ("no such file", "larger than 16 MiB", …).
std::string describe(const ReadResult& result, std::uint64_t cap = kDefaultReadCap);

// Writes `data` to `path` atomically: a temporary file in the same directory (parent
// directories are created), flushed, then renamed over the target; an existing target that
// is not a regular file is never replaced. A one-file OutputSet (outputs.hpp): fails with
// its reason. Callers check outputs against inputs first (OutputPlan).
diag::Status<> write_file_atomic(const std::filesystem::path& path, std::string_view data);
diag::Status<> write_file_atomic(const std::filesystem::path& path, const Bytes& data);

// Make-syntax depfile: "target: dep1 dep2 …" with spaces, '#' and '$' escaped as
// Ninja and GNU Make read them. Dependencies are listed in the order given.
// A name holding a newline or carriage return cannot be written in this syntax (it would
// start a new rule): that fails, saying which name.
diag::Result<std::string> make_depfile(const std::string& target,
                                       const std::vector<std::string>& deps);

// The path policy. `relative` comes from an input file located in `base_dir`. It must
// not be absolute and, after `..` and symlinks are resolved, must lie inside `root`.
// On success returns the resolved path; on failure an empty optional and `why` says
// ("absolute path", "leaves the project root"). The file need not exist.
[[nodiscard]] std::optional<std::filesystem::path> resolve_inside_root(
    const std::filesystem::path& root, const std::filesystem::path& base_dir,
    std::string_view relative, std::string* why = nullptr);

// True when `path` (resolved) lies inside `root` (resolved).
bool is_inside(const std::filesystem::path& root, const std::filesystem::path& path);

// A path for messages: relative to the current directory when that is shorter.
std::string display_path(const std::filesystem::path& path);

}  // namespace spritec::io
