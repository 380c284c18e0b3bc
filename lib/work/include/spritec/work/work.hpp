// spritec::work — the one way spritec runs work on threads (docs/architecture.md).
//
// A `jobs` option (the CLI's --jobs) means a number of threads, 0 or less meaning one per
// core; threads() resolves it, once, for everything. parallel_for runs fn(i) for every i
// of a range on that many threads, the caller's among them; Pool runs tasks handed to it
// one by one, as they become ready, on a fixed number of threads.
//
// Neither decides an output: each task must write only what is its own (item i of a
// vector, say) and the caller merges the results in a fixed order, so what comes out is
// the same for any number of threads. Std only: depends on nothing of ours.
//
// Failure: a task that throws does not end the process on a worker thread; the first
// exception is rethrown on the caller's thread once every started task has finished
// (parallel_for before it returns, Pool from wait()). The tasks not started by then are
// dropped.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace spritec::work {

// The number of threads `jobs` asks for: jobs itself when positive, else the number of
// cores (at least 1).
int threads(int jobs);

// fn(i) for every i in [0, n), each once, on min(threads(jobs), n) threads, the calling
// one included; the indices are handed out in increasing order, the next to whichever
// thread is free. Returns when every call has returned.
void parallel_for(std::size_t n, int jobs, const std::function<void(std::size_t)>& fn);

// A queue of tasks run on threads(jobs) threads: threads(jobs) - 1 of its own, and the
// caller's while it waits in wait(). Tasks start in the order they were posted.
class Pool {
 public:
  explicit Pool(int jobs);
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  // Waits for the tasks posted (as wait(), but an exception is not rethrown).
  ~Pool();

  // Queues a task; a thread of the pool takes it as soon as one is free.
  void post(std::function<void()> task);
  // Runs queued tasks on the calling thread too until every task posted has finished;
  // then rethrows the first exception a task threw, if any.
  void wait();
  // The tasks posted and not finished yet (to report progress while the pool's threads
  // work); 0 also once a task has failed and the rest were dropped.
  std::size_t pending();

 private:
  bool run_one(std::unique_lock<std::mutex>& lock);
  void work();

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> queue_;
  std::size_t running_ = 0;
  std::exception_ptr error_;
  bool stopping_ = false;
};

}  // namespace spritec::work
