#include "reports/formats/json_report.h"

#include <functional>
#include <string>

#include "reports/text/pretty_json.h"

namespace mongoscan {
namespace {

constexpr int kSchemaVersion = 1;
constexpr std::size_t kFlushBytes = 64 * 1024;

// Free-form facts as written: null (never filled in) becomes {}.
void write_facts_value(PrettyJsonWriter& json, const nlohmann::json& facts) {
  if (facts.is_null()) {
    json.begin_object();
    json.end_object();
  } else {
    json.value(facts);
  }
}

void write_facts(PrettyJsonWriter& json, std::string_view name, const nlohmann::json& facts) {
  json.key(name);
  write_facts_value(json, facts);
}

// A finding's evidence as write_facts writes it; packed evidence straight from its CBOR bytes,
// without unpacking it into a document first (a fleet's report has hundreds of thousands).
void write_evidence(PrettyJsonWriter& json, const Finding& finding) {
  constexpr std::string_view kCborNull = "\xF6";
  const std::string_view cbor = finding.packed_evidence.cbor();
  json.key("evidence");
  if (!cbor.empty() && cbor != kCborNull && json.value_of_cbor(cbor)) return;
  // Not packed, null, or bytes that do not parse (unpacking them throws, as it did before).
  write_facts_value(json, evidence_of(finding));
}

void write_node(PrettyJsonWriter& json, const NodeSummary& node) {
  json.begin_object();
  json.member("address", node.address);
  json.member("origin", node.origin);
  if (!node.named_by.empty()) json.member("named_by", node.named_by);
  if (!node.aliases.empty()) json.member("aliases", node.aliases);
  json.member("role", node.role);
  json.member("version", node.version);
  write_facts(json, "tls", node.tls.unpack());
  write_facts(json, "authentication", node.authentication.unpack());
  write_facts(json, "commands", node.commands.unpack());
  json.key("errors");
  json.begin_array();
  for (const Error& error : node.errors) {
    json.begin_object();
    json.member("phase", error.phase);
    json.member("code", to_string(error.code));
    json.member("message", error.message);
    json.end_object();
  }
  json.end_array();
  if (!node.managed_by.empty()) json.member("managed_by", node.managed_by);
  json.end_object();
}

void write_part(PrettyJsonWriter& json, const ClusterPartSummary& part, std::string_view id_key) {
  json.begin_object();
  json.member(id_key, part.name);
  json.member("set_name", part.set_name);
  json.member("members", part.members);
  json.end_object();
}

void write_cluster(PrettyJsonWriter& json, const ClusterSummary& cluster) {
  json.begin_object();
  json.key("mongos");
  json.begin_array();
  for (const RouterSummary& router : cluster.mongos) {
    json.begin_object();
    json.member("address", router.address);
    if (!router.reached.empty()) json.member("reached", router.reached);
    json.member("load_balancer", router.load_balancer);
    json.end_object();
  }
  json.end_array();
  if (cluster.config_servers) {
    json.key("config_servers");
    write_part(json, *cluster.config_servers, "name");
  }
  json.key("shards");
  json.begin_array();
  for (const ClusterPartSummary& shard : cluster.shards) write_part(json, shard, "id");
  json.end_array();
  json.key("stale_mongos");
  json.begin_array();
  for (const StaleMongosSummary& mongos : cluster.stale_mongos) {
    json.begin_object();
    json.member("address", mongos.address);
    if (!mongos.last_ping.empty()) json.member("last_ping", mongos.last_ping);
    if (!mongos.version.empty()) json.member("version", mongos.version);
    json.end_object();
  }
  json.end_array();
  json.member("unplaced", cluster.unplaced);
  json.end_object();
}

// `after_node` is called after each node is written (a target may have thousands).
void write_target(PrettyJsonWriter& json, const TargetSummary& target,
                  const std::function<void()>& after_node) {
  json.begin_object();
  json.member("uri", target.uri);
  json.member("topology", target.topology);
  json.key("nodes");
  json.begin_array();
  for (const NodeSummary& node : target.nodes) {
    write_node(json, node);
    after_node();
  }
  json.end_array();
  if (target.cluster) {
    json.key("cluster");
    write_cluster(json, *target.cluster);
  }
  if (!target.environment.empty()) json.member("environment", target.environment);
  json.end_object();
}

void write_settings(PrettyJsonWriter& json, const std::vector<CloudSetting>& settings) {
  json.key("settings");
  json.begin_array();
  for (const CloudSetting& setting : settings) {
    json.begin_object();
    json.member("name", setting.name);
    json.member("value", setting.value);
    json.end_object();
  }
  json.end_array();
}

void write_rules(PrettyJsonWriter& json, std::string_view name,
                 const std::vector<CloudRuleSummary>& rules) {
  json.key(name);
  json.begin_array();
  for (const CloudRuleSummary& rule : rules) {
    json.begin_object();
    json.member("action", rule.action);
    json.member("protocol", rule.protocol);
    json.member("ports", rule.ports);
    json.member("source", rule.source);
    json.member("description", rule.description);
    json.end_object();
  }
  json.end_array();
}

void write_path(PrettyJsonWriter& json, const CloudPathSummary& path) {
  json.begin_object();
  json.key("hops");
  json.begin_array();
  for (const CloudHop& hop : path.hops) {
    json.begin_object();
    json.member("kind", hop.kind);
    json.member("name", hop.name);
    if (!hop.detail.empty()) json.member("detail", hop.detail);
    json.end_object();
  }
  json.end_array();
  if (!path.note.empty()) json.member("note", path.note);
  json.end_object();
}

void write_deployment(PrettyJsonWriter& json, const ManagedDeploymentSummary& deployment) {
  json.begin_object();
  json.member("subject", deployment.subject);
  json.member("id", deployment.id);
  json.member("name", deployment.name);
  json.member("scope", deployment.scope);
  json.member("topology", deployment.topology);
  json.member("version", deployment.version);
  json.member("addresses", deployment.addresses);
  write_settings(json, deployment.settings);
  json.member("security_groups", deployment.security_groups);
  if (deployment.paths_from_internet) {
    json.key("paths_from_internet");
    json.begin_array();
    for (const CloudPathSummary& path : *deployment.paths_from_internet) write_path(json, path);
    json.end_array();
  }
  json.member("probed_nodes", deployment.probed_nodes);
  json.end_object();
}

void write_cloud(PrettyJsonWriter& json, const CloudAccountSummary& account) {
  json.begin_object();
  json.member("provider", account.provider);
  if (!account.environment.empty()) json.member("environment", account.environment);
  json.key("scopes");
  json.begin_array();
  for (const CloudScopeSummary& scope : account.scopes) {
    json.begin_object();
    json.member("kind", scope.kind);
    json.member("subject", scope.subject);
    json.member("id", scope.id);
    json.member("name", scope.name);
    write_settings(json, scope.settings);
    if (scope.access_list) write_rules(json, "access_list", *scope.access_list);
    json.end_object();
  }
  json.end_array();
  json.key("deployments");
  json.begin_array();
  for (const ManagedDeploymentSummary& deployment : account.deployments)
    write_deployment(json, deployment);
  json.end_array();
  json.key("security_groups");
  json.begin_array();
  for (const CloudGroupSummary& group : account.security_groups) {
    json.begin_object();
    json.member("id", group.id);
    json.member("name", group.name);
    write_rules(json, "inbound", group.inbound);
    json.end_object();
  }
  json.end_array();
  json.key("load_balancers");
  json.begin_array();
  for (const LoadBalancerSummary& balancer : account.load_balancers) {
    json.begin_object();
    json.member("id", balancer.id);
    json.member("name", balancer.name);
    json.member("region", balancer.region);
    json.member("public_facing", balancer.public_facing);
    json.member("vips", balancer.vips);
    json.member("security_groups", balancer.security_groups);
    json.member("passes_to_target", balancer.passes_to_target);
    if (balancer.forwards) json.member("forwards", *balancer.forwards);
    json.end_object();
  }
  json.end_array();
  json.key("failed_reads");
  json.begin_array();
  for (const CloudFailedRead& failure : account.failed_reads) {
    json.begin_object();
    json.member("call", failure.call);
    json.member("scope", failure.scope);
    json.member("message", failure.message);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

void write_subject(PrettyJsonWriter& json, const Subject& subject) {
  json.begin_object();
  switch (subject.kind) {
    case Subject::Kind::node:
      json.member("node", subject.name);
      break;
    case Subject::Kind::uri:
      json.member("uri", subject.name);
      break;
    case Subject::Kind::ns:
      json.member("namespace", subject.name);
      break;
    case Subject::Kind::cloud:
      json.member("cloud_resource", subject.name);
      break;
    case Subject::Kind::file:
      json.member("file", subject.name);
      if (subject.line) json.member("line", *subject.line);
      if (subject.column) json.member("column", *subject.column);
      if (subject.context) json.member("context", to_string(*subject.context));
      break;
  }
  if (subject.kind != Subject::Kind::file && subject.listed_at) {
    json.member("file", subject.listed_at->file);
    json.member("line", subject.listed_at->line);
  }
  json.end_object();
}

// A finding's acceptance: an --accept entry's reason, expiry and owner, or an inline comment's
// reason alone.
void write_acceptance(PrettyJsonWriter& json, const FindingAcceptance& acceptance) {
  json.key("acceptance");
  json.begin_object();
  json.member("reason", acceptance.reason);
  if (!acceptance.expires.empty()) json.member("expires", acceptance.expires);
  if (!acceptance.owner.empty()) json.member("owner", acceptance.owner);
  json.member("expired", acceptance.expired);
  json.end_object();
}

void write_stale_acceptances(PrettyJsonWriter& json, const std::vector<StaleAcceptance>& stale) {
  json.key("stale_acceptances");
  json.begin_array();
  for (const StaleAcceptance& entry : stale) {
    json.begin_object();
    json.member("origin", entry.acceptance.origin);
    json.member("check", entry.acceptance.check);
    json.member("subject", entry.acceptance.subject);
    json.member("reason", entry.acceptance.reason);
    json.member("expires", entry.acceptance.expires);
    if (!entry.acceptance.owner.empty()) json.member("owner", entry.acceptance.owner);
    json.member("expired", entry.expired);
    json.end_object();
  }
  json.end_array();
}

void write_finding(PrettyJsonWriter& json, const ReportedFinding& reported) {
  const CheckSpec& spec = *reported.spec;
  const Finding& finding = reported.finding;
  json.begin_object();
  json.member("check_id", finding.check_id);
  json.member("title", spec.title);
  json.member("layer", to_string(spec.layer));
  json.member("severity", to_string(finding.severity));
  json.member("default_severity", to_string(spec.severity));
  json.member("status", to_string(finding.status));
  json.member("gates", reported.gates);
  json.key("subject");
  write_subject(json, finding.subject);
  json.member("message", finding.message);
  write_evidence(json, finding);
  json.member("remediation", spec.remediation);
  json.member("references", reference_texts(spec.references));
  if (!finding.fingerprint.empty()) json.member("fingerprint", finding.fingerprint);
  if (!finding.suppression.empty()) json.member("suppression", finding.suppression);
  if (finding.acceptance) write_acceptance(json, *finding.acceptance);
  if (!reported.environment.empty()) json.member("environment", reported.environment);
  json.end_object();
}

void write_summary(PrettyJsonWriter& json, const StatusCounts& counts) {
  json.begin_object();
  json.member("pass", counts.pass);
  json.member("fail", counts.fail);
  json.member("warn", counts.warn);
  json.member("error", counts.error);
  json.member("skipped", counts.skipped);
  json.member("suppressed", counts.suppressed);
  json.end_object();
}

void write_coverage(PrettyJsonWriter& json, const ScanCoverage& coverage) {
  json.begin_object();
  json.member("complete", coverage.complete());
  json.member("statement", coverage.statement());
  json.member("nodes_not_scanned", coverage.nodes_not_scanned);
  json.member("nodes_scanned_in_part", coverage.nodes_in_part);
  json.member("members_not_probed", coverage.members_not_probed);
  json.member("checks_in_error", coverage.checks_in_error);
  json.member("files_not_scanned", coverage.files_not_scanned);
  json.member("timed_out", coverage.timed_out);
  json.member("environments_not_scanned", coverage.environments_not_scanned);
  json.end_object();
}

void write_changed_findings(PrettyJsonWriter& json, std::string_view name,
                            const std::vector<ChangedFinding>& findings) {
  json.key(name);
  json.begin_array();
  for (const ChangedFinding& finding : findings) {
    json.begin_object();
    json.member("fingerprint", finding.fingerprint);
    json.member("check_id", finding.check_id);
    json.member("severity", to_string(finding.severity));
    json.member("subject", finding.subject);
    json.member("message", finding.message);
    json.member("first_seen", finding.first_seen);
    if (!finding.now.empty()) json.member("now", finding.now);
    json.end_object();
  }
  json.end_array();
}

// What changed since the environment's previous run in the history.
void write_changes(PrettyJsonWriter& json, const EnvironmentChanges& changes) {
  json.begin_object();
  json.key("previous_run");
  if (changes.previous_run) {
    json.value(*changes.previous_run);
  } else {
    json.value(nlohmann::json(nullptr));
  }
  write_changed_findings(json, "new", changes.new_findings);
  write_changed_findings(json, "fixed", changes.fixed);
  write_changed_findings(json, "unverified", changes.unverified);
  json.member("unchanged", changes.unchanged.size());
  write_changed_findings(json, "still_failing", changes.unchanged);
  json.key("trend");
  json.begin_array();
  for (const TrendPoint& point : changes.trend) {
    json.begin_object();
    json.member("run", point.started_at);
    json.member("scanned", point.scanned);
    if (point.scanned) {
      json.key("fails_by_severity");
      json.begin_object();
      for (std::size_t i = 0; i < point.failing_by_severity.size(); ++i) {
        json.member(to_string(severity_at(i)), point.failing_by_severity[i]);
      }
      json.end_object();
    }
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

// An inventory's environments: each one's verdict at the gate, counts and coverage, or why it
// was not scanned; with a history, what changed since its previous run.
void write_environments(PrettyJsonWriter& json, const Report& report) {
  json.key("environments");
  json.begin_array();
  const auto summaries = report.environment_summaries();
  for (const EnvironmentSummary& environment : report.environments) {
    json.begin_object();
    json.member("name", environment.name);
    json.key("tags");
    json.begin_object();
    for (const auto& [key, value] : environment.tags) json.member(key, value);
    json.end_object();
    json.member("verdict", verdict_of(environment));
    if (!environment.error.empty()) json.member("error", environment.error);
    json.member("gate_fails", environment.gate_fails);
    json.key("summary");
    const auto summary = summaries.find(environment.name);
    write_summary(json, summary == summaries.end() ? StatusCounts{} : summary->second);
    json.key("coverage");
    write_coverage(json, environment.coverage);
    if (environment.changes) {
      json.key("changes");
      write_changes(json, *environment.changes);
    }
    json.end_object();
  }
  json.end_array();
}

void write_config_scan(PrettyJsonWriter& json, const ConfigScanSummary& scan) {
  json.begin_object();
  json.member("roots", scan.roots);
  json.member("files_scanned", scan.files_scanned);
  json.member("bytes_scanned", scan.bytes_scanned);
  if (scan.connection_strings_not_judged > 0)
    json.member("connection_strings_not_judged", scan.connection_strings_not_judged);
  json.key("skipped");
  json.begin_array();
  for (const SkippedFile& file : scan.skipped) {
    json.begin_object();
    json.member("path", file.path);
    json.member("reason", file.reason);
    json.end_object();
  }
  json.end_array();
  json.key("suppressed_by_rule");
  json.begin_object();
  for (const auto& [rule, count] : scan.suppressed_by_rule) json.member(rule, count);
  json.end_object();
  json.end_object();
}

}  // namespace

void write_json_report(const Report& report, std::ostream& out) {
  std::string text;
  PrettyJsonWriter json(text);
  // Written in parts, after each node and each finding: no buffer grows with the report.
  const std::function<void()> flush_when_full = [&] {
    if (text.size() >= kFlushBytes) {
      out << text;
      text.clear();
    }
  };
  json.begin_object();
  json.member("schema_version", kSchemaVersion);
  json.key("tool");
  json.begin_object();
  json.member("name", report.tool_name);
  json.member("version", report.tool_version);
  json.end_object();
  json.member("started_at", report.started_at);
  json.member("finished_at", report.finished_at);
  json.member("inputs", report.inputs);
  json.key("targets");
  json.begin_array();
  for (const TargetSummary& target : report.targets) {
    write_target(json, target, flush_when_full);
  }
  json.end_array();
  json.key("findings");
  json.begin_array();
  for (const ReportedFinding& reported : report.findings) {
    write_finding(json, reported);
    flush_when_full();
  }
  json.end_array();
  json.key("summary");
  write_summary(json, report.summary());
  json.member("verdict", verdict_of(report));
  if (report.gate) {
    json.key("gate");
    json.begin_object();
    json.member("fail_on", report.gate->fail_on ? to_string(*report.gate->fail_on) : "none");
    if (report.gate->fail_on_new) json.member("fail_on_new", to_string(*report.gate->fail_on_new));
    json.end_object();
  }
  json.key("coverage");
  write_coverage(json, report.coverage);
  json.key("statistics");
  json.begin_object();
  json.member("nodes", report.statistics.nodes);
  json.member("concurrency", report.statistics.concurrency);
  json.member("scram_key_derivations", report.statistics.scram_key_derivations);
  json.end_object();
  if (report.config_scan) {
    json.key("config_scan");
    write_config_scan(json, *report.config_scan);
  }
  if (!report.stale_acceptances.empty()) write_stale_acceptances(json, report.stale_acceptances);
  if (!report.environments.empty()) write_environments(json, report);
  if (!report.clouds.empty()) {
    json.key("clouds");
    json.begin_array();
    for (const CloudAccountSummary& account : report.clouds) write_cloud(json, account);
    json.end_array();
  }
  json.end_object();
  out << text << '\n';
}

}  // namespace mongoscan
