#include "reports/node_summary.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace node_summary_test {
namespace {

using nlohmann::json;

NodeFacts tls_node() {
  NodeFacts facts;
  facts.host = "db1.example.test";
  facts.port = 27017;
  facts.tls = true;
  TlsFacts tls;
  tls.protocol = "TLSv1.3";
  tls.cipher = "TLS_AES_256_GCM_SHA384";
  tls.verified = false;
  tls.verify_error = "hostname mismatch";
  tls.chain_verified = true;
  tls.name_matches = false;
  facts.tls_facts = tls;
  facts.plaintext_accepted = false;
  return facts;
}

TEST(NodeSummary, TlsShowsTheChainAndNameVerdictsApart) {
  const json tls = summarize_node(tls_node()).tls;
  EXPECT_EQ(tls["verified"], false);
  EXPECT_EQ(tls["verify_error"], "hostname mismatch");
  EXPECT_EQ(tls["chain_verified"], true);
  EXPECT_FALSE(tls.contains("chain_verify_error"));
  EXPECT_EQ(tls["name_matches"], false);
  EXPECT_EQ(tls["plaintext_accepted"], false);
}

TEST(NodeSummary, WeakHandshakesAreListedInOrderWithWhatWasNegotiated) {
  NodeFacts facts = tls_node();
  facts.weak_tls_handshakes = {
      {"TLSv1", WeakTlsHandshake::Outcome::accepted, "TLSv1", "ECDHE-RSA-AES256-SHA", ""},
      {"NULL", WeakTlsHandshake::Outcome::refused, "", "", "sslv3 alert handshake failure"},
      {"RC4", WeakTlsHandshake::Outcome::not_testable, "", "", "not testable with this OpenSSL"}};
  const json handshakes = summarize_node(facts).tls["weak_handshakes"];
  ASSERT_EQ(handshakes.size(), 3u);
  EXPECT_EQ(handshakes[0], (json{{"offer", "TLSv1"},
                                 {"outcome", "accepted"},
                                 {"protocol", "TLSv1"},
                                 {"cipher", "ECDHE-RSA-AES256-SHA"}}));
  EXPECT_EQ(handshakes[1], (json{{"offer", "NULL"},
                                 {"outcome", "refused"},
                                 {"detail", "sslv3 alert handshake failure"}}));
  EXPECT_EQ(handshakes[2]["outcome"], "not_testable");
}

TEST(NodeSummary, NoWeakHandshakesNoKey) {
  NodeFacts facts;
  facts.host = "db1.example.test";
  const json tls = summarize_node(facts).tls;
  EXPECT_EQ(tls, (json{{"enabled", false}}));
}

}  // namespace
}  // namespace node_summary_test
}  // namespace mongoscan
