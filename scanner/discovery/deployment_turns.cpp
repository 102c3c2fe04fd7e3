#include "scanner/discovery/deployment_turns.h"

namespace mongoscan {

void DeploymentTurns::push(std::size_t deployment, std::size_t node) {
  std::deque<std::size_t>& own = waiting_.at(deployment);
  if (own.empty()) turns_.push_back(deployment);
  own.push_back(node);
  ++size_;
}

std::optional<std::size_t> DeploymentTurns::pop() {
  if (turns_.empty()) return std::nullopt;
  const std::size_t deployment = turns_.front();
  turns_.pop_front();
  std::deque<std::size_t>& own = waiting_[deployment];
  const std::size_t node = own.front();
  own.pop_front();
  --size_;
  if (!own.empty()) turns_.push_back(deployment);
  return node;
}

void DeploymentTurns::clear() {
  for (std::deque<std::size_t>& own : waiting_) own.clear();
  turns_.clear();
  size_ = 0;
}

}  // namespace mongoscan
