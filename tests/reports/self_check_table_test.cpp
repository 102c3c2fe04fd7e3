#include "reports/self_check_table.h"

#include <gtest/gtest.h>

#include <set>

#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace self_check_table_test {
namespace {

using testing_support::empty_report;
using testing_support::many_nodes_report;
using testing_support::rich_report;

constexpr Status kAllStatuses[] = {Status::pass, Status::fail, Status::warn, Status::error,
                                   Status::skipped};

const SelfCheckRow& row_of(const SelfCheckTable& table, std::string_view check_id) {
  for (const SelfCheckSection& section : table.sections) {
    for (const SelfCheckRow& row : section.rows) {
      if (row.spec->id == check_id) return row;
    }
  }
  ADD_FAILURE() << "no row for " << check_id;
  static const SelfCheckRow none{};
  return none;
}

std::vector<std::string> names(const std::vector<SelfCheckColumn>& columns) {
  std::vector<std::string> result;
  for (const SelfCheckColumn& column : columns) result.push_back(column.name);
  return result;
}

// The cells' statuses as text, "—" where the check did not run.
std::vector<std::string> statuses(const SelfCheckRow& row) {
  std::vector<std::string> result;
  for (const SelfCheckCell& cell : row.cells) {
    result.push_back(cell.status() ? std::string(to_string(*cell.status())) : "—");
  }
  return result;
}

Report report_of(std::vector<std::pair<Status, Subject>> results, Layer layer = Layer::network) {
  Report report;
  const CheckSpec spec{"NET-009", "t", layer, Severity::low, {}, ""};
  for (auto& [status, subject] : results) {
    report.findings.push_back({spec, {"NET-009", status, Severity::low, subject, "m", nullptr}});
  }
  return report;
}

TEST(SelfCheckTableTest, StatusesOrderFailErrorWarnSkippedPass) {
  const std::vector<Status> worst_first = {Status::fail, Status::error, Status::warn,
                                           Status::skipped, Status::pass};
  for (std::size_t i = 1; i < worst_first.size(); ++i) {
    EXPECT_GT(badness(worst_first[i - 1]), badness(worst_first[i]));
  }
  for (const Status a : kAllStatuses) {
    for (const Status b : kAllStatuses) {
      const Status expected = badness(a) >= badness(b) ? a : b;
      EXPECT_EQ(worse(a, b), expected) << to_string(a) << " vs " << to_string(b);
      EXPECT_EQ(worse(a, b), worse(b, a));
    }
  }
}

TEST(SelfCheckTableTest, RowStatusIsTheWorstOfItsCells) {
  const auto status_of = [](std::vector<Status> cells) {
    std::vector<std::pair<Status, Subject>> results;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      results.push_back({cells[i], Subject::node("h" + std::to_string(i) + ":1")});
    }
    const Report report = report_of(results);
    const SelfCheckTable table = build_self_check_table(report);
    EXPECT_EQ(table.sections.size(), 1u);
    return table.sections.at(0).rows.at(0).status;
  };
  EXPECT_EQ(status_of({Status::pass, Status::pass}), Status::pass);
  EXPECT_EQ(status_of({Status::pass, Status::skipped}), Status::skipped);
  EXPECT_EQ(status_of({Status::skipped, Status::warn, Status::pass}), Status::warn);
  EXPECT_EQ(status_of({Status::warn, Status::error}), Status::error);
  EXPECT_EQ(status_of({Status::error, Status::fail, Status::warn}), Status::fail);
  EXPECT_EQ(status_of({Status::pass, Status::fail, Status::pass}), Status::fail);

  const Report rich_findings = rich_report();
  const SelfCheckTable rich = build_self_check_table(rich_findings);
  EXPECT_EQ(row_of(rich, "AUTHN-001").status, Status::fail) << "pass, pass, error, fail, pass";
  EXPECT_EQ(row_of(rich, "TLS-003").status, Status::error);
  EXPECT_EQ(row_of(rich, "AUTHZ-001").status, Status::skipped);
  EXPECT_EQ(row_of(rich, "VER-001").status, Status::warn);
}

TEST(SelfCheckTableTest, GroupsInTheSpecificationsOrder) {
  const Report report = rich_report();
  const SelfCheckTable table = build_self_check_table(report);
  std::vector<SelfCheckGroup> groups;
  for (const SelfCheckSection& section : table.sections) groups.push_back(section.group);
  EXPECT_EQ(
      groups,
      (std::vector<SelfCheckGroup>{
          SelfCheckGroup::discovery, SelfCheckGroup::network, SelfCheckGroup::authentication,
          SelfCheckGroup::authorization, SelfCheckGroup::transport, SelfCheckGroup::application,
          SelfCheckGroup::hardening, SelfCheckGroup::versions, SelfCheckGroup::data_model}));
  for (const SelfCheckSection& section : table.sections) {
    for (const SelfCheckRow& row : section.rows) {
      EXPECT_EQ(self_check_group(row.spec->layer), section.group) << row.spec->id;
    }
  }
}

TEST(SelfCheckTableTest, EveryLayerFallsInItsGroupWhateverTheFindingsOrder) {
  Report report;
  for (int layer = static_cast<int>(Layer::data_model); layer >= 0; --layer) {
    const std::string id = "X-" + std::to_string(layer);
    const CheckSpec spec{id, "t", static_cast<Layer>(layer), Severity::low, {}, ""};
    report.findings.push_back(
        {spec, {id, Status::pass, Severity::low, Subject::node("a:1"), "m", nullptr}});
  }
  const SelfCheckTable table = build_self_check_table(report);
  std::vector<std::string> ids;
  for (const SelfCheckSection& section : table.sections) {
    for (const SelfCheckRow& row : section.rows) ids.push_back(row.spec->id);
  }
  // discovery, network, authentication, authorization, transport, then connection_string and
  // credentials (application), hardening, versions, data_model.
  EXPECT_EQ(ids, (std::vector<std::string>{"X-0", "X-1", "X-2", "X-3", "X-4", "X-7", "X-8", "X-5",
                                           "X-6", "X-9"}));
  EXPECT_EQ(table.sections.size(), 9u) << "connection strings and credentials share a group";
}

TEST(SelfCheckTableTest, ApplicationHoldsConnectionStringsThenCredentials) {
  EXPECT_EQ(self_check_group(Layer::connection_string), SelfCheckGroup::application);
  EXPECT_EQ(self_check_group(Layer::credentials), SelfCheckGroup::application);
  const Report report = rich_report();
  const SelfCheckTable table = build_self_check_table(report);
  std::vector<std::string> ids;
  for (const SelfCheckSection& section : table.sections) {
    if (section.group != SelfCheckGroup::application) continue;
    for (const SelfCheckRow& row : section.rows) ids.push_back(row.spec->id);
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"CONN-001", "CONN-004", "APP-001", "APP-002"}));
}

TEST(SelfCheckTableTest, OneRowPerCheckInIdOrderAndEveryFindingInOneCell) {
  const Report report = rich_report();
  const SelfCheckTable table = build_self_check_table(report);
  std::set<std::string> check_ids;
  for (const ReportedFinding& reported : report.findings)
    check_ids.insert(reported.finding.check_id);
  std::set<std::string> row_ids;
  std::multiset<const ReportedFinding*> placed;
  std::size_t rows = 0;
  for (const SelfCheckSection& section : table.sections) {
    for (std::size_t i = 0; i < section.rows.size(); ++i) {
      const SelfCheckRow& row = section.rows[i];
      ++rows;
      row_ids.insert(row.spec->id);
      if (i > 0 && section.rows[i - 1].spec->layer == row.spec->layer) {
        EXPECT_LT(section.rows[i - 1].spec->id, row.spec->id);
      }
      ASSERT_EQ(row.cells.size(), table.columns(row.kind).size()) << row.spec->id;
      for (const SelfCheckCell& cell : row.cells) {
        for (const ReportedFinding* reported : cell.findings) {
          EXPECT_EQ(reported->finding.check_id, row.spec->id);
          EXPECT_EQ(reported->finding.subject.kind, row.kind);
          placed.insert(reported);
        }
      }
    }
  }
  EXPECT_EQ(rows, check_ids.size());
  EXPECT_EQ(row_ids, check_ids);
  EXPECT_EQ(placed.size(), report.findings.size());
  for (const ReportedFinding& reported : report.findings) EXPECT_EQ(placed.count(&reported), 1u);
}

TEST(SelfCheckTableTest, NodeColumnsAreTheTargetsNodesWithTheirRoles) {
  const Report report = rich_report();
  const SelfCheckTable table = build_self_check_table(report);
  EXPECT_EQ(names(table.nodes),
            (std::vector<std::string>{"db1.example.test:27017", "db2.example.test:27017",
                                      "db3.example.test:27017", "mongos1.example.test:27017",
                                      "mongos2.example.test:27017"}));
  EXPECT_EQ(table.nodes[0].role, "primary");
  EXPECT_EQ(table.nodes[2].role, "unknown");
  EXPECT_EQ(table.nodes[4].role, "mongos");
  EXPECT_EQ(table.nodes[2].target, 0u);
  EXPECT_EQ(table.nodes[3].target, 1u);
}

TEST(SelfCheckTableTest, SubjectsOfUriAndFileChecksAreColumnsInOrderOfFirstMention) {
  const Report report = rich_report();
  const SelfCheckTable table = build_self_check_table(report);
  EXPECT_EQ(names(table.uris),
            (std::vector<std::string>{
                "mongodb://app:***@db1.example.test:27017/crm",
                "mongodb+srv://reporting:***@cluster0.example.test/",
                "mongodb://app:***@db1.example.test:27017,db2.example.test:27017/?replicaSet=rs0",
                "mongodb://admin:***@db9.example.test:27017/?retryWrites=false"}));
  EXPECT_EQ(names(table.files),
            (std::vector<std::string>{
                "config/app.yaml:3:9",
                "services/billing/src/main/resources/application-production.properties:12:22"}));
  for (const SelfCheckColumn& column : table.uris) {
    EXPECT_EQ(column.role, "");
    EXPECT_EQ(column.target, std::nullopt);
  }
  EXPECT_EQ(row_of(table, "CONN-004").kind, Subject::Kind::uri);
  EXPECT_EQ(statuses(row_of(table, "CONN-004")),
            (std::vector<std::string>{"pass", "—", "—", "fail"}));
  EXPECT_EQ(statuses(row_of(table, "APP-002")), (std::vector<std::string>{"—", "fail"}));
}

TEST(SelfCheckTableTest, NodesACheckDidNotRunOnHaveEmptyCells) {
  const Report report = rich_report();
  const SelfCheckTable table = build_self_check_table(report);
  EXPECT_EQ(statuses(row_of(table, "AUTHN-001")),
            (std::vector<std::string>{"pass", "pass", "error", "fail", "pass"}));
  EXPECT_EQ(statuses(row_of(table, "NET-003")),
            (std::vector<std::string>{"warn", "—", "—", "—", "—"}));
  EXPECT_EQ(statuses(row_of(table, "TLS-001")),
            (std::vector<std::string>{"pass", "pass", "—", "fail", "pass"}));
  EXPECT_TRUE(row_of(table, "NET-003").cells[1].findings.empty());
}

TEST(SelfCheckTableTest, ACellHoldsEveryFindingOnItsSubject) {
  const Report report = rich_report();
  const SelfCheckTable table = build_self_check_table(report);
  const SelfCheckRow& model = row_of(table, "MODEL-001");
  ASSERT_EQ(model.cells[0].findings.size(), 2u);
  EXPECT_EQ(model.cells[0].findings[0]->finding.message.substr(0, 10), "Collection");
  EXPECT_EQ(model.cells[0].findings[1]->finding.message, "Database CRM is not lowercase");
}

TEST(SelfCheckTableTest, ChecksOfOneGroupMayJudgeDifferentKindsOfSubject) {
  const Report report = rich_report();
  const SelfCheckTable table = build_self_check_table(report);
  EXPECT_EQ(row_of(table, "AUTHN-001").kind, Subject::Kind::node);
  EXPECT_EQ(row_of(table, "AUTHN-005").kind, Subject::Kind::uri);
  EXPECT_EQ(statuses(row_of(table, "AUTHN-005")),
            (std::vector<std::string>{"—", "—", "pass", "fail"}));
}

// A server config file is judged under a node check's id: its row follows the nodes' row.
TEST(SelfCheckTableTest, ACheckOnNodesAndOnAConfigFileGivesAdjacentRowsNodesFirst) {
  Report report = report_of({{Status::fail, Subject::file("etc/mongod.conf", 4, 1)},
                             {Status::pass, Subject::node("db1:27017")}});
  const CheckSpec other{"NET-008", "t", Layer::network, Severity::low, {}, ""};
  report.findings.push_back(
      {other, {"NET-008", Status::pass, Severity::low, Subject::node("db1:27017"), "m", nullptr}});
  const SelfCheckTable table = build_self_check_table(report);
  ASSERT_EQ(table.sections.size(), 1u);
  const auto& rows = table.sections[0].rows;
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].spec->id, "NET-008");
  EXPECT_EQ(rows[1].spec->id, "NET-009");
  EXPECT_EQ(rows[1].kind, Subject::Kind::node);
  EXPECT_EQ(rows[2].spec->id, "NET-009");
  EXPECT_EQ(rows[2].kind, Subject::Kind::file);
  EXPECT_EQ(statuses(rows[2]), (std::vector<std::string>{"fail"}));
}

TEST(SelfCheckTableTest, NodeOfSeveralTargetsIsOneColumnAndAliasesFindIt) {
  Report report = report_of({{Status::fail, Subject::node("10.0.0.1:27017")},
                             {Status::pass, Subject::node("b:1")},
                             {Status::warn, Subject::node("stray:27017")}});
  TargetSummary first{"mongodb://a/", "standalone", {}, std::nullopt};
  first.nodes.push_back({});
  first.nodes[0].address = "a:27017";
  first.nodes[0].role = "standalone";
  first.nodes[0].aliases = {"10.0.0.1:27017"};
  TargetSummary second{"mongodb://a,b/", "replica_set", {}, std::nullopt};
  second.nodes.push_back(first.nodes[0]);
  second.nodes.push_back({});
  second.nodes[1].address = "b:1";
  report.targets = {first, second};

  const SelfCheckTable table = build_self_check_table(report);
  EXPECT_EQ(names(table.nodes), (std::vector<std::string>{"a:27017", "b:1", "stray:27017"}));
  EXPECT_EQ(table.nodes[1].target, 1u);
  EXPECT_EQ(table.nodes[2].target, std::nullopt) << "a node only a finding names";
  EXPECT_EQ(statuses(table.sections.at(0).rows.at(0)),
            (std::vector<std::string>{"fail", "pass", "warn"}));
}

TEST(SelfCheckTableTest, SeverityIsTheHighestOfTheRowsFindings) {
  Report report =
      report_of({{Status::pass, Subject::node("a:1")}, {Status::fail, Subject::node("b:1")}});
  report.findings[1].finding.severity = Severity::critical;
  EXPECT_EQ(build_self_check_table(report).sections.at(0).rows.at(0).severity, Severity::critical);
}

TEST(SelfCheckTableTest, ManyNodesMakeOneColumnEach) {
  const Report report = many_nodes_report(50);
  const SelfCheckTable table = build_self_check_table(report);
  EXPECT_EQ(table.nodes.size(), 50u);
  EXPECT_EQ(table.nodes[49].role, "arbiter");
  const SelfCheckRow& tls = row_of(table, "TLS-001");
  EXPECT_EQ(tls.cells.size(), 50u);
  EXPECT_FALSE(tls.cells[49].status()) << "not run on the arbiter";
  EXPECT_EQ(tls.status, Status::warn);
}

TEST(SelfCheckTableTest, EmptyReportHasNoSectionsOrColumns) {
  const Report report = empty_report();
  const SelfCheckTable table = build_self_check_table(report);
  EXPECT_TRUE(table.sections.empty());
  EXPECT_TRUE(table.nodes.empty());
  EXPECT_TRUE(table.uris.empty());
  EXPECT_TRUE(table.files.empty());
}

TEST(SelfCheckTableTest, EveryLayerHasAGroupWithATitle) {
  for (int layer = 0; layer <= static_cast<int>(Layer::data_model); ++layer) {
    EXPECT_NE(group_title(self_check_group(static_cast<Layer>(layer))), "Other");
  }
  EXPECT_EQ(group_title(SelfCheckGroup::transport), "Transport (TLS)");
}

}  // namespace
}  // namespace self_check_table_test
}  // namespace mongoscan
