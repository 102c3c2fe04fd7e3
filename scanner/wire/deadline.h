#pragma once
// A point in time by which a network step must finish. Every wait in the scanner is a poll() whose
// timeout comes from a Deadline, so nothing can hang.

#include <algorithm>
#include <chrono>

namespace mongoscan {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  static Deadline after(std::chrono::milliseconds budget) {
    return Deadline(Clock::now() + budget);
  }

  // The earlier of two deadlines: a step bounded by its own budget and by its node's.
  Deadline capped_by(const Deadline& other) const { return Deadline(std::min(at_, other.at_)); }

  bool expired() const { return Clock::now() >= at_; }

  // Milliseconds left, for poll(), rounded up so that a wait of this long never ends before the
  // deadline: 0 once expired, never negative.
  int remaining_ms() const {
    auto left = std::chrono::ceil<std::chrono::milliseconds>(at_ - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, 24LL * 3600 * 1000));
  }

 private:
  explicit Deadline(Clock::time_point at) : at_(at) {}
  Clock::time_point at_;
};

}  // namespace mongoscan
