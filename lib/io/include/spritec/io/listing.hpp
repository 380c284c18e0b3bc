// Listing folders: the file-name patterns of a sheet's `files:` and the names a "did you
// mean" suggestion compares against. Every listing is sorted (directory order differs
// between file systems) and capped, so a folder of millions of files costs at most the cap.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace spritec::io {

// Shell-style matching of one file name: `*` matches any run of bytes (also none), `?` one
// byte; everything else matches itself. Linear in practice (one backtrack point).
bool glob_match(std::string_view pattern, std::string_view name);

// Natural order of file names: runs of ASCII digits compare as numbers, everything else
// byte by byte, so run2 < run10 < run10b < runb. Numbers equal in value but written
// differently (run2, run02) fall back to plain byte order, so the order is total and the
// same on every machine. Digit runs of any length are compared without overflow.
bool natural_less(std::string_view a, std::string_view b);

// A symbolic link matched by a pattern that leads nowhere: a missing file, not one to skip.
struct DanglingLink {
  std::filesystem::path link;    // the link, in the listed folder
  std::filesystem::path target;  // what it points to (empty when it could not be read)
  bool loop = false;             // a chain of links that never ends
};

struct Matches {
  std::vector<std::filesystem::path> files;  // regular files (or links to them), natural order
  std::vector<bool> links;                   // links[i]: files[i] is a symbolic link
  std::vector<DanglingLink> dangling;        // natural order
};

// The entries of `dir` whose names match `pattern` (glob_match): regular files and links
// to them, sorted by file name in natural order (natural_less); directories and other kinds are
// skipped. Stops listing once more than `cap` files matched (the caller's cap is then exceeded
// anyway). A folder that does not exist or cannot be read lists nothing.
Matches list_matching(const std::filesystem::path& dir, std::string_view pattern, std::size_t cap);

// The names of the entries in `dir`, sorted bytewise; at most `cap` are listed.
std::vector<std::string> list_names(const std::filesystem::path& dir, std::size_t cap);

}  // namespace spritec::io
