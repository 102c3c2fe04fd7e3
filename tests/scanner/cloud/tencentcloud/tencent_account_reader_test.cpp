#include "scanner/cloud/tencentcloud/tencent_account_reader.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <map>

#include "scanner/cloud/allowlisted_transport.h"
#include "scanner/cloud/cloud_api_allowlist.h"
#include "scanner/cloud/http/curl_transport.h"
#include "tests/support/control_plane_lab.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace tencent_account_reader_test {
namespace {

using nlohmann::json;
using testing_support::ControlPlaneLab;

CurlTransportOptions trusting(const ControlPlaneLab& lab) {
  CurlTransportOptions options;
  options.extra_ca_file = lab.ca_file();
  return options;
}

// What a client needs to reach a control plane lab through the allowlist.
struct LabRoute {
  explicit LabRoute(const ControlPlaneLab& lab) : curl(trusting(lab)), gate(curl, "/api/atlas/v2") {
    for (const char* service : {"mongodb", "clb", "vpc"})
      api.endpoints[service] = parse_http_endpoint(lab.endpoint()).value();
  }

  CurlTransport curl;
  AllowlistedTransport gate;
  TencentApiOptions api;
};

// The account of fixtures/cloud/tencent-lab.json, read through the allowlist, with `faults`.
struct Read {
  explicit Read(const json& faults = json::object()) {
    std::ifstream in(std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/cloud/tencent-lab.json");
    json profile = json::parse(in);
    profile["tencentcloud"]["faults"] = faults;
    std::ofstream(directory.path("profile.json")) << profile.dump();
    testing_support::ControlPlaneOptions options;
    options.profile = directory.path("profile.json");
    lab = ControlPlaneLab::start(options);
    LabRoute route(*lab);
    const Tc3Credentials credentials{
        "AKIDlabAccount000000000000000000", Secret("lab-account-secret-key-000000000"), {}};
    account = read_tencent_account(
        [&] { return TencentApiClient(route.gate, credentials, route.api); },
        TencentAccountScope{{"ap-guangzhou"}, {}}, 4, Deadline::after(std::chrono::seconds(60)));
  }

  const ManagedInstance& instance(const std::string& id) const {
    for (const ManagedInstance& read : account.instances)
      if (read.id == id) return read;
    throw std::runtime_error("no instance " + id);
  }

  testing_support::TempTree directory;
  std::unique_ptr<ControlPlaneLab> lab;
  CloudAccountFacts account;
};

TEST(TencentAccountReader, EveryInstanceWithItsNodesGroupsAndSsl) {
  const Read read;
  EXPECT_TRUE(read.account.failed_reads.empty());
  ASSERT_EQ(2u, read.account.instances.size());
  const ManagedInstance& sharded = read.instance("cmgo-shard001");
  EXPECT_EQ("sharded", sharded.topology);
  ASSERT_TRUE(sharded.nodes.has_value());
  ASSERT_EQ(4u, sharded.nodes->size());
  EXPECT_EQ("203.0.113.45:27017", (*sharded.nodes)[0].public_address);
  ASSERT_TRUE(sharded.security_groups.has_value());
  EXPECT_EQ("0.0.0.0/0", (*sharded.security_groups)[0].inbound[0].source);
  EXPECT_EQ(std::optional<bool>(false), sharded.ssl_enabled);

  const ManagedInstance& replica_set = read.instance("cmgo-rs000001");
  EXPECT_EQ(std::optional<bool>(true), replica_set.ssl_enabled);
  ASSERT_TRUE(replica_set.security_groups.has_value());
  EXPECT_EQ("sg-app00001", (*replica_set.security_groups)[0].inbound[1].source_reference);
  // The lab's default node list: one primary at the VIP, no public address.
  ASSERT_TRUE(replica_set.nodes.has_value());
  EXPECT_EQ("10.0.0.31:27017", (*replica_set.nodes)[0].address);

  // The load balancers, with targets; the groups read are those of the two in front of an
  // instance (not the website's).
  ASSERT_EQ(3u, read.account.load_balancers.size());
  const ManagedLoadBalancer& open = read.account.load_balancers[0];
  EXPECT_TRUE(open.public_facing);
  ASSERT_TRUE(open.forwards.has_value());
  ASSERT_EQ(2u, open.forwards->size());
  EXPECT_EQ("10.0.0.22:27017", (*open.forwards)[0].target_address);
  ASSERT_EQ(1u, open.security_groups.size());
  EXPECT_EQ("0.0.0.0/0", open.security_groups[0].inbound[0].source);
  EXPECT_EQ("10.0.2.10:8080", (*read.account.load_balancers[2].forwards)[0].target_address);
  EXPECT_TRUE(read.account.load_balancers[2].security_groups.empty());

  // Audit, backup retention and accounts: the lab's replica set is audited, the sharded cluster
  // not; both keep backups the default 7 days and have the default account only.
  EXPECT_EQ(std::optional<bool>(false), sharded.audit_enabled);
  EXPECT_EQ(std::optional<bool>(true), replica_set.audit_enabled);
  EXPECT_EQ(std::optional<std::uint64_t>(7), replica_set.backup_retention_days);
  ASSERT_TRUE(replica_set.accounts.has_value());
  ASSERT_EQ(1u, replica_set.accounts->size());
  EXPECT_EQ("mongouser", (*replica_set.accounts)[0].name);

  // Only allowlisted actions were sent, each signed and answered: 2 lists (instances, audited)
  // and 5 per instance of mongodb, 1 list and 3 targets of clb, 2 groups of vpc.
  const std::map<std::string, std::string> versions = {
      {"mongodb", "2019-07-25"}, {"clb", "2018-03-17"}, {"vpc", "2017-03-12"}};
  const auto requests = read.lab->request_log();
  EXPECT_EQ(18u, requests.size());
  for (const json& entry : requests) {
    const std::string service = entry.value("service", "");
    ASSERT_TRUE(versions.contains(service)) << entry.dump();
    EXPECT_TRUE(tencent_action_allowed(service, versions.at(service), entry.value("action", "")))
        << entry.dump();
    EXPECT_FALSE(entry.contains("error")) << entry.dump();
  }
}

TEST(TencentAccountReader, ARefusedCallLeavesItsPartUnreadAndNamed) {
  const Read read(json{{"unauthorized_actions", {"mongodb:DescribeSecurityGroup"}}});
  ASSERT_EQ(2u, read.account.instances.size());
  ASSERT_EQ(2u, read.account.failed_reads.size());
  for (const CloudReadFailure& failure : read.account.failed_reads) {
    EXPECT_EQ("mongodb:DescribeSecurityGroup", failure.call);
    EXPECT_EQ(ErrorCode::unauthorized, failure.error.code);
  }
  EXPECT_EQ("ap-guangzhou/cmgo-shard001", read.account.failed_reads[0].scope);
  for (const ManagedInstance& instance : read.account.instances) {
    EXPECT_FALSE(instance.security_groups.has_value());
    EXPECT_TRUE(instance.ssl_enabled.has_value());
  }
}

TEST(TencentAccountReader, ARegionThatCannotBeListedIsRecorded) {
  const Read read(json{{"unauthorized_actions", {"mongodb:DescribeDBInstances"}}});
  EXPECT_TRUE(read.account.instances.empty());
  ASSERT_EQ(1u, read.account.failed_reads.size());
  EXPECT_EQ("ap-guangzhou", read.account.failed_reads[0].scope);
}

TEST(TencentAccountReader, CallsReadInParallelKeepTheRegionsOrder) {
  testing_support::ControlPlaneOptions options;
  options.profile = "tencent-paged";
  options.latency_ms = 20;
  const auto lab = ControlPlaneLab::start(options);
  LabRoute route(*lab);
  const Tc3Credentials credentials{
      "AKIDlabPagedClient0000000000000000", Secret("lab-paged-secret-key-0000000000000"), {}};
  std::atomic<int> clients{0};
  const CloudAccountFacts account = read_tencent_account(
      [&] {
        ++clients;
        return TencentApiClient(route.gate, credentials, route.api);
      },
      TencentAccountScope{{"ap-shanghai", "ap-guangzhou"}, {}}, 4,
      Deadline::after(std::chrono::seconds(60)));
  // Three phases (lists; parts and targets; groups), each at most four workers.
  EXPECT_LE(clients.load(), 12);
  EXPECT_TRUE(account.failed_reads.empty());
  ASSERT_EQ(6u, account.instances.size());
  EXPECT_EQ("cmgo-sh000001", account.instances[0].id);  // the scope's order, not the finish order
  EXPECT_EQ("cmgo-gz000001", account.instances[1].id);
  EXPECT_EQ((std::vector<std::string>{"ap-shanghai", "ap-guangzhou"}), account.regions);
}

}  // namespace
}  // namespace tencent_account_reader_test
}  // namespace mongoscan
