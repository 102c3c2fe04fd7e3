#include "checks/server/privileged_roles.h"

#include <algorithm>
#include <set>
#include <string>

#include "checks/text_list.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

// "createuser" for "createUser" and "CREATE_USER".
std::string action_key(std::string_view action) {
  std::string key = to_lower_ascii(action);
  std::erase(key, '_');
  return key;
}

bool listed_action(const std::set<std::string_view>& actions, std::string_view action) {
  const std::string key = action_key(action);
  return std::any_of(actions.begin(), actions.end(),
                     [&](std::string_view listed) { return action_key(listed) == key; });
}

}  // namespace

bool is_administrative_builtin(std::string_view role, std::string_view db) {
  static const std::set<std::string_view> kAnyDatabase = {"root",
                                                          "__system",
                                                          "dbAdminAnyDatabase",
                                                          "userAdminAnyDatabase",
                                                          "readWriteAnyDatabase",
                                                          "clusterAdmin",
                                                          "clusterManager",
                                                          "hostManager",
                                                          "restore"};
  if (kAnyDatabase.contains(role)) return true;
  return db == "admin" && (role == "dbOwner" || role == "userAdmin");
}

// Creating, changing and dropping users and roles, granting and revoking roles, setting passwords
// and authentication restrictions.
bool is_user_administration_action(std::string_view action) {
  static const std::set<std::string_view> kActions = {
      "anyAction",      "changeCustomData",
      "changePassword", "createRole",
      "createUser",     "dropRole",
      "dropUser",       "grantRole",
      "revokeRole",     "setAuthenticationRestriction"};
  return listed_action(kActions, action);
}

// createCollection also creates views (create with viewOn needs it), MongoDB's logic modules
// beside system.js functions, which readWrite writes too (builtin_roles.yml, system.js).
bool is_structure_action(std::string_view action) {
  static const std::set<std::string_view> kActions = {
      "anyAction",      "collMod",      "convertToCapped", "createCollection",      "createIndex",
      "dropCollection", "dropDatabase", "dropIndex",       "renameCollectionSameDB"};
  return listed_action(kActions, action);
}

std::optional<Verdict> undeclared_administrators_verdict(const std::vector<std::string>& undeclared,
                                                         const Policy& policy,
                                                         const nlohmann::json& evidence) {
  if (undeclared.empty()) return std::nullopt;
  if (!policy.administrators) {
    return Verdict{Status::warn,
                   "administrative roles held by " + join(undeclared) +
                       "; no administrators are declared in the policy, so none can be told "
                       "apart from an over-privileged application account",
                   evidence};
  }
  return Verdict{Status::fail,
                 "administrative roles held by accounts the policy does not name as "
                 "administrators: " +
                     join(undeclared),
                 evidence};
}

}  // namespace mongoscan
