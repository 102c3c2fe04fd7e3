// Initial DNS Seedlist Discovery: the pure rules without DNS, then discover_seedlist and
// `mongoscan resolve` against dnsmasq on 127.0.0.1 (tests/support/dns_lab.h).

#include "scanner/dns/srv_seedlist.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/support/dns_lab.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"

namespace mongoscan {
namespace srv_seedlist_test {
namespace {

using testing_support::DnsLab;
using testing_support::run_process;

ConnectionString parsed(const std::string& text) {
  auto uri = parse_connection_string(text);
  EXPECT_TRUE(uri.ok()) << uri.error().message;
  return std::move(uri).value();
}

std::vector<HostAddress> hosts(std::initializer_list<const char*> names) {
  std::vector<HostAddress> list;
  for (const char* name : names) list.push_back({HostType::hostname, name, 27017});
  return list;
}

std::set<std::string> addresses(const std::vector<HostAddress>& seeds) {
  std::set<std::string> set;
  for (const HostAddress& seed : seeds) set.insert(seed.address());
  return set;
}

TEST(SrvTargetViolation, TargetMustShareTheParentDomain) {
  EXPECT_EQ(srv_target_violation("rs.lab.test", "host1.lab.test"), std::nullopt);
  EXPECT_EQ(srv_target_violation("rs.lab.test", "a.b.lab.test"), std::nullopt);
  EXPECT_EQ(srv_target_violation("RS.Lab.Test", "host1.LAB.test."), std::nullopt);
  EXPECT_NE(srv_target_violation("rs.lab.test", "evil.example.test"), std::nullopt);
  EXPECT_NE(srv_target_violation("rs.lab.test", "host1.evillab.test"), std::nullopt);
  EXPECT_NE(srv_target_violation("rs.lab.test", "test"), std::nullopt);
}

TEST(SrvTargetViolation, ShortNameNeedsASubdomainOfItself) {
  EXPECT_EQ(srv_target_violation("example.com", "db.example.com"), std::nullopt);
  EXPECT_EQ(srv_target_violation("localhost", "db.localhost"), std::nullopt);
  EXPECT_NE(srv_target_violation("example.com", "example.com"), std::nullopt);
  EXPECT_NE(srv_target_violation("example.com", "db.other.com"), std::nullopt);
  EXPECT_NE(srv_target_violation("localhost", "localhost"), std::nullopt);
}

// The domain itself is no host inside it: the spec's test DNS (initial-dns-seedlist-discovery
// tests/README.md) points test13.test.build.10gen.cc at test.build.10gen.cc, which must fail.
TEST(SrvTargetViolation, TargetEqualToTheParentDomainIsRejected) {
  const auto violation = srv_target_violation("test13.test.build.10gen.cc", "test.build.10gen.cc");
  ASSERT_NE(violation, std::nullopt);
  EXPECT_NE(violation->find("itself"), std::string::npos) << *violation;
  EXPECT_NE(srv_target_violation("rs.lab.test", "lab.test"), std::nullopt);
  EXPECT_NE(srv_target_violation("rs.lab.test", "LAB.test."), std::nullopt);
  EXPECT_NE(srv_target_violation("cluster_1.tests.mongodb.co.uk", "tests.mongodb.co.uk"),
            std::nullopt);
}

// Prose tests 2 to 5 of the seedlist specification's tests/README.md, case by case.
TEST(SrvTargetViolation, SpecificationProseTests) {
  // 2. The target does not end with the SRV name's domain.
  EXPECT_NE(srv_target_violation("localhost", "localhost.mongodb"), std::nullopt);
  EXPECT_NE(srv_target_violation("mongo.local", "test_1.evil.local"), std::nullopt);
  EXPECT_NE(srv_target_violation("blogs.mongodb.com", "blogs.evil.com"), std::nullopt);
  // 3. The target is the SRV name itself, and the name has fewer than three labels.
  EXPECT_NE(srv_target_violation("localhost", "localhost"), std::nullopt);
  EXPECT_NE(srv_target_violation("mongo.local", "mongo.local"), std::nullopt);
  // 4. The shared part is not separated by a '.'.
  EXPECT_NE(srv_target_violation("localhost", "test_1.cluster_1localhost"), std::nullopt);
  EXPECT_NE(srv_target_violation("mongo.local", "test_1.my_hostmongo.local"), std::nullopt);
  EXPECT_NE(srv_target_violation("blogs.mongodb.com", "cluster.testmongodb.com"), std::nullopt);
  // 5. The target is the SRV name itself, and the name has three labels or more.
  EXPECT_EQ(srv_target_violation("build.10gen.cc", "build.10gen.cc"), std::nullopt);
  EXPECT_EQ(srv_target_violation("test.build.10gen.cc", "test.build.10gen.cc"), std::nullopt);
}

TEST(SingleTxtRecord, ConcatenatesOneRecordAndRefusesSeveral) {
  EXPECT_EQ(single_txt_record({}).value(), std::nullopt);
  EXPECT_EQ(single_txt_record({{"authSource=admin&", "replicaSet=rs0"}}).value(),
            "authSource=admin&replicaSet=rs0");
  auto several = single_txt_record({{"replicaSet=a"}, {"replicaSet=b"}});
  ASSERT_FALSE(several.ok());
  EXPECT_NE(several.error().message.find("2 TXT records"), std::string::npos);
}

TEST(ParseTxtOptions, AllowedOptionsAreTyped) {
  auto options = parse_txt_options("AUTHSOURCE=admin&replicaSet=rs0&loadBalanced=true");
  ASSERT_TRUE(options.ok()) << options.error().message;
  ASSERT_EQ(options.value().size(), 3u);
  EXPECT_EQ(options.value()[0].name, "authSource");
  EXPECT_EQ(std::get<std::string>(options.value()[0].value), "admin");
  EXPECT_EQ(std::get<std::string>(options.value()[1].value), "rs0");
  EXPECT_EQ(std::get<bool>(options.value()[2].value), true);
  EXPECT_TRUE(parse_txt_options("").value().empty());
}

TEST(ParseTxtOptions, RefusesOtherOptionsAndBadValues) {
  for (const char* text : {"maxPoolSize=5", "ssl=false", "tls=true", "unknownOption=1",
                           "replicaSet", "replicaSet=a&replicaSet=b", "loadBalanced=maybe"}) {
    EXPECT_FALSE(parse_txt_options(text).ok()) << text;
  }
  EXPECT_NE(parse_txt_options("maxPoolSize=5").error().message.find("maxPoolSize"),
            std::string::npos);
}

TEST(MergedOptionsViolation, RefusesForbiddenCombinations) {
  const auto balanced = parse_txt_options("loadBalanced=true").value();
  const auto merged = [&](const char* uri, const std::vector<UriOption>& txt) {
    return merge_txt_options(parsed(uri), txt);
  };
  EXPECT_TRUE(merged_options_violation(merged("mongodb+srv://rs.lab.test", balanced), 2));
  EXPECT_FALSE(merged_options_violation(merged("mongodb+srv://rs.lab.test", balanced), 1));
  EXPECT_TRUE(
      merged_options_violation(merged("mongodb+srv://rs.lab.test/?replicaSet=rs0", balanced), 1));
  const auto replica_set = parse_txt_options("replicaSet=rs0").value();
  EXPECT_TRUE(
      merged_options_violation(merged("mongodb+srv://rs.lab.test/?srvMaxHosts=1", replica_set), 1));
  EXPECT_FALSE(merged_options_violation(merged("mongodb+srv://rs.lab.test", replica_set), 3));
}

TEST(JudgeSeedlistAnswers, KeepsEveryProblemAndTheHostsInsideTheDomain) {
  std::mt19937 random(1);
  const std::vector<SrvRecord> srv = {{"host1.lab.test", 27017, 0, 0},
                                      {"evil.example.test", 27017, 0, 0},
                                      {"host2.lab.test", 27018, 0, 0},
                                      {"other.invalid", 27017, 0, 0}};
  const std::vector<TxtRecord> txt = {{"replicaSet=a"}, {"replicaSet=b"}};
  const SeedlistDiscovery discovery =
      judge_seedlist_answers(parsed("mongodb+srv://rs.lab.test/"), srv, txt, random);
  EXPECT_EQ(addresses(discovery.srv_hosts),
            (std::set<std::string>{"host1.lab.test:27017", "host2.lab.test:27018"}));
  ASSERT_EQ(discovery.rejected.size(), 2u);
  ASSERT_EQ(discovery.problems.size(), 3u);  // two hosts, two TXT records
  for (const Error& problem : discovery.problems) EXPECT_EQ(problem.code, ErrorCode::protocol);
  EXPECT_NE(discovery.problems[2].message.find("2 TXT records"), std::string::npos);
  EXPECT_TRUE(discovery.txt_options.empty());  // a broken TXT answer is not used
  EXPECT_EQ(discovery.uri.option("replicaSet"), nullptr);
  EXPECT_EQ(discovery.error()->message, discovery.problems.front().message);
}

TEST(JudgeSeedlistAnswers, FailedLookupsAreProblemsWithTheirCode) {
  std::mt19937 random(1);
  const Error nxdomain{ErrorCode::dns, "dns", "_mongodb._tcp.x.lab.test: no such host (NXDOMAIN)"};
  const SeedlistDiscovery no_srv = judge_seedlist_answers(
      parsed("mongodb+srv://x.lab.test/"), nxdomain, std::vector<TxtRecord>{}, random);
  ASSERT_EQ(no_srv.problems.size(), 1u);
  EXPECT_EQ(no_srv.problems[0].code, ErrorCode::dns);
  EXPECT_TRUE(no_srv.srv_hosts.empty());

  const Error timeout{ErrorCode::timeout, "dns", "x.lab.test: no DNS answer before the deadline"};
  const SeedlistDiscovery no_txt = judge_seedlist_answers(
      parsed("mongodb+srv://x.lab.test/"), std::vector<SrvRecord>{{"a.x.lab.test", 27017, 0, 0}},
      timeout, random);
  ASSERT_EQ(no_txt.problems.size(), 1u);
  EXPECT_EQ(no_txt.problems[0].code, ErrorCode::timeout);
  EXPECT_EQ(no_txt.srv_hosts.size(), 1u);
}

TEST(LimitSeeds, KeepsARandomSubsetOfTheGivenSize) {
  std::mt19937 random(7);
  const auto all = hosts({"a.lab.test", "b.lab.test", "c.lab.test"});
  EXPECT_EQ(limit_seeds(all, 0, random).size(), 3u);
  EXPECT_EQ(limit_seeds(all, 5, random).size(), 3u);
  const auto two = limit_seeds(all, 2, random);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_NE(two[0].host, two[1].host);
}

class SeedlistLabTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lab_ = std::make_unique<DnsLab>(); }
  static void TearDownTestSuite() { lab_.reset(); }

  static SeedlistDiscovery discover(const std::string& uri) {
    auto resolver = DnsResolver::create({lab_->server()});
    EXPECT_TRUE(resolver.ok());
    return discover_seedlist(parsed(uri), *resolver.value(),
                             Deadline::after(std::chrono::seconds(5)));
  }

  static testing_support::ProcessResult resolve(const std::string& uri) {
    return run_process(
        {testing_support::mongoscan_binary(), "resolve", uri, "--dns-server", lab_->server()});
  }

  static std::unique_ptr<DnsLab> lab_;
};

std::unique_ptr<DnsLab> SeedlistLabTest::lab_;

TEST_F(SeedlistLabTest, SrvAndTxtGiveSeedsAndOptions) {
  const SeedlistDiscovery discovery = discover("mongodb+srv://rs.lab.test/");
  ASSERT_FALSE(discovery.error()) << discovery.error()->message;
  EXPECT_EQ(addresses(discovery.uri.hosts),
            (std::set<std::string>{"host1.lab.test:27017", "host2.lab.test:27018",
                                   "host3.lab.test:27019"}));
  EXPECT_EQ(discovery.txt_record, "authSource=admin&replicaSet=rs0");
  EXPECT_EQ(discovery.uri.string_option("replicaSet"), "rs0");
  EXPECT_EQ(discovery.uri.bool_option("tls"), true);
}

TEST_F(SeedlistLabTest, ServiceNameAndMaxHosts) {
  EXPECT_EQ(addresses(discover("mongodb+srv://rs.lab.test/?srvServiceName=custom").uri.hosts),
            std::set<std::string>{"host1.lab.test:27020"});
  const SeedlistDiscovery all = discover("mongodb+srv://many.lab.test/?srvMaxHosts=0");
  ASSERT_FALSE(all.error()) << all.error()->message;
  EXPECT_EQ(all.uri.hosts.size(), 3u);
  EXPECT_EQ(all.txt_record, std::nullopt);
  const SeedlistDiscovery limited = discover("mongodb+srv://many.lab.test/?srvMaxHosts=2");
  ASSERT_FALSE(limited.error()) << limited.error()->message;
  EXPECT_EQ(limited.uri.hosts.size(), 2u);
}

TEST_F(SeedlistLabTest, SeveralTxtStringsAreConcatenated) {
  const SeedlistDiscovery discovery = discover("mongodb+srv://multi.lab.test/");
  ASSERT_FALSE(discovery.error()) << discovery.error()->message;
  EXPECT_EQ(discovery.uri.string_option("authSource"), "admin");
  EXPECT_EQ(discovery.uri.string_option("replicaSet"), "rs1");
}

TEST_F(SeedlistLabTest, HostOutsideTheDomainIsRejectedAndRecorded) {
  const SeedlistDiscovery discovery = discover("mongodb+srv://outside.lab.test/");
  ASSERT_TRUE(discovery.error());
  ASSERT_EQ(discovery.rejected.size(), 1u);
  EXPECT_EQ(discovery.rejected[0].address, "evil.example.test:27017");
  EXPECT_NE(discovery.rejected[0].reason.find("lab.test"), std::string::npos);
  EXPECT_NE(discovery.error()->message.find("evil.example.test"), std::string::npos);
  EXPECT_EQ(addresses(discovery.srv_hosts), std::set<std::string>{"host1.lab.test:27017"});
}

TEST_F(SeedlistLabTest, BrokenRulesAreErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"mongodb+srv://twotxt.lab.test/", "TXT records"},
      {"mongodb+srv://forbidden.lab.test/", "maxPoolSize"},
      {"mongodb+srv://lb.lab.test/", "loadBalanced"},
      {"mongodb+srv://missing.lab.test/", "NXDOMAIN"},
      {"mongodb+srv://rs.lab.test/?srvMaxHosts=2", "srvMaxHosts"},
  };
  for (const auto& [uri, expected] : cases) {
    const SeedlistDiscovery discovery = discover(uri);
    ASSERT_TRUE(discovery.error()) << uri;
    EXPECT_NE(discovery.error()->message.find(expected), std::string::npos)
        << uri << ": " << discovery.error()->message;
  }
}

TEST_F(SeedlistLabTest, SeveralNamesResolveTogetherOnOneChannel) {
  auto resolver = DnsResolver::create({lab_->server()});
  ASSERT_TRUE(resolver.ok());
  const std::vector<ConnectionString> uris = {
      parsed("mongodb+srv://rs.lab.test/"), parsed("mongodb://plain.example:27017/"),
      parsed("mongodb+srv://many.lab.test/"), parsed("mongodb+srv://missing.lab.test/")};
  const auto discoveries =
      discover_seedlists(uris, *resolver.value(), Deadline::after(std::chrono::seconds(5)));
  ASSERT_EQ(discoveries.size(), 4u);
  EXPECT_EQ(discoveries[0].srv_hosts.size(), 3u);
  EXPECT_EQ(discoveries[0].uri.string_option("replicaSet"), "rs0");
  EXPECT_EQ(addresses(discoveries[1].uri.hosts), std::set<std::string>{"plain.example:27017"});
  EXPECT_FALSE(discoveries[1].error());
  EXPECT_EQ(discoveries[2].srv_hosts.size(), 3u);
  EXPECT_FALSE(discoveries[2].error());
  ASSERT_TRUE(discoveries[3].error());
  EXPECT_NE(discoveries[3].error()->message.find("NXDOMAIN"), std::string::npos);
}

TEST_F(SeedlistLabTest, ResolveCommandPrintsSeedsAndMergedOptions) {
  const auto result = resolve("mongodb+srv://rs.lab.test/?replicaSet=mine&maxPoolSize=5");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  const auto json = nlohmann::json::parse(result.out);
  auto seeds = json["seeds"].get<std::vector<std::string>>();
  std::sort(seeds.begin(), seeds.end());
  EXPECT_EQ(seeds, (std::vector<std::string>{"host1.lab.test:27017", "host2.lab.test:27018",
                                             "host3.lab.test:27019"}));
  EXPECT_EQ(json["options"]["replicaset"], "mine");
  EXPECT_EQ(json["options"]["authsource"], "admin");
  EXPECT_EQ(json["options"]["maxpoolsize"], 5);
  EXPECT_EQ(json["options"]["tls"], true);
  EXPECT_EQ(json["error"], nullptr);
}

TEST_F(SeedlistLabTest, ResolveCommandFailsWithOneRedactedLine) {
  const auto result = resolve("mongodb+srv://app:S3cretPw@outside.lab.test/");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_TRUE(result.err.starts_with("mongoscan: error: ")) << result.err;
  EXPECT_NE(result.err.find("evil.example.test"), std::string::npos) << result.err;
  EXPECT_EQ((result.out + result.err).find("S3cretPw"), std::string::npos);
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_TRUE(json["seeds"].empty());
  EXPECT_TRUE(json["error"].is_string());
}

TEST(ResolveCommand, PlainUriReturnsItsHostsWithoutDns) {
  const auto result = run_process({testing_support::mongoscan_binary(), "resolve",
                                   "mongodb://a.example,b.example:27018/?replicaSet=rs0"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["seeds"], nlohmann::json({"a.example:27017", "b.example:27018"}));
  EXPECT_EQ(json["options"]["replicaset"], "rs0");
}

TEST(ResolveCommand, InvalidUriIsAUsageError) {
  const auto result =
      run_process({testing_support::mongoscan_binary(), "resolve", "http://x:pw@h"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(result.err.starts_with("mongoscan: error: ")) << result.err;
  EXPECT_EQ(result.err.find(":pw@"), std::string::npos);
}

}  // namespace
}  // namespace srv_seedlist_test
}  // namespace mongoscan
