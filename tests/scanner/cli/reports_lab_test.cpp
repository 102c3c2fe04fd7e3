// One probe, several reports: --report writes every format from the one scan, so the lab sees
// the hello commands of one scan, not one scan per format.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/lab_scan.h"
#include "tests/support/report_schema.h"

namespace mongoscan {
namespace reports_lab_test {
namespace {

namespace fs = std::filesystem;

std::size_t hello_count(const testing_support::LabDeployment& lab) {
  const auto commands = testing_support::commands_sent(lab);
  return static_cast<std::size_t>(std::count(commands.begin(), commands.end(), "hello"));
}

std::string read_file(const fs::path& path) {
  std::ostringstream text;
  text << std::ifstream(path).rdbuf();
  return text.str();
}

TEST(Reports, OneProbeWritesEveryFormat) {
  auto lab = testing_support::start_lab("replset");
  const std::string uri = "mongodb://" + lab->nodes()[0] + "/?tls=false&authSource=admin";
  const std::vector<std::string> environment = {"MONGOSCAN_PASSWORD=Scan!Lab-Passw0rd#2024"};
  const auto one_format = testing_support::scan(*lab, uri, {"--username", "scanner"}, environment);
  ASSERT_FALSE(one_format.report.is_null()) << one_format.process.err;
  const std::size_t hellos_of_one_scan = hello_count(*lab);
  ASSERT_GT(hellos_of_one_scan, 0u);

  const fs::path dir =
      fs::temp_directory_path() / ("mongoscan-reports-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto many = testing_support::scan(
      *lab, uri,
      {"--username", "scanner", "--sarif-deployment", "--report",
       "sarif:" + (dir / "r.sarif").string(), "--report", "html:" + (dir / "r.html").string(),
       "--report", "junit:" + (dir / "r.xml").string(), "--report",
       "md:" + (dir / "r.md").string()},
      environment);
  ASSERT_FALSE(many.report.is_null()) << many.process.err;
  EXPECT_EQ(hello_count(*lab), 2 * hellos_of_one_scan);  // the second scan probed once

  // Every report is of the same scan: the JSON on stdout and the files agree on the findings.
  const auto sarif = nlohmann::json::parse(read_file(dir / "r.sarif"));
  std::size_t failing = 0;
  for (const auto& finding : many.report["findings"])
    failing +=
        finding["status"] == "fail" || finding["status"] == "warn" || finding["status"] == "error";
  EXPECT_EQ(sarif["runs"][0]["results"].size(), failing);
  EXPECT_NE(read_file(dir / "r.html").find("<html"), std::string::npos);
  EXPECT_NE(read_file(dir / "r.xml").find("<testsuites"), std::string::npos);
  EXPECT_NE(read_file(dir / "r.md").find("| "), std::string::npos);
  std::size_t wrote = 0;
  for (std::size_t at = 0;
       (at = many.process.err.find("mongoscan: wrote ", at)) != std::string::npos; ++at)
    ++wrote;
  EXPECT_EQ(wrote, 4u) << many.process.err;  // one line per file
  fs::remove_all(dir);
}

}  // namespace
}  // namespace reports_lab_test
}  // namespace mongoscan
