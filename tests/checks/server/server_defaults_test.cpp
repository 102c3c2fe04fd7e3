#include "checks/server/server_defaults.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "checks/server/server_settings.h"
#include "scanner/bson/bson.h"

namespace mongoscan {
namespace server_defaults_test {
namespace {

using nlohmann::json;

const ServerDefaults& shipped() {
  static const ServerDefaults table = [] {
    auto parsed = parse_server_defaults(kServerDefaultsJson);
    EXPECT_TRUE(parsed.ok()) << parsed.error().message;
    return parsed ? parsed.value() : ServerDefaults{};
  }();
  return table;
}

std::string table_file_text() {
  std::ifstream file(std::string(MONGOSCAN_SOURCE_DIR) + "/checks/data/server-defaults.json");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// One entry's JSON with `changes` applied, in a table of its own.
std::string table_with(const json& changes) {
  json entry = {{"setting", "net.port"},
                {"since", "0"},
                {"value", 27017},
                {"source", "src/mongo/db/server_options.h"},
                {"read_at", "r7.0.0"}};
  entry.update(changes);
  for (auto it = changes.begin(); it != changes.end(); ++it)
    if (it->is_null() && it.key() != "value") entry.erase(it.key());
  return json{{"as_of", "2026-11-29"}, {"defaults", json::array({entry})}}.dump();
}

// The checks and the lab read one file: the binary's copy is the file the lab opens.
TEST(ServerDefaults, TheCompiledTableIsTheFileTheLabReads) {
  EXPECT_EQ(table_file_text(), std::string(kServerDefaultsJson));
  EXPECT_FALSE(shipped().entries.empty());
  EXPECT_EQ(&server_defaults(), &server_defaults());
  EXPECT_EQ(server_defaults().entries.size(), shipped().entries.size());
}

TEST(ServerDefaults, EveryEntryNamesItsSourceAndWhereItWasReadAt) {
  int from_the_source = 0;
  for (const ServerDefault& entry : shipped().entries) {
    SCOPED_TRACE(entry.setting + " since " + entry.since);
    if (entry.source.starts_with("https://www.mongodb.com/docs/")) {
      EXPECT_TRUE(entry.read_at.empty());
    } else {
      EXPECT_TRUE(entry.source.starts_with("src/mongo/")) << entry.source;
      EXPECT_FALSE(entry.read_at.empty());
      ++from_the_source;
    }
  }
  // Only Enterprise settings and tlsUseSystemCA cite the manual instead.
  EXPECT_GE(from_the_source, static_cast<int>(shipped().entries.size()) - 8);
}

TEST(ServerDefaults, ValuesFollowTheVersion) {
  const ServerDefaults& table = shipped();
  EXPECT_EQ(json("0.0.0.0"), table.value("net.bindIp", "3.4.24"));
  EXPECT_EQ(json("localhost"), table.value("net.bindIp", "3.6.0"));
  EXPECT_EQ(json("localhost"), table.value("net.bindIp", "8.0.12"));
  EXPECT_EQ(json("snappy"), table.value("net.compression.compressors", "4.0.28"));
  EXPECT_EQ(json("snappy,zstd,zlib"), table.value("net.compression.compressors", "4.2.0"));
  EXPECT_TRUE(table.value("setParameter.ocspEnabled", "4.2.24").is_null());
  EXPECT_EQ(json(true), table.value("setParameter.ocspEnabled", "4.4.0"));
  EXPECT_EQ(json::array({"MONGODB-X509", "SCRAM-SHA-1", "SCRAM-SHA-256"}),
            table.value("setParameter.authenticationMechanisms", "7.0.9"));
  // With no version, only a setting the table gives one value for every version has a default.
  EXPECT_EQ(nullptr, table.find("net.bindIp", ""));
  EXPECT_EQ(json(false), table.value("net.bindIpAll", ""));
}

TEST(ServerDefaults, AConditionalEntryReplacesTheUnconditionalOne) {
  const ServerDefaults& table = shipped();
  EXPECT_EQ(json(27017), table.find("net.port", "7.0.9")->value);
  EXPECT_EQ(json(27019),
            table.find("net.port", "7.0.9", {{"sharding.clusterRole", "configsvr"}})->value);
  EXPECT_EQ(json(27018),
            table.find("net.port", "7.0.9", {{"sharding.clusterRole", "shardsvr"}})->value);
  EXPECT_EQ(json(27017),
            table.find("net.port", "7.0.9", {{"sharding.clusterRole", "other"}})->value);
}

// A config file is judged at 4.2's defaults (server_settings.cpp): that holds only while every
// default 4.2 has keeps its value in every later version the table lists.
TEST(ServerDefaults, WhatAConfigFileIsJudgedAtHoldsInEveryLaterVersion) {
  const ServerDefaults& table = shipped();
  std::set<std::string> settings;
  std::set<std::string> later_versions = {"7.0.9", "8.0.12"};
  for (const ServerDefault& entry : table.entries) {
    settings.insert(entry.setting);
    if (entry.since != "0" && compare_versions(entry.since, "4.2") > 0)
      later_versions.insert(entry.since);
  }
  for (const std::string& setting : settings) {
    const ServerDefault* at_42 = table.find(setting, "4.2");
    if (at_42 == nullptr) continue;
    for (const std::string& version : later_versions) {
      const ServerDefault* later = table.find(setting, version);
      ASSERT_NE(nullptr, later) << setting << " has no default at " << version;
      EXPECT_EQ(at_42->value, later->value) << setting << " changes at " << version;
    }
  }
}

// An unset option reads as the table's default, through the settings the checks use.
TEST(ServerDefaults, ChecksReadUnsetSettingsFromTheTable) {
  const bson::Document nothing_set;
  for (const ServerDefault& entry : shipped().entries) {
    if (!entry.when.empty()) continue;
    const std::string version = entry.since == "0" ? "3.4.24" : entry.since + ".0";
    SCOPED_TRACE(entry.setting + " at " + version);
    const ServerSetting setting = server_setting(nothing_set, version, entry.setting);
    EXPECT_FALSE(setting.set);
    EXPECT_EQ(shipped().find(entry.setting, version)->value, setting.value);
  }
  const bson::Document config_server = {
      {"parsed", bson::Document{{"sharding", bson::Document{{"clusterRole", "configsvr"}}}}},
      {"ok", 1.0}};
  const ServerSetting port = server_setting(config_server, "7.0.9", "net.port");
  EXPECT_EQ(json(27019), port.value);
  EXPECT_EQ("default for sharding.clusterRole configsvr", port.source);
}

TEST(ServerDefaults, AMalformedTableIsRefusedNamingTheEntry) {
  EXPECT_TRUE(parse_server_defaults(table_with(json::object())).ok());
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"source", nullptr}}, "'source'"},
      {{{"source", "https://example.org/defaults"}}, "src/mongo/"},
      {{{"source", "https://www.mongodb.com/docs/manual/reference/parameters/"}}, "'note'"},
      {{{"read_at", "master"}}, "release tag"},
      {{{"read_at", nullptr}}, "'read_at'"},
      {{{"since", "7"}}, "'since'"},
      {{{"value", nullptr}}, ""},  // null is a value: "no default"
      {{{"when", "configsvr"}}, "'when'"},
      {{{"enterprise", "yes"}}, "'enterprise'"},
  };
  for (const auto& [changes, expected] : cases) {
    SCOPED_TRACE(changes.dump());
    const auto parsed = parse_server_defaults(table_with(changes));
    if (expected.empty()) {
      EXPECT_TRUE(parsed.ok());
      continue;
    }
    ASSERT_FALSE(parsed.ok());
    EXPECT_NE(std::string::npos, parsed.error().message.find("defaults[0] (net.port)"));
    EXPECT_NE(std::string::npos, parsed.error().message.find(expected)) << parsed.error().message;
  }
  EXPECT_FALSE(parse_server_defaults("[]").ok());
  EXPECT_FALSE(parse_server_defaults("{\"as_of\": \"2026-11-29\"}").ok());
}

TEST(ServerDefaults, ASecondValueForTheSameVersionOrAConditionOnADefaultedSettingIsRefused) {
  json table = json::parse(table_with(json::object()));
  table["defaults"].push_back(table["defaults"][0]);
  auto parsed = parse_server_defaults(table.dump());
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(std::string::npos, parsed.error().message.find("a second value since 0"));

  table["defaults"][1]["setting"] = "net.bindIpAll";
  table["defaults"][1]["when"] = {{"net.port", 27019}};
  parsed = parse_server_defaults(table.dump());
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(std::string::npos, parsed.error().message.find("has a default itself"))
      << parsed.error().message;
}

}  // namespace
}  // namespace server_defaults_test
}  // namespace mongoscan
