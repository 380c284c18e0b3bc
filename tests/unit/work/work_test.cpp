// spritec::work: the thread count, parallel_for and Pool (spritec/work/work.hpp).
#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "spritec/work/work.hpp"

using namespace spritec;

TEST_CASE("a positive jobs is the number of threads, and 0 or less means one per core") {
  CHECK(work::threads(1) == 1);
  CHECK(work::threads(3) == 3);
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  CHECK(work::threads(0) == cores);
  CHECK(work::threads(-2) == cores);
}

TEST_CASE("parallel_for calls fn once for every index, whatever the number of threads") {
  for (int jobs : {1, 2, 3, 8, 0}) {
    for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(100)}) {
      INFO("jobs " << jobs << ", n " << n);
      std::vector<std::atomic<int>> calls(n);
      work::parallel_for(n, jobs, [&](std::size_t i) { ++calls[i]; });
      for (std::size_t i = 0; i < n; ++i)
        CHECK(calls[i].load() == 1);
    }
  }
}

TEST_CASE("parallel_for runs on as many threads as asked, the caller's among them") {
  // Each call waits until 3 threads are inside at once: with jobs 3 and 3 indices that
  // happens only when the three run side by side (one of them on the calling thread).
  std::atomic<int> inside{0};
  std::mutex mutex;
  std::set<std::thread::id> ids;
  work::parallel_for(3, 3, [&](std::size_t) {
    ++inside;
    while (inside.load() < 3)
      std::this_thread::yield();
    std::lock_guard<std::mutex> lock(mutex);
    ids.insert(std::this_thread::get_id());
  });
  CHECK(ids.size() == 3);
  CHECK(ids.count(std::this_thread::get_id()) == 1);
}

TEST_CASE("parallel_for on one thread runs the indices in order on the caller's thread") {
  std::vector<std::size_t> order;
  const std::thread::id caller = std::this_thread::get_id();
  bool on_caller = true;
  work::parallel_for(5, 1, [&](std::size_t i) {
    on_caller = on_caller && std::this_thread::get_id() == caller;
    order.push_back(i);
  });
  CHECK(on_caller);
  CHECK(order == std::vector<std::size_t>{0, 1, 2, 3, 4});
}

TEST_CASE("an exception in parallel_for reaches the caller once the threads are done") {
  std::atomic<int> calls{0};
  CHECK_THROWS_AS(work::parallel_for(50, 2,
                                     [&](std::size_t i) {
                                       ++calls;
                                       if (i == 3) throw std::runtime_error("task 3");
                                     }),
                  std::runtime_error);
  CHECK(calls.load() >= 4);  // indices 0..3 at least were handed out
}

TEST_CASE("a pool runs every task posted before wait returns, on any number of threads") {
  for (int jobs : {1, 2, 4}) {
    INFO("jobs " << jobs);
    std::vector<int> done(40, 0);
    work::Pool pool(jobs);
    for (std::size_t i = 0; i < done.size(); ++i)
      pool.post([&done, i] { done[i] = int(i) * 2; });  // each writes only its own item
    pool.wait();
    CHECK(pool.pending() == 0);
    for (std::size_t i = 0; i < done.size(); ++i)
      CHECK(done[i] == int(i) * 2);
  }
}

TEST_CASE("a pool of one thread runs its tasks on the waiting caller, in the order posted") {
  std::vector<int> order;
  work::Pool pool(1);
  for (int i = 0; i < 5; ++i)
    pool.post([&order, i] { order.push_back(i); });
  CHECK(pool.pending() == 5);  // no thread of its own: nothing ran yet
  CHECK(order.empty());
  pool.wait();
  CHECK(order == std::vector<int>{0, 1, 2, 3, 4});
}

TEST_CASE("a pool can be waited for again after more tasks are posted") {
  std::atomic<int> sum{0};
  work::Pool pool(2);
  pool.post([&] { sum += 1; });
  pool.wait();
  CHECK(sum.load() == 1);
  pool.post([&] { sum += 10; });
  pool.post([&] { sum += 100; });
  pool.wait();
  CHECK(sum.load() == 111);
}

TEST_CASE("a task that throws in a pool is rethrown by wait, and the tasks queued are dropped") {
  work::Pool pool(1);  // on the caller only: the order is known
  std::vector<int> ran;
  pool.post([&] { ran.push_back(0); });
  pool.post([&] { throw std::runtime_error("task 1"); });
  pool.post([&] { ran.push_back(2); });
  CHECK_THROWS_AS(pool.wait(), std::runtime_error);
  CHECK(ran == std::vector<int>{0});
  CHECK(pool.pending() == 0);
  pool.post([&] { ran.push_back(3); });  // the pool goes on
  pool.wait();
  CHECK(ran == std::vector<int>{0, 3});
}

TEST_CASE("a pool task posted after others starts only once they have all finished") {
  for (int jobs : {1, 2, 4}) {
    INFO("jobs " << jobs);
    // A chain: each link after the one before, so the links append in order although
    // the pool's threads are free to run them; independent tasks run beside the chain.
    std::vector<int> chain;  // written by one link at a time: the chain orders them
    std::atomic<int> beside{0};
    work::Pool pool(jobs);
    work::Pool::Task link = pool.post([&] { chain.push_back(0); });
    for (int i = 1; i < 50; ++i) {
      link = pool.post({link}, [&chain, i](int) { chain.push_back(i); });
      pool.post([&] { ++beside; });
    }
    pool.wait();
    std::vector<int> expected(50);
    for (int i = 0; i < 50; ++i)
      expected[std::size_t(i)] = i;
    CHECK(chain == expected);
    CHECK(beside.load() == 49);
  }
}

TEST_CASE("a pool task is told its thread, and no thread runs two tasks at once") {
  for (int jobs : {1, 2, 3}) {
    INFO("jobs " << jobs);
    work::Pool pool(jobs);
    CHECK(pool.size() == jobs);
    std::vector<std::atomic<int>> busy(static_cast<std::size_t>(jobs));
    std::atomic<int> overlaps{0};
    std::atomic<int> out_of_range{0};
    std::atomic<int> on_caller{0};
    const std::thread::id caller = std::this_thread::get_id();
    for (int i = 0; i < 200; ++i) {
      pool.post({}, [&](int thread) {
        if (thread < 0 || thread >= jobs) {
          ++out_of_range;
          return;
        }
        if (++busy[std::size_t(thread)] != 1) ++overlaps;
        if ((thread == 0) != (std::this_thread::get_id() == caller)) ++on_caller;
        std::this_thread::yield();
        --busy[std::size_t(thread)];
      });
    }
    pool.wait();
    CHECK(out_of_range.load() == 0);
    CHECK(overlaps.load() == 0);
    CHECK(on_caller.load() == 0);  // thread 0 is the caller's, and only the caller is 0
  }
}

TEST_CASE("wait_for runs tasks until the one named has finished, and leaves the rest") {
  work::Pool pool(1);  // on the caller only: what ran is known
  std::vector<char> ran;
  const work::Pool::Task a = pool.post([&] { ran.push_back('a'); });
  const work::Pool::Task b = pool.post([&] { ran.push_back('b'); });
  const work::Pool::Task c = pool.post({b}, [&](int) { ran.push_back('c'); });
  pool.post([&] { ran.push_back('d'); });
  pool.wait_for(a);
  CHECK(ran == std::vector<char>{'a'});
  CHECK(pool.pending() == 3);
  // c waits for b; of the tasks ready the first posted starts first, so d comes last.
  pool.wait_for(c);
  CHECK(ran == std::vector<char>{'a', 'b', 'c'});
  CHECK(pool.pending() == 1);
  pool.wait_for(a);  // finished already: returns at once
  CHECK(pool.pending() == 1);
  pool.wait();
  CHECK(ran == std::vector<char>{'a', 'b', 'c', 'd'});
}

TEST_CASE("wait_for rethrows a task's exception, and the tasks after it are dropped") {
  work::Pool pool(1);
  bool ran_after = false;
  const work::Pool::Task bad = pool.post([] { throw std::runtime_error("bad"); });
  const work::Pool::Task after = pool.post({bad}, [&](int) { ran_after = true; });
  CHECK_THROWS_AS(pool.wait_for(after), std::runtime_error);
  CHECK_FALSE(ran_after);
  CHECK(pool.pending() == 0);
}
