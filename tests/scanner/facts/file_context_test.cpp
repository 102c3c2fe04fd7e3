// File contexts by name, as the policy and --context spell them.

#include "scanner/facts/file_context.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace file_context_test {
namespace {

TEST(FileContextNames, RoundTripAndRejectOtherText) {
  for (const FileContext context : {FileContext::production, FileContext::example,
                                    FileContext::test, FileContext::documentation}) {
    EXPECT_EQ(file_context_named(to_string(context)), context);
  }
  EXPECT_EQ(to_string(FileContext::documentation), "documentation");
  EXPECT_FALSE(file_context_named("Test"));
  EXPECT_FALSE(file_context_named(""));
}

}  // namespace
}  // namespace file_context_test
}  // namespace mongoscan
