#include "scanner/cloud/tencentcloud/tc3_signature.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace tc3_signature_test {
namespace {

// Tencent Cloud's "Signature v3" worked example (API 3.0, "签名方法 v3", the version that signs
// x-tc-action): cvm DescribeInstances at 1551113065 with this payload. Its keys are printed masked:
// "AKID" and 32 asterisks, and a secret key of 32 asterisks, which reproduce the published values.
Tc3Call documented_call() {
  return Tc3Call{
      "cvm",
      "cvm.tencentcloudapi.com",
      "DescribeInstances",
      "2017-03-12",
      "ap-guangzhou",
      1551113065,
      R"({"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]})"};
}

TEST(Tc3Signature, TheDocumentedExampleByteForByte) {
  const Tc3Credentials masked{"AKID" + std::string(32, '*'), Secret(std::string(32, '*')), {}};
  const Tc3Signature signed_call = tc3_sign(documented_call(), masked);
  EXPECT_EQ(
      "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n"
      "x-tc-action:describeinstances\n\ncontent-type;host;x-tc-action\n"
      "35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064",
      signed_call.canonical_request);
  EXPECT_EQ(
      "TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n"
      "7019a55be8395899b900fb5564e4200d984910f34794a27cb3fb7d10ff6a1e84",
      signed_call.string_to_sign);
  EXPECT_EQ("10b1a37a7301a02ca19a647ad722d5e43b4b3cff309d421d85b46093f6ab6c4f",
            signed_call.signature);
  EXPECT_EQ(
      "TC3-HMAC-SHA256 Credential=AKID********************************/2019-02-25/cvm/tc3_request, "
      "SignedHeaders=content-type;host;x-tc-action, "
      "Signature=10b1a37a7301a02ca19a647ad722d5e43b4b3cff309d421d85b46093f6ab6c4f",
      signed_call.authorization);
}

// The example's unmasked keys (the documentation's earlier edition prints them), with x-tc-action
// signed: the value Tencent's Python SDK's sign_tc3 gives for this canonical request.
TEST(Tc3Signature, TheExampleKeysUnmasked) {
  const Tc3Credentials example{
      "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE", Secret("Gu5t9xGARNpq86cd98joQYCN3EXAMPLE"), {}};
  EXPECT_EQ("644be983de9a8a3f00db8eadaba61467c3b429e2215758ba897b738ca469fd26",
            tc3_sign(documented_call(), example).signature);
}

TEST(Tc3Signature, TheScopeDateIsTheTimestampsUtcDate) {
  Tc3Call call = documented_call();
  call.timestamp = 1551139199;  // 2019-02-25T23:59:59Z
  const Tc3Credentials key{"id", Secret("k"), {}};
  EXPECT_NE(std::string::npos, tc3_sign(call, key).string_to_sign.find("2019-02-25/cvm/"));
  call.timestamp = 1551139200;  // 2019-02-26T00:00:00Z
  EXPECT_NE(std::string::npos, tc3_sign(call, key).string_to_sign.find("2019-02-26/cvm/"));
}

TEST(Tc3Signature, TheHeadersCarryTheCallAndTheTokenButNeverTheSecretKey) {
  const Tc3Credentials temporary{"AKIDtemporary", Secret("the-secret-key-value"),
                                 Secret("the-session-token")};
  const auto headers = tc3_headers(documented_call(), temporary);
  const std::vector<std::string> names = {"Authorization", "Content-Type",   "Host",
                                          "X-TC-Action",   "X-TC-Timestamp", "X-TC-Version",
                                          "X-TC-Region",   "X-TC-Token"};
  ASSERT_EQ(names.size(), headers.size());
  for (std::size_t i = 0; i < names.size(); ++i) EXPECT_EQ(names[i], headers[i].first);
  EXPECT_EQ("DescribeInstances", headers[3].second);
  EXPECT_EQ("1551113065", headers[4].second);
  EXPECT_EQ("the-session-token", headers[7].second);
  for (const auto& [name, value] : headers)
    EXPECT_EQ(std::string::npos, value.find("the-secret-key-value")) << name;

  Tc3Call global = documented_call();
  global.region.clear();
  const auto without_region = tc3_headers(global, Tc3Credentials{"id", Secret("k"), {}});
  for (const auto& [name, value] : without_region) {
    EXPECT_NE("X-TC-Region", name);
    EXPECT_NE("X-TC-Token", name);
  }
}

}  // namespace
}  // namespace tc3_signature_test
}  // namespace mongoscan
