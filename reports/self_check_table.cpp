#include "reports/self_check_table.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace mongoscan {
namespace {

// Column indexes by subject name, one map per kind of subject.
class ColumnIndex {
 public:
  explicit ColumnIndex(SelfCheckTable& table) : table_(table) {}

  // Every node of every target, a node that several targets reach once; aliases name it too.
  void add_target_nodes(const std::vector<TargetSummary>& targets) {
    for (std::size_t t = 0; t < targets.size(); ++t) {
      for (const NodeSummary& node : targets[t].nodes) {
        if (nodes_.contains(node.address)) continue;
        const std::size_t column = table_.nodes.size();
        table_.nodes.push_back({node.address, node.role, t});
        nodes_.emplace(node.address, column);
        for (const std::string& alias : node.aliases) nodes_.try_emplace(alias, column);
      }
    }
  }

  // The subject's column, added at the end of its kind's columns when it has none yet.
  std::size_t column_of(const Subject& subject) {
    std::map<std::string, std::size_t, std::less<>>& index = index_of(subject.kind);
    // describe() is the subject's name itself for all but files: looked up without a copy.
    const std::string described =
        subject.kind == Subject::Kind::file ? describe(subject) : std::string();
    const std::string_view name =
        subject.kind == Subject::Kind::file ? std::string_view(described) : subject.name;
    if (const auto found = index.find(name); found != index.end()) return found->second;
    std::vector<SelfCheckColumn>& columns = columns_of(subject.kind);
    index.emplace(std::string(name), columns.size());
    // A file column is shown with its context ("[test]"); a file has one, so it does not split.
    columns.push_back(
        {subject.kind == Subject::Kind::file ? describe_with_context(subject) : std::string(name),
         "", std::nullopt});
    return columns.size() - 1;
  }

 private:
  std::vector<SelfCheckColumn>& columns_of(Subject::Kind kind) {
    switch (kind) {
      case Subject::Kind::node:
        return table_.nodes;
      case Subject::Kind::uri:
        return table_.uris;
      case Subject::Kind::ns:
        return table_.namespaces;
      case Subject::Kind::cloud:
        return table_.clouds;
      case Subject::Kind::file:
        break;
    }
    return table_.files;
  }

  std::map<std::string, std::size_t, std::less<>>& index_of(Subject::Kind kind) {
    switch (kind) {
      case Subject::Kind::node:
        return nodes_;
      case Subject::Kind::uri:
        return uris_;
      case Subject::Kind::ns:
        return namespaces_;
      case Subject::Kind::cloud:
        return clouds_;
      case Subject::Kind::file:
        break;
    }
    return files_;
  }

  SelfCheckTable& table_;
  std::map<std::string, std::size_t, std::less<>> nodes_, uris_, files_, namespaces_, clouds_;
};

// The order of rows: group, then layer (connection strings before credentials), then check id.
auto row_order_key(const SelfCheckRow& row) {
  return std::make_tuple(self_check_group(row.spec->layer), row.spec->layer,
                         std::string_view(row.spec->id), row.kind);
}

}  // namespace

SelfCheckGroup self_check_group(Layer layer) {
  switch (layer) {
    case Layer::discovery:
      return SelfCheckGroup::discovery;
    case Layer::network:
      return SelfCheckGroup::network;
    case Layer::authentication:
      return SelfCheckGroup::authentication;
    case Layer::authorization:
      return SelfCheckGroup::authorization;
    case Layer::transport:
      return SelfCheckGroup::transport;
    case Layer::connection_string:
    case Layer::credentials:
      return SelfCheckGroup::application;
    case Layer::hardening:
      return SelfCheckGroup::hardening;
    case Layer::versions:
      return SelfCheckGroup::versions;
    case Layer::data_model:
      return SelfCheckGroup::data_model;
  }
  return SelfCheckGroup::data_model;
}

std::string_view group_title(SelfCheckGroup group) {
  switch (group) {
    case SelfCheckGroup::discovery:
      return "Discovery";
    case SelfCheckGroup::network:
      return "Network";
    case SelfCheckGroup::authentication:
      return "Authentication";
    case SelfCheckGroup::authorization:
      return "Authorization";
    case SelfCheckGroup::transport:
      return "Transport (TLS)";
    case SelfCheckGroup::application:
      return "Application: connection strings and credentials";
    case SelfCheckGroup::hardening:
      return "Hardening";
    case SelfCheckGroup::versions:
      return "Versions";
    case SelfCheckGroup::data_model:
      return "Data model";
  }
  return "Other";
}

int badness(Status status) {
  switch (status) {
    case Status::pass:
      return 0;
    case Status::skipped:
      return 1;
    case Status::warn:
      return 2;
    case Status::error:
      return 3;
    case Status::fail:
      return 4;
  }
  return 0;
}

Status worse(Status a, Status b) { return badness(b) > badness(a) ? b : a; }

std::optional<Status> SelfCheckCell::status() const {
  std::optional<Status> worst;
  for (const ReportedFinding* reported : findings) {
    worst = worst ? worse(*worst, reported->finding.status) : reported->finding.status;
  }
  return worst;
}

const std::vector<SelfCheckColumn>& SelfCheckTable::columns(Subject::Kind kind) const {
  switch (kind) {
    case Subject::Kind::node:
      return nodes;
    case Subject::Kind::uri:
      return uris;
    case Subject::Kind::ns:
      return namespaces;
    case Subject::Kind::cloud:
      return clouds;
    case Subject::Kind::file:
      break;
  }
  return files;
}

SelfCheckTable build_self_check_table(const Report& report) {
  std::vector<const ReportedFinding*> findings;
  findings.reserve(report.findings.size());
  for (const ReportedFinding& reported : report.findings.in_memory()) findings.push_back(&reported);
  return build_self_check_table(report, findings);
}

SelfCheckTable build_self_check_table(const Report& report,
                                      const std::vector<const ReportedFinding*>& findings) {
  SelfCheckTable table;
  ColumnIndex index(table);
  index.add_target_nodes(report.targets);
  // Every column first, so that each row gets a cell for every column of its kind.
  std::vector<std::size_t> column_of_finding;
  column_of_finding.reserve(findings.size());
  for (const ReportedFinding* reported : findings) {
    column_of_finding.push_back(index.column_of(reported->finding.subject));
  }

  std::vector<SelfCheckRow> rows;
  std::map<std::pair<std::string, Subject::Kind>, std::size_t> row_of_check;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const ReportedFinding& reported = *findings[i];
    const Finding& finding = reported.finding;
    const auto [found, added] =
        row_of_check.try_emplace({finding.check_id, finding.subject.kind}, rows.size());
    if (added) {
      rows.push_back({reported.spec.get(), finding.subject.kind, finding.severity, finding.status,
                      std::vector<SelfCheckCell>(table.columns(finding.subject.kind).size())});
    }
    SelfCheckRow& row = rows[found->second];
    row.severity = std::max(row.severity, finding.severity);
    row.status = worse(row.status, finding.status);
    row.cells[column_of_finding[i]].findings.push_back(&reported);
  }

  std::stable_sort(rows.begin(), rows.end(), [](const SelfCheckRow& a, const SelfCheckRow& b) {
    return row_order_key(a) < row_order_key(b);
  });
  for (SelfCheckRow& row : rows) {
    const SelfCheckGroup group = self_check_group(row.spec->layer);
    if (table.sections.empty() || table.sections.back().group != group) {
      table.sections.push_back({group, {}});
    }
    table.sections.back().rows.push_back(std::move(row));
  }
  return table;
}

std::string describe_subjects(const SelfCheckTable& table) {
  std::vector<std::string> parts;
  const auto add = [&](std::size_t n, std::string_view one, std::string_view many) {
    if (n > 0) parts.push_back(std::to_string(n) + " " + std::string(n == 1 ? one : many));
  };
  add(table.nodes.size(), "node", "nodes");
  add(table.uris.size(), "connection string", "connection strings");
  add(table.files.size(), "file location", "file locations");
  add(table.namespaces.size(), "database or collection", "databases and collections");
  add(table.clouds.size(), "cloud resource", "cloud resources");
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i)
    text += (i == 0 ? "" : (i + 1 == parts.size() ? " and " : ", ")) + parts[i];
  return text;
}

std::string subject_key(Subject::Kind kind, std::size_t column) {
  switch (kind) {
    case Subject::Kind::node:
      return "n" + std::to_string(column + 1);
    case Subject::Kind::uri:
      return "u" + std::to_string(column + 1);
    case Subject::Kind::ns:
      return "d" + std::to_string(column + 1);
    case Subject::Kind::cloud:
      return "c" + std::to_string(column + 1);
    case Subject::Kind::file:
      break;
  }
  return "f" + std::to_string(column + 1);
}

std::string node_key(const SelfCheckTable& table, const std::string& address) {
  for (std::size_t i = 0; i < table.nodes.size(); ++i) {
    if (table.nodes[i].name == address) return subject_key(Subject::Kind::node, i);
  }
  return {};
}

}  // namespace mongoscan
