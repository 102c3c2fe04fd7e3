#include "checks/cwe.h"

#include <gtest/gtest.h>

#include <set>

#include "checks/registry.h"

namespace mongoscan {
namespace cwe_test {
namespace {

TEST(Cwe, TheWeaknessesTheChecksGuardAgainst) {
  EXPECT_EQ(cwe_of("APP-001"), 798);    // hard-coded credentials
  EXPECT_EQ(cwe_of("AUTHN-001"), 306);  // missing authentication
  EXPECT_EQ(cwe_of("TLS-001"), 319);    // cleartext transmission
  EXPECT_EQ(cwe_of("NET-002"), 1327);   // binding to an unrestricted address
  EXPECT_EQ(cwe_of("CONN-004"), std::nullopt) << "retry settings guard against no weakness";
  EXPECT_EQ(cwe_of("NOPE-001"), std::nullopt);
}

// Every security layer has a CWE, and the mapped checks are catalogue checks.
TEST(Cwe, SecurityLayersHaveCwes) {
  std::set<std::string> catalogue;
  std::set<Layer> mapped_layers;
  for (const CheckSpec& spec : check_catalogue()) {
    catalogue.insert(spec.id);
    if (cwe_of(spec.id)) mapped_layers.insert(spec.layer);
  }
  for (const Layer layer :
       {Layer::network, Layer::authentication, Layer::authorization, Layer::transport,
        Layer::hardening, Layer::versions, Layer::credentials}) {
    EXPECT_TRUE(mapped_layers.contains(layer)) << to_string(layer);
  }
  for (const char* id : {"NET-001", "AUTHZ-003", "HARD-004", "VER-002", "CONN-009", "APP-002"}) {
    EXPECT_TRUE(catalogue.contains(id)) << id;
    EXPECT_TRUE(cwe_of(id)) << id;
  }
}

}  // namespace
}  // namespace cwe_test
}  // namespace mongoscan
