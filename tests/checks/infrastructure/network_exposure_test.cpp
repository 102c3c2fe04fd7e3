// NET-005 and NET-006 on exposure facts as the infrastructure readers give them.

#include "checks/infrastructure/network_exposure.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace mongoscan {
namespace network_exposure_test {
namespace {

NetworkRule rule(std::vector<std::string> sources, std::vector<PortRange> ports = {{27017, 27017}},
                 std::string protocol = "tcp") {
  NetworkRule rule;
  rule.location = {"infra/main.tf", 12, 3};
  rule.format = "terraform";
  rule.resource = "aws_security_group.db";
  rule.protocol = std::move(protocol);
  rule.ports = std::move(ports);
  rule.sources = std::move(sources);
  return rule;
}

ConfigFacts facts_with(std::vector<NetworkRule> rules,
                       std::vector<NetworkEndpoint> endpoints = {}) {
  ConfigFacts facts;
  facts.roots = {"infra"};
  facts.files_scanned = 1;
  facts.infrastructure_files = 1;
  facts.network_rules = std::move(rules);
  facts.network_endpoints = std::move(endpoints);
  return facts;
}

std::vector<Finding> of(const std::vector<Finding>& findings, std::string_view id) {
  std::vector<Finding> kept;
  for (const Finding& finding : findings)
    if (finding.check_id == id) kept.push_back(finding);
  return kept;
}

TEST(NetworkExposure, TheInternetOnAMongoDbPortIsHighAtTheRulesLine) {
  const auto findings =
      of(check_network_exposure(facts_with({rule({"0.0.0.0/0"})}), Policy{}), "NET-005");
  ASSERT_EQ(findings.size(), 1u);
  const Finding& finding = findings[0];
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.severity, Severity::high);
  EXPECT_EQ(finding.subject.name, "infra/main.tf");
  EXPECT_EQ(finding.subject.line, 12);
  EXPECT_EQ(finding.message,
            "aws_security_group.db lets any address (0.0.0.0/0) reach MongoDB port 27017");
  EXPECT_EQ(finding.evidence["sources"], nlohmann::json({"0.0.0.0/0"}));
}

// Issue 35 item 3: a generated file of many open rules lists the first hundred findings and
// counts the rest into one failing finding at the worst severity; another file keeps its own.
TEST(NetworkExposure, FindingsPerFileAreCappedAndTheRestCountedIntoOne) {
  std::vector<NetworkRule> rules(250, rule({"0.0.0.0/0"}));
  NetworkRule other = rule({"0.0.0.0/0"});
  other.location.path = "infra/other.tf";
  rules.push_back(other);
  const auto findings = of(check_network_exposure(facts_with(rules), Policy{}), "NET-005");
  ASSERT_EQ(findings.size(), 102u);
  const Finding& summary = findings.back();
  EXPECT_EQ(summary.status, Status::fail);
  EXPECT_EQ(summary.severity, Severity::high);
  EXPECT_EQ(summary.subject.name, "infra/main.tf");
  EXPECT_EQ(summary.message,
            "150 more findings of NET-005 in this file, not listed (the first 100 are)");
  EXPECT_EQ(std::count_if(findings.begin(), findings.end(),
                          [](const Finding& f) { return f.subject.name == "infra/other.tf"; }),
            1);
}

TEST(NetworkExposure, AllPortsAllProtocolsAndIpv6CountAsOpen) {
  for (const NetworkRule& open :
       {rule({"::/0"}), rule({"*"}, {}), rule({"Any"}, {{1, 65535}}, "-1"),
        rule({"Internet"}, {{27000, 28000}}, "all")}) {
    const auto findings = of(check_network_exposure(facts_with({open}), Policy{}), "NET-005");
    ASSERT_EQ(findings.size(), 1u) << open.sources[0];
    EXPECT_EQ(findings[0].status, Status::fail) << open.sources[0];
  }
}

TEST(NetworkExposure, WhatIsNoFinding) {
  NetworkRule drop = rule({"0.0.0.0/0"});
  drop.action = NetworkRule::Action::drop;
  NetworkRule egress = rule({"0.0.0.0/0"});
  egress.direction = NetworkRule::Direction::egress;
  const std::vector<NetworkRule> harmless = {drop,
                                             egress,
                                             rule({"sg-0a1b2c"}),
                                             rule({"0.0.0.0/0"}, {{443, 443}}),
                                             rule({"10.0.0.0/8"}),
                                             rule({"198.51.100.7/32"}),
                                             rule({"0.0.0.0/0"}, {{27017, 27017}}, "udp"),
                                             rule({"203.0.113.0/24"})};
  const auto findings = check_network_exposure(facts_with(harmless), Policy{});
  const auto rules = of(findings, "NET-005");
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0].status, Status::pass) << rules[0].message;
  EXPECT_EQ(rules[0].subject.name, "infra");
}

TEST(NetworkExposure, AWidePublicRangeIsMediumUnlessThePolicyAllowsIt) {
  const auto wide =
      of(check_network_exposure(facts_with({rule({"203.0.0.0/16"})}), Policy{}), "NET-005");
  ASSERT_EQ(wide.size(), 1u);
  EXPECT_EQ(wide[0].status, Status::fail);
  EXPECT_EQ(wide[0].severity, Severity::medium);
  Policy policy;
  policy.exposure.allowed_sources = {"203.0.0.0/15"};
  EXPECT_EQ(
      of(check_network_exposure(facts_with({rule({"203.0.0.0/16"})}), policy), "NET-005")[0].status,
      Status::pass);
  policy = Policy{};
  policy.exposure.widest_public_prefix_v4 = 16;
  EXPECT_EQ(
      of(check_network_exposure(facts_with({rule({"203.0.0.0/16"})}), policy), "NET-005")[0].status,
      Status::pass);
  policy.exposure.ports = {{5432, 5432}};
  EXPECT_EQ(
      of(check_network_exposure(facts_with({rule({"0.0.0.0/0"})}), policy), "NET-005")[0].status,
      Status::pass)
      << "27017 is not among the policy's ports";
}

TEST(NetworkExposure, AnUnresolvedSourceWarns) {
  NetworkRule unknown = rule({});
  unknown.unresolved_sources = {"var.allowed"};
  const auto findings = of(check_network_exposure(facts_with({unknown}), Policy{}), "NET-005");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].status, Status::warn);
}

NetworkEndpoint endpoint(std::string kind, bool public_facing,
                         std::vector<std::string> restrictions = {}) {
  NetworkEndpoint endpoint;
  endpoint.location = {"k8s/mongo.yaml", 7, 1};
  endpoint.format = "kubernetes";
  endpoint.resource = "Service db/mongo";
  endpoint.kind = std::move(kind);
  endpoint.ports = {{27017, 27017}};
  endpoint.public_facing = public_facing;
  endpoint.source_restrictions = std::move(restrictions);
  return endpoint;
}

TEST(NetworkExposure, AnOpenLoadBalancerIsHighAndAPublishedPortMedium) {
  const auto findings =
      of(check_network_exposure(
             facts_with({}, {endpoint("load_balancer", true), endpoint("published_port", true),
                             endpoint("load_balancer", true, {"203.0.113.0/24"}),
                             endpoint("load_balancer", false),
                             endpoint("published_port", false, {"127.0.0.1"})}),
             Policy{}),
         "NET-006");
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].severity, Severity::high);
  EXPECT_EQ(findings[0].message,
            "Service db/mongo is a public load balancer in front of MongoDB port 27017 with no "
            "security group or source ranges");
  EXPECT_EQ(findings[1].severity, Severity::medium);
  EXPECT_EQ(findings[1].subject.line, 7);
}

TEST(NetworkExposure, SourceRangesThatLetAnyAddressThroughRestrictNothing) {
  const auto findings =
      of(check_network_exposure(
             facts_with({}, {endpoint("load_balancer", true, {"0.0.0.0/0", "::/0"}),
                             endpoint("load_balancer", true, {"0.0.0.0/0", "203.0.113.0/24"}),
                             endpoint("load_balancer", true, {"sg-0a1b2c"})}),
             Policy{}),
         "NET-006");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].status, Status::fail);
  EXPECT_EQ(findings[0].severity, Severity::high);
  EXPECT_EQ(findings[0].message,
            "Service db/mongo faces the network in front of MongoDB port 27017 with source ranges "
            "that let any address through (0.0.0.0/0, ::/0)");
}

TEST(NetworkExposure, AServerOnTheHostNetworkIsMedium) {
  NetworkEndpoint host = endpoint("host_network", true);
  host.format = "compose";
  host.resource = "services.mongo network_mode: host";
  const auto findings = of(check_network_exposure(facts_with({}, {host}), Policy{}), "NET-006");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].severity, Severity::medium);
  EXPECT_EQ(findings[0].message,
            "services.mongo network_mode: host runs on the host's network: MongoDB port 27017 "
            "listens on every host interface, with no source restriction");
}

TEST(NetworkExposure, EndpointsOnOtherPortsOrWithoutPortsAreNoFinding) {
  NetworkEndpoint https = endpoint("load_balancer", true);
  https.ports = {{443, 443}};
  NetworkEndpoint no_listener = endpoint("load_balancer", true);
  no_listener.ports.clear();
  const auto findings =
      of(check_network_exposure(facts_with({}, {https, no_listener}), Policy{}), "NET-006");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].status, Status::pass);
}

TEST(NetworkExposure, NoInfrastructureFileIsSkippedNeverPassed) {
  ConfigFacts facts;
  facts.roots = {"src"};
  facts.files_scanned = 10;
  const auto findings = check_network_exposure(facts, Policy{});
  ASSERT_EQ(findings.size(), 2u);
  for (const Finding& finding : findings) EXPECT_EQ(finding.status, Status::skipped);
}

// Files listed as unread (too large to read as YAML) and none read: skipped at each file and at
// the root, never "0 rules read; none opens" as a pass.
TEST(NetworkExposure, OnlyUnreadInfrastructureIsSkippedNeverPassed) {
  ConfigFacts facts;
  facts.roots = {"deploy"};
  facts.files_scanned = 1;
  facts.infrastructure_unread.push_back(
      {"deploy/svc.yaml", "deploy/svc.yaml: not read as YAML: 17000000 bytes, over the limit"});
  const auto findings = check_network_exposure(facts, Policy{});
  ASSERT_FALSE(findings.empty());
  for (const Finding& finding : findings) EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_TRUE(std::any_of(findings.begin(), findings.end(), [](const Finding& finding) {
    return finding.subject.name == "deploy" &&
           finding.message == "no infrastructure file could be read (1 not read)";
  }));
}

}  // namespace
}  // namespace network_exposure_test
}  // namespace mongoscan
