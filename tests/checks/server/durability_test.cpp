// HARD-010, HARD-012 and HARD-013 on NodeFacts built by hand, and HARD-010 on a config file.

#include "checks/server/durability.h"

#include <gtest/gtest.h>

#include "tests/checks/node_facts_fixture.h"
#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace durability_test {
namespace {

using check_test::answered;
using check_test::cmd_line_opts;
using check_test::finding_for;
using check_test::reachable_node;
using check_test::refused;

Finding judge(const NodeFacts& facts, std::string_view id) {
  return finding_for(check_durability(facts, Policy{}), id);
}

NodeFacts configured(std::string version, bson::Document parsed) {
  NodeFacts facts = reachable_node(std::move(version));
  facts.commands["getCmdLineOpts"] = cmd_line_opts(std::move(parsed));
  return facts;
}

TEST(Journaling, OffBefore61Fails) {
  const Finding finding = judge(
      configured("6.0.14",
                 {{"storage", bson::Document{{"journal", bson::Document{{"enabled", false}}}}}}),
      "HARD-010");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["storage.journal.enabled"]["set"], true);
}

TEST(Journaling, DefaultBefore61PassesSayingSo) {
  const Finding finding = judge(configured("5.0.26", {}), "HARD-010");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_NE(finding.message.find("(the default)"), std::string::npos);
}

TEST(Journaling, From61AndOnMongosAndInMemoryItIsNotApplicable) {
  EXPECT_EQ(judge(configured("6.1.0", {}), "HARD-010").status, Status::skipped);
  const Finding modern = judge(configured("8.0.4", {}), "HARD-010");
  EXPECT_NE(modern.message.find("removed in 6.1"), std::string::npos);
  NodeFacts mongos = configured("5.0.26", {});
  mongos.hello->append("msg", "isdbgrid");
  EXPECT_EQ(judge(mongos, "HARD-010").status, Status::skipped);
  EXPECT_EQ(
      judge(configured("5.0.26", {{"storage", bson::Document{{"engine", "inMemory"}}}}), "HARD-010")
          .status,
      Status::skipped);
}

TEST(Journaling, WithoutConfigurationOrVersionItIsNotPassed) {
  NodeFacts facts = reachable_node("5.0.26");
  facts.commands["getCmdLineOpts"] = refused();
  EXPECT_EQ(judge(facts, "HARD-010").status, Status::skipped);
  NodeFacts unknown = configured("5.0.26", {});
  unknown.commands.erase("buildInfo");
  EXPECT_EQ(judge(unknown, "HARD-010").status, Status::skipped);
}

TEST(Journaling, ConfigFileTurningItOffFailsAtItsLine) {
  ServerConfigFile file{"/etc/mongod.conf",
                        {{"storage.dbPath", "/data", 2}, {"storage.journal.enabled", "false", 4}}};
  const auto findings = check_durability(file, Policy{});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].check_id, "HARD-010");
  EXPECT_EQ(findings[0].status, Status::fail);
  EXPECT_EQ(findings[0].subject.line, 4);
  ServerConfigFile clean{"/etc/mongod.conf", {{"storage.dbPath", "/data", 2}}};
  EXPECT_EQ(check_durability(clean, Policy{})[0].status, Status::pass);
}

// A replica-set member whose getDefaultRWConcern answered `reply`.
NodeFacts member_with_defaults(bson::Document reply, std::string version = "7.0.12") {
  NodeFacts facts = reachable_node(std::move(version), "rs0");
  facts.commands["getDefaultRWConcern"] = answered(std::move(reply));
  return facts;
}

bson::Document defaults(bson::Value w, std::string source) {
  return {{"defaultReadConcern", bson::Document{{"level", "local"}}},
          {"defaultWriteConcern", bson::Document{{"w", std::move(w)}, {"wtimeout", 0}}},
          {"defaultWriteConcernSource", std::move(source)},
          {"defaultReadConcernSource", "implicit"},
          {"ok", 1.0}};
}

TEST(DefaultWriteConcern, MajorityPasses) {
  const Finding finding = judge(member_with_defaults(defaults("majority", "implicit")), "HARD-012");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.evidence["defaultWriteConcern"]["w"], "majority");
  EXPECT_EQ(finding.evidence["defaultWriteConcernSource"], "implicit");
}

TEST(DefaultWriteConcern, W1FailsAndNamesThePsaImplicitDefault) {
  NodeFacts psa = member_with_defaults(defaults(std::int32_t{1}, "implicit"));
  psa.hello->append("arbiters", bson::Array{"10.0.0.7:27017"});
  const Finding finding = judge(psa, "HARD-012");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("primary-secondary-arbiter"), std::string::npos);
  const Finding global =
      judge(member_with_defaults(defaults(std::int32_t{1}, "global")), "HARD-012");
  EXPECT_EQ(global.status, Status::fail);
  EXPECT_EQ(global.message.find("primary-secondary-arbiter"), std::string::npos);
}

TEST(DefaultWriteConcern, A44SetWithoutDefaultsFails) {
  const Finding finding =
      judge(member_with_defaults(bson::Document{{"ok", 1.0}}, "4.4.29"), "HARD-012");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(finding.evidence["defaultWriteConcern"].is_null());
}

TEST(DefaultWriteConcern, AFixedCountOrTagWarnsAndJFalseFails) {
  EXPECT_EQ(judge(member_with_defaults(defaults(std::int32_t{2}, "global")), "HARD-012").status,
            Status::warn);
  bson::Document no_journal = defaults("majority", "global");
  no_journal = {{"defaultWriteConcern", bson::Document{{"w", "majority"}, {"j", false}}},
                {"ok", 1.0}};
  EXPECT_EQ(judge(member_with_defaults(no_journal), "HARD-012").status, Status::fail);
}

TEST(DefaultWriteConcern, NotApplicableWhereNoClusterWideDefaultExists) {
  const Finding standalone = judge(reachable_node("7.0.12"), "HARD-012");
  EXPECT_EQ(standalone.status, Status::skipped);
  EXPECT_NE(standalone.message.find("standalone"), std::string::npos);
  EXPECT_EQ(judge(reachable_node("4.2.25", "rs0"), "HARD-012").status, Status::skipped);
  // A shard member before 5.0: its hello reports no implicit default.
  NodeFacts shard = reachable_node("4.4.29", "shard0");
  shard.component.kind = ClusterComponent::Kind::shard;
  const Finding on_shard = judge(shard, "HARD-012");
  EXPECT_EQ(on_shard.status, Status::skipped);
  EXPECT_NE(on_shard.message.find("mongos"), std::string::npos);
}

// A shard server applies no default (extractWriteConcern, write_concern.cpp): writes reach it
// through mongos, whose write concern HARD-012 judges; whatever its hello says.
TEST(DefaultWriteConcern, AShardMemberDefersToMongos) {
  NodeFacts facts = reachable_node("7.0.12", "shard1");
  facts.component.kind = ClusterComponent::Kind::shard;
  facts.hello->append("isImplicitDefaultMajorityWC", true);
  const Finding finding = judge(facts, "HARD-012");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_NE(finding.message.find("applies no default write concern"), std::string::npos);
}

// mongos has no implicit majority (only a replica set's replication coordinator sets it,
// read_write_concern_defaults.cpp): without setDefaultRWConcern a write through it that names no
// write concern is sent with w:1, in every version.
TEST(DefaultWriteConcern, MongosWithoutAGlobalDefaultSendsW1) {
  const auto mongos_with = [](std::string version, bson::Document defaults) {
    NodeFacts facts = reachable_node(std::move(version));
    facts.hello = bson::Document{{"msg", "isdbgrid"}, {"ok", 1.0}};
    facts.commands["getDefaultRWConcern"] = answered(std::move(defaults));
    return facts;
  };
  const bson::Document none{{"defaultReadConcern", bson::Document{{"level", "local"}}},
                            {"defaultWriteConcernSource", "implicit"},
                            {"defaultReadConcernSource", "implicit"},
                            {"ok", 1.0}};
  const Finding current = judge(mongos_with("7.0.12", none), "HARD-012");
  EXPECT_EQ(current.status, Status::fail) << current.message;
  EXPECT_NE(current.message.find("sent to the shards with w:1"), std::string::npos);
  EXPECT_EQ(current.evidence["read_from"],
            "mongos getDefaultRWConcern of " + mongos_with("7.0.12", none).address());
  EXPECT_EQ(judge(mongos_with("4.4.29", bson::Document{{"ok", 1.0}}), "HARD-012").status,
            Status::fail);
  EXPECT_EQ(judge(mongos_with("7.0.12", defaults("majority", "global")), "HARD-012").status,
            Status::pass);
}

NodeFacts with_fcv(std::string binary, bson::Value fcv) {
  NodeFacts facts = reachable_node(std::move(binary));
  facts.commands["getParameter"] =
      answered(bson::Document{{"featureCompatibilityVersion", std::move(fcv)}, {"ok", 1.0}});
  return facts;
}

TEST(FeatureCompatibility, EqualToTheBinarysSeriesPasses) {
  const Finding finding = judge(with_fcv("7.0.12", bson::Document{{"version", "7.0"}}), "HARD-013");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.evidence["binary_series"], "7.0");
  EXPECT_EQ(judge(with_fcv("3.4.24", "3.4"), "HARD-013").status, Status::pass);
}

TEST(FeatureCompatibility, BelowTheBinaryFailsAndAMoveUnderWayWarns) {
  const Finding behind = judge(with_fcv("8.0.4", bson::Document{{"version", "7.0"}}), "HARD-013");
  EXPECT_EQ(behind.status, Status::fail);
  EXPECT_NE(behind.message.find("7.0 on a 8.0"), std::string::npos);
  const Finding moving = judge(
      with_fcv("8.0.4", bson::Document{{"version", "7.0"}, {"targetVersion", "8.0"}}), "HARD-013");
  EXPECT_EQ(moving.status, Status::warn);
  EXPECT_EQ(moving.evidence["targetVersion"], "8.0");
}

TEST(FeatureCompatibility, MongosAndMissingEvidenceAreNotPassed) {
  NodeFacts mongos = reachable_node("7.0.12");
  mongos.hello->append("msg", "isdbgrid");
  EXPECT_EQ(judge(mongos, "HARD-013").status, Status::skipped);
  NodeFacts refused_facts = reachable_node("7.0.12");
  refused_facts.commands["getParameter"] = refused();
  EXPECT_EQ(judge(refused_facts, "HARD-013").status, Status::skipped);
  NodeFacts absent = reachable_node("7.0.12");
  absent.commands["getParameter"] = answered(bson::Document{{"quiet", false}, {"ok", 1.0}});
  EXPECT_EQ(judge(absent, "HARD-013").status, Status::skipped);
}

TEST(Durability, OneFindingPerCheckAboutTheNode) {
  const auto findings = check_durability(reachable_node(), Policy{});
  ASSERT_EQ(findings.size(), 3u);
  EXPECT_EQ(findings[0].check_id, "HARD-010");
  EXPECT_EQ(findings[1].check_id, "HARD-012");
  EXPECT_EQ(findings[2].check_id, "HARD-013");
}

}  // namespace
}  // namespace durability_test
}  // namespace mongoscan
