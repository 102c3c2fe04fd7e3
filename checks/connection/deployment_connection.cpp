#include "checks/connection/deployment_connection.h"

#include <algorithm>
#include <optional>

#include "checks/verdict.h"
#include "scanner/facts/cluster_topology.h"
#include "scanner/facts/topology.h"
#include "scanner/text/ascii_case.h"
#include "scanner/uri/srv_uri.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// Drivers' default pool size (MongoDB Connection Monitoring and Pooling specification).
constexpr std::int64_t kDefaultMaxPoolSize = 100;

// What the URI means for this deployment: a mongodb+srv:// name the scan resolved gets its TXT
// options, as a driver would.
ConnectionString effective_uri(const ConnectionString& uri, const DeploymentFacts& deployment) {
  if (!uri.srv || !deployment.seedlist) return uri;
  return merge_txt_options(uri, deployment.seedlist->txt_options);
}

std::optional<std::string> set_name_of(const DeploymentFacts& deployment) {
  for (const NodeFacts& node : deployment.nodes) {
    if (node.hello) {
      if (auto name = node.hello->get_string("setName")) return name;
    }
  }
  return std::nullopt;
}

Verdict skipped_without_deployment() {
  return {Status::skipped,
          "no probed deployment is reached by these hosts; scan the deployment in the same run"};
}

Verdict judge_replica_set_name(const ConnectionString& uri, const DeploymentFacts* deployment) {
  if (deployment == nullptr) return skipped_without_deployment();
  const std::string topology = topology_of(deployment->nodes);
  const auto named = uri.string_option("replicaSet");
  json evidence = {{"topology", topology}};
  if (named) evidence["replicaSet"] = *named;
  const auto set_name = set_name_of(*deployment);
  if (set_name) evidence["set_name"] = *set_name;
  if (topology == "unknown") {
    return {Status::skipped, "no node answered hello, so the deployment's topology is unknown",
            evidence};
  }
  if (topology != "replica_set") {
    if (named) {
      return {Status::fail,
              "replicaSet=" + *named + " names a replica set, but the deployment is " + topology +
                  ": drivers find no member to use",
              evidence};
    }
    return {Status::skipped, "the deployment is not a replica set (" + topology + ")", evidence};
  }
  if (!set_name) {
    return {Status::skipped,
            "the deployment is a replica set whose name no member reported (not initiated yet?)",
            evidence};
  }
  if (!named) {
    return {Status::fail,
            "the deployment is replica set " + *set_name +
                ", but the connection string names no replicaSet: a driver may treat one seed as "
                "a standalone and miss failovers",
            evidence};
  }
  if (*named != *set_name) {
    return {Status::fail,
            "replicaSet=" + *named + " but the deployment's set is " + *set_name +
                ": drivers find no member to use",
            evidence};
  }
  return {Status::pass, "replicaSet=" + *named + " matches the deployment's set name", evidence};
}

// The nodes clients open pools to: mongos, or the replica set's electable and passive members.
bool serves_clients(const NodeFacts& node) {
  const std::string role = node_role(node);
  return role == "mongos" || role == "primary" || role == "secondary" || role == "passive" ||
         role == "standalone" || role == "load_balancer";
}

struct ConnectionLimit {
  std::int64_t limit;
  std::string source;
};

// serverStatus connections.current + available, else net.maxIncomingConnections as configured.
std::optional<ConnectionLimit> connection_limit(const NodeFacts& node) {
  if (auto status = node.commands.find("serverStatus");
      status != node.commands.end() && status->second.state == CommandOutcome::State::ok) {
    if (auto connections = status->second.reply.get_document("connections")) {
      auto current = connections->get_int64("current");
      auto available = connections->get_int64("available");
      if (current && available) {
        return ConnectionLimit{*current + *available,
                               "serverStatus connections.current + available"};
      }
    }
  }
  if (auto options = node.commands.find("getCmdLineOpts");
      options != node.commands.end() && options->second.state == CommandOutcome::State::ok) {
    auto parsed = options->second.reply.get_document("parsed");
    auto net = parsed ? parsed->get_document("net") : std::nullopt;
    if (auto configured = net ? net->get_int64("maxIncomingConnections") : std::nullopt)
      return ConnectionLimit{*configured, "getCmdLineOpts net.maxIncomingConnections"};
  }
  return std::nullopt;
}

// Whether the SRV host is a router: a mongos, or a node that did not answer (a mongos that is
// down still takes connections once it is back). Drivers drop other server types from a sharded
// topology.
bool srv_host_routes(const HostAddress& host, const DeploymentFacts& deployment) {
  for (const NodeFacts& node : deployment.nodes) {
    if (!equals_ignore_case(node.address(), host.address())) continue;
    const std::string role = node_role(node);
    return role == "mongos" || role == "unknown";
  }
  return true;
}

// How many routers each application instance opens a pool to: the SRV record's routers (at most
// srvMaxHosts) when reached through SRV, each listed mongos, or one load balancer; one for a
// replica set or standalone.
std::int64_t routers_used(const ConnectionString& uri, const DeploymentFacts& deployment) {
  if (topology_of(deployment.nodes) != "sharded") return 1;
  if (uri.bool_option("loadBalanced").value_or(false)) return 1;
  if (!uri.srv || !deployment.seedlist) return static_cast<std::int64_t>(uri.hosts.size());
  const auto& hosts = deployment.seedlist->srv_hosts;
  const std::int64_t routers =
      std::count_if(hosts.begin(), hosts.end(),
                    [&](const HostAddress& host) { return srv_host_routes(host, deployment); });
  const std::int64_t max_hosts = uri.int_option("srvMaxHosts").value_or(0);
  return max_hosts > 0 ? std::min(routers, max_hosts) : routers;
}

// A mongodb:// string's only host when it is a load balancer VIP in front of the mongos
// (cluster_topology.h): the vendor's default method for sharded clusters.
struct BalancedRouters {
  std::string reached;                   // the mongos this scan reached through it
  std::vector<std::string> live_mongos;  // the cluster's running mongos
};

std::optional<BalancedRouters> load_balancer_reached_by(const ConnectionString& uri,
                                                        const DeploymentFacts& deployment) {
  if (uri.srv || uri.hosts.size() != 1 || topology_of(deployment.nodes) != "sharded")
    return std::nullopt;
  const ClusterTopology cluster = cluster_topology(deployment.nodes);
  const ClusterRouter* router = cluster.router_at(uri.hosts.front().address());
  if (router == nullptr || !router->load_balancer) return std::nullopt;
  return BalancedRouters{router->reached, cluster.live_mongos()};
}

Verdict judge_connection_budget(const ConnectionString& uri, const DeploymentFacts* deployment,
                                const Policy& policy) {
  if (deployment == nullptr) return skipped_without_deployment();
  std::optional<ConnectionLimit> smallest;
  std::string limit_node;
  for (const NodeFacts& node : deployment->nodes) {
    if (!serves_clients(node)) continue;
    auto limit = connection_limit(node);
    if (limit && (!smallest || limit->limit < smallest->limit)) {
      smallest = limit;
      limit_node = node.address();
    }
  }
  const auto pool = uri.int_option("maxPoolSize");
  const std::int64_t max_pool_size = pool.value_or(kDefaultMaxPoolSize);
  const std::int64_t routers = routers_used(uri, *deployment);
  const std::int64_t percent = policy.connection_budget.max_percent;
  const bool through_balancer = load_balancer_reached_by(uri, *deployment).has_value();
  json evidence = {{"maxPoolSize", max_pool_size},
                   {"maxPoolSize_defaulted", !pool.has_value()},
                   {"routers", routers},
                   {"load_balancer", through_balancer},
                   {"max_percent", percent}};
  if (max_pool_size == 0) {
    return {Status::fail,
            "maxPoolSize=0 lets every application instance open unlimited connections", evidence};
  }
  if (!smallest) {
    return {Status::skipped,
            "no node reported its connection limit (serverStatus needs the serverStatus action, "
            "getCmdLineOpts the getCmdLineOpts action)",
            evidence};
  }
  evidence["connection_limit"] = smallest->limit;
  evidence["connection_limit_source"] = smallest->source;
  evidence["connection_limit_node"] = limit_node;
  const std::int64_t budget = smallest->limit * percent / 100;
  evidence["budget"] = budget;
  const std::int64_t per_instance = max_pool_size * routers;
  const auto& instances = policy.connection_budget.app_instances;
  const bool sharded = topology_of(deployment->nodes) == "sharded";
  // A load balancer VIP holds one pool per client: A × P (development specification A2 Spec 3).
  const std::string terms =
      "maxPoolSize " + std::to_string(max_pool_size) +
      (through_balancer ? " (one pool to the load balancer)"
                        : (sharded ? " × " + std::to_string(routers) + " mongos" : ""));
  if (!instances) {
    evidence["demand_per_instance"] = per_instance;
    if (per_instance > budget) {
      return {Status::fail,
              "even one application instance (" + terms + " = " + std::to_string(per_instance) +
                  ") exceeds " + std::to_string(percent) + "% of " +
                  std::to_string(smallest->limit) + " connections",
              evidence};
    }
    return {Status::skipped,
            "the number of application instances is unknown (--app-instances or the policy's "
            "connection_budget.app_instances); one instance uses up to " +
                std::to_string(per_instance) + " of " + std::to_string(budget) + " connections",
            evidence};
  }
  const std::int64_t demand = *instances * per_instance;
  evidence["app_instances"] = *instances;
  evidence["demand"] = demand;
  const std::string sum = std::to_string(*instances) +
                          (*instances == 1 ? " instance × " : " instances × ") + terms + " = " +
                          std::to_string(demand);
  if (demand > budget) {
    return {Status::fail,
            sum + " connections exceed " + std::to_string(percent) + "% of the limit " +
                std::to_string(smallest->limit) + " (" + std::to_string(budget) + ")",
            evidence};
  }
  return {Status::pass,
          sum + " connections fit within " + std::to_string(percent) + "% of the limit " +
              std::to_string(smallest->limit) + " (" + std::to_string(budget) + ")",
          evidence};
}

Verdict judge_router_access(const ConnectionString& uri, const DeploymentFacts* deployment) {
  if (deployment == nullptr) return skipped_without_deployment();
  const std::string topology = topology_of(deployment->nodes);
  json evidence = {{"topology", topology},
                   {"scheme", uri.srv ? "mongodb+srv" : "mongodb"},
                   {"hosts", uri.hosts.size()}};
  if (topology != "sharded") {
    return {Status::skipped, "the deployment is not a sharded cluster (" + topology + ")",
            evidence};
  }
  if (uri.srv) {
    return {Status::pass, "mongodb+srv:// gives the driver every mongos in the SRV record",
            evidence};
  }
  if (uri.bool_option("loadBalanced").value_or(false)) {
    return {Status::pass, "loadBalanced=true: a load balancer spreads connections over the mongos",
            evidence};
  }
  if (uri.hosts.size() > 1) {
    return {Status::pass,
            std::to_string(uri.hosts.size()) + " mongos listed: the driver fails over between them",
            evidence};
  }
  if (const auto balanced = load_balancer_reached_by(uri, *deployment)) {
    const std::size_t live = balanced->live_mongos.size();
    evidence["load_balancer"] = true;
    evidence["reached_mongos"] = balanced->reached;
    evidence["live_mongos"] = balanced->live_mongos;
    if (live > 1) {
      return {Status::pass,
              uri.hosts.front().address() + " is a load balancer VIP in front of " +
                  std::to_string(live) +
                  " mongos, the vendor's default method (this scan reached " + balanced->reached +
                  " through it)",
              evidence};
    }
    return {Status::fail,
            uri.hosts.front().address() + " is a load balancer in front of a single mongos (" +
                balanced->reached + "): when it stops, the application loses the whole cluster",
            evidence};
  }
  return {Status::fail,
          "a sharded cluster reached through the single mongos " + uri.hosts.front().address() +
              ": when it stops, the application loses the whole cluster",
          evidence};
}

bool names_a_node_of(const ConnectionString& uri, const DeploymentFacts& deployment) {
  for (const HostAddress& host : uri.hosts) {
    for (const NodeFacts& node : deployment.nodes) {
      if (equals_ignore_case(host.address(), node.address())) return true;
    }
  }
  return false;
}

}  // namespace

const std::vector<CheckSpec>& deployment_connection_specs() {
  static const std::vector<CheckSpec> specs = {
      {"CONN-003",
       "replicaSet given when the deployment is a replica set",
       Layer::connection_string,
       Severity::medium,
       {{Framework::devspec, "A2.1", "Core connection string parameters"}},
       "Add replicaSet=<the set's name> (as replSetGetStatus and hello report it) to every "
       "connection string of a replica set.",
       "`replicaSet` given, and equal to the set's name, when the probed deployment is a "
       "replica set."},
      {"CONN-008",
       "Connection budget within the server's limit",
       Layer::connection_string,
       Severity::medium,
       {{Framework::devspec, "A2.3", "Pool parameters"}},
       "Lower maxPoolSize (or the number of instances) until application instances × maxPoolSize × "
       "mongos stays within 80% of the smallest server connection limit.",
       "Connection budget: application instances × maxPoolSize (default 100) × mongos (when "
       "reached through SRV or several mongos; one pool through a load balancer VIP) within "
       "80% of the smallest server connection limit (`serverStatus` connections current + "
       "available, else `net.maxIncomingConnections`); the instance count comes from "
       "`--app-instances` or the policy. A string that reaches the deployment only through "
       "an address its control plane gives (a CLB's public VIP in front of a TencentDB "
       "instance the scan reached through its private VIP) is judged against that "
       "deployment's limit too, and CONN-010 leaves its method to CLOUD-006."},
      {"CONN-010",
       "Sharded clusters reached through SRV, several mongos or a load balancer",
       Layer::connection_string,
       Severity::medium,
       {{Framework::devspec, "A1", "Connection method decision guide (sharded clusters)"}},
       "Connect to a sharded cluster with mongodb+srv://, a load balancer VIP in front of several "
       "mongos, or a string that lists every mongos.",
       "A sharded cluster is reached through `mongodb+srv://`, several mongos or a load "
       "balancer, never one mongos: one address whose mongos names itself otherwise "
       "(`serverStatus().host`, reached elsewhere or on another port) is a load balancer "
       "VIP, which passes when the cluster runs several live mongos (the vendor's default "
       "method)."},
  };
  return specs;
}

const DeploymentFacts* deployment_reached_by(const ConnectionString& uri,
                                             const std::vector<DeploymentFacts>& deployments) {
  for (const DeploymentFacts& deployment : deployments) {
    if (uri.srv) {
      if (deployment.uri.srv &&
          equals_ignore_case(uri.hosts.front().host, deployment.uri.hosts.front().host))
        return &deployment;
    } else if (names_a_node_of(uri, deployment)) {
      return &deployment;
    }
  }
  return nullptr;
}

std::vector<Finding> check_deployment_connection(const UriTarget& target, ReachedDeployment reached,
                                                 const Policy& policy) {
  const auto& specs = deployment_connection_specs();
  const Subject subject = target.subject();
  const DeploymentFacts* deployment = reached.facts;
  const ConnectionString effective =
      deployment ? effective_uri(target.connection, *deployment) : target.connection;
  std::vector<Finding> findings = {
      make_finding(specs[0], policy, subject, judge_replica_set_name(effective, deployment)),
      make_finding(specs[1], policy, subject,
                   judge_connection_budget(effective, deployment, policy)),
      make_finding(specs[2], policy, subject,
                   reached.through_control_plane
                       ? Verdict{Status::skipped,
                                 "the string reaches the deployment through an address its "
                                 "control plane gives, not one the scan probed: CLOUD-006 judges "
                                 "its connection method"}
                       : judge_router_access(effective, deployment)),
  };
  if (reached.through_control_plane) {
    for (Finding& finding : findings)
      finding.evidence["reached_through"] =
          "the control plane (probed as " + deployment->redacted_uri + ")";
  }
  return findings;
}

}  // namespace mongoscan
