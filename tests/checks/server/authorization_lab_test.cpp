// AUTHZ-004 against the lab, whose listCollections filters as the server's does
// (tests/lab/catalog.py): a listing the scanning account may only see part of is never a pass.
// AUTHZ-005 to AUTHZ-009 on the hardened profile (which passes them all), variants that break
// each, and an arbiter (no login: not judged).

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/lab_scan.h"
#include "tests/support/profile_variant.h"

namespace mongoscan {
namespace authorization_lab_test {
namespace {

using nlohmann::json;
using testing_support::finding;
using testing_support::ProfileVariant;
using testing_support::scan;
using testing_support::start_lab;

// hardened's scanning role without listCollections on config, but with find on one collection
// there: listCollections {authorizedCollections: true, nameOnly: true} then answers with what the
// account has privileges on instead of refusing (checkAuthorizedToListCollections).
TEST(AuthorizationLab, AListingOfConfigFilteredByPrivilegesIsSkippedNotPassed) {
  ProfileVariant variant("hardened", [](json& profile) {
    for (json& role : profile["customRoles"]) {
      if (role["role"] != "mongoscanAuditor") continue;
      json kept = json::array();
      for (const json& privilege : role["privileges"]) {
        if (privilege["resource"].value("db", "") != "config") kept.push_back(privilege);
      }
      kept.push_back(
          {{"resource", {{"db", "config"}, {"collection", "settings"}}}, {"actions", {"find"}}});
      role["privileges"] = kept;
    }
  });
  auto lab = start_lab(variant.path());
  const auto result =
      scan(*lab, "mongodb://scanner:Scan%21Lab-Passw0rd%232024@" + lab->nodes()[0] +
                     "/?authSource=admin&tls=true&tlsCAFile=" + lab->cert_dir() + "/ca.pem");
  const json authz = finding(result, "AUTHZ-004");
  EXPECT_EQ(authz["status"], "skipped") << authz.dump();
  EXPECT_EQ(authz["evidence"]["filtered_listings"], json{"config"}) << authz.dump();
}

const std::string kPolicy = std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/policy/lab-policy.json";

testing_support::Scan scan_hardened(const std::string& profile) {
  auto lab = start_lab(profile);
  return scan(*lab,
              "mongodb://scanner:Scan%21Lab-Passw0rd%232024@" + lab->nodes()[0] +
                  "/?authSource=admin&tls=true&tlsCAFile=" + lab->cert_dir() + "/ca.pem",
              {"--policy", kPolicy});
}

TEST(AuthorizationLab, HardenedPassesThePrivilegeChecks) {
  const auto result = scan_hardened("hardened");
  for (const char* id : {"AUTHZ-005", "AUTHZ-006", "AUTHZ-007", "AUTHZ-008", "AUTHZ-009"}) {
    const json found = finding(result, id);
    EXPECT_EQ(found["status"], "pass") << id << ": " << found.dump();
  }
  EXPECT_EQ(finding(result, "AUTHZ-007")["evidence"]["custom_roles"], 3);
  EXPECT_EQ(finding(result, "AUTHZ-008")["evidence"]["administrators"], json{"admin@admin"});
}

TEST(AuthorizationLab, AnApplicationAccountOwningItsDatabaseFailsUserAdministrationAndDdl) {
  const ProfileVariant owner("hardened", [](json& profile) {
    for (json& user : profile["users"])
      if (user["user"] == "app") user["roles"] = {{{"role", "dbOwner"}, {"db", "db_app"}}};
  });
  const auto result = scan_hardened(owner.path());
  const json users = finding(result, "AUTHZ-005");
  EXPECT_EQ(users["status"], "fail") << users.dump();
  EXPECT_EQ(users["evidence"]["holders"]["app@admin"][0], "dbOwner@db_app");
  const json ddl = finding(result, "AUTHZ-006");
  EXPECT_EQ(ddl["status"], "fail") << ddl.dump();
  EXPECT_TRUE(ddl["evidence"]["holders"].contains("app@admin"));
  const json sources = finding(result, "AUTHZ-008");
  EXPECT_EQ(sources["status"], "fail") << "app now administers users, from any address";
  EXPECT_EQ(sources["evidence"]["unrestricted"], json{"app@admin"});
  const json unused = finding(result, "AUTHZ-007");
  EXPECT_EQ(unused["status"], "fail") << unused.dump();
  EXPECT_EQ(unused["evidence"]["unused"], json{"appCrud@db_app"});
}

TEST(AuthorizationLab, ACustomRoleWatchingEveryDatabaseFailsAndAnOpenAdministratorFails) {
  const ProfileVariant variant("hardened", [](json& profile) {
    for (json& role : profile["customRoles"]) {
      if (role["role"] == "appAuditor")
        role["privileges"].push_back(
            {{"resource", {{"db", ""}, {"collection", ""}}}, {"actions", {"changeStream"}}});
    }
    for (json& user : profile["users"])
      if (user["user"] == "admin") user.erase("authenticationRestrictions");
  });
  const auto result = scan_hardened(variant.path());
  const json ddl = finding(result, "AUTHZ-006");
  EXPECT_EQ(ddl["status"], "fail") << ddl.dump();
  EXPECT_EQ(ddl["evidence"]["holders"]["reporting@admin"][0], "appAuditor@admin (changeStream)");
  const json sources = finding(result, "AUTHZ-008");
  EXPECT_EQ(sources["status"], "fail") << sources.dump();
  EXPECT_EQ(sources["evidence"]["unrestricted"], json{"admin@admin"});
}

// The reporting account given clusterMonitor (the monitoring role a dashboard might ask for)
// can read the server log; the scanning account's own getLog is exempt.
TEST(AuthorizationLab, AReportingAccountReadingTheServerLogFails) {
  const ProfileVariant variant("hardened", [](json& profile) {
    for (json& user : profile["users"])
      if (user["user"] == "reporting")
        user["roles"].push_back({{"role", "clusterMonitor"}, {"db", "admin"}});
  });
  const json readers = finding(scan_hardened(variant.path()), "AUTHZ-009");
  EXPECT_EQ(readers["status"], "fail") << readers.dump();
  EXPECT_EQ(readers["evidence"]["holders"],
            (json{{"reporting@admin", {"clusterMonitor@admin (getLog)"}}}));
  EXPECT_EQ(readers["evidence"]["also_allowed"], json{"scanner@admin"});
}

TEST(AuthorizationLab, RestrictionsAreSkippedWithoutViewUserOnTheUsersDatabases) {
  const ProfileVariant variant("hardened", [](json& profile) {
    for (json& role : profile["customRoles"]) {
      if (role["role"] != "mongoscanAuditor") continue;
      role["privileges"][1]["actions"] = {"listCollections", "viewRole"};
    }
  });
  const json sources = finding(scan_hardened(variant.path()), "AUTHZ-008");
  EXPECT_EQ(sources["status"], "skipped") << sources.dump();
  EXPECT_NE(sources["message"].get<std::string>().find("viewUser"), std::string::npos);
}

// LDAP authorization (security.ldap.authz.queryTemplate): a group DN maps to the admin role of
// that name, which no user document holds. Its privileges are judged as an account's, and no role
// is called unused while groups may reach any of them.
TEST(AuthorizationLab, ARoleAnLdapGroupReachesIsJudgedThoughNoUserHoldsIt) {
  ProfileVariant variant("hardened", [](json& profile) {
    profile["cmdLineOpts"]["parsed"]["security"]["ldap"] = {
        {"servers", "ldap.example.test"}, {"authz", {{"queryTemplate", "{USER}?memberOf?base"}}}};
    profile["customRoles"].push_back({{"role", "cn=dba,ou=groups,dc=example,dc=test"},
                                      {"db", "admin"},
                                      {"privileges", json::array()},
                                      {"roles", {{{"role", "root"}, {"db", "admin"}}}}});
  });
  const auto result = scan_hardened(variant.path());
  const json administrators = finding(result, "AUTHZ-001");
  // The policy declares admin@admin only: the group's role is an undeclared administrator.
  EXPECT_EQ(administrators["status"], "fail") << administrators.dump();
  EXPECT_NE(administrators["message"].get<std::string>().find(
                "cn=dba,ou=groups,dc=example,dc=test@admin"),
            std::string::npos)
      << administrators.dump();
  const json custom = finding(result, "AUTHZ-003");
  EXPECT_EQ(custom["status"], "fail") << custom.dump();
  const json unused = finding(result, "AUTHZ-007");
  EXPECT_EQ(unused["status"], "skipped") << unused.dump();
  EXPECT_EQ(unused["evidence"]["externally_mapped_roles"],
            json{"cn=dba,ou=groups,dc=example,dc=test@admin"});
}

// On an arbiter the scanner never logs in (it holds no users): nothing that needs a login is
// judged.
TEST(AuthorizationLab, AnArbiterIsNotJudged) {
  auto lab = start_lab("replset");
  const auto result = scan(*lab, "mongodb://scanner:Mon1tor%21Rs-Status%2324@" + lab->nodes()[0] +
                                     "/?authSource=admin&replicaSet=rs0");
  const std::string arbiter = lab->nodes()[3];
  int judged = 0;
  for (const char* id : {"AUTHZ-005", "AUTHZ-006", "AUTHZ-007", "AUTHZ-008", "AUTHZ-009"}) {
    for (const json& found : testing_support::findings(result, id)) {
      if (found["subject"].value("node", "") != arbiter) continue;
      ++judged;
      EXPECT_EQ(found["status"], "skipped") << id << ": " << found.dump();
    }
  }
  EXPECT_EQ(judged, 5);
  // Scanned from another host (replset.json: clientsFromLocalhost false), the arbiter refuses
  // every command that needs a login: what depends on one is "not visible", AUTHN-001 is not
  // applicable, and what the session itself shows (TLS-001) is still judged.
  std::map<std::string, json> on_arbiter;
  for (const json& found : result.report["findings"]) {
    if (found["subject"].value("node", "") == arbiter) on_arbiter[found["check_id"]] = found;
  }
  ASSERT_TRUE(on_arbiter.contains("AUTHN-001"));
  EXPECT_EQ(on_arbiter["AUTHN-001"]["status"], "skipped");
  EXPECT_TRUE(on_arbiter["AUTHN-001"]["message"].get<std::string>().starts_with(
      "not applicable to an arbiter"))
      << on_arbiter["AUTHN-001"].dump();
  for (const char* id : {"NET-002", "AUTHN-002", "AUTHN-003", "HARD-001", "AUTHZ-001"}) {
    EXPECT_EQ(on_arbiter[id]["status"], "skipped") << id;
    EXPECT_TRUE(
        on_arbiter[id]["message"].get<std::string>().starts_with("not visible on an arbiter"))
        << id << ": " << on_arbiter[id].dump();
  }
  EXPECT_EQ(on_arbiter["TLS-001"]["status"], "fail") << on_arbiter["TLS-001"].dump();
}

}  // namespace
}  // namespace authorization_lab_test
}  // namespace mongoscan
