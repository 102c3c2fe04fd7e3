// TLS-001..005 on the facts the probe gathers from the lab's TLS profiles
// (fixtures/lab/tls-*.json), judged in-process: each profile fails the check it was written for and
// passes the other three of TLS-001..004; hardened passes all five. TLS-005 (FIPS mode) has its
// own cases below.

#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <string>

#include "checks/server/transport.h"
#include "scanner/probe/probe.h"
#include "tests/support/lab_scan.h"
#include "tests/support/profile_variant.h"

namespace mongoscan {
namespace transport_lab_test {
namespace {

using testing_support::LabDeployment;
using testing_support::start_lab;

// hardened's clusterMonitor account (getCmdLineOpts needs authentication there).
Credentials hardened_scanner() {
  Credentials credentials;
  credentials.username = "scanner";
  credentials.password = Secret("Scan!Lab-Passw0rd#2024");
  credentials.source = "admin";
  return credentials;
}

// The lab's only node probed over TLS with the lab CA trusted, as a scan with tls=true would.
NodeFacts probe_lab(const LabDeployment& lab, std::optional<Credentials> credentials = {}) {
  const std::string& address = lab.nodes()[0];
  NodeFacts reached;
  reached.host = address.substr(0, address.rfind(':'));
  reached.port = static_cast<std::uint16_t>(std::stoi(address.substr(address.rfind(':') + 1)));
  reached.resolved_addresses = {reached.host};
  reached.connected_address = reached.host;
  reached.reachable = true;
  auto connection =
      TcpConnection::connect(reached.host, reached.port, Deadline::after(std::chrono::seconds(5)));
  EXPECT_TRUE(connection) << connection.error().message;
  auto context = TlsClientContext::create({lab.cert_dir() + "/ca.pem", "", false});
  EXPECT_TRUE(context) << context.error().message;
  ProbeOptions options;
  options.tls_required = true;
  options.tls_context = context.value();
  options.credentials = std::move(credentials);
  return probe_node(std::move(reached), std::move(connection).value(), options);
}

std::string statuses(const std::vector<Finding>& findings) {
  std::string text;
  for (const Finding& finding : findings) {
    text += finding.check_id + " " + std::string(to_string(finding.status)) + ": " +
            finding.message + "\n";
  }
  return text;
}

TEST(TransportLab, HardenedPassesEveryTransportCheck) {
  auto lab = start_lab("hardened");
  const auto findings = check_transport(probe_lab(*lab, hardened_scanner()), Policy{});
  ASSERT_EQ(findings.size(), 5u);
  for (const Finding& finding : findings) {
    EXPECT_EQ(finding.status, Status::pass) << statuses(findings);
  }
}

TEST(TransportLab, WithoutGetCmdLineOptsTheSettingChecksAreSkipped) {
  auto lab = start_lab("hardened");
  const auto findings = check_transport(probe_lab(*lab), Policy{});
  EXPECT_EQ(findings[0].status, Status::skipped) << statuses(findings);
  EXPECT_EQ(findings[1].status, Status::pass) << statuses(findings);
  EXPECT_EQ(findings[2].status, Status::pass) << statuses(findings);
  EXPECT_EQ(findings[3].status, Status::skipped) << statuses(findings);
  EXPECT_NE(findings[3].message.find("getCmdLineOpts action"), std::string::npos);
  EXPECT_EQ(findings[4].status, Status::skipped) << statuses(findings);
}

struct ProfileCase {
  std::string profile;
  std::string check_id;
  Status status;
  std::string message_part;
};

// The profile names the case in ctest's test names (gtest would print the struct's bytes, pointers
// included, so that the names changed from build to build).
void PrintTo(const ProfileCase& profile_case, std::ostream* out) { *out << profile_case.profile; }

class TransportProfile : public ::testing::TestWithParam<ProfileCase> {};

TEST_P(TransportProfile, FailsItsCheckAndPassesTheOthers) {
  const ProfileCase& expected = GetParam();
  auto lab = start_lab("tls-" + expected.profile);
  const auto findings = check_transport(probe_lab(*lab), Policy{});
  ASSERT_EQ(findings.size(), 5u);
  for (const Finding& finding : findings) {
    if (finding.check_id == "TLS-005") {
      EXPECT_NE(finding.status, Status::fail) << statuses(findings);
    } else if (finding.check_id == expected.check_id) {
      EXPECT_EQ(finding.status, expected.status) << statuses(findings);
      EXPECT_NE(finding.message.find(expected.message_part), std::string::npos)
          << statuses(findings);
    } else {
      EXPECT_EQ(finding.status, Status::pass) << statuses(findings);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Lab, TransportProfile,
    ::testing::Values(
        ProfileCase{"allow", "TLS-001", Status::fail, "plaintext connections beside TLS"},
        ProfileCase{"old-protocols", "TLS-002", Status::fail, "TLSv1 (negotiated TLSv1 "},
        ProfileCase{"weak-cipher", "TLS-002", Status::fail, "NULL (negotiated TLSv1.2 "},
        ProfileCase{"expired", "TLS-003", Status::fail, "expired on 2021-01-01"},
        ProfileCase{"expiring", "TLS-003", Status::warn, "expires in "},
        ProfileCase{"name-mismatch", "TLS-003", Status::fail, "does not name 127.0.0.1"},
        ProfileCase{"self-signed", "TLS-003", Status::fail, "self-signed"},
        ProfileCase{"small-key", "TLS-003", Status::fail, "1024-bit RSA key"},
        ProfileCase{"sha1", "TLS-003", Status::fail, "signed with sha1WithRSAEncryption"},
        ProfileCase{"allow-invalid", "TLS-004", Status::fail,
                    "allowInvalidHostnames is on: certificate host names are not checked; no "
                    "CAFile"}),
    [](const auto& info) {
      std::string name = info.param.profile;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

// TLS-005: hardened (Enterprise) runs with net.tls.FIPSMode; without it Enterprise fails; a
// Community build cannot run in FIPS mode, so the check does not apply.
Finding fips_finding(const std::string& profile) {
  auto lab = start_lab(profile);
  const auto findings = check_transport(probe_lab(*lab, hardened_scanner()), Policy{});
  return findings.at(4);
}

TEST(TransportLab, FipsModeOnEnterprisePasses) {
  const Finding finding = fips_finding("hardened");
  EXPECT_EQ(finding.check_id, "TLS-005");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["FIPSMode"]["set"], true);
}

TEST(TransportLab, FipsModeOffOnEnterpriseFailsAndCommunityIsSkipped) {
  testing_support::ProfileVariant off("hardened", [](nlohmann::json& profile) {
    profile["cmdLineOpts"]["parsed"]["net"]["tls"].erase("FIPSMode");
  });
  const Finding enterprise = fips_finding(off.path());
  EXPECT_EQ(enterprise.status, Status::fail) << enterprise.message;
  EXPECT_EQ(enterprise.evidence["edition"], "Enterprise");
  const Finding skipped = fips_finding("hard-community");
  EXPECT_EQ(skipped.status, Status::skipped) << skipped.message;
  EXPECT_EQ(skipped.evidence["edition"], "Community");
}

}  // namespace
}  // namespace transport_lab_test
}  // namespace mongoscan
