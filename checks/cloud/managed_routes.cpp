#include "checks/cloud/managed_routes.h"

#include <algorithm>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

// "host:port" as HostAddress::address() writes it, for an address the control plane gives as
// "host:port" or a VIP and a port.
std::string route_address(const std::string& host, std::uint16_t port) {
  const bool ipv6 = host.find(':') != std::string::npos;
  return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

// The hosts of an Atlas cluster's standard connection string ("mongodb://a:27017,b:27017/...").
std::vector<std::string> standard_hosts(const AtlasCluster& cluster) {
  std::vector<std::string> hosts;
  if (cluster.standard.empty()) return hosts;
  auto parsed = parse_connection_string(cluster.standard);
  if (!parsed) return hosts;
  for (const HostAddress& host : parsed.value().hosts)
    hosts.push_back(to_lower_ascii(host.address()));
  return hosts;
}

// The SRV name of an Atlas cluster's standardSrv ("mongodb+srv://NAME"), lower case.
std::string srv_name(const AtlasCluster& cluster) {
  if (cluster.standard_srv.empty()) return "";
  auto parsed = parse_connection_string(cluster.standard_srv);
  if (!parsed || parsed.value().hosts.empty()) return "";
  return to_lower_ascii(parsed.value().hosts.front().host);
}

void route_to_instance(const ConnectionString& connection, const CloudAccountFacts& account,
                       const ManagedInstance& instance, std::vector<ManagedRoute>& routes) {
  ManagedRoute route;
  route.instance = &instance;
  route.name = instance.provider + ":" + instance.region + "/" + instance.id;
  for (const HostAddress& host : connection.hosts) {
    const std::string address = host.address();
    if (!instance.vip.empty() && address == route_address(instance.vip, instance.vport)) {
      route.vip = true;
      route.through.push_back(address + " (the instance's VIP)");
      continue;
    }
    bool matched = false;
    for (const ManagedNode& node : instance.nodes ? *instance.nodes : std::vector<ManagedNode>{}) {
      const bool is_private = node.address == address;
      const bool is_public = !node.public_address.empty() && node.public_address == address;
      if (!is_private && !is_public) continue;
      matched = true;
      route.nodes.push_back(node.address);
      route.public_path = route.public_path || is_public;
      route.through.push_back(address + " (" + (is_public ? "the public address of " : "") +
                              "node " + node.name + ")");
      break;
    }
    if (matched) continue;
    for (const ManagedLoadBalancer& balancer : account.load_balancers) {
      if (balancer.region != instance.region || !balancer.forwards) continue;
      const bool forwards_here = std::any_of(
          balancer.forwards->begin(), balancer.forwards->end(),
          [&](const LoadBalancerForward& forward) {
            return reaches(forward, instance) &&
                   std::any_of(balancer.vips.begin(), balancer.vips.end(),
                               [&](const std::string& vip) {
                                 return route_address(vip, forward.listener_port) == address;
                               });
          });
      if (!forwards_here) continue;
      route.load_balancer = true;
      route.public_path = route.public_path || balancer.public_facing;
      route.through.push_back(address + " (" + (balancer.public_facing ? "public" : "internal") +
                              " load balancer " + balancer.id + ")");
      break;
    }
  }
  if (!route.through.empty()) routes.push_back(std::move(route));
}

void route_to_cluster(const ConnectionString& connection, const AtlasProject& project,
                      const AtlasCluster& cluster, std::vector<ManagedRoute>& routes) {
  ManagedRoute route;
  route.project = &project;
  route.cluster = &cluster;
  route.name = "atlas:" + project.id + "/" + cluster.name;
  const std::string srv = srv_name(cluster);
  const std::vector<std::string> hosts = standard_hosts(cluster);
  for (const HostAddress& host : connection.hosts) {
    if (connection.srv) {
      if (!srv.empty() && to_lower_ascii(host.host) == srv)
        route.through.push_back(host.host + " (the cluster's SRV name)");
    } else if (std::find(hosts.begin(), hosts.end(), to_lower_ascii(host.address())) !=
               hosts.end()) {
      route.nodes.push_back(host.address());
      route.through.push_back(host.address() + " (a host of the cluster's standard string)");
    }
  }
  if (!route.through.empty()) routes.push_back(std::move(route));
}

}  // namespace

std::vector<ManagedRoute> managed_routes(const ConnectionString& connection,
                                         const std::vector<CloudAccountFacts>& clouds) {
  std::vector<ManagedRoute> routes;
  for (const CloudAccountFacts& account : clouds) {
    for (const ManagedInstance& instance : account.instances)
      route_to_instance(connection, account, instance, routes);
    for (const AtlasProject& project : account.projects) {
      if (!project.clusters) continue;
      for (const AtlasCluster& cluster : *project.clusters)
        route_to_cluster(connection, project, cluster, routes);
    }
  }
  return routes;
}

const DeploymentFacts* deployment_reached_through_control_plane(
    const ConnectionString& connection, const std::vector<DeploymentFacts>& deployments,
    const std::vector<CloudAccountFacts>& clouds) {
  const std::vector<ManagedRoute> routes = managed_routes(connection, clouds);
  if (routes.empty()) return nullptr;
  auto same_deployment = [&](const ConnectionString& probed) {
    for (const ManagedRoute& reached : managed_routes(probed, clouds))
      for (const ManagedRoute& route : routes)
        if (reached.name == route.name) return true;
    return false;
  };
  for (const DeploymentFacts& deployment : deployments) {
    // The nodes' addresses as the hosts of one string.
    ConnectionString nodes;
    for (const NodeFacts& node : deployment.nodes) {
      if (node.port == 0) continue;
      nodes.hosts.push_back(
          {node.host.find(':') != std::string::npos ? HostType::ip_literal : HostType::hostname,
           node.host, node.port});
    }
    if (same_deployment(deployment.uri) || same_deployment(nodes)) return &deployment;
  }
  return nullptr;
}

}  // namespace mongoscan
