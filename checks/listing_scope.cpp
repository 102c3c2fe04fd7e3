#include "checks/listing_scope.h"

#include <optional>

#include "checks/text_list.h"

namespace mongoscan {
namespace {

// A privilege's resource, as connectionStatus {showPrivileges: true} lists it.
enum class Resource { any, any_normal, database, cluster, other };

Resource resource_kind(const bson::Document& resource, std::string& database) {
  if (resource.get_bool("anyResource") == true) return Resource::any;
  if (resource.get_bool("cluster") == true) return Resource::cluster;
  const auto db = resource.get_string("db");
  const auto collection = resource.get_string("collection");
  if (!db || !collection || !collection->empty()) return Resource::other;
  if (db->empty()) return Resource::any_normal;
  database = *db;
  return Resource::database;
}

// The resources that grant an action on database `db` or on the cluster, as
// buildResourceSearchList (authorization_session_impl.cpp) searches them: anyResource, then
// anyNormalResource except for local and config, then the target itself.
bool grants(Resource kind, const std::string& granted_db, std::string_view target_db,
            bool on_cluster) {
  if (kind == Resource::any) return true;
  if (on_cluster) return kind == Resource::cluster;
  if (kind == Resource::any_normal) return target_db != "local" && target_db != "config";
  return kind == Resource::database && granted_db == target_db;
}

// The connectionStatus reply, when the probe got one.
const bson::Document* connection_status(const NodeFacts& facts) {
  const auto status = facts.commands.find("connectionStatus");
  if (status == facts.commands.end() || status->second.state != CommandOutcome::State::ok)
    return nullptr;
  return &status->second.reply;
}

// A command the node answered before authentication: it does not enforce authorization, and
// nothing is filtered.
bool authorization_not_enforced(const NodeFacts& facts) {
  for (const auto& [name, outcome] : facts.unauthenticated)
    if (shows_authentication_enforcement(name) && outcome.state == CommandOutcome::State::ok)
      return true;
  return false;
}

ListingScope scope_of(const NodeFacts& facts, std::string_view action, std::string_view db,
                      bool on_cluster) {
  if (authorization_not_enforced(facts)) return ListingScope::complete;
  const bson::Document* status = connection_status(facts);
  const auto auth_info = status ? status->get_document("authInfo") : std::nullopt;
  const auto privileges =
      auth_info ? auth_info->get_array("authenticatedUserPrivileges") : std::nullopt;
  if (!privileges) return ListingScope::unknown;
  for (const bson::Value& value : *privileges) {
    const auto* privilege = value.get_if<bson::Document>();
    if (privilege == nullptr) continue;
    const auto actions = string_elements(privilege->get_array("actions"));
    if (!contains(actions, action) && !contains(actions, "anyAction")) continue;
    std::string granted_db;
    const Resource kind =
        resource_kind(privilege->get_document("resource").value_or(bson::Document{}), granted_db);
    if (grants(kind, granted_db, db, on_cluster)) return ListingScope::complete;
  }
  return ListingScope::filtered;
}

}  // namespace

ListingScope list_collections_scope(const NodeFacts& facts, std::string_view db) {
  return scope_of(facts, "listCollections", db, false);
}

ListingScope list_databases_scope(const NodeFacts& facts) {
  return scope_of(facts, "listDatabases", "", true);
}

bool shows_authentication_enforcement(std::string_view command) { return command != "buildInfo"; }

std::string partial_listing_note(std::string_view what, std::string_view action,
                                 std::string_view resource) {
  return "the scanning account may list only the " + std::string(what) +
         " it has privileges on (it lacks " + std::string(action) + " on " + std::string(resource) +
         "), so others were not seen";
}

}  // namespace mongoscan
