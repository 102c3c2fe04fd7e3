#include "scanner/facts/node_facts.h"

#include <gtest/gtest.h>

#include "scanner/uri/uri.h"

namespace mongoscan {
namespace node_facts_test {
namespace {

NodeFacts at(std::string host, std::uint16_t port) {
  NodeFacts facts;
  facts.host = std::move(host);
  facts.port = port;
  return facts;
}

TEST(NodeFacts, AddressIsSpelledAsConnectionStringsSpellIt) {
  for (const char* uri : {"mongodb://db1.example.com:27018", "mongodb://10.0.0.5:27017",
                          "mongodb://[::1]:27019", "mongodb://[fe80::1]:27017"}) {
    const HostAddress host = parse_connection_string(uri).value().hosts.front();
    EXPECT_EQ(at(host.host, *host.port).address(), host.address()) << uri;
  }
  EXPECT_EQ(at("cluster.example.com", 0).address(), "cluster.example.com")
      << "an SRV name that never resolved has no port";
}

TEST(NodeFacts, OriginNames) {
  EXPECT_EQ(to_string(NodeOrigin::seed), "seed");
  EXPECT_EQ(to_string(NodeOrigin::hello), "hello");
  EXPECT_EQ(to_string(NodeOrigin::replica_set_status), "replSetGetStatus");
}

}  // namespace
}  // namespace node_facts_test
}  // namespace mongoscan
