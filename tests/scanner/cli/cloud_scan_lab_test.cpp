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

  // `scan --quiet [--cloud tencentcloud:ap-guangzhou] EXTRA` with the lab's endpoints and CA.
  ProcessResult scan(const std::vector<std::string>& extra, std::vector<std::string> environment,
                     bool cloud_target = true) {
    std::vector<std::string> argv = {testing_support::mongoscan_binary(), "scan", "--quiet"};
    if (cloud_target) {
      argv.push_back("--cloud");
      argv.push_back("tencentcloud:ap-guangzhou");
    }
    argv.insert(argv.end(),
                {"--cloud-endpoint", "tencentcloud.mongodb=" + lab_->endpoint(), "--cloud-endpoint",
                 "tencentcloud.clb=" + lab_->endpoint(), "--cloud-endpoint",
                 "tencentcloud.vpc=" + lab_->endpoint(), "--cloud-ca-file", lab_->ca_file()});
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

// A planted key and token, in their own form and as they could be encoded on the way out.
std::vector<std::string> planted_forms(const std::string& secret) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string percent;
  for (const unsigned char c : secret) {
    percent += '%';
    percent += kDigits[c >> 4];
    percent += kDigits[c & 0x0f];
  }
  static constexpr char kBase64[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string base64;
  for (std::size_t i = 0; i + 2 < secret.size(); i += 3) {
    const unsigned bits = (static_cast<unsigned char>(secret[i]) << 16) |
                          (static_cast<unsigned char>(secret[i + 1]) << 8) |
                          static_cast<unsigned char>(secret[i + 2]);
    for (int shift : {18, 12, 6, 0}) base64 += kBase64[(bits >> shift) & 0x3f];
  }
  return {secret, percent, base64.substr(0, 16)};
}

TEST_F(CloudScanLab, WrongCredentialsMakeTheScanIncompleteNamingTheCall) {
  const std::string planted_key = "a-planted/wrong+key=9f8e7d6c5b4a";
  const std::string planted_token = "a-planted-session-token-31415926";
  const ProcessResult result =
      scan({"--format", "json", "-v"}, {std::string("TENCENTCLOUD_SECRET_ID=") + kSecretId,
                                        "TENCENTCLOUD_SECRET_KEY=" + planted_key,
                                        "TENCENTCLOUD_SESSION_TOKEN=" + planted_token});
  EXPECT_EQ(4, result.exit_code) << result.err;
  const json report = json::parse(result.out);
  const json* listed = finding(report, "CLOUD-002", "tencentcloud:ap-guangzhou");
  ASSERT_NE(nullptr, listed);
  EXPECT_EQ("error", (*listed)["status"]);
  EXPECT_NE(std::string::npos,
            (*listed)["message"].get<std::string>().find("AuthFailure.SignatureFailure"));
  for (const std::string& secret : {planted_key, planted_token}) {
    for (const std::string& form : planted_forms(secret)) {
      EXPECT_EQ(std::string::npos, (result.out + result.err).find(form)) << form;
    }
  }
}

TEST_F(CloudScanLab, AnInventoryNamesEachAccountsVariables) {
  testing_support::TempTree directory;
  directory.write("inventory.yaml",
                  "environments:\n"
                  "  - name: prod\n"
                  "    cloud:\n"
                  "      - provider: tencentcloud\n"
                  "        regions: [ap-guangzhou]\n"
                  "        instances: [cmgo-rs000001]\n"
                  "        secret_id_env: LAB_PROD_TC_ID\n"
                  "        secret_key_env: LAB_PROD_TC_KEY\n"
                  "  - name: staging\n"
                  "    cloud:\n"
                  "      - {provider: tencentcloud, regions: [ap-guangzhou], "
                  "secret_id_env: LAB_STAGING_TC_ID, secret_key_env: LAB_STAGING_TC_KEY}\n");
  const ProcessResult result = scan(
      {"--inventory", directory.path("inventory.yaml"), "--format", "json"},
      {std::string("LAB_PROD_TC_ID=") + kSecretId, std::string("LAB_PROD_TC_KEY=") + kSecretKey,
       "TENCENTCLOUD_SECRET_ID", "TENCENTCLOUD_SECRET_KEY"},
      false);
  // prod's one instance is sound; staging has no credentials, so the run is incomplete.
  EXPECT_EQ(4, result.exit_code) << result.err;
  const json report = json::parse(result.out);
  int prod_findings = 0;
  for (const json& found : report["findings"]) {
    EXPECT_EQ("prod", found["environment"]) << found.dump();
    EXPECT_EQ("tencentcloud:ap-guangzhou/cmgo-rs000001", found["subject"]["cloud_resource"]);
    ++prod_findings;
  }
  EXPECT_EQ(5, prod_findings);
  bool staging_named = false;
  for (const json& environment : report["environments"]) {
    if (environment["name"] != "staging") continue;
    staging_named =
        environment.value("error", "").find("LAB_STAGING_TC_ID is not set") != std::string::npos;
  }
  EXPECT_TRUE(staging_named) << report["environments"].dump();
  EXPECT_EQ(std::string::npos, (result.out + result.err).find(kSecretKey));
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
