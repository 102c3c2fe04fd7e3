// NET-007 (net.wireObjectCheck), NET-008 (version disclosed before authentication) and NET-009
// (net.maxIncomingConnections) against lab profiles: hardened sets a connection limit and leaves
// wireObjectCheck at its default; the lab answers buildInfo before authentication unless the
// profile sets buildInfoAuthMode requiresAuth (tests/lab/diagnostics.py).

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/lab_scan.h"
#include "tests/support/profile_variant.h"

namespace mongoscan {
namespace network_lab_test {
namespace {

using nlohmann::json;
using testing_support::finding;
using testing_support::LabDeployment;
using testing_support::ProfileVariant;
using testing_support::scan;
using testing_support::start_lab;

testing_support::Scan scan_as_auditor(const LabDeployment& lab, bool with_credentials = true) {
  return scan(lab, "mongodb://" +
                       std::string(with_credentials ? "scanner:Scan%21Lab-Passw0rd%232024@" : "") +
                       lab.nodes()[0] + "/?authSource=admin&tls=true&tlsCAFile=" + lab.cert_dir() +
                       "/ca.pem");
}

json& net(json& profile) { return profile["cmdLineOpts"]["parsed"]["net"]; }

TEST(NetworkLab, HardenedValidatesBsonAndLimitsConnections) {
  auto lab = start_lab("hardened");
  const auto result = scan_as_auditor(*lab);
  const json wire = finding(result, "NET-007");
  EXPECT_EQ(wire["status"], "pass") << wire.dump();
  EXPECT_EQ(wire["evidence"]["net.wireObjectCheck"]["set"], false);
  const json limit = finding(result, "NET-009");
  EXPECT_EQ(limit["status"], "pass") << limit.dump();
  EXPECT_EQ(limit["evidence"]["serverStatus_limit"], 2000);
}

TEST(NetworkLab, DisabledWireObjectCheckAndNoConnectionLimitFail) {
  ProfileVariant variant("hardened", [](json& profile) {
    net(profile)["wireObjectCheck"] = false;
    net(profile).erase("maxIncomingConnections");
    profile["serverStatus"]["connections"]["available"] = 51199;  // 80% of ulimit -n 64000
  });
  auto lab = start_lab(variant.path());
  const auto result = scan_as_auditor(*lab);
  EXPECT_EQ(finding(result, "NET-007")["status"], "fail") << finding(result, "NET-007").dump();
  const json limit = finding(result, "NET-009");
  EXPECT_EQ(limit["status"], "fail") << limit.dump();
  EXPECT_NE(limit["message"].get<std::string>().find("51200"), std::string::npos);
}

TEST(NetworkLab, WithoutTheConfigurationTheSettingChecksAreSkipped) {
  auto lab = start_lab("hardened");
  const auto result = scan_as_auditor(*lab, false);
  EXPECT_EQ(finding(result, "NET-007")["status"], "skipped");
  EXPECT_EQ(finding(result, "NET-009")["status"], "skipped");
}

// buildInfo before authentication: answered (its version, build and OpenSSL disclosed: warn, an
// informational finding), or refused under buildInfoAuthMode requiresAuth (pass).
TEST(NetworkLab, VersionDisclosedBeforeAuthentication) {
  auto lab = start_lab("hardened");
  const json disclosed = finding(scan_as_auditor(*lab), "NET-008");
  EXPECT_EQ(disclosed["status"], "warn") << disclosed.dump();
  EXPECT_EQ(disclosed["severity"], "info");
  EXPECT_EQ(disclosed["evidence"]["buildInfo"]["version"], "8.0.37");

  ProfileVariant requires_auth("hardened", [](json& profile) {
    profile["parameters"]["buildInfoAuthMode"] = "requiresAuth";
  });
  auto closed = start_lab(requires_auth.path());
  const json hidden = finding(scan_as_auditor(*closed), "NET-008");
  EXPECT_EQ(hidden["status"], "pass") << hidden.dump();
  EXPECT_EQ(hidden["evidence"]["buildInfo"], "requires authentication");
}

}  // namespace
}  // namespace network_lab_test
}  // namespace mongoscan
