#pragma once
// A bounded pool of threads for straight-line work such as node probes: at most `max_threads` tasks
// run at once, in the order submitted. Threads start only as work needs them.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mongoscan {

class WorkerPool {
 public:
  explicit WorkerPool(std::size_t max_threads);
  // Runs every task still queued, then joins the threads.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues a task. A task must not throw.
  void submit(std::function<void()> task);

 private:
  void work();

  const std::size_t max_threads_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  std::size_t idle_ = 0;
  bool stopping_ = false;
};

}  // namespace mongoscan
