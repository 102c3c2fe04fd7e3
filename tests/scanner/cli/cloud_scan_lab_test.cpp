// `mongoscan scan --cloud` end to end: the binary against the lab control plane.

#include <gtest/gtest.h>

#include <algorithm>
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

  // `scan [--cloud tencentcloud:ap-guangzhou] EXTRA` with the lab's endpoints and CA; --quiet
  // unless EXTRA asks for -v (the two contradict each other). stderr is no terminal here.
  ProcessResult scan(const std::vector<std::string>& extra, std::vector<std::string> environment,
                     bool cloud_target = true) {
    std::vector<std::string> argv = {testing_support::mongoscan_binary(), "scan"};
    if (std::find(extra.begin(), extra.end(), "-v") == extra.end()) argv.push_back("--quiet");
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
           {"CLOUD-008", sharded, "fail"},
           {"CLOUD-008", replica_set, "pass"},
           {"CLOUD-009", sharded, "pass"},
           {"CLOUD-010", replica_set, "pass"},
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
  EXPECT_EQ(8, prod_findings);
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

// libcurl and the 27 libraries it needs are loaded by a scan that sends HTTPS requests, not by one
// that does not (scanner/cloud/http/curl_library.h). The dynamic loader says what it loads.
TEST_F(CloudScanLab, OnlyAScanOfTheControlPlaneLoadsLibcurl) {
  testing_support::TempTree directory;
  const std::vector<std::string> loader_says = {
      "LD_DEBUG=libs", std::string("TENCENTCLOUD_SECRET_ID=") + kSecretId,
      std::string("TENCENTCLOUD_SECRET_KEY=") + kSecretKey};
  const ProcessResult cloud =
      scan({"--format", "json", "-o", directory.path("cloud.json")}, loader_says);
  EXPECT_EQ(1, cloud.exit_code) << cloud.err;
  EXPECT_NE(std::string::npos, cloud.err.find("find library=libcurl.so.4"));
  directory.write("app/settings.yaml", "log_level: info\n");
  const ProcessResult files = testing_support::run_process(
      {testing_support::mongoscan_binary(), "scan", "--quiet", "--config-path",
       directory.path("app"), "--format", "json", "-o", directory.path("files.json")},
      "", testing_support::kHangGuard, {"LD_DEBUG=libs"});
  EXPECT_EQ(0, files.exit_code) << files.err;
  EXPECT_NE(std::string::npos, files.err.find("find library=libssl.so.3"))
      << "the loader said nothing: " << files.err;
  EXPECT_EQ(std::string::npos, files.err.find("libcurl"));
}

constexpr const char* kAtlasProject = "66a1b2c3d4e5f60718293a5c";
constexpr const char* kAtlasOrganization = "66a1b2c3d4e5f60718293a4b";
constexpr const char* kAtlasPrivateKey = "3f2c9a7e-5b1d-4e8f-9a6c-0d1e2f3a4b5c";
constexpr const char* kAtlasClientSecret = "mdb_sa_sk_3XTkC3H83lmzpPcXtQr6qWntxkKWphvkyZGaL2Fl";

// The same against fixtures/cloud/atlas-lab.json's Atlas organisation and project.
class AtlasScanLab : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    testing_support::ControlPlaneOptions options;
    options.profile = "atlas-lab";
    lab_ = ControlPlaneLab::start(options).release();
  }
  static void TearDownTestSuite() {
    delete lab_;
    lab_ = nullptr;
  }

  // `scan --quiet EXTRA` with the lab's CA, the Atlas endpoint from `--cloud-endpoint` or, with
  // `endpoint_variable`, from that variable; no other Atlas variable is inherited.
  ProcessResult scan(const std::vector<std::string>& extra, std::vector<std::string> environment,
                     const std::string& endpoint_variable = "") {
    std::vector<std::string> argv = {testing_support::mongoscan_binary(), "scan", "--cloud-ca-file",
                                     lab_->ca_file()};
    if (std::find(extra.begin(), extra.end(), "-v") == extra.end()) argv.push_back("--quiet");
    if (endpoint_variable.empty()) {
      argv.insert(argv.end(), {"--cloud-endpoint", "atlas=" + lab_->endpoint()});
    } else {
      environment.push_back(endpoint_variable + "=" + lab_->endpoint());
    }
    argv.insert(argv.end(), extra.begin(), extra.end());
    for (const char* name :
         {"https_proxy", "MONGODB_ATLAS_CLIENT_ID", "MONGODB_ATLAS_CLIENT_SECRET",
          "MONGODB_ATLAS_PUBLIC_API_KEY", "MONGODB_ATLAS_PRIVATE_API_KEY",
          "MONGODB_ATLAS_OPS_MANAGER_URL", "MONGODB_ATLAS_BASE_URL"}) {
      const bool set = std::any_of(environment.begin(), environment.end(), [&](const auto& e) {
        return e.starts_with(std::string(name) + "=");
      });
      if (!set) environment.push_back(name);
    }
    return testing_support::run_process(argv, "", testing_support::kHangGuard, environment);
  }

  static ControlPlaneLab* lab_;
};

ControlPlaneLab* AtlasScanLab::lab_ = nullptr;

const std::vector<std::string> kApiKey = {
    "MONGODB_ATLAS_PUBLIC_API_KEY=labatlaspub",
    std::string("MONGODB_ATLAS_PRIVATE_API_KEY=") + kAtlasPrivateKey};

TEST_F(AtlasScanLab, AProjectIsReadWithAnApiKeyAndJudgedWithoutAnySecretInTheOutput) {
  const ProcessResult result =
      scan({"--cloud", std::string("atlas:") + kAtlasProject, "--format", "json", "-v"}, kApiKey);
  EXPECT_EQ(1, result.exit_code) << result.err;
  const json report = json::parse(result.out);
  const std::string project = std::string("atlas:") + kAtlasProject;
  for (const auto& [id, resource, status] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"ATLAS-001", project, "fail"},
           {"ATLAS-004", project + "/payments-prod", "fail"},
           {"ATLAS-004", project + "/payments-analytics", "pass"},
           {"ATLAS-007", project, "fail"},
           {"ATLAS-009", std::string("atlas:org:") + kAtlasOrganization, "fail"}}) {
    SCOPED_TRACE(id + " " + resource);
    const json* found = finding(report, id, resource);
    ASSERT_NE(nullptr, found);
    EXPECT_EQ(status, (*found)["status"]);
  }
  EXPECT_TRUE(report["coverage"]["complete"]) << report["coverage"].dump();
  for (const std::string& form : planted_forms(kAtlasPrivateKey))
    EXPECT_EQ(std::string::npos, (result.out + result.err).find(form)) << form;
  EXPECT_EQ(std::string::npos, (result.out + result.err).find("Digest username"));
  // Only allowlisted GETs, besides the service-account token requests of other tests.
  for (const json& request : lab_->request_log()) {
    const std::string path = request["path"];
    if (path == "/api/oauth/token" && request["method"] == "POST") continue;
    EXPECT_EQ("GET", request["method"]) << request.dump();
    EXPECT_TRUE(path.starts_with("/api/atlas/v2/") && atlas_path_allowed(path.substr(13)))
        << request.dump();
  }
}

TEST_F(AtlasScanLab, ARefusedKeyMakesTheScanIncompleteNamingTheCall) {
  const std::string planted = "0badc0de-planted/private+key=42";
  const ProcessResult result = scan(
      {"--cloud", std::string("atlas:") + kAtlasProject, "--format", "json", "-v"},
      {"MONGODB_ATLAS_PUBLIC_API_KEY=labatlaspub", "MONGODB_ATLAS_PRIVATE_API_KEY=" + planted});
  EXPECT_EQ(4, result.exit_code) << result.err;
  const json report = json::parse(result.out);
  const json* listed = finding(report, "ATLAS-001", std::string("atlas:") + kAtlasProject);
  ASSERT_NE(nullptr, listed);
  EXPECT_EQ("error", (*listed)["status"]);
  EXPECT_NE(std::string::npos, (*listed)["message"].get<std::string>().find("HTTP 401"))
      << (*listed)["message"];
  for (const std::string& form : planted_forms(planted))
    EXPECT_EQ(std::string::npos, (result.out + result.err).find(form)) << form;
}

TEST_F(AtlasScanLab, AServiceAccountReadsAnOrganisationFromTheBaseUrlVariable) {
  const ProcessResult result =
      scan({"--cloud", std::string("atlas:org:") + kAtlasOrganization, "--format", "json"},
           {"MONGODB_ATLAS_CLIENT_ID=mdb_sa_id_66a1b2c3d4e5f60718293aa1",
            std::string("MONGODB_ATLAS_CLIENT_SECRET=") + kAtlasClientSecret},
           "MONGODB_ATLAS_BASE_URL");
  EXPECT_EQ(1, result.exit_code) << result.err;
  const json report = json::parse(result.out);
  EXPECT_NE(nullptr, finding(report, "ATLAS-001", std::string("atlas:") + kAtlasProject));
  for (const std::string& form : planted_forms(kAtlasClientSecret))
    EXPECT_EQ(std::string::npos, (result.out + result.err).find(form)) << form;
}

TEST_F(AtlasScanLab, AnInventoryNamesTheAccountsVariablesAndMissingOnesStopTheScan) {
  testing_support::TempTree directory;
  directory.write("inventory.yaml", std::string("environments:\n"
                                                "  - name: payments\n"
                                                "    cloud:\n"
                                                "      - provider: atlas\n"
                                                "        project_id: ") +
                                        kAtlasProject +
                                        "\n"
                                        "        instances: [payments-analytics]\n"
                                        "        public_api_key_env: LAB_ATLAS_PUBLIC\n"
                                        "        private_api_key_env: LAB_ATLAS_PRIVATE\n");
  const ProcessResult result =
      scan({"--inventory", directory.path("inventory.yaml"), "--format", "json"},
           {"LAB_ATLAS_PUBLIC=labatlaspub", std::string("LAB_ATLAS_PRIVATE=") + kAtlasPrivateKey});
  const json report = json::parse(result.out);
  for (const json& found : report["findings"]) {
    EXPECT_EQ(std::string::npos, found["subject"].value("cloud_resource", "").find("payments-prod"))
        << found.dump();
  }
  EXPECT_NE(nullptr, finding(report, "ATLAS-004",
                             std::string("atlas:") + kAtlasProject + "/payments-analytics"));

  const std::size_t before = lab_->request_log().size();
  const ProcessResult missing =
      scan({"--cloud", std::string("atlas:") + kAtlasProject},
           {std::string("MONGODB_ATLAS_PRIVATE_API_KEY=") + kAtlasPrivateKey});
  EXPECT_EQ(2, missing.exit_code);
  EXPECT_NE(std::string::npos, missing.err.find("MONGODB_ATLAS_PUBLIC_API_KEY")) << missing.err;
  EXPECT_EQ(std::string::npos, missing.err.find(kAtlasPrivateKey));
  EXPECT_EQ(before, lab_->request_log().size());
}

TEST(CloudTimeout, TheCloudPhaseEndsAtItsDeadlineAndWhatWasNotReadIsAnError) {
  testing_support::ControlPlaneOptions options;
  options.profile = "atlas-lab";
  // About twenty requests: twenty seconds unbounded, ten times the deadline, so that a loaded
  // machine's slower start cannot blur the two.
  options.latency_ms = 1000;
  const auto lab = ControlPlaneLab::start(options);
  const auto started = std::chrono::steady_clock::now();
  const ProcessResult result = testing_support::run_process(
      {testing_support::mongoscan_binary(), "scan", "--quiet", "--cloud",
       std::string("atlas:") + kAtlasProject, "--cloud-endpoint", "atlas=" + lab->endpoint(),
       "--cloud-ca-file", lab->ca_file(), "--cloud-timeout", "2", "--format", "json"},
      "", testing_support::kHangGuard,
      {"https_proxy", "MONGODB_ATLAS_CLIENT_ID", "MONGODB_ATLAS_CLIENT_SECRET",
       "MONGODB_ATLAS_PUBLIC_API_KEY=labatlaspub",
       std::string("MONGODB_ATLAS_PRIVATE_API_KEY=") + kAtlasPrivateKey});
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
  EXPECT_NE(0, result.exit_code) << result.err;
  const json report = json::parse(result.out);
  EXPECT_FALSE(report["coverage"]["complete"]) << report["coverage"].dump();
  bool timed_out = false;
  for (const json& found : report["findings"]) {
    const std::string message = found["message"];
    if (found["status"] == "error" && (message.find("deadline") != std::string::npos ||
                                       message.find("timed out") != std::string::npos)) {
      timed_out = true;
    }
  }
  EXPECT_TRUE(timed_out) << result.out;
}

TEST(CloudPolicyCommand, PrintsEachProvidersLeastPrivilegeAndRefusesOthers) {
  const auto run = [](const char* provider) {
    return testing_support::run_process(
        {testing_support::mongoscan_binary(), "cloud-policy", provider}, "",
        testing_support::kHangGuard, {});
  };
  const ProcessResult atlas = run("atlas");
  ASSERT_EQ(0, atlas.exit_code) << atlas.err;
  EXPECT_EQ("atlas", json::parse(atlas.out)["provider"]);
  const ProcessResult tencent = run("tencentcloud");
  ASSERT_EQ(0, tencent.exit_code) << tencent.err;
  EXPECT_EQ("2.0", json::parse(tencent.out)["version"]);
  EXPECT_EQ(2, run("aws").exit_code);
}

}  // namespace
}  // namespace cloud_scan_lab_test
}  // namespace mongoscan
