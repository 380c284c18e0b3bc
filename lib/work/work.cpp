#include "spritec/work/work.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>

namespace spritec::work {

int threads(int jobs) {
  if (jobs > 0) return jobs;
  return int(std::max(1u, std::thread::hardware_concurrency()));
}

void parallel_for(std::size_t n, int jobs, const std::function<void(std::size_t)>& fn) {
  const std::size_t count = std::min<std::size_t>(std::size_t(threads(jobs)), n);
  if (count <= 1) {
    for (std::size_t i = 0; i < n; ++i)
      fn(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::exception_ptr error;
  const auto worker = [&] {
    try {
      for (std::size_t i; (i = next.fetch_add(1)) < n;)
        fn(i);
    } catch (...) {
      next.store(n);  // the indices not handed out yet are dropped
      std::lock_guard<std::mutex> lock(mutex);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < count; ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool)
    t.join();
  if (error) std::rethrow_exception(error);
}

Pool::Pool(int jobs) {
  for (int t = 1; t < threads(jobs); ++t)
    threads_.emplace_back([this, t] { work(t); });
}

Pool::~Pool() {
  try {
    wait();
  } catch (...) {
    // Reported by wait() to a caller that asked; a destructor must not throw.
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  for (std::thread& t : threads_)
    t.join();
}

Pool::Task Pool::post(std::function<void()> task) {
  return post({}, [task = std::move(task)](int) { task(); });
}

Pool::Task Pool::post(std::vector<Task> after, std::function<void(int thread)> task) {
  Task id;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    id = posted_++;
    assert(std::all_of(after.begin(), after.end(), [id](Task t) { return t < id; }));
    unfinished_.insert(id);
    queue_.push_back({id, std::move(after), std::move(task)});
  }
  changed_.notify_one();
  return id;
}

// The oldest queued task whose `after` tasks have all finished, or queue_.end().
std::deque<Pool::Queued>::iterator Pool::first_ready() {
  return std::find_if(queue_.begin(), queue_.end(), [this](const Queued& q) {
    return std::all_of(q.after.begin(), q.after.end(), [this](Task t) { return finished(t); });
  });
}

// Takes the oldest ready task and runs it as thread `thread` with the lock released; false
// when none is ready. After a failure the queued tasks are dropped, not run.
bool Pool::run_one(std::unique_lock<std::mutex>& lock, int thread) {
  const auto ready = first_ready();
  if (ready == queue_.end()) return false;
  Queued task = std::move(*ready);
  queue_.erase(ready);
  ++running_;
  lock.unlock();
  std::exception_ptr error;
  try {
    task.run(thread);
  } catch (...) {
    error = std::current_exception();
  }
  lock.lock();
  --running_;
  unfinished_.erase(task.id);
  if (error && !error_) error_ = error;
  if (error_) {
    for (const Queued& q : queue_)
      unfinished_.erase(q.id);
    queue_.clear();
  }
  changed_.notify_all();
  return true;
}

void Pool::work(int thread) {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return stopping_ || first_ready() != queue_.end(); });
    if (!run_one(lock, thread)) return;  // stopping, nothing ready (nor queued: see ~Pool)
  }
}

// Runs ready tasks on the calling thread (thread 0) until done() or a task failed; then,
// after a failure, waits for the tasks running and rethrows.
void Pool::help_until(const std::function<bool()>& done) {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!error_ && !done()) {
    if (!run_one(lock, 0)) changed_.wait(lock);
  }
  if (error_) {
    changed_.wait(lock, [this] { return running_ == 0; });
    std::exception_ptr error = error_;
    error_ = nullptr;
    lock.unlock();
    std::rethrow_exception(error);
  }
}

void Pool::wait() {
  help_until([this] { return unfinished_.empty(); });
}

void Pool::wait_for(Task task) {
  help_until([this, task] { return finished(task); });
}

std::size_t Pool::pending() {
  std::lock_guard<std::mutex> lock(mutex_);
  return unfinished_.size();
}

}  // namespace spritec::work
