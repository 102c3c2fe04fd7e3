#include "checks/server/server_settings.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace server_settings_test {
namespace {

using nlohmann::json;

bson::Document cmd_line_opts(bson::Document parsed) {
  return {{"argv", bson::Array{"mongod"}}, {"parsed", std::move(parsed)}, {"ok", 1.0}};
}

TEST(ServerSetting, AConfiguredValueIsSet) {
  const auto opts =
      cmd_line_opts({{"net", bson::Document{{"bindIp", "0.0.0.0"}, {"port", 27018}}}});
  const ServerSetting bind = server_setting(opts, "7.0.9", "net.bindIp");
  EXPECT_EQ(bind.value, "0.0.0.0");
  EXPECT_TRUE(bind.set);
  EXPECT_EQ(bind.source, "getCmdLineOpts parsed.net.bindIp");
  EXPECT_EQ(server_setting(opts, "7.0.9", "net.port").value, 27018);
  EXPECT_EQ(
      bind.evidence(),
      (json{{"value", "0.0.0.0"}, {"set", true}, {"source", "getCmdLineOpts parsed.net.bindIp"}}));
}

TEST(ServerSetting, AnAbsentValueIsTheVersionsDefault) {
  const auto opts = cmd_line_opts({});
  const ServerSetting modern = server_setting(opts, "7.0.9", "net.bindIp");
  EXPECT_EQ(modern.value, "localhost");
  EXPECT_FALSE(modern.set);
  EXPECT_EQ(modern.source, "default since MongoDB 3.6");
  EXPECT_EQ(server_setting(opts, "3.4.24", "net.bindIp").value, "0.0.0.0");
  EXPECT_EQ(server_setting(opts, "3.6.0", "net.bindIp").value, "localhost");
  EXPECT_EQ(server_setting(opts, "4.0.28", "net.compression.compressors").value, "snappy");
  EXPECT_EQ(server_setting(opts, "8.0.4", "net.compression.compressors").value, "snappy,zstd,zlib");
  const ServerSetting javascript = server_setting(opts, "6.0.1", "security.javascriptEnabled");
  EXPECT_EQ(javascript.value, true);
  EXPECT_EQ(javascript.source, "default");
  const ServerSetting ca_file = server_setting(opts, "7.0.9", "net.tls.CAFile");
  EXPECT_TRUE(ca_file.value.is_null());
  EXPECT_EQ(ca_file.source, "default");
  EXPECT_EQ(server_setting(opts, "7.0.9", "setParameter.tlsUseSystemCA").value, false);
}

// net.tls.disabledProtocols: TLS 1.0 off by default from 4.0 (manual; jstests/ssl "Make sure
// MongoD starts with TLS 1.0 disabled"). net.maxIncomingConnections: DEFAULT_MAX_CONN = 1000000
// (src/mongo/db/server_options.h), not 65536.
TEST(ServerSetting, TlsProtocolAndConnectionDefaultsFollowTheServer) {
  const auto opts = cmd_line_opts({});
  EXPECT_TRUE(server_setting(opts, "3.6.23", "net.tls.disabledProtocols").value.is_null());
  EXPECT_EQ(server_setting(opts, "4.0.0", "net.tls.disabledProtocols").value, "TLS1_0");
  EXPECT_EQ(server_setting(opts, "8.0.4", "net.tls.disabledProtocols").value, "TLS1_0");
  EXPECT_EQ(server_setting(opts, "7.0.9", "net.maxIncomingConnections").value, 1000000);
  EXPECT_EQ(server_setting(opts, "7.0.9", "security.transitionToAuth").value, false);
}

// server_options_base.idl: systemLog.quiet and systemLog.logAppend are Switches (off unless
// given), no verbosity option means level 0; net.wireObjectCheck "(DEFAULT)" true; net.tls.FIPSMode
// a Switch; no auditLog.filter means every event.
TEST(ServerSetting, LoggingAndFipsDefaults) {
  const auto opts = cmd_line_opts({});
  EXPECT_EQ(server_setting(opts, "8.0.4", "systemLog.logAppend").value, false);
  EXPECT_EQ(server_setting(opts, "8.0.4", "systemLog.quiet").value, false);
  EXPECT_EQ(server_setting(opts, "8.0.4", "systemLog.verbosity").value, 0);
  EXPECT_EQ(server_setting(opts, "4.4.0", "net.wireObjectCheck").value, true);
  EXPECT_EQ(server_setting(opts, "7.0.9", "net.tls.FIPSMode").value, false);
  EXPECT_TRUE(server_setting(opts, "7.0.9", "auditLog.filter").value.is_null());
}

TEST(ServerSetting, UnknownVersionKeepsOnlyDefaultsEveryVersionShares) {
  const auto opts = cmd_line_opts({});
  EXPECT_EQ(server_setting(opts, "", "security.javascriptEnabled").value, true);
  EXPECT_TRUE(server_setting(opts, "", "net.bindIp").value.is_null());
  EXPECT_TRUE(server_setting(opts, "7.0.9", "no.such.option").value.is_null());
}

// A config file as mongod's options parser reads it: "true"/"false" and numbers typed, setParameter
// values kept as strings, a sequence as an array; unset settings at the defaults of 4.2 and later.
TEST(ServerSettings, AConfigFileIsReadAsMongodTypesIt) {
  const ServerConfigFile file{"mongod.conf",
                              {{"net.port", "27018", 2},
                               {"net.bindIp", "10.0.0.5", 3},
                               {"security.javascriptEnabled", "false", 5},
                               {"setParameter.enableLocalhostAuthBypass", "false", 7},
                               {"net.compression.compressors", "zstd", 9},
                               {"net.compression.compressors", "snappy", 10}}};
  const ServerSettings settings(file);
  EXPECT_EQ(settings["net.port"].value, 27018);
  EXPECT_EQ(settings["net.port"].source, "line 2");
  EXPECT_TRUE(settings["net.port"].set);
  EXPECT_EQ(settings["security.javascriptEnabled"].value, false);
  EXPECT_EQ(settings["setParameter.enableLocalhostAuthBypass"].value, "false");
  EXPECT_EQ(settings["net.compression.compressors"].value, (json{"zstd", "snappy"}));
  EXPECT_EQ(settings["net.compression.compressors"].source, "line 9");
  const ServerSetting tls = settings["net.tls.mode"];
  EXPECT_FALSE(tls.set);
  EXPECT_EQ(tls.value, "disabled");
  EXPECT_EQ(settings["net.bindIpAll"].value, false);
  EXPECT_TRUE(settings.has_section("net"));
  EXPECT_FALSE(settings.has_section("replication"));
  EXPECT_FALSE(settings.has_section("ne"));
  EXPECT_EQ(settings.file_subject({"net.tls.mode", "net.bindIp"}).line, 3);
  EXPECT_EQ(settings.file_subject({"net.tls.mode"}).line, 1);
  EXPECT_EQ(settings.file_subject({"net.tls.mode"}).name, "mongod.conf");
  // A file names no version: bindIp has two defaults, and the file's is the one since 3.6.
  const ServerConfigFile bare{"mongod.conf", {{"storage.dbPath", "/data", 2}}};
  EXPECT_EQ(ServerSettings(bare)["net.bindIp"].value, "localhost");
}

TEST(ServerSettings, ANodesSettingsAreItsGetCmdLineOpts) {
  const auto opts = cmd_line_opts({{"replication", bson::Document{{"replSetName", "rs0"}}}});
  const ServerSettings settings(opts, "7.0.9");
  EXPECT_EQ(settings["replication.replSetName"].value, "rs0");
  EXPECT_EQ(settings["net.bindIp"].source, "default since MongoDB 3.6");
  EXPECT_TRUE(settings.has_section("replication"));
  EXPECT_FALSE(settings.has_section("sharding"));
}

TEST(CompareVersions, ComparesNumericallyIgnoringSuffixes) {
  EXPECT_EQ(compare_versions("7.0.9", "7.0.10"), -1);
  EXPECT_EQ(compare_versions("10.0.0", "9.9.9"), 1);
  EXPECT_EQ(compare_versions("3.6", "3.6.0"), 0);
  EXPECT_EQ(compare_versions("8.0.0-rc1", "8.0.0"), 0);
  EXPECT_EQ(compare_versions("0", "2.6.12"), -1);
}

}  // namespace
}  // namespace server_settings_test
}  // namespace mongoscan
