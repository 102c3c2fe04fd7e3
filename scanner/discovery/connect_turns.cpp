#include "scanner/discovery/connect_turns.h"

namespace mongoscan {

void ConnectTurns::push(std::size_t deployment, std::size_t node) {
  std::deque<std::size_t>& own = waiting_.at(deployment);
  if (own.empty()) turns_.push_back(deployment);
  own.push_back(node);
}

std::optional<std::size_t> ConnectTurns::pop() {
  if (turns_.empty()) return std::nullopt;
  const std::size_t deployment = turns_.front();
  turns_.pop_front();
  std::deque<std::size_t>& own = waiting_[deployment];
  const std::size_t node = own.front();
  own.pop_front();
  if (!own.empty()) turns_.push_back(deployment);
  return node;
}

void ConnectTurns::clear() {
  for (std::deque<std::size_t>& own : waiting_) own.clear();
  turns_.clear();
}

}  // namespace mongoscan
