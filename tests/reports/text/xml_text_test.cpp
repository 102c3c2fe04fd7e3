#include "reports/text/xml_text.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace xml_text_test {
namespace {

TEST(XmlTextTest, EscapesMarkupInAttributes) {
  EXPECT_EQ(xml_attribute("<a href=\"x\">Tom & 'Jerry'</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;");
  EXPECT_EQ(xml_attribute("one\ntwo\tthree\r"), "one&#10;two&#9;three&#13;");
}

TEST(XmlTextTest, ContentKeepsQuotesAndLineBreaks) {
  EXPECT_EQ(xml_content("{\"a\": '1'}\n\tx ]]> y"), "{\"a\": '1'}\n\tx ]]&gt; y");
  EXPECT_EQ(xml_content("a\rb"), "a&#13;b");
}

TEST(XmlTextTest, ReplacesWhatXml10Forbids) {
  const std::string replacement = "\xEF\xBF\xBD";
  EXPECT_EQ(xml_content(std::string("a\x00"
                                    "b",
                                    3)),
            "a" + replacement + "b");
  EXPECT_EQ(xml_attribute("\x01\x1b[2J\x7f"), replacement + replacement + "[2J\x7f")
      << "DEL is allowed in XML 1.0";
  EXPECT_EQ(xml_content("\xEF\xBF\xBE \xEF\xBF\xBF"), replacement + " " + replacement)
      << "U+FFFE and U+FFFF";
  EXPECT_EQ(xml_content("caf\xe9 \xED\xA0\x80"),
            "caf" + replacement + " " + replacement + replacement + replacement)
      << "invalid UTF-8, byte by byte";
  EXPECT_EQ(xml_content("Größe 顧客 \xF0\x9F\x94\x92"), "Größe 顧客 \xF0\x9F\x94\x92");
}

// Issue 35 item 1: attributes and content lose a connection string's password, in any case.
TEST(XmlTextTest, AConnectionStringLosesItsPassword) {
  EXPECT_EQ(xml_attribute("MONGODB://ops:Pw7@h1"), "MONGODB://ops:***@h1");
  EXPECT_EQ(xml_content("reason: mongodb://ops:Pw7@h1?tls=true&x=1"),
            "reason: mongodb://ops:***@h1?tls=true&amp;x=1");
}

}  // namespace
}  // namespace xml_text_test
}  // namespace mongoscan
