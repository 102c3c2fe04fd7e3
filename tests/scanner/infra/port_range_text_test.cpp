#include "scanner/infra/port_range_text.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace port_range_text_test {
namespace {

TEST(PortRangeText, NumbersRangesListsAndEveryPort) {
  EXPECT_EQ(parse_port_ranges("27017"), (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_EQ(parse_port_ranges(" 27017-27019 "), (std::vector<PortRange>{{27017, 27019}}));
  EXPECT_EQ(parse_port_ranges("27017,27018-27019"),
            (std::vector<PortRange>{{27017, 27017}, {27018, 27019}}));
  for (std::string_view every : {"ALL", "all", "*"}) {
    ASSERT_TRUE(parse_port_ranges(every)) << every;
    EXPECT_TRUE(parse_port_ranges(every)->empty()) << every;
  }
}

TEST(PortRangeText, RejectsWhatIsNoPort) {
  for (std::string_view text : {"", "mongodb", "65536", "27019-27017", "27017-", "-1", "1,,2",
                                "27017x", "99999999999999999999"}) {
    EXPECT_FALSE(parse_port_ranges(text)) << text;
  }
  EXPECT_EQ(parse_port_number("65535"), 65535);
  EXPECT_FALSE(parse_port_number("+1"));
}

}  // namespace
}  // namespace port_range_text_test
}  // namespace mongoscan
