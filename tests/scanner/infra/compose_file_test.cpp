#include "scanner/infra/compose_file.h"

#include <gtest/gtest.h>

#include "scanner/infra/infra_yaml.h"

namespace mongoscan {
namespace compose_file_test {
namespace {

TEST(ComposeFile, ShortSyntaxOnEveryInterfaceIsPublic) {
  const auto scan = read_infra_yaml("docker-compose.yml", R"(services:
  mongo:
    image: mongo:7
    ports:
      - "27017:27017"
      - "0.0.0.0:27018:27017"
      - 27019
      - "27020-27022:27020-27022/tcp"
  api:
    image: api
)");
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.endpoints.size(), 4u);
  EXPECT_EQ(scan.endpoints[0].format, "compose");
  EXPECT_EQ(scan.endpoints[0].kind, "published_port");
  EXPECT_EQ(scan.endpoints[0].resource, "services.mongo \"27017:27017\"");
  EXPECT_EQ(scan.endpoints[0].location.line, 5);
  for (const auto& endpoint : scan.endpoints) {
    EXPECT_TRUE(endpoint.public_facing) << endpoint.resource;
    EXPECT_TRUE(endpoint.source_restrictions.empty()) << endpoint.resource;
  }
  EXPECT_EQ(scan.endpoints[1].ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_EQ(scan.endpoints[2].ports, (std::vector<PortRange>{{27019, 27019}}));
  EXPECT_EQ(scan.endpoints[3].ports, (std::vector<PortRange>{{27020, 27022}}));
}

TEST(ComposeFile, LoopbackBindingIsNotPublic) {
  const auto scan = read_infra_yaml("compose.yaml", R"(services:
  mongo:
    image: mongo:7
    ports:
      - "127.0.0.1:27017:27017"
      - "[::1]:27018:27017"
      - "127.0.0.1::27017"
)");
  ASSERT_EQ(scan.endpoints.size(), 3u);
  EXPECT_EQ(scan.endpoints[0].source_restrictions, (std::vector<std::string>{"127.0.0.1"}));
  EXPECT_EQ(scan.endpoints[1].source_restrictions, (std::vector<std::string>{"::1"}));
  EXPECT_EQ(scan.endpoints[1].resource, "services.mongo \"[::1]:27018:27017\"");
  for (const auto& endpoint : scan.endpoints) {
    EXPECT_FALSE(endpoint.public_facing) << endpoint.resource;
    EXPECT_EQ(endpoint.ports, (std::vector<PortRange>{{27017, 27017}}));
  }
}

TEST(ComposeFile, LongSyntax) {
  const auto scan = read_infra_yaml("compose.yaml", R"(services:
  mongo:
    image: mongo:7
    ports:
      - target: 27017
        published: "27017"
        host_ip: 10.1.2.3
        protocol: tcp
      - target: 27017
        published: 37017
)");
  ASSERT_EQ(scan.endpoints.size(), 2u);
  EXPECT_EQ(scan.endpoints[0].resource, "services.mongo \"10.1.2.3:27017:27017\"");
  EXPECT_TRUE(scan.endpoints[0].public_facing);
  EXPECT_EQ(scan.endpoints[0].source_restrictions, (std::vector<std::string>{"10.1.2.3"}));
  EXPECT_EQ(scan.endpoints[1].ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_TRUE(scan.endpoints[1].source_restrictions.empty());
}

TEST(ComposeFile, IpV6AnyAddressAndCommentedOutEntries) {
  const auto scan = read_infra_yaml("compose.yaml", R"(services:
  mongo:
    image: mongo:7
    ports:
      # - "27017:27017"
      - "[::]:27018:27017"
      - "127.0.0.1:27019:27017"
)");
  ASSERT_EQ(scan.endpoints.size(), 2u);
  EXPECT_EQ(scan.endpoints[0].location.line, 6);
  EXPECT_TRUE(scan.endpoints[0].public_facing);
  EXPECT_TRUE(scan.endpoints[0].source_restrictions.empty()) << "[::] is every interface";
  EXPECT_FALSE(scan.endpoints[1].public_facing);
}

TEST(ComposeFile, MongoDbOnTheHostNetworkListensOnTheHostsInterfaces) {
  const auto scan = read_infra_yaml("compose.yaml", R"(services:
  mongo:
    image: docker.io/library/mongo:7.0@sha256:0123
    network_mode: host
    ports:
      - "127.0.0.1:27017:27017"
  local:
    image: mongo
    network_mode: "host"
    command: ["mongod", "--port=27020", "--bind_ip", "127.0.0.1,::1,localhost"]
  shard:
    image: bitnami/mongodb:7.0
    network_mode: host
    command: --shardsvr --replSet rs0 --bind_ip 10.0.0.5
  router:
    image: example/tools
    network_mode: host
    command: sh -c "mongos --configdb cfg/c1:27019 --bind_ip_all"
  express:
    image: mongo-express
    network_mode: host
  configured:
    image: mongo:7
    network_mode: host
    command: mongod --config /etc/mongod.conf
  bridged:
    image: mongo:7
    network_mode: bridge
)");
  ASSERT_EQ(scan.endpoints.size(), 4u);
  const NetworkEndpoint& every = scan.endpoints[0];
  EXPECT_EQ(every.format, "compose");
  EXPECT_EQ(every.kind, "host_network");
  EXPECT_EQ(every.resource, "services.mongo network_mode: host");
  EXPECT_EQ(every.location.line, 4);
  EXPECT_EQ(every.ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_TRUE(every.public_facing);
  EXPECT_TRUE(every.source_restrictions.empty())
      << "the official image binds every interface; ports are ignored on the host network";

  EXPECT_EQ(scan.endpoints[1].ports, (std::vector<PortRange>{{27020, 27020}}));
  EXPECT_FALSE(scan.endpoints[1].public_facing);
  EXPECT_EQ(scan.endpoints[1].source_restrictions,
            (std::vector<std::string>{"127.0.0.1", "::1", "localhost"}));

  EXPECT_EQ(scan.endpoints[2].ports, (std::vector<PortRange>{{27018, 27018}}));
  EXPECT_TRUE(scan.endpoints[2].public_facing);
  EXPECT_EQ(scan.endpoints[2].source_restrictions, (std::vector<std::string>{"10.0.0.5"}));

  EXPECT_EQ(scan.endpoints[3].resource, "services.router network_mode: host");
  EXPECT_EQ(scan.endpoints[3].ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_TRUE(scan.endpoints[3].source_restrictions.empty());

  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0],
            "compose.yaml:24: services.configured runs on the host's network with a config file "
            "the Compose file does not show; its port and addresses are not read");
}

TEST(ComposeFile, UnreadablePortEntryIsAProblem) {
  const auto scan = read_infra_yaml("compose.yaml", R"(services:
  mongo:
    ports:
      - "${MONGO_PORT}:27017x"
      - "27017:27017"
)");
  ASSERT_EQ(scan.endpoints.size(), 1u);
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0].rfind("compose.yaml:4: services.mongo", 0), 0u) << scan.problems[0];
}

TEST(ComposeFile, ServicesWithoutPortsExposeNothing) {
  const auto scan = read_infra_yaml("compose.yaml", R"(services:
  mongo:
    image: mongo:7
    expose: ["27017"]
)");
  EXPECT_TRUE(scan.endpoints.empty());
  EXPECT_TRUE(scan.problems.empty());
}

}  // namespace
}  // namespace compose_file_test
}  // namespace mongoscan
