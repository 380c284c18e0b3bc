// A long trace runs in bounded memory (issue 13, "Simulator at scale"): 1,000 actors for
// 20,000 ticks (20 M trace lines, about 2.3 GB of JSON) through run_scene, into a stream
// that counts the bytes and lines and keeps nothing. The process's peak RSS
// (getrusage, ru_maxrss) may grow by at most 64 MB over the run, and by at most 8 MB more
// than a run a hundred times shorter: memory does not grow with the trace's length. (It ran
// 100,000 ticks against 32 MB, 33 s alone and about 97 s of the loaded suite; the peak RSS
// grew by 0 KB either way. 8 MB over 2 x 10^7 actor-ticks catches any history kept of 0.42
// bytes an actor-tick or 420 bytes a tick, as 32 MB over 10^8 caught 0.34 and 335.)
//
// A separate test program (test_sim_memory) so that its time shows on its own in ctest and
// its peak RSS is not raised by other tests. With sanitizers (whose shadow memory and
// quarantine make RSS meaningless) it runs 2,000 ticks and checks only the line count; a
// build without NDEBUG runs 2,000 ticks with the bounds.
//
// Pack "t" of packs_fixtures.hpp (60 ticks per second): stand (4 views, 1-tick steps),
// walk (two 2-tick steps, root motion [1, 0]), blink (once, then hold), spark (a 2-tick
// loop raising "go").
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <streambuf>
#include <string>

#include "packs_fixtures.hpp"

using namespace sim_test;

namespace {

#if defined(__SANITIZE_ADDRESS__)
#define SPRITEC_MEMORY_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define SPRITEC_MEMORY_TEST_SANITIZED 1
#endif
#endif

#if defined(SPRITEC_MEMORY_TEST_SANITIZED)
constexpr std::int64_t kTicks = 2000;
constexpr bool kCheckMemory = false;
#elif !defined(NDEBUG)
constexpr std::int64_t kTicks = 2000;
constexpr bool kCheckMemory = true;
#else
constexpr std::int64_t kTicks = 20000;
constexpr bool kCheckMemory = true;
#endif
constexpr int kActors = 1000;
constexpr long kMaxGrowthKb = 64 * 1024;       // over the whole run
constexpr long kMaxLengthGrowthKb = 8 * 1024;  // the long run over the short one

// A stream buffer that counts what is written and keeps nothing.
class CountingBuf : public std::streambuf {
 public:
  std::uint64_t bytes = 0;
  std::uint64_t lines = 0;

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    bytes += std::uint64_t(n);
    lines += std::uint64_t(std::count(s, s + n, '\n'));
    return n;
  }
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      ++bytes;
      if (traits_type::to_char_type(c) == '\n') ++lines;
    }
    return traits_type::not_eof(c);
  }
};

// The process's peak resident set so far, in KB (Linux's unit for ru_maxrss).
long max_rss_kb() {
  rusage usage{};
  REQUIRE(getrusage(RUSAGE_SELF, &usage) == 0);
  return usage.ru_maxrss;
}

std::string crowd_scene() {
  static const char* const kActions[] = {"stand", "walk", "blink", "spark"};
  std::string text = "packs: {t: t.spk}\nactors:\n";
  for (int i = 0; i < kActors; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "a%03d", i);
    text += std::string("  - {name: ") + name + ", pack: t, action: " + kActions[i % 4] +
            ", at: [" + std::to_string(i % 320) + ", " + std::to_string(i / 320) +
            "], angle: " + std::to_string((i / 4) % 4 * 90) + "}\n";
  }
  return text;
}

struct Counted {
  std::uint64_t bytes = 0;
  std::uint64_t lines = 0;
  double seconds = 0;
};

Counted run_counted(const sim::Scene& scene, const std::vector<sim::ScenePack>& packs,
                    std::int64_t ticks) {
  CountingBuf buf;
  std::ostream out(&buf);
  sim::RunOptions options;
  options.max_ticks = ticks;
  diag::Sink sink;
  const auto t0 = std::chrono::steady_clock::now();
  auto summary = sim::run_scene(scene, packs, options, &out, sink);
  const auto t1 = std::chrono::steady_clock::now();
  INFO(describe(sink));
  REQUIRE(summary);
  CHECK(summary->ticks_run == ticks);
  CHECK(summary->actors == kActors);
  return {buf.bytes, buf.lines, std::chrono::duration<double>(t1 - t0).count()};
}

}  // namespace

TEST_CASE("a 20,000-tick trace of 1,000 actors runs in bounded memory") {
  diag::Sink sink;
  auto scene = sim::parse_scene(crowd_scene(), "crowd.scene.yaml", ".", sink);
  INFO(describe(sink));
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}}), sink);
  REQUIRE(packs);

  const long before = max_rss_kb();
  const Counted short_run = run_counted(*scene, *packs, kTicks / 100);
  const long after_short = max_rss_kb();
  const Counted long_run = run_counted(*scene, *packs, kTicks);
  const long after_long = max_rss_kb();

  // Every actor has a line on every tick 0 … kTicks, and lines are about 100 bytes.
  CHECK(short_run.lines == std::uint64_t(kActors) * std::uint64_t(kTicks / 100 + 1));
  CHECK(long_run.lines == std::uint64_t(kActors) * std::uint64_t(kTicks + 1));
  CHECK(long_run.bytes > long_run.lines * 80);

  std::printf(
      "test_sim_memory: %lld ticks x %d actors: %.3g MB of trace in %.2f s "
      "(%.1f M actor-ticks/s, %.0f MB/s); peak RSS %ld KB before, %ld KB after %lld ticks, "
      "%ld KB after %lld ticks\n",
      static_cast<long long>(kTicks), kActors, double(long_run.bytes) / 1e6, long_run.seconds,
      double(long_run.lines) / long_run.seconds / 1e6,
      double(long_run.bytes) / 1e6 / long_run.seconds, before, after_short,
      static_cast<long long>(kTicks / 100), after_long, static_cast<long long>(kTicks));
  if (kCheckMemory) {
    CHECK(after_long - before < kMaxGrowthKb);
    CHECK(after_long - after_short < kMaxLengthGrowthKb);
  }
}

// A replay streams too (`simulate --replay`, sim/replay.hpp): 20 actors moving for a whole
// run write one `at` call each per tick, one line of about 1 KB per tick, and the writer
// keeps one tick's calls. 200,000 ticks in about 200 MB of replay, counted and not kept:
// peak RSS grows by at most 8 MB more than a run a hundred times shorter. (A million
// ticks, the longest run without --ticks, took 90 s of the suite to show the same.)
TEST_CASE("a replay of a 200,000-tick scene is written in bounded memory") {
#if defined(SPRITEC_MEMORY_TEST_SANITIZED) || !defined(NDEBUG)
  constexpr std::int64_t kReplayTicks = 20000;
#else
  constexpr std::int64_t kReplayTicks = 200000;
#endif
  std::string text = "packs: {t: t.spk}\nactors:\n";
  std::string moves = "script:\n  - together:\n";
  for (int i = 0; i < 20; ++i) {
    const std::string name = "m" + std::to_string(i);
    text += "  - {name: " + name + ", pack: t, action: walk, at: [0, " + std::to_string(i) + "]}\n";
    moves += "      - {actor: " + name + ", move_by: [-" + std::to_string(kReplayTicks) +
             ", 0.5], over: " + std::to_string(kReplayTicks) + "}\n";
  }
  diag::Sink sink;
  auto scene = sim::parse_scene(text + moves, "moves.scene.yaml", ".", sink);
  INFO(describe(sink));
  REQUIRE(scene);
  auto packs = sim::load_packs(*scene, loader_for({{"t", script_model()}}), sink);
  REQUIRE(packs);
  auto run = [&](std::int64_t ticks) {
    CountingBuf buf;
    std::ostream out(&buf);
    sim::RunOptions options;
    options.max_ticks = ticks;
    auto summary = sim::run_scene(*scene, *packs, options, nullptr, sink, &out);
    REQUIRE(summary);
    CHECK(summary->ticks_run == ticks);
    // A line per tick (each has its 20 `at` calls), the header's and the end's.
    CHECK(buf.lines == std::uint64_t(ticks + 3));
    CHECK(buf.bytes > std::uint64_t(ticks) * 20 * 30);
  };
  const long before = max_rss_kb();
  run(kReplayTicks / 100);
  const long after_short = max_rss_kb();
  run(kReplayTicks);
  const long after_long = max_rss_kb();
  std::printf(
      "test_sim_memory: replay of %lld ticks x 20 moves: peak RSS %ld KB before, %ld KB "
      "after the short run, %ld KB after the long one\n",
      static_cast<long long>(kReplayTicks), before, after_short, after_long);
  if (kCheckMemory) CHECK(after_long - after_short < kMaxLengthGrowthKb);
}
