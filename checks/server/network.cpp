#include "checks/server/network.h"

#include <optional>
#include <string>

#include "checks/host_scope.h"
#include "checks/server/command_evidence.h"
#include "checks/server/server_defaults.h"
#include "checks/server/server_settings.h"
#include "checks/text_list.h"
#include "checks/verdict.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// The port every scanner tries first: mongod's and mongos's default (server_defaults.h).
constexpr std::uint16_t kDefaultPort = 27017;
constexpr std::int64_t kWireVersion36 = 6;  // the first version without the HTTP interface

std::string_view scope_name(HostScope scope) {
  switch (scope) {
    case HostScope::local:
      return "loopback";
    case HostScope::private_network:
      return "private";
    case HostScope::public_network:
      break;
  }
  return "public";
}

Verdict judge_exposure(const NodeFacts& facts) {
  if (facts.resolved_addresses.empty()) {
    return {Status::error,
            "the node's name did not resolve to an address, so its exposure is unknown",
            json{{"name", facts.host}}};
  }
  json addresses = json::object();
  std::vector<std::string> public_addresses;
  for (const std::string& address : facts.resolved_addresses) {
    const HostScope scope = ip_scope(address);
    addresses[address] = scope_name(scope);
    if (scope == HostScope::public_network) public_addresses.push_back(address);
  }
  const json evidence = {{"name", facts.host}, {"addresses", addresses}};
  if (!public_addresses.empty()) {
    return {Status::fail,
            facts.host + " resolves to public address " + join(public_addresses) +
                ": the database is reachable from the internet unless a firewall stops it",
            evidence};
  }
  return {Status::pass, "every address of " + facts.host + " is private or loopback", evidence};
}

// The entries of a bindIp list ("127.0.0.1,10.0.0.5" or an array), trimmed.
std::vector<std::string> bind_addresses(const json& value) {
  std::vector<std::string> entries;
  auto add = [&](std::string entry) {
    const auto first = entry.find_first_not_of(" \t");
    const auto last = entry.find_last_not_of(" \t");
    if (first != std::string::npos) entries.push_back(entry.substr(first, last - first + 1));
  };
  if (value.is_array()) {
    for (const json& item : value)
      if (item.is_string()) add(item.get<std::string>());
    return entries;
  }
  if (!value.is_string()) return entries;
  std::string text = value.get<std::string>();
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = text.find(',', start);
    add(text.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return entries;
}

bool is_every_interface(const std::string& address) {
  return address == "0.0.0.0" || address == "::" || address == "*" || address == "0:0:0:0:0:0:0:0";
}

Verdict judge_bind_settings(const ServerSettings& settings) {
  const ServerSetting bind_all = settings["net.bindIpAll"];
  const ServerSetting bind_ip = settings["net.bindIp"];
  const json evidence = {{"net.bindIpAll", bind_all.evidence()},
                         {"net.bindIp", bind_ip.evidence()}};
  if (bind_all.value == true) {
    return {Status::fail, "net.bindIpAll is true: the node listens on every network interface",
            evidence};
  }
  if (bind_ip.value.is_null()) {
    return {Status::skipped,
            "net.bindIp is not set and the default of this server version is not known", evidence};
  }
  std::vector<std::string> every;
  for (const std::string& address : bind_addresses(bind_ip.value))
    if (is_every_interface(address)) every.push_back(address);
  if (!every.empty()) {
    return {Status::fail,
            "net.bindIp includes " + join(every) +
                (bind_ip.set ? "" : " (the default of this version)") +
                ": the node listens on every network interface",
            evidence};
  }
  return {Status::pass,
          "the node listens only on " + join(bind_addresses(bind_ip.value)) +
              (bind_ip.set ? "" : " (default)"),
          evidence};
}

Verdict judge_bind_addresses(const NodeFacts& facts) {
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  return judge_bind_settings(
      ServerSettings(*std::get<const bson::Document*>(reply), server_version(facts)));
}

// NET-003 from a config file: the port it configures; when it names none, mongod's default for
// its cluster role (27019 for a config server, 27018 for a shard: server_defaults.h).
Verdict judge_configured_port(const ServerSettings& settings) {
  const ServerSetting port = settings["net.port"];
  const json evidence = {{"net.port", port.evidence()}};
  if (port.value == kDefaultPort) {
    return {Status::fail,
            std::string("the server listens on MongoDB's default port 27017") +
                (port.set ? "" : " (net.port is not set)") + ", the first one scanners try",
            evidence};
  }
  return {Status::pass, "the server listens on port " + port.value.dump(), evidence};
}

// A verdict about what a node listens on needs the node: a port read from a connection string alone
// says nothing about a server that never answered.
Verdict judge_port(const NodeFacts& facts) {
  if (facts.port == 0) return {Status::skipped, "the node has no port: its name never resolved"};
  json evidence = {{"port", facts.port}};
  if (!facts.reachable) {
    return {Status::error,
            "the node could not be reached, so whether it listens on port " +
                std::to_string(facts.port) + " is unknown",
            evidence};
  }
  if (facts.port == kDefaultPort) {
    return {Status::fail,
            "the node listens on MongoDB's default port 27017, the first one scanners try",
            evidence};
  }
  return {Status::pass, "the node listens on port " + std::to_string(facts.port), evidence};
}

Verdict judge_http_interface(const NodeFacts& facts) {
  if (!facts.http_interface) {
    const auto wire = facts.hello ? facts.hello->get_int64("maxWireVersion") : std::nullopt;
    if (wire && *wire >= kWireVersion36) {
      return {Status::pass, "MongoDB 3.6 and later have no HTTP interface",
              json{{"maxWireVersion", *wire}}};
    }
    return {Status::error, "the HTTP interface port was not checked (the probe stopped earlier)"};
  }
  const HttpInterfaceFacts& http = *facts.http_interface;
  json evidence = {{"port", http.port}, {"open", http.open}};
  if (!http.status_line.empty()) evidence["status_line"] = http.status_line;
  if (!http.error.empty()) evidence["error"] = http.error;
  const std::string port = std::to_string(http.port);
  if (http.open && http.status_line.starts_with("HTTP/")) {
    return {Status::fail,
            "the legacy HTTP status interface answers on port " + port + " (" + http.status_line +
                "): it shows server state to anyone who reaches it",
            evidence};
  }
  if (http.open) {
    return {
        Status::warn,
        "port " + port + " accepts connections but did not answer HTTP; check what listens there",
        evidence};
  }
  return {Status::pass,
          "port " + port + (http.error.empty() ? " refuses connections" : " does not answer"),
          evidence};
}

// NET-004 in a config file: any net.http option (enabled, port, JSONPEnabled, RESTInterfaceEnabled)
// configures the HTTP interface and REST API that MongoDB 3.6 removed (3.6 release notes); STIG
// V-252137 and V-252138 find the options' mere presence, V-252156 any of them enabled.
Verdict judge_http_settings(const ServerConfigFile& file) {
  json options = json::object();
  for (const ServerConfigSetting& setting : file.settings) {
    if (setting.key.starts_with("net.http.")) options[setting.key] = setting.value;
  }
  if (options.empty()) {
    return {Status::pass, "no net.http option: the file configures no HTTP interface",
            json{{"net.http", nullptr}}};
  }
  return {Status::fail,
          "the file sets net.http options for the HTTP interface and REST API MongoDB 3.6 "
          "removed; a server before 3.6 may serve them",
          json{{"net.http", options}}};
}

// NET-007: net.wireObjectCheck (default true) validates every BSON document a client sends.
Verdict judge_wire_object_check(const ServerSettings& settings) {
  const ServerSetting check = settings["net.wireObjectCheck"];
  const json evidence = {{"net.wireObjectCheck", check.evidence()}};
  if (check.value == false || check.value == "false") {
    return {Status::fail,
            "net.wireObjectCheck is false: the server accepts client BSON without validating "
            "it, so malformed documents can reach the data files",
            evidence};
  }
  return {Status::pass,
          std::string("client BSON is validated on receipt (net.wireObjectCheck ") +
              (check.set ? "true)" : "defaults to true)"),
          evidence};
}

// NET-008 (informational): what a client learns before authenticating. hello's maxWireVersion
// (the release series) every driver needs; buildInfo answers before authentication unless
// buildInfoAuthMode is requiresAuth (src/mongo/db/commands/buildinfo_common.h: requiresAuth,
// allowedPreAuth, or versionOnlyIfPreAuth for a reply of just the version).
Verdict judge_version_disclosure(const NodeFacts& facts) {
  json evidence = json::object();
  if (facts.hello) {
    if (const auto wire = facts.hello->get_int64("maxWireVersion"))
      evidence["hello_maxWireVersion"] = *wire;
  }
  const auto build_info = facts.unauthenticated.find("buildInfo");
  if (build_info == facts.unauthenticated.end()) {
    return {Status::error,
            "buildInfo was not sent before authentication (the probe stopped earlier), so what the "
            "node discloses is unknown",
            evidence};
  }
  const CommandOutcome& outcome = build_info->second;
  if (outcome.state == CommandOutcome::State::not_permitted) {
    evidence["buildInfo"] = "requires authentication";
    return {Status::pass,
            "buildInfo requires authentication; before it only hello's maxWireVersion (the release "
            "series drivers need) is disclosed",
            evidence};
  }
  if (outcome.state != CommandOutcome::State::ok) {
    return {Status::error, "buildInfo before authentication failed: " + outcome.message, evidence};
  }
  json disclosed = json::object();
  for (const char* field : {"version", "gitVersion", "modules", "openssl", "buildEnvironment"}) {
    if (const bson::Value* value = outcome.reply.find(field))
      disclosed[field] = bson::to_json(*value);
  }
  evidence["buildInfo"] = disclosed;
  const std::string version = outcome.reply.get_string("version").value_or("its version");
  return {Status::warn,
          "anyone who connects learns " + version +
              (disclosed.contains("gitVersion") ? " with its build, modules and OpenSSL" : "") +
              " from buildInfo before authenticating, which eases matching the node to known "
              "vulnerabilities",
          evidence};
}

// NET-009: net.maxIncomingConnections set below mongod's default (DEFAULT_MAX_CONN,
// server_defaults.h). Left at it, the real limit is 80% of the process's open-file soft limit
// (getSupportedMax in the transport layer: min(rlim_cur * .8, maxConns)), a number chosen for the
// operating system, not for the deployment's connection budget.

Verdict judge_connection_limit_settings(const ServerSettings& settings,
                                        const bson::Document* server_status, const Policy& policy) {
  const ServerSetting limit = settings["net.maxIncomingConnections"];
  json evidence = {{"net.maxIncomingConnections", limit.evidence()},
                   {"budget_max_percent", policy.connection_budget.max_percent}};
  std::optional<std::int64_t> effective;
  if (server_status != nullptr) {
    if (const auto connections = server_status->get_document("connections")) {
      const auto current = connections->get_int64("current");
      const auto available = connections->get_int64("available");
      if (current && available) effective = *current + *available;
    }
  }
  if (effective) evidence["serverStatus_limit"] = *effective;
  const json ceiling = server_defaults().value("net.maxIncomingConnections", "");
  const bool limited = limit.set && limit.value.is_number() && ceiling.is_number() &&
                       limit.value.get<std::int64_t>() < ceiling.get<std::int64_t>();
  if (!limited) {
    return {Status::fail,
            std::string("net.maxIncomingConnections is ") +
                (limit.set ? "at MongoDB's default ceiling" : "not set") +
                ": the node takes connections up to 80% of its open-file limit" +
                (effective ? " (" + std::to_string(*effective) + " here)" : "") +
                ", not a limit sized for the applications' connection budget",
            evidence};
  }
  return {Status::pass,
          "the node accepts at most " + limit.value.dump() +
              " connections (net.maxIncomingConnections)",
          evidence};
}

}  // namespace

const std::vector<CheckSpec>& network_specs() {
  static const std::vector<CheckSpec> specs = {
      {"NET-001",
       "Nodes resolve only to private addresses",
       Layer::network,
       Severity::high,
       {{Framework::devspec, "A3.1", "Network: public exposure surface"},
        {Framework::devspec, "A2.5",
         "No disabled authentication and no arbitrary public exposure in production"},
        {Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Keep database nodes on private networks (RFC 1918, RFC 4193) and reach them through a "
       "VPN, peering or a bastion; never publish them in public DNS with public addresses.",
       "Every address a node's name resolves to is private (RFC 1918, RFC 4193, CGNAT, "
       "loopback, link-local)."},
      {"NET-002",
       "bindIp is not every interface",
       Layer::network,
       Severity::high,
       {{Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Set net.bindIp to the addresses clients use (for example 127.0.0.1,10.0.0.5) and remove "
       "net.bindIpAll, 0.0.0.0 and ::.",
       "`net.bindIp` is not 0.0.0.0 / :: (alone or in a list) and `net.bindIpAll` is off; an "
       "unset bindIp is judged at the version's default."},
      {"NET-003",
       "Non-default port",
       Layer::network,
       Severity::low,
       {{Framework::cis, "6.1", "Ensure that MongoDB uses a non-default port"}},
       "Move the server to a port other than 27017 (net.port) and update clients and firewalls.",
       "The node does not listen on the default port 27017 (low)."},
      {"NET-004",
       "Legacy HTTP interface closed",
       Layer::network,
       Severity::medium,
       {{Framework::stig, "V-252138",
         "Unused database components that are integrated in MongoDB and cannot be uninstalled must "
         "be disabled."},
        {Framework::stig, "V-252156",
         "Unused database components that are integrated in MongoDB and cannot be uninstalled must "
         "be disabled."},
        {Framework::stig, "V-252137",
         "Unused database components that are integrated in MongoDB and cannot be uninstalled must "
         "be disabled."},
        {Framework::checklist, "secure-configuration",
         "Run MongoDB with Secure Configuration Options"}},
       "Upgrade to a supported MongoDB version and remove every net.http option from the "
       "configuration; until then set net.http.enabled: false (or nohttpinterface) and block "
       "port + 1000.",
       "The legacy HTTP status interface (port + 1000, servers before 3.6) does not answer; "
       "a scanned config file sets no `net.http` option (MongoDB 3.6 removed the interface "
       "they configure; STIG V-252137 and V-252138 find their mere presence)."},
      {"NET-007",
       "Client BSON validated (net.wireObjectCheck not disabled)",
       Layer::network,
       Severity::medium,
       {{Framework::stig, "V-252167",
         "MongoDB must check the validity of all data inputs except those specifically identified "
         "by the organization."},
        {Framework::stig, "V-252181",
         "When invalid inputs are received, MongoDB must behave in a predictable and documented "
         "manner that reflects organizational and system objectives."},
        {Framework::checklist, "secure-configuration",
         "Run MongoDB with Secure Configuration Options"}},
       "Remove net.wireObjectCheck: false (and --noobjcheck) so the server validates every "
       "document clients send.",
       "Client BSON validated on receipt: `net.wireObjectCheck` not false (it defaults to "
       "true)."},
      {"NET-008",
       "Server version disclosed before authentication",
       Layer::network,
       Severity::info,
       {{Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Where the server has buildInfoAuthMode, keep it at requiresAuth; elsewhere let only "
       "trusted networks reach the port, since buildInfo answers anyone.",
       "Informational: what the node discloses before authentication — `buildInfo` answered "
       "without credentials (version, git version, modules, OpenSSL; warns) or refused under "
       "`buildInfoAuthMode` requiresAuth (passes; hello's `maxWireVersion` alone remains)."},
      {"NET-009",
       "Incoming connections limited (net.maxIncomingConnections)",
       Layer::network,
       Severity::low,
       {{Framework::stig, "V-252148",
         "MongoDB must limit the total number of concurrent connections to the database."},
        {Framework::devspec, "A2.3", "Pool parameters"},
        {Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Set net.maxIncomingConnections to the connections the applications' pools need (their "
       "budget at most 80% of it) so a runaway client cannot exhaust the node.",
       "`net.maxIncomingConnections` set below mongod's default 1000000 (left at it, the "
       "node takes connections up to 80% of its open-file limit, as `serverStatus` shows), "
       "so the connection budget has a server-side limit."},
  };
  return specs;
}

std::vector<Finding> check_network(const NodeFacts& facts, const Policy& policy) {
  const auto& specs = network_specs();
  const Subject subject = Subject::node(facts.address());
  return {make_finding(specs[0], policy, subject, judge_exposure(facts)),
          make_finding(specs[1], policy, subject, judge_bind_addresses(facts)),
          make_finding(specs[2], policy, subject, judge_port(facts)),
          make_finding(specs[3], policy, subject, judge_http_interface(facts)),
          make_finding(specs[4], policy, subject,
                       judged_on_settings(facts,
                                          [](const ServerSettings& settings) {
                                            return judge_wire_object_check(settings);
                                          })),
          make_finding(specs[5], policy, subject, judge_version_disclosure(facts)),
          make_finding(specs[6], policy, subject,
                       judged_on_settings(facts, [&](const ServerSettings& settings) {
                         return judge_connection_limit_settings(
                             settings, successful_reply(facts, "serverStatus"), policy);
                       }))};
}

std::vector<Finding> check_network(const ServerConfigFile& file, const Policy& policy) {
  const auto& specs = network_specs();
  const ServerSettings settings(file);
  return {make_finding(specs[1], policy, settings.file_subject({"net.bindIpAll", "net.bindIp"}),
                       judge_bind_settings(settings)),
          make_finding(specs[2], policy, settings.file_subject({"net.port"}),
                       judge_configured_port(settings)),
          make_finding(
              specs[3], policy,
              settings.file_subject({"net.http.enabled", "net.http.port", "net.http.JSONPEnabled",
                                     "net.http.RESTInterfaceEnabled"}),
              judge_http_settings(file)),
          make_finding(specs[4], policy, settings.file_subject({"net.wireObjectCheck"}),
                       judge_wire_object_check(settings)),
          make_finding(specs[6], policy, settings.file_subject({"net.maxIncomingConnections"}),
                       judge_connection_limit_settings(settings, nullptr, policy))};
}

}  // namespace mongoscan
