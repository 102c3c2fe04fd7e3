#include "reports/formats/json_report_reader.h"

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "scanner/uri/json_redaction.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr int kReadableSchemaVersion = 1;  // the version json_report.cpp writes
// Deeper than any report mongoscan writes: its evidence holds server replies, which nest at most
// maxBSONDepth levels, at most 1000 (kBSONDepthParameterCeiling, src/mongo/bson/bson_depth.h; 200
// by default), inside a report's few levels.
constexpr int kMaxReportDepth = 1100;

constexpr std::initializer_list<Status> kReadStatuses = {Status::pass, Status::fail, Status::warn,
                                                         Status::error, Status::skipped};
constexpr std::initializer_list<Severity> kReadSeverities = {
    Severity::info, Severity::low, Severity::medium, Severity::high, Severity::critical};
constexpr std::initializer_list<Layer> kReadLayers = {
    Layer::discovery,   Layer::network,   Layer::authentication, Layer::authorization,
    Layer::transport,   Layer::hardening, Layer::versions,       Layer::connection_string,
    Layer::credentials, Layer::data_model};
constexpr std::initializer_list<ErrorCode> kReadErrorCodes = {
    ErrorCode::timeout,  ErrorCode::refused,     ErrorCode::dns,
    ErrorCode::tls,      ErrorCode::auth_failed, ErrorCode::unauthorized,
    ErrorCode::protocol, ErrorCode::io,          ErrorCode::usage};
// The JSON pointer (RFC 6901) of `key` inside the member at `at`.
std::string member_pointer(const std::string& at, std::string_view key) {
  std::string pointer = at + "/";
  for (const char c : key) {
    if (c == '~') {
      pointer += "~0";
    } else if (c == '/') {
      pointer += "~1";
    } else {
      pointer += c;
    }
  }
  return pointer;
}

// Reads typed members out of the parsed report. The first problem is kept (the member's pointer
// and what was wanted); reads after it return empty values, so the readers below stay
// straight-line and the caller checks ok() once.
class ReportFields {
 public:
  bool ok() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }

  void fail(const std::string& at, std::string_view what) {
    if (problem_.empty()) problem_ = (at.empty() ? "/" : at) + ": " + std::string(what);
  }

  // object[key]; nullptr when absent (a problem when required).
  const json* member(const json& object, const std::string& at, const char* key, bool required) {
    const auto found = object.find(key);
    if (found != object.end()) return &*found;
    if (required) fail(member_pointer(at, key), "missing");
    return nullptr;
  }

  std::string text(const json& object, const std::string& at, const char* key,
                   bool required = true) {
    const json* value = member(object, at, key, required);
    if (value == nullptr) return {};
    if (!value->is_string()) {
      fail(member_pointer(at, key), "not a string");
      return {};
    }
    return value->get<std::string>();
  }

  bool flag(const json& object, const std::string& at, const char* key) {
    const json* value = member(object, at, key, true);
    if (value == nullptr) return false;
    if (!value->is_boolean()) fail(member_pointer(at, key), "not true or false");
    return value->is_boolean() && value->get<bool>();
  }

  template <class Integer>
  Integer number(const json& object, const std::string& at, const char* key, bool required = true) {
    const json* value = member(object, at, key, required);
    return value == nullptr ? Integer{} : number_of<Integer>(*value, member_pointer(at, key));
  }

  template <class Integer>
  Integer number_of(const json& value, const std::string& at) {
    if (value.is_number_unsigned()) {
      const auto number = value.get<std::uint64_t>();
      if (std::in_range<Integer>(number)) return static_cast<Integer>(number);
    } else if (value.is_number_integer()) {
      const auto number = value.get<std::int64_t>();
      if (std::in_range<Integer>(number)) return static_cast<Integer>(number);
    }
    fail(at, std::is_signed_v<Integer> ? "not an integer in range" : "not a count");
    return {};
  }

  std::vector<std::string> texts(const json& object, const std::string& at, const char* key,
                                 bool required = true) {
    std::vector<std::string> values;
    const json* array = member(object, at, key, required);
    if (array == nullptr) return values;
    if (!array->is_array()) {
      fail(member_pointer(at, key), "not an array");
      return values;
    }
    for (std::size_t i = 0; i < array->size(); ++i) {
      const json& value = (*array)[i];
      if (!value.is_string()) {
        fail(member_pointer(member_pointer(at, key), std::to_string(i)), "not a string");
        return values;
      }
      values.push_back(value.get<std::string>());
    }
    return values;
  }

  // A member holding free-form facts (evidence, a node's tls): any object.
  json facts(const json& object, const std::string& at, const char* key) {
    const json* value = member(object, at, key, true);
    if (value == nullptr) return json::object();
    if (!value->is_object()) fail(member_pointer(at, key), "not an object");
    return value->is_object() ? *value : json::object();
  }

  // The enumerator whose to_string is the member's text.
  template <class Enum>
  Enum one_of(const json& object, const std::string& at, const char* key,
              std::initializer_list<Enum> values) {
    const std::string name = text(object, at, key);
    for (const Enum value : values) {
      if (to_string(value) == name) return value;
    }
    if (ok()) {
      std::string expected = "not one of";
      for (const Enum value : values) expected += " " + std::string(to_string(value));
      fail(member_pointer(at, key), expected);
    }
    return *values.begin();
  }

  // Calls read(element, pointer) for each element of the array object[key], each an object.
  template <class Read>
  void each(const json& object, const std::string& at, const char* key, bool required, Read read) {
    const json* array = member(object, at, key, required);
    if (array == nullptr) return;
    const std::string array_at = member_pointer(at, key);
    if (!array->is_array()) return fail(array_at, "not an array");
    for (std::size_t i = 0; i < array->size() && ok(); ++i) {
      const std::string element_at = member_pointer(array_at, std::to_string(i));
      if (!(*array)[i].is_object()) return fail(element_at, "not an object");
      read((*array)[i], element_at);
    }
  }

  // object[key] when it is an object; nullptr when absent (a problem when required).
  const json* object_member(const json& object, const std::string& at, const char* key,
                            bool required) {
    const json* value = member(object, at, key, required);
    if (value != nullptr && !value->is_object()) {
      fail(member_pointer(at, key), "not an object");
      return nullptr;
    }
    return value;
  }

 private:
  std::string problem_;
};

NodeSummary read_node(ReportFields& fields, const json& object, const std::string& at) {
  NodeSummary node;
  node.address = fields.text(object, at, "address");
  node.origin = fields.text(object, at, "origin");
  node.named_by = fields.text(object, at, "named_by", false);
  node.aliases = fields.texts(object, at, "aliases", false);
  node.role = fields.text(object, at, "role");
  node.version = fields.text(object, at, "version");
  node.tls = PackedEvidence::of(fields.facts(object, at, "tls"));
  node.authentication = PackedEvidence::of(fields.facts(object, at, "authentication"));
  node.commands = PackedEvidence::of(fields.facts(object, at, "commands"));
  fields.each(object, at, "errors", true, [&](const json& error, const std::string& error_at) {
    Error read{fields.one_of(error, error_at, "code", kReadErrorCodes), {}, {}};
    read.phase = fields.text(error, error_at, "phase");
    read.message = fields.text(error, error_at, "message");
    node.errors.push_back(std::move(read));
  });
  node.managed_by = fields.text(object, at, "managed_by", false);
  return node;
}

ClusterPartSummary read_part(ReportFields& fields, const json& object, const std::string& at,
                             const char* id_key) {
  return {fields.text(object, at, id_key), fields.text(object, at, "set_name"),
          fields.texts(object, at, "members")};
}

ClusterSummary read_cluster(ReportFields& fields, const json& object, const std::string& at) {
  ClusterSummary cluster;
  fields.each(object, at, "mongos", true, [&](const json& router, const std::string& router_at) {
    RouterSummary read;
    read.address = fields.text(router, router_at, "address");
    read.reached = fields.text(router, router_at, "reached", false);
    read.load_balancer = fields.flag(router, router_at, "load_balancer");
    cluster.mongos.push_back(std::move(read));
  });
  if (const json* config = fields.object_member(object, at, "config_servers", false)) {
    cluster.config_servers =
        read_part(fields, *config, member_pointer(at, "config_servers"), "name");
  }
  fields.each(object, at, "shards", true, [&](const json& shard, const std::string& shard_at) {
    cluster.shards.push_back(read_part(fields, shard, shard_at, "id"));
  });
  fields.each(object, at, "stale_mongos", true,
              [&](const json& mongos, const std::string& mongos_at) {
                StaleMongosSummary read;
                read.address = fields.text(mongos, mongos_at, "address");
                read.last_ping = fields.text(mongos, mongos_at, "last_ping", false);
                read.version = fields.text(mongos, mongos_at, "version", false);
                cluster.stale_mongos.push_back(std::move(read));
              });
  cluster.unplaced = fields.texts(object, at, "unplaced");
  return cluster;
}

TargetSummary read_target(ReportFields& fields, const json& object, const std::string& at) {
  TargetSummary target;
  target.uri = fields.text(object, at, "uri");
  target.topology = fields.text(object, at, "topology");
  fields.each(object, at, "nodes", true, [&](const json& node, const std::string& node_at) {
    target.nodes.push_back(read_node(fields, node, node_at));
  });
  if (const json* cluster = fields.object_member(object, at, "cluster", false)) {
    target.cluster = read_cluster(fields, *cluster, member_pointer(at, "cluster"));
  }
  target.environment = fields.text(object, at, "environment", false);
  return target;
}

// {"node": ...}, {"uri": ...}, {"namespace": ...} or {"cloud_resource": ...}, each with the list
// file and line it was read from if any; or {"file": ..., "line": ..., "column": ...}.
Subject read_subject(ReportFields& fields, const json& object, const std::string& at) {
  for (const auto& [key, kind] :
       {std::pair{"node", Subject::Kind::node}, std::pair{"uri", Subject::Kind::uri},
        std::pair{"namespace", Subject::Kind::ns},
        std::pair{"cloud_resource", Subject::Kind::cloud}}) {
    if (!object.contains(key)) continue;
    Subject subject{kind, fields.text(object, at, key), {}, {}};
    if (object.contains("file")) {
      subject.listed_at =
          ListedAt{fields.text(object, at, "file"), fields.number<int>(object, at, "line")};
    }
    return subject;
  }
  Subject subject{Subject::Kind::file, fields.text(object, at, "file"), {}, {}};
  if (object.contains("line")) subject.line = fields.number<int>(object, at, "line");
  if (object.contains("column")) subject.column = fields.number<int>(object, at, "column");
  if (object.contains("context")) {
    subject.context = file_context_named(fields.text(object, at, "context"));
    if (!subject.context) fields.fail(member_pointer(at, "context"), "not a file context");
  }
  return subject;
}

FindingAcceptance read_acceptance(ReportFields& fields, const json& object, const std::string& at) {
  FindingAcceptance acceptance;
  acceptance.reason = fields.text(object, at, "reason");
  acceptance.expires = fields.text(object, at, "expires", false);
  acceptance.owner = fields.text(object, at, "owner", false);
  acceptance.expired = fields.flag(object, at, "expired");
  return acceptance;
}

// A finding's references: each the reference_text of a control.
std::vector<ControlReference> read_references(ReportFields& fields, const json& object,
                                              const std::string& at) {
  std::vector<ControlReference> references;
  const std::vector<std::string> texts = fields.texts(object, at, "references");
  for (std::size_t i = 0; i < texts.size(); ++i) {
    auto reference = parse_reference_text(texts[i]);
    if (!reference) {
      fields.fail(member_pointer(member_pointer(at, "references"), std::to_string(i)),
                  "not a control reference (\"<framework> <id>: <title>\")");
      return references;
    }
    references.push_back(std::move(*reference));
  }
  return references;
}

ReportedFinding read_finding(ReportFields& fields, const json& object, const std::string& at) {
  ReportedFinding reported;
  CheckSpec spec;
  Finding& finding = reported.finding;
  spec.id = fields.text(object, at, "check_id");
  spec.title = fields.text(object, at, "title");
  spec.layer = fields.one_of(object, at, "layer", kReadLayers);
  spec.severity = fields.one_of(object, at, "default_severity", kReadSeverities);
  spec.references = read_references(fields, object, at);
  spec.remediation = fields.text(object, at, "remediation");
  finding.check_id = spec.id;
  reported.spec = std::move(spec);
  finding.severity = fields.one_of(object, at, "severity", kReadSeverities);
  finding.status = fields.one_of(object, at, "status", kReadStatuses);
  reported.gates = fields.flag(object, at, "gates");
  if (const json* subject = fields.object_member(object, at, "subject", true)) {
    finding.subject = read_subject(fields, *subject, member_pointer(at, "subject"));
  }
  finding.message = fields.text(object, at, "message");
  finding.evidence = fields.facts(object, at, "evidence");
  finding.fingerprint = fields.text(object, at, "fingerprint", false);
  finding.suppression = fields.text(object, at, "suppression", false);
  if (!finding.suppression.empty() && finding.suppression != "inline" &&
      finding.suppression != "accepted" && finding.suppression != "baseline") {
    fields.fail(member_pointer(at, "suppression"), "not one of inline accepted baseline");
  }
  if (const json* acceptance = fields.object_member(object, at, "acceptance", false)) {
    finding.acceptance = read_acceptance(fields, *acceptance, member_pointer(at, "acceptance"));
  }
  reported.environment = fields.text(object, at, "environment", false);
  return reported;
}

ScanCoverage read_coverage(ReportFields& fields, const json& object, const std::string& at) {
  ScanCoverage coverage;
  coverage.nodes_not_scanned = fields.number<std::size_t>(object, at, "nodes_not_scanned");
  coverage.nodes_in_part = fields.number<std::size_t>(object, at, "nodes_scanned_in_part");
  coverage.members_not_probed = fields.number<std::size_t>(object, at, "members_not_probed");
  coverage.checks_in_error = fields.number<std::size_t>(object, at, "checks_in_error");
  coverage.files_not_scanned = fields.number<std::size_t>(object, at, "files_not_scanned");
  coverage.timed_out = fields.flag(object, at, "timed_out");
  coverage.environments_not_scanned =
      fields.number<std::size_t>(object, at, "environments_not_scanned", false);
  return coverage;
}

std::vector<ChangedFinding> read_changed_findings(ReportFields& fields, const json& object,
                                                  const std::string& at, const char* key) {
  std::vector<ChangedFinding> findings;
  fields.each(object, at, key, true, [&](const json& entry, const std::string& entry_at) {
    ChangedFinding& finding = findings.emplace_back();
    finding.fingerprint = fields.text(entry, entry_at, "fingerprint");
    finding.check_id = fields.text(entry, entry_at, "check_id");
    finding.severity = fields.one_of(entry, entry_at, "severity", kReadSeverities);
    finding.subject = fields.text(entry, entry_at, "subject");
    finding.message = fields.text(entry, entry_at, "message");
    finding.first_seen = fields.text(entry, entry_at, "first_seen");
    finding.now = fields.text(entry, entry_at, "now", false);
  });
  return findings;
}

EnvironmentChanges read_changes(ReportFields& fields, const json& object, const std::string& at) {
  EnvironmentChanges changes;
  if (const json* previous = fields.member(object, at, "previous_run", true);
      previous != nullptr && !previous->is_null()) {
    changes.previous_run = fields.text(object, at, "previous_run");
  }
  changes.new_findings = read_changed_findings(fields, object, at, "new");
  changes.fixed = read_changed_findings(fields, object, at, "fixed");
  changes.unverified = read_changed_findings(fields, object, at, "unverified");
  changes.unchanged = read_changed_findings(fields, object, at, "still_failing");
  if (fields.number<std::size_t>(object, at, "unchanged") != changes.unchanged.size()) {
    fields.fail(member_pointer(at, "unchanged"), "not the number of still_failing findings");
  }
  fields.each(object, at, "trend", false, [&](const json& entry, const std::string& entry_at) {
    TrendPoint& point = changes.trend.emplace_back();
    point.started_at = fields.text(entry, entry_at, "run");
    point.scanned = fields.flag(entry, entry_at, "scanned");
    if (!point.scanned) return;
    if (const json* fails = fields.object_member(entry, entry_at, "fails_by_severity", true)) {
      const std::string fails_at = member_pointer(entry_at, "fails_by_severity");
      for (std::size_t i = 0; i < point.failing_by_severity.size(); ++i) {
        const std::string severity(to_string(severity_at(i)));
        point.failing_by_severity[i] = fields.number<int>(*fails, fails_at, severity.c_str());
      }
    }
  });
  return changes;
}

EnvironmentSummary read_environment(ReportFields& fields, const json& object,
                                    const std::string& at) {
  EnvironmentSummary environment;
  environment.name = fields.text(object, at, "name");
  if (const json* tags = fields.object_member(object, at, "tags", true)) {
    const std::string tags_at = member_pointer(at, "tags");
    for (const auto& [key, value] : tags->items()) {
      environment.tags[key] = fields.text(*tags, tags_at, key.c_str());
    }
  }
  environment.error = fields.text(object, at, "error", false);
  environment.gate_fails = fields.flag(object, at, "gate_fails");
  if (const json* coverage = fields.object_member(object, at, "coverage", true)) {
    environment.coverage = read_coverage(fields, *coverage, member_pointer(at, "coverage"));
  }
  if (const json* changes = fields.object_member(object, at, "changes", false)) {
    environment.changes = read_changes(fields, *changes, member_pointer(at, "changes"));
  }
  return environment;
}

ConfigScanSummary read_config_scan(ReportFields& fields, const json& object,
                                   const std::string& at) {
  ConfigScanSummary scan;
  scan.roots = fields.texts(object, at, "roots");
  scan.files_scanned = fields.number<std::size_t>(object, at, "files_scanned");
  scan.bytes_scanned = fields.number<std::uint64_t>(object, at, "bytes_scanned");
  scan.connection_strings_not_judged =
      fields.number<std::size_t>(object, at, "connection_strings_not_judged", false);
  fields.each(object, at, "skipped", true, [&](const json& file, const std::string& file_at) {
    scan.skipped.push_back(
        {fields.text(file, file_at, "path"), fields.text(file, file_at, "reason")});
  });
  if (const json* rules = fields.object_member(object, at, "suppressed_by_rule", true)) {
    const std::string rules_at = member_pointer(at, "suppressed_by_rule");
    for (const auto& [rule, count] : rules->items()) {
      scan.suppressed_by_rule[rule] =
          fields.number_of<std::size_t>(count, member_pointer(rules_at, rule));
    }
  }
  return scan;
}

StaleAcceptance read_stale_acceptance(ReportFields& fields, const json& object,
                                      const std::string& at) {
  StaleAcceptance stale;
  Acceptance& acceptance = stale.acceptance;
  acceptance.origin = fields.text(object, at, "origin");
  acceptance.check = fields.text(object, at, "check");
  acceptance.subject = fields.text(object, at, "subject");
  acceptance.reason = fields.text(object, at, "reason");
  acceptance.expires = fields.text(object, at, "expires");
  acceptance.owner = fields.text(object, at, "owner", false);
  stale.expired = fields.flag(object, at, "expired");
  return stale;
}

std::vector<CloudSetting> read_settings(ReportFields& fields, const json& object,
                                        const std::string& at) {
  std::vector<CloudSetting> settings;
  fields.each(object, at, "settings", true, [&](const json& entry, const std::string& entry_at) {
    settings.push_back(
        {fields.text(entry, entry_at, "name"), fields.text(entry, entry_at, "value")});
  });
  return settings;
}

std::vector<CloudRuleSummary> read_rules(ReportFields& fields, const json& object,
                                         const std::string& at, const char* key) {
  std::vector<CloudRuleSummary> rules;
  fields.each(object, at, key, true, [&](const json& rule, const std::string& rule_at) {
    rules.push_back({fields.text(rule, rule_at, "action"), fields.text(rule, rule_at, "protocol"),
                     fields.text(rule, rule_at, "ports"), fields.text(rule, rule_at, "source"),
                     fields.text(rule, rule_at, "description")});
  });
  return rules;
}

ManagedDeploymentSummary read_deployment(ReportFields& fields, const json& object,
                                         const std::string& at) {
  ManagedDeploymentSummary deployment;
  deployment.subject = fields.text(object, at, "subject");
  deployment.id = fields.text(object, at, "id");
  deployment.name = fields.text(object, at, "name");
  deployment.scope = fields.text(object, at, "scope");
  deployment.topology = fields.text(object, at, "topology");
  deployment.version = fields.text(object, at, "version");
  deployment.addresses = fields.texts(object, at, "addresses");
  deployment.settings = read_settings(fields, object, at);
  deployment.security_groups = fields.texts(object, at, "security_groups");
  if (object.contains("paths_from_internet")) {
    auto& paths = deployment.paths_from_internet.emplace();
    fields.each(
        object, at, "paths_from_internet", true, [&](const json& path, const std::string& path_at) {
          CloudPathSummary& read = paths.emplace_back();
          fields.each(path, path_at, "hops", true, [&](const json& hop, const std::string& hop_at) {
            read.hops.push_back({fields.text(hop, hop_at, "kind"), fields.text(hop, hop_at, "name"),
                                 fields.text(hop, hop_at, "detail", false)});
          });
          read.note = fields.text(path, path_at, "note", false);
        });
  }
  deployment.probed_nodes = fields.texts(object, at, "probed_nodes");
  return deployment;
}

CloudAccountSummary read_cloud(ReportFields& fields, const json& object, const std::string& at) {
  CloudAccountSummary account;
  account.provider = fields.text(object, at, "provider");
  account.environment = fields.text(object, at, "environment", false);
  fields.each(object, at, "scopes", true, [&](const json& entry, const std::string& entry_at) {
    CloudScopeSummary scope{
        fields.text(entry, entry_at, "kind"),   fields.text(entry, entry_at, "subject"),
        fields.text(entry, entry_at, "id"),     fields.text(entry, entry_at, "name"),
        read_settings(fields, entry, entry_at), std::nullopt};
    if (entry.contains("access_list"))
      scope.access_list = read_rules(fields, entry, entry_at, "access_list");
    account.scopes.push_back(std::move(scope));
  });
  fields.each(object, at, "deployments", true, [&](const json& entry, const std::string& entry_at) {
    account.deployments.push_back(read_deployment(fields, entry, entry_at));
  });
  fields.each(object, at, "security_groups", true,
              [&](const json& entry, const std::string& entry_at) {
                account.security_groups.push_back({fields.text(entry, entry_at, "id"),
                                                   fields.text(entry, entry_at, "name"),
                                                   read_rules(fields, entry, entry_at, "inbound")});
              });
  fields.each(object, at, "load_balancers", true,
              [&](const json& entry, const std::string& entry_at) {
                LoadBalancerSummary balancer{fields.text(entry, entry_at, "id"),
                                             fields.text(entry, entry_at, "name"),
                                             fields.text(entry, entry_at, "region"),
                                             fields.flag(entry, entry_at, "public_facing"),
                                             fields.texts(entry, entry_at, "vips"),
                                             fields.texts(entry, entry_at, "security_groups"),
                                             fields.flag(entry, entry_at, "passes_to_target"),
                                             std::nullopt};
                if (entry.contains("forwards"))
                  balancer.forwards = fields.texts(entry, entry_at, "forwards");
                account.load_balancers.push_back(std::move(balancer));
              });
  fields.each(object, at, "failed_reads", true,
              [&](const json& entry, const std::string& entry_at) {
                account.failed_reads.push_back({fields.text(entry, entry_at, "call"),
                                                fields.text(entry, entry_at, "scope"),
                                                fields.text(entry, entry_at, "message")});
              });
  return account;
}

Report read_report(ReportFields& fields, const json& root) {
  const std::string at;
  Report report;
  if (const json* tool = fields.object_member(root, at, "tool", true)) {
    report.tool_name = fields.text(*tool, "/tool", "name");
    report.tool_version = fields.text(*tool, "/tool", "version");
  }
  report.started_at = fields.text(root, at, "started_at");
  report.finished_at = fields.text(root, at, "finished_at");
  report.inputs = fields.texts(root, at, "inputs");
  fields.each(root, at, "targets", true, [&](const json& target, const std::string& target_at) {
    report.targets.push_back(read_target(fields, target, target_at));
  });
  fields.each(root, at, "findings", true, [&](const json& finding, const std::string& finding_at) {
    report.findings.push_back(read_finding(fields, finding, finding_at));
  });
  if (const json* coverage = fields.object_member(root, at, "coverage", true)) {
    report.coverage = read_coverage(fields, *coverage, "/coverage");
  }
  if (const json* gate = fields.object_member(root, at, "gate", false)) {
    GateRule& rule = report.gate.emplace();
    const std::string fail_on = fields.text(*gate, "/gate", "fail_on");
    if (fail_on != "none") rule.fail_on = fields.one_of(*gate, "/gate", "fail_on", kReadSeverities);
    if (gate->contains("fail_on_new")) {
      rule.fail_on_new = fields.one_of(*gate, "/gate", "fail_on_new", kReadSeverities);
    }
  }
  if (const json* statistics = fields.object_member(root, at, "statistics", true)) {
    report.statistics.nodes = fields.number<std::size_t>(*statistics, "/statistics", "nodes");
    report.statistics.concurrency =
        fields.number<std::size_t>(*statistics, "/statistics", "concurrency");
    report.statistics.scram_key_derivations =
        fields.number<std::size_t>(*statistics, "/statistics", "scram_key_derivations");
  }
  if (const json* scan = fields.object_member(root, at, "config_scan", false)) {
    report.config_scan = read_config_scan(fields, *scan, "/config_scan");
  }
  fields.each(root, at, "stale_acceptances", false,
              [&](const json& entry, const std::string& entry_at) {
                report.stale_acceptances.push_back(read_stale_acceptance(fields, entry, entry_at));
              });
  fields.each(root, at, "environments", false, [&](const json& entry, const std::string& entry_at) {
    report.environments.push_back(read_environment(fields, entry, entry_at));
  });
  fields.each(root, at, "clouds", false, [&](const json& entry, const std::string& entry_at) {
    report.clouds.push_back(read_cloud(fields, entry, entry_at));
  });
  return report;
}

Error report_error(std::string message) {
  return Error{ErrorCode::usage, "report", std::move(message)};
}

}  // namespace

Result<Report> read_json_report(std::string_view text) {
  json root;
  bool too_deep = false;
  try {
    // The depth is checked as the parser goes: writing or walking a deeper document would recurse.
    root = json::parse(text, [&](int depth, json::parse_event_t, json&) {
      too_deep = too_deep || depth > kMaxReportDepth;
      return !too_deep;
    });
  } catch (const json::parse_error& error) {
    return report_error("not JSON (syntax error at byte " + std::to_string(error.byte) + ")");
  } catch (const json::exception& error) {  // a number out of range (1e400)
    return report_error("not JSON that can be read (a number out of range)");
  }
  if (too_deep) {
    return report_error("nested too deeply (limit " + std::to_string(kMaxReportDepth) + ")");
  }
  redact_connection_strings_in_json(root);
  if (!root.is_object() || !root.contains("schema_version")) {
    return report_error("not a mongoscan JSON report (no schema_version)");
  }
  ReportFields fields;
  if (const int version = fields.number<int>(root, "", "schema_version");
      fields.ok() && version != kReadableSchemaVersion) {
    return report_error("/schema_version: " + std::to_string(version) + " is not " +
                        std::to_string(kReadableSchemaVersion) +
                        ", the version this mongoscan reads");
  }
  Report report = read_report(fields, root);
  if (!fields.ok()) return report_error(fields.problem());
  return report;
}

}  // namespace mongoscan
