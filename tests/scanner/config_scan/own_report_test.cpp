// mongoscan's own reports, in every format, are recognised by how they begin (the golden reports
// of tests/reports are real ones); other files that name mongoscan are not.

#include "scanner/config_scan/own_report.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/file_text.h"

namespace mongoscan {
namespace own_report_test {
namespace {

namespace fs = std::filesystem;

TEST(OwnReport, EveryFormatOfAReportIsRecognised) {
  const fs::path golden = fs::path(MONGOSCAN_SOURCE_DIR) / "tests/reports/golden";
  std::size_t read = 0;
  for (const char* name : {"acceptance", "config-scan", "empty"}) {
    for (const char* extension :
         {".json", ".sarif", ".html", ".junit.xml", ".md", ".table.txt"}) {
      const fs::path path = golden / (std::string(name) + extension);
      ASSERT_TRUE(fs::exists(path)) << path;
      EXPECT_TRUE(is_mongoscan_report(testing_support::read_file(path.string()))) << path;
      ++read;
    }
  }
  EXPECT_EQ(read, 18u);
}

TEST(OwnReport, OtherFilesNamingMongoscanAreNotReports) {
  for (const std::string& text : {
           std::string("{\n  \"name\": \"mongoscan\",\n  \"version\": \"1.0.0\"\n}\n"),
           std::string("<!DOCTYPE html>\n<title>mongoscan</title>\n"),
           std::string("# mongoscan\n\nA scanner.\n"),
           std::string("mongoscan: wrote report.json\n"),
           std::string("<?xml version=\"1.0\"?>\n<project name=\"mongoscan\"/>\n"),
           std::string("password: Xq9-Not-A-Report\n"),
       }) {
    EXPECT_FALSE(is_mongoscan_report(text)) << text;
  }
}

}  // namespace
}  // namespace own_report_test
}  // namespace mongoscan
