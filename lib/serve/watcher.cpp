// Watching files for a save: inotify on the files' directories says when to look, the
// files' signatures say whether one changed.
//
// inotify is used through the kernel's own interface (inotify(7): a non-blocking descriptor,
// one watch a directory, events read in a buffer). Debian's wrapper, libinotifytools, was
// tried first: it keeps one instance per process in global state and its wait cannot be
// shorter than a second nor woken, so a server could neither settle a save in tens of
// milliseconds nor stop at once on Ctrl-C. What is left here is reading that buffer.
#include "spritec/serve/watcher.hpp"

#include <fcntl.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstring>

#include <set>
#include <thread>

namespace fs = std::filesystem;

namespace spritec::serve {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// What a save does to a directory: a file written and closed, moved in or out, created,
// deleted, or its attributes changed (touch). Modifications in progress are not asked for:
// the file's close follows them.
constexpr int kEvents = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE |
                        IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;
// Without inotify, how often the files are looked at; with it, how often anyway (an event
// lost to a full queue, a file system that reports nothing for writes from elsewhere).
constexpr milliseconds kPollInterval(100);
constexpr milliseconds kSafetyInterval(1000);
// How long the files may keep changing before the build runs anyway.
constexpr milliseconds kMaxSettle(2000);
constexpr milliseconds kTick(20);

}  // namespace

Watcher::Watcher(WatchMode mode) : polling_(mode == WatchMode::kPoll) {}

Watcher::~Watcher() {
  stop_inotify();
}

Watcher::Signature Watcher::signature(const fs::path& file) {
  struct stat st {};
  Signature s;
  if (::stat(file.c_str(), &st) != 0) return s;
  s.exists = true;
  s.size = std::uintmax_t(st.st_size);
  s.mtime_ns = std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  s.inode = std::uint64_t(st.st_ino);
  return s;
}

Watcher::Signatures Watcher::now() const {
  Signatures out;
  for (const auto& [file, before] : files_) {
    (void)before;
    out.emplace(file, signature(file));
  }
  return out;
}

void Watcher::stop_inotify() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  inotify_ = false;
  directories_.clear();
}

bool Watcher::start_inotify() {
  fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd_ < 0) return false;
  inotify_ = true;
  std::set<fs::path> directories;
  for (const auto& [file, s] : files_) {
    (void)s;
    directories.insert(file.parent_path().empty() ? fs::path(".") : file.parent_path());
  }
  for (const fs::path& directory : directories) {
    const int wd = ::inotify_add_watch(fd_, directory.c_str(), kEvents);
    if (wd < 0) return false;  // no watch left (fs.inotify.max_user_watches), or no inotify here
    directories_.emplace(wd, directory);
  }
  return true;
}

void Watcher::watch(const std::vector<fs::path>& files) {
  stop_inotify();
  files_.clear();
  for (const fs::path& file : files)
    files_.emplace(fs::absolute(file).lexically_normal(), Signature{});
  for (auto& [file, s] : files_)
    s = signature(file);
  checked_ = Clock::now();
  if (!polling_ && !start_inotify()) {
    stop_inotify();
    polling_ = true;
  }
}

bool Watcher::drain_events() {
  bool named = false;
  // Room for many events at once; each is a header and its name, NUL-padded (inotify(7)).
  alignas(inotify_event) char buffer[16 * (sizeof(inotify_event) + NAME_MAX + 1)];
  for (;;) {
    const ssize_t got = ::read(fd_, buffer, sizeof buffer);
    if (got <= 0) return named;  // EAGAIN: nothing more to read
    for (ssize_t at = 0; at + ssize_t(sizeof(inotify_event)) <= got;) {
      inotify_event event;
      std::memcpy(&event, buffer + at, sizeof event);
      const char* name = buffer + at + sizeof event;
      at += ssize_t(sizeof event + event.len);
      if (event.mask & IN_Q_OVERFLOW) named = true;  // events were lost: look at every file
      auto directory = directories_.find(event.wd);
      if (event.len == 0 || directory == directories_.end()) continue;
      if (files_.count(directory->second / std::string(name, ::strnlen(name, event.len))))
        named = true;
    }
  }
}

bool Watcher::wait(const std::function<bool()>& stop, milliseconds settle) {
  // Until a file differs from what was seen last, or an event names one (a rewrite within
  // one tick of the file system's clock keeps size and time; a touch is a save too). An
  // event about a neighbour of the files changes nothing.
  Signatures seen;
  for (;;) {
    if (stop()) return false;
    const bool named = inotify_ && drain_events();
    if (named || Clock::now() - checked_ >= (polling_ ? kPollInterval : kSafetyInterval)) {
      checked_ = Clock::now();
      seen = now();
      if (named || seen != files_) break;
    }
    std::this_thread::sleep_for(kTick);
  }
  // Then until they keep still: an editor may write a file in several writes, or delete it
  // and write it anew.
  const auto started = Clock::now();
  auto quiet_since = started;
  while (Clock::now() - started < kMaxSettle) {
    if (stop()) return false;
    std::this_thread::sleep_for(kTick);
    bool named = inotify_ && drain_events();
    Signatures current = now();
    if (named || current != seen) {
      seen = std::move(current);
      quiet_since = Clock::now();
    } else if (Clock::now() - quiet_since >= settle) {
      break;
    }
  }
  files_ = std::move(seen);
  checked_ = Clock::now();
  return true;
}

}  // namespace spritec::serve
