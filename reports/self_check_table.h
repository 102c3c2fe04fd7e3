#pragma once
// The self-check table, laid out as the development specification's: groups of checks in a fixed
// order, one row per check, and the check's status on every subject it judged. Pure: it only
// arranges the statuses that checks decided.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "reports/report.h"

namespace mongoscan {

// The table's groups, in the order it shows them: the specification's Network, Authentication,
// Authorization, Transport and Application (connection-string and credential checks), then
// hardening and versions. Discovery comes first because whether the scan reached every member
// explains the error and empty cells below it; the data model, a matter of schema rather than
// security settings, comes last.
enum class SelfCheckGroup {
  discovery,
  network,
  authentication,
  authorization,
  transport,
  application,
  hardening,
  versions,
  data_model
};

SelfCheckGroup self_check_group(Layer layer);
// The heading a report shows for a group, e.g. "Transport (TLS)".
std::string_view group_title(SelfCheckGroup group);

// How bad a status is, for aggregation: fail > error > warn > skipped > pass.
int badness(Status status);
// The worse of two statuses by badness().
Status worse(Status a, Status b);

// A subject the table has a column for.
struct SelfCheckColumn {
  std::string name;  // "host:port", the redacted URI, or "path:line:column"
  std::string role;  // a target's node: primary, secondary, mongos…; empty otherwise
  // The index in Report.targets of the target the node belongs to; nullopt for other subjects.
  std::optional<std::size_t> target;
};

// What one check said about one subject: usually one finding, none where it did not run.
struct SelfCheckCell {
  std::vector<const ReportedFinding*> findings;  // in report order; points into the Report

  // The worst status of the findings; nullopt where the check did not run on the subject.
  std::optional<Status> status() const;
};

// What the console and HTML tables show in a cell where the check did not run.
inline constexpr std::string_view kNotRunMark = "—";

struct SelfCheckRow {
  const CheckSpec* spec;  // the first finding's spec
  Subject::Kind kind;     // the kind of subject it judged; its cells follow that kind's columns
  Severity severity;      // the highest severity among its findings (a policy may change them)
  Status status;          // the worst status of its cells
  std::vector<SelfCheckCell> cells;  // one per column of SelfCheckTable::columns(kind)
};

struct SelfCheckSection {
  SelfCheckGroup group;
  std::vector<SelfCheckRow> rows;  // by layer, then check id
};

struct SelfCheckTable {
  // Columns per kind of subject. Nodes: every node of every target in report order (a node in
  // several targets once), then nodes that only findings name. URIs and files: in the order
  // findings name them.
  std::vector<SelfCheckColumn> nodes, uris, files;
  std::vector<SelfCheckColumn> namespaces;  // --data-model: databases and collections
  std::vector<SelfCheckColumn> clouds;      // --cloud: managed instances and regions
  std::vector<SelfCheckSection> sections;   // in SelfCheckGroup order, only groups with findings

  const std::vector<SelfCheckColumn>& columns(Subject::Kind kind) const;
};

// "50 nodes, 1 connection string and 3 file locations": the subjects the table has columns for.
std::string describe_subjects(const SelfCheckTable& table);

// One row per check and kind of subject (a check judges one kind, so in practice one row per
// check). The table points into report, which must outlive it.
SelfCheckTable build_self_check_table(const Report& report);
SelfCheckTable build_self_check_table(const Report&& report) = delete;  // it would dangle

// The table of some findings (which must outlive it) on the report's targets: an inventory's
// environment, rendered without a copy of its findings.
SelfCheckTable build_self_check_table(const Report& report,
                                      const std::vector<const ReportedFinding*>& findings);

// The key that heads a subject's column in the self-check matrix, in every format: "n1" for the
// first node, "u1" for the first connection string, "f1" for the first file, "d1" for the first
// database or collection, "c1" for the first cloud resource.
std::string subject_key(Subject::Kind kind, std::size_t column);

// The key of the node's column; empty when no column has its address.
std::string node_key(const SelfCheckTable& table, const std::string& address);

}  // namespace mongoscan
