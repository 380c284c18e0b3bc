// The watcher sees every way an editor saves, settles a file written in pieces, ignores
// the neighbours, and stops when asked — with inotify and by polling alike.
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "spritec/serve/watcher.hpp"

namespace fs = std::filesystem;
using namespace spritec;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

struct Folder {
  fs::path path;
  Folder() {
    path = fs::temp_directory_path() / ("spritec-watch-" + std::to_string(::getpid()) + "-" +
                                        std::to_string(Clock::now().time_since_epoch().count()));
    fs::create_directories(path);
  }
  ~Folder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

void write(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Stops waiting after `ms`.
std::function<bool()> deadline(int ms) {
  const auto end = Clock::now() + milliseconds(ms);
  return [end] { return Clock::now() >= end; };
}

// Waits (up to 3 s) while `save` runs on another thread after 100 ms.
bool saw(serve::Watcher& watcher, const std::function<void()>& save) {
  std::thread saver([&] {
    std::this_thread::sleep_for(milliseconds(100));
    save();
  });
  const bool changed = watcher.wait(deadline(3000));
  saver.join();
  return changed;
}

}  // namespace

TEST_CASE("a save is seen however the editor writes it, with inotify and by polling") {
  const serve::WatchMode mode = GENERATE(serve::WatchMode::kInotify, serve::WatchMode::kPoll);
  Folder folder;
  const fs::path file = folder.path / "hero.png";
  write(file, "one");
  serve::Watcher watcher(mode);
  watcher.watch({file});
  CHECK(watcher.polling() == (mode == serve::WatchMode::kPoll));

  SECTION("written in place") {
    CHECK(saw(watcher, [&] { write(file, "two!"); }));
  }
  SECTION("a temporary renamed over it") {
    CHECK(saw(watcher, [&] {
      write(folder.path / ".hero.png.tmp", "three");
      fs::rename(folder.path / ".hero.png.tmp", file);
    }));
  }
  SECTION("deleted and written anew") {
    CHECK(saw(watcher, [&] {
      fs::remove(file);
      std::this_thread::sleep_for(milliseconds(10));
      write(file, "four");
    }));
  }
  SECTION("rewritten with the same size") {
    CHECK(saw(watcher, [&] { write(file, "ONE"); }));
  }
}

TEST_CASE("a file written in several pieces is seen once, whole") {
  const serve::WatchMode mode = GENERATE(serve::WatchMode::kInotify, serve::WatchMode::kPoll);
  Folder folder;
  const fs::path file = folder.path / "walk.png";
  write(file, "old");
  serve::Watcher watcher(mode);
  watcher.watch({file});
  std::thread writer([&] {
    std::this_thread::sleep_for(milliseconds(100));
    std::ofstream out(file, std::ios::binary);
    for (int piece = 0; piece < 6; ++piece) {
      out << "piece" << piece << ';' << std::flush;
      std::this_thread::sleep_for(milliseconds(30));  // under the 60 ms it waits for stillness
    }
  });
  REQUIRE(watcher.wait(deadline(5000)));
  writer.join();
  CHECK(read(file) == "piece0;piece1;piece2;piece3;piece4;piece5;");
  // Nothing more happened: the next wait sees no change.
  CHECK_FALSE(watcher.wait(deadline(400)));
}

TEST_CASE("a save of a neighbour file is not a change of the watched ones") {
  const serve::WatchMode mode = GENERATE(serve::WatchMode::kInotify, serve::WatchMode::kPoll);
  Folder folder;
  const fs::path file = folder.path / "hero.sprites.yaml";
  write(file, "sheets: []");
  serve::Watcher watcher(mode);
  watcher.watch({file});
  std::thread saver([&] {
    for (int i = 0; i < 5; ++i) {
      std::this_thread::sleep_for(milliseconds(40));
      write(folder.path / ("notes-" + std::to_string(i) + ".txt"), "x");
    }
  });
  CHECK_FALSE(watcher.wait(deadline(600)));
  saver.join();
}

TEST_CASE("watching files in several folders, and a file that does not exist yet") {
  Folder folder;
  fs::create_directories(folder.path / "art");
  const fs::path definition = folder.path / "a.sprites.yaml";
  const fs::path missing = folder.path / "art" / "later.png";
  write(definition, "x");
  serve::Watcher watcher(serve::WatchMode::kInotify);
  watcher.watch({definition, missing});
  CHECK(saw(watcher, [&] { write(missing, "now"); }));
  CHECK(saw(watcher, [&] { write(definition, "xy"); }));
}

TEST_CASE("a wait ends when asked to stop, promptly") {
  Folder folder;
  const fs::path file = folder.path / "a.png";
  write(file, "a");
  serve::Watcher watcher(serve::WatchMode::kInotify);
  watcher.watch({file});
  const auto started = Clock::now();
  CHECK_FALSE(watcher.wait(deadline(100)));
  CHECK(Clock::now() - started < milliseconds(1000));
}
