#include "checks/connection/connection_string.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "checks/host_scope.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"
#include "scanner/uri/uri_option_json.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// Mechanisms whose credentials always live in the $external database (MongoDB authentication
// specification), so authSource has nothing to choose.
constexpr std::array<std::string_view, 4> kExternalMechanisms = {"MONGODB-X509", "MONGODB-AWS",
                                                                 "GSSAPI", "MONGODB-OIDC"};

// The options among `names` that the URI sets, keyed by their canonical spelling.
json options_seen(const ConnectionString& uri, std::initializer_list<std::string_view> names) {
  json seen = json::object();
  for (const std::string_view name : names) {
    if (const UriOption* option = uri.option(name)) {
      seen[option->name] = option_value_json(option->value, /*reveal_secrets=*/false);
    }
  }
  return seen;
}

// The hosts as the URI names them: the SRV name alone, or every seed as "host:port".
std::vector<std::string> host_addresses(const ConnectionString& uri) {
  std::vector<std::string> addresses;
  for (const auto& host : uri.hosts) addresses.push_back(uri.srv ? host.host : host.address());
  return addresses;
}

// The named boolean options the URI sets to `value`, in the order given.
std::vector<std::string> options_set_to(const ConnectionString& uri,
                                        std::initializer_list<std::string_view> names, bool value) {
  std::vector<std::string> matching;
  for (const std::string_view name : names) {
    if (uri.bool_option(name) == value) {
      matching.push_back(uri.option(name)->name + "=" + (value ? "true" : "false"));
    }
  }
  return matching;
}

// Where each driver default below is specified (mongodb/specifications).
constexpr std::string_view kRetryableWritesDefault =
    "retryable-writes specification: retryWrites defaults to true";
constexpr std::string_view kRetryableReadsDefault =
    "retryable-reads specification: retryReads defaults to true";
constexpr std::string_view kReadPreferenceDefault =
    "server-selection specification: the read preference mode defaults to primary";
constexpr std::string_view kWriteConcernDefault =
    "read-write-concern specification: without w the driver sends no write concern and the "
    "server's default applies; MongoDB manual, implicit default write concern: w:majority since "
    "5.0, except w:1 where arbiters leave no data-bearing voting majority";
constexpr std::string_view kMaxPoolSizeDefault =
    "connection-monitoring-and-pooling specification: maxPoolSize defaults to 100";

// Records in `evidence` what the driver uses for an option the string leaves out.
void record_driver_default(json& evidence, std::string_view option, json value,
                           std::string_view source) {
  evidence["driver_defaults"][std::string(option)] = {{"value", std::move(value)},
                                                      {"source", source}};
}

// The verdict on an option left out whose driver default meets the rule: a pass, or a warning
// when the policy asks for the option written (connection.explicit_options).
Verdict default_meets_rule(const Policy& policy, const std::string& what_default_does,
                           json evidence) {
  if (policy.connection.explicit_options) {
    return {Status::warn,
            what_default_does +
                ", which meets the rule, but the policy asks for the option written "
                "(connection.explicit_options)",
            std::move(evidence)};
  }
  return {Status::pass, what_default_does + " (driver default)", std::move(evidence)};
}

// mongodb://localhost:27017/app written in a file: a development server on this machine, not a
// deployment whose availability, pool or authentication database the specification rules on. A
// string given to scan names the deployment scanned and is judged.
bool names_local_development_server(const UriTarget& target) {
  const auto& hosts = target.connection.hosts;
  return target.found_at && !hosts.empty() &&
         std::all_of(hosts.begin(), hosts.end(),
                     [](const HostAddress& host) { return host_scope(host) == HostScope::local; });
}

Verdict judge_high_availability(const UriTarget& target, const Policy&) {
  const ConnectionString& uri = target.connection;
  json evidence = options_seen(uri, {"directConnection", "loadBalanced", "replicaSet"});
  evidence["scheme"] = uri.srv ? "mongodb+srv" : "mongodb";
  evidence["hosts"] = host_addresses(uri);
  if (uri.bool_option("directConnection").value_or(false)) {
    return {Status::fail,
            "directConnection=true pins the client to one member, so it cannot follow a failover",
            evidence};
  }
  if (uri.srv) {
    return {Status::pass,
            "mongodb+srv:// takes the seed list from DNS, so the client can reach "
            "every member",
            evidence};
  }
  if (names_local_development_server(target)) {
    return {Status::skipped,
            "every host is on this machine (a local development server): nothing to fail over to",
            evidence};
  }
  if (uri.bool_option("loadBalanced").value_or(false)) {
    return {Status::pass,
            "loadBalanced=true: the load balancer spreads connections over several "
            "mongos",
            evidence};
  }
  if (uri.hosts.size() > 1) {
    return {Status::pass,
            std::to_string(uri.hosts.size()) +
                " seeds listed: the client can start while any one of them is down",
            evidence};
  }
  if (uri.option("replicaSet") != nullptr) {
    return {Status::warn,
            "one seed with replicaSet: the driver finds the other members, but cannot start while "
            "this seed is down; list several seeds or use mongodb+srv://",
            evidence};
  }
  return {Status::fail,
          "a single host without replicaSet, loadBalanced=true or mongodb+srv://: the client "
          "depends on one server and cannot fail over",
          evidence};
}

Verdict judge_auth_source(const UriTarget& target, const Policy&) {
  const ConnectionString& uri = target.connection;
  if (!uri.credentials) {
    return {Status::skipped,
            "no credentials in the connection string, so no authentication "
            "database to name"};
  }
  if (names_local_development_server(target)) {
    return {Status::skipped, "every host is on this machine (a local development server)"};
  }
  const Credentials& credentials = *uri.credentials;
  json evidence = options_seen(uri, {"authSource"});
  if (credentials.mechanism) evidence["authMechanism"] = *credentials.mechanism;
  evidence["effective_auth_source"] = credentials.source;
  if (const auto source = uri.string_option("authSource")) {
    return {Status::pass, "authSource=" + *source + " names the database that holds the user",
            evidence};
  }
  const auto external = std::find(kExternalMechanisms.begin(), kExternalMechanisms.end(),
                                  credentials.mechanism.value_or(""));
  if (external != kExternalMechanisms.end()) {
    return {Status::pass, std::string(*external) + " always authenticates against $external",
            evidence};
  }
  // Not a default that can meet the rule: the specification makes authSource mandatory (A2.1),
  // whatever database the driver would pick without it.
  if (uri.database) {
    evidence["database"] = *uri.database;
    return {Status::warn,
            "authSource not set: the path /" + *uri.database +
                " selects the authentication database as a side effect; the development "
                "specification requires authSource written",
            evidence};
  }
  return {Status::fail,
          "credentials without authSource or a database path authenticate against \"" +
              credentials.source +
              "\" by default; the development specification requires authSource written",
          evidence};
}

Verdict judge_retries(const UriTarget& target, const Policy& policy) {
  const ConnectionString& uri = target.connection;
  json evidence = options_seen(uri, {"retryWrites", "retryReads"});
  const auto disabled = options_set_to(uri, {"retryWrites", "retryReads"}, false);
  if (!disabled.empty()) {
    return {Status::fail,
            join(disabled, " and ") +
                ": operations fail instead of being retried once after a failover or network error",
            evidence};
  }
  std::vector<std::string> left_out;
  if (!uri.option("retryWrites")) {
    left_out.emplace_back("retryWrites");
    record_driver_default(evidence, "retryWrites", true, kRetryableWritesDefault);
  }
  if (!uri.option("retryReads")) {
    left_out.emplace_back("retryReads");
    record_driver_default(evidence, "retryReads", true, kRetryableReadsDefault);
  }
  if (left_out.empty()) {
    return {Status::pass, "retryWrites and retryReads are enabled", evidence};
  }
  return default_meets_rule(policy, join(left_out, " and ") + " not set: retried once by default",
                            std::move(evidence));
}

Verdict judge_numeric_write_concern(const ConnectionString& uri, std::int64_t count,
                                    json evidence) {
  const std::string setting = "w=" + std::to_string(count);
  if (count <= 1) {
    return {Status::fail,
            setting +
                " acknowledges writes before a majority has them; a failover can roll "
                "them back",
            std::move(evidence)};
  }
  const auto listed_majority = static_cast<std::int64_t>(uri.hosts.size() / 2 + 1);
  if (!uri.srv && uri.hosts.size() > 1 && count < listed_majority) {
    return {Status::fail,
            setting + " is below the majority (" + std::to_string(listed_majority) + ") of the " +
                std::to_string(uri.hosts.size()) +
                " listed members; a failover can roll writes back",
            std::move(evidence)};
  }
  return {Status::warn,
          setting +
              " is a fixed count that stops being a majority when members are added; use "
              "w=majority",
          std::move(evidence)};
}

Verdict judge_write_concern(const UriTarget& target, const Policy& policy) {
  const ConnectionString& uri = target.connection;
  json evidence = options_seen(uri, {"w", "journal", "wtimeoutMS"});
  evidence["workload"] = policy.workload;
  if (!policy.majority_write_workloads.contains(policy.workload)) {
    return {Status::skipped,
            "the policy does not require w=majority for workload \"" + policy.workload + "\"",
            evidence};
  }
  if (uri.bool_option("journal") == false) {
    return {Status::fail,
            "journal=false acknowledges writes before they reach the on-disk journal; a crash can "
            "lose them",
            evidence};
  }
  const UriOption* w = uri.option("w");
  if (w == nullptr) {
    record_driver_default(evidence, "w", "the server's default write concern",
                          kWriteConcernDefault);
    return default_meets_rule(policy,
                              "w not set: the server's default write concern applies, majority "
                              "since 5.0 (HARD-012 judges the deployment's default)",
                              std::move(evidence));
  }
  if (const auto* count = std::get_if<std::int64_t>(&w->value)) {
    return judge_numeric_write_concern(uri, *count, std::move(evidence));
  }
  const auto* mode = std::get_if<std::string>(&w->value);
  if (mode != nullptr && *mode == "majority") {
    return {Status::pass, "w=majority: acknowledged writes survive a failover", evidence};
  }
  return {Status::warn,
          "w is a custom write concern (" + evidence["w"].dump() + "), not majority; workload \"" +
              policy.workload + "\" needs w=majority",
          evidence};
}

Verdict judge_read_preference(const UriTarget& target, const Policy& policy) {
  const ConnectionString& uri = target.connection;
  json evidence = options_seen(uri, {"readPreference"});
  evidence["workload"] = policy.workload;
  const auto allowed = policy.read_preferences.find(policy.workload);
  if (allowed == policy.read_preferences.end()) {
    return {Status::skipped,
            "the policy lists no read preferences for workload \"" + policy.workload + "\"",
            evidence};
  }
  evidence["allowed"] = allowed->second;
  const auto fits = [&](std::string_view mode) {
    return std::any_of(allowed->second.begin(), allowed->second.end(),
                       [&](const std::string& m) { return equals_ignore_case(m, mode); });
  };
  const auto mode = uri.string_option("readPreference");
  if (!mode) {
    record_driver_default(evidence, "readPreference", "primary", kReadPreferenceDefault);
    if (!fits("primary")) {
      return {Status::warn,
              "readPreference not set: the driver reads from the primary, which workload \"" +
                  policy.workload + "\" does not list; state the mode it needs",
              evidence};
    }
    return default_meets_rule(policy,
                              "readPreference not set: reads go to the primary, as workload \"" +
                                  policy.workload + "\" allows",
                              std::move(evidence));
  }
  if (!fits(*mode)) {
    return {Status::warn,
            "readPreference=" + *mode + " does not fit workload \"" + policy.workload +
                "\" (allowed: " + join(allowed->second, ", ") + ")",
            evidence};
  }
  return {Status::pass, "readPreference=" + *mode + " fits workload \"" + policy.workload + "\"",
          evidence};
}

Verdict judge_pool_settings(const UriTarget& target, const Policy& policy) {
  const ConnectionString& uri = target.connection;
  json evidence = json::object();
  std::vector<std::string> out_of_range;
  for (const auto& [name, range] : policy.pool_ranges) {
    const auto value = uri.int_option(name);
    if (!value) continue;
    evidence[name] = {{"value", *value}, {"min", range.min}, {"max", range.max}};
    if (*value < range.min || *value > range.max) {
      out_of_range.push_back(name + "=" + std::to_string(*value) + " (allowed " +
                             std::to_string(range.min) + ".." + std::to_string(range.max) + ")");
    }
  }
  if (!out_of_range.empty()) {
    return {Status::fail, "pool settings out of range: " + join(out_of_range, ", "), evidence};
  }
  if (!uri.int_option("maxPoolSize") && names_local_development_server(target)) {
    return {Status::skipped,
            "maxPoolSize not set, and every host is on this machine (a local development server)",
            evidence};
  }
  if (!uri.int_option("maxPoolSize")) {
    // Not a default that can meet the rule: the specification sizes each pool for its workload
    // (A2.3), which a driver's fixed default is not.
    record_driver_default(evidence, "maxPoolSize", 100, kMaxPoolSizeDefault);
    return {Status::warn,
            "maxPoolSize not set: the development specification sizes each pool for its "
            "workload (peak QPS x average response time x 1.5), and the driver's fixed default of "
            "100 is sized for none",
            evidence};
  }
  return {Status::pass, "pool settings within the policy's ranges", evidence};
}

Verdict judge_tls(const UriTarget& target, const Policy&) {
  const ConnectionString& uri = target.connection;
  json evidence = options_seen(
      uri, {"tls", "tlsInsecure", "tlsAllowInvalidCertificates", "tlsAllowInvalidHostnames"});
  evidence["scheme"] = uri.srv ? "mongodb+srv" : "mongodb";
  const auto insecure = options_set_to(
      uri, {"tlsInsecure", "tlsAllowInvalidCertificates", "tlsAllowInvalidHostnames"}, true);
  if (!insecure.empty()) {
    return {Status::fail,
            join(insecure, " and ") +
                " weakens certificate verification: anyone on the path can pose as the server",
            evidence};
  }
  const auto explicit_tls = uri.bool_option("tls");  // the parser folds ssl into tls
  if (explicit_tls.value_or(uri.srv)) {
    return {Status::pass,
            explicit_tls ? "TLS is on" : "TLS is on: mongodb+srv:// enables it by default",
            evidence};
  }
  std::vector<std::string> public_hosts;
  bool all_local = true;
  for (const auto& host : uri.hosts) {
    const HostScope scope = host_scope(host);
    if (scope == HostScope::public_network) public_hosts.push_back(host.address());
    all_local = all_local && scope == HostScope::local;
  }
  evidence["public_hosts"] = public_hosts;
  const std::string off = explicit_tls ? "TLS is off" : "TLS is off (no tls option)";
  if (!public_hosts.empty()) {
    return {Status::fail,
            off + " for public host " + join(public_hosts, ", ") +
                ": credentials and data cross the internet in clear text",
            evidence};
  }
  if (all_local) {
    return {Status::pass, off + ", but every host is on this machine", evidence};
  }
  return {Status::warn,
          off + ": the hosts are private, but credentials and data cross the network in clear text",
          evidence};
}

Verdict judge_option_validity(const UriTarget& target, const Policy&) {
  const ConnectionString& uri = target.connection;
  if (uri.warnings.empty()) {
    return {Status::pass, "every option recognised and valid"};
  }
  return {Status::warn,
          std::to_string(uri.warnings.size()) + " option warning(s): " + join(uri.warnings, "; "),
          {{"warnings", uri.warnings}}};
}

using Judge = Verdict (*)(const UriTarget&, const Policy&);

struct ConnectionStringCheck {
  CheckSpec spec;
  Judge judge;
};

const std::vector<ConnectionStringCheck>& connection_string_checks() {
  static const std::vector<ConnectionStringCheck> checks = {
      {{"CONN-001",
        "High-availability address: several seeds, SRV or a load balancer",
        Layer::connection_string,
        Severity::medium,
        {{Framework::devspec, "A2.1", "Core connection string parameters"}},
        "List several replica set members as seeds, or use mongodb+srv:// or loadBalanced=true; "
        "never pin one member with directConnection.",
        "High-availability address: several seeds, `mongodb+srv://` or a load balancer, never "
        "one pinned member."},
       judge_high_availability},
      {{"CONN-002",
        "authSource given with credentials",
        Layer::connection_string,
        Severity::medium,
        {{Framework::devspec, "A2.1", "Core connection string parameters"}},
        "Add authSource=<database that holds the user> to every connection string with "
        "credentials: the development specification makes it mandatory (A2.1), even where the "
        "driver's default (the path's database, else admin) picks the same database.",
        "`authSource` given with credentials (the specification makes it mandatory, whatever "
        "the driver would pick without it)."},
       judge_auth_source},
      {{"CONN-004",
        "retryWrites and retryReads not disabled",
        Layer::connection_string,
        Severity::medium,
        {{Framework::devspec, "A2.1", "Core connection string parameters"}},
        "Remove retryWrites=false and retryReads=false (both default to true); with "
        "connection.explicit_options in the policy, write retryWrites=true and retryReads=true.",
        "`retryWrites` and `retryReads` not disabled (left out: they default to true, a pass "
        "with the driver default as evidence)."},
       judge_retries},
      {{"CONN-005",
        "w=majority for workloads that need durable writes",
        Layer::connection_string,
        Severity::high,
        {{Framework::devspec, "A2.1", "Core connection string parameters"}},
        "Set w=majority, or leave w out on servers whose default is majority (5.0 and later "
        "without arbiters), and leave journal at its default, for the workloads the policy "
        "lists.",
        "`w=majority` for core workloads; `journal` not disabled (`w` left out: the server's "
        "default, majority since 5.0, a pass; HARD-012 judges the deployment's default)."},
       judge_write_concern},
      {{"CONN-006",
        "readPreference fits the workload",
        Layer::connection_string,
        Severity::medium,
        {{Framework::devspec, "A2.4", "Read preference by scenario"}},
        "Set readPreference to a mode the policy allows for the workload (primary for strong "
        "consistency, secondaryPreferred for read scaling).",
        "`readPreference` fits the workload (the policy says which modes each workload may "
        "use; left out, the driver reads from the primary, a pass where the workload allows "
        "it)."},
       judge_read_preference},
      {{"CONN-007",
        "Connection pool settings in range",
        Layer::connection_string,
        Severity::low,
        {{Framework::devspec, "A2.2", "Connection pools (long connections)"},
         {Framework::devspec, "A2.3", "Pool parameters"}},
        "Size maxPoolSize for the workload (peak QPS x average response time in seconds x 1.5, "
        "development specification A2.3) and write it; keep maxPoolSize, minPoolSize, "
        "maxIdleTimeMS, waitQueueTimeoutMS and connectTimeoutMS within the policy's ranges.",
        "`maxPoolSize` written (the specification sizes each pool for its workload; the "
        "driver's 100 is sized for none) and pool settings in range: maxPoolSize 50–200, "
        "minPoolSize 5–20, maxIdleTimeMS 60000–300000, waitQueueTimeoutMS 5000–10000, "
        "connectTimeoutMS 10000–30000."},
       judge_pool_settings},
      {{"CONN-009",
        "TLS on for public hosts; certificate checks not disabled",
        Layer::connection_string,
        Severity::high,
        {{Framework::devspec, "A2.5",
          "No disabled authentication and no arbitrary public exposure in production"},
         {Framework::devspec, "A3.6", "Transport: SSL/TLS"},
         {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
        "Set tls=true and remove tlsInsecure, tlsAllowInvalidCertificates and "
        "tlsAllowInvalidHostnames.",
        "TLS on where a host is public; no `tlsInsecure` or `tlsAllowInvalid*`."},
       judge_tls},
      {{"CONN-011",
        "Connection string options recognised and valid",
        Layer::connection_string,
        Severity::low,
        {{Framework::devspec, "A2.1", "Core connection string parameters"}},
        "Correct or remove the options the parser ignored or could not read.",
        "Every option recognised and valid (an invalid value is ignored by drivers, so it is "
        "reported)."},
       judge_option_validity},
  };
  return checks;
}

}  // namespace

const std::vector<CheckSpec>& connection_string_specs() {
  static const std::vector<CheckSpec> specs = [] {
    std::vector<CheckSpec> list;
    for (const auto& check : connection_string_checks()) list.push_back(check.spec);
    return list;
  }();
  return specs;
}

std::vector<Finding> check_connection_string(const UriTarget& target, const Policy& policy) {
  std::vector<Finding> findings;
  for (const auto& check : connection_string_checks()) {
    findings.push_back(
        make_finding(check.spec, policy, target.subject(), check.judge(target, policy)));
  }
  return findings;
}

}  // namespace mongoscan
