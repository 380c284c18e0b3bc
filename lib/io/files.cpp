#include "spritec/io/files.hpp"

#include "spritec/io/outputs.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace spritec::io {

namespace {

// An open file descriptor, closed on scope exit.
class Fd {
 public:
  Fd() = default;
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  void reset(int fd) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

// Opens a regular file for reading and gives its size: one open and one fstat (a build
// reads every frame's header this way, so the calls count). O_NONBLOCK keeps a FIFO from
// blocking the open; it is refused as not a regular file right after.
diag::Result<std::uint64_t, ReadFailure> open_for_read(const fs::path& path, Fd& fd) {
  const int raw = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (raw < 0) {
    if (errno == ENOENT || errno == ENOTDIR || errno == ELOOP) {
      return ReadFailure{ReadError::kNotFound};
    }
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!ec && fs::exists(status) && !fs::is_regular_file(status)) {
      return ReadFailure{ReadError::kNotAFile};
    }
    return ReadFailure{ReadError::kUnreadable};
  }
  fd.reset(raw);
  struct stat st;
  if (::fstat(raw, &st) != 0) return ReadFailure{ReadError::kUnreadable};
  if (!S_ISREG(st.st_mode)) return ReadFailure{ReadError::kNotAFile};
  if (st.st_size < 0) return ReadFailure{ReadError::kUnreadable};
  return static_cast<std::uint64_t>(st.st_size);
}

// Reads the next n bytes of an open file to `out` (fewer only if it shrank meanwhile: an
// error).
bool read_exactly(const Fd& fd, std::uint8_t* out, std::size_t n) {
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = ::read(fd.get(), out + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    got += static_cast<std::size_t>(r);
  }
  return true;
}

// Reads the first n bytes of an open file.
diag::Result<Bytes, ReadFailure> read_prefix(const Fd& fd, std::size_t n) {
  Bytes bytes(n);
  if (!read_exactly(fd, bytes.data(), n)) return ReadFailure{ReadError::kUnreadable};
  return bytes;
}

}  // namespace

diag::Result<Bytes, ReadFailure> read_file(const fs::path& path, std::uint64_t cap) {
  Fd fd;
  const diag::Result<std::uint64_t, ReadFailure> size = open_for_read(path, fd);
  if (!size) return size.error;
  if (size.value > cap) return ReadFailure{ReadError::kTooLarge, size.value, cap};
  return read_prefix(fd, static_cast<std::size_t>(size.value));
}

diag::Result<FileHead, ReadFailure> read_file_head(const fs::path& path, std::size_t n) {
  return read_file_head_then(path, n, [](const FileHead&) { return false; });
}

diag::Result<FileHead, ReadFailure> read_file_head_then(
    const fs::path& path, std::size_t n, const std::function<bool(const FileHead&)>& accept) {
  Fd fd;
  const diag::Result<std::uint64_t, ReadFailure> size = open_for_read(path, fd);
  if (!size) return size.error;
  diag::Result<Bytes, ReadFailure> head =
      read_prefix(fd, static_cast<std::size_t>(std::min<std::uint64_t>(n, size.value)));
  if (!head) return head.error;
  FileHead file{std::move(head.value), size.value};
  if (file.bytes.size() == size.value || !accept(file)) return file;
  const std::size_t have = file.bytes.size();
  file.bytes.resize(std::size_t(size.value));
  if (!read_exactly(fd, file.bytes.data() + have, file.bytes.size() - have)) {
    return ReadFailure{ReadError::kUnreadable};
  }
  return file;
}

std::string describe(const ReadFailure& failure) {
  switch (failure.kind) {
    case ReadError::kNone:
      return "ok";
    case ReadError::kNotFound:
      return "no such file";
    case ReadError::kNotAFile:
      return "not a regular file";
    case ReadError::kUnreadable:
      return "cannot be read";
    case ReadError::kTooLarge:
      return "is " + std::to_string(failure.size) + " bytes, over the cap of " +
             std::to_string(failure.cap) + " bytes";
  }
  return "cannot be read";
}

diag::Status<> write_file_atomic(const fs::path& path, std::string_view data) {
  OutputSet set;
  if (diag::Status<> staged = set.stage(path, data); !staged) return staged;
  return set.commit();
}

diag::Status<> write_file_atomic(const fs::path& path, const Bytes& data) {
  return write_file_atomic(
      path, std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
}

namespace {

// Why Ninja or GNU Make could not read `name` back from a depfile, or "" when both can.
std::string depfile_problem(const std::string& name, bool is_target) {
  for (char c : name) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '\n' || c == '\r') return "a line break, which would start a new rule";
    if (u < 0x20 || u == 0x7f) return "a control character, which ends a name for Ninja";
    if (std::string_view("\"'&;<>|*?`^=[\\").find(c) != std::string_view::npos) {
      return std::string("'") + c +
             "', which Ninja or Make reads as the end of the name or as syntax (a pattern, "
             "an assignment)";
    }
    if (c == '%' && is_target) return "'%', which makes the rule a pattern rule for Make";
  }
  if (!name.empty() && name.back() == ')' && name.find('(') != std::string::npos)
    return "a name ending in ')' after a '(', which Make reads as archive(member)";
  return "";
}

std::string escape_make(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' || c == '#' || c == ':') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

// `path` relative to `dir` when it lies under it, else absolute; both lexically normal.
std::string depfile_path(const fs::path& path, const fs::path& dir) {
  const fs::path absolute = (path.is_absolute() ? path : dir / path).lexically_normal();
  const fs::path relative = absolute.lexically_relative(dir);
  if (relative.empty() || *relative.begin() == "..") return absolute.generic_string();
  std::string text = relative.generic_string();
  return text[0] == '~' ? "./" + text : text;
}

}  // namespace

diag::Result<std::string> make_depfile(const std::string& target,
                                       const std::vector<std::string>& deps,
                                       const fs::path& working_dir) {
  auto refuse = [](const std::string& what, const std::string& name, const std::string& why) {
    std::string shown = name;
    for (char& c : shown)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    return diag::fail("the depfile cannot name " + what + " " + shown + ": its name holds " + why +
                      "; rename the file, or build without --depfile");
  };
  const fs::path dir = working_dir.lexically_normal();
  std::string written_target = fs::path(target).lexically_normal().generic_string();
  if (std::string why = depfile_problem(written_target, true); !why.empty())
    return refuse("the output", target, why);
  std::vector<std::string> written;
  for (const std::string& d : deps) {
    std::string path = depfile_path(d, dir);
    if (std::string why = depfile_problem(path, false); !why.empty())
      return refuse("the input", path, why);
    if (std::find(written.begin(), written.end(), path) == written.end())
      written.push_back(std::move(path));
  }
  std::string out = escape_make(written_target) + ":";
  for (const std::string& d : written)
    out += " \\\n  " + escape_make(d);
  out += "\n";
  // (Not for a name with '%': as a target it would make a pattern rule for Make, and
  // escaped it would be a second output for Ninja.)
  for (const std::string& d : written) {
    if (d.find('%') == std::string::npos) out += "\n" + escape_make(d) + ":\n";
  }
  return out;
}

namespace {

// The root rarely changes between calls (every image of a definition is checked against the
// same one): remember its canonical form instead of asking the file system each time.
bool canonical_root(const fs::path& root, fs::path* out) {
  thread_local fs::path last_root;
  thread_local fs::path last_canonical;
  if (!last_root.empty() && root == last_root) {
    *out = last_canonical;
    return true;
  }
  std::error_code ec;
  fs::path r = fs::weakly_canonical(root, ec);
  if (ec) return false;
  last_root = root;
  last_canonical = r;
  *out = r;
  return true;
}

}  // namespace

bool is_inside(const fs::path& root, const fs::path& path) {
  std::error_code ec;
  fs::path r;
  if (!canonical_root(root, &r)) return false;
  fs::path p = fs::weakly_canonical(path, ec);
  if (ec) return false;
  auto ri = r.begin();
  auto pi = p.begin();
  for (; ri != r.end(); ++ri, ++pi) {
    if (ri->empty()) continue;  // trailing separator
    if (pi == p.end() || *ri != *pi) return false;
  }
  return true;
}

diag::Result<fs::path> resolve_inside_root(const fs::path& root, const fs::path& base_dir,
                                           std::string_view relative) {
  fs::path rel{std::string(relative)};
  if (rel.is_absolute() || (!relative.empty() && relative[0] == '/')) {
    return diag::fail("absolute path");
  }
  if (relative.empty()) return diag::fail("empty path");
  std::error_code ec;
  // An empty base (a file named without a directory: its parent_path() is empty) is the
  // current directory. fs::absolute("") is an error that leaves the path relative, and a
  // relative path to a missing file stays relative through weakly_canonical, so it looked
  // as if it left the root instead of not existing.
  const fs::path base = base_dir.empty() ? fs::path(".") : base_dir;
  fs::path resolved = fs::weakly_canonical(fs::absolute(base, ec) / rel, ec);
  if (ec) return diag::fail("cannot be resolved");
  if (!is_inside(fs::absolute(root, ec), resolved)) {
    fs::path shown;
    return diag::fail("leaves the project root (" +
                      (canonical_root(fs::absolute(root, ec), &shown) ? shown : root).string() +
                      ")");
  }
  return resolved;
}

std::string display_path(const fs::path& path) {
  std::error_code ec;
  fs::path rel = fs::proximate(path, ec);
  if (ec || rel.empty()) return path.string();
  std::string r = rel.string();
  return r.size() < path.string().size() ? r : path.string();
}

}  // namespace spritec::io
