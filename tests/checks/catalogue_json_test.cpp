#include "checks/catalogue_json.h"

#include <gtest/gtest.h>

#include "checks/registry.h"
#include "scanner/secrets/digest.h"

namespace mongoscan {
namespace catalogue_json_test {
namespace {

std::vector<CheckSpec> two_specs() {
  return {{"NET-002",
           "bindIp is not every interface",
           Layer::network,
           Severity::high,
           {{Framework::cis, "2.1", "Ensure Authentication is configured"}},
           "Set net.bindIp.",
           "Clients reach only the addresses it binds."},
          {"MODEL-001", "Names: «db_» prefix", Layer::data_model, Severity::low, {}, "Rename."}};
}

TEST(CatalogueJson, EachSpecHasItsMembersInOrder) {
  const auto json = catalogue_json(two_specs());
  ASSERT_EQ(json.size(), 2u);
  EXPECT_EQ(json[0].dump(),
            R"({"id":"NET-002","layer":"network","severity":"high","title":"bindIp is not every )"
            R"(interface","references":[{"framework":"cis","id":"2.1","title":"Ensure )"
            R"(Authentication is configured"}],"remediation":"Set net.bindIp.","description":)"
            R"("Clients reach only the addresses it binds."})");
}

TEST(CatalogueJson, TheDigestIsTheSha256OfTheCompactJson) {
  const auto specs = two_specs();
  EXPECT_EQ(catalogue_sha256(specs), sha256_hex(catalogue_json(specs).dump()));
  EXPECT_EQ(catalogue_sha256(specs).size(), 64u);
}

TEST(CatalogueJson, AnyChangeToASpecChangesTheDigest) {
  const std::string original = catalogue_sha256(two_specs());
  auto severity = two_specs();
  severity[1].severity = Severity::medium;
  auto remediation = two_specs();
  remediation[0].remediation += " ";
  auto reference = two_specs();
  reference[0].references[0].id = "2.2";
  auto order = two_specs();
  std::swap(order[0], order[1]);
  for (const auto& changed : {severity, remediation, reference, order}) {
    EXPECT_NE(catalogue_sha256(changed), original);
  }
  EXPECT_EQ(catalogue_sha256(two_specs()), original);
}

TEST(CatalogueJson, TheBuildsDigestIsThatOfItsCatalogue) {
  EXPECT_EQ(catalogue_sha256(), catalogue_sha256(check_catalogue()));
  EXPECT_NE(catalogue_sha256(), catalogue_sha256(two_specs()));
}

}  // namespace
}  // namespace catalogue_json_test
}  // namespace mongoscan
