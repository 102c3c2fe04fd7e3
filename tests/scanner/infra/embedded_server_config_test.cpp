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

}  // namespace
}  // namespace embedded_server_config_test
}  // namespace mongoscan
