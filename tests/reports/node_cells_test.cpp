#include "reports/node_cells.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace node_cells_test {
namespace {

using nlohmann::json;

TEST(NodeCells, TlsIsVersionCipherAndTheCertificatesVerdict) {
  EXPECT_EQ(tls_cell(json::object()), "—") << "no facts: the node was not probed";
  EXPECT_EQ(tls_cell({{"enabled", false}}), "off: plaintext");
  const json verified = {
      {"enabled", true},  {"protocol", "TLSv1.3"},  {"cipher", "TLS_AES_256_GCM_SHA384"},
      {"verified", true}, {"chain_verified", true}, {"name_matches", true}};
  EXPECT_EQ(tls_cell(verified), "TLSv1.3, TLS_AES_256_GCM_SHA384, certificate verified");
  json mismatch = verified;
  mismatch["name_matches"] = false;
  mismatch["verified"] = false;
  EXPECT_EQ(tls_cell(mismatch),
            "TLSv1.3, TLS_AES_256_GCM_SHA384, certificate does not name the host");
  json unchained = verified;
  unchained["chain_verified"] = false;
  EXPECT_EQ(tls_cell(unchained), "TLSv1.3, TLS_AES_256_GCM_SHA384, certificate chain not verified");
  json insecure = verified;
  insecure["insecure"] = true;
  EXPECT_EQ(tls_cell(insecure),
            "TLSv1.3, TLS_AES_256_GCM_SHA384, certificate not verified (--tls-insecure)");
  EXPECT_EQ(tls_cell({{"enabled", true}}), "certificate not verified")
      << "no verdict recorded is no verification";
}

TEST(NodeCells, TheAccountIsUserMechanismAndRolesOrItsFailure) {
  EXPECT_EQ(account_cell(json::object()), "—");
  EXPECT_EQ(account_cell({{"user", "scanner"},
                          {"mechanism", "SCRAM-SHA-256"},
                          {"succeeded", true},
                          {"roles", {"mongoscanAuditor@admin", "read@shop"}}}),
            "scanner (SCRAM-SHA-256): mongoscanAuditor@admin, read@shop");
  EXPECT_EQ(account_cell({{"user", "scanner"}, {"mechanism", "SCRAM-SHA-1"}, {"succeeded", false}}),
            "scanner (SCRAM-SHA-1): authentication failed");
  EXPECT_EQ(account_cell({{"user", "app"}, {"succeeded", true}, {"roles", json::array()}}),
            "app: no roles");
}

}  // namespace
}  // namespace node_cells_test
}  // namespace mongoscan
