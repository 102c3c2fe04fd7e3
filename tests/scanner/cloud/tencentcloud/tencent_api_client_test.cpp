#include "scanner/cloud/tencentcloud/tencent_api_client.h"

#include <gtest/gtest.h>

#include <fstream>

#include "scanner/cloud/allowlisted_transport.h"
#include "scanner/cloud/http/curl_transport.h"
#include "tests/support/control_plane_lab.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace tencent_api_client_test {
namespace {

using nlohmann::json;
using testing_support::ControlPlaneLab;
using testing_support::ControlPlaneOptions;

constexpr const char* kSecretId = "AKIDlabPagedClient0000000000000000";
constexpr const char* kSecretKey = "lab-paged-secret-key-0000000000000";

json profile() {
  std::ifstream in(std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/cloud/tencent-paged.json");
  return json::parse(in);
}

// A control plane serving fixtures/cloud/tencent-paged.json with `faults` added.
struct Lab {
  explicit Lab(const json& faults = json::object()) {
    json changed = profile();
    changed["tencentcloud"]["faults"] = faults;
    const std::string path = directory.path("profile.json");
    std::ofstream(path) << changed.dump();
    ControlPlaneOptions options;
    options.profile = path;
    lab = ControlPlaneLab::start(options);
    CurlTransportOptions trusting;
    trusting.extra_ca_file = lab->ca_file();
    curl = std::make_unique<CurlTransport>(trusting);
    gate = std::make_unique<AllowlistedTransport>(*curl, "/api/atlas/v2");
  }

  // A client through the allowlist to the lab; `now` shifts the clock it signs with.
  Result<json> call(const std::string& action, const std::string& region, const json& params,
                    Tc3Credentials credentials = {kSecretId, Secret(kSecretKey), {}},
                    std::int64_t clock_shift = 0) {
    TencentApiClient client = make_client(std::move(credentials), clock_shift);
    return client.call("mongodb", "2019-07-25", action, region, params, deadline());
  }

  TencentApiClient make_client(Tc3Credentials credentials, std::int64_t clock_shift = 0) {
    TencentApiOptions options;
    options.endpoints["mongodb"] = parse_http_endpoint(lab->endpoint()).value();
    options.sleep = [this](std::chrono::milliseconds wait) { waits.push_back(wait); };
    options.now = [clock_shift] {
      return static_cast<std::int64_t>(std::time(nullptr)) + clock_shift;
    };
    return TencentApiClient(*gate, std::move(credentials), std::move(options));
  }

  static Deadline deadline() { return Deadline::after(std::chrono::seconds(30)); }

  std::vector<json> calls() const {
    std::vector<json> api;
    for (const json& entry : lab->request_log())
      if (entry.contains("action")) api.push_back(entry);
    return api;
  }

  testing_support::TempTree directory;
  std::unique_ptr<ControlPlaneLab> lab;
  std::unique_ptr<CurlTransport> curl;
  std::unique_ptr<AllowlistedTransport> gate;
  std::vector<std::chrono::milliseconds> waits;
};

TEST(TencentApiClient, ASignedCallIsAcceptedAndEveryPageRead) {
  Lab lab;
  TencentApiClient client = lab.make_client({kSecretId, Secret(kSecretKey), {}});
  const auto instances =
      client.call_all_pages("mongodb", "2019-07-25", "DescribeDBInstances", "ap-guangzhou",
                            json::object(), TencentPaging{"InstanceDetails", 100}, Lab::deadline());
  ASSERT_TRUE(instances.ok()) << instances.error().message;
  ASSERT_EQ(5u, instances.value().size());
  EXPECT_EQ("cmgo-gz000005", instances.value()[4]["InstanceId"]);
  // The lab serves at most two per page: three calls, each signed and in the region.
  const auto calls = lab.calls();
  ASSERT_EQ(3u, calls.size());
  for (const json& call : calls) {
    EXPECT_EQ("DescribeDBInstances", call["action"]);
    EXPECT_EQ("mongodb", call["service"]);
    EXPECT_EQ("ap-guangzhou", call["region"]);
    EXPECT_FALSE(call.contains("error")) << call.dump();
  }
  const auto one =
      lab.call("DescribeSecurityGroup", "ap-guangzhou", {{"InstanceId", "cmgo-gz000001"}});
  ASSERT_TRUE(one.ok()) << one.error().message;
  EXPECT_EQ("0.0.0.0/0", one.value()["Groups"][0]["Inbound"][0]["CidrIp"]);
  EXPECT_FALSE(one.value().contains("RequestId"));
}

TEST(TencentApiClient, RefusalsComeBackAsTencentsCodesWithoutAnySecret) {
  Lab lab;
  const json params = json::object();
  struct Case {
    Tc3Credentials credentials;
    std::int64_t clock_shift;
    std::string code;
    ErrorCode kind;
  };
  const std::vector<Case> cases = {
      {{kSecretId, Secret("a-wrong-secret-key-planted-1234"), {}},
       0,
       "AuthFailure.SignatureFailure",
       ErrorCode::auth_failed},
      {{"AKIDnobodyKnowsThisId000000000000", Secret(kSecretKey), {}},
       0,
       "AuthFailure.SecretIdNotFound",
       ErrorCode::auth_failed},
      {{kSecretId, Secret(kSecretKey), {}},
       -600,
       "AuthFailure.SignatureExpire",
       ErrorCode::auth_failed},
      {{"AKIDlabTemporary00000000000000000", Secret("lab-temporary-secret-key-00000000"),
        Secret("a-wrong-session-token-planted")},
       0,
       "AuthFailure.TokenFailure",
       ErrorCode::auth_failed},
  };
  for (const Case& refused : cases) {
    SCOPED_TRACE(refused.code);
    const auto outcome = lab.call("DescribeDBInstances", "ap-guangzhou", params,
                                  refused.credentials, refused.clock_shift);
    ASSERT_FALSE(outcome.ok());
    EXPECT_EQ(refused.kind, outcome.error().code);
    EXPECT_EQ("tencentcloud mongodb:DescribeDBInstances in ap-guangzhou: " + refused.code,
              outcome.error().message);
  }
  const auto temporary =
      lab.call("DescribeDBInstances", "ap-shanghai", params,
               {"AKIDlabTemporary00000000000000000", Secret("lab-temporary-secret-key-00000000"),
                Secret("lab-session-token-000000000000000")});
  EXPECT_TRUE(temporary.ok()) << temporary.error().message;
}

TEST(TencentApiClient, TheRateLimitIsWaitedOutAndAMissingPermissionNamed) {
  Lab lab({{"rate_limited_calls", 2}, {"unauthorized_actions", {"mongodb:DescribeSecurityGroup"}}});
  const auto limited = lab.call("DescribeDBInstances", "ap-shanghai", json::object());
  ASSERT_TRUE(limited.ok()) << limited.error().message;
  EXPECT_EQ(2u, lab.waits.size());
  EXPECT_EQ(3u, lab.calls().size());

  const auto denied =
      lab.call("DescribeSecurityGroup", "ap-shanghai", {{"InstanceId", "cmgo-sh000001"}});
  ASSERT_FALSE(denied.ok());
  EXPECT_EQ(ErrorCode::unauthorized, denied.error().code);
  EXPECT_NE(std::string::npos, denied.error().message.find("UnauthorizedOperation"));
}

TEST(TencentApiClient, AnActionOffTheAllowlistNeverReachesTheControlPlane) {
  Lab lab;
  const auto write =
      lab.call("ModifyDBInstanceSecurityGroup", "ap-guangzhou", {{"InstanceId", "cmgo-gz000001"}});
  ASSERT_FALSE(write.ok());
  EXPECT_EQ("cloud allowlist", write.error().phase);
  EXPECT_TRUE(lab.lab->request_log().empty());
}

}  // namespace
}  // namespace tencent_api_client_test
}  // namespace mongoscan
