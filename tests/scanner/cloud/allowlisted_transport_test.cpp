#include "scanner/cloud/allowlisted_transport.h"

#include <gtest/gtest.h>

#include "scanner/cloud/tencentcloud/tc3_signature.h"

namespace mongoscan {
namespace allowlisted_transport_test {
namespace {

class RecordingTransport : public HttpTransport {
 public:
  Result<HttpResponse> send(const HttpRequest& request, const Deadline&) override {
    sent.push_back(request.method + " " + request.url);
    HttpResponse response;
    response.status = 200;
    return response;
  }
  std::vector<std::string> sent;
};

HttpRequest tencent(const std::string& service, const std::string& version,
                    const std::string& action) {
  const Tc3Call call{
      service, service + ".tencentcloudapi.com", action, version, "ap-guangzhou", 1700000000, "{}"};
  return HttpRequest{"POST", "https://" + call.host + "/",
                     tc3_headers(call, Tc3Credentials{"id", Secret("key"), {}}), "{}"};
}

Result<HttpResponse> send(AllowlistedTransport& gate, const HttpRequest& request) {
  return gate.send(request, Deadline::after(std::chrono::seconds(1)));
}

TEST(AllowlistedTransport, ListedReadsPassAndNothingElseLeaves) {
  RecordingTransport inner;
  AllowlistedTransport gate(inner, "/api/atlas/v2");
  EXPECT_TRUE(send(gate, tencent("mongodb", "2019-07-25", "DescribeDBInstances")).ok());
  EXPECT_TRUE(send(gate, tencent("mongodb", "2019-07-25", "DescribeInstanceSSL")).ok());
  EXPECT_TRUE(
      send(gate,
           {"GET", "https://cloud.mongodb.com/api/atlas/v2/groups/g/accessList?pageNum=2", {}, ""})
          .ok());
  EXPECT_TRUE(send(gate, {"POST", "https://cloud.mongodb.com/api/oauth/token", {}, ""}).ok());
  EXPECT_EQ(4u, inner.sent.size());

  const std::vector<HttpRequest> refused = {
      tencent("mongodb", "2019-07-25", "ModifyNetworkAddress"),
      tencent("vpc", "2017-03-12", "CreateSecurityGroupPolicies"),
      tencent("cvm", "2019-07-25", "DescribeDBInstances"),  // signed for another service
      {"DELETE", "https://cloud.mongodb.com/api/atlas/v2/groups/g/accessList", {}, ""},
      {"PATCH", "https://cloud.mongodb.com/api/atlas/v2/groups/g/auditLog", {}, ""},
      {"GET",
       "https://cloud.mongodb.com/api/atlas/v2/groups/g/clusters/c/restartPrimaries",
       {},
       ""},
      {"GET", "https://cloud.mongodb.com/api/public/v1.0/groups/g/accessList", {}, ""},
      {"POST", "https://cloud.mongodb.com/api/oauth/revoke", {}, ""},
  };
  for (const HttpRequest& request : refused) {
    SCOPED_TRACE(request.method + " " + request.url);
    const auto outcome = send(gate, request);
    ASSERT_FALSE(outcome.ok());
    EXPECT_EQ("cloud allowlist", outcome.error().phase);
    EXPECT_NE(std::string::npos, outcome.error().message.find("not on the read-only allowlist"));
  }
  EXPECT_EQ(4u, inner.sent.size());
}

TEST(AllowlistedTransport, ARefusalNeverQuotesTheSignature) {
  RecordingTransport inner;
  AllowlistedTransport gate(inner, "/api/atlas/v2");
  const HttpRequest write = tencent("mongodb", "2019-07-25", "ModifyDBInstanceSecurityGroup");
  const std::string why = gate.refusal(write);
  EXPECT_NE(std::string::npos, why.find("mongodb:ModifyDBInstanceSecurityGroup"));
  for (const auto& [name, value] : write.headers) {
    if (name == "Authorization") {
      EXPECT_EQ(std::string::npos, why.find(value.substr(value.size() - 64)));
    }
  }
}

}  // namespace
}  // namespace allowlisted_transport_test
}  // namespace mongoscan
