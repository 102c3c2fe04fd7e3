#include "scanner/discovery/member_queue.h"

#include "scanner/text/ascii_case.h"
#include "scanner/facts/sharded_cluster.h"

namespace mongoscan {
namespace {

// "host:port" or "[v6]:port" as hello lists members, parsed like a one-host connection string.
std::optional<HostAddress> parse_member(const std::string& text) {
  auto parsed = parse_connection_string("mongodb://" + text);
  if (!parsed || parsed.value().hosts.size() != 1) return std::nullopt;
  return parsed.value().hosts.front();
}

std::vector<std::string> strings_in(const std::optional<bson::Array>& array) {
  std::vector<std::string> strings;
  for (const bson::Value& value : array.value_or(bson::Array{})) {
    if (const auto* text = value.get_if<std::string>()) strings.push_back(*text);
  }
  return strings;
}

// The members[].name of a successful replSetGetStatus reply.
std::vector<std::string> status_member_names(const NodeFacts& node) {
  const auto status = node.commands.find("replSetGetStatus");
  if (status == node.commands.end() || status->second.state != CommandOutcome::State::ok) return {};
  std::vector<std::string> names;
  for (const bson::Value& value :
       status->second.reply.get_array("members").value_or(bson::Array{})) {
    const auto* member = value.get_if<bson::Document>();
    if (member == nullptr) continue;
    if (auto name = member->get_string("name")) names.push_back(*name);
  }
  return names;
}

}  // namespace

NodeFacts member_naming_facts(const NodeFacts& node) {
  NodeFacts naming;
  naming.host = node.host;
  naming.port = node.port;
  naming.component = node.component;
  naming.hello = node.hello;
  // status_member_names, config_servers_named_by, mongos_registered_with and shards_listed_by.
  for (const char* key : {"replSetGetStatus", "serverStatus", "getShardMap", "listShards",
                          "find config.shards", "find config.mongos"}) {
    if (const auto reply = node.commands.find(key); reply != node.commands.end())
      naming.commands.insert(*reply);
  }
  return naming;
}

MemberQueue::MemberQueue(const std::vector<HostAddress>& seeds, std::size_t max_nodes)
    : max_nodes_(max_nodes) {
  for (const HostAddress& seed : seeds) add({seed, NodeOrigin::seed, "", {}});
}

void MemberQueue::add(QueuedNode node) {
  std::string name = to_lower_ascii(node.host.address());
  if (seen_.contains(name)) return;
  if (seen_.size() >= max_nodes_) {
    if (beyond_cap_.size() < kMaxCountedBeyondCap) beyond_cap_.insert(std::move(name));
    return;
  }
  seen_.insert(std::move(name));
  pending_.push_back(std::move(node));
}

void MemberQueue::add_names(const std::vector<std::string>& names, NodeOrigin origin,
                            const std::string& named_by, const ClusterComponent& component) {
  for (const std::string& name : names) {
    if (auto member = parse_member(name)) add({*member, origin, named_by, component});
  }
}

void MemberQueue::add_members_of(const NodeFacts& node) {
  const std::string by = node.address();
  if (node.hello) {
    for (const char* field : {"hosts", "passives", "arbiters"})
      add_names(strings_in(node.hello->get_array(field)), NodeOrigin::hello, by, node.component);
  }
  add_names(status_member_names(node), NodeOrigin::replica_set_status, by, node.component);
  if (auto config = config_servers_named_by(node)) {
    add_names(config->hosts, NodeOrigin::config_servers, by,
              {ClusterComponent::Kind::config_servers, config->set_name});
  }
  for (const RegisteredMongos& mongos : mongos_registered_with(node)) {
    if (mongos.active)
      add_names({mongos.address}, NodeOrigin::config_mongos, by,
                {ClusterComponent::Kind::mongos, ""});
  }
  // Shards last: the config servers and the other mongos are few and are probed first. (A mongos
  // probe hands its replies over one by one, ProbeOptions::on_members_named: there the other
  // mongos, named by config.mongos, its last naming reply, come after the shards.)
  for (const ShardEntry& shard : shards_listed_by(node)) {
    add_names(shard.address.hosts, shard.listed_by, by, {ClusterComponent::Kind::shard, shard.id});
  }
}

std::optional<QueuedNode> MemberQueue::next() {
  if (pending_.empty()) return std::nullopt;
  QueuedNode node = std::move(pending_.front());
  pending_.pop_front();
  return node;
}

}  // namespace mongoscan
