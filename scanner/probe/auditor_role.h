#pragma once
// The smallest custom role that lets every check run: the privileges of every allowlisted command
// that needs one, and nothing else. `mongoscan auditor-role` prints it for an administrator to
// create; every action in it is read-only.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace mongoscan {

// The createRole command document ({createRole, privileges, roles: []}) for role `name`, to run on
// the admin database. Privileges are grouped by resource: the cluster; every database; and
// listCollections on config and local by name (the every-database resource does not cover them).
// With data_model, also what --data-model needs (find and collStats on every database: find
// reads documents, so that role can read all business data).
nlohmann::json auditor_role_command(std::string_view name, bool data_model = false);

// The same as a mongosh script: createRole on admin, then a commented createUser example.
std::string auditor_role_script(std::string_view name, bool data_model = false);

}  // namespace mongoscan
