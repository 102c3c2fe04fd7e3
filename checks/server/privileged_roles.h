#pragma once
// Which built-in roles and privilege actions the authorization checks hold to be administrative or
// dangerous, in one place for every reader of roles: a node's user inventory (AUTHZ-*) and a cloud
// control plane's database users and custom roles (ATLAS-008).

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/policy.h"
#include "checks/verdict.h"

namespace mongoscan {

// AUTHZ-001: built-in roles that administer every database or the cluster (root, __system, the
// any-database roles but readAnyDatabase, clusterAdmin, clusterManager, hostManager, restore), and
// dbOwner and userAdmin on admin. `db` is the database the role is granted on.
bool is_administrative_builtin(std::string_view role, std::string_view db);

// AUTHZ-005: userAdmin's actions (src/mongo/db/auth/builtin_roles.yml, userAdminRoleActions) but
// viewUser and viewRole, and anyAction, which includes them. An action is matched whatever its case
// and underscores, so that the server's "createUser" and the Atlas Administration API's
// "CREATE_USER" are one action.
bool is_user_administration_action(std::string_view action);

// AUTHZ-006: actions that create, change or drop collections, indexes, views or databases, and
// anyAction; matched as is_user_administration_action matches.
bool is_structure_action(std::string_view action);

// AUTHZ-001's verdict on the accounts ("user@db") that hold administrative roles the policy does
// not declare: a warning naming them when the policy declares no administrators (none can be told
// apart from an over-privileged application account), a failure naming them when it declares
// others; nullopt when there are none.
std::optional<Verdict> undeclared_administrators_verdict(const std::vector<std::string>& undeclared,
                                                         const Policy& policy,
                                                         const nlohmann::json& evidence);

}  // namespace mongoscan
