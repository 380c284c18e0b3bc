// spritec::work — the one way spritec runs work on threads (docs/architecture.md).
//
// A `jobs` option (the CLI's --jobs) means a number of threads, 0 or less meaning one per
// core; threads() resolves it, once, for everything. parallel_for runs fn(i) for every i
// of a range on that many threads, the caller's among them; Pool runs tasks handed to it
// one by one, as they become ready, on a fixed number of threads. A task of a Pool may
// wait for tasks posted before it, and learns which of the pool's threads runs it, so
// work that depends on earlier work (render's GIF encoder: each frame's tasks after their
// own first one and after the frame before) and work with scratch state of each thread's
// own (an encoder's dictionaries) run on the same pool.
//
// Neither decides an output: each task must write only what is its own (item i of a
// vector, say) and the caller merges the results in a fixed order, so what comes out is
// the same for any number of threads. Std only: depends on nothing of ours.
//
// Failure: a task that throws does not end the process on a worker thread; the first
// exception is rethrown on the caller's thread once every started task has finished
// (parallel_for before it returns, Pool from wait() or wait_for()). The tasks not started
// by then are dropped.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <set>
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
// caller's while it waits in wait() or wait_for(). Of the tasks ready to start (those
// whose `after` tasks have all finished), the first posted starts first. wait() and
// wait_for() are called from one thread, the one that posts.
class Pool {
 public:
  // A task's number: 0 for the first posted, then 1, 2, ...
  using Task = std::size_t;

  explicit Pool(int jobs);
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  // Waits for the tasks posted (as wait(), but an exception is not rethrown).
  ~Pool();

  // The threads that run its tasks, the caller's included: threads(jobs).
  int size() const { return int(threads_.size()) + 1; }

  // Queues a task; a thread of the pool takes it as soon as one is free.
  Task post(std::function<void()> task);
  // Queues a task that starts only once every task of `after` (tasks posted before it)
  // has finished. It is called with the number of the thread that runs it, from 0 (the
  // caller's, in wait() or wait_for()) to size() - 1: one thread runs one task at a time,
  // so state kept for each thread (size() scratch buffers, say) needs no lock.
  Task post(std::vector<Task> after, std::function<void(int thread)> task);
  // Runs queued tasks on the calling thread too until every task posted has finished;
  // then rethrows the first exception a task threw, if any.
  void wait();
  // Runs queued tasks on the calling thread too until task `task` (one posted) has
  // finished, the pool's threads going on with the rest; rethrows as wait() does, once the
  // tasks running have finished.
  void wait_for(Task task);
  // The tasks posted and not finished yet (to report progress while the pool's threads
  // work); 0 also once a task has failed and the rest were dropped.
  std::size_t pending();

 private:
  struct Queued {
    Task id;
    std::vector<Task> after;
    std::function<void(int)> run;
  };

  bool finished(Task task) const { return task < posted_ && unfinished_.count(task) == 0; }
  std::deque<Queued>::iterator first_ready();
  bool run_one(std::unique_lock<std::mutex>& lock, int thread);
  void work(int thread);
  void help_until(const std::function<bool()>& done);

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Queued> queue_;
  Task posted_ = 0;            // the tasks posted so far
  std::set<Task> unfinished_;  // queued or running
  std::size_t running_ = 0;
  std::exception_ptr error_;
  bool stopping_ = false;
};

}  // namespace spritec::work
