// AUTHZ-004 against the lab, whose listCollections filters as the server's does
// (tests/lab/catalog.py): a listing the scanning account may only see part of is never a pass.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/lab_scan.h"
#include "tests/support/profile_variant.h"

namespace mongoscan {
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
      kept.push_back({{"resource", {{"db", "config"}, {"collection", "settings"}}},
                      {"actions", {"find"}}});
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

}  // namespace
}  // namespace mongoscan
