#include "scanner/cloud/atlas/atlas_replies.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace atlas_replies_test {
namespace {

using nlohmann::json;

TEST(AtlasReplies, ReadsAClusterOfThe20240805Edition) {
  const json cluster = json::parse(R"({
    "name": "payments-prod", "id": "65a000000000000000000001", "clusterType": "REPLICASET",
    "mongoDBVersion": "7.0.14", "stateName": "IDLE", "paused": false,
    "encryptionAtRestProvider": "NONE", "backupEnabled": true, "pitEnabled": false,
    "advancedConfiguration": {"minimumEnabledTlsProtocol": "TLS1_0", "tlsCipherConfigMode": "DEFAULT"},
    "connectionStrings": {"standardSrv": "mongodb+srv://payments-prod.lab0001.mongodb.net",
                          "standard": "mongodb://a:27017,b:27017/?ssl=true"},
    "replicationSpecs": [{"regionConfigs": [{"providerName": "AWS", "regionName": "US_EAST_1"}]}]
  })");
  auto read = atlas_cluster(cluster);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ("payments-prod", read.value().name);
  EXPECT_EQ("REPLICASET", read.value().cluster_type);
  EXPECT_EQ("7.0.14", read.value().version);
  EXPECT_EQ("NONE", read.value().encryption_at_rest_provider);
  EXPECT_TRUE(read.value().backup_enabled);
  EXPECT_FALSE(read.value().pit_enabled);
  EXPECT_EQ("TLS1_0", read.value().minimum_tls);
  EXPECT_EQ("mongodb+srv://payments-prod.lab0001.mongodb.net", read.value().standard_srv);
  EXPECT_FALSE(read.value().process_args);  // read by its own request
}

TEST(AtlasReplies, RefusesAClusterWithoutANameOrWithAFieldOfTheWrongType) {
  EXPECT_FALSE(atlas_cluster(json{{"clusterType", "REPLICASET"}}));
  auto wrong = atlas_cluster(json{{"name", "c"}, {"backupEnabled", "yes"}});
  ASSERT_FALSE(wrong);
  EXPECT_NE(std::string::npos, wrong.error().message.find("cluster c.backupEnabled"));
  EXPECT_FALSE(atlas_cluster(json{{"name", "c"}, {"advancedConfiguration", json::array()}}));
  EXPECT_FALSE(atlas_cluster(json::array()));
}

TEST(AtlasReplies, AnAccessEntryHasExactlyOneSource) {
  auto cidr = atlas_access_entry(json{{"cidrBlock", "0.0.0.0/0"}, {"comment", "temporary"}});
  ASSERT_TRUE(cidr);
  EXPECT_EQ("0.0.0.0/0", cidr.value().cidr_block);
  EXPECT_EQ("temporary", cidr.value().comment);
  auto address = atlas_access_entry(
      json{{"ipAddress", "203.0.113.7"}, {"deleteAfterDate", "2026-12-01T00:00:00Z"}});
  ASSERT_TRUE(address);
  EXPECT_EQ("2026-12-01T00:00:00Z", address.value().delete_after);
  EXPECT_TRUE(atlas_access_entry(json{{"awsSecurityGroup", "sg-0123"}}));
  EXPECT_FALSE(atlas_access_entry(json{{"comment", "nothing"}}));
  EXPECT_FALSE(atlas_access_entry(json{{"cidrBlock", "10.0.0.0/8"}, {"ipAddress", "10.0.0.1"}}));
}

TEST(AtlasReplies, ADatabaseUsersKindIsTheTypeThatIsNotNone) {
  auto scram = atlas_database_user(json::parse(R"({
    "username": "ops-admin", "databaseName": "admin", "groupId": "x",
    "awsIAMType": "NONE", "ldapAuthType": "NONE", "oidcAuthType": "NONE", "x509Type": "NONE",
    "roles": [{"roleName": "atlasAdmin", "databaseName": "admin"}]})"));
  ASSERT_TRUE(scram) << scram.error().message;
  EXPECT_EQ("SCRAM", scram.value().kind);
  ASSERT_EQ(1u, scram.value().roles.size());
  EXPECT_EQ("atlasAdmin", scram.value().roles[0].role);
  EXPECT_TRUE(scram.value().scopes.empty());

  auto x509 = atlas_database_user(json::parse(R"({
    "username": "CN=etl", "databaseName": "$external", "x509Type": "MANAGED",
    "roles": [{"roleName": "readWrite", "databaseName": "payments", "collectionName": "ledger"}],
    "scopes": [{"name": "payments-prod", "type": "CLUSTER"}]})"));
  ASSERT_TRUE(x509);
  EXPECT_EQ("X509_MANAGED", x509.value().kind);
  EXPECT_EQ("ledger", x509.value().roles[0].collection);
  EXPECT_EQ(std::vector<std::string>{"CLUSTER:payments-prod"}, x509.value().scopes);

  EXPECT_EQ("AWS_IAM_ROLE",
            atlas_database_user(
                json{{"username", "arn"}, {"databaseName", "$external"}, {"awsIAMType", "ROLE"}})
                .value()
                .kind);
  EXPECT_FALSE(atlas_database_user(json{{"username", "u"}}));  // no databaseName
  EXPECT_FALSE(atlas_database_user(
      json{{"username", "u"}, {"databaseName", "admin"}, {"roles", json::array({{{"x", 1}}})}}));
}

TEST(AtlasReplies, ReadsCustomRolesAsTheBareListTheApiGives) {
  auto roles = atlas_custom_roles(json::parse(R"([{"roleName": "auditor",
    "actions": [{"action": "FIND", "resources": [{"db": "payments", "collection": ""}]}],
    "inheritedRoles": [{"role": "read", "db": "reports"}]}])"));
  ASSERT_TRUE(roles) << roles.error().message;
  ASSERT_EQ(1u, roles.value().size());
  EXPECT_EQ(std::vector<std::string>{"FIND"}, roles.value()[0].actions);
  EXPECT_EQ("reports", roles.value()[0].inherited[0].database);
  EXPECT_FALSE(atlas_custom_roles(json{{"results", json::array()}}));
  EXPECT_FALSE(atlas_custom_roles(json::parse(R"([{"actions": []}])")));
}

TEST(AtlasReplies, ReadsProcessArgumentsBackupAuditingAndEncryption) {
  auto arguments = atlas_process_args(
      json{{"minimumEnabledTlsProtocol", "TLS1_2"}, {"javascriptEnabled", false}});
  ASSERT_TRUE(arguments);
  EXPECT_EQ("TLS1_2", arguments.value().minimum_tls);
  EXPECT_EQ(false, arguments.value().javascript_enabled);
  EXPECT_FALSE(atlas_process_args(json::object()).value().javascript_enabled);

  auto schedule = atlas_backup_schedule(json::parse(R"({"restoreWindowDays": 2,
    "policies": [{"id": "p", "policyItems": [
      {"frequencyType": "daily", "frequencyInterval": 1, "retentionUnit": "days", "retentionValue": 7},
      {"frequencyType": "weekly", "frequencyInterval": 6, "retentionUnit": "weeks", "retentionValue": 4}]}]})"));
  ASSERT_TRUE(schedule) << schedule.error().message;
  ASSERT_EQ(2u, schedule.value().items.size());
  EXPECT_EQ("weeks", schedule.value().items[1].retention_unit);
  EXPECT_EQ(4, schedule.value().items[1].retention_value);
  EXPECT_EQ(2, schedule.value().restore_window_days);

  auto auditing = atlas_auditing(json{{"enabled", true},
                                      {"auditFilter", R"({"atype": "authenticate"})"},
                                      {"auditAuthorizationSuccess", false},
                                      {"configurationType", "FILTER_JSON"}});
  ASSERT_TRUE(auditing);
  EXPECT_TRUE(auditing.value().enabled);
  EXPECT_EQ(R"({"atype": "authenticate"})", auditing.value().filter);
  EXPECT_FALSE(atlas_auditing(json{{"auditFilter", json::object()}}));  // a string in the API

  auto encryption =
      atlas_encryption_at_rest(json{{"awsKms", {{"enabled", true}, {"region", "US_EAST_1"}}},
                                    {"azureKeyVault", {{"enabled", false}}}});
  ASSERT_TRUE(encryption);
  EXPECT_TRUE(encryption.value().aws_kms);
  EXPECT_FALSE(encryption.value().azure_key_vault);
  EXPECT_FALSE(encryption.value().google_cloud_kms);
}

TEST(AtlasReplies, ReadsOrganisationSettingsAndTheirAbsence) {
  auto settings = atlas_organization_settings(json{{"multiFactorAuthRequired", true},
                                                   {"apiAccessListRequired", false},
                                                   {"securityContact", "sec@example.org"},
                                                   {"maxServiceAccountSecretValidityInHours", 8}});
  ASSERT_TRUE(settings);
  EXPECT_TRUE(settings.value().multi_factor_auth_required);
  EXPECT_EQ(8, settings.value().max_service_account_secret_validity_hours);
  auto bare = atlas_organization_settings(json::object());
  ASSERT_TRUE(bare);
  EXPECT_FALSE(bare.value().max_service_account_secret_validity_hours);
  EXPECT_FALSE(atlas_organization_settings(json{{"multiFactorAuthRequired", "true"}}));
}

TEST(AtlasReplies, ReadsUserSecurityWithoutItsBindPassword) {
  auto security = atlas_user_security(json::parse(R"({
    "ldap": {"authenticationEnabled": true, "authorizationEnabled": false,
             "hostname": "ldap.internal", "port": 636, "bindUsername": "cn=svc",
             "bindPassword": "not-read"},
    "customerX509": {"cas": "-----BEGIN CERTIFICATE-----"}})"));
  ASSERT_TRUE(security);
  EXPECT_TRUE(security.value().ldap_authentication);
  EXPECT_EQ("ldap.internal", security.value().ldap_hostname);
  EXPECT_TRUE(security.value().customer_x509);
}

TEST(AtlasReplies, AProjectNeedsItsId) {
  auto project = atlas_project(json{{"id", "65a000000000000000000010"},
                                    {"name", "payments"},
                                    {"orgId", "65a000000000000000000100"},
                                    {"clusterCount", 2}});
  ASSERT_TRUE(project);
  EXPECT_EQ("65a000000000000000000100", project.value().org_id);
  EXPECT_FALSE(atlas_project(json{{"name", "payments"}}));
  EXPECT_FALSE(atlas_organization(json{{"name", "x"}}));
}

}  // namespace
}  // namespace atlas_replies_test
}  // namespace mongoscan
