#pragma once
// Test facts for the join of connection strings with managed deployments (managed_routes.h).

#include <vector>

#include "scanner/facts/cloud_facts.h"

namespace mongoscan::managed_cloud_fixture {

// A Tencent Cloud account with a sharded instance (two mongos, one with a public address, a
// public load balancer in front of the other, SSL off) and a replica set with SSL on; and an
// Atlas project with one cluster.
inline std::vector<CloudAccountFacts> clouds() {
  CloudAccountFacts tencent;
  tencent.provider = "tencentcloud";
  ManagedInstance sharded;
  sharded.provider = "tencentcloud";
  sharded.region = "ap-guangzhou";
  sharded.id = "cmgo-shard001";
  sharded.topology = "sharded";
  sharded.vip = "10.0.0.21";
  sharded.vport = 27017;
  sharded.nodes = std::vector<ManagedNode>{
      {"cmgo-shard001-mongos-0", "10.0.0.22:27017", "203.0.113.45:27017", "MONGOS", false},
      {"cmgo-shard001-mongos-1", "10.0.0.23:27017", "", "MONGOS", false},
      {"cmgo-shard001_0-node-primary", "10.0.1.5:27017", "", "PRIMARY", false}};
  sharded.ssl_enabled = false;
  ManagedInstance replica_set = sharded;
  replica_set.id = "cmgo-rs000001";
  replica_set.topology = "replica_set";
  replica_set.vip = "10.0.0.31";
  replica_set.nodes =
      std::vector<ManagedNode>{{"rs-primary", "10.0.0.32:27017", "", "PRIMARY", false}};
  replica_set.ssl_enabled = true;
  tencent.instances = {sharded, replica_set};
  ManagedLoadBalancer balancer;
  balancer.region = "ap-guangzhou";
  balancer.id = "lb-open0001";
  balancer.public_facing = true;
  balancer.vips = {"198.51.100.10"};
  balancer.forwards = std::vector<LoadBalancerForward>{{"TCP", 27017, "10.0.0.23:27017"}};
  tencent.load_balancers = {balancer};

  CloudAccountFacts atlas;
  atlas.provider = "atlas";
  AtlasProject project;
  project.id = "66a1b2c3d4e5f60718293a5c";
  AtlasCluster cluster;
  cluster.name = "c0";
  cluster.standard_srv = "mongodb+srv://c0.ab12c.mongodb.net";
  cluster.standard =
      "mongodb://c0-shard-00-00.ab12c.mongodb.net:27017,c0-shard-00-01.ab12c.mongodb.net:27017/"
      "?ssl=true&replicaSet=atlas-x";
  project.clusters = std::vector<AtlasCluster>{cluster};
  atlas.projects = {project};
  return {tencent, atlas};
}

}  // namespace mongoscan::managed_cloud_fixture
