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

// The summary's TLS facts, unpacked.
json tls_of(const NodeFacts& facts) {
  EvidencePacker packer;
  return summarize_node(facts, packer).tls.unpack();
}

TEST(NodeSummary, TlsShowsTheChainAndNameVerdictsApart) {
  const json tls = tls_of(tls_node());
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
  const json handshakes = tls_of(facts)["weak_handshakes"];
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
  EXPECT_EQ(tls_of(facts), (json{{"enabled", false}}));
}

// A fleet's nodes mostly answer alike: the packed facts of such nodes are one copy, and each
// unpacks to its own node's facts.
TEST(NodeSummary, NodesThatAnsweredAlikeShareTheirPackedFacts) {
  NodeFacts first = tls_node();
  first.commands["buildInfo"] = {CommandOutcome::State::ok, {}, ""};
  NodeFacts second = first;
  second.host = "db2.example.test";
  NodeFacts refused = first;
  refused.commands["buildInfo"] = {CommandOutcome::State::not_permitted, {}, "not authorized"};
  EvidencePacker packer;
  const NodeSummary one = summarize_node(first, packer);
  const NodeSummary two = summarize_node(second, packer);
  const NodeSummary three = summarize_node(refused, packer);
  EXPECT_EQ(one.commands.cbor().data(), two.commands.cbor().data());
  EXPECT_EQ(one.tls.cbor().data(), two.tls.cbor().data());
  EXPECT_NE(one.commands.cbor().data(), three.commands.cbor().data());
  EXPECT_EQ(three.commands.unpack()["authenticated"]["buildInfo"],
            (json{{"state", "not_permitted"}, {"message", "not authorized"}}));
  EXPECT_EQ(two.address, "db2.example.test:27017");
}

}  // namespace
}  // namespace node_summary_test
}  // namespace mongoscan
