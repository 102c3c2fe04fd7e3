#include "scanner/cloud/tencentcloud/tencent_replies.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace tencent_replies_test {
namespace {

using nlohmann::json;

TEST(TencentReplies, AnInstanceDetail) {
  const auto instance = tencent_instance(
      json::parse(R"({"InstanceId": "cmgo-1", "InstanceName": "orders", "ClusterType": 1,
                      "MongoVersion": "MONGO_70_WT", "Vip": "10.0.0.2", "Vport": 27017,
                      "VpcId": "vpc-1", "Status": 2, "Tags": null})"),
      "ap-guangzhou");
  ASSERT_TRUE(instance.ok()) << instance.error().message;
  EXPECT_EQ("tencentcloud", instance.value().provider);
  EXPECT_EQ("ap-guangzhou", instance.value().region);
  EXPECT_EQ("sharded", instance.value().topology);
  EXPECT_EQ("7.0", instance.value().version);
  EXPECT_EQ("10.0.0.2", instance.value().vip);
  EXPECT_EQ(27017, instance.value().vport);
  EXPECT_FALSE(instance.value().nodes.has_value());
}

TEST(TencentReplies, VersionCodesAndClusterTypes) {
  const auto read = [](const json& changes) {
    json detail = {{"InstanceId", "cmgo-1"}, {"ClusterType", 0}};
    detail.update(changes);
    return tencent_instance(detail, "r");
  };
  EXPECT_EQ("3.6", read({{"MongoVersion", "MONGO_36_WT"}}).value().version);
  EXPECT_EQ("8.0", read({{"MongoVersion", "MONGO_80_WT"}}).value().version);
  EXPECT_EQ("", read({{"MongoVersion", "MONGO_3_WT"}}).value().version);
  EXPECT_EQ("", read({{"MongoVersion", nullptr}}).value().version);
  EXPECT_EQ("replica_set", read(json::object()).value().topology);
  EXPECT_FALSE(read({{"ClusterType", 2}}).ok());
  EXPECT_FALSE(read({{"ClusterType", -1}}).ok());
  EXPECT_FALSE(read({{"Vport", 70000}}).ok());
  EXPECT_FALSE(read({{"Vip", 10}}).ok());
  EXPECT_FALSE(tencent_instance(json{{"ClusterType", 0}}, "r").ok());
  EXPECT_FALSE(tencent_instance(json::array(), "r").ok());
}

TEST(TencentReplies, SecurityGroupRules) {
  const auto groups = tencent_instance_security_groups(json::parse(R"({"Groups": [
      {"SecurityGroupId": "sg-1", "SecurityGroupName": "db", "Inbound": [
        {"Action": "ACCEPT", "CidrIp": "0.0.0.0/0", "PortRange": "27017-27019", "IpProtocol": "TCP"},
        {"Action": "ACCEPT", "CidrIp": "", "PortRange": "27017,28017", "IpProtocol": "tcp",
         "AddressModule": "ipm-1", "Desc": "office"},
        {"Action": "DROP", "CidrIp": "0.0.0.0/0", "PortRange": "ALL", "IpProtocol": "ALL"}]}]})"));
  ASSERT_TRUE(groups.ok()) << groups.error().message;
  ASSERT_EQ(1u, groups.value().size());
  const auto& rules = groups.value()[0].inbound;
  ASSERT_EQ(3u, rules.size());
  EXPECT_EQ("tcp", rules[0].protocol);
  EXPECT_EQ((std::vector<PortRange>{{27017, 27019}}), rules[0].ports);
  EXPECT_EQ("ipm-1", rules[1].source_reference);
  EXPECT_EQ((std::vector<PortRange>{{27017, 27017}, {28017, 28017}}), rules[1].ports);
  EXPECT_FALSE(rules[2].accept);
  EXPECT_TRUE(rules[2].ports.empty());
  EXPECT_TRUE(tencent_instance_security_groups(json::object()).value().empty());
}

TEST(TencentReplies, ARuleTheApiCouldNotHaveSentIsRefusedNamingIt) {
  for (const char* bound :
       {R"({"Action": "ALLOW", "CidrIp": "1.2.3.4", "PortRange": "1"})",
        R"({"Action": "ACCEPT", "CidrIp": "", "PortRange": "27017"})",
        R"({"Action": "ACCEPT", "CidrIp": "1.2.3.4", "PortRange": "0"})",
        R"({"Action": "ACCEPT", "CidrIp": "1.2.3.4", "PortRange": "27019-27017"})",
        R"({"Action": "ACCEPT", "CidrIp": 5, "PortRange": "1"})"}) {
    SCOPED_TRACE(bound);
    const auto groups = tencent_instance_security_groups(
        json{{"Groups", {{{"SecurityGroupId", "sg-9"}, {"Inbound", {json::parse(bound)}}}}}});
    ASSERT_FALSE(groups.ok());
    EXPECT_EQ(ErrorCode::protocol, groups.error().code);
    EXPECT_EQ(0u, groups.error().message.find("tencentcloud: "));
  }
}

TEST(TencentReplies, NodesOfMongosAndEverySet) {
  const auto nodes = tencent_instance_nodes(json::parse(R"({
      "Mongos": [{"NodeName": "m0", "Address": "10.0.0.2:27017", "WanServiceAddress": "203.0.113.9:27017", "Role": "MONGOS"}],
      "ReplicateSets": [{"Nodes": [{"NodeName": "p", "Address": "10.0.0.3:27017", "Role": "PRIMARY", "Hidden": false},
                                   {"NodeName": "h", "Address": "10.0.0.4:27017", "Role": "SECONDARY", "Hidden": true,
                                    "WanServiceAddress": null}]}]})"));
  ASSERT_TRUE(nodes.ok()) << nodes.error().message;
  ASSERT_EQ(3u, nodes.value().size());
  EXPECT_EQ("203.0.113.9:27017", nodes.value()[0].public_address);
  EXPECT_EQ("", nodes.value()[2].public_address);
  EXPECT_TRUE(nodes.value()[2].hidden);
  EXPECT_FALSE(tencent_instance_nodes(json{{"Mongos", {{{"Address", "x"}}}}}).ok());
}

TEST(TencentReplies, SslStatus) {
  EXPECT_TRUE(tencent_ssl_enabled(json{{"Status", 1}}).value());
  EXPECT_FALSE(tencent_ssl_enabled(json{{"Status", 0}}).value());
  EXPECT_FALSE(tencent_ssl_enabled(json{{"Status", 2}}).ok());
  EXPECT_FALSE(tencent_ssl_enabled(json::object()).ok());
}

TEST(TencentReplies, AuditedInstancesAreThoseWhoseStatusIsOn) {
  const auto audited =
      tencent_audited_instances({json{{"InstanceId", "cmgo-1"},
                                      {"AuditStatus", "ON"},
                                      {"InstanceInfo", {{"AuditStatus", "OFF"}}}},
                                 json{{"InstanceId", "cmgo-2"}, {"AuditStatus", "OFF"}}});
  ASSERT_TRUE(audited.ok()) << audited.error().message;
  EXPECT_EQ(std::vector<std::string>{"cmgo-1"}, audited.value());  // the item's, not InstanceInfo's
  EXPECT_FALSE(tencent_audited_instances({json{{"AuditStatus", "ON"}}}).ok());
  EXPECT_FALSE(tencent_audited_instances({json::array()}).ok());
}

TEST(TencentReplies, BackupRetentionInDays) {
  EXPECT_EQ(
      7u, tencent_backup_retention_days(json{{"BackupSaveTime", 7}, {"BackupMethod", 0}}).value());
  EXPECT_FALSE(tencent_backup_retention_days(json{{"BackupMethod", 0}}).ok());
  EXPECT_FALSE(tencent_backup_retention_days(json{{"BackupSaveTime", "7"}}).ok());
}

TEST(TencentReplies, AccountsWithTheirGrants) {
  const auto accounts = tencent_accounts(json::parse(R"({"Users": [
    {"UserName": "mongouser", "AuthRole": [{"Mask": 3, "NameSpace": "*"}], "UserDesc": ""},
    {"UserName": "report", "AuthRole": [{"Mask": 1, "NameSpace": "shop"}, {"Mask": null, "NameSpace": null}]},
    {"UserName": "new", "AuthRole": null}]})"));
  ASSERT_TRUE(accounts.ok()) << accounts.error().message;
  ASSERT_EQ(3u, accounts.value().size());
  EXPECT_EQ(3, accounts.value()[0].grants[0].mask);
  EXPECT_EQ("*", accounts.value()[0].grants[0].name_space);
  EXPECT_EQ(0, accounts.value()[1].grants[1].mask);  // null: no permission
  EXPECT_TRUE(accounts.value()[2].grants.empty());
  EXPECT_TRUE(tencent_accounts(json{{"Users", nullptr}}).value().empty());
  EXPECT_FALSE(tencent_accounts(json::parse(R"({"Users": [{"AuthRole": []}]})")).ok());
  EXPECT_FALSE(
      tencent_accounts(json::parse(R"({"Users": [{"UserName": "x", "AuthRole": [{"Mask": 2}]}]})"))
          .ok());
}

}  // namespace
}  // namespace tencent_replies_test
}  // namespace mongoscan
