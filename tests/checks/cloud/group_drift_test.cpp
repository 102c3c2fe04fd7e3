#include "checks/cloud/group_drift.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace group_drift_test {
namespace {

// A region whose instance has group sg-db (27017 from the app subnet and from group sg-app, the
// internal load balancer's VIP for health checks, then DROP everything) and whose load balancer
// has group sg-lb (27017 from the office).
std::vector<CloudAccountFacts> clouds() {
  CloudAccountFacts account;
  account.provider = "tencentcloud";
  ManagedInstance instance;
  instance.region = "ap-guangzhou";
  instance.id = "cmgo-1";
  instance.security_groups = std::vector<CloudSecurityGroup>{
      {"sg-db",
       "db",
       {{true, "TCP", {{27017, 27017}}, "10.0.1.0/24", "", "app subnet"},
        {true, "TCP", {{27017, 27017}}, "", "sg-app", "app servers"},
        {true, "TCP", {{27017, 27017}}, "10.0.0.90/32", "", "health checks"},
        {false, "ALL", {}, "0.0.0.0/0", "", ""}}}};
  account.instances = {instance};
  ManagedLoadBalancer balancer;
  balancer.region = "ap-guangzhou";
  balancer.id = "lb-1";
  balancer.security_groups = {
      {"sg-lb", "", {{true, "TCP", {{27017, 27017}}, "203.0.113.10/32", "", "office"}}}};
  account.load_balancers = {balancer};
  return {account};
}

NetworkRule code_rule(std::string group, NetworkRule::Action action, std::string protocol,
                      std::vector<PortRange> ports, std::vector<std::string> sources) {
  NetworkRule rule;
  rule.location = {"infra/db.tf", 3, 1};
  rule.format = "terraform";
  rule.resource = "tencentcloud_security_group_rule_set.db";
  rule.action = action;
  rule.protocol = std::move(protocol);
  rule.ports = std::move(ports);
  rule.sources = std::move(sources);
  rule.group = std::move(group);
  return rule;
}

// The code of sg-db without the health-check rule: the same rules as Terraform writes them (upper
// case protocols, several sources in one rule).
std::vector<NetworkRule> db_code() {
  return {code_rule("sg-db", NetworkRule::Action::accept, "TCP", {{27017, 27017}},
                    {"10.0.1.0/24", "sg-app"}),
          code_rule("sg-db", NetworkRule::Action::drop, "ALL", {}, {"0.0.0.0/0"})};
}

TEST(GroupDrift, ALiveRuleTheCodeDoesNotDeclareFailsNamingIt) {
  const std::vector<Finding> findings = check_group_drift(db_code(), clouds(), Policy{});
  ASSERT_EQ(findings.size(), 1u) << "sg-lb is named by no code";
  EXPECT_EQ(findings[0].subject.name, "tencentcloud:ap-guangzhou/sg-db");
  EXPECT_EQ(findings[0].status, Status::fail);
  EXPECT_EQ(findings[0].evidence["absent_from_code"],
            nlohmann::json::array({"accept tcp 27017 from 10.0.0.90/32"}));
  EXPECT_NE(findings[0].message.find("tencentcloud_security_group_rule_set.db (infra/db.tf)"),
            std::string::npos);
}

TEST(GroupDrift, EveryLiveRuleDeclaredPassesAndOtherDirectionsOrGroupsDoNotCount) {
  std::vector<NetworkRule> code = db_code();
  code.push_back(
      code_rule("sg-db", NetworkRule::Action::accept, "tcp", {{27017, 27017}}, {"10.0.0.90/32"}));
  NetworkRule egress = code_rule("sg-lb", NetworkRule::Action::accept, "tcp", {}, {"0.0.0.0/0"});
  egress.direction = NetworkRule::Direction::egress;
  code.push_back(egress);
  code.push_back(
      code_rule("", NetworkRule::Action::accept, "tcp", {{27017, 27017}}, {"203.0.113.10/32"}));
  const std::vector<Finding> findings = check_group_drift(code, clouds(), Policy{});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].status, Status::pass) << findings[0].message;
}

TEST(GroupDrift, AnotherPortOrActionIsNoDeclarationAndAnUnresolvedSourceCannotTell) {
  std::vector<NetworkRule> code = db_code();
  code.push_back(
      code_rule("sg-db", NetworkRule::Action::accept, "tcp", {{27018, 27018}}, {"10.0.0.90/32"}));
  EXPECT_EQ(check_group_drift(code, clouds(), Policy{})[0].status, Status::fail);
  code.push_back(code_rule("sg-db", NetworkRule::Action::accept, "tcp", {{27017, 27017}}, {}));
  code.back().unresolved_sources = {"var.health_check_source"};
  const Finding finding = check_group_drift(code, clouds(), Policy{})[0];
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_EQ(finding.evidence["source_not_resolved"],
            nlohmann::json::array({"accept tcp 27017 from 10.0.0.90/32"}));
}

TEST(GroupDrift, ALoadBalancersGroupIsComparedToo) {
  const std::vector<NetworkRule> code = {
      code_rule("sg-lb", NetworkRule::Action::accept, "tcp", {{27017, 27017}}, {"0.0.0.0/0"})};
  const std::vector<Finding> findings = check_group_drift(code, clouds(), Policy{});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].subject.name, "tencentcloud:ap-guangzhou/sg-lb");
  EXPECT_EQ(findings[0].status, Status::fail) << "the office rule is live, not in the code";
}

}  // namespace
}  // namespace group_drift_test
}  // namespace mongoscan
