#pragma once
// What infrastructure files declare about who may reach a database port: firewall and security
// group rules, access lists, load balancers and published ports, and MongoDB server config files
// (Terraform, Kubernetes, Compose, CloudFormation, cloud CLI exports, mongod.conf). Facts as
// written, never judged: whether a port is MongoDB's or a source is public is for checks/.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scanner/facts/file_location.h"

namespace mongoscan {

// Ports first..last, inclusive.
struct PortRange {
  std::uint16_t first = 0;
  std::uint16_t last = 0;
  bool operator==(const PortRange&) const = default;
};

// One rule of a security group, firewall, network security group or access list.
struct NetworkRule {
  FileLocation location;  // where the rule (or its resource) starts
  std::string format;     // "terraform", "terraform-plan", "cloudformation", "aws-cli", ...
  std::string resource;   // "aws_security_group.db", "AWS::EC2::SecurityGroup DbSg", ...
  enum class Direction { ingress, egress } direction = Direction::ingress;
  enum class Action { accept, drop } action = Action::accept;
  std::string protocol;              // lower-case as written: "tcp", "udp", "all", "-1", "*", ...
  std::vector<PortRange> ports;      // empty: every port
  std::vector<std::string> sources;  // as written: "0.0.0.0/0", "::/0", "*", "Any", "sg-1a2b", ...
  // A source given by a reference the reader could not resolve to a literal (a variable without
  // a literal default, another resource's attribute): its reach is unknown.
  std::vector<std::string> unresolved_sources;
  // The existing security group the rule is attached to, when the code names it by its id
  // (Terraform's security_group_id = "sg-1a2b3c4d", or a variable whose default is one); empty
  // when the group is another resource's or computed.
  std::string group = {};
};

// Something that faces the network in front of a port: a public load balancer listener, a
// Kubernetes Service of type LoadBalancer or NodePort, a port published by Compose.
struct NetworkEndpoint {
  FileLocation location;
  std::string format;    // "terraform", "kubernetes", "compose", ...
  std::string resource;  // "tencentcloud_clb_instance.mongo", "Service db/mongo", "services.mongo"
  std::string kind;      // "load_balancer", "node_port", "published_port"
  std::vector<PortRange> ports;  // the ports it forwards to the database side
  bool public_facing = true;     // false: internal load balancer, loopback-bound port
  // What limits its sources: security groups, loadBalancerSourceRanges, an address bound to;
  // empty when nothing does.
  std::vector<std::string> source_restrictions;
};

// One setting of a MongoDB server config file (mongod.conf, mongos.conf), by dotted key.
struct ServerConfigSetting {
  std::string key;    // "net.bindIp", "security.authorization"
  std::string value;  // the scalar as written
  int line = 0;
};

// A MongoDB server configuration: a whole config file, or a mongod/mongos command line written in
// a file (scanner/infra/mongod_command_line.h).
struct ServerConfigFile {
  std::string path;
  std::vector<ServerConfigSetting> settings;  // in file order
  int line = 1;  // where it starts: 1 for a whole file, the program name's line for a command
  bool command_line = false;  // a command line: what it leaves out runs at mongod's defaults
  // Embedded in another file for an operator or chart to complete (embedded_server_config.h):
  // what it leaves out is not known, so only the settings it sets are judged.
  bool fragment = false;
};

// What one infrastructure file declared, and what the reader could not read in it (one line each,
// naming the place; never a secret).
struct ExposureScan {
  bool recognised = false;  // the file is one of the infrastructure formats mongoscan reads
  std::vector<NetworkRule> rules;
  std::vector<NetworkEndpoint> endpoints;
  std::optional<ServerConfigFile> server_config;
  std::vector<ServerConfigFile> embedded_configs;  // fragments in custom resources, values, maps
  std::vector<std::string> problems;
};

}  // namespace mongoscan
