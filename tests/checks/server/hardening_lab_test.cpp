// HARD-005 (audit filter), HARD-006 (audit destination), HARD-007 (system log) and HARD-014
// (successful authorizations audited) against lab profiles: hardened (Enterprise, audit file
// without a filter, logAppend), variants of it, and hard-community (no auditing possible).
// getCmdLineOpts replies keep the server's shape (argv, parsed, ok; tests/lab/diagnostics.py):
// auditLog.filter is the string the configuration gave.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/lab_scan.h"
#include "tests/support/profile_variant.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace hardening_lab_test {
namespace {

using nlohmann::json;
using testing_support::finding;
using testing_support::LabDeployment;
using testing_support::ProfileVariant;
using testing_support::scan;
using testing_support::start_lab;
using testing_support::TempTree;

// A scan as hardened's auditor account (getCmdLineOpts and getParameter need it), under the
// default policy or one with `policy`'s keys.
testing_support::Scan scan_as_auditor(const LabDeployment& lab, const json& policy = nullptr) {
  const std::string uri = "mongodb://scanner:Scan%21Lab-Passw0rd%232024@" + lab.nodes()[0] +
                          "/?authSource=admin&tls=true&tlsCAFile=" + lab.cert_dir() + "/ca.pem";
  if (policy.is_null()) return scan(lab, uri);
  TempTree tree;
  tree.write("policy.json", policy.dump());
  return scan(lab, uri, {"--policy", tree.path("policy.json")});
}

// The same without credentials: getCmdLineOpts is refused before authentication.
testing_support::Scan scan_anonymously(const LabDeployment& lab) {
  return scan(lab,
              "mongodb://" + lab.nodes()[0] + "/?tls=true&tlsCAFile=" + lab.cert_dir() + "/ca.pem");
}

json& audit_log(json& profile) { return profile["cmdLineOpts"]["parsed"]["auditLog"]; }

TEST(HardeningLab, HardenedPassesTheLoggingChecks) {
  auto lab = start_lab("hardened");
  const auto result = scan_as_auditor(*lab);
  for (const char* id : {"HARD-005", "HARD-006", "HARD-007"}) {
    EXPECT_EQ(finding(result, id)["status"], "pass") << finding(result, id).dump();
  }
  EXPECT_EQ(finding(result, "HARD-007")["evidence"]["verbosity"]["source"],
            "getParameter logLevel");
}

// The manual's DDL-only filter, as mongod.conf gives it (a string in the shell's relaxed JSON).
TEST(HardeningLab, AFilterThatDropsAuthenticationFails) {
  ProfileVariant variant("hardened", [](json& profile) {
    audit_log(profile)["filter"] =
        R"({ atype: { $in: [ "createCollection", "dropCollection" ] } })";
  });
  auto lab = start_lab(variant.path());
  const json filter = finding(scan_as_auditor(*lab), "HARD-005");
  EXPECT_EQ(filter["status"], "fail") << filter.dump();
  EXPECT_NE(filter["message"].get<std::string>().find("authentication"), std::string::npos);
  EXPECT_EQ(filter["evidence"]["dropped"]["authorization failures"], json{"authCheck"});
}

// auditLog.runtimeConfiguration forbids auditLog.filter (AuditManager::initialize): the filter
// lives in setAuditConfig, which this scan does not read, so it warns instead of passing.
TEST(HardeningLab, RuntimeAuditConfigurationWarns) {
  ProfileVariant variant("hardened",
                         [](json& profile) { audit_log(profile)["runtimeConfiguration"] = true; });
  auto lab = start_lab(variant.path());
  EXPECT_EQ(finding(scan_as_auditor(*lab), "HARD-005")["status"], "warn");
}

// hardened keeps its master key in a KMIP key manager and encrypts with AES256-GCM; a variant with
// a local key file instead warns, and a GCM-only policy fails the default AES256-CBC.
TEST(HardeningLab, EncryptionAtRestJudgesTheKeySourceAndCipherMode) {
  auto lab = start_lab("hardened");
  const json kmip = finding(scan_as_auditor(*lab), "HARD-003");
  EXPECT_EQ(kmip["status"], "pass") << kmip.dump();
  EXPECT_EQ(kmip["evidence"]["key_source"], "KMIP");

  ProfileVariant variant("hardened", [](json& profile) {
    json& security = profile["cmdLineOpts"]["parsed"]["security"];
    security.erase("kmip");
    security.erase("encryptionCipherMode");
    security["encryptionKeyFile"] = "/etc/mongodb/encryption.key";
  });
  auto key_file = start_lab(variant.path());
  const json warned = finding(scan_as_auditor(*key_file), "HARD-003");
  EXPECT_EQ(warned["status"], "warn") << warned.dump();
  const json failed = finding(
      scan_as_auditor(*key_file, {{"encryption_cipher_modes", json::array({"AES256-GCM"})}}),
      "HARD-003");
  EXPECT_EQ(failed["status"], "fail") << failed.dump();
}

// HARD-014 as the auditor account sees it, with the policy requiring it or not.
json authorization_success_audit(const LabDeployment& lab, bool required) {
  return finding(scan_as_auditor(lab, {{"audit_authorization_success", required}}), "HARD-014");
}

// hardened audits to a file but leaves auditAuthorizationSuccess at its default, false.
TEST(HardeningLab, SuccessfulAuthorizationsAuditedWhereThePolicyRequiresIt) {
  auto lab = start_lab("hardened");
  const json failed = authorization_success_audit(*lab, true);
  EXPECT_EQ(failed["status"], "fail") << failed.dump();
  EXPECT_EQ(failed["evidence"]["auditAuthorizationSuccess"]["source"],
            "getParameter auditAuthorizationSuccess");
  EXPECT_EQ(authorization_success_audit(*lab, false)["status"], "skipped");

  ProfileVariant variant("hardened", [](json& profile) {
    profile["cmdLineOpts"]["parsed"]["setParameter"]["auditAuthorizationSuccess"] = "true";
  });
  auto audited = start_lab(variant.path());
  const json passed = authorization_success_audit(*audited, true);
  EXPECT_EQ(passed["status"], "pass") << passed.dump();
}

// console is a destination mongod accepts, but the default policy allows file and syslog only.
// The server refuses auditLog.path and auditLog.format with another destination than file.
TEST(HardeningLab, AuditToTheConsoleFailsTheDefaultPolicy) {
  ProfileVariant variant("hardened", [](json& profile) {
    audit_log(profile) = {{"destination", "console"}};
  });
  auto lab = start_lab(variant.path());
  const json destination = finding(scan_as_auditor(*lab), "HARD-006");
  EXPECT_EQ(destination["status"], "fail") << destination.dump();
  EXPECT_EQ(destination["evidence"]["auditLog.destination"]["value"], "console");
}

TEST(HardeningLab, CommunityHasNoAuditingToJudge) {
  auto lab = start_lab("hard-community");
  const auto result = scan_as_auditor(*lab);
  for (const char* id : {"HARD-005", "HARD-006", "HARD-014"}) {
    EXPECT_EQ(finding(result, id)["status"], "skipped") << finding(result, id).dump();
    EXPECT_EQ(finding(result, id)["evidence"]["edition"], "Community");
  }
  EXPECT_EQ(finding(result, "HARD-007")["status"], "pass") << "the system log applies to all";
}

// mongod's logAppend defaults to false (a Switch in server_options_base.idl); quiet set live.
TEST(HardeningLab, LogAppendOffAndQuietFail) {
  ProfileVariant no_append("hardened", [](json& profile) {
    profile["cmdLineOpts"]["parsed"]["systemLog"].erase("logAppend");
  });
  auto lab = start_lab(no_append.path());
  const json log = finding(scan_as_auditor(*lab), "HARD-007");
  EXPECT_EQ(log["status"], "fail") << log.dump();
  EXPECT_NE(log["message"].get<std::string>().find("logAppend is off (the default)"),
            std::string::npos);

  ProfileVariant quiet("hardened", [](json& profile) { profile["parameters"]["quiet"] = true; });
  auto quiet_lab = start_lab(quiet.path());
  const json quiet_log = finding(scan_as_auditor(*quiet_lab), "HARD-007");
  EXPECT_EQ(quiet_log["status"], "fail") << quiet_log.dump();
  EXPECT_EQ(quiet_log["evidence"]["systemLog.quiet"]["source"], "getParameter quiet");
}

TEST(HardeningLab, WithoutTheConfigurationTheLoggingChecksAreSkipped) {
  auto lab = start_lab("hardened");
  const auto result = scan_anonymously(*lab);
  for (const char* id : {"HARD-005", "HARD-006", "HARD-007"}) {
    EXPECT_EQ(finding(result, id)["status"], "skipped") << finding(result, id).dump();
  }
}

}  // namespace
}  // namespace hardening_lab_test
}  // namespace mongoscan
