#include "checks/cloud/managed_connection_strings.h"

#include <algorithm>

#include "checks/cloud/managed_routes.h"
#include "checks/text_list.h"
#include "checks/verdict.h"

namespace mongoscan {
namespace {

using nlohmann::json;

enum ManagedStringSpec { kManagedMethodSpec = 0, kManagedTlsSpec = 1 };

json route_evidence(const ManagedRoute& route) {
  return {{"managed_deployment", route.name}, {"through", route.through}};
}

// CLOUD-006, for a sharded instance: its VIP or a load balancer in front of it, or every mongos
// the control plane lists; a few mongos lose the others' failover. nullopt for any other kind of
// deployment (the CONN checks judge replica set strings).
std::optional<Verdict> judge_managed_method(const ManagedRoute& route) {
  if (route.instance == nullptr || route.instance->topology != "sharded") return std::nullopt;
  json evidence = route_evidence(route);
  if (route.vip || route.load_balancer) {
    return Verdict{Status::pass,
                   std::string("it reaches the sharded instance through ") +
                       (route.vip ? "its VIP" : "a load balancer in front of its mongos"),
                   evidence};
  }
  // Not through the VIP or a load balancer: through node addresses, so the nodes were read.
  std::vector<std::string> missing;
  for (const ManagedNode& node : *route.instance->nodes) {
    if (node.role != "MONGOS") continue;
    if (std::find(route.nodes.begin(), route.nodes.end(), node.address) == route.nodes.end())
      missing.push_back(node.address);
  }
  evidence["mongos_not_named"] = missing;
  if (missing.empty()) {
    return Verdict{Status::pass, "it names every mongos of the sharded instance", evidence};
  }
  return Verdict{Status::fail,
                 "it names only some mongos of the sharded instance (not " + join(missing) +
                     "): when those fail the application cannot fail over; use the instance's "
                     "VIP, a load balancer in front of the mongos, or every mongos",
                 evidence};
}

// CLOUD-007: TLS where the deployment requires it.
std::optional<Verdict> judge_managed_tls(const ManagedRoute& route, const ConnectionString& uri) {
  json evidence = route_evidence(route);
  std::string why;
  if (route.cluster != nullptr) {
    why = "Atlas clusters accept TLS connections only";
  } else if (route.public_path) {
    why = "it reaches the instance over a public path";
  } else if (route.instance->ssl_enabled.value_or(false)) {
    why = "SSL is on for the instance in the console";
  } else {
    const bool public_nodes =
        route.instance->nodes &&
        std::any_of(route.instance->nodes->begin(), route.instance->nodes->end(),
                    [](const ManagedNode& node) { return !node.public_address.empty(); });
    if (!public_nodes) return std::nullopt;
    why = "the instance has a public address, so SSL must be on for every client";
  }
  evidence["requires_tls_because"] = why;
  const auto explicit_tls = uri.bool_option("tls");  // the parser folds ssl into tls
  evidence["tls"] = explicit_tls ? json(*explicit_tls) : json("not set");
  if (explicit_tls.value_or(uri.srv)) {
    return Verdict{Status::pass,
                   std::string("TLS is on") + (explicit_tls ? "" : " (mongodb+srv:// default)") +
                       ", which it needs: " + why,
                   evidence};
  }
  return Verdict{Status::fail,
                 std::string(explicit_tls ? "TLS is off" : "no tls=true") + " though " + why +
                     ": add tls=true to the string",
                 evidence};
}

}  // namespace

const std::vector<CheckSpec>& managed_connection_string_specs() {
  static const std::vector<CheckSpec> specs = {
      {"CLOUD-006",
       "A string to a sharded managed instance uses its VIP, a load balancer or every mongos",
       Layer::connection_string,
       Severity::medium,
       {{Framework::devspec, "A1", "Connection method decision guide (sharded clusters)"}},
       "Point the string at the instance's VIP (or the load balancer in front of its mongos), or "
       "list every mongos the console shows.",
       "`--cloud` with connection strings (arguments, lists, or found in files): a string "
       "that reaches a sharded TencentDB instance names its VIP, a load balancer that "
       "forwards to its mongos, or every mongos the control plane lists (the specification's "
       "A1 methods); a few mongos fail — medium. The string is matched to the instance by "
       "the VIP and port, the nodes' private and public addresses and the load balancers' "
       "VIPs and listener ports, as the control plane gives them."},
      {"CLOUD-007",
       "A string to a managed deployment that requires TLS carries tls=true",
       Layer::transport,
       Severity::high,
       {{Framework::devspec, "A3.6", "Transport: SSL/TLS"},
        {Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
       "Add tls=true to the connection string (and the instance's CA to the driver's trust "
       "store).",
       "`--cloud` with connection strings: a string that reaches a managed deployment that "
       "requires TLS carries `tls=true` (`mongodb+srv://` enables it by default): a "
       "TencentDB instance with SSL on, with a public address, or reached over a public load "
       "balancer or address, and every Atlas cluster (matched by its SRV name or the hosts "
       "of its standard string) — high."},
  };
  return specs;
}

std::vector<Finding> check_managed_connection_strings(const UriTarget& target,
                                                      const std::vector<CloudAccountFacts>& clouds,
                                                      const Policy& policy) {
  const auto& specs = managed_connection_string_specs();
  std::vector<Finding> findings;
  for (const ManagedRoute& route : managed_routes(target.connection, clouds)) {
    if (auto verdict = judge_managed_method(route))
      findings.push_back(
          make_finding(specs[kManagedMethodSpec], policy, target.subject(), *verdict));
    if (auto verdict = judge_managed_tls(route, target.connection))
      findings.push_back(make_finding(specs[kManagedTlsSpec], policy, target.subject(), *verdict));
  }
  return findings;
}

}  // namespace mongoscan
