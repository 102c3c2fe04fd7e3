#include "reports/text/utf8.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace utf8_test {
namespace {

TEST(Utf8Test, DecodesOneToFourByteCodePoints) {
  EXPECT_EQ(decode_utf8("a")->value, U'a');
  EXPECT_EQ(decode_utf8("ü!")->value, U'ü');
  EXPECT_EQ(decode_utf8("ü!")->length, 2u);
  EXPECT_EQ(decode_utf8("顧")->length, 3u);
  EXPECT_EQ(decode_utf8("\xF0\x9F\x94\x92")->value, U'\U0001F512');
  EXPECT_EQ(decode_utf8("\xF0\x9F\x94\x92")->length, 4u);
}

TEST(Utf8Test, RejectsWhatRfc3629Forbids) {
  EXPECT_FALSE(decode_utf8(""));
  EXPECT_FALSE(decode_utf8("\xC0\xAF")) << "overlong";
  EXPECT_FALSE(decode_utf8("\xED\xA0\x80")) << "surrogate";
  EXPECT_FALSE(decode_utf8("\xF4\x90\x80\x80")) << "above U+10FFFF";
  EXPECT_FALSE(decode_utf8("\xE2\x82")) << "cut short";
  EXPECT_FALSE(decode_utf8("\x80")) << "lone continuation byte";
  EXPECT_FALSE(decode_utf8("\xFF"));
}

}  // namespace
}  // namespace utf8_test
}  // namespace mongoscan
