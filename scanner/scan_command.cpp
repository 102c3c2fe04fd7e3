#include "scanner/scan_command.h"

#include <chrono>
#include <ctime>
#include <sstream>

#include "checks/gate.h"
#include "checks/registry.h"
#include "reports/atomic_file.h"
#include "reports/node_summary.h"
#include "reports/reporter.h"
#include "scanner/dns_resolver.h"
#include "scanner/member_queue.h"
#include "scanner/password_source.h"
#include "scanner/probe.h"
#include "scanner/srv_seedlist.h"
#include "scanner/topology.h"
#include "scanner/uri.h"
#include "scanner/version.h"

namespace mongoscan {
namespace {

std::string rfc3339_utc_now() {
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

// The scanning account: --username (password from file, environment or prompt), else the URI's.
Result<std::optional<Credentials>> scanning_credentials(const ProbeSettings& settings,
                                                        const ConnectionString& uri) {
  if (settings.username.empty()) return uri.credentials;
  auto password = settings.auth_mechanism == "MONGODB-X509"
                      ? Result<Secret>(Secret(""))
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

// The seed list to probe: a mongodb+srv:// name resolved through SRV and TXT (options merged), a
// mongodb:// list as it is; or why the SRV name could not be resolved.
Result<ConnectionString> seed_list(const ProbeSettings& settings, const ConnectionString& uri) {
  if (!uri.srv) return uri;
  auto resolver = DnsResolver::create(settings.dns_servers);
  if (!resolver) return resolver.error();
  SeedlistDiscovery discovery =
      discover_seedlist(uri, *resolver.value(), Deadline::after(settings.connect_timeout));
  if (discovery.error) return *discovery.error;
  return std::move(discovery.uri);
}

// Probes every host the URI names. What cannot be probed (an SRV name that does not resolve, a
// unix socket) is reported as a node error, never dropped.
Result<std::vector<NodeFacts>> probe_uri(const ProbeSettings& settings,
                                         const ConnectionString& target,
                                         SaltedPasswordCache& cache) {
  auto seeds = seed_list(settings, target);
  if (!seeds) {
    NodeFacts facts;
    facts.host = target.hosts.front().host;
    facts.errors.push_back(seeds.error());
    return std::vector<NodeFacts>{std::move(facts)};
  }
  const ConnectionString& uri = seeds.value();
  auto credentials = scanning_credentials(settings, uri);
  if (!credentials) return credentials.error();
  auto tls_context = TlsClientContext::create(tls_options(settings, uri));
  if (!tls_context) return Error{ErrorCode::usage, "tls", tls_context.error().message};

  ProbeOptions options;
  options.tls_required = uri.bool_option("tls").value_or(uri.srv);
  options.tls_context = tls_context.value();
  options.credentials = std::move(credentials).value();
  options.authentication.allow_plain_without_tls = settings.allow_plain_without_tls;
  options.authentication.cache = &cache;
  options.dns_servers = settings.dns_servers;
  options.connect_timeout = settings.connect_timeout;
  options.command_timeout = settings.command_timeout;
  options.node_timeout = settings.node_timeout;

  std::vector<NodeFacts> nodes;
  MemberQueue queue(uri.hosts);
  while (auto host = queue.next()) {
    if (host->type == HostType::unix_socket) {
      NodeFacts facts;
      facts.host = host->host;
      facts.errors.push_back(
          Error{ErrorCode::usage, "connect", "unix domain sockets are not probed"});
      nodes.push_back(std::move(facts));
      continue;
    }
    nodes.push_back(probe_node(host->host, host->port.value_or(27017), options));
    if (nodes.back().hello) queue.add_members_of(*nodes.back().hello);
  }
  return nodes;
}

std::optional<CommandError> write_output(const ScanRequest& request, const Report& report,
                                         const CliStreams& streams) {
  const ReportFormat format = *parse_report_format(request.format);
  if (request.output.empty()) {
    write_report(report, format, {streams.out_is_color_terminal}, streams.out);
    return std::nullopt;
  }
  std::ostringstream rendered;
  write_report(report, format, {false}, rendered);
  if (auto written = write_file_atomically(request.output, rendered.str()); !written) {
    return CommandError{kExitScanFailed, "cannot write report: " + written.error().message};
  }
  const StatusCounts counts = report.summary();
  streams.err << "mongoscan: wrote " << request.output << " (" << counts.fail << " fail, "
              << counts.warn << " warn, " << counts.pass << " pass, " << counts.error << " error, "
              << counts.skipped << " skipped)\n";
  return std::nullopt;
}

}  // namespace

std::optional<CommandError> run_scan(const ScanRequest& request, const CliStreams& streams) {
  Report report;
  report.tool_version = kVersion;
  report.started_at = rfc3339_utc_now();
  std::vector<Finding> findings;
  auto add = [&](std::vector<Finding> more) {
    for (Finding& finding : more) {
      findings.push_back(finding);
      report.findings.push_back({*find_check(finding.check_id), std::move(finding)});
    }
  };
  SaltedPasswordCache cache;
  for (const UriInput& input : request.inputs) {
    const std::string redacted = redact_connection_string(input.text);
    auto parsed = parse_connection_string(input.text);
    if (!parsed) {
      return CommandError{kExitUsage,
                          input.origin + " '" + redacted + "': " + parsed.error().message};
    }
    report.inputs.push_back(redacted);
    if (request.probe.enabled && input.probe) {
      auto nodes = probe_uri(request.probe, parsed.value(), cache);
      if (!nodes) return CommandError{kExitUsage, input.origin + ": " + nodes.error().message};
      TargetSummary target{redacted, topology_of(nodes.value()), {}};
      for (const NodeFacts& node : nodes.value()) {
        target.nodes.push_back(summarize_node(node));
        add(run_node_checks(node, request.policy));
      }
      report.targets.push_back(std::move(target));
    }
    add(run_connection_string_checks(UriTarget{redacted, std::move(parsed).value()},
                                     request.policy));
  }
  report.finished_at = rfc3339_utc_now();
  if (auto error = write_output(request, report, streams)) return error;
  if (fails_gate(findings, parse_severity(request.fail_on)))
    return CommandError{kExitFindingsFailed, ""};
  return std::nullopt;
}

}  // namespace mongoscan
