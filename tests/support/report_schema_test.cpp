#include "tests/support/report_schema.h"

#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "reports/formats/json_report.h"
#include "tests/reports/sample_reports.h"

namespace mongoscan::testing_support {
namespace report_schema_test {
namespace {

using nlohmann::json;

json rich_json() {
  std::ostringstream out;
  write_json_report(rich_report(), out);
  return json::parse(out.str());
}

// The validator's verdict on the rich report after one change; fails the test if it accepts it.
void expect_rejected(const std::function<void(json&)>& change, const std::string& expected_text) {
  json report = rich_json();
  change(report);
  const ::testing::AssertionResult verdict = matches_report_schema(report.dump());
  EXPECT_FALSE(verdict) << "accepted: " << report.dump();
  EXPECT_NE(std::string(verdict.message()).find(expected_text), std::string::npos)
      << verdict.message();
}

TEST(ReportSchemaTest, AcceptsTheRichReport) {
  EXPECT_TRUE(matches_report_schema(rich_json().dump()));
}

TEST(ReportSchemaTest, RejectsAnUnknownStatus) {
  expect_rejected([](json& r) { r["findings"][0]["status"] = "maybe"; }, "'maybe' is not one of");
}

TEST(ReportSchemaTest, RejectsUnknownKeysAndMissingFields) {
  expect_rejected([](json& r) { r["findings"][0]["password"] = "x"; },
                  "Additional properties are not allowed");
  expect_rejected([](json& r) { r.erase("summary"); }, "'summary' is a required property");
  expect_rejected([](json& r) { r["targets"][0]["topology"] = "cluster"; },
                  "'cluster' is not one of");
  expect_rejected([](json& r) { r["findings"][0]["subject"] = {{"host", "h:1"}}; }, "subject");
  expect_rejected([](json& r) { r["started_at"] = "yesterday"; }, "does not match");
  expect_rejected([](json& r) { r["schema_version"] = 2; }, "1 was expected");
}

TEST(ReportSchemaTest, RejectsAConnectionStringWithAPassword) {
  expect_rejected([](json& r) { r["inputs"][0] = "mongodb://app:hunter2@db1.example.test/"; },
                  "inputs");
  expect_rejected(
      [](json& r) {
        r["findings"][0]["subject"] = {{"uri", "mongodb+srv://u:pw@c.example.test/"}};
      },
      "subject");
}

// A connection string's list line: file and line together, a line from 1.
TEST(ReportSchemaTest, ListedSubjectsHaveFileAndLineTogether) {
  json report = rich_json();
  ASSERT_EQ(report["findings"][0]["subject"]["line"], 2) << "the sample's listed string";
  report["findings"][2]["subject"]["file"] = "targets.txt";
  report["findings"][2]["subject"]["line"] = 3;
  EXPECT_TRUE(matches_report_schema(report.dump())) << "a node at its deployment's list line";
  expect_rejected([](json& r) { r["findings"][0]["subject"].erase("line"); }, "subject");
  expect_rejected([](json& r) { r["findings"][0]["subject"]["line"] = 0; }, "subject");
}

TEST(ReportSchemaTest, RejectsTextThatIsNotJson) {
  const ::testing::AssertionResult verdict = matches_report_schema("{not json");
  EXPECT_FALSE(verdict);
  EXPECT_NE(std::string(verdict.message()).find("cannot read"), std::string::npos)
      << verdict.message();
}

}  // namespace
}  // namespace report_schema_test
}  // namespace mongoscan::testing_support
