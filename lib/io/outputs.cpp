#include "spritec/io/outputs.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <set>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "spritec/io/files.hpp"

namespace fs = std::filesystem;

namespace spritec::io {

namespace {

// A file's identity: device and inode when something is at the path, else the canonical
// path it would be created at (`exists` false).
struct Identity {
  bool exists = false;
  dev_t dev = 0;
  ino_t ino = 0;
  fs::path canonical;  // only for a path where nothing is (yet)
};

Identity identify(const fs::path& path) {
  Identity id;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    id.exists = true;
    id.dev = st.st_dev;
    id.ino = st.st_ino;
    return id;
  }
  // Resolving asks the file system about every component: done only for what is not there
  // yet (a build lists thousands of existing inputs). A missing path may still lead to an
  // existing file once its missing folders are made (`new/../hero.png`): it is then that file.
  std::error_code ec;
  id.canonical = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) id.canonical = fs::absolute(path, ec).lexically_normal();
  if (::stat(id.canonical.c_str(), &st) == 0) {
    id.exists = true;
    id.dev = st.st_dev;
    id.ino = st.st_ino;
  }
  return id;
}

// Two existing files are the same when they share device and inode; two missing ones when
// they resolve to the same place; an existing one and a missing one never are.
bool same_file(const Identity& a, const Identity& b) {
  if (a.exists && b.exists) return a.dev == b.dev && a.ino == b.ino;
  if (a.exists != b.exists) return false;
  return a.canonical == b.canonical;
}

std::string shown(const fs::path& path) {
  return display_path(path);
}

std::string errno_text(int e) {
  return std::strerror(e);
}

// A short name for a temporary or backup in `dir`, unique within this process; a clash with
// a file already there is handled by the caller (EEXIST: try the next).
fs::path scratch_name(const fs::path& dir, const char* suffix) {
  static unsigned counter = 0;
  char name[64];
  std::snprintf(name, sizeof name, ".spritec-%ld-%u%s", static_cast<long>(::getpid()), counter++,
                suffix);
  return dir / name;
}

fs::path parent_of(const fs::path& target) {
  fs::path dir = target.parent_path();
  return dir.empty() ? fs::path(".") : dir;
}

}  // namespace

bool exists_not_regular(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;  // nothing there (or a dangling link)
  return !S_ISREG(st.st_mode);
}

// --- OutputPlan --------------------------------------------------------------------------

void OutputPlan::input(const fs::path& path, std::string what) {
  inputs_.push_back({path, std::move(what), {}});
}

void OutputPlan::output(const fs::path& path, std::string flag, std::string role) {
  outputs_.push_back({path, std::move(flag), std::move(role)});
}

std::string OutputPlan::describe(const Entry& out) const {
  if (out.role.empty()) return out.label + " " + shown(out.path);
  return out.label + "'s " + out.role + " " + shown(out.path);
}

std::optional<OutputProblem> OutputPlan::check() const {
  std::vector<Identity> inputs;
  inputs.reserve(inputs_.size());
  for (const Entry& e : inputs_)
    inputs.push_back(identify(e.path));
  std::vector<Identity> outputs;
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    const Entry& out = outputs_[i];
    OutputProblem p;
    p.flag = out.label;
    p.path = out.path.string();
    if (exists_not_regular(out.path)) {
      p.kind = Clash::kNotRegular;
      std::error_code ec;
      const char* kind = fs::is_directory(out.path, ec) ? "a directory" : "not a regular file";
      p.message = describe(out) + " exists and is " + kind +
                  " (a device, FIFO, socket or directory is never replaced): name a file for " +
                  p.flag;
      return p;
    }
    Identity id = identify(out.path);
    for (std::size_t j = 0; j < inputs_.size(); ++j) {
      if (!same_file(id, inputs[j])) continue;
      p.kind = Clash::kReplacesInput;
      p.other = inputs_[j].path.string();
      bool same_name = shown(out.path) == shown(inputs_[j].path);
      p.message = describe(out) + " would replace " + shown(inputs_[j].path) + ", " +
                  inputs_[j].label + (same_name ? "" : " (the same file through a link)") +
                  "; nothing was written: choose another name for " + p.flag;
      return p;
    }
    for (std::size_t j = 0; j < outputs.size(); ++j) {
      if (!same_file(id, outputs[j])) continue;
      p.kind = Clash::kSameOutput;
      p.other = outputs_[j].path.string();
      p.other_flag = outputs_[j].label;
      p.message = describe(out) + " and " + describe(outputs_[j]) +
                  " are the same file; nothing was written: give them different names";
      return p;
    }
    outputs.push_back(std::move(id));
  }
  return std::nullopt;
}

// --- StagedFile --------------------------------------------------------------------------

class StagedFile::Buffer : public std::streambuf {
 public:
  explicit Buffer(StagedFile* file) : file_(file) {
    setp(data_.data(), data_.data() + data_.size());
  }
  int flush_buffer() {
    std::ptrdiff_t n = pptr() - pbase();
    if (n > 0) file_->write(std::string_view(pbase(), std::size_t(n)));
    setp(data_.data(), data_.data() + data_.size());
    return file_->error_.failed() ? -1 : 0;
  }

 protected:
  int_type overflow(int_type c) override {
    if (flush_buffer() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return flush_buffer(); }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (n >= std::streamsize(data_.size())) {
      if (flush_buffer() != 0) return 0;
      file_->write(std::string_view(s, std::size_t(n)));
      return file_->error_.failed() ? 0 : n;
    }
    return std::streambuf::xsputn(s, n);
  }

 private:
  StagedFile* file_;
  std::array<char, 1 << 16> data_{};
};

StagedFile::StagedFile(fs::path target) : target_(std::move(target)) {}

StagedFile::~StagedFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!temp_path_.empty()) ::unlink(temp_path_.c_str());
}

diag::Status<> StagedFile::open() {
  fs::path dir = parent_of(target_);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec)) {
    return diag::fail("cannot write " + target_.string() + ": cannot create the directory " +
                      dir.string() + (ec ? ": " + ec.message() : ""));
  }
#ifdef O_TMPFILE
  fd_ = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
  if (fd_ >= 0) {
    unnamed_ = true;
    ::fchmod(fd_, 0644);
    return {};
  }
#endif
  // No O_TMPFILE here (an old kernel or a file system without it): a named temporary with a
  // short name, so a long output name still fits within NAME_MAX.
  std::string templ = (dir / ".spritec-XXXXXX").string();
  std::vector<char> name(templ.begin(), templ.end());
  name.push_back('\0');
  fd_ = ::mkstemp(name.data());
  if (fd_ < 0) {
    return diag::fail("cannot write " + target_.string() + ": cannot create a temporary file in " +
                      dir.string() + ": " + errno_text(errno));
  }
  temp_path_ = name.data();
  ::fchmod(fd_, 0644);
  return {};
}

void StagedFile::write(std::string_view data) {
  if (error_.failed() || fd_ < 0) return;
  std::size_t written = 0;
  while (written < data.size()) {
    ssize_t n = ::write(fd_, data.data() + written, data.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      error_ = diag::fail("cannot write " + target_.string() + ": " + errno_text(errno));
      return;
    }
    written += std::size_t(n);
  }
}

void StagedFile::write(const std::vector<std::uint8_t>& data) {
  write(std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
}

std::streambuf* StagedFile::streambuf() {
  if (!buffer_) buffer_ = std::make_unique<Buffer>(this);
  return buffer_.get();
}

diag::Status<> StagedFile::finish() {
  if (buffer_) buffer_->flush_buffer();
  if (error_.failed() || fd_ < 0) return error_;
  if (::fsync(fd_) != 0 && errno != EINVAL) {
    error_ = diag::fail("cannot flush " + target_.string() + ": " + errno_text(errno));
  }
  return error_;
}

diag::Result<fs::path> StagedFile::link_temp() {
  if (!unnamed_) return temp_path_;
  fs::path dir = parent_of(target_);
  std::string proc = "/proc/self/fd/" + std::to_string(fd_);
  for (int attempt = 0; attempt < 100; ++attempt) {
    fs::path name = scratch_name(dir, ".tmp");
    if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0 ||
        ::linkat(fd_, "", AT_FDCWD, name.c_str(), AT_EMPTY_PATH) == 0) {
      temp_path_ = name;
      unnamed_ = false;
      return name;
    }
    if (errno != EEXIST) break;
  }
  // Neither /proc nor AT_EMPTY_PATH can name the file: copy it into a named temporary.
  std::string templ = (dir / ".spritec-XXXXXX").string();
  std::vector<char> name(templ.begin(), templ.end());
  name.push_back('\0');
  int copy = ::mkstemp(name.data());
  if (copy < 0) {
    return diag::fail("cannot name a temporary file in " + dir.string() + ": " + errno_text(errno));
  }
  temp_path_ = name.data();
  ::fchmod(copy, 0644);
  int in = ::open(proc.c_str(), O_RDONLY | O_CLOEXEC);
  std::string why;
  if (in < 0) why = errno_text(errno);
  std::array<char, 1 << 16> chunk{};
  while (why.empty()) {
    ssize_t n = ::read(in, chunk.data(), chunk.size());
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      why = errno_text(errno);
      break;
    }
    for (ssize_t done = 0; done < n && why.empty();) {
      ssize_t w = ::write(copy, chunk.data() + done, std::size_t(n - done));
      if (w < 0 && errno != EINTR) why = errno_text(errno);
      if (w > 0) done += w;
    }
  }
  if (in >= 0) ::close(in);
  if (why.empty() && ::fsync(copy) != 0 && errno != EINVAL) why = errno_text(errno);
  ::close(copy);
  if (!why.empty()) return diag::fail("cannot write " + target_.string() + ": " + why);
  unnamed_ = false;
  return temp_path_;
}

diag::Status<> StagedFile::park() {
  diag::Result<fs::path> named = link_temp();
  if (!named) return named.error;
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  return {};
}

// --- OutputSet ---------------------------------------------------------------------------

namespace {

// A target the commit has renamed into place, and its old file, kept under another name
// until the whole set is in place (empty: there was none, or it could not be kept).
struct Replaced {
  fs::path target;
  fs::path backup;
};

// Keeps the file at `target`, when there is one, under another name in its directory (a
// hard link), so that a failed commit can put it back. Empty when there is none, or no
// link can be made.
fs::path keep_old_file(const fs::path& target) {
  struct stat st {};
  if (::lstat(target.c_str(), &st) != 0) return {};
  for (int attempt = 0; attempt < 100; ++attempt) {
    fs::path backup = scratch_name(parent_of(target), ".old");
    if (::link(target.c_str(), backup.c_str()) == 0) return backup;
    if (errno != EEXIST) break;  // no hard links here: this one cannot be rolled back
  }
  return {};
}

// Whether `target` is a regular file (not a link to one) holding exactly the bytes of
// `staged`: then the commit leaves it as it is, its time too, so a build tool that checks
// times (Ninja's restat) skips what depends on it. Any doubt (a read error) says no.
bool holds_same_bytes(const fs::path& target, const fs::path& staged) {
  struct stat old_st {};
  struct stat new_st {};
  if (::lstat(target.c_str(), &old_st) != 0 || !S_ISREG(old_st.st_mode)) return false;
  if (::stat(staged.c_str(), &new_st) != 0 || new_st.st_size != old_st.st_size) return false;
  int a = ::open(target.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  int b = ::open(staged.c_str(), O_RDONLY | O_CLOEXEC);
  bool same = a >= 0 && b >= 0;
  std::vector<char> x(std::size_t(1) << 16);
  std::vector<char> y(x.size());
  // Reads `want` bytes (fewer only at the end of the file); -1 on an error.
  auto read_full = [](int fd, char* data, std::size_t want) -> ssize_t {
    std::size_t got = 0;
    while (got < want) {
      ssize_t n = ::read(fd, data + got, want - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return -1;
      if (n == 0) break;
      got += std::size_t(n);
    }
    return ssize_t(got);
  };
  while (same) {
    ssize_t n = read_full(a, x.data(), x.size());
    ssize_t m = read_full(b, y.data(), y.size());
    if (n < 0 || n != m || std::memcmp(x.data(), y.data(), std::size_t(n)) != 0) same = false;
    if (n <= 0) break;
  }
  if (a >= 0) ::close(a);
  if (b >= 0) ::close(b);
  return same;
}

// Undoes the renames, last first: each old file back in place, or the new one removed.
void roll_back(const std::vector<Replaced>& done) {
  for (auto it = done.rbegin(); it != done.rend(); ++it) {
    if (it->backup.empty()) {
      ::unlink(it->target.c_str());
    } else {
      ::rename(it->backup.c_str(), it->target.c_str());
    }
  }
}

// The set is in place: the old files go, and the renames are made durable.
void settle(const std::vector<Replaced>& done) {
  std::set<fs::path> dirs;
  for (const Replaced& d : done) {
    if (!d.backup.empty()) ::unlink(d.backup.c_str());
    dirs.insert(parent_of(d.target));
  }
  for (const fs::path& dir : dirs) {
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
      ::fsync(fd);
      ::close(fd);
    }
  }
}

}  // namespace

OutputSet::OutputSet() = default;
OutputSet::~OutputSet() = default;

diag::Result<StagedFile*> OutputSet::open(const fs::path& target) {
  auto staged = std::unique_ptr<StagedFile>(new StagedFile(target));
  if (diag::Status<> opened = staged->open(); !opened) return opened.error;
  StagedFile* file = staged.get();
  files_.push_back(std::move(staged));
  return file;
}

diag::Status<> OutputSet::stage(const fs::path& target, std::string_view data) {
  diag::Result<StagedFile*> opened = open(target);
  if (!opened) return opened.error;
  StagedFile* file = opened.value;
  file->write(data);
  if (diag::Status<> finished = file->finish(); !finished) return finished;
  // Unnamed temporaries live only as open descriptors; past a few dozen, finished ones
  // get their temporary names and are closed, so a set of thousands (unpack) fits the
  // descriptor limit.
  if (files_.size() > kOpenFiles) return file->park();
  return {};
}

diag::Status<> OutputSet::stage(const fs::path& target, const std::vector<std::uint8_t>& data) {
  return stage(target, std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
}

void OutputSet::keep_together(const std::vector<fs::path>& targets) {
  together_.push_back(targets);
}

diag::Status<> OutputSet::commit() {
  for (auto& f : files_) {
    if (diag::Status<> finished = f->finish(); !finished) return finished;
  }
  // Every temporary gets a name before any target is touched.
  std::vector<fs::path> temps(files_.size());
  for (std::size_t i = 0; i < files_.size(); ++i) {
    diag::Result<fs::path> named = files_[i]->link_temp();
    if (!named) return named.error;
    temps[i] = std::move(named.value);
  }
  // An existing output that already holds the new bytes is left as it is (its time too)
  // and its temporary dropped: decided for every file before any is renamed, so the
  // renames follow each other as closely as before. The set stays whole: a kept file is
  // the file the commit would have put there, and a rollback never needs to touch it.
  std::vector<bool> unchanged(files_.size(), false);
  for (std::size_t i = 0; i < files_.size(); ++i)
    unchanged[i] = holds_same_bytes(files_[i]->target(), temps[i]);
  for (const std::vector<fs::path>& group : together_) {
    auto in_group = [&](std::size_t i) {
      return std::find(group.begin(), group.end(), files_[i]->target()) != group.end();
    };
    bool changed = false;
    for (std::size_t i = 0; i < files_.size(); ++i)
      changed = changed || (in_group(i) && !unchanged[i]);
    for (std::size_t i = 0; changed && i < files_.size(); ++i) {
      if (in_group(i)) unchanged[i] = false;
    }
  }
  std::vector<Replaced> done;
  std::string failure;
  for (std::size_t i = 0; i < files_.size() && failure.empty(); ++i) {
    const fs::path& target = files_[i]->target();
    if (unchanged[i]) {
      ::unlink(temps[i].c_str());
      files_[i]->temp_path_.clear();
      continue;
    }
    if (exists_not_regular(target)) {
      failure = "cannot write " + target.string() +
                ": it exists and is not a regular file (never replaced)";
      break;
    }
    // Keep the old file under another name until the whole set is in place.
    Replaced d{target, keep_old_file(target)};
    if (std::rename(temps[i].c_str(), target.c_str()) != 0) {
      failure = "cannot rename into " + target.string() + ": " + errno_text(errno);
      if (!d.backup.empty()) ::unlink(d.backup.c_str());
      break;
    }
    files_[i]->temp_path_.clear();  // it is the target now
    done.push_back(std::move(d));
  }
  if (!failure.empty()) {
    roll_back(done);
    for (auto& f : files_) {
      if (!f->temp_path_.empty()) ::unlink(f->temp_path_.c_str());
      f->temp_path_.clear();
    }
    for (const Replaced& d : done) {
      if (!d.backup.empty()) ::unlink(d.backup.c_str());
    }
    return diag::fail(std::move(failure));
  }
  settle(done);
  files_.clear();
  together_.clear();
  return {};
}

}  // namespace spritec::io
