#include "spritec/io/listing.hpp"

#include <algorithm>
#include <cerrno>
#include <system_error>
#include <utility>

namespace spritec::io {
namespace fs = std::filesystem;

bool glob_match(std::string_view pattern, std::string_view name) {
  // Iterative * and ? matching with one backtrack point (enough for *: it is greedy-safe).
  std::size_t p = 0, n = 0, star = std::string_view::npos, mark = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = n;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*')
    ++p;
  return p == pattern.size();
}

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

}  // namespace

bool natural_less(std::string_view a, std::string_view b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      // Compare the numbers: skip leading zeros, then the longer run is larger, then the
      // first differing digit decides.
      std::size_t ai = i, bj = j;
      while (ai < a.size() && a[ai] == '0')
        ++ai;
      while (bj < b.size() && b[bj] == '0')
        ++bj;
      std::size_t ae = ai, be = bj;
      while (ae < a.size() && is_digit(a[ae]))
        ++ae;
      while (be < b.size() && is_digit(b[be]))
        ++be;
      if (ae - ai != be - bj) return ae - ai < be - bj;
      const int c = a.substr(ai, ae - ai).compare(b.substr(bj, be - bj));
      if (c != 0) return c < 0;
      i = ae;
      j = be;
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
    ++i;
    ++j;
  }
  if (i < a.size() || j < b.size()) return i >= a.size();  // a prefix sorts first
  return a < b;  // equal as numbers (run2, run02): byte order keeps the order total
}

Matches list_matching(const fs::path& dir, std::string_view pattern, std::size_t cap) {
  Matches out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  std::vector<std::pair<fs::path, bool>> found;  // (path, is a link)
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!glob_match(pattern, it->path().filename().string())) continue;
    std::error_code fec;
    // The entry's own type comes with the listing; only links are asked about again.
    const bool link = it->is_symlink(fec);
    if (link && !fs::exists(it->path(), fec)) {
      std::error_code lec;
      out.dangling.push_back(
          DanglingLink{it->path(), fs::read_symlink(it->path(), lec), fec.value() == ELOOP});
      continue;
    }
    if (!it->is_regular_file(fec)) continue;
    found.emplace_back(it->path(), link);
    if (found.size() > cap) break;  // over the cap anyway: stop listing
  }
  const auto by_name = [](const fs::path& a, const fs::path& b) {
    return natural_less(a.filename().string(), b.filename().string());
  };
  std::sort(found.begin(), found.end(),
            [&](const auto& a, const auto& b) { return by_name(a.first, b.first); });
  out.files.reserve(found.size());
  out.links.reserve(found.size());
  for (auto& [path, link] : found) {
    out.files.push_back(std::move(path));
    out.links.push_back(link);
  }
  std::sort(out.dangling.begin(), out.dangling.end(),
            [&](const DanglingLink& a, const DanglingLink& b) { return by_name(a.link, b.link); });
  return out;
}

std::vector<std::string> list_names(const fs::path& dir, std::size_t cap) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator d(dir, ec), end; !ec && d != end && names.size() < cap;
       d.increment(ec)) {
    names.push_back(d->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace spritec::io
