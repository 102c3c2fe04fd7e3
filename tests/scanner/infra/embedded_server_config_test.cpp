// mongod configurations embedded in custom resources, ConfigMaps and Helm values (issue 36 item 4).

#include "scanner/infra/embedded_server_config.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mongoscan {
namespace embedded_server_config_test {
namespace {

std::vector<std::string> settings_of(const ServerConfigFile& file) {
  std::vector<std::string> settings;
  for (const auto& setting : file.settings)
    settings.push_back(setting.key + "=" + setting.value + "@" + std::to_string(setting.line));
  return settings;
}

TEST(EmbeddedServerConfig, ABlockOfConfigurationIsAFragmentAtItsLines) {
  const auto found = read_embedded_server_configs("cr.yaml", R"(spec:
  replsets:
    - name: rs0
      configuration: |
        security:
          javascriptEnabled: true
  mongos:
    configuration: |
      net:
        port: 27018
)");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_TRUE(found[0].fragment);
  EXPECT_EQ(found[0].line, 4);
  EXPECT_EQ(settings_of(found[0]), (std::vector<std::string>{"security.javascriptEnabled=true@6"}));
  EXPECT_EQ(settings_of(found[1]), (std::vector<std::string>{"net.port=27018@10"}));
}

TEST(EmbeddedServerConfig, ArgumentsTheOfficialImageRunsMongodWithAreACommandLine) {
  const auto found = read_embedded_server_configs("deploy.yaml", R"yaml(containers:
  - image: mongo:7.0
    args: ["--bind_ip_all"]
  - image: registry.example.net/mirror/library/mongo@sha256:0a1b
    args:
      - --noauth
  - image: mongo-express:1.0
    args: ["--bind_ip_all"]
  - image: bitnami/mongodb:7.0
    args: ["--bind_ip_all"]
  - image: mongo:7.0
    command: ["/bin/sh", "-c"]
    args: ["--bind_ip_all"]
  - image: mongo:7.0
    args: ["mongod", "--bind_ip_all"]
  - image: mongo:7.0
    args: ["--port", "$(PORT)"]
  - image: mongodb/mongodb-enterprise-server:8.0-ubi9
    env:
      - name: MONGO_INITDB_ROOT_USERNAME
      - name: MONGO_INITDB_ROOT_PASSWORD
    args: ["--replSet", "rs0"]
services:
  db:
    image: mongo
    command: --tlsMode disabled
  cache:
    image: redis
    command: --bind_ip_all
)yaml");
  ASSERT_EQ(found.size(), 5u);
  EXPECT_FALSE(found[0].fragment);
  EXPECT_TRUE(found[0].command_line);
  EXPECT_EQ(found[0].line, 3);
  EXPECT_EQ(settings_of(found[0]), (std::vector<std::string>{"net.bindIpAll=true@3"}));
  // The official entrypoint adds --bind_ip_all when no address is bound, and --auth when both
  // root variables are set; `mongod` as the first argument is the same command.
  EXPECT_EQ(settings_of(found[1]), (std::vector<std::string>{"security.authorization=disabled@6",
                                                             "net.bindIpAll=true@6"}));
  EXPECT_EQ(settings_of(found[2]), (std::vector<std::string>{"net.bindIpAll=true@15"}));
  EXPECT_EQ(settings_of(found[3]),
            (std::vector<std::string>{"replication.replSetName=rs0@22", "net.bindIpAll=true@22",
                                      "security.authorization=enabled@22"}));
  EXPECT_EQ(settings_of(found[4]),
            (std::vector<std::string>{"net.tls.mode=disabled@26", "net.bindIpAll=true@26"}));
}

TEST(EmbeddedServerConfig, ExtraFlagsAreAFragmentOfTheChartsCommandLine) {
  const auto found = read_embedded_server_configs("values.yaml", R"(extraFlags:
  - "--wiredTigerCacheSizeGB=2"
  - "--setParameter=enableLocalhostAuthBypass=true"
arbiter:
  extraFlags: []
metrics:
  extraFlags: --collect-all --compatible-mode
)");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(found[0].fragment);
  EXPECT_EQ(found[0].line, 1);
  // Options no check judges (--wiredTigerCacheSizeGB) are passed over, as on any command line.
  EXPECT_EQ(settings_of(found[0]),
            (std::vector<std::string>{"setParameter.enableLocalhostAuthBypass=true@3"}));
}

TEST(EmbeddedServerConfig, AdditionalMongodConfigAndConfigMapKeys) {
  const auto found = read_embedded_server_configs("mdb.yaml", R"(spec:
  additionalMongodConfig:
    net.wireObjectCheck: false
    setParameter:
      enableLocalhostAuthBypass: true
---
kind: ConfigMap
data:
  mongos.conf: |
    sharding:
      configDB: cfg/c1:27019
)");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(settings_of(found[0]),
            (std::vector<std::string>{"net.wireObjectCheck=false@3",
                                      "setParameter.enableLocalhostAuthBypass=true@5"}));
  EXPECT_EQ(settings_of(found[1]), (std::vector<std::string>{"sharding.configDB=cfg/c1:27019@11"}));
}

TEST(EmbeddedServerConfig, TextThatIsNoConfigurationIsNone) {
  EXPECT_TRUE(read_embedded_server_configs("values.yaml", R"(configuration: |
  This text describes the chart.
  It is no MongoDB configuration.
other: x
)")
                  .empty());
  EXPECT_TRUE(read_embedded_server_configs("values.yaml", "configuration: single line\n").empty());
  EXPECT_TRUE(read_embedded_server_configs("bad.yaml", "a: [\n").empty());
  EXPECT_FALSE(may_embed_server_config("kind: Service\nspec: {}\n"));
  EXPECT_TRUE(may_embed_server_config("  additionalMongodConfig:\n"));
}

TEST(EmbeddedServerConfig, ThePrefilterWantsAConfigKeyOrAMongoCommand) {
  for (const char* text : {"data:\n  mongod.conf: |\n", "configuration:\n", "extraFlags:\n",
                           "x: additionalMongodConfig\n", "image: mongo:7\nargs: [--auth]\n",
                           "command: [\"mongod\"]\n"}) {
    EXPECT_TRUE(may_embed_server_config(text)) << text;
  }
  for (const char* text : {"image: mongo:7\n", "args: [--verbose]\ncommand: [nginx]\n",
                           "Configuration: x\n", "config: x\nmongodb: y\n", ""}) {
    EXPECT_FALSE(may_embed_server_config(text)) << text;
  }
}

}  // namespace
}  // namespace embedded_server_config_test
}  // namespace mongoscan
