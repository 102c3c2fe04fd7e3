// The CONN-* checks on real connection strings: where each one turns from pass to warn to fail.

#include "checks/connection/connection_string.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace connection_string_test {
namespace {

using check_test::finding_for;
using check_test::uri_target;

Finding judge(const std::string& uri, std::string_view id, const Policy& policy = Policy{}) {
  return finding_for(check_connection_string(uri_target(uri), policy), id);
}

Status status_of(const std::string& uri, std::string_view id, const Policy& policy = Policy{}) {
  return judge(uri, id, policy).status;
}

TEST(ConnectionStringChecks, EmitOneFindingPerCheckAboutTheRedactedUri) {
  const auto target = uri_target("mongodb://app:Secr3t!pw@db1.example.com/?maxPoolSize=100");
  const auto findings = check_connection_string(target, Policy{});
  ASSERT_EQ(findings.size(), connection_string_specs().size());
  for (std::size_t i = 0; i < findings.size(); ++i) {
    EXPECT_EQ(findings[i].check_id, connection_string_specs()[i].id);
    EXPECT_EQ(findings[i].subject.kind, Subject::Kind::uri);
    EXPECT_EQ(findings[i].subject.name, target.redacted_uri);
    EXPECT_FALSE(findings[i].message.empty());
    EXPECT_EQ(findings[i].message.find('\n'), std::string::npos);
  }
}

TEST(HighAvailabilityAddress, FailsForOneMemberPassesForSeveralSeedsSrvOrLoadBalancer) {
  EXPECT_EQ(status_of("mongodb://db1.example.com", "CONN-001"), Status::fail);
  EXPECT_EQ(status_of("mongodb://db1.example.com/?directConnection=true", "CONN-001"),
            Status::fail);
  EXPECT_EQ(status_of("mongodb://db1.example.com/?replicaSet=rs0", "CONN-001"), Status::warn);
  EXPECT_EQ(status_of("mongodb://db1,db2/?replicaSet=rs0", "CONN-001"), Status::pass);
  EXPECT_EQ(status_of("mongodb://mongos1,mongos2", "CONN-001"), Status::pass);
  EXPECT_EQ(status_of("mongodb+srv://cluster.example.com", "CONN-001"), Status::pass);
  EXPECT_EQ(status_of("mongodb://lb.example.com/?loadBalanced=true", "CONN-001"), Status::pass);
}

// Issue 36 item 1: a string written in a file that names only this machine is a development
// server's; one given to scan names the deployment scanned and is judged.
TEST(HighAvailabilityAddress, ALocalStringFoundInAFileIsNotJudgedForAvailabilityPoolOrAuthSource) {
  UriTarget found = uri_target("mongodb://127.0.0.1:27017/parse");
  found.found_at = Subject::file("bootstrap.sh", 7, 22);
  const auto local = finding_for(check_connection_string(found, Policy{}), "CONN-001");
  EXPECT_EQ(local.status, Status::skipped);
  EXPECT_EQ(status_of("mongodb://127.0.0.1:27017/parse", "CONN-001"), Status::fail);
  // Nor its pool or authentication database: the specification rules on deployments.
  UriTarget with_user = uri_target("mongodb://val:pw@localhost:27017/mydb");
  with_user.found_at = Subject::file("connection.js", 3, 5);
  const auto findings = check_connection_string(with_user, Policy{});
  EXPECT_EQ(finding_for(findings, "CONN-002").status, Status::skipped);
  EXPECT_EQ(finding_for(findings, "CONN-007").status, Status::skipped);
  EXPECT_EQ(status_of("mongodb://val:pw@localhost:27017/mydb", "CONN-002"), Status::warn);
  UriTarget remote = uri_target("mongodb://db1.internal:27017/parse");
  remote.found_at = Subject::file("bootstrap.sh", 8, 22);
  EXPECT_EQ(finding_for(check_connection_string(remote, Policy{}), "CONN-001").status,
            Status::fail);
}

TEST(HighAvailabilityAddress, EvidenceNamesHostsAndScheme) {
  const auto finding = judge("mongodb://db1.example.com/?directConnection=true", "CONN-001");
  EXPECT_EQ(finding.evidence["hosts"], nlohmann::json::array({"db1.example.com:27017"}));
  EXPECT_EQ(finding.evidence["scheme"], "mongodb");
  EXPECT_EQ(finding.evidence["directConnection"], true);
  EXPECT_NE(finding.message.find("directConnection=true"), std::string::npos);
}

TEST(AuthSource, SkippedWithoutCredentials) {
  EXPECT_EQ(status_of("mongodb://db1,db2", "CONN-002"), Status::skipped);
}

TEST(AuthSource, PassWhenGivenWarnWhenImpliedByPathFailOtherwise) {
  EXPECT_EQ(status_of("mongodb://app:pw@db1,db2/?authSource=admin", "CONN-002"), Status::pass);
  const auto implied = judge("mongodb://app:pw@db1,db2/orders", "CONN-002");
  EXPECT_EQ(implied.status, Status::warn);
  EXPECT_EQ(implied.evidence["database"], "orders");
  const auto defaulted = judge("mongodb://app:pw@db1,db2/", "CONN-002");
  EXPECT_EQ(defaulted.status, Status::fail);
  EXPECT_EQ(defaulted.severity, Severity::medium);
  EXPECT_EQ(defaulted.evidence["effective_auth_source"], "admin");
}

TEST(AuthSource, ExternalMechanismsNeedNoAuthSource) {
  EXPECT_EQ(status_of("mongodb://db1,db2/?authMechanism=MONGODB-X509&tls=true", "CONN-002"),
            Status::pass);
}

Policy explicit_options_policy() {
  Policy policy;
  policy.connection.explicit_options = true;
  return policy;
}

TEST(Retries, FailWhenEitherIsDisabled) {
  EXPECT_EQ(status_of("mongodb://db1,db2", "CONN-004"), Status::pass);
  EXPECT_EQ(status_of("mongodb://db1,db2/?retryWrites=true&retryReads=true", "CONN-004"),
            Status::pass);
  EXPECT_EQ(status_of("mongodb://db1,db2/?retryWrites=false", "CONN-004"), Status::fail);
  const auto reads = judge("mongodb://db1,db2/?retryReads=false", "CONN-004");
  EXPECT_EQ(reads.status, Status::fail);
  EXPECT_EQ(reads.evidence["retryReads"], false);
}

TEST(Retries, LeftOutPassOnTheDriverDefaultUnlessThePolicyWantsThemWritten) {
  const auto defaulted = judge("mongodb://db1,db2/?retryWrites=true", "CONN-004");
  EXPECT_EQ(defaulted.status, Status::pass);
  EXPECT_EQ(defaulted.evidence["driver_defaults"]["retryReads"]["value"], true);
  EXPECT_FALSE(defaulted.evidence["driver_defaults"].contains("retryWrites"));
  EXPECT_NE(defaulted.message.find("driver default"), std::string::npos);
  EXPECT_EQ(status_of("mongodb://db1,db2/?retryWrites=true", "CONN-004", explicit_options_policy()),
            Status::warn);
  EXPECT_EQ(status_of("mongodb://db1,db2/?retryWrites=true&retryReads=true", "CONN-004",
                      explicit_options_policy()),
            Status::pass);
}

TEST(WriteConcern, CoreWorkloadNeedsMajority) {
  EXPECT_EQ(status_of("mongodb://db1,db2,db3/?w=majority", "CONN-005"), Status::pass);
  EXPECT_EQ(status_of("mongodb://db1,db2,db3/?w=0", "CONN-005"), Status::fail);
  EXPECT_EQ(status_of("mongodb://db1,db2,db3/?w=1", "CONN-005"), Status::fail);
  EXPECT_EQ(status_of("mongodb://db1,db2,db3/?w=majority&journal=false", "CONN-005"), Status::fail);
  EXPECT_EQ(status_of("mongodb://db1,db2,db3/?w=dcTag", "CONN-005"), Status::warn);
}

TEST(WriteConcern, LeftOutPassesOnTheServersDefaultUnlessThePolicyWantsItWritten) {
  const auto defaulted = judge("mongodb://db1,db2,db3", "CONN-005");
  EXPECT_EQ(defaulted.status, Status::pass);
  EXPECT_NE(defaulted.message.find("HARD-012"), std::string::npos);
  EXPECT_NE(defaulted.evidence["driver_defaults"]["w"]["source"].get<std::string>().find(
                "read-write-concern specification"),
            std::string::npos);
  EXPECT_EQ(status_of("mongodb://db1,db2,db3", "CONN-005", explicit_options_policy()),
            Status::warn);
  EXPECT_EQ(status_of("mongodb://db1,db2,db3/?journal=false", "CONN-005"), Status::fail);
}

TEST(WriteConcern, NumericWBelowTheListedMajorityFails) {
  EXPECT_EQ(status_of("mongodb://db1,db2,db3,db4/?w=2", "CONN-005"), Status::fail);
  EXPECT_EQ(status_of("mongodb://db1,db2,db3/?w=2", "CONN-005"), Status::warn);
  EXPECT_EQ(status_of("mongodb+srv://cluster.example.com/?w=2", "CONN-005"), Status::warn);
}

TEST(WriteConcern, PolicyChoosesTheWorkloadsThatNeedMajority) {
  Policy analytics;
  analytics.workload = "analytics";
  const auto skipped = judge("mongodb://db1,db2,db3/?w=1", "CONN-005", analytics);
  EXPECT_EQ(skipped.status, Status::skipped);
  EXPECT_EQ(skipped.evidence["workload"], "analytics");
  analytics.majority_write_workloads.insert("analytics");
  EXPECT_EQ(status_of("mongodb://db1,db2,db3/?w=1", "CONN-005", analytics), Status::fail);
}

TEST(ReadPreference, WarnsWhenOutsideTheWorkloadsModes) {
  EXPECT_EQ(status_of("mongodb://db1,db2/?readPreference=primary", "CONN-006"), Status::pass);
  EXPECT_EQ(status_of("mongodb://db1,db2/?readPreference=nearest", "CONN-006"), Status::warn);
  const auto secondary = judge("mongodb://db1,db2/?readPreference=secondary", "CONN-006");
  EXPECT_EQ(secondary.status, Status::warn);
  EXPECT_EQ(secondary.evidence["workload"], "core");
  EXPECT_EQ(secondary.evidence["readPreference"], "secondary");
}

TEST(ReadPreference, LeftOutIsThePrimaryWhichPassesOnlyWhereTheWorkloadAllowsIt) {
  const auto core = judge("mongodb://db1,db2", "CONN-006");
  EXPECT_EQ(core.status, Status::pass);
  EXPECT_EQ(core.evidence["driver_defaults"]["readPreference"]["value"], "primary");
  EXPECT_EQ(status_of("mongodb://db1,db2", "CONN-006", explicit_options_policy()), Status::warn);
  Policy reporting;
  reporting.workload = "reporting";
  const auto stale_reads = judge("mongodb://db1,db2", "CONN-006", reporting);
  EXPECT_EQ(stale_reads.status, Status::warn);
  EXPECT_NE(stale_reads.message.find("does not list"), std::string::npos);
}

TEST(ReadPreference, FollowsThePolicyWorkload) {
  Policy reporting;
  reporting.workload = "reporting";
  EXPECT_EQ(status_of("mongodb://db1,db2/?readPreference=secondary", "CONN-006", reporting),
            Status::pass);
  EXPECT_EQ(status_of("mongodb://db1,db2/?readPreference=primary", "CONN-006", reporting),
            Status::warn);
}

TEST(PoolSettings, MaxPoolSizeBoundaries) {
  EXPECT_EQ(status_of("mongodb://db1,db2/?maxPoolSize=49", "CONN-007"), Status::fail);
  EXPECT_EQ(status_of("mongodb://db1,db2/?maxPoolSize=50", "CONN-007"), Status::pass);
  EXPECT_EQ(status_of("mongodb://db1,db2/?maxPoolSize=200", "CONN-007"), Status::pass);
  EXPECT_EQ(status_of("mongodb://db1,db2/?maxPoolSize=201", "CONN-007"), Status::fail);
}

TEST(PoolSettings, LeftOutMaxPoolSizeWarnsAsTheSpecificationSizesPoolsForTheWorkload) {
  // The one rule here a driver default cannot meet: it warns whatever the policy's switch says.
  const auto defaulted = judge("mongodb://db1,db2", "CONN-007");
  EXPECT_EQ(defaulted.status, Status::warn);
  EXPECT_NE(defaulted.message.find("sizes each pool for its workload"), std::string::npos);
  EXPECT_EQ(defaulted.evidence["driver_defaults"]["maxPoolSize"]["value"], 100);
  const auto& specs = connection_string_specs();
  const auto pool_spec = std::find_if(specs.begin(), specs.end(),
                                      [](const CheckSpec& spec) { return spec.id == "CONN-007"; });
  ASSERT_NE(pool_spec, specs.end());
  EXPECT_NE(pool_spec->remediation.find("peak QPS"), std::string::npos);
}

TEST(AuthSource, LeftOutStaysAFindingAsTheSpecificationMakesItMandatory) {
  const auto admin = judge("mongodb://app:pw@db1,db2", "CONN-002");
  EXPECT_EQ(admin.status, Status::fail);
  EXPECT_NE(admin.message.find("requires authSource written"), std::string::npos);
  EXPECT_EQ(status_of("mongodb://app:pw@db1,db2/shop", "CONN-002"), Status::warn);
}

TEST(PoolSettings, FailListsEveryOptionOutOfRange) {
  const auto finding = judge(
      "mongodb://db1,db2/?maxPoolSize=100&minPoolSize=1&connectTimeoutMS=500&maxIdleTimeMS=60000",
      "CONN-007");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("minPoolSize=1 (allowed 5..20)"), std::string::npos);
  EXPECT_NE(finding.message.find("connectTimeoutMS=500 (allowed 10000..30000)"), std::string::npos);
  EXPECT_EQ(finding.message.find("maxPoolSize"), std::string::npos);
  EXPECT_EQ(finding.evidence["minPoolSize"]["value"], 1);
  EXPECT_EQ(finding.evidence["maxIdleTimeMS"]["min"], 60000);
}

TEST(PoolSettings, PolicyRangesReplaceTheDefaults) {
  Policy small_pools;
  small_pools.pool_ranges["maxPoolSize"] = {10, 40};
  EXPECT_EQ(status_of("mongodb://db1,db2/?maxPoolSize=30", "CONN-007", small_pools), Status::pass);
  EXPECT_EQ(status_of("mongodb://db1,db2/?maxPoolSize=50", "CONN-007", small_pools), Status::fail);
}

TEST(UriTls, FailsWithoutTlsForPublicHosts) {
  EXPECT_EQ(status_of("mongodb://db1.example.com,db2.example.com", "CONN-009"), Status::fail);
  EXPECT_EQ(status_of("mongodb://8.8.8.8/?tls=false", "CONN-009"), Status::fail);
  EXPECT_EQ(status_of("mongodb://10.0.0.5/?ssl=false&replicaSet=rs0", "CONN-009"), Status::warn);
  EXPECT_EQ(status_of("mongodb+srv://cluster.example.com/?tls=false", "CONN-009"), Status::fail);
  const auto mixed = judge("mongodb://10.0.0.5,db.example.com:27018", "CONN-009");
  EXPECT_EQ(mixed.status, Status::fail);
  EXPECT_EQ(mixed.evidence["public_hosts"], nlohmann::json::array({"db.example.com:27018"}));
}

TEST(UriTls, WarnsWithoutTlsForPrivateHostsAndPassesOnThisMachine) {
  EXPECT_EQ(status_of("mongodb://10.0.0.5,192.168.1.7,mongo.internal", "CONN-009"), Status::warn);
  EXPECT_EQ(status_of("mongodb://localhost,127.0.0.1", "CONN-009"), Status::pass);
  EXPECT_EQ(status_of("mongodb://%2Ftmp%2Fmongodb-27017.sock", "CONN-009"), Status::pass);
}

TEST(UriTls, PassesWhenOnIncludingTheSrvDefault) {
  EXPECT_EQ(status_of("mongodb://db1.example.com/?tls=true", "CONN-009"), Status::pass);
  EXPECT_EQ(status_of("mongodb://db1.example.com/?ssl=true", "CONN-009"), Status::pass);
  EXPECT_EQ(status_of("mongodb+srv://cluster.example.com", "CONN-009"), Status::pass);
}

TEST(UriTls, FailsWheneverCertificateChecksAreOff) {
  EXPECT_EQ(status_of("mongodb://10.0.0.5/?tls=true&tlsInsecure=true", "CONN-009"), Status::fail);
  EXPECT_EQ(status_of("mongodb://localhost/?tls=true&tlsAllowInvalidCertificates=true", "CONN-009"),
            Status::fail);
  const auto hostnames =
      judge("mongodb+srv://cluster.example.com/?tlsAllowInvalidHostnames=true", "CONN-009");
  EXPECT_EQ(hostnames.status, Status::fail);
  EXPECT_EQ(hostnames.evidence["tlsAllowInvalidHostnames"], true);
}

TEST(OptionValidity, WarnsWithTheParserWarnings) {
  EXPECT_EQ(status_of("mongodb://db1,db2/?maxPoolSize=100", "CONN-011"), Status::pass);
  const auto unknown = judge("mongodb://db1,db2/?colour=blue", "CONN-011");
  EXPECT_EQ(unknown.status, Status::warn);
  ASSERT_EQ(unknown.evidence["warnings"].size(), 1u);
  EXPECT_NE(unknown.evidence["warnings"][0].get<std::string>().find("colour"), std::string::npos);
}

TEST(OptionValidity, AnInvalidValueStillYieldsAnAnalysedUri) {
  const auto findings =
      check_connection_string(uri_target("mongodb://db1,db2/?maxPoolSize=lots"), Policy{});
  EXPECT_EQ(finding_for(findings, "CONN-011").status, Status::warn);
  EXPECT_EQ(finding_for(findings, "CONN-007").status, Status::warn);
  EXPECT_EQ(finding_for(findings, "CONN-001").status, Status::pass);
}

}  // namespace
}  // namespace connection_string_test
}  // namespace mongoscan
