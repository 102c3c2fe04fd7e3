#include "reports/status_counts.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace status_counts_test {
namespace {

Finding with(Status status, std::string suppression = "") {
  Finding finding;
  finding.status = status;
  finding.suppression = std::move(suppression);
  return finding;
}

// Each status counts under its own name; a suppressed fail or warn counts apart, a suppressed
// pass does not (there is nothing to keep from counting).
TEST(StatusCountsTest, EachFindingCountsOnceUnderItsStatusOrAsSuppressed) {
  StatusCounts counts;
  for (const Status status :
       {Status::pass, Status::fail, Status::fail, Status::warn, Status::error, Status::skipped}) {
    count_status(with(status), counts);
  }
  count_status(with(Status::fail, "accepted"), counts);
  count_status(with(Status::warn, "baseline"), counts);
  count_status(with(Status::pass, "inline"), counts);
  EXPECT_EQ(counts, (StatusCounts{2, 2, 1, 1, 1, 2}));
  EXPECT_EQ(counted_as(with(Status::warn, "inline")), CountedAs::suppressed);
  EXPECT_EQ(counted_as(with(Status::skipped)), CountedAs::skipped);

  StatusCounts sum = counts;
  sum += counts;
  EXPECT_EQ(sum, (StatusCounts{4, 4, 2, 2, 2, 4}));
}

}  // namespace
}  // namespace status_counts_test
}  // namespace mongoscan
