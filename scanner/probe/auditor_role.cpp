#include "scanner/probe/auditor_role.h"

#include <map>
#include <set>

#include "scanner/wire/command_allowlist.h"

namespace mongoscan {

using nlohmann::json;

json auditor_role_command(std::string_view name, bool data_model) {
  std::set<std::string> cluster_actions;
  std::set<std::string> database_actions;
  // (database, collection) -> actions, for commands bound to one collection.
  std::map<std::pair<std::string, std::string>, std::set<std::string>> collection_actions;
  for (const AllowedCommand command : all_allowed_commands()) {
    const auto privilege = required_privilege(command);
    if (!privilege || (privilege->data_model_only && !data_model)) continue;
    switch (privilege->resource) {
      case RequiredPrivilege::Resource::cluster:
        cluster_actions.emplace(privilege->action);
        break;
      case RequiredPrivilege::Resource::any_database:
        database_actions.emplace(privilege->action);
        break;
      case RequiredPrivilege::Resource::collection:
        collection_actions[{std::string(privilege->database), std::string(privilege->collection)}]
            .emplace(privilege->action);
        break;
    }
  }
  json privileges = json::array();
  privileges.push_back({{"resource", {{"cluster", true}}}, {"actions", cluster_actions}});
  privileges.push_back(
      {{"resource", {{"db", ""}, {"collection", ""}}}, {"actions", database_actions}});
  // The probe lists the collections of config and local (AUTHZ-004), which {db: ""} misses.
  const std::string list_collections(command_name(AllowedCommand::list_collections));
  for (const char* system_database : {"config", "local"}) {
    privileges.push_back({{"resource", {{"db", system_database}, {"collection", ""}}},
                          {"actions", {list_collections}}});
  }
  for (const auto& [resource, actions] : collection_actions) {
    privileges.push_back({{"resource", {{"db", resource.first}, {"collection", resource.second}}},
                          {"actions", actions}});
  }
  json command = json::object();
  command["createRole"] = name;
  command["privileges"] = privileges;
  command["roles"] = json::array();
  return command;
}

std::string auditor_role_script(std::string_view name, bool data_model) {
  const std::string role(name);
  return std::string(data_model ? "// The smallest role that lets every mongoscan check run, "
                                  "--data-model included;\n// every action is read-only, but "
                                  "find reads every database's documents.\n"
                                : "// The smallest role that lets every mongoscan check run; "
                                  "every action is read-only.\n") +
         "db.getSiblingDB(\"admin\").runCommand(" + auditor_role_command(name, data_model).dump(2) +
         ");\n"
         "// Then give it to a dedicated account and scan with that account:\n"
         "// db.getSiblingDB(\"admin\").createUser({user: \"mongoscan\", pwd: passwordPrompt(),\n"
         "//   roles: [{role: " +
         json(role).dump() + ", db: \"admin\"}], mechanisms: [\"SCRAM-SHA-256\"]});\n";
}

}  // namespace mongoscan
