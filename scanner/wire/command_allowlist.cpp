#include "scanner/wire/command_allowlist.h"

#include <algorithm>
#include <array>

namespace mongoscan {
namespace {

using Resource = RequiredPrivilege::Resource;

struct Entry {
  AllowedCommand command;
  std::string_view name;
  std::optional<RequiredPrivilege> privilege;
  std::string_view pipeline_stage = {};  // aggregate: the one stage its pipeline may hold
};

// find on one config collection: the collection's find privilege (MongoDB manual, "Privilege
// Actions": find on {db: "config", collection: ...}; clusterMonitor grants it).
constexpr RequiredPrivilege find_on_config(std::string_view collection) {
  return RequiredPrivilege{Resource::collection, "find", false, "config", collection};
}

constexpr std::array kAllowlist = {
    Entry{AllowedCommand::hello, "hello", std::nullopt},
    Entry{AllowedCommand::is_master, "isMaster", std::nullopt},
    Entry{AllowedCommand::build_info, "buildInfo", std::nullopt},
    Entry{AllowedCommand::get_cmd_line_opts, "getCmdLineOpts",
          RequiredPrivilege{Resource::cluster, "getCmdLineOpts"}},
    Entry{AllowedCommand::get_parameter, "getParameter",
          RequiredPrivilege{Resource::cluster, "getParameter"}},
    Entry{AllowedCommand::connection_status, "connectionStatus", std::nullopt},
    // forAllDBs: viewUser on the cluster resource, not on each database.
    Entry{AllowedCommand::users_info, "usersInfo",
          RequiredPrivilege{Resource::cluster, "viewUser"}},
    // By name: viewUser on each named user's database (checkAuthForUsersInfoCommand, exact-match
    // branch; a user may always view itself).
    Entry{AllowedCommand::users_info_restrictions, "usersInfo",
          RequiredPrivilege{Resource::any_database, "viewUser"}},
    Entry{AllowedCommand::roles_info, "rolesInfo",
          RequiredPrivilege{Resource::any_database, "viewRole"}},
    Entry{AllowedCommand::server_status, "serverStatus",
          RequiredPrivilege{Resource::cluster, "serverStatus"}},
    Entry{AllowedCommand::list_databases, "listDatabases",
          RequiredPrivilege{Resource::cluster, "listDatabases"}},
    Entry{AllowedCommand::get_log, "getLog", RequiredPrivilege{Resource::cluster, "getLog"}},
    Entry{AllowedCommand::repl_set_get_status, "replSetGetStatus",
          RequiredPrivilege{Resource::cluster, "replSetGetStatus"}},
    // adminOnly; the replSetGetConfig action on the cluster resource, which clusterMonitor holds
    // (src/mongo/db/auth/builtin_roles.yml); a read of the configuration (replSetReconfig changes
    // it).
    Entry{AllowedCommand::repl_set_get_config, "replSetGetConfig",
          RequiredPrivilege{Resource::cluster, "replSetGetConfig"}},
    // adminOnly; the getDefaultRWConcern action on the cluster resource (doCheckAuthorization in
    // src/mongo/db/commands/rwc_defaults_commands.cpp), which clusterMonitor and clusterManager
    // hold (src/mongo/db/auth/builtin_roles.yml).
    Entry{AllowedCommand::get_default_rw_concern, "getDefaultRWConcern",
          RequiredPrivilege{Resource::cluster, "getDefaultRWConcern"}},
    Entry{AllowedCommand::list_collections, "listCollections",
          RequiredPrivilege{Resource::any_database, "listCollections"}},
    // $collStats needs collStats, $sample needs find, on each collection sampled.
    Entry{AllowedCommand::aggregate_collection_stats, "aggregate",
          RequiredPrivilege{Resource::any_database, "collStats", true}, "$collStats"},
    Entry{AllowedCommand::aggregate_sample, "aggregate",
          RequiredPrivilege{Resource::any_database, "find", true}, "$sample"},
    // listShards and getShardMap: adminOnly, the cluster actions of the same names
    // (src/mongo/s/commands/cluster_list_shards_cmd.cpp, cluster_get_shard_map_cmd.cpp).
    Entry{AllowedCommand::list_shards, "listShards",
          RequiredPrivilege{Resource::cluster, "listShards"}},
    Entry{AllowedCommand::get_shard_map, "getShardMap",
          RequiredPrivilege{Resource::cluster, "getShardMap"}},
    Entry{AllowedCommand::find_config_mongos, "find", find_on_config("mongos")},
    Entry{AllowedCommand::find_config_shards, "find", find_on_config("shards")},
    Entry{AllowedCommand::sasl_start, "saslStart", std::nullopt},
    Entry{AllowedCommand::sasl_continue, "saslContinue", std::nullopt},
    Entry{AllowedCommand::authenticate, "authenticate", std::nullopt},
};

}  // namespace

std::string_view command_name(AllowedCommand command) {
  for (const Entry& entry : kAllowlist) {
    if (entry.command == command) return entry.name;
  }
  return "";
}

std::optional<RequiredPrivilege> required_privilege(AllowedCommand command) {
  for (const Entry& entry : kAllowlist) {
    if (entry.command == command) return entry.privilege;
  }
  return std::nullopt;
}

std::vector<AllowedCommand> all_allowed_commands() {
  std::vector<AllowedCommand> commands;
  for (const Entry& entry : kAllowlist) commands.push_back(entry.command);
  return commands;
}

std::vector<std::string_view> allowed_command_names() {
  std::vector<std::string_view> names;
  for (const Entry& entry : kAllowlist) {
    if (std::find(names.begin(), names.end(), entry.name) == names.end())
      names.push_back(entry.name);
  }
  return names;
}

bool pipeline_allowed(AllowedCommand command, const bson::Document& arguments) {
  const Entry* entry = nullptr;
  for (const Entry& candidate : kAllowlist) {
    if (candidate.command == command) entry = &candidate;
  }
  if (entry == nullptr || entry->pipeline_stage.empty()) return true;
  const auto pipeline = arguments.get_array("pipeline");
  if (!pipeline || pipeline->size() != 1) return false;
  const auto* stage = pipeline->front().get_if<bson::Document>();
  return stage != nullptr && stage->size() == 1 &&
         stage->fields().front().first == entry->pipeline_stage;
}

bool namespace_allowed(AllowedCommand command, const bson::Value& value,
                       std::string_view database) {
  const auto privilege = required_privilege(command);
  if (!privilege || privilege->resource != Resource::collection) return true;
  const auto* collection = value.get_if<std::string>();
  return collection != nullptr && *collection == privilege->collection &&
         database == privilege->database;
}

bson::Document make_command(AllowedCommand command, bson::Value value,
                            const bson::Document& arguments, std::string_view database) {
  bson::Document document;
  document.append(std::string(command_name(command)), std::move(value));
  for (const auto& [key, argument] : arguments) document.append(key, argument);
  document.append("$db", std::string(database));
  return document;
}

}  // namespace mongoscan
