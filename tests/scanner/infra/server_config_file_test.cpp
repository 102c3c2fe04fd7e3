#include "scanner/infra/server_config_file.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace server_config_file_test {
namespace {

std::vector<std::string> keys_and_values(const ServerConfigFile& file) {
  std::vector<std::string> result;
  for (const auto& setting : file.settings) {
    result.push_back(setting.key + "=" + setting.value + "@" + std::to_string(setting.line));
  }
  return result;
}

TEST(ServerConfigFile, SettingsFlattenedToDottedKeysWithLines) {
  const auto file = read_server_config("etc/mongod.conf", R"(# mongod.conf
storage:
  dbPath: /var/lib/mongodb
systemLog:
  destination: file
  path: "/var/log/mongodb/mongod.log"
net:
  port: 27017
  bindIp: 0.0.0.0
  tls:
    mode: disabled
security:
  authorization: disabled
  javascriptEnabled: true
setParameter:
  enableLocalhostAuthBypass: true
  authenticationMechanisms: SCRAM-SHA-256
)");
  ASSERT_TRUE(file);
  EXPECT_EQ(file->path, "etc/mongod.conf");
  EXPECT_EQ(
      keys_and_values(*file),
      (std::vector<std::string>{
          "storage.dbPath=/var/lib/mongodb@3", "systemLog.destination=file@5",
          "systemLog.path=/var/log/mongodb/mongod.log@6", "net.port=27017@8",
          "net.bindIp=0.0.0.0@9", "net.tls.mode=disabled@11", "security.authorization=disabled@13",
          "security.javascriptEnabled=true@14", "setParameter.enableLocalhostAuthBypass=true@16",
          "setParameter.authenticationMechanisms=SCRAM-SHA-256@17"}));
}

TEST(ServerConfigFile, SequencesGiveOneSettingPerElement) {
  const auto file = read_server_config("mongos.conf", R"(sharding:
  configDB: cfg/c1:27019,c2:27019
net: {bindIpAll: true}
security:
  clusterIpSourceAllowlist:
    - 10.0.0.0/8
    - 192.168.0.0/16
)");
  ASSERT_TRUE(file);
  EXPECT_EQ(
      keys_and_values(*file),
      (std::vector<std::string>{"sharding.configDB=cfg/c1:27019,c2:27019@2", "net.bindIpAll=true@3",
                                "security.clusterIpSourceAllowlist=10.0.0.0/8@6",
                                "security.clusterIpSourceAllowlist=192.168.0.0/16@7"}));
}

TEST(ServerConfigFile, CommentedOutSettingsAreNoSettings) {
  const auto file = read_server_config("mongod.conf", R"(net:
  port: 27017
  # bindIp: 0.0.0.0
  bindIp: 127.0.0.1,::1  # loopback only
  ipv6: true
#security:
#  authorization: disabled
storage:
  dbPath: /data/db
)");
  ASSERT_TRUE(file);
  EXPECT_EQ(keys_and_values(*file),
            (std::vector<std::string>{"net.port=27017@2", "net.bindIp=127.0.0.1,::1@4",
                                      "net.ipv6=true@5", "storage.dbPath=/data/db@9"}));
}

// Issue 36 item 4: a config file is one by its sections, whichever it has, as long as one holds
// an option of its own.
TEST(ServerConfigFile, AnySectionHoldingItsOwnOptionMakesAConfigFile) {
  for (std::string_view text :
       {"security:\n  authorization: disabled\n", "setParameter:\n  enableLocalhostAuthBypass: 1\n",
        "auditLog:\n  destination: console\n", "operationProfiling:\n  mode: all\n",
        "net:\n  port: 27017\nprocessManagement:\n  fork: true\n",
        "storage:\n  journal:\n    enabled: true\n"}) {
    EXPECT_TRUE(read_server_config("mongod.conf", text)) << text;
  }
  for (std::string_view text :
       {"security:\n  enabled: true\n", "storage:\n  size: 10Gi\n  className: gp3\n",
        "setParameter: {}\n", "net:\n  mtu: 1500\n"}) {
    EXPECT_FALSE(read_server_config("values.yaml", text)) << text;
  }
}

TEST(ServerConfigFile, OtherFilesAreNotServerConfigs) {
  for (std::string_view text :
       {"", "net: [\n", "key = value\n", "- net\n- security\n",
        "version: 0.1\nstorage:\n  filesystem:\n    rootdirectory: /var/lib/registry\nhttp:\n"
        "  addr: :5000\n",
        "apiVersion: v1\nkind: ConfigMap\ndata:\n  net: x\n", "storage: local\n",
        "net:\n  bindIp: 0.0.0.0\n---\nnet:\n  port: 1\n",
        "spring:\n  data:\n    mongodb:\n      uri: mongodb://localhost\n",
        // An OpenAPI specification's security: is no config section's (issue 36 item 5).
        "openapi: 3.0.1\nsecurity:\n  - DigestAuth: []\n",
        "security:\n  authorization: enabled\nopenapi: 3.0.1\n"}) {
    EXPECT_FALSE(read_server_config("app.conf", text)) << text;
  }
}

}  // namespace
}  // namespace server_config_file_test
}  // namespace mongoscan
