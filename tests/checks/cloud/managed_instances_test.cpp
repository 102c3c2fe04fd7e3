#include "checks/cloud/managed_instances.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace managed_instances_test {
namespace {

CloudGroupRule accept_from(std::string source, std::vector<PortRange> ports = {{27017, 27017}}) {
  return CloudGroupRule{true, "tcp", std::move(ports), std::move(source), "", ""};
}

// A replica set kept to its VPC: one node without a public address, a group that admits only the
// application subnet, SSL on, audit on, backups kept 7 days, only the default account over every
// database and an application account on its own.
ManagedInstance sound_instance() {
  ManagedInstance instance;
  instance.provider = "tencentcloud";
  instance.region = "ap-guangzhou";
  instance.id = "cmgo-1";
  instance.topology = "replica_set";
  instance.vip = "10.0.0.2";
  instance.vport = 27017;
  instance.nodes =
      std::vector<ManagedNode>{{"cmgo-1_0-node-primary", "10.0.0.2:27017", "", "PRIMARY", false}};
  instance.security_groups =
      std::vector<CloudSecurityGroup>{{"sg-1", "db", {accept_from("10.0.1.0/24")}}};
  instance.ssl_enabled = true;
  instance.audit_enabled = true;
  instance.backup_retention_days = 7;
  instance.accounts =
      std::vector<ManagedAccount>{{"mongouser", {{3, "*"}}}, {"app", {{3, "shop"}}}};
  return instance;
}

CloudAccountFacts account_of(ManagedInstance instance) {
  CloudAccountFacts account;
  account.provider = "tencentcloud";
  account.regions = {"ap-guangzhou"};
  account.instances.push_back(std::move(instance));
  return account;
}

// A copy: callers pass the findings of a call, which end with the statement.
Finding finding(const std::vector<Finding>& findings, const std::string& id) {
  for (const Finding& found : findings)
    if (found.check_id == id) return found;
  throw std::runtime_error("no " + id);
}

TEST(ManagedInstances, ASoundInstancePassesEveryCheckOnItsOwnSubject) {
  const auto findings = check_managed_instances(account_of(sound_instance()), Policy{});
  ASSERT_EQ(managed_instance_specs().size(), findings.size());
  for (const Finding& found : findings) {
    // CLOUD-005 has nothing to judge without a load balancer in front.
    EXPECT_EQ(found.check_id == "CLOUD-005" ? Status::skipped : Status::pass, found.status)
        << found.check_id << ": " << found.message;
    EXPECT_EQ(Subject::Kind::cloud, found.subject.kind);
    EXPECT_EQ("tencentcloud:ap-guangzhou/cmgo-1", found.subject.name);
  }
  EXPECT_NE(
      std::string::npos,
      finding(findings, "CLOUD-002").message.find("only from named sources: 10.0.1.0/24 to 27017"));
}

TEST(ManagedInstances, APublicAddressOnANodeFailsAndMakesSslOffAFailure) {
  ManagedInstance instance = sound_instance();
  (*instance.nodes)[0].public_address = "203.0.113.9:27017";
  instance.ssl_enabled = false;
  const auto findings = check_managed_instances(account_of(instance), Policy{});
  EXPECT_EQ(Status::fail, finding(findings, "CLOUD-001").status);
  EXPECT_NE(std::string::npos, finding(findings, "CLOUD-001").message.find("203.0.113.9:27017"));
  EXPECT_EQ(Status::fail, finding(findings, "CLOUD-003").status);
}

TEST(ManagedInstances, SslOffPassesOnlyWhereEveryPathWasReadAndNoneIsPublic) {
  ManagedInstance instance = sound_instance();
  instance.ssl_enabled = false;
  const auto private_only = check_managed_instances(account_of(instance), Policy{});
  EXPECT_EQ(Status::pass, finding(private_only, "CLOUD-003").status);
  instance.nodes.reset();
  const auto unknown = check_managed_instances(account_of(instance), Policy{});
  EXPECT_EQ(Status::warn, finding(unknown, "CLOUD-003").status);
}

TEST(ManagedInstances, GroupRulesAreJudgedInOrderWithThePolicysRanges) {
  struct Case {
    std::vector<CloudGroupRule> rules;
    Status expected;
    std::string says;
  };
  CloudGroupRule drop_all{false, "all", {}, "0.0.0.0/0", "", ""};
  CloudGroupRule from_group{true, "tcp", {{27017, 27017}}, "", "sg-app", ""};
  const std::vector<Case> cases = {
      {{accept_from("0.0.0.0/0")}, Status::fail, "any address: sg-1: 0.0.0.0/0 to 27017"},
      {{accept_from("::/0", {})}, Status::fail, "any address"},
      {{accept_from("203.0.0.0/16")}, Status::fail, "wider than the policy allows"},
      {{accept_from("203.0.113.7/32")}, Status::pass, "203.0.113.7/32"},
      {{from_group}, Status::pass, "sg-app to 27017"},
      {{accept_from("0.0.0.0/0", {{443, 443}})}, Status::pass, "admit no source"},
      {{drop_all, accept_from("0.0.0.0/0")}, Status::pass, "admit no source"},
      {{accept_from("0.0.0.0/0"), drop_all}, Status::fail, "any address"},
      {{CloudGroupRule{true, "udp", {}, "0.0.0.0/0", "", ""}}, Status::pass, "admit no source"},
      {{}, Status::pass, "admit no source"},
  };
  for (const Case& tried : cases) {
    ManagedInstance instance = sound_instance();
    (*instance.security_groups)[0].inbound = tried.rules;
    const Finding groups =
        finding(check_managed_instances(account_of(instance), Policy{}), "CLOUD-002");
    SCOPED_TRACE(groups.message);
    EXPECT_EQ(tried.expected, groups.status);
    EXPECT_NE(std::string::npos, groups.message.find(tried.says));
  }
}

TEST(ManagedInstances, TheInstancesOwnPortCountsAsAMongoDbPort) {
  ManagedInstance instance = sound_instance();
  instance.vport = 30000;
  (*instance.security_groups)[0].inbound = {accept_from("0.0.0.0/0", {{30000, 30000}})};
  EXPECT_EQ(Status::fail,
            finding(check_managed_instances(account_of(instance), Policy{}), "CLOUD-002").status);
}

TEST(ManagedInstances, NoGroupWarns) {
  ManagedInstance instance = sound_instance();
  instance.security_groups = std::vector<CloudSecurityGroup>{};
  EXPECT_EQ(Status::warn,
            finding(check_managed_instances(account_of(instance), Policy{}), "CLOUD-002").status);
}

TEST(ManagedInstances, WhatWasNotReadIsAnErrorNamingTheCall) {
  ManagedInstance instance = sound_instance();
  instance.security_groups.reset();
  instance.nodes.reset();
  CloudAccountFacts account = account_of(instance);
  account.failed_reads.push_back(
      {"mongodb:DescribeSecurityGroup", "ap-guangzhou/cmgo-1",
       Error{ErrorCode::unauthorized, "cloud",
             "tencentcloud mongodb:DescribeSecurityGroup in ap-guangzhou: UnauthorizedOperation"}});
  const auto findings = check_managed_instances(account, Policy{});
  const Finding& groups = finding(findings, "CLOUD-002");
  EXPECT_EQ(Status::error, groups.status);
  EXPECT_NE(std::string::npos, groups.message.find("UnauthorizedOperation"));
  EXPECT_EQ(Status::error, finding(findings, "CLOUD-001").status);
  // SSL was read and is on.
  EXPECT_EQ(Status::pass, finding(findings, "CLOUD-003").status);
}

TEST(ManagedInstances, ARegionThatWasNotListedIsAnErrorForEveryCheck) {
  CloudAccountFacts account;
  account.provider = "tencentcloud";
  account.regions = {"ap-shanghai"};
  account.failed_reads.push_back({"mongodb:DescribeDBInstances", "ap-shanghai",
                                  Error{ErrorCode::auth_failed, "cloud",
                                        "tencentcloud mongodb:DescribeDBInstances in ap-shanghai: "
                                        "AuthFailure.SignatureFailure"}});
  const auto findings = check_managed_instances(account, Policy{});
  ASSERT_EQ(managed_instance_specs().size(), findings.size());
  for (const Finding& found : findings) {
    EXPECT_EQ(Status::error, found.status);
    EXPECT_EQ("tencentcloud:ap-shanghai", found.subject.name);
  }
}

ManagedLoadBalancer balancer_to(const std::string& target, bool public_facing,
                                std::vector<CloudSecurityGroup> groups) {
  ManagedLoadBalancer balancer;
  balancer.region = "ap-guangzhou";
  balancer.id = public_facing ? "lb-open" : "lb-internal";
  balancer.public_facing = public_facing;
  balancer.vips = {public_facing ? "203.0.113.80" : "10.0.0.90"};
  for (const CloudSecurityGroup& group : groups) balancer.security_group_ids.push_back(group.id);
  balancer.security_groups = std::move(groups);
  balancer.forwards = std::vector<LoadBalancerForward>{{"TCP", 27017, target}};
  return balancer;
}

TEST(ManagedInstances, APublicLoadBalancerMustAdmitOnlyNamedSources) {
  struct Case {
    ManagedLoadBalancer balancer;
    Status expected;
    std::string says;
  };
  const CloudSecurityGroup open{"sg-clb", "", {accept_from("0.0.0.0/0")}};
  const CloudSecurityGroup named{"sg-clb", "", {accept_from("198.51.100.7/32")}};
  const std::vector<Case> cases = {
      {balancer_to("10.0.0.2:27017", true, {}), Status::fail, "with no security group"},
      {balancer_to("10.0.0.2:27017", true, {open}), Status::fail, "admits any address"},
      {balancer_to("10.0.0.2:27017", true, {named}), Status::pass, "198.51.100.7/32"},
      {balancer_to("10.0.0.2:27017", false, {}), Status::pass, "only internal"},
      {balancer_to("10.9.9.9:27017", true, {}), Status::pass, "no load balancer forwards"},
  };
  for (const Case& tried : cases) {
    CloudAccountFacts account = account_of(sound_instance());
    account.load_balancers.push_back(tried.balancer);
    const auto findings = check_managed_instances(account, Policy{});
    const Finding& front = finding(findings, "CLOUD-004");
    SCOPED_TRACE(front.message);
    EXPECT_EQ(tried.expected, front.status);
    EXPECT_NE(std::string::npos, front.message.find(tried.says));
  }
  // A public load balancer in front of it is a public path: SSL off fails.
  ManagedInstance plain = sound_instance();
  plain.ssl_enabled = false;
  CloudAccountFacts account = account_of(plain);
  account.load_balancers.push_back(balancer_to("10.0.0.2:27017", true, {named}));
  EXPECT_EQ(Status::fail, finding(check_managed_instances(account, Policy{}), "CLOUD-003").status);
}

TEST(ManagedInstances, TheInstancesGroupsMustAdmitTheLoadBalancerInFront) {
  CloudAccountFacts refused = account_of(sound_instance());
  refused.load_balancers.push_back(balancer_to("10.0.0.2:27017", false, {}));
  const auto dropped = check_managed_instances(refused, Policy{});
  EXPECT_EQ(Status::fail, finding(dropped, "CLOUD-005").status);
  EXPECT_NE(std::string::npos,
            finding(dropped, "CLOUD-005").message.find("lb-internal (10.0.0.90)"));

  ManagedInstance admitting = sound_instance();
  (*admitting.security_groups)[0].inbound.push_back(accept_from("10.0.0.90/32"));
  CloudAccountFacts admitted = account_of(admitting);
  admitted.load_balancers.push_back(balancer_to("10.0.0.2:27017", false, {}));
  EXPECT_EQ(Status::pass, finding(check_managed_instances(admitted, Policy{}), "CLOUD-005").status);

  CloudAccountFacts passing = account_of(sound_instance());
  passing.load_balancers.push_back(balancer_to("10.0.0.2:27017", false, {}));
  passing.load_balancers.back().passes_to_target = true;
  const auto bypassed = check_managed_instances(passing, Policy{});
  EXPECT_EQ(Status::pass, finding(bypassed, "CLOUD-005").status);
  EXPECT_NE(std::string::npos,
            finding(bypassed, "CLOUD-005").message.find("without the instance's groups"));
}

TEST(ManagedInstances, LoadBalancersNotReadAreNeverAPass) {
  CloudAccountFacts unlisted = account_of(sound_instance());
  unlisted.failed_reads.push_back(
      {"clb:DescribeLoadBalancers", "ap-guangzhou",
       Error{ErrorCode::unauthorized, "cloud", "tencentcloud clb:DescribeLoadBalancers: denied"}});
  const auto findings = check_managed_instances(unlisted, Policy{});
  EXPECT_EQ(Status::error, finding(findings, "CLOUD-004").status);
  EXPECT_EQ(Status::error, finding(findings, "CLOUD-005").status);

  ManagedInstance plain = sound_instance();
  plain.ssl_enabled = false;
  CloudAccountFacts untargeted = account_of(plain);
  ManagedLoadBalancer unread = balancer_to("10.0.0.2:27017", true, {});
  unread.forwards.reset();
  untargeted.load_balancers.push_back(unread);
  const auto unknown = check_managed_instances(untargeted, Policy{});
  EXPECT_EQ(Status::error, finding(unknown, "CLOUD-004").status);
  EXPECT_EQ(Status::warn, finding(unknown, "CLOUD-003").status);
}

TEST(ManagedInstances, AuditOffFailsAndAnAuditListNotReadIsAnErrorOfEachInstance) {
  ManagedInstance instance = sound_instance();
  instance.audit_enabled = false;
  EXPECT_EQ(Status::fail,
            finding(check_managed_instances(account_of(instance), Policy{}), "CLOUD-008").status);
  instance.audit_enabled.reset();
  CloudAccountFacts account = account_of(instance);
  account.failed_reads.push_back(
      {"mongodb:DescribeAuditInstanceList", "ap-guangzhou",
       Error{ErrorCode::unauthorized, "cloud", "UnauthorizedOperation"}});
  const auto findings = check_managed_instances(account, Policy{});
  const Finding audit = finding(findings, "CLOUD-008");
  EXPECT_EQ(Status::error, audit.status);
  EXPECT_NE(std::string::npos, audit.message.find("UnauthorizedOperation")) << audit.message;
  // The region's other checks are judged: the failure is the audit list's alone.
  EXPECT_EQ(Status::pass, finding(findings, "CLOUD-002").status);
  EXPECT_EQ(managed_instance_specs().size(), findings.size());
}

TEST(ManagedInstances, BackupsKeptFewerDaysThanThePolicyAsksWarn) {
  ManagedInstance instance = sound_instance();
  Policy policy;
  policy.tencentcloud.backup_min_retention_days = 30;
  const Finding short_kept =
      finding(check_managed_instances(account_of(instance), policy), "CLOUD-009");
  EXPECT_EQ(Status::warn, short_kept.status);
  EXPECT_NE(std::string::npos, short_kept.message.find("kept 7 days, fewer than the policy's 30"));
  instance.backup_retention_days.reset();
  EXPECT_EQ(Status::error,
            finding(check_managed_instances(account_of(instance), policy), "CLOUD-009").status);
}

TEST(ManagedInstances, ReadWriteOnEveryDatabaseIsForDeclaredAdministrators) {
  ManagedInstance instance = sound_instance();
  instance.accounts->push_back({"etl", {{1, "*"}, {3, "*"}}});
  const Finding undeclared =
      finding(check_managed_instances(account_of(instance), Policy{}), "CLOUD-010");
  EXPECT_EQ(Status::warn, undeclared.status);  // no administrators declared
  EXPECT_NE(std::string::npos, undeclared.message.find("etl@admin")) << undeclared.message;
  EXPECT_EQ(std::string::npos, undeclared.message.find("mongouser"));
  Policy policy;
  policy.administrators = std::set<std::string>{"dba@admin"};
  EXPECT_EQ(Status::fail,
            finding(check_managed_instances(account_of(instance), policy), "CLOUD-010").status);
  policy.administrators->insert("etl@admin");
  EXPECT_EQ(Status::pass,
            finding(check_managed_instances(account_of(instance), policy), "CLOUD-010").status);
  instance.accounts.reset();
  EXPECT_EQ(Status::error,
            finding(check_managed_instances(account_of(instance), policy), "CLOUD-010").status);
}

}  // namespace
}  // namespace managed_instances_test
}  // namespace mongoscan
