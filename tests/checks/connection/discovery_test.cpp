// DISC-001 and DISC-002 on deployments built in memory: SRV and TXT answers judged by the real
// seedlist rules, and nodes with the hello replies each role sends.

#include "checks/connection/discovery.h"

#include <gtest/gtest.h>

#include <random>

#include "scanner/dns/srv_seedlist.h"
#include "tests/checks/uri_target_fixture.h"
#include "tests/scanner/facts/cluster_facts_fixture.h"

namespace mongoscan {
namespace discovery_test {
namespace {

using check_test::finding_for;
using check_test::uri_target;
using nlohmann::json;

constexpr std::uint16_t kPort = 27017;

DeploymentFacts deployment(const std::string& uri, std::vector<NodeFacts> nodes = {}) {
  const UriTarget target = uri_target(uri);
  return {target.redacted_uri, target.connection, std::nullopt, std::move(nodes), std::nullopt};
}

// A mongodb+srv:// deployment whose SRV and TXT answers went through judge_seedlist_answers.
DeploymentFacts srv_deployment(const std::string& uri, const Result<std::vector<SrvRecord>>& srv,
                               const Result<std::vector<TxtRecord>>& txt,
                               std::vector<NodeFacts> nodes = {}) {
  DeploymentFacts facts = deployment(uri, std::move(nodes));
  std::mt19937 random(1);
  facts.seedlist = judge_seedlist_answers(facts.uri, srv, txt, random);
  return facts;
}

NodeFacts answered(const std::string& host, bson::Document hello) {
  NodeFacts node;
  node.host = host;
  node.port = kPort;
  node.reachable = true;
  node.hello = std::move(hello);
  return node;
}

NodeFacts unanswered(const std::string& host, std::vector<Error> errors) {
  NodeFacts node;
  node.host = host;
  node.port = kPort;
  node.errors = std::move(errors);
  return node;
}

bson::Array names(std::initializer_list<const char*> addresses) {
  bson::Array array;
  for (const char* address : addresses) array.emplace_back(address);
  return array;
}

// The hello of a member of rs0 whose data-bearing members are db1, db2 (electable) and db3
// (passive), with the arbiter arb; `role` adds the fields of the member's own role.
bson::Document rs0_hello(std::initializer_list<bson::Document::Field> role) {
  bson::Document hello{{"setName", "rs0"},
                       {"hosts", names({"db1.example.com:27017", "db2.example.com:27017"})},
                       {"passives", names({"db3.example.com:27017"})},
                       {"arbiters", names({"arb.example.com:27017"})}};
  for (const auto& field : role) hello.append(field.first, field.second);
  return hello;
}

// Every member of rs0, hidden one included, each answering hello.
std::vector<NodeFacts> rs0_nodes() {
  return {answered("db1.example.com", rs0_hello({{"isWritablePrimary", true}})),
          answered("db2.example.com", rs0_hello({{"secondary", true}})),
          answered("db3.example.com", rs0_hello({{"secondary", true}, {"passive", true}})),
          answered("arb.example.com", rs0_hello({{"arbiterOnly", true}})),
          answered("hid.example.com", rs0_hello({{"secondary", true}, {"hidden", true}}))};
}

bson::Document mongos_hello() { return {{"msg", "isdbgrid"}, {"isWritablePrimary", true}}; }

bson::Document standalone_hello() { return {{"isWritablePrimary", true}}; }

std::vector<SrvRecord> srv_records(std::initializer_list<const char*> targets) {
  std::vector<SrvRecord> records;
  for (const char* target : targets) records.push_back({target, kPort, 0, 0});
  return records;
}

Finding judge(const DeploymentFacts& facts, std::string_view id) {
  return finding_for(check_discovery(facts, Policy{}), id);
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

TEST(DiscoveryChecks, EmitOneFindingPerCheckAboutTheRedactedUri) {
  const DeploymentFacts facts =
      deployment("mongodb://app:Secr3t!pw@db1.example.com/?replicaSet=rs0", rs0_nodes());
  const auto findings = check_discovery(facts, Policy{});
  ASSERT_EQ(findings.size(), discovery_specs().size());
  for (std::size_t i = 0; i < findings.size(); ++i) {
    EXPECT_EQ(findings[i].check_id, discovery_specs()[i].id);
    EXPECT_EQ(findings[i].subject.kind, Subject::Kind::uri);
    EXPECT_EQ(findings[i].subject.name, facts.redacted_uri);
    EXPECT_FALSE(contains(findings[i].subject.name, "Secr3t"));
  }
}

// DISC-001

TEST(DiscoverySeedlist, SkippedForAMongodbTarget) {
  Finding finding = judge(deployment("mongodb://db1.example.com,db2.example.com"), "DISC-001");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_TRUE(contains(finding.message, "not a mongodb+srv://")) << finding.message;
}

TEST(DiscoverySeedlist, PassesForHostsInsideTheDomainAndAnAllowedTxtRecord) {
  Finding finding =
      judge(srv_deployment("mongodb+srv://cluster.example.com",
                           std::vector<SrvRecord>{{"db1.example.com", 27017, 0, 0},
                                                  {"db2.example.com", 27018, 0, 0}},
                           std::vector<TxtRecord>{{"replicaSet=rs0&", "authSource=admin"}}),
            "DISC-001");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_TRUE(contains(finding.message, "2 SRV hosts")) << finding.message;
  EXPECT_TRUE(contains(finding.message, "one TXT record")) << finding.message;
  EXPECT_EQ(finding.evidence["srv_records"],
            json::array({"db1.example.com:27017", "db2.example.com:27018"}));
  EXPECT_EQ(finding.evidence["rejected_hosts"], json::array());
  EXPECT_EQ(finding.evidence["txt_record_count"], 1);
  EXPECT_EQ(finding.evidence["txt_options"],
            (json{{"replicaSet", "rs0"}, {"authSource", "admin"}}));
  EXPECT_EQ(finding.evidence["problems"], json::array());
  EXPECT_EQ(finding.evidence["srv_name"], "_mongodb._tcp.cluster.example.com");
}

TEST(DiscoverySeedlist, PassesWithoutATxtRecord) {
  Finding finding =
      judge(srv_deployment("mongodb+srv://cluster.example.com", srv_records({"db1.example.com"}),
                           std::vector<TxtRecord>{}),
            "DISC-001");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_TRUE(contains(finding.message, "no TXT record")) << finding.message;
  EXPECT_EQ(finding.evidence["txt_record_count"], 0);
  EXPECT_EQ(finding.evidence["txt_options"], json::object());
}

TEST(DiscoverySeedlist, FailsForAHostOutsideTheDomainAndNamesIt) {
  Finding finding = judge(srv_deployment("mongodb+srv://cluster.example.com",
                                         srv_records({"db1.example.com", "db2.attacker.net"}),
                                         std::vector<TxtRecord>{}),
                          "DISC-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::high);
  EXPECT_TRUE(contains(finding.message, "db2.attacker.net")) << finding.message;
  EXPECT_TRUE(contains(finding.message, "rejected hosts were not probed")) << finding.message;
  ASSERT_EQ(finding.evidence["rejected_hosts"].size(), 1u);
  EXPECT_EQ(finding.evidence["rejected_hosts"][0]["address"], "db2.attacker.net:27017");
  EXPECT_TRUE(contains(finding.evidence["rejected_hosts"][0]["reason"].get<std::string>(),
                       "outside the domain 'example.com'"));
  EXPECT_EQ(finding.evidence["srv_records"],
            json::array({"db1.example.com:27017", "db2.attacker.net:27017"}));
}

TEST(DiscoverySeedlist, FailsWhenEverySrvHostIsOutsideTheDomain) {
  Finding finding = judge(srv_deployment("mongodb+srv://cluster.example.com",
                                         srv_records({"db1.attacker.net", "db2.attacker.net"}),
                                         std::vector<TxtRecord>{}),
                          "DISC-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["rejected_hosts"].size(), 2u);
  EXPECT_EQ(finding.evidence["srv_name"], "_mongodb._tcp.cluster.example.com");
}

// Initial DNS Seedlist Discovery, "Querying DNS": the domain itself is no host inside it, and a
// name of fewer than three labels needs targets with more labels than the name.
TEST(DiscoverySeedlist, FailsForAHostThatIsTheParentDomainItself) {
  Finding finding = judge(
      srv_deployment("mongodb+srv://cluster.example.com",
                     srv_records({"db1.example.com", "example.com"}), std::vector<TxtRecord>{}),
      "DISC-001");
  EXPECT_EQ(finding.status, Status::fail);
  ASSERT_EQ(finding.evidence["rejected_hosts"].size(), 1u);
  EXPECT_EQ(finding.evidence["rejected_hosts"][0]["address"], "example.com:27017");
  EXPECT_TRUE(contains(finding.evidence["rejected_hosts"][0]["reason"].get<std::string>(),
                       "the domain 'example.com' of 'cluster.example.com' itself"));
}

TEST(DiscoverySeedlist, FailsForAShortNameWhoseHostIsTheNameItself) {
  Finding finding = judge(
      srv_deployment("mongodb+srv://mongo.local", srv_records({"db1.mongo.local", "mongo.local"}),
                     std::vector<TxtRecord>{}),
      "DISC-001");
  EXPECT_EQ(finding.status, Status::fail);
  ASSERT_EQ(finding.evidence["rejected_hosts"].size(), 1u);
  EXPECT_EQ(finding.evidence["rejected_hosts"][0]["address"], "mongo.local:27017");
}

TEST(DiscoverySeedlist, FailsForTwoTxtRecords) {
  Finding finding =
      judge(srv_deployment("mongodb+srv://cluster.example.com", srv_records({"db1.example.com"}),
                           std::vector<TxtRecord>{{"replicaSet=rs0"}, {"authSource=admin"}}),
            "DISC-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(contains(finding.message, "2 TXT records")) << finding.message;
  EXPECT_FALSE(contains(finding.message, "rejected hosts")) << finding.message;
  EXPECT_EQ(finding.evidence["txt_record_count"], 2);
  EXPECT_EQ(finding.evidence["txt_options"], json::object());
}

TEST(DiscoverySeedlist, FailsForAForbiddenTxtOption) {
  Finding finding =
      judge(srv_deployment("mongodb+srv://cluster.example.com", srv_records({"db1.example.com"}),
                           std::vector<TxtRecord>{{"replicaSet=rs0&tls=false"}}),
            "DISC-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(contains(finding.message, "'tls' is not allowed in a TXT record")) << finding.message;
  EXPECT_EQ(finding.evidence["txt_options"], json::object());
}

TEST(DiscoverySeedlist, FailedLookupsAloneAreAnErrorNotAFailure) {
  const Error nxdomain{ErrorCode::dns, "dns",
                       "_mongodb._tcp.cluster.example.com: no such host (NXDOMAIN)"};
  Finding no_srv =
      judge(srv_deployment("mongodb+srv://cluster.example.com", nxdomain, std::vector<TxtRecord>{}),
            "DISC-001");
  EXPECT_EQ(no_srv.status, Status::error);
  EXPECT_TRUE(no_srv.message.starts_with("the DNS lookups failed: ")) << no_srv.message;
  EXPECT_TRUE(contains(no_srv.message, "NXDOMAIN")) << no_srv.message;
  EXPECT_EQ(no_srv.evidence["problems"], json::array({nxdomain.message}));
  EXPECT_EQ(no_srv.evidence["srv_name"], "_mongodb._tcp.cluster.example.com");

  const Error timeout{ErrorCode::timeout, "dns",
                      "cluster.example.com: no DNS answer before the deadline"};
  Finding no_txt = judge(srv_deployment("mongodb+srv://cluster.example.com",
                                        srv_records({"db1.example.com"}), timeout),
                         "DISC-001");
  EXPECT_EQ(no_txt.status, Status::error);
  EXPECT_TRUE(contains(no_txt.message, "no DNS answer before the deadline")) << no_txt.message;
}

TEST(DiscoverySeedlist, ABrokenRuleOutweighsAFailedLookup) {
  const Error timeout{ErrorCode::timeout, "dns",
                      "cluster.example.com: no DNS answer before the deadline"};
  Finding finding =
      judge(srv_deployment("mongodb+srv://cluster.example.com",
                           srv_records({"db1.example.com", "db2.attacker.net"}), timeout),
            "DISC-001");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(contains(finding.message, "db2.attacker.net")) << finding.message;
  EXPECT_FALSE(contains(finding.message, "deadline")) << finding.message;
  EXPECT_EQ(finding.evidence["problems"].size(), 2u);
}

// DISC-002

TEST(DiscoveryMembers, FailsNamingEachNodeWithoutAHelloReplyAndItsFirstError) {
  std::vector<NodeFacts> nodes = rs0_nodes();
  nodes[1] = unanswered("db2.example.com",
                        {{ErrorCode::refused, "connect", "connection refused"},
                         {ErrorCode::timeout, "hello", "no reply before the deadline"}});
  nodes[2] = unanswered("db3.example.com", {});
  Finding finding =
      judge(deployment("mongodb://db1.example.com/?replicaSet=rs0", nodes), "DISC-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::medium);
  EXPECT_EQ(finding.message,
            "2 of 5 nodes could not be probed: db2.example.com:27017 (connection refused), "
            "db3.example.com:27017 (no hello reply)");
  EXPECT_EQ(finding.evidence["nodes"][0]["answered"], true);
  EXPECT_EQ(finding.evidence["nodes"][1]["answered"], false);
  EXPECT_EQ(finding.evidence["nodes"][1]["reason"], "connection refused");
}

// The discovery's member cap: members past it were never contacted, so the check cannot pass.
TEST(DiscoveryMembers, FailsNamingHowManyMembersPastTheCapWereNotProbed) {
  DeploymentFacts facts = deployment(
      "mongodb://db1.example.com,db2.example.com,db3.example.com/?replicaSet=rs0", rs0_nodes());
  facts.members_not_probed = 9001;
  Finding finding = judge(facts, "DISC-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.message,
            "9001 of 9006 nodes could not be probed: 9001 more members the nodes named, never "
            "contacted (past the discovery's cap on nodes per deployment)");
  EXPECT_EQ(finding.evidence["members_not_probed"], 9001);
}

TEST(DiscoveryMembers, PassesWhenTheSeedListNamesExactlyTheDataBearingMembers) {
  // Arbiter and hidden member answered but are not expected among the seeds; seeds match members
  // whatever their case.
  Finding finding =
      judge(deployment("mongodb://DB1.example.com,db2.example.com,db3.example.com/?replicaSet=rs0",
                       rs0_nodes()),
            "DISC-002");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.message, "all 5 nodes answered; the seed list names exactly the members");
  EXPECT_EQ(
      finding.evidence["members"],
      json::array({"db1.example.com:27017", "db2.example.com:27017", "db3.example.com:27017"}));
  EXPECT_EQ(finding.evidence["seeds_not_members"], json::array());
  EXPECT_EQ(finding.evidence["members_not_in_seeds"], json::array());
}

TEST(DiscoveryMembers, WarnsForSeedsThatAreNotMembersAndMembersMissingFromTheSeedList) {
  std::vector<NodeFacts> nodes = rs0_nodes();
  nodes.push_back(answered("old.example.com", standalone_hello()));
  Finding finding = judge(
      deployment("mongodb://db1.example.com,old.example.com/?replicaSet=rs0", nodes), "DISC-002");
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_EQ(finding.message,
            "seeds that are not members: old.example.com:27017; members missing from the seed "
            "list: db2.example.com:27017, db3.example.com:27017");
  EXPECT_EQ(finding.evidence["seeds_not_members"], json::array({"old.example.com:27017"}));
  EXPECT_EQ(finding.evidence["members_not_in_seeds"],
            json::array({"db2.example.com:27017", "db3.example.com:27017"}));
}

TEST(DiscoveryMembers, ArbiterAndHiddenSeedsAreMembersThatServeNoClient) {
  Finding finding =
      judge(deployment("mongodb://db1.example.com,db2.example.com,db3.example.com,arb.example.com,"
                       "hid.example.com/?replicaSet=rs0",
                       rs0_nodes()),
            "DISC-002");
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_EQ(finding.message,
            "seeds that serve no client (arbiter or hidden member): arb.example.com:27017, "
            "hid.example.com:27017");
  EXPECT_EQ(finding.evidence["seeds_not_members"], json::array());
  EXPECT_EQ(finding.evidence["seeds_arbiter_or_hidden"],
            json::array({"arb.example.com:27017", "hid.example.com:27017"}));
}

TEST(DiscoveryMembers, JudgesTheSrvHostsAsTheSeedsOfAnSrvTarget) {
  auto missing = judge(srv_deployment("mongodb+srv://cluster.example.com",
                                      srv_records({"db1.example.com", "db2.example.com"}),
                                      std::vector<TxtRecord>{{"replicaSet=rs0"}}, rs0_nodes()),
                       "DISC-002");
  EXPECT_EQ(missing.status, Status::warn);
  EXPECT_EQ(missing.message, "members missing from the SRV record: db3.example.com:27017");
  EXPECT_EQ(missing.evidence["seeds"],
            json::array({"db1.example.com:27017", "db2.example.com:27017"}));

  auto exact =
      judge(srv_deployment("mongodb+srv://cluster.example.com",
                           srv_records({"db1.example.com", "db2.example.com", "db3.example.com"}),
                           std::vector<TxtRecord>{{"replicaSet=rs0"}}, rs0_nodes()),
            "DISC-002");
  EXPECT_EQ(exact.status, Status::pass);
  EXPECT_TRUE(contains(exact.message, "the SRV record names exactly the members")) << exact.message;
}

TEST(DiscoveryMembers, ASeedWhoseNodeHasAMemberAliasCountsAsThatMember) {
  std::vector<NodeFacts> nodes = rs0_nodes();
  nodes[0].host = "10.0.0.5";
  nodes[0].aliases = {"db1.example.com:27017"};
  Finding finding =
      judge(deployment("mongodb://10.0.0.5,db2.example.com,db3.example.com/?replicaSet=rs0", nodes),
            "DISC-002");
  EXPECT_EQ(finding.status, Status::pass) << finding.message;
  EXPECT_EQ(finding.evidence["seeds_not_members"], json::array());
  EXPECT_EQ(finding.evidence["members_not_in_seeds"], json::array());
  EXPECT_EQ(finding.evidence["nodes"][0]["aliases"], json::array({"db1.example.com:27017"}));

  // Without the alias the same seed list is a mismatch both ways.
  nodes[0].aliases.clear();
  Finding unaliased =
      judge(deployment("mongodb://10.0.0.5,db2.example.com,db3.example.com/?replicaSet=rs0", nodes),
            "DISC-002");
  EXPECT_EQ(unaliased.status, Status::warn);
  EXPECT_EQ(unaliased.evidence["seeds_not_members"], json::array({"10.0.0.5:27017"}));
  EXPECT_EQ(unaliased.evidence["members_not_in_seeds"], json::array({"db1.example.com:27017"}));
}

TEST(DiscoveryMembers, StandaloneAndShardedDeploymentsAreJudgedOnReachabilityOnly) {
  Finding standalone = judge(deployment("mongodb://db1.example.com,spare.example.com",
                                        {answered("db1.example.com", standalone_hello()),
                                         answered("spare.example.com", standalone_hello())}),
                             "DISC-002");
  EXPECT_EQ(standalone.status, Status::pass);
  EXPECT_EQ(standalone.message, "all 2 nodes answered");
  EXPECT_EQ(standalone.evidence["members"], json::array());

  Finding sharded = judge(deployment("mongodb://mongos1.example.com,mongos2.example.com",
                                     {answered("mongos1.example.com", mongos_hello()),
                                      answered("mongos2.example.com", mongos_hello())}),
                          "DISC-002");
  EXPECT_EQ(sharded.status, Status::pass);
  EXPECT_EQ(sharded.message, "all 2 nodes answered");

  Finding one_down = judge(
      deployment("mongodb://mongos1.example.com,mongos2.example.com",
                 {answered("mongos1.example.com", mongos_hello()),
                  unanswered("mongos2.example.com",
                             {{ErrorCode::dns, "resolve", "mongos2.example.com: NXDOMAIN"}})}),
      "DISC-002");
  EXPECT_EQ(one_down.status, Status::fail);
  EXPECT_TRUE(
      contains(one_down.message, "mongos2.example.com:27017 (mongos2.example.com: NXDOMAIN)"))
      << one_down.message;
}

// A sharded cluster's seeds are its mongos (here a VIP): the shard members behind them are never
// "missing from the seed list"; a shard member the scanner cannot reach fails, named.
TEST(DiscoveryMembers, AShardedClusterIsJudgedOnEveryComponentsReachability) {
  DeploymentFacts cluster =
      deployment("mongodb://vip:27017", cluster_fixture::sample_cluster(/*through_vip=*/true));
  const Finding whole = judge(cluster, "DISC-002");
  EXPECT_EQ(whole.status, Status::pass) << whole.message;
  EXPECT_EQ(whole.message, "all 12 nodes answered");

  NodeFacts& hidden = cluster.nodes[8];  // s0h, on a network the scanner does not see
  ASSERT_EQ(hidden.host, "s0h");
  hidden.hello.reset();
  hidden.reachable = false;
  hidden.errors.push_back(Error{ErrorCode::timeout, "connect", "no answer before the deadline"});
  const Finding one_unreached = judge(cluster, "DISC-002");
  EXPECT_EQ(one_unreached.status, Status::fail);
  EXPECT_EQ(one_unreached.message,
            "1 of 12 nodes could not be probed: s0h:27018 (no answer before the deadline)");
}

}  // namespace
}  // namespace discovery_test
}  // namespace mongoscan
