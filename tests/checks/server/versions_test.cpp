// VER-001 and VER-002 on facts built in memory, against the shipped release data and against
// small data sets that isolate one CVE and its condition.

#include "checks/server/versions.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace versions_test {
namespace {

using nlohmann::json;
using std::chrono::day;
using std::chrono::month;
using std::chrono::year;
using std::chrono::year_month_day;

constexpr year_month_day kScanDate{year(2026), month(11), day(23)};

CommandOutcome ok_reply(bson::Document reply) {
  return {CommandOutcome::State::ok, std::move(reply), ""};
}

CommandOutcome not_permitted(const std::string& command) {
  return {CommandOutcome::State::not_permitted,
          {{"ok", 0.0}, {"code", 13}},
          "not authorized on admin to execute command { " + command + " }"};
}

bson::Document hello(std::int64_t wire) {
  return {{"isWritablePrimary", true}, {"maxWireVersion", wire}, {"ok", 1.0}};
}

// A node that answered hello (with `wire`) and, when `version` is not empty, buildInfo.
NodeFacts node(const std::string& host, const std::string& version, std::int64_t wire = 21) {
  NodeFacts facts;
  facts.host = host;
  facts.port = 27017;
  facts.reachable = true;
  facts.hello_command = "hello";
  facts.hello = hello(wire);
  if (!version.empty()) facts.commands["buildInfo"] = ok_reply({{"version", version}, {"ok", 1.0}});
  return facts;
}

DeploymentFacts deployment(std::vector<NodeFacts> nodes) {
  DeploymentFacts facts;
  facts.redacted_uri = "mongodb://db1.test/";
  facts.nodes = std::move(nodes);
  return facts;
}

Finding ver001(std::vector<NodeFacts> nodes, year_month_day today = kScanDate) {
  return check_supported_versions(deployment(std::move(nodes)), Policy{}, today);
}

TEST(Ver001, ASupportedSeriesPasses) {
  const Finding finding = ver001({node("db1", "7.0.9")});
  EXPECT_EQ(finding.check_id, "VER-001");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.subject.name, "mongodb://db1.test/");
  EXPECT_EQ(finding.evidence["nodes"][0]["end_of_life"], "2027-08-31");
  EXPECT_EQ(finding.evidence["nodes"][0]["source"], "buildInfo");
  EXPECT_EQ(finding.evidence["scan_date"], "2026-11-23");
  EXPECT_EQ(finding.evidence["release_data_as_of"], release_data().value().as_of);
}

TEST(Ver001, ASeriesPastEndOfLifeFails) {
  const Finding finding = ver001({node("db1", "4.4.29", 9)});
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("past end of life: db1:27017 (4.4.29)"), std::string::npos);
  EXPECT_EQ(finding.evidence["nodes"][0]["status"], "end_of_life");
  EXPECT_EQ(finding.evidence["nodes"][0]["end_of_life"], "2024-02-29");
  EXPECT_EQ(finding.severity, Severity::high);
}

TEST(Ver001, TheEndOfLifeDayIsStillSupported) {
  // Judged on the shipped data months after its as_of: the series' status, not the freshness.
  const Finding last_day = ver001({node("db1", "7.0.30")}, {year(2027), month(8), day(31)});
  EXPECT_EQ(last_day.evidence["nodes"][0]["status"], "supported");
  EXPECT_NE(last_day.status, Status::fail);
  EXPECT_EQ(ver001({node("db1", "7.0.30")}, {year(2027), month(9), day(1)}).status, Status::fail);
}

TEST(Ver001, RapidAndDevelopmentReleasesAreUnsupported) {
  const Finding rapid = ver001({node("db1", "7.3.2", 24)});
  EXPECT_EQ(rapid.status, Status::fail);
  EXPECT_NE(rapid.message.find("past end of life"), std::string::npos);
  const Finding development = ver001({node("db1", "4.3.1", 9)});
  EXPECT_EQ(development.status, Status::fail);
  EXPECT_NE(development.message.find("not a supported release series"), std::string::npos);
  EXPECT_EQ(development.evidence["nodes"][0]["status"], "not_supported");
}

TEST(Ver001, ASeriesNewerThanTheDataWarns) {
  const Finding finding = ver001({node("db1", "9.1.0", 27)});
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_NE(finding.message.find("does not know"), std::string::npos);
}

TEST(Ver001, MembersOnDifferentVersionsWarn) {
  const Finding patch = ver001({node("db1", "7.0.9"), node("db2", "7.0.12")});
  EXPECT_EQ(patch.status, Status::warn);
  EXPECT_EQ(patch.message, "members run different versions: 7.0.12, 7.0.9");
  EXPECT_EQ(patch.evidence["distinct_versions"], (json{"7.0.12", "7.0.9"}));
  EXPECT_EQ(ver001({node("db1", "7.0.9"), node("db2", "8.0.4", 25)}).status, Status::warn);
  EXPECT_EQ(ver001({node("db1", "7.0.9"), node("db2", "7.0.9")}).status, Status::pass);
}

// A sharded cluster's components on two release series fail (the cluster cannot raise its
// featureCompatibilityVersion); a replica set mid-upgrade only warns (above).
TEST(Ver001, AClusterComponentOnAnotherSeriesFails) {
  std::vector<NodeFacts> nodes = {node("mongos1", "8.0.12", 25), node("cfg1", "8.0.12", 25),
                                  node("s1a", "8.0.12", 25), node("s1c", "7.0.14")};
  nodes[0].hello->append("msg", "isdbgrid");
  const Finding finding = ver001(nodes);
  EXPECT_EQ(finding.status, Status::fail) << finding.message;
  EXPECT_EQ(finding.message,
            "the cluster's components run different release series: s1c:27017 (7.0.14) beside "
            "8.0 on the other 3 nodes");
}

TEST(Ver001, AMemberPastEndOfLifeOutweighsDisagreement) {
  const Finding finding = ver001({node("db1", "7.0.9"), node("db2", "6.0.15", 17)});
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("db2:27017 (6.0.15)"), std::string::npos);
}

TEST(Ver001, WithoutBuildInfoTheWireVersionGivesTheSeriesAndEvidenceSaysSo) {
  NodeFacts anonymous = node("db1", "", 21);
  anonymous.commands["buildInfo"] = not_permitted("buildInfo");
  const Finding supported = ver001({anonymous});
  EXPECT_EQ(supported.status, Status::pass) << supported.message;
  const std::string source = supported.evidence["nodes"][0]["source"];
  EXPECT_NE(source.find("hello maxWireVersion 21"), std::string::npos);
  EXPECT_NE(source.find("buildInfo requires authentication"), std::string::npos);
  EXPECT_EQ(supported.evidence["nodes"][0]["series"], "7.0");
  EXPECT_TRUE(supported.evidence["nodes"][0]["version"].is_null());

  EXPECT_EQ(ver001({node("db1", "", 9)}).status, Status::fail);  // 4.4 by wire version
  // A wire-only 7.0 member agrees with a 7.0.9 member; a wire-only 8.0 member does not.
  EXPECT_EQ(ver001({node("db1", "7.0.9"), node("db2", "", 21)}).status, Status::pass);
  EXPECT_EQ(ver001({node("db1", "7.0.9"), node("db2", "", 25)}).status, Status::warn);
  EXPECT_EQ(ver001({node("db1", "", 30)}).status, Status::warn);  // newer than 8.0's wire
}

// A hello number may arrive as any BSON number (bson.h, Document::get_int64); 9.0 is wire 9.
TEST(Ver001, AWireVersionSentAsADoubleGivesTheSeries) {
  NodeFacts eol = node("db1", "");
  eol.hello = bson::Document{{"isWritablePrimary", true}, {"maxWireVersion", 9.0}, {"ok", 1.0}};
  const Finding finding = ver001({eol});
  EXPECT_EQ(finding.status, Status::fail) << finding.message;  // 4.4 by wire version
  EXPECT_EQ(finding.evidence["nodes"][0]["series"], "4.4");
  // Not a whole number: no series is read from it.
  eol.hello = bson::Document{{"isWritablePrimary", true}, {"maxWireVersion", 9.5}, {"ok", 1.0}};
  EXPECT_NE(ver001({eol}).evidence["nodes"][0]["series"], "4.4");
}

TEST(Ver001, UnknownVersionsAreNeverAPass) {
  NodeFacts down;
  down.host = "db2";
  down.port = 27017;
  down.errors.push_back(Error{ErrorCode::refused, "connect", "connection refused"});
  const Finding some = ver001({node("db1", "7.0.9"), down});
  EXPECT_EQ(some.status, Status::warn);
  EXPECT_NE(some.message.find("db2:27017"), std::string::npos);
  EXPECT_EQ(some.evidence["nodes"][1]["reason"], "connection refused");
  const Finding none = ver001({down});
  EXPECT_EQ(none.status, Status::error);
}

TEST(Ver001, UnusableReleaseDataIsAnError) {
  const Result<ReleaseData> broken = Error{ErrorCode::protocol, "release data", "bad"};
  const Finding finding =
      check_supported_versions(deployment({node("db1", "7.0.9")}), Policy{}, kScanDate, broken);
  EXPECT_EQ(finding.status, Status::error);
  EXPECT_NE(finding.message.find("bad"), std::string::npos);
}

TEST(Ver001, CheckVersionsUsesTodaysDate) {
  const auto findings = check_versions(deployment({node("db1", "7.0.9")}), Policy{});
  ASSERT_EQ(findings.size(), 1u);
  const std::string date = findings[0].evidence["scan_date"];
  EXPECT_EQ(date.size(), 10u);
  EXPECT_GE(date, "2026-01-01");
}

// ---- VER-002 ---------------------------------------------------------------------------------

// Release data with one 7.0 CVE: `condition` (JSON, may be null), affected 7.0.0 up to 7.0.28;
// the series' latest patch `latest` (none when empty), the data as of `as_of`.
Result<ReleaseData> one_cve(const json& condition, const std::string& severity = "critical",
                            const std::string& latest = "",
                            const std::string& as_of = "2026-11-23") {
  json cve = {{"id", "CVE-TEST-1"},
              {"title", "test"},
              {"severity", severity},
              {"cvss", {{"version", "3.1"}, {"score", 9.8}, {"vector", "CVSS:3.1/AV:N"}}},
              {"affected", {{{"series", "7.0"}, {"introduced", "7.0.0"}, {"fixed", "7.0.28"}}}},
              {"fixed_versions", {"7.0.28"}},
              {"source", "https://example.test/cve"}};
  if (!condition.is_null()) cve["condition"] = condition;
  json series = {{"series", "7.0"},
                 {"kind", "major"},
                 {"end_of_life", "2027-08-31"},
                 {"source", "https://example.test"}};
  if (!latest.empty()) {
    series["latest_patch"] = {
        {"version", latest}, {"released_by", "2026-10-01"}, {"source", "https://example.test/7.0"}};
  }
  return parse_release_data(json{{"as_of", as_of}, {"series", {series}}, {"cves", {cve}}}.dump());
}

NodeFacts with_compression(NodeFacts facts, bson::Array compressors) {
  facts.hello->append("compression", std::move(compressors));
  return facts;
}

NodeFacts with_cmd_line_opts(NodeFacts facts, bson::Document parsed) {
  facts.commands["getCmdLineOpts"] =
      ok_reply({{"argv", bson::Array{"mongod"}}, {"parsed", std::move(parsed)}, {"ok", 1.0}});
  return facts;
}

TEST(Ver002, AnUnconditionalCveInRangeFailsAtItsSeverity) {
  const Finding finding =
      check_known_cves(node("db1", "7.0.27"), Policy{}, kScanDate, one_cve(nullptr));
  EXPECT_EQ(finding.check_id, "VER-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::critical);
  EXPECT_EQ(finding.subject.name, "db1:27017");
  EXPECT_EQ(finding.evidence["applies"][0]["id"], "CVE-TEST-1");
  EXPECT_EQ(finding.evidence["applies"][0]["fixed_in_series"], "7.0.28");
  EXPECT_EQ(finding.evidence["applies"][0]["cvss"]["score"], 9.8);
  EXPECT_EQ(finding.evidence["applies"][0]["source"], "https://example.test/cve");
}

TEST(Ver002, APolicySeverityOverridesTheCves) {
  Policy policy;
  policy.severity_overrides["VER-002"] = Severity::low;
  EXPECT_EQ(check_known_cves(node("db1", "7.0.27"), policy, kScanDate, one_cve(nullptr)).severity,
            Severity::low);
}

TEST(Ver002, TheFixedVersionAndOtherSeriesPass) {
  EXPECT_EQ(check_known_cves(node("db1", "7.0.28"), Policy{}, kScanDate, one_cve(nullptr)).status,
            Status::pass);
  const Finding other =
      check_known_cves(node("db1", "6.0.27", 17), Policy{}, kScanDate, one_cve(nullptr));
  EXPECT_EQ(other.status, Status::pass);
  EXPECT_EQ(other.severity, Severity::high);  // the spec's default: no CVE applies
}

TEST(Ver002, ZlibNegotiatedInHelloMeetsTheCondition) {
  const auto data = one_cve({{"compressor", "zlib"}});
  const Finding zlib = check_known_cves(with_compression(node("db1", "7.0.9"), {"zstd", "zlib"}),
                                        Policy{}, kScanDate, data);
  EXPECT_EQ(zlib.status, Status::fail);
  EXPECT_EQ(zlib.evidence["facts"]["hello_compression"], (json{"zlib", "zstd"}));
  EXPECT_EQ(zlib.evidence["applies"][0]["condition"], (json{{"compressor", "zlib"}}));
  const Finding snappy = check_known_cves(with_compression(node("db1", "7.0.9"), {"snappy"}),
                                          Policy{}, kScanDate, data);
  EXPECT_EQ(snappy.status, Status::pass) << snappy.message;
  EXPECT_EQ(snappy.evidence["condition_not_met"][0]["id"], "CVE-TEST-1");
  // No compression field: the server enabled none of the compressors the probe offered.
  EXPECT_EQ(check_known_cves(node("db1", "7.0.9"), Policy{}, kScanDate, data).status, Status::pass);
}

TEST(Ver002, TheConfiguredOrDefaultCompressorsMeetTheCondition) {
  const auto data = one_cve({{"compressor", "zlib"}});
  NodeFacts legacy = node("db1", "7.0.9");
  legacy.hello_command = "isMaster over OP_QUERY";  // no compression was offered
  const Finding defaulted =
      check_known_cves(with_cmd_line_opts(legacy, {}), Policy{}, kScanDate, data);
  EXPECT_EQ(defaulted.status, Status::fail);
  EXPECT_EQ(
      defaulted.evidence["facts"]["net.compression.compressors"],
      (json{
          {"value", "snappy,zstd,zlib"}, {"set", false}, {"source", "default since MongoDB 4.2"}}));
  const Finding configured = check_known_cves(
      with_cmd_line_opts(
          legacy, {{"net", bson::Document{{"compression",
                                           bson::Document{{"compressors", "snappy,zstd"}}}}}}),
      Policy{}, kScanDate, data);
  EXPECT_EQ(configured.status, Status::pass) << configured.message;
  EXPECT_EQ(configured.evidence["facts"]["net.compression.compressors"]["set"], true);
}

TEST(Ver002, AConditionThatCannotBeCheckedWarnsNamingWhy) {
  NodeFacts legacy = node("db1", "7.0.9");
  legacy.hello_command = "isMaster over OP_QUERY";
  legacy.commands["getCmdLineOpts"] = not_permitted("getCmdLineOpts");
  const Finding finding =
      check_known_cves(legacy, Policy{}, kScanDate, one_cve({{"compressor", "zlib"}}, "medium"));
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_EQ(finding.severity, Severity::medium);
  const std::string why = finding.evidence["may_apply"][0]["unknown_because"];
  EXPECT_NE(why.find("getCmdLineOpts action"), std::string::npos);
}

TEST(Ver002, TlsWithoutCaFileMeetsItsCondition) {
  const auto data = one_cve({{"tls_without_ca_file", true}});
  const auto tls = [](bson::Document settings) {
    return bson::Document{{"net", bson::Document{{"tls", std::move(settings)}}}};
  };
  EXPECT_EQ(
      check_known_cves(with_cmd_line_opts(node("db1", "7.0.5"), tls({{"mode", "requireTLS"}})),
                       Policy{}, kScanDate, data)
          .status,
      Status::fail);
  EXPECT_EQ(check_known_cves(
                with_cmd_line_opts(node("db1", "7.0.5"),
                                   tls({{"mode", "requireTLS"}, {"CAFile", "/etc/ssl/ca.pem"}})),
                Policy{}, kScanDate, data)
                .status,
            Status::pass);
  EXPECT_EQ(
      check_known_cves(with_cmd_line_opts(node("db1", "7.0.5"), {}), Policy{}, kScanDate, data)
          .status,
      Status::pass);
  EXPECT_EQ(check_known_cves(node("db1", "7.0.5"), Policy{}, kScanDate, data).status, Status::warn)
      << "getCmdLineOpts never ran: the CVE may apply";
}

TEST(Ver002, ShardedClustersMeetTheShardedCondition) {
  const auto data = one_cve({{"sharded", true}});
  NodeFacts mongos = node("db1", "7.0.2");
  mongos.hello->append("msg", "isdbgrid");
  EXPECT_EQ(check_known_cves(mongos, Policy{}, kScanDate, data).status, Status::fail);
  EXPECT_EQ(check_known_cves(
                with_cmd_line_opts(node("db1", "7.0.2"),
                                   {{"sharding", bson::Document{{"clusterRole", "shardsvr"}}}}),
                Policy{}, kScanDate, data)
                .status,
            Status::fail);
  EXPECT_EQ(
      check_known_cves(with_cmd_line_opts(node("db1", "7.0.2"), {}), Policy{}, kScanDate, data)
          .status,
      Status::pass);
}

TEST(Ver002, TheNodesRoleBuildAndSettingsMeetTheirConditions) {
  NodeFacts mongos = node("db1", "7.0.2");
  mongos.hello->append("msg", "isdbgrid");
  NodeFacts member = node("db1", "7.0.2");
  member.hello->append("setName", "rs0");
  const NodeFacts standalone = with_cmd_line_opts(node("db1", "7.0.2"), {});
  const auto status = [](const NodeFacts& facts, const json& condition) {
    return check_known_cves(facts, Policy{}, kScanDate, one_cve(condition)).status;
  };
  EXPECT_EQ(status(mongos, {{"mongos", true}}), Status::fail);
  EXPECT_EQ(status(member, {{"mongos", true}}), Status::pass);
  EXPECT_EQ(status(member, {{"replica_set", true}}), Status::fail);
  EXPECT_EQ(status(standalone, {{"replica_set", true}}), Status::pass);
  EXPECT_EQ(status(standalone, {{"javascript", true}}), Status::fail) << "on by default";
  EXPECT_EQ(status(with_cmd_line_opts(node("db1", "7.0.2"),
                                      {{"security", bson::Document{{"javascriptEnabled", false}}}}),
                   {{"javascript", true}}),
            Status::pass);
  EXPECT_EQ(status(standalone, {{"setting", "net.proxyPort"}}), Status::pass);
  EXPECT_EQ(status(with_cmd_line_opts(node("db1", "7.0.2"),
                                      {{"net", bson::Document{{"proxyPort", 27020}}}}),
                   {{"setting", "net.proxyPort"}}),
            Status::fail);
  NodeFacts linux_build = node("db1", "7.0.2");
  linux_build.commands["buildInfo"] = ok_reply(
      {{"version", "7.0.2"}, {"buildEnvironment", bson::Document{{"target_os", "linux"}}}});
  EXPECT_EQ(status(linux_build, {{"platform", "windows"}}), Status::pass);
  EXPECT_EQ(status(linux_build, {{"platform", "linux"}}), Status::fail);
  EXPECT_EQ(status(member, {{"platform", "windows"}}), Status::warn) << "no target_os: unknown";
  const Finding described = check_known_cves(
      member, Policy{}, kScanDate, one_cve({{"replica_set", true}, {"described", "a rare type"}}));
  EXPECT_EQ(described.status, Status::warn);
  EXPECT_NE(
      described.evidence["may_apply"][0]["unknown_because"].get<std::string>().find("a rare type"),
      std::string::npos);
  EXPECT_EQ(status(standalone, {{"replica_set", true}, {"described", "a rare type"}}), Status::pass)
      << "a part that does not hold rules it out";
}

TEST(Ver002, WithoutBuildInfoTheCheckIsSkippedOrAnError) {
  NodeFacts anonymous = node("db1", "");
  anonymous.commands["buildInfo"] = not_permitted("buildInfo");
  const Finding skipped = check_known_cves(anonymous, Policy{}, kScanDate, one_cve(nullptr));
  EXPECT_EQ(skipped.status, Status::skipped);
  EXPECT_NE(skipped.message.find("requires authentication"), std::string::npos);
  NodeFacts unprobed = node("db1", "");
  unprobed.errors.push_back(Error{ErrorCode::timeout, "diagnostics", "timed out"});
  const Finding error = check_known_cves(unprobed, Policy{}, kScanDate, one_cve(nullptr));
  EXPECT_EQ(error.status, Status::error);
  EXPECT_NE(error.message.find("timed out"), std::string::npos);
}

TEST(Ver002, AVersionNewerThanTheDataWarns) {
  EXPECT_EQ(
      check_known_cves(node("db1", "9.9.0", 40), Policy{}, kScanDate, one_cve(nullptr)).status,
      Status::warn);
}

TEST(Ver002, TheShippedDataFindsMongoBleedOnlyWithZlib) {
  const Finding bled =
      check_known_cves(with_compression(node("db1", "8.0.16", 25), {"zlib"}), Policy{}, kScanDate);
  ASSERT_EQ(bled.status, Status::fail);
  bool mongobleed = false;
  for (const json& cve : bled.evidence["applies"]) mongobleed |= cve["id"] == "CVE-2025-14847";
  EXPECT_TRUE(mongobleed);
  EXPECT_EQ(bled.severity, Severity::high);
  const Finding patched =
      check_known_cves(with_compression(node("db1", "8.0.17", 25), {"zlib"}), Policy{}, kScanDate);
  for (const json& cve : patched.evidence["applies"]) EXPECT_NE(cve["id"], "CVE-2025-14847");
  const Finding snappy = check_known_cves(with_compression(node("db1", "8.0.16", 25), {"snappy"}),
                                          Policy{}, kScanDate);
  for (const json& cve : snappy.evidence["applies"]) EXPECT_NE(cve["id"], "CVE-2025-14847");
}

TEST(Ver002, CheckNodeVersionsGivesTheCvesAndThePatchLevel) {
  const auto findings = check_node_versions(node("db1", "8.0.17", 25), Policy{});
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].check_id, "VER-002");
  EXPECT_EQ(findings[1].check_id, "VER-003");
}

// ---- VER-003 ---------------------------------------------------------------------------------

TEST(Ver003, BehindAPatchThatFixesAListedCveFailsWhateverItsCondition) {
  // The node has no zlib: VER-002 passes, the patch is due all the same.
  const auto data = one_cve({{"compressor", "zlib"}}, "high", "7.0.30");
  const NodeFacts snappy = with_compression(node("db1", "7.0.27"), {"snappy"});
  EXPECT_EQ(check_known_cves(snappy, Policy{}, kScanDate, data).status, Status::pass);
  const Finding finding = check_patch_level(snappy, Policy{}, kScanDate, data);
  EXPECT_EQ(finding.check_id, "VER-003");
  EXPECT_EQ(finding.status, Status::fail) << finding.message;
  EXPECT_EQ(finding.severity, Severity::high);
  EXPECT_NE(finding.message.find("behind 7.0.30"), std::string::npos) << finding.message;
  EXPECT_NE(finding.message.find("CVE-TEST-1"), std::string::npos) << finding.message;
  EXPECT_EQ(finding.evidence["cves_fixed_in_later_patches"][0]["fixed_in_series"], "7.0.28");
  EXPECT_EQ(finding.evidence["latest_patch_source"], "https://example.test/7.0");
}

TEST(Ver003, BehindTheLatestPatchWithoutAListedCveWarns) {
  const auto data = one_cve(nullptr, "critical", "7.0.30");
  const Finding behind = check_patch_level(node("db1", "7.0.29"), Policy{}, kScanDate, data);
  EXPECT_EQ(behind.status, Status::warn) << behind.message;
  EXPECT_EQ(behind.severity, Severity::medium);
  EXPECT_NE(behind.message.find("out by 2026-10-01"), std::string::npos) << behind.message;
  EXPECT_EQ(check_patch_level(node("db1", "7.0.30"), Policy{}, kScanDate, data).status,
            Status::pass);
  EXPECT_EQ(check_patch_level(node("db1", "7.0.31"), Policy{}, kScanDate, data).status,
            Status::pass)
      << "newer than the data's latest patch";
}

TEST(Ver003, ASeriesWithoutALatestPatchIsSkippedAndANewerSeriesWarns) {
  const auto data = one_cve(nullptr);
  const Finding skipped = check_patch_level(node("db1", "7.0.30"), Policy{}, kScanDate, data);
  EXPECT_EQ(skipped.status, Status::skipped);
  EXPECT_NE(skipped.message.find("names no latest patch"), std::string::npos);
  EXPECT_EQ(check_patch_level(node("db1", "9.9.0", 40), Policy{}, kScanDate, data).status,
            Status::warn);
  NodeFacts anonymous = node("db1", "");
  anonymous.commands["buildInfo"] = not_permitted("buildInfo");
  EXPECT_EQ(check_patch_level(anonymous, Policy{}, kScanDate, data).status, Status::skipped);
}

TEST(Ver003, TheShippedDataNamesALatestPatchForEverySupportedSeries) {
  const ReleaseData& data = release_data().value();
  for (const ReleaseSeries& series : data.series) {
    const auto end = series.end_of_life ? parse_iso_date(*series.end_of_life) : std::nullopt;
    const bool supported = !end || *end >= *parse_iso_date(data.as_of);
    if (!supported || series.kind == "rapid") continue;
    EXPECT_TRUE(series.latest_patch.has_value()) << series.series;
  }
}

// ---- release data older than kReleaseDataFreshDays -------------------------------------------

TEST(StaleReleaseData, NoVersionCheckPassesOnDataOlderThan120Days) {
  const year_month_day fresh_day{year(2026), month(12), day(1)};  // 120 days after as_of
  const year_month_day stale_day{year(2026), month(12), day(2)};  // 121 days
  const auto data = one_cve(nullptr, "critical", "7.0.30", "2026-08-03");
  const NodeFacts patched = node("db1", "7.0.30");
  EXPECT_EQ(check_known_cves(patched, Policy{}, fresh_day, data).status, Status::pass);
  EXPECT_EQ(check_patch_level(patched, Policy{}, fresh_day, data).status, Status::pass);
  EXPECT_EQ(check_supported_versions(deployment({patched}), Policy{}, fresh_day, data).status,
            Status::pass);
  for (const Finding& finding :
       {check_known_cves(patched, Policy{}, stale_day, data),
        check_patch_level(patched, Policy{}, stale_day, data),
        check_supported_versions(deployment({patched}), Policy{}, stale_day, data)}) {
    EXPECT_EQ(finding.status, Status::warn) << finding.check_id;
    EXPECT_NE(finding.message.find("121 days before the scan"), std::string::npos)
        << finding.message;
    EXPECT_EQ(finding.evidence["release_data_age_days"], 121);
  }
  EXPECT_EQ(judge_reported_version("7.0.30", "mongoDBVersion", stale_day, data).status,
            Status::warn);
  // A failing verdict keeps failing on stale data.
  EXPECT_EQ(check_known_cves(node("db1", "7.0.27"), Policy{}, stale_day, data).status,
            Status::fail);
}

TEST(VersionsSpecs, EveryRowHasReferencesAndRemediation) {
  ASSERT_EQ(versions_specs().size(), 3u);
  for (const CheckSpec& spec : versions_specs()) {
    EXPECT_EQ(spec.layer, Layer::versions);
    EXPECT_FALSE(spec.remediation.empty());
    ASSERT_GE(spec.references.size(), 2u);
    EXPECT_EQ(spec.references[0].framework, Framework::cis);
    EXPECT_EQ(spec.references[0].id, "1.1");
    EXPECT_EQ(spec.references.back().framework, Framework::checklist);
  }
}

// ---- a version a control plane reports (ATLAS-015) ---------------------------------------

TEST(ReportedVersion, JudgedAsAMembersVersionAgainstTheSeriesAndTheCves) {
  const year_month_day before_eol{year(2026), month(11), day(29)};
  const year_month_day after_eol{year(2027), month(9), day(1)};
  const Verdict vulnerable =
      judge_reported_version("7.0.27", "mongoDBVersion", before_eol, one_cve(nullptr));
  EXPECT_EQ(vulnerable.status, Status::fail);
  EXPECT_EQ(vulnerable.evidence["cves"], json::array({"CVE-TEST-1"}));
  EXPECT_EQ(vulnerable.evidence["source"], "mongoDBVersion");
  EXPECT_EQ(judge_reported_version("7.0.28", "mongoDBVersion", before_eol, one_cve(nullptr)).status,
            Status::pass);
  const Verdict past =
      judge_reported_version("7.0.28", "mongoDBVersion", after_eol, one_cve(nullptr));
  EXPECT_EQ(past.status, Status::fail);
  EXPECT_NE(past.message.find("end of life on 2027-08-31"), std::string::npos) << past.message;
  // A CVE that needs a setting the control plane does not show may apply: warn.
  EXPECT_EQ(judge_reported_version("7.0.27", "mongoDBVersion", before_eol,
                                   one_cve({{"compressor", "zlib"}}))
                .status,
            Status::warn);
  EXPECT_EQ(judge_reported_version("9.1.0", "mongoDBVersion", before_eol, one_cve(nullptr)).status,
            Status::warn)
      << "newer than the data";
  EXPECT_EQ(judge_reported_version("", "mongoDBVersion", before_eol, one_cve(nullptr)).status,
            Status::error);
}

}  // namespace
}  // namespace versions_test
}  // namespace mongoscan
