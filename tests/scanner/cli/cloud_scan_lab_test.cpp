// `mongoscan scan --cloud` end to end: the binary against the lab control plane.

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "scanner/cloud/cloud_api_allowlist.h"
#include "tests/support/control_plane_lab.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace cloud_scan_lab_test {
namespace {

using nlohmann::json;
using testing_support::ControlPlaneLab;
using testing_support::ProcessResult;

constexpr const char* kSecretId = "AKIDlabAccount000000000000000000";
constexpr const char* kSecretKey = "lab-account-secret-key-000000000";

class CloudScanLab : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    testing_support::ControlPlaneOptions options;
    options.profile = "tencent-lab";
    lab_ = ControlPlaneLab::start(options).release();
  }
  static void TearDownTestSuite() {
    delete lab_;
    lab_ = nullptr;
  }

  ProcessResult scan(const std::vector<std::string>& extra, std::vector<std::string> environment) {
    std::vector<std::string> argv = {testing_support::mongoscan_binary(),
                                     "scan",
                                     "--quiet",
                                     "--cloud",
                                     "tencentcloud:ap-guangzhou",
                                     "--cloud-endpoint",
                                     "tencentcloud.mongodb=" + lab_->endpoint(),
                                     "--cloud-endpoint",
                                     "tencentcloud.clb=" + lab_->endpoint(),
                                     "--cloud-endpoint",
                                     "tencentcloud.vpc=" + lab_->endpoint(),
                                     "--cloud-ca-file",
                                     lab_->ca_file()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    environment.push_back("https_proxy");
    return testing_support::run_process(argv, "", testing_support::kHangGuard, environment);
  }

  static ControlPlaneLab* lab_;
};

ControlPlaneLab* CloudScanLab::lab_ = nullptr;

const json* finding(const json& report, const std::string& id, const std::string& resource) {
  for (const json& found : report["findings"])
    if (found["check_id"] == id && found["subject"].value("cloud_resource", "") == resource)
      return &found;
  return nullptr;
}

TEST_F(CloudScanLab, TheControlPlaneIsReadAndJudgedWithoutAnySecretInTheOutput) {
  testing_support::TempTree directory;
  const std::string report_path = directory.path("report.json");
  const ProcessResult result =
      scan({"--format", "json", "-o", report_path},
           {std::string("TENCENTCLOUD_SECRET_ID=") + kSecretId,
            std::string("TENCENTCLOUD_SECRET_KEY=") + kSecretKey, "TENCENTCLOUD_SESSION_TOKEN"});
  EXPECT_EQ(1, result.exit_code) << result.err;  // high failures gate
  std::ifstream in(report_path);
  const json report = json::parse(in);
  const std::string sharded = "tencentcloud:ap-guangzhou/cmgo-shard001";
  const std::string replica_set = "tencentcloud:ap-guangzhou/cmgo-rs000001";
  for (const auto& [id, resource, status] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"CLOUD-001", sharded, "fail"},
           {"CLOUD-002", sharded, "fail"},
           {"CLOUD-003", sharded, "fail"},
           {"CLOUD-004", sharded, "fail"},
           {"CLOUD-005", sharded, "pass"},
           {"CLOUD-001", replica_set, "pass"},
           {"CLOUD-002", replica_set, "pass"},
           {"CLOUD-003", replica_set, "pass"},
           {"CLOUD-004", replica_set, "pass"},
           {"CLOUD-005", replica_set, "pass"}}) {
    SCOPED_TRACE(id + " " + resource);
    const json* found = finding(report, id, resource);
    ASSERT_NE(nullptr, found);
    EXPECT_EQ(status, (*found)["status"]);
  }
  const std::string everything = result.out + result.err + report.dump();
  EXPECT_EQ(std::string::npos, everything.find(kSecretKey));
  EXPECT_EQ(std::string::npos, everything.find("TC3-HMAC-SHA256"));
  const std::map<std::string, std::string> versions = {
      {"mongodb", "2019-07-25"}, {"clb", "2018-03-17"}, {"vpc", "2017-03-12"}};
  for (const json& request : lab_->request_log()) {
    const std::string service = request.value("service", "");
    ASSERT_TRUE(versions.contains(service)) << request.dump();
    EXPECT_TRUE(tencent_action_allowed(service, versions.at(service), request.value("action", "")))
        << request.dump();
  }
}

TEST_F(CloudScanLab, WrongCredentialsMakeTheScanIncompleteNamingTheCall) {
  const ProcessResult result =
      scan({"--format", "json"}, {std::string("TENCENTCLOUD_SECRET_ID=") + kSecretId,
                                  "TENCENTCLOUD_SECRET_KEY=a-planted-wrong-key-9f8e7d6c5b4a",
                                  "TENCENTCLOUD_SESSION_TOKEN"});
  EXPECT_EQ(4, result.exit_code) << result.err;
  const json report = json::parse(result.out);
  const json* listed = finding(report, "CLOUD-002", "tencentcloud:ap-guangzhou");
  ASSERT_NE(nullptr, listed);
  EXPECT_EQ("error", (*listed)["status"]);
  EXPECT_NE(std::string::npos,
            (*listed)["message"].get<std::string>().find("AuthFailure.SignatureFailure"));
  EXPECT_EQ(std::string::npos, (result.out + result.err).find("a-planted-wrong-key"));
}

TEST_F(CloudScanLab, MissingCredentialsStopTheScanBeforeAnyRequest) {
  const std::size_t before = lab_->request_log().size();
  const ProcessResult result =
      scan({}, {"TENCENTCLOUD_SECRET_ID", std::string("TENCENTCLOUD_SECRET_KEY=") + kSecretKey});
  EXPECT_EQ(2, result.exit_code);
  EXPECT_NE(std::string::npos, result.err.find("TENCENTCLOUD_SECRET_ID is not set"));
  EXPECT_EQ(std::string::npos, result.err.find(kSecretKey));
  EXPECT_EQ(before, lab_->request_log().size());
}

}  // namespace
}  // namespace cloud_scan_lab_test
}  // namespace mongoscan
