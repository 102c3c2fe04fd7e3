#pragma once
// Nodes waiting for their next step (a connect, a worker), handed out one deployment at a time in
// turn: a scan's --concurrency connections and probes are spread over the deployments it scans
// instead of all going to the first one until it is done. Each deployment bears a share of the
// load, and independent deployments are probed side by side. Within a deployment, nodes keep the
// order they came in.

#include <cstddef>
#include <deque>
#include <optional>
#include <vector>

namespace mongoscan {

class DeploymentTurns {
 public:
  explicit DeploymentTurns(std::size_t deployments) : waiting_(deployments) {}

  // Queues `node` of `deployment` (below the count given at construction).
  void push(std::size_t deployment, std::size_t node);

  // The first waiting node of the next deployment in turn that has one; nothing when none waits.
  std::optional<std::size_t> pop();

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  void clear();

 private:
  std::vector<std::deque<std::size_t>> waiting_;  // per deployment
  std::deque<std::size_t> turns_;                 // deployments with a node waiting, in turn
  std::size_t size_ = 0;                          // nodes waiting
};

}  // namespace mongoscan
