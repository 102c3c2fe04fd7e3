#include "scanner/discovery/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace mongoscan {
namespace worker_pool_test {
namespace {

// Counts the tasks running at once; each task holds its place for a while so that overlap shows.
struct Occupancy {
  std::atomic<int> running = 0;
  std::atomic<int> peak = 0;
  std::atomic<int> finished = 0;

  void occupy() {
    const int now = ++running;
    int seen = peak.load();
    while (now > seen && !peak.compare_exchange_weak(seen, now)) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    --running;
    ++finished;
  }
};

TEST(WorkerPool, RunsEveryTaskWithAtMostMaxThreadsAtOnce) {
  Occupancy occupancy;
  {
    WorkerPool pool(4);
    for (int i = 0; i < 24; ++i) pool.submit([&] { occupancy.occupy(); });
  }  // destruction waits for every queued task
  EXPECT_EQ(occupancy.finished, 24);
  EXPECT_EQ(occupancy.peak, 4);
}

TEST(WorkerPool, OneThreadRunsTasksInOrder) {
  std::vector<int> order;
  {
    WorkerPool pool(1);
    for (int i = 0; i < 10; ++i) pool.submit([&order, i] { order.push_back(i); });
  }
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(WorkerPool, ZeroThreadsMeansOne) {
  std::atomic<int> ran = 0;
  {
    WorkerPool pool(0);
    pool.submit([&] { ++ran; });
  }
  EXPECT_EQ(ran, 1);
}

}  // namespace
}  // namespace worker_pool_test
}  // namespace mongoscan
