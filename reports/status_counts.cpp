#include "reports/status_counts.h"

namespace mongoscan {

bool is_suppressed(const Finding& finding) {
  return !finding.suppression.empty() &&
         (finding.status == Status::fail || finding.status == Status::warn);
}

StatusCounts& StatusCounts::operator+=(const StatusCounts& other) {
  pass += other.pass;
  fail += other.fail;
  warn += other.warn;
  error += other.error;
  skipped += other.skipped;
  suppressed += other.suppressed;
  return *this;
}

CountedAs counted_as(const Finding& finding) {
  if (is_suppressed(finding)) return CountedAs::suppressed;
  switch (finding.status) {
    case Status::pass:
      return CountedAs::pass;
    case Status::fail:
      return CountedAs::fail;
    case Status::warn:
      return CountedAs::warn;
    case Status::error:
      return CountedAs::error;
    case Status::skipped:
      return CountedAs::skipped;
  }
  return CountedAs::error;  // not reached: every status is above
}

void count(CountedAs as, StatusCounts& counts) {
  switch (as) {
    case CountedAs::pass:
      ++counts.pass;
      break;
    case CountedAs::fail:
      ++counts.fail;
      break;
    case CountedAs::warn:
      ++counts.warn;
      break;
    case CountedAs::error:
      ++counts.error;
      break;
    case CountedAs::skipped:
      ++counts.skipped;
      break;
    case CountedAs::suppressed:
      ++counts.suppressed;
      break;
  }
}

void count_status(const Finding& finding, StatusCounts& counts) {
  count(counted_as(finding), counts);
}

}  // namespace mongoscan
