#include "scanner/cli/scan_command.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <future>
#include <map>
#include <span>

#include "checks/baseline.h"
#include "checks/cloud/managed_routes.h"
#include "checks/connection/deployment_connection.h"
#include "checks/file_context_gate.h"
#include "checks/gate.h"
#include "checks/inline_allow.h"
#include "checks/registry.h"
#include "checks/scan_coverage.h"
#include "reports/atomic_file.h"
#include "reports/cloud_summary.h"
#include "reports/cluster_summary.h"
#include "reports/formats/webhook_payload.h"
#include "reports/history/history_run.h"
#include "reports/history/history_store.h"
#include "reports/history/report_changes.h"
#include "reports/node_summary.h"
#include "reports/progress_line.h"
#include "reports/reporter.h"
#include "scanner/auth/component_credentials.h"
#include "scanner/auth/password_source.h"
#include "scanner/cli/diagnostics.h"
#include "scanner/cli/kept_node_facts.h"
#include "scanner/cli/version.h"
#include "scanner/cloud/http/curl_transport.h"
#include "scanner/config_scan/candidate_rules.h"
#include "scanner/discovery/discovery.h"
#include "scanner/dns/dns_resolver.h"
#include "scanner/dns/srv_seedlist.h"
#include "scanner/facts/deployment_facts.h"
#include "scanner/facts/topology.h"
#include "scanner/probe/probe.h"
#include "scanner/time/utc_time.h"
#include "scanner/uri/uri.h"
#include "scanner/wire/tls_context_cache.h"

namespace mongoscan {
namespace {

std::string rfc3339_utc_now() {
  return format_utc(std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count());
}

// The scanning account: --username (password from the inventory's variable, a file, the
// environment or a prompt), else the URI's.
Result<std::optional<Credentials>> scanning_credentials(const ProbeSettings& settings,
                                                        const ConnectionString& uri) {
  if (settings.username.empty()) return uri.credentials;
  auto password = settings.auth_mechanism == "MONGODB-X509" ? Result<Secret>(Secret(""))
                  : !settings.password_env.empty()
                      ? read_password_variable(settings.password_env)
                      : read_password(settings.password_file, settings.username);
  if (!password) return password.error();
  Credentials credentials;
  credentials.username = settings.username;
  if (settings.auth_mechanism != "MONGODB-X509") credentials.password = std::move(password).value();
  if (!settings.auth_mechanism.empty()) credentials.mechanism = settings.auth_mechanism;
  credentials.source = !settings.auth_source.empty() ? settings.auth_source
                       : uri.string_option("authSource")
                           ? *uri.string_option("authSource")
                           : uri.database.value_or(
                                 settings.auth_mechanism == "MONGODB-X509" ? "$external" : "admin");
  return std::optional<Credentials>(std::move(credentials));
}

// TLS settings from the command line, else from the URI's own options.
TlsOptions tls_options(const ProbeSettings& settings, const ConnectionString& uri) {
  TlsOptions options;
  options.ca_file = !settings.tls_ca_file.empty() ? settings.tls_ca_file
                                                  : uri.string_option("tlsCAFile").value_or("");
  options.cert_key_file = !settings.tls_cert_key_file.empty()
                              ? settings.tls_cert_key_file
                              : uri.string_option("tlsCertificateKeyFile").value_or("");
  options.insecure = settings.tls_insecure || uri.bool_option("tlsInsecure").value_or(false) ||
                     uri.bool_option("tlsAllowInvalidCertificates").value_or(false);
  return options;
}

// How to probe one target's nodes: its scanning account and TLS settings (its TLS context shared
// with every target that has the same TLS options), or why they are unusable.
Result<ProbeOptions> probe_options(const ProbeSettings& settings, const ConnectionString& uri,
                                   SaltedPasswordCache& cache, TlsContextCache& tls_contexts) {
  auto credentials = scanning_credentials(settings, uri);
  if (!credentials) return credentials.error();
  auto tls_context = tls_contexts.get(tls_options(settings, uri));
  if (!tls_context) return Error{ErrorCode::usage, "tls", tls_context.error().message};
  ProbeOptions options;
  options.tls_required = uri.bool_option("tls").value_or(uri.srv);
  options.load_balanced = uri.bool_option("loadBalanced").value_or(false);
  options.tls_context = tls_context.value();
  options.credentials = std::move(credentials).value();
  if (!settings.component_credentials_file.empty()) {
    auto accounts = read_component_credentials(settings.component_credentials_file);
    if (!accounts) return accounts.error();
    options.component_credentials = std::move(accounts).value();
  }
  options.authentication.allow_plain_without_tls = settings.allow_plain_without_tls;
  options.authentication.cache = &cache;
  options.connect_timeout = settings.connect_timeout;
  options.command_timeout = settings.command_timeout;
  options.node_timeout = settings.node_timeout;
  return options;
}

// A target to probe: which input it came from, its parsed form, and the environment whose
// account and TLS settings probe it.
struct ProbeTarget {
  const UriInput* input;
  std::string redacted_uri;
  ConnectionString uri;
  std::size_t environment;
  const ProbeSettings* settings;
  const Policy* policy;  // the environment's: its nodes are judged under it
};

// An SRV name whose lookups gave no usable seed is reported as a node that could not be probed,
// with every problem found.
NodeFacts unresolved_srv_name(const DeploymentFacts& deployment) {
  NodeFacts facts;
  facts.host = deployment.uri.hosts.front().host;
  facts.errors = deployment.seedlist->problems;
  return facts;
}

// The findings about a deployment's nodes and namespaces, located at the list line of its
// connection string (none for an argument).
std::vector<Finding> listed_at(const DeploymentFacts& deployment, std::vector<Finding> findings) {
  for (Finding& finding : findings) {
    if (finding.subject.kind != Subject::Kind::file)
      finding.subject.listed_at = deployment.listed_at;
  }
  return findings;
}

// A node's own findings as the scan keeps them until its report is built: in memory, or
// already written to the report's spool with only their records kept (see JudgeNode); and its
// summary, made before its replies were dropped (its aliases are added once discovery ends).
struct JudgedNode {
  NodeSummary summary;
  std::vector<Finding> findings;
  std::vector<ReportedFindings::Record> spooled;
  std::size_t spooled_errors = 0;             // spooled findings in error, for the coverage
  std::vector<std::size_t> acceptances_used;  // entries the spooled findings matched
};

// Each node's own findings and summary, in the order of DeploymentFacts::nodes.
using NodeFindings = std::vector<JudgedNode>;

// Keeps a node's findings, judged under the environment's policy and placed at the deployment's
// list line: in memory or written ahead to the report's spool.
using JudgeNode = std::function<JudgedNode(std::size_t environment, std::vector<Finding>)>;

// The probed deployments (each node judged by its own checks as soon as it was probed, and
// only what later readers need kept of it), their nodes' findings, the options their nodes were
// probed with and the environment each belongs to (in the same order); and the targets that
// could not be probed, by environment.
struct ProbedDeployments {
  std::vector<DeploymentFacts> deployments;
  std::vector<NodeFindings> node_findings;
  std::vector<ProbeOptions> options;
  std::vector<std::size_t> environments;
  std::vector<std::pair<std::size_t, Error>> unusable;  // an account or TLS setting failed
  bool timed_out = false;                               // the scan's deadline ended discovery
};

// Resolves every target's SRV and TXT records at once, then discovers and probes every node of
// every target, all through one resolver and within one concurrency budget.
Result<ProbedDeployments> probe_deployments(const ProbeSettings& settings,
                                            const std::vector<ProbeTarget>& targets,
                                            SaltedPasswordCache& cache,
                                            const DiscoverySettings& discovery,
                                            const JudgeNode& judge_node, KeptForLater kept) {
  auto resolver = DnsResolver::create(settings.dns_servers);
  if (!resolver) return resolver.error();
  std::vector<ConnectionString> uris;
  for (const ProbeTarget& target : targets) uris.push_back(target.uri);
  std::vector<SeedlistDiscovery> seedlists =
      discover_seedlists(uris, *resolver.value(), Deadline::after(settings.dns_timeout));

  ProbedDeployments probed;
  std::vector<DeploymentFacts> deployments;
  std::vector<DiscoveryTarget> discovery_targets;
  std::vector<const Policy*> policies;  // of each discovery target
  TlsContextCache tls_contexts;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const bool srv = targets[i].uri.srv;
    auto options = probe_options(*targets[i].settings, seedlists[i].uri, cache, tls_contexts);
    if (!options) {
      probed.unusable.emplace_back(
          targets[i].environment, Error{ErrorCode::usage, options.error().phase,
                                        targets[i].input->origin + ": " + options.error().message});
      continue;
    }
    probed.environments.push_back(targets[i].environment);
    policies.push_back(targets[i].policy);
    discovery_targets.push_back(
        {srv ? seedlists[i].srv_hosts : targets[i].uri.hosts, std::move(options).value()});
    deployments.push_back({targets[i].redacted_uri,
                           targets[i].uri,
                           srv ? std::optional(seedlists[i]) : std::nullopt,
                           {},
                           std::nullopt,
                           0,
                           targets[i].input->listed_at});
  }
  // A node's own findings, by its discovery id, made and kept as soon as it is done.
  std::map<std::size_t, JudgedNode> judged;
  EvidencePacker summary_packer;
  const auto judged_at_list_line = [&](std::size_t target, const NodeFacts& node) {
    JudgedNode judged_node =
        judge_node(probed.environments[target],
                   listed_at(deployments[target], run_node_checks(node, *policies[target])));
    judged_node.summary = summarize_node(node, summary_packer);
    return judged_node;
  };
  DiscoverySettings judging = discovery;
  judging.on_node_done = [&](std::size_t target, std::size_t id, NodeFacts& node) {
    judged[id] = judged_at_list_line(target, node);
    drop_facts_judged(node, kept);
  };
  Discovery discovered = discover_and_probe(discovery_targets, *resolver.value(), judging);
  probed.timed_out = discovered.timed_out;
  for (std::size_t i = 0; i < deployments.size(); ++i) {
    DiscoveredDeployment& found = discovered.deployments[i];
    deployments[i].nodes = std::move(found.nodes);
    deployments[i].members_not_probed = found.members_not_probed;
    NodeFindings& findings = probed.node_findings.emplace_back();
    for (const std::size_t id : found.node_ids) findings.push_back(std::move(judged[id]));
    if (deployments[i].nodes.empty() && deployments[i].seedlist) {
      deployments[i].nodes.push_back(unresolved_srv_name(deployments[i]));
      findings.push_back(judged_at_list_line(i, deployments[i].nodes.back()));
    }
    probed.options.push_back(std::move(discovery_targets[i].options));
  }
  probed.deployments = std::move(deployments);
  return probed;
}

// The policy with the ports of the deployments this run probed added to MongoDB's ports
// (NET-005, NET-006): a rule opening a deployment's own port exposes it, whatever the number.
Policy with_deployment_ports(const Policy& policy,
                             const std::vector<DeploymentFacts>& deployments) {
  Policy extended = policy;
  auto& ports = extended.exposure.ports;
  for (const DeploymentFacts& deployment : deployments) {
    for (const NodeFacts& node : deployment.nodes) {
      const bool known =
          node.port == 0 || std::any_of(ports.begin(), ports.end(), [&](const auto& range) {
            return range.first <= node.port && node.port <= range.second;
          });
      if (!known) ports.emplace_back(node.port, node.port);
    }
  }
  return extended;
}

// --data-model: one node of each deployment, one deployment after another, until the scan's
// deadline (a deployment not sampled by then says so).
void sample_data_models(ProbedDeployments& probed, const DataModelOptions& options) {
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  for (std::size_t i = 0; i < probed.deployments.size(); ++i) {
    DeploymentFacts& deployment = probed.deployments[i];
    if (options.scan_deadline && options.scan_deadline->expired()) {
      DataModelFacts not_sampled;
      not_sampled.sample_size = options.sample_size;
      not_sampled.errors.push_back(
          Error{ErrorCode::timeout, "data model", "the scan timeout passed before sampling began"});
      deployment.data_model = std::move(not_sampled);
    } else if (const NodeFacts* node = sampling_node(deployment.nodes)) {
      deployment.data_model = probe_data_model(*node, probed.options[i], options, now);
    } else {
      DataModelFacts unreachable;
      unreachable.sample_size = options.sample_size;
      unreachable.errors.push_back(
          Error{ErrorCode::refused, "data model", "no node answered hello: nothing to sample"});
      deployment.data_model = std::move(unreachable);
    }
  }
}

// The config scan's settings with the policy's limits on findings.
ConfigScanSettings config_scan_settings(const ConfigScanRequest& request, const Policy& policy) {
  ConfigScanSettings settings = request.settings;
  settings.per_file.credentials_per_kind =
      static_cast<std::size_t>(policy.config_findings.per_file);
  settings.max_credentials = static_cast<std::size_t>(policy.config_findings.per_scan);
  settings.max_connection_strings = static_cast<std::size_t>(policy.config_findings.per_scan);
  return settings;
}

// What a config scan covered, as reports show it.
ConfigScanSummary summarize(const ConfigFacts& facts) {
  ConfigScanSummary summary;
  summary.roots = facts.roots;
  summary.files_scanned = facts.files_scanned;
  summary.bytes_scanned = facts.bytes_scanned;
  summary.skipped = facts.skipped;
  summary.connection_strings_not_judged = facts.connection_strings_not_kept;
  summary.suppressed_by_rule = facts.suppressed_by_rule;
  return summary;
}

std::string describe_place(const FileLocation& place) {
  return place.path + ":" + std::to_string(place.line) + ":" + std::to_string(place.column);
}

// The context of the file at `path`: --context when given, else what the config scan decided.
FileContext context_of(const std::string& path, const ConfigFacts& facts,
                       std::optional<FileContext> forced) {
  if (forced) return *forced;
  const auto found = facts.file_contexts.find(path);
  return found == facts.file_contexts.end() ? FileContext::production : found->second;
}

// The context of a connection string found in several files: the first in FileContext's order
// (production before example, test and documentation) among its places.
FileContext context_of(const FoundConnectionString& found, const ConfigFacts& facts,
                       std::optional<FileContext> forced) {
  FileContext context = FileContext::documentation;
  for (const FileLocation& place : found.places)
    context = std::min(context, context_of(place.path, facts, forced));
  return context;
}

// The probed deployment a connection string reaches: directly, else through the managed
// deployment its control plane says both are.
ReachedDeployment deployment_reached(const ConnectionString& connection,
                                     const std::vector<DeploymentFacts>& deployments,
                                     const std::vector<CloudAccountFacts>& clouds) {
  if (const DeploymentFacts* direct = deployment_reached_by(connection, deployments)) return direct;
  const DeploymentFacts* managed =
      deployment_reached_through_control_plane(connection, deployments, clouds);
  return {managed, managed != nullptr};
}

// The CONN findings of a connection string found in files: judged once, about `place` (one of
// its places), with the count and the first places of all its copies in the evidence.
std::vector<Finding> found_string_findings(const FoundConnectionString& found,
                                           const FileLocation& place,
                                           const std::vector<DeploymentFacts>& deployments,
                                           const std::vector<CloudAccountFacts>& clouds,
                                           const Policy& policy) {
  auto parsed = parse_connection_string(found.text.reveal());
  if (!parsed) return {};
  // Its password, so that a `mongoscan:allow` reason that quotes it is not kept.
  const auto& written = parsed.value().credentials;
  const Secret password = written && written->password ? *written->password : Secret("");
  // A placeholder password (${MONGO_PASSWORD}, {pw}) is no password: AUTHN-005 does not judge it.
  if (auto& credentials = parsed.value().credentials;
      credentials && credentials->password &&
      dropping_rule({credentials->password->reveal(), true, false, false})) {
    credentials->password.reset();
  }
  // TLS switched on beside the string (mongosh --tls, ssl.enabled=true) is the string's TLS.
  if (!found.tls_around.empty() && parsed.value().option("tls") == nullptr)
    parsed.value().options["tls"] = UriOption{"tls", true};
  const UriTarget target{redact_connection_string(found.text.reveal()), std::move(parsed).value(),
                         Subject::file(place.path, place.line, place.column)};
  std::vector<Finding> findings = run_connection_string_checks(
      target, deployment_reached(target.connection, deployments, clouds), clouds, policy);
  std::vector<std::string> places;
  for (const FileLocation& place : found.places) places.push_back(describe_place(place));
  for (Finding& finding : findings) {
    finding.evidence["connection_string"] = target.redacted_uri;
    finding.evidence["occurrences"] = found.occurrences;
    if (!found.tls_around.empty()) finding.evidence["tls_around"] = found.tls_around;
    if (found.occurrences > 1) finding.evidence["found_at"] = places;
    if (found.allowed_inline) apply_inline_allow(found.allow_comment, password.reveal(), finding);
  }
  return findings;
}

// --notify: the payload posted within --notify-timeout, trusting what --cloud-ca-file adds to the
// system's CAs; a failed delivery is said on stderr and leaves the exit code to the scan.
void notify_webhook(const Report& report, const WebhookTarget& target, const ScanRequest& request,
                    std::ostream& err) {
  CurlTransportOptions options;
  options.extra_ca_file = request.cloud.ca_file;
  options.request_timeout = request.notify_timeout;
  CurlTransport transport(options);
  RetryPolicy policy;
  policy.max_attempts = 3;
  post_webhook(target, webhook_payload(report), transport, policy,
               Deadline::after(request.notify_timeout), err);
}

// Applies --baseline, writes --write-baseline (whose findings are then baselined too) and says
// what it wrote, unless quiet. `today`: the scan's date, YYYY-MM-DD.
std::optional<CommandError> settle_baseline(const ConfigScanRequest& request,
                                            std::string_view today, bool quiet,
                                            std::vector<Finding>& findings, std::ostream& err) {
  Baseline baseline = request.baseline;
  if (!request.write_baseline_file.empty()) {
    const std::string text = baseline_text(findings, request.baseline, today);
    if (auto written = write_file_atomically(request.write_baseline_file, text); !written) {
      return CommandError{kExitScanFailed, "--write-baseline " + written.error().message};
    }
    baseline = parse_baseline(text).value();
    if (!quiet) {
      err << "mongoscan: wrote " << baseline.entries.size()
          << (baseline.entries.size() == 1 ? " entry" : " entries") << " to "
          << request.write_baseline_file
          << ": every failing or warning finding of this run, accepted: they no longer fail the "
             "gate (mongoscan baseline show lists them)\n";
    }
  }
  const std::size_t after_rename = apply_baseline(baseline, findings);
  if (!quiet && after_rename > 0) {
    err << "mongoscan: " << after_rename << (after_rename == 1 ? " finding" : " findings")
        << " held by the baseline under another path (a renamed file); --write-baseline records "
           "the new paths\n";
  }
  if (!quiet && request.baseline.version == 1 && request.write_baseline_file.empty()) {
    err << "mongoscan: the baseline is version 1 (fingerprints only): --write-baseline rewrites it "
           "with each entry's check, subject and first-seen date\n";
  }
  return std::nullopt;
}

// An environment as the scan goes: its parsed connection strings, the deployments it probed,
// what its files held, and why it could not be scanned.
struct EnvironmentRun {
  const EnvironmentRequest* request;
  std::vector<UriTarget> uris;
  std::vector<DeploymentFacts> deployments;
  std::vector<NodeFindings> node_findings;  // of each deployment's nodes
  std::optional<ConfigFacts> config;
  std::optional<Error> error;
  std::vector<CloudAccountFacts> clouds = {};
  std::vector<CloudCredentials> cloud_credentials = {};  // one per request->clouds
};

// Moves `more` to the end of `findings`.
void append(std::vector<Finding>& findings, std::vector<Finding> more) {
  findings.insert(findings.end(), std::make_move_iterator(more.begin()),
                  std::make_move_iterator(more.end()));
}

// Node findings written ahead to the report's spool, placed before the finding at `before` (an
// index in run_scan's findings) of the environment at index `environment`.
struct SpooledNode {
  std::size_t environment;
  std::size_t before;
  JudgedNode node;
};

// Appends to `findings` those of one environment's deployments, files and connection strings,
// judged under its policy, and to `spooled` where its nodes' spooled findings go among them; its
// targets and config scan go into the report.
void judge_environment(std::size_t index, EnvironmentRun& run, const ScanRequest& request,
                       Diagnostics& diagnostics, ProgressLine& progress, Report& report,
                       std::vector<Finding>& findings, std::vector<SpooledNode>& spooled) {
  const EnvironmentRequest& environment = *run.request;
  const Policy& policy = environment.policy;
  auto add = [&](std::vector<Finding> more) { append(findings, std::move(more)); };
  // Room for the deployments' and connection strings' findings at once: growing a fleet's vector
  // would hold it twice (the files' and cloud accounts' findings are judged later, as they come).
  // An inventory's environments add to the one vector: room for each one's alone would move every
  // finding before it again (500 environments: a quarter of the scan's CPU), so it grows by half.
  std::vector<std::vector<Finding>> deployment_findings;
  std::size_t known = 0;
  for (std::size_t d = 0; d < run.deployments.size(); ++d) {
    deployment_findings.push_back(run_deployment_checks(run.deployments[d], policy));
    known += deployment_findings.back().size();
    for (const JudgedNode& node : run.node_findings[d]) known += node.findings.size();
  }
  std::vector<Finding> uri_findings;
  for (const UriTarget& uri : run.uris) {
    append(uri_findings, run_connection_string_checks(
                             uri, deployment_reached(uri.connection, run.deployments, run.clouds),
                             run.clouds, policy));
  }
  const std::size_t needed = findings.size() + known + uri_findings.size();
  if (needed > findings.capacity()) findings.reserve(std::max(needed, findings.capacity() * 3 / 2));
  for (std::size_t d = 0; d < run.deployments.size(); ++d) {
    const DeploymentFacts& deployment = run.deployments[d];
    TargetSummary target{deployment.redacted_uri,
                         topology_of(deployment.nodes),
                         {},
                         summarize_cluster(deployment.nodes),
                         environment.name};
    for (std::size_t n = 0; n < deployment.nodes.size(); ++n) {
      JudgedNode& judged = run.node_findings[d][n];
      target.nodes.push_back(std::move(judged.summary));
      target.nodes.back().aliases = deployment.nodes[n].aliases;
      if (judged.spooled.empty()) {
        add(std::move(judged.findings));
      } else {
        spooled.push_back({index, findings.size(), std::move(judged)});
      }
      ++report.statistics.nodes;
    }
    add(listed_at(deployment, std::move(deployment_findings[d])));
    diagnostics.note(1, "target " + target.uri + ": " + target.topology + ", " +
                            std::to_string(target.nodes.size()) + " nodes");
    for (const NodeSummary& node : target.nodes) diagnostics.node(node);
    report.targets.push_back(std::move(target));
  }
  if (!environment.config_paths.empty()) {
    progress.show("scanning files");
    diagnostics.note(1, "config scan: started");
    run.config =
        scan_config_paths(environment.config_paths, config_scan_settings(request.config, policy));
    progress.clear();
    const ConfigFacts& facts = *run.config;
    diagnostics.note(1, "config scan: " + std::to_string(facts.files_scanned) + " files read, " +
                            std::to_string(facts.skipped.size()) + " skipped, " +
                            std::to_string(facts.infrastructure_files) + " infrastructure files");
    const std::optional<FileContext> forced = request.config.context;
    std::vector<Finding> file_findings =
        run_config_checks(facts, with_deployment_ports(policy, run.deployments));
    for (Finding& finding : file_findings) {
      // A file's findings sit at a line; a finding about a whole root (NET-005 with nothing to
      // read) has no context.
      if (finding.subject.kind == Subject::Kind::file && finding.subject.line)
        place_in_context(finding, context_of(finding.subject.name, facts, forced), policy);
    }
    add(std::move(file_findings));
    for (const FoundConnectionString& found : facts.connection_strings) {
      // Reported at the first place of the context it takes: a string in a service's config and
      // in its README is the service's finding, at the config's line.
      const FileContext context = context_of(found, facts, forced);
      const FileLocation& place = *std::find_if(
          found.places.begin(), found.places.end(),
          [&](const FileLocation& p) { return context_of(p.path, facts, forced) == context; });
      std::vector<Finding> string_findings =
          found_string_findings(found, place, run.deployments, run.clouds, policy);
      for (Finding& finding : string_findings) place_in_context(finding, context, policy);
      add(std::move(string_findings));
    }
    if (!report.config_scan) report.config_scan.emplace();
    add_config_scan(*report.config_scan, summarize(facts));
    report.inputs.insert(report.inputs.end(), facts.roots.begin(), facts.roots.end());
  }
  add(std::move(uri_findings));
  for (const CloudAccountFacts& account : run.clouds) {
    diagnostics.note(1, "cloud " + account.provider + ": " +
                            std::to_string(account.instances.size()) + " instances, " +
                            std::to_string(account.projects.size()) + " projects, " +
                            std::to_string(account.failed_reads.size()) + " reads failed");
    add(run_cloud_checks(account, policy));
    CloudAccountSummary summary = summarize_cloud_account(account, environment.name);
    join_probed_nodes(summary, report.targets);
    report.clouds.push_back(std::move(summary));
  }
  if (run.config && !run.clouds.empty())
    add(run_group_drift_checks(run.config->network_rules, run.clouds, policy));
}

std::optional<CommandError> scan_and_report(const ScanRequest& request, const CliStreams& streams) {
  Report report;
  report.tool_version = kVersion;
  report.started_at = rfc3339_utc_now();
  // An environment of an inventory that cannot be scanned is reported in its section; a scan
  // without an inventory stops with a usage error instead.
  const bool inventory = request.environments.size() != 1 || !request.environments[0].name.empty();
  // Opened before the scan, so that an unusable history stops it before any work.
  std::optional<HistoryStore> history;
  if (!request.history_file.empty()) {
    auto opened = HistoryStore::open(request.history_file, true);
    if (!opened) return CommandError{kExitScanFailed, opened.error().message};
    history.emplace(std::move(opened).value());
  }

  std::vector<EnvironmentRun> runs;
  std::vector<ProbeTarget> probe_targets;
  std::size_t uri_count = 0, path_count = 0;
  for (const EnvironmentRequest& environment : request.environments) {
    EnvironmentRun& run =
        runs.emplace_back(EnvironmentRun{&environment, {}, {}, {}, {}, environment.error});
    if (run.error) continue;
    // Checked before any work: each cloud account needs its credentials.
    for (const CloudAccountRequest& account : environment.clouds) {
      auto credentials = cloud_credentials_from_environment(account);
      if (!credentials) {
        if (!inventory) return CommandError{kExitUsage, "--cloud " + credentials.error().message};
        run.error = credentials.error();
        break;
      }
      run.cloud_credentials.push_back(std::move(credentials).value());
    }
    if (run.error) continue;
    std::vector<ProbeTarget> targets;
    for (const UriInput& input : environment.inputs) {
      const std::string redacted = redact_connection_string(input.text);
      auto parsed = parse_connection_string(input.text);
      if (!parsed) {
        Error error{ErrorCode::usage, "uri",
                    input.origin + " '" + redacted + "': " + parsed.error().message};
        if (!inventory) return CommandError{kExitUsage, error.message};
        run.error = std::move(error);
        break;
      }
      report.inputs.push_back(redacted);
      if (request.probe.enabled && input.probe) {
        targets.push_back({&input, redacted, parsed.value(), runs.size() - 1, &environment.probe,
                           &environment.policy});
      }
      run.uris.push_back({redacted, std::move(parsed).value(), std::nullopt, input.listed_at});
    }
    if (run.error) {
      run.uris.clear();
      continue;
    }
    probe_targets.insert(probe_targets.end(), targets.begin(), targets.end());
    uri_count += run.uris.size();
    path_count += environment.config_paths.size();
  }

  Diagnostics diagnostics(streams.err, request.verbosity);
  diagnostics.note(1, std::to_string(uri_count) + " connection strings, " +
                          std::to_string(probe_targets.size()) + " to probe; " +
                          std::to_string(path_count) + " paths to scan");
  SaltedPasswordCache cache;
  // The report's findings go to a temporary file: a node's as soon as it is judged (and held
  // against a --baseline by its fingerprint), the others as they are moved into the report; each
  // one's memory freed at once. With a baseline to write, which looks at every finding at once, a
  // node's findings wait in memory.
  bool nodes_spooled = false;
  if (auto spooled = ReportedFindings::spooled()) {
    report.findings = std::move(spooled).value();
    nodes_spooled = request.config.write_baseline_file.empty();
  } else {
    diagnostics.note(1, "findings held in memory: " + spooled.error().message);
  }
  // The scan's date, YYYY-MM-DD in UTC, decides which acceptances have expired.
  const std::string today = report.started_at.substr(0, 10);
  AcceptanceMatcher acceptances(request.acceptances, today);
  const std::optional<Severity> threshold = parse_severity(request.fail_on);
  // One spec per check, shared by its findings.
  std::map<std::string, SharedCheckSpec, std::less<>> specs;
  const auto spec_of = [&](const std::string& check_id) -> const SharedCheckSpec& {
    auto spec = specs.find(check_id);
    if (spec == specs.end()) {
      const CheckSpec& check = *find_check(check_id);
      spec = specs
                 .emplace(check_id, CheckSpec{check.id, check.title, check.layer, check.severity,
                                              check.references, check.remediation})
                 .first;
    }
    return spec->second;
  };
  // With a history, a scan without an inventory is one environment: kDefaultEnvironment.
  std::vector<std::string> environment_names;
  for (const EnvironmentRun& run : runs) {
    environment_names.push_back(run.request->name.empty() && history ? kDefaultEnvironment
                                                                     : run.request->name);
  }
  // Each environment's past, read while the scan runs: the comparison after it waits only for
  // what is not read yet. (A run another scan records meanwhile is not compared with, as it would
  // not have been had it ended a moment later.) Declared after what it reads, so that it is
  // waited for before they go.
  std::future<Result<EnvironmentPasts>> pasts;
  if (history) {
    pasts = std::async(std::launch::async, [&history, &environment_names] {
      auto read = history->pasts(environment_names);
      // The earlier runs' log into the database while the scan runs; a failure loses nothing.
      if (read) (void)history->checkpoint();
      return read;
    });
  }
  EvidencePacker node_packer;
  const BaselineFingerprints baseline_fingerprints(request.config.baseline);
  const JudgeNode judge_node = [&](std::size_t environment, std::vector<Finding> findings) {
    JudgedNode judged;
    if (!nodes_spooled) {
      for (Finding& finding : findings) pack_evidence(finding, node_packer);
      judged.findings = std::move(findings);
      return judged;
    }
    for (Finding& finding : findings) {
      if (const auto entry = acceptances.apply(finding)) judged.acceptances_used.push_back(*entry);
      baseline_fingerprints.apply(finding);
      if (finding.status == Status::error && finding.suppression.empty()) ++judged.spooled_errors;
      const bool gates = fails_gate(finding, threshold);
      if (const auto record =
              report.findings.write_ahead({spec_of(finding.check_id), std::move(finding), gates,
                                           environment_names[environment]}))
        judged.spooled.push_back(*record);
    }
    return judged;
  };
  // Diagnostics and a progress line would interleave on stderr: -v has no progress line.
  ProgressLine progress(streams.err,
                        streams.err_is_terminal && !request.probe.quiet && !diagnostics.shows(1));
  const Deadline scan_deadline = Deadline::after(request.probe.scan_timeout);
  bool timed_out = false;
  DiscoverySettings discovery;
  discovery.concurrency = request.probe.concurrency;
  discovery.max_nodes = request.probe.max_nodes;
  discovery.dns_timeout = request.probe.dns_timeout;
  discovery.scan_deadline = scan_deadline;
  discovery.on_progress = [&](std::size_t done, std::size_t known) {
    progress.show("probed " + std::to_string(done) + "/" + std::to_string(known) + " nodes");
  };
  if (!probe_targets.empty()) {
    diagnostics.note(1, "probing: discovery and probes, " +
                            std::to_string(request.probe.concurrency) + " nodes at once");
    auto probed = probe_deployments(request.probe, probe_targets, cache, discovery, judge_node,
                                    {.listing_scope = request.data_model.has_value()});
    progress.clear();
    if (!probed) return CommandError{kExitUsage, probed.error().message};
    for (auto& [environment, error] : probed.value().unusable) {
      if (!inventory) return CommandError{kExitUsage, error.message};
      if (!runs[environment].error) runs[environment].error = std::move(error);
    }
    if (request.data_model) {
      progress.show("sampling the data model");
      DataModelOptions options = *request.data_model;
      options.scan_deadline = scan_deadline;
      diagnostics.note(1, "data model: sampling");
      sample_data_models(probed.value(), options);
      progress.clear();
    }
    timed_out = probed.value().timed_out || (request.data_model && scan_deadline.expired());
    for (std::size_t i = 0; i < probed.value().deployments.size(); ++i) {
      EnvironmentRun& run = runs[probed.value().environments[i]];
      run.deployments.push_back(std::move(probed.value().deployments[i]));
      run.node_findings.push_back(std::move(probed.value().node_findings[i]));
    }
  }

  // One deadline for every account of every environment, within the scan's.
  const Deadline cloud_deadline =
      Deadline::after(request.cloud.phase_timeout).capped_by(scan_deadline);
  for (EnvironmentRun& run : runs) {
    if (run.error) continue;
    for (std::size_t i = 0; i < run.request->clouds.size(); ++i) {
      const CloudAccountRequest& account = run.request->clouds[i];
      progress.show("reading " + account.provider);
      diagnostics.note(1,
                       "cloud " + account.provider + ": reading " + cloud_account_extent(account));
      run.clouds.push_back(read_cloud_account(account, run.cloud_credentials[i], request.cloud,
                                              request.probe.concurrency, cloud_deadline));
      progress.clear();
    }
  }

  std::vector<Finding> findings;            // every environment's, one after another
  std::vector<std::size_t> finding_counts;  // how many each environment has
  std::vector<SpooledNode> spooled_nodes;   // where nodes' spooled findings go among them
  for (std::size_t i = 0; i < runs.size(); ++i) {
    EnvironmentRun& run = runs[i];
    const std::size_t before = findings.size();
    if (run.error) {
      diagnostics.note(1,
                       "environment " + run.request->name + ": not scanned: " + run.error->message);
    } else {
      judge_environment(i, run, request, diagnostics, progress, report, findings, spooled_nodes);
    }
    finding_counts.push_back(findings.size() - before);
  }
  acceptances.accept(findings);
  if (auto error =
          settle_baseline(request.config, today, request.probe.quiet, findings, streams.err))
    return error;
  report.gate = GateRule{request.fail_on_new && !request.fail_on_given ? std::nullopt : threshold,
                         request.fail_on_new ? parse_severity(*request.fail_on_new) : std::nullopt};
  bool gate_fails = false;
  bool incomplete_blocks = false;
  if (!report.findings.is_spooled()) report.findings.reserve(findings.size());
  EvidencePacker packer;  // for findings held in memory
  std::size_t next = 0;
  auto spooled = spooled_nodes.begin();
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const EnvironmentRun& run = runs[i];
    const std::span<Finding> own(findings.data() + next, finding_counts[i]);
    const std::string& name = environment_names[i];
    EnvironmentSummary summary{name, run.request->tags, {}, false, {}};
    if (run.error) {
      summary.error = run.error->message;
      summary.coverage.environments_not_scanned = 1;
    } else {
      summary.coverage =
          assess_coverage(run.deployments, run.config ? &*run.config : nullptr, own, timed_out);
    }
    // The spooled findings of the nodes placed before the finding at `position`, or all of the
    // environment's left.
    const auto place_spooled_nodes = [&](std::optional<std::size_t> position) {
      for (; spooled != spooled_nodes.end() && spooled->environment == i &&
             (!position || spooled->before == *position);
           ++spooled) {
        for (const ReportedFindings::Record& record : spooled->node.spooled) {
          report.findings.append_record(record);
          summary.gate_fails = summary.gate_fails || record.gates;
        }
        summary.coverage.checks_in_error += spooled->node.spooled_errors;
        for (const std::size_t entry : spooled->node.acceptances_used) acceptances.use(entry);
      }
    };
    for (std::size_t k = 0; k < own.size(); ++k) {
      place_spooled_nodes(next + k);
      Finding& finding = own[k];
      const bool gates = fails_gate(finding, threshold);
      summary.gate_fails = summary.gate_fails || gates;
      if (!report.findings.is_spooled()) pack_evidence(finding, packer);
      report.findings.push_back({spec_of(finding.check_id), std::move(finding), gates, name});
    }
    place_spooled_nodes(std::nullopt);
    next += own.size();
    if (const auto& error = report.findings.append_error())
      return CommandError{kExitScanFailed, error->message};
    gate_fails = gate_fails || summary.gate_fails;
    incomplete_blocks = incomplete_blocks ||
                        (!summary.coverage.complete() && !run.request->policy.allow_incomplete);
    report.coverage += summary.coverage;
    if (inventory || history) report.environments.push_back(std::move(summary));
  }
  report.stale_acceptances = acceptances.stale();
  findings = std::vector<Finding>();  // each moved into the report: free the shells before writing
  if (history && !inventory) {
    for (TargetSummary& target : report.targets) target.environment = kDefaultEnvironment;
  }
  report.statistics.concurrency = request.probe.concurrency;
  report.statistics.scram_key_derivations = cache.pbkdf2_count();
  report.finished_at = rfc3339_utc_now();
  // With a history: the run is staged (written in a transaction left open) while the reports are
  // written, and committed once they are out.
  std::future<Result<HistoryStore::StagedRun>> staged;
  if (history) {
    HistoryFindings now = history_findings(report);
    auto past = pasts.get();
    if (!past) return CommandError{kExitScanFailed, past.error().message};
    if (auto added = add_changes(past.value(), now, report); !added) {
      return CommandError{kExitScanFailed, added.error().message};
    }
    if (request.fail_on_new) {
      gate_fails = gate_on_new(report, parse_severity(*request.fail_on_new), request.fail_on_given);
    }
    staged =
        std::async(std::launch::async,
                   [&history, run = history_run(report, request.inventory_sha256, std::move(now))] {
                     return history->stage(run);
                   });
  }
  const StatusCounts counts = report.summary();
  diagnostics.note(1, "checks: " + std::to_string(report.findings.size()) + " findings (" +
                          std::to_string(counts.fail) + " fail, " + std::to_string(counts.warn) +
                          " warn, " + std::to_string(counts.error) + " error); scan " +
                          report.coverage.statement());
  if (auto error = write_reports(report, request.reports,
                                 {request.color, streams.out_width, request.sarif, request.view,
                                  request.framework, request.print},
                                 streams)) {
    return error;
  }
  diagnostics.note(1, "reports: written");
  if (request.evidence) {
    if (auto error = write_evidence(
            report, *request.evidence,
            {false, 0, request.sarif, request.view, request.framework, request.print}, true,
            request.inventory_sha256, streams)) {
      return error;
    }
  }
  // After the reports: a run is recorded only once its reports are out.
  if (history) {
    auto run = staged.get();
    if (!run) return CommandError{kExitScanFailed, run.error().message};
    diagnostics.note(1, "history: run staged");
    auto recorded = run.value().commit();
    if (!recorded) return CommandError{kExitScanFailed, recorded.error().message};
    diagnostics.note(1, "history: run " + std::to_string(recorded.value()) + " recorded");
  }
  if (request.notify) notify_webhook(report, *request.notify, request, streams.err);
  if (gate_fails) return CommandError{kExitFindingsFailed, ""};
  if (incomplete_blocks && !request.allow_incomplete) {
    return CommandError{kExitIncomplete, "scan " + report.coverage.statement() +
                                             ": not passed (--allow-incomplete accepts it)"};
  }
  return std::nullopt;
}

}  // namespace

std::optional<CommandError> run_scan(const ScanRequest& request, const CliStreams& streams) {
  try {
    return scan_and_report(request, streams);
  } catch (const SpoolReadError& error) {
    return CommandError{kExitScanFailed, error.what()};
  }
}

}  // namespace mongoscan
