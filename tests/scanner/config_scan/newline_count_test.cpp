#include "scanner/config_scan/newline_count.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

namespace mongoscan {
namespace newline_count_test {
namespace {

TEST(NewlineCount, EmptyAndShortTexts) {
  EXPECT_EQ(count_newlines(""), 0u);
  EXPECT_EQ(count_newlines("\n"), 1u);
  EXPECT_EQ(count_newlines("a\r\nb\n\nc"), 3u);
}

// Every length around the vector widths and the 255-block lane limit, newlines at random places.
TEST(NewlineCount, AgreesWithACountOfEveryLength) {
  std::mt19937 random(7);
  std::string text(32 * 255 * 2 + 100, 'x');
  for (char& c : text) c = random() % 5 == 0 ? '\n' : static_cast<char>('a' + random() % 26);
  for (std::size_t size : {15u, 16u, 17u, 31u, 32u, 33u, 63u, 64u, 65u, 16u * 255u, 16u * 255u + 1u,
                           32u * 255u - 1u, 32u * 255u, 32u * 255u + 33u, 32u * 255u * 2u + 100u}) {
    for (std::size_t offset : {0u, 1u, 7u}) {
      if (offset + size > text.size()) continue;
      const std::string_view part(text.data() + offset, size - std::min(size, offset));
      EXPECT_EQ(count_newlines(part),
                static_cast<std::size_t>(std::count(part.begin(), part.end(), '\n')))
          << "size " << part.size() << " at offset " << offset;
    }
  }
  const std::string all_newlines(32 * 255 + 5, '\n');
  EXPECT_EQ(count_newlines(all_newlines), all_newlines.size()) << "a lane holds 255 at most";
}

}  // namespace
}  // namespace newline_count_test
}  // namespace mongoscan
