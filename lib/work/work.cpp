#include "spritec/work/work.hpp"

#include <algorithm>
#include <atomic>

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
    threads_.emplace_back([this] { work(); });
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

void Pool::post(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(task));
  }
  changed_.notify_one();
}

// Takes the oldest queued task and runs it with the lock released; false when none is
// queued. After a failure the queued tasks are dropped, not run.
bool Pool::run_one(std::unique_lock<std::mutex>& lock) {
  if (queue_.empty()) return false;
  std::function<void()> task = std::move(queue_.front());
  queue_.pop_front();
  ++running_;
  lock.unlock();
  std::exception_ptr error;
  try {
    task();
  } catch (...) {
    error = std::current_exception();
  }
  lock.lock();
  --running_;
  if (error && !error_) error_ = error;
  if (error_) queue_.clear();
  changed_.notify_all();
  return true;
}

void Pool::work() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left
    run_one(lock);
  }
}

void Pool::wait() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!queue_.empty() || running_ > 0) {
    if (!run_one(lock)) changed_.wait(lock);
  }
  if (error_) {
    std::exception_ptr error = error_;
    error_ = nullptr;
    lock.unlock();
    std::rethrow_exception(error);
  }
}

std::size_t Pool::pending() {
  std::lock_guard<std::mutex> lock(mutex_);
  return queue_.size() + running_;
}

}  // namespace spritec::work
