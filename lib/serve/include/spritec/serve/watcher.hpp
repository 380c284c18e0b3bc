// spritec::serve — waiting for a save. `spritec serve` watches every file its build read;
// an editor may save by writing in place (in several writes), or by writing a temporary
// and renaming it over the file, or by deleting and creating it. The watcher therefore
// watches each file's directory, not the file (a rename replaces the file it would watch),
// and decides that a file changed by its signature (exists, size, modification time,
// inode) — inotify's events only say when to look. Where
// inotify cannot watch (no instance or watch left, a file system without it), it looks
// every 100 ms instead (polling), and says so.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <vector>

namespace spritec::serve {

enum class WatchMode { kInotify, kPoll };

class Watcher {
 public:
  // kInotify falls back to polling when inotify is not available (polling() says which).
  explicit Watcher(WatchMode mode);
  ~Watcher();
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;

  // Watches these files from now on (instead of the ones before), as they are now: a change
  // is a difference from this moment's signatures.
  void watch(const std::vector<std::filesystem::path>& files);

  // Waits until a watched file changed and then stopped changing (no change for `settle`,
  // or at most 2 s of changes), or until `stop` says so. True when a file changed (the
  // signatures are then taken afresh: the next wait waits for the next change).
  bool wait(const std::function<bool()>& stop,
            std::chrono::milliseconds settle = std::chrono::milliseconds(60));

  bool polling() const { return polling_; }

  // What decides that a file changed.
  struct Signature {
    bool exists = false;
    std::uintmax_t size = 0;
    std::int64_t mtime_ns = 0;
    std::uint64_t inode = 0;
    bool operator==(const Signature& o) const {
      return exists == o.exists && size == o.size && mtime_ns == o.mtime_ns && inode == o.inode;
    }
    bool operator!=(const Signature& o) const { return !(*this == o); }
  };
  static Signature signature(const std::filesystem::path& file);

 private:
  using Signatures = std::map<std::filesystem::path, Signature>;
  Signatures now() const;
  bool drain_events();  // true when an event named a watched file (written, moved in, …)
  bool start_inotify();
  void stop_inotify();

  bool polling_ = false;
  bool inotify_ = false;                              // inotify watches the directories
  int fd_ = -1;                                       // the inotify instance
  Signatures files_;                                  // as watch() or the last change saw them
  std::map<int, std::filesystem::path> directories_;  // inotify's watch → directory
  std::chrono::steady_clock::time_point checked_;     // when files_ was last compared
};

}  // namespace spritec::serve
