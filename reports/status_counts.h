#pragma once
// Findings counted by status, the way every report format and the history count them.

#include <cstdint>

#include "checks/finding.h"

namespace mongoscan {

// A fail or warn that a suppression (inline, accepted or baseline) keeps from counting as fail or
// warn.
bool is_suppressed(const Finding& finding);

// Findings by status; suppressed ones (is_suppressed) count apart.
struct StatusCounts {
  int pass = 0, fail = 0, warn = 0, error = 0, skipped = 0, suppressed = 0;

  StatusCounts& operator+=(const StatusCounts& other);
  bool operator==(const StatusCounts&) const = default;
};

// The count a finding adds to: its status, or suppressed. Small enough to keep beside a spooled
// finding, so that it is counted without being read back.
enum class CountedAs : std::uint8_t { pass, fail, warn, error, skipped, suppressed };
CountedAs counted_as(const Finding& finding);
void count(CountedAs as, StatusCounts& counts);

// Counts the finding under its status, or as suppressed.
void count_status(const Finding& finding, StatusCounts& counts);

}  // namespace mongoscan
