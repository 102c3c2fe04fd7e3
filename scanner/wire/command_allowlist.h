#pragma once
// The one allowlist of commands mongoscan may send. A command can only be built from an
// AllowedCommand, and MongoConnection sends nothing else: every command here is read-only
// (diagnostics, authentication, metadata). Adding one needs a reason in its comment.

#include <optional>
#include <string_view>
#include <vector>

#include "scanner/bson/bson.h"

namespace mongoscan {

enum class AllowedCommand {
  hello,              // topology, wire version, saslSupportedMechs
  is_master,          // hello for servers before 4.4.2 (also OP_QUERY before 3.6)
  build_info,         // version, modules, OpenSSL
  get_cmd_line_opts,  // the configuration the server started with
  get_parameter,      // runtime parameters (getParameter: "*")
  connection_status,  // the scanning account's roles and privileges
  users_info,         // user inventory (never with showCredentials)
  // usersInfo by name with showAuthenticationRestrictions (AUTHZ-008): the users' clientSource
  // and serverAddress restrictions, which only exact-match queries show (never showCredentials).
  users_info_restrictions,
  roles_info,           // custom roles and their privileges
  server_status,        // connection counts only (other sections excluded)
  list_databases,       // database names (nameOnly)
  get_log,              // startupWarnings only
  repl_set_get_status,  // replica-set members, hidden ones included (hello omits them)
  repl_set_get_config,  // each member's votes, priority and delay (what w:majority counts)
  // The cluster-wide default read and write concern (HARD-012): a read of the defaults the
  // node applies; setDefaultRWConcern, which changes them, is a different command.
  get_default_rw_concern,
  list_collections,  // collection names in admin, local and config (nameOnly); with
                     // --data-model, every database's collections with their options
  // --data-model only. aggregate runs exactly one stage, checked before it is sent
  // (pipeline_allowed): $collStats reads storage statistics, $sample reads documents whose
  // shape (never their values) is kept.
  aggregate_collection_stats,
  aggregate_sample,
  // Sharded clusters (mongos and config servers): where the shards, the config server set and
  // the other mongos are, so that every component is probed.
  list_shards,         // each shard's replica set and members (mongos)
  get_shard_map,       // the config server set's members, when serverStatus has no sharding section
  find_config_mongos,  // find on config.mongos only: every mongos registered and its last ping
  find_config_shards,  // find on config.shards only: the shards, read on a config server
  sasl_start,          // SCRAM and PLAIN authentication
  sasl_continue,
  authenticate,  // MONGODB-X509
};

// The command's name as the server knows it, e.g. "getCmdLineOpts".
std::string_view command_name(AllowedCommand command);

// The privilege a command needs from the scanning account (MongoDB manual, "Privilege Actions"):
// an action on the cluster resource, on every database, or on one collection. Commands that need
// none (hello, buildInfo, connectionStatus, authentication) have no entry.
struct RequiredPrivilege {
  enum class Resource { cluster, any_database, collection } resource;
  std::string_view action;
  bool data_model_only = false;      // needed by --data-model scans only
  std::string_view database = {};    // Resource::collection: its database
  std::string_view collection = {};  // Resource::collection: its name
};
std::optional<RequiredPrivilege> required_privilege(AllowedCommand command);

// Every allowed command, in the allowlist's order.
std::vector<AllowedCommand> all_allowed_commands();

// Every allowed command name, once each, for tests that compare the lab's command log with the
// allowlist.
std::vector<std::string_view> allowed_command_names();

// For aggregate commands: whether `arguments` holds a pipeline of exactly the one stage the
// command allows ($collStats or $sample) and nothing that writes ($out, $merge). Always true for
// other commands.
bool pipeline_allowed(AllowedCommand command, const bson::Document& arguments);

// For commands bound to one collection (find_config_mongos, find_config_shards): whether `value`
// names that collection and `database` is its database. Always true for other commands.
bool namespace_allowed(AllowedCommand command, const bson::Value& value, std::string_view database);

// The command document: {<name>: value, ...arguments, $db: database}.
bson::Document make_command(AllowedCommand command, bson::Value value,
                            const bson::Document& arguments, std::string_view database);

}  // namespace mongoscan
