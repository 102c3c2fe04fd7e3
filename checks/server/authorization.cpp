#include "checks/server/authorization.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "checks/listing_scope.h"
#include "checks/server/command_evidence.h"
#include "checks/server/privileged_roles.h"
#include "checks/server/server_settings.h"
#include "checks/system_collections.h"
#include "checks/text_list.h"
#include "checks/verdict.h"

namespace mongoscan {
namespace {

using nlohmann::json;

struct Grant {
  std::string role;
  std::string db;
  std::string name() const { return role + "@" + db; }
};

// Built-in roles that administer every database or the cluster (they exist only on admin).
bool is_administrative_builtin(const Grant& grant) {
  return mongoscan::is_administrative_builtin(grant.role, grant.db);
}

bool is_system_database(std::string_view db) {
  return db == "admin" || db == "local" || db == "config" || db == "$external";
}

std::vector<Grant> grants_in(const std::optional<bson::Array>& roles) {
  std::vector<Grant> grants;
  if (!roles) return grants;
  for (const bson::Value& value : *roles) {
    const auto* role = value.get_if<bson::Document>();
    if (role == nullptr) continue;
    auto name = role->get_string("role");
    auto db = role->get_string("db");
    if (name && db) grants.push_back({*name, *db});
  }
  return grants;
}

// "role@db" of a rolesInfo role document.
std::string role_name(const bson::Document& role) {
  return role.get_string("role").value_or("?") + "@" + role.get_string("db").value_or("?");
}

// Every custom role the node's replies show, by name@db, each once: the roles the users hold
// (rolesInfo) and each database's roles (rolesInfo <db>, with their privileges), held or not.
std::map<std::string, bson::Document> custom_roles(const NodeFacts& facts) {
  std::map<std::string, bson::Document> roles;
  for (const auto& [key, outcome] : facts.commands) {
    if (key != "rolesInfo" && !key.starts_with("rolesInfo ")) continue;
    if (outcome.state != CommandOutcome::State::ok) continue;
    for (const bson::Value& value : outcome.reply.get_array("roles").value_or(bson::Array{})) {
      const auto* role = value.get_if<bson::Document>();
      if (role == nullptr || role->get_bool("isBuiltin") == true) continue;
      const auto [found, added] = roles.try_emplace(role_name(*role), *role);
      // A reply with privileges says more than one without.
      if (!added && !found->second.get_array("privileges") && role->get_array("privileges"))
        found->second = *role;
    }
  }
  return roles;
}

// Custom roles (from rolesInfo) that inherit an administrative built-in role, by name@db.
std::set<std::string> administrative_custom_roles(const NodeFacts& facts) {
  std::set<std::string> names;
  for (const auto& [name, role] : custom_roles(facts)) {
    auto inherited = grants_in(role.get_array("inheritedRoles"));
    for (const Grant& grant : grants_in(role.get_array("roles"))) inherited.push_back(grant);
    for (const Grant& grant : inherited) {
      if (is_administrative_builtin(grant)) {
        names.insert(name);
        break;
      }
    }
  }
  return names;
}

// Authorization granted outside user documents: LDAP authorization maps each group DN the query
// returns to the role of that name in admin (security.ldap.authz.queryTemplate; manual, "LDAP
// Authorization"), OIDC maps each authorization claim value to the role
// "<authNamePrefix>/<value>" in admin (oidcIdentityProviders, useAuthorizationClaim, default true;
// manual, "OpenID Connect Authentication"). `how` is empty when neither is on; `mapped` names the
// custom roles the node defines that a group or claim reaches by name.
struct ExternalAuthorization {
  std::vector<std::string> how;
  std::vector<std::string> mapped;  // name@db
};

ExternalAuthorization external_authorization(const NodeFacts& facts) {
  ExternalAuthorization external;
  std::vector<std::string> prefixes;
  bool ldap = false;
  if (const bson::Document* opts = successful_reply(facts, "getCmdLineOpts")) {
    const ServerSetting query =
        server_setting(*opts, server_version(facts), "security.ldap.authz.queryTemplate");
    ldap = query.value.is_string() && !query.value.get<std::string>().empty();
  }
  if (ldap) external.how.push_back("LDAP authorization (security.ldap.authz.queryTemplate)");
  if (const bson::Document* parameters = successful_reply(facts, "getParameter")) {
    for (const bson::Value& value :
         parameters->get_array("oidcIdentityProviders").value_or(bson::Array{})) {
      const auto* provider = value.get_if<bson::Document>();
      if (provider == nullptr || provider->get_bool("useAuthorizationClaim") == false) continue;
      prefixes.push_back(provider->get_string("authNamePrefix").value_or("") + "/");
    }
  }
  if (!prefixes.empty())
    external.how.push_back("OIDC authorization claims (oidcIdentityProviders)");
  for (const auto& [name, role] : custom_roles(facts)) {
    if (role.get_string("db") != "admin") continue;
    const std::string role_text = role.get_string("role").value_or("");
    const bool group = ldap && role_text.find('=') != std::string::npos;
    const bool claim = std::any_of(prefixes.begin(), prefixes.end(),
                                   [&](const std::string& p) { return role_text.starts_with(p); });
    if (group || claim) external.mapped.push_back(name);
  }
  return external;
}

// "user@db" of a usersInfo or connectionStatus user document.
std::string account_name(const bson::Document& user) {
  return user.get_string("user").value_or("?") + "@" + user.get_string("db").value_or("?");
}

// Each account ("user@db") and the roles granted to it directly.
using Accounts = std::map<std::string, std::vector<Grant>>;

Accounts visible_users(const bson::Document& users_info) {
  Accounts accounts;
  for (const bson::Value& value : users_info.get_array("users").value_or(bson::Array{})) {
    const auto* user = value.get_if<bson::Document>();
    if (user == nullptr) continue;
    accounts[account_name(*user)] = grants_in(user->get_array("roles"));
  }
  return accounts;
}

// The accounts this connection authenticated as, with the roles connectionStatus reports.
Accounts scanning_accounts(const NodeFacts& facts) {
  Accounts accounts;
  const auto status = facts.commands.find("connectionStatus");
  if (status == facts.commands.end() || status->second.state != CommandOutcome::State::ok)
    return accounts;
  const auto auth_info = status->second.reply.get_document("authInfo");
  if (!auth_info) return accounts;
  const auto roles = grants_in(auth_info->get_array("authenticatedUserRoles"));
  for (const bson::Value& value :
       auth_info->get_array("authenticatedUsers").value_or(bson::Array{})) {
    if (const auto* user = value.get_if<bson::Document>()) accounts[account_name(*user)] = roles;
  }
  return accounts;
}

// The inventory a check judges: every visible user, the scanning account included. `missing`
// holds the usersInfo verdict when the users could not be listed (only the scanning account is
// then known).
struct Inventory {
  Accounts accounts;
  std::optional<Verdict> missing;
  std::vector<std::string> scanning_account;
};

Inventory inventory(const NodeFacts& facts) {
  Inventory result;
  const Accounts scanning = scanning_accounts(facts);
  for (const auto& [name, grants] : scanning) result.scanning_account.push_back(name);
  auto users = command_reply(facts, "usersInfo", "viewUser");
  if (const auto* reply = std::get_if<const bson::Document*>(&users)) {
    result.accounts = visible_users(**reply);
  } else {
    result.missing = std::get<Verdict>(users);
  }
  for (const auto& [name, grants] : scanning) result.accounts.try_emplace(name, grants);
  // A role an LDAP group or OIDC claim reaches is held by whoever the directory says: it is judged
  // as an account of its own, named as the role (name@db), which the policy may declare.
  for (const std::string& role : external_authorization(facts).mapped) {
    const std::size_t at = role.rfind('@');
    result.accounts.try_emplace(role,
                                std::vector<Grant>{{role.substr(0, at), role.substr(at + 1)}});
  }
  return result;
}

// The verdict when nothing was found among the accounts the check could see: pass when the user
// inventory was complete, else the inventory's skipped or error verdict saying what was judged.
Verdict clean_or_incomplete(const Inventory& seen, std::string pass_message, json evidence) {
  if (!seen.missing) return {Status::pass, std::move(pass_message), std::move(evidence)};
  return incomplete(*seen.missing,
                    seen.scanning_account.empty()
                        ? "no account could be judged"
                        : "the scanning account " + join(seen.scanning_account) +
                              " is fine; the other users were not listed",
                    evidence);
}

Verdict judge_administrators(const NodeFacts& facts, const Policy& policy) {
  const Inventory seen = inventory(facts);
  if (seen.accounts.empty() && seen.missing) return *seen.missing;
  const std::set<std::string> custom_admin = administrative_custom_roles(facts);
  json holders = json::object();
  std::vector<std::string> undeclared;
  for (const auto& [account, grants] : seen.accounts) {
    std::vector<std::string> roles;
    for (const Grant& grant : grants)
      if (is_administrative_builtin(grant) || custom_admin.contains(grant.name()))
        roles.push_back(grant.name());
    if (roles.empty()) continue;
    holders[account] = roles;
    if (!policy.administrators || !policy.administrators->contains(account))
      undeclared.push_back(account);
  }
  json evidence = {{"holders", holders}, {"scanning_account", seen.scanning_account}};
  const ExternalAuthorization external = external_authorization(facts);
  if (!external.how.empty()) {
    evidence["external_authorization"] = external.how;
    evidence["externally_mapped_roles"] = external.mapped;
  }
  evidence["declared_administrators"] =
      policy.administrators ? json(*policy.administrators) : json("none declared");
  if (auto verdict = undeclared_administrators_verdict(undeclared, policy, evidence))
    return *verdict;
  return clean_or_incomplete(seen,
                             holders.empty() ? "no account holds an administrative role"
                                             : "only the declared administrators hold "
                                               "administrative roles",
                             evidence);
}

Verdict judge_database_scope(const NodeFacts& facts) {
  const Inventory seen = inventory(facts);
  if (seen.accounts.empty() && seen.missing) return *seen.missing;
  json spanning = json::object();
  std::vector<std::string> accounts;
  for (const auto& [account, grants] : seen.accounts) {
    std::set<std::string> databases;
    for (const Grant& grant : grants)
      if (!is_system_database(grant.db)) databases.insert(grant.db);
    if (databases.size() < 2) continue;
    spanning[account] = databases;
    accounts.push_back(account + " (" +
                       join(std::vector<std::string>(databases.begin(), databases.end())) + ")");
  }
  json evidence = {{"users_judged", seen.accounts.size()}, {"spanning", spanning}};
  if (!accounts.empty()) {
    return {Status::fail, "users with roles on more than one business database: " + join(accounts),
            evidence};
  }
  return clean_or_incomplete(seen, "every user's roles stay within one business database",
                             evidence);
}

// Actions that only read state, reviewed one by one against the server's list of actions
// (src/mongo/db/auth/action_type.idl): diagnostics, monitoring, catalog and sharding-metadata
// reads, and viewUser / viewRole. Every other action changes data, configuration, users or the
// running process (setParameter, cpuProfiler, trafficRecord, applicationMessage...), or is
// anyAction / internal; an action this list does not know counts as changing.
bool is_read_only_cluster_action(std::string_view action) {
  static const std::set<std::string_view> kReadOnly = {"allCollectionStats",
                                                       "changeStream",
                                                       "checkFreeMonitoringStatus",
                                                       "checkMetadataConsistency",
                                                       "collStats",
                                                       "connPoolStats",
                                                       "dbHash",
                                                       "dbStats",
                                                       "find",
                                                       "getChangeStreamState",
                                                       "getClusterParameter",
                                                       "getCmdLineOpts",
                                                       "getDatabaseVersion",
                                                       "getDefaultRWConcern",
                                                       "getLog",
                                                       "getParameter",
                                                       "getShardMap",
                                                       "getShardVersion",
                                                       "hostInfo",
                                                       "indexStats",
                                                       "inprog",
                                                       "listCachedAndActiveUsers",
                                                       "listCollections",
                                                       "listCursors",
                                                       "listDatabases",
                                                       "listIndexes",
                                                       "listSampledQueries",
                                                       "listSearchIndexes",
                                                       "listSessions",
                                                       "listShards",
                                                       "netstat",
                                                       "oidcListKeys",
                                                       "operationMetrics",
                                                       "planCacheRead",
                                                       "queryStatsRead",
                                                       "queryStatsReadTransformed",
                                                       "replSetGetConfig",
                                                       "replSetGetStatus",
                                                       "serverStatus",
                                                       "shardedDataDistribution",
                                                       "shardingState",
                                                       "splitVector",
                                                       "storageDetails",
                                                       "top",
                                                       "useUUID",
                                                       "viewRole",
                                                       "viewUser"};
  return kReadOnly.contains(action);
}

// Actions that read, change or restructure a collection's data (the manual's "Query and Write
// Actions" and "Database Management Actions" on collections). Granted on every database
// ({db: ""}), they reach what readWriteAnyDatabase or dbAdminAnyDatabase reach.
bool is_data_action(const std::string& action) {
  static const std::set<std::string_view> kData = {"find",
                                                   "insert",
                                                   "update",
                                                   "remove",
                                                   "changeStream",
                                                   "createCollection",
                                                   "dropCollection",
                                                   "createIndex",
                                                   "dropIndex",
                                                   "collMod",
                                                   "convertToCapped",
                                                   "renameCollectionSameDB",
                                                   "dropDatabase",
                                                   "bypassDocumentValidation"};
  return kData.contains(action);
}

// Why a privilege ({resource, actions}) is too broad; empty when it is not.
std::vector<std::string> broad_grants(const bson::Document& privilege) {
  std::vector<std::string> reasons;
  const auto resource = privilege.get_document("resource").value_or(bson::Document{});
  const auto actions = string_elements(privilege.get_array("actions"));
  if (contains(actions, "anyAction")) reasons.push_back("anyAction");
  if (resource.get_bool("anyResource") == true) reasons.push_back("anyResource");
  // {db: "", collection: ...}: every database but local and config (manual, "Resource Document":
  // "Specify Collections Across Databases").
  if (resource.get_string("db") == "" && resource.get_string("collection").has_value()) {
    std::vector<std::string> data;
    for (const std::string& action : actions)
      if (is_data_action(action)) data.push_back(action);
    if (!data.empty()) reasons.push_back("every database's " + join(data));
  }
  if (resource.get_bool("cluster") == true) {
    std::vector<std::string> changing;
    for (const std::string& action : actions)
      if (action != "anyAction" && !is_read_only_cluster_action(action)) changing.push_back(action);
    if (!changing.empty()) reasons.push_back("cluster-wide " + join(changing));
  }
  return reasons;
}

// What the role catalogue (rolesInfo on each listed database) left out: the databases whose
// roles were refused or failed, and how many listed databases were never asked (the probe asks
// at most 100).
struct CatalogueGaps {
  std::size_t asked = 0;   // databases whose roles were asked for
  std::size_t listed = 0;  // databases listDatabases named, but local and config
  std::vector<std::string> not_read;
  std::optional<Verdict> first_refusal;
  bool ran() const { return asked > 0; }
  std::size_t not_asked() const { return listed > asked ? listed - asked : 0; }
};

CatalogueGaps catalogue_gaps(const NodeFacts& facts) {
  CatalogueGaps gaps;
  for (const auto& [key, outcome] : facts.commands) {
    if (!key.starts_with("rolesInfo ")) continue;
    ++gaps.asked;
    auto reply = command_reply(facts, key, "viewRole");
    if (auto* verdict = std::get_if<Verdict>(&reply)) {
      gaps.not_read.push_back(key.substr(std::string_view("rolesInfo ").size()));
      if (!gaps.first_refusal) gaps.first_refusal = *verdict;
    }
  }
  if (const bson::Document* listed = successful_reply(facts, "listDatabases")) {
    for (const bson::Value& value : listed->get_array("databases").value_or(bson::Array{})) {
      const auto* database = value.get_if<bson::Document>();
      const auto name = database ? database->get_string("name") : std::nullopt;
      if (name && *name != "local" && *name != "config") ++gaps.listed;
    }
  }
  return gaps;
}

// AUTHZ-003: every custom role the node defines (the users' and each database's, held or not:
// an LDAP group or OIDC claim may reach one no user document holds), judged by its privileges.
Verdict judge_custom_roles(const NodeFacts& facts) {
  const auto roles = custom_roles(facts);
  auto reply = command_reply(facts, "rolesInfo", "viewRole");
  if (auto* instead = std::get_if<Verdict>(&reply); instead && roles.empty()) return *instead;
  json broad = json::object();
  std::vector<std::string> names;
  const std::size_t custom = roles.size();
  for (const auto& [name, role] : roles) {
    std::vector<std::string> reasons;
    for (const char* field : {"privileges", "inheritedPrivileges"}) {
      for (const bson::Value& privilege : role.get_array(field).value_or(bson::Array{})) {
        if (const auto* document = privilege.get_if<bson::Document>())
          for (std::string& reason : broad_grants(*document))
            if (!contains(reasons, reason)) reasons.push_back(std::move(reason));
      }
    }
    for (const Grant& grant : grants_in(role.get_array("roles")))
      if (is_administrative_builtin(grant)) reasons.push_back("inherits " + grant.name());
    if (reasons.empty()) continue;
    broad[name] = reasons;
    names.push_back(name + " (" + join(reasons) + ")");
  }
  json evidence = {{"custom_roles", custom}, {"too_broad", broad}};
  const ExternalAuthorization external = external_authorization(facts);
  if (!external.mapped.empty()) evidence["externally_mapped_roles"] = external.mapped;
  if (!names.empty()) {
    return {Status::fail, "custom roles grant more than their purpose needs: " + join(names),
            evidence};
  }
  const std::string judged =
      custom == 0 ? "no custom role is defined"
                  : std::to_string(custom) + " custom role(s) grant only scoped privileges";
  const CatalogueGaps gaps = catalogue_gaps(facts);
  if (!gaps.not_read.empty()) evidence["databases_not_read"] = gaps.not_read;
  if (gaps.not_asked() > 0) evidence["databases_not_asked"] = gaps.not_asked();
  if (gaps.first_refusal) {
    return incomplete(
        *gaps.first_refusal,
        judged + " among those read; the roles of " + join(gaps.not_read) + " were not read",
        evidence);
  }
  if (gaps.not_asked() > 0) {
    return {Status::skipped,
            judged + " among those read, but the roles of " + std::to_string(gaps.not_asked()) +
                " of the " + std::to_string(gaps.listed) +
                " databases listed were not read (at most 100 are asked)",
            evidence};
  }
  if (!gaps.ran() && !external.how.empty()) {
    return {Status::skipped,
            judged + " among the roles users hold, but with " + join(external.how) +
                " any role of admin may be granted, and the databases' roles were not listed "
                "(listDatabases)",
            evidence};
  }
  return {
      Status::pass,
      judged + (gaps.ran() ? "" : " (the roles users hold; the databases' roles were not listed)"),
      evidence};
}

// Built-in roles holding the user-administration actions (is_user_administration_action;
// builtin_roles.yml): userAdmin, and dbOwner through it, on their database; userAdminAnyDatabase
// and restore on every normal database; root through both; __system every privilege.
bool administers_users_builtin(const Grant& grant) {
  static const std::set<std::string_view> kRoles = {"userAdmin", "dbOwner", "userAdminAnyDatabase",
                                                    "restore",   "root",    "__system"};
  return kRoles.contains(grant.role);
}

// Custom roles (rolesInfo, showPrivileges: the server's own resolution of inheritance in
// inheritedPrivileges) and, by name@db, what of each `counts`: the actions of its privileges that
// counts(privilege, action) selects, each once, then "inherits <role>" for each role it holds
// that counts(grant) selects. Roles with nothing counted are left out.
template <typename Counts>
std::map<std::string, std::vector<std::string>> custom_roles_holding(const NodeFacts& facts,
                                                                     Counts counts) {
  std::map<std::string, std::vector<std::string>> found;
  for (const auto& [name, role] : custom_roles(facts)) {
    std::vector<std::string> actions;
    for (const char* field : {"privileges", "inheritedPrivileges"}) {
      for (const bson::Value& privilege : role.get_array(field).value_or(bson::Array{})) {
        const auto* document = privilege.get_if<bson::Document>();
        if (document == nullptr) continue;
        for (const std::string& action : string_elements(document->get_array("actions"))) {
          if (counts(*document, action) && !contains(actions, action)) actions.push_back(action);
        }
      }
    }
    auto inherited = grants_in(role.get_array("inheritedRoles"));
    for (const Grant& grant : grants_in(role.get_array("roles"))) inherited.push_back(grant);
    for (const Grant& grant : inherited)
      if (counts(grant)) actions.push_back("inherits " + grant.name());
    if (!actions.empty()) found[name] = actions;
  }
  return found;
}

// Custom roles and the user-administration actions each holds, or the built-in user
// administration roles it inherits, by name@db.
std::map<std::string, std::vector<std::string>> user_administering_custom_roles(
    const NodeFacts& facts) {
  struct Counts {
    bool operator()(const bson::Document&, const std::string& action) const {
      return is_user_administration_action(action);
    }
    bool operator()(const Grant& grant) const { return administers_users_builtin(grant); }
  };
  return custom_roles_holding(facts, Counts{});
}

// AUTHZ-005: accounts other than the declared administrators that can create users or roles,
// grant roles or set passwords, on any database (the business ones included), through a
// built-in or a custom role.
Verdict judge_user_administration(const NodeFacts& facts, const Policy& policy) {
  const Inventory seen = inventory(facts);
  if (seen.accounts.empty() && seen.missing) return *seen.missing;
  const auto custom = user_administering_custom_roles(facts);
  json holders = json::object();
  std::vector<std::string> undeclared;
  for (const auto& [account, grants] : seen.accounts) {
    if (policy.administrators && policy.administrators->contains(account)) continue;
    std::vector<std::string> reasons;
    for (const Grant& grant : grants) {
      if (administers_users_builtin(grant)) {
        reasons.push_back(grant.name());
      } else if (const auto role = custom.find(grant.name()); role != custom.end()) {
        reasons.push_back(grant.name() + " (" + join(role->second) + ")");
      }
    }
    if (reasons.empty()) continue;
    holders[account] = reasons;
    undeclared.push_back(account + ": " + join(reasons));
  }
  json evidence = {{"holders", holders}, {"scanning_account", seen.scanning_account}};
  evidence["declared_administrators"] =
      policy.administrators ? json(*policy.administrators) : json("none declared");
  // stig_literal: V-252154's check text makes any dbOwner a finding, an administrator's too.
  if (policy.stig_literal) {
    std::vector<std::string> owners;
    for (const auto& [account, grants] : seen.accounts)
      for (const Grant& grant : grants)
        if (grant.role == "dbOwner") owners.push_back(account + " (" + grant.name() + ")");
    evidence["db_owners"] = owners;
    if (!owners.empty()) {
      return {Status::fail,
              "dbOwner held by " + join(owners) +
                  ": the STIG's check text (V-252154) makes any dbOwner a finding (stig_literal)" +
                  (undeclared.empty() ? std::string()
                                      : "; user administration also held by accounts the policy "
                                        "does not name as administrators: " +
                                            join(undeclared, "; ")),
              evidence};
    }
  }
  if (!undeclared.empty() && !policy.administrators) {
    return {Status::warn,
            "user administration (createUser, grantRole...) held by " + join(undeclared, "; ") +
                "; no administrators are declared in the policy, so none can be told apart from "
                "an application account",
            evidence};
  }
  if (!undeclared.empty()) {
    return {Status::fail,
            "accounts the policy does not name as administrators can create users or grant "
            "roles: " +
                join(undeclared, "; "),
            evidence};
  }
  return clean_or_incomplete(seen,
                             "no account but the declared administrators can administer users "
                             "or roles",
                             evidence);
}

// What a built-in role lets its holder do to the structure of databases, or whether it watches
// every database's changes (src/mongo/db/auth/builtin_roles.yml): readWrite's readWriteRoleActions
// hold createCollection, createIndex, dropCollection, dropIndex, convertToCapped and
// renameCollectionSameDB on its database; dbAdmin adds collMod and dropDatabase; dbOwner inherits
// both; the any-database roles hold the same on every normal database, readAnyDatabase's and
// readWriteAnyDatabase's readRoleActions changeStream there too; restore holds createCollection,
// createIndex, dropCollection and collMod on every normal database; clusterAdmin dropDatabase;
// root inherits them all; __system is every privilege. read's changeStream on its own database is
// not counted: its holder already reads that database.
std::optional<std::string> builtin_structure_reach(const Grant& grant) {
  static const std::map<std::string_view, std::string_view> kReach = {
      {"readWrite", "creates and drops collections and indexes"},
      {"dbAdmin", "creates, changes and drops collections, indexes and the database"},
      {"dbOwner", "creates, changes and drops collections, indexes and the database"},
      {"readWriteAnyDatabase",
       "creates and drops collections and indexes everywhere; watches every database"},
      {"dbAdminAnyDatabase", "creates, changes and drops collections and databases everywhere"},
      {"readAnyDatabase", "watches every database (changeStream)"},
      {"restore", "creates, changes and drops collections everywhere"},
      {"clusterAdmin", "drops any database"},
      {"root", "every structural change; watches every database"},
      {"__system", "every privilege"}};
  const auto found = kReach.find(grant.role);
  if (found == kReach.end()) return std::nullopt;
  return std::string(found->second);
}

// changeStream on every database or the cluster: {db: ""}, {cluster: true} or anyResource.
bool watches_everything(const bson::Document& privilege, std::string_view action) {
  if (action != "changeStream") return false;
  const auto resource = privilege.get_document("resource").value_or(bson::Document{});
  return resource.get_bool("cluster") == true || resource.get_bool("anyResource") == true ||
         (resource.get_string("db") == "" && resource.get_string("collection") == "");
}

// Custom roles and the structure-changing actions, or changeStream on everything (on any
// resource with `any_change_stream`), each grants, by name@db.
std::map<std::string, std::vector<std::string>> structure_changing_custom_roles(
    const NodeFacts& facts, bool any_change_stream) {
  struct Counts {
    bool any_change_stream;
    bool operator()(const bson::Document& privilege, const std::string& action) const {
      return is_structure_action(action) || watches_everything(privilege, action) ||
             (any_change_stream && action == "changeStream");
    }
    bool operator()(const Grant&) const { return false; }
  };
  return custom_roles_holding(facts, Counts{any_change_stream});
}

// The accounts other than the declared administrators (and `exempt`) whose grants `reasons_for`
// names, judged as AUTHZ-001 judges administrative roles: warn when no administrators are
// declared, else fail.
template <typename Reasons>
Verdict judge_undeclared_holders(const NodeFacts& facts, const Policy& policy, Reasons reasons_for,
                                 std::string_view what, std::string pass_message,
                                 const std::set<std::string>& exempt = {}) {
  const Inventory seen = inventory(facts);
  if (seen.accounts.empty() && seen.missing) return *seen.missing;
  json holders = json::object();
  std::vector<std::string> undeclared;
  for (const auto& [account, grants] : seen.accounts) {
    if (policy.administrators && policy.administrators->contains(account)) continue;
    if (exempt.contains(account)) continue;
    const std::vector<std::string> reasons = reasons_for(grants);
    if (reasons.empty()) continue;
    holders[account] = reasons;
    undeclared.push_back(account + ": " + join(reasons));
  }
  json evidence = {{"holders", holders}, {"scanning_account", seen.scanning_account}};
  evidence["declared_administrators"] =
      policy.administrators ? json(*policy.administrators) : json("none declared");
  if (!exempt.empty()) evidence["also_allowed"] = exempt;
  if (!undeclared.empty() && !policy.administrators) {
    return {Status::warn,
            std::string(what) + " held by " + join(undeclared, "; ") +
                "; no administrators are declared in the policy, so none can be told apart from "
                "an application account",
            evidence};
  }
  if (!undeclared.empty()) {
    return {Status::fail,
            std::string(what) + " held by accounts the policy does not name as administrators: " +
                join(undeclared, "; "),
            evidence};
  }
  return clean_or_incomplete(seen, std::move(pass_message), evidence);
}

// AUTHZ-006: application accounts that can change the structure of databases (create, change or
// drop collections, indexes or databases) or watch every database's changes (with stig_literal,
// any database's: V-252174).
Verdict judge_structure_changes(const NodeFacts& facts, const Policy& policy) {
  const auto custom = structure_changing_custom_roles(facts, policy.stig_literal);
  return judge_undeclared_holders(
      facts, policy,
      [&](const std::vector<Grant>& grants) {
        std::vector<std::string> reasons;
        for (const Grant& grant : grants) {
          if (const auto reach = builtin_structure_reach(grant)) {
            reasons.push_back(grant.name() + " (" + *reach + ")");
          } else if (policy.stig_literal && grant.role == "read") {
            // read's readRoleActions hold changeStream on its database (builtin_roles.yml),
            // which V-252174's check text counts for a non-administrative user.
            reasons.push_back(grant.name() + " (changeStream on its database; stig_literal)");
          } else if (const auto role = custom.find(grant.name()); role != custom.end()) {
            reasons.push_back(grant.name() + " (" + join(role->second) + ")");
          }
        }
        return reasons;
      },
      "structure changes (createCollection, dropCollection, createIndex...) or change streams "
      "on every database",
      "no account but the declared administrators can change database structure or watch every "
      "database");
}

// Built-in roles that read the server log, getLog on the cluster (builtin_roles.yml):
// clusterMonitor's clusterMonitorRoleClusterActions, clusterAdmin and root through it, __system.
// They exist only on admin.
bool reads_server_log_builtin(const Grant& grant) {
  static const std::set<std::string_view> kRoles = {"clusterMonitor", "clusterAdmin", "root",
                                                    "__system"};
  return grant.db == "admin" && kRoles.contains(grant.role);
}

// Custom roles that read the server log: getLog, or anyAction on the cluster or anyResource,
// or a built-in role that reads it inherited; by name@db.
std::map<std::string, std::vector<std::string>> log_reading_custom_roles(const NodeFacts& facts) {
  struct Counts {
    bool operator()(const bson::Document& privilege, const std::string& action) const {
      if (action == "getLog") return true;
      const auto resource = privilege.get_document("resource").value_or(bson::Document{});
      return action == "anyAction" &&
             (resource.get_bool("cluster") == true || resource.get_bool("anyResource") == true);
    }
    bool operator()(const Grant& grant) const { return reads_server_log_builtin(grant); }
  };
  return custom_roles_holding(facts, Counts{});
}

// AUTHZ-009: only administrators read the server log, whose messages reveal more than clients
// see (STIG V-252169: application users must not hold getLog). Monitoring agents the policy
// lists (monitoring_accounts) may, and so may the scanning account, which reads the startup
// warnings with it (HARD-004); AUTHZ-001 judges its roles.
Verdict judge_log_readers(const NodeFacts& facts, const Policy& policy) {
  const auto custom = log_reading_custom_roles(facts);
  std::set<std::string> exempt = policy.monitoring_accounts;
  for (const auto& [account, grants] : scanning_accounts(facts)) exempt.insert(account);
  return judge_undeclared_holders(
      facts, policy,
      [&](const std::vector<Grant>& grants) {
        std::vector<std::string> reasons;
        for (const Grant& grant : grants) {
          if (reads_server_log_builtin(grant)) {
            reasons.push_back(grant.name() + " (getLog)");
          } else if (const auto role = custom.find(grant.name()); role != custom.end()) {
            reasons.push_back(grant.name() + " (" + join(role->second) + ")");
          }
        }
        return reasons;
      },
      "reading the server log (getLog)",
      "no account but the declared administrators and monitoring accounts can read the server "
      "log",
      exempt);
}

// AUTHZ-007: custom roles defined on the node (rolesInfo: 1 on each listed database) that no
// user holds, directly or through another role.
Verdict judge_unused_roles(const NodeFacts& facts) {
  const ExternalAuthorization external = external_authorization(facts);
  if (!external.how.empty()) {
    return {Status::skipped,
            join(external.how) +
                " is on: roles are granted through group membership or token claims the node "
                "does not show, so no role can be called unused" +
                (external.mapped.empty()
                     ? std::string()
                     : "; roles a group or claim reaches by name: " + join(external.mapped)),
            json{{"external_authorization", external.how},
                 {"externally_mapped_roles", external.mapped}}};
  }
  const Inventory seen = inventory(facts);
  if (seen.missing) return *seen.missing;
  // Every custom role defined, with the roles it inherits.
  const CatalogueGaps gaps = catalogue_gaps(facts);
  if (!gaps.ran()) {
    return {Status::skipped,
            "the custom roles of the node's databases were not listed (rolesInfo runs on each "
            "database listDatabases names; listDatabases needs the listDatabases action)"};
  }
  std::map<std::string, std::vector<std::string>> defined;
  for (const auto& [key, outcome] : facts.commands) {
    if (!key.starts_with("rolesInfo ")) continue;
    if (outcome.state != CommandOutcome::State::ok) continue;
    for (const bson::Value& value : outcome.reply.get_array("roles").value_or(bson::Array{})) {
      const auto* role = value.get_if<bson::Document>();
      if (role == nullptr || role->get_bool("isBuiltin") == true) continue;
      std::vector<std::string> inherited;
      for (const Grant& grant : grants_in(role->get_array("inheritedRoles")))
        inherited.push_back(grant.name());
      for (const Grant& grant : grants_in(role->get_array("roles")))
        inherited.push_back(grant.name());
      defined[role_name(*role)] = inherited;
    }
  }
  std::set<std::string> used;
  for (const auto& [account, grants] : seen.accounts) {
    for (const Grant& grant : grants) {
      used.insert(grant.name());
      if (const auto role = defined.find(grant.name()); role != defined.end())
        used.insert(role->second.begin(), role->second.end());
    }
  }
  std::vector<std::string> unused;
  for (const auto& [name, inherited] : defined)
    if (!used.contains(name)) unused.push_back(name);
  json evidence = {
      {"custom_roles", defined.size()}, {"unused", unused}, {"databases_listed", gaps.asked}};
  if (!gaps.not_read.empty()) evidence["databases_not_read"] = gaps.not_read;
  if (gaps.not_asked() > 0) evidence["databases_not_asked"] = gaps.not_asked();
  if (list_databases_scope(facts) != ListingScope::complete)
    evidence["databases_listing"] = "filtered or unknown";
  if (!unused.empty()) {
    return {Status::fail,
            "custom roles no user holds, directly or through another role: " + join(unused) +
                " (drop them, or they wait to be granted unreviewed)",
            evidence};
  }
  if (gaps.first_refusal) {
    return incomplete(
        *gaps.first_refusal,
        "every custom role read is held; the roles of " + join(gaps.not_read) + " were not read",
        evidence);
  }
  if (gaps.not_asked() > 0) {
    return {Status::skipped,
            "every custom role read is held, but the roles of " + std::to_string(gaps.not_asked()) +
                " of the " + std::to_string(gaps.listed) +
                " databases listed were not read (at most 100 are asked)",
            evidence};
  }
  if (evidence.contains("databases_listing")) {
    return {Status::skipped,
            "every custom role read is held, but " +
                partial_listing_note("databases", "listDatabases", "the cluster"),
            evidence};
  }
  return {Status::pass,
          defined.empty()
              ? "no custom role is defined"
              : "each of the " + std::to_string(defined.size()) + " custom roles is held by a user",
          evidence};
}

// Whether a set of authentication restriction documents limits where its user may connect from:
// at least one document, and every one with a clientSource that is not a catch-all range (a
// user may authenticate when any one document is satisfied, so one without clientSource lets
// every address in).
bool restricts_client_source(const bson::Array& documents) {
  if (documents.empty()) return false;
  for (const bson::Value& value : documents) {
    const auto* restriction = value.get_if<bson::Document>();
    if (restriction == nullptr) return false;
    const auto sources = string_elements(restriction->get_array("clientSource"));
    if (sources.empty()) return false;
    for (const std::string& source : sources)
      if (source == "0.0.0.0/0" || source == "::/0") return false;
  }
  return true;
}

// AUTHZ-008: every account holding an administrative role (AUTHZ-001's and AUTHZ-005's) is
// restricted to known client addresses (authenticationRestrictions' clientSource, its own or
// inherited from a role), from usersInfo by name with showAuthenticationRestrictions
// (User::reportForUsersInfo: authenticationRestrictions, an array of documents;
// inheritedAuthenticationRestrictions, one array per role).
Verdict judge_administrator_sources(const NodeFacts& facts) {
  const Inventory seen = inventory(facts);
  if (seen.missing) return *seen.missing;
  const std::set<std::string> custom_admin = administrative_custom_roles(facts);
  const auto custom_user_admin = user_administering_custom_roles(facts);
  std::vector<std::string> administrators;
  for (const auto& [account, grants] : seen.accounts) {
    for (const Grant& grant : grants) {
      if (is_administrative_builtin(grant) || administers_users_builtin(grant) ||
          custom_admin.contains(grant.name()) || custom_user_admin.contains(grant.name())) {
        administrators.push_back(account);
        break;
      }
    }
  }
  json evidence = {{"administrators", administrators}};
  if (administrators.empty()) {
    return {Status::pass, "no account holds an administrative role", evidence};
  }
  auto reply = command_reply(facts, "usersInfo authenticationRestrictions", "viewUser");
  if (auto* instead = std::get_if<Verdict>(&reply)) {
    instead->evidence.update(evidence);
    return *instead;
  }
  std::map<std::string, bool> restricted;
  for (const bson::Value& value :
       std::get<const bson::Document*>(reply)->get_array("users").value_or(bson::Array{})) {
    const auto* user = value.get_if<bson::Document>();
    if (user == nullptr) continue;
    bool limited = restricts_client_source(
        user->get_array("authenticationRestrictions").value_or(bson::Array{}));
    for (const bson::Value& set :
         user->get_array("inheritedAuthenticationRestrictions").value_or(bson::Array{})) {
      if (const auto* documents = set.get_if<bson::Array>())
        limited = limited || restricts_client_source(*documents);
    }
    restricted[account_name(*user)] = limited;
  }
  std::vector<std::string> open, unknown;
  for (const std::string& account : administrators) {
    const auto found = restricted.find(account);
    if (found == restricted.end()) {
      unknown.push_back(account);
    } else if (!found->second) {
      open.push_back(account);
    }
  }
  evidence["unrestricted"] = open;
  if (!unknown.empty()) evidence["not_reported"] = unknown;
  if (!open.empty()) {
    return {Status::fail,
            "administrators may log in from any address (no authenticationRestrictions "
            "clientSource): " +
                join(open),
            evidence};
  }
  if (!unknown.empty()) {
    return {Status::skipped,
            "the administrators reported are restricted by clientSource; " + join(unknown) +
                " were not reported (usersInfo by name asks for at most 200 users; a role an "
                "LDAP group or OIDC claim reaches carries its restrictions itself)",
            evidence};
  }
  return {Status::pass,
          "every administrator is restricted to known client addresses (clientSource)", evidence};
}

Verdict judge_system_databases(const NodeFacts& facts) {
  json business = json::object();
  std::vector<std::string> found;
  std::optional<Verdict> incomplete;
  std::vector<std::string> checked;
  std::vector<std::string> filtered;  // listed, but only as far as the account may see
  for (const char* db : {"admin", "config", "local"}) {
    const std::string key = std::string("listCollections ") + db;
    if (facts.commands.count(key) == 0 && std::string_view(db) == "local" && facts.hello &&
        facts.hello->get_string("msg") == "isdbgrid") {
      continue;  // mongos has no local database
    }
    auto reply = command_reply(facts, key, "listCollections");
    if (auto* instead = std::get_if<Verdict>(&reply)) {
      if (!incomplete) incomplete = *instead;
      continue;
    }
    checked.push_back(db);
    if (list_collections_scope(facts, db) != ListingScope::complete) filtered.push_back(db);
    const auto cursor = std::get<const bson::Document*>(reply)->get_document("cursor");
    std::vector<std::string> names;
    for (const bson::Value& value :
         cursor ? cursor->get_array("firstBatch").value_or(bson::Array{}) : bson::Array{}) {
      const auto* collection = value.get_if<bson::Document>();
      const auto name = collection ? collection->get_string("name") : std::nullopt;
      if (name && !is_system_collection(db, *name)) {
        names.push_back(*name);
        found.push_back(std::string(db) + "." + *name);
      }
    }
    if (!names.empty()) business[db] = names;
  }
  json evidence = {{"databases_checked", checked}, {"business_collections", business}};
  if (!filtered.empty()) evidence["filtered_listings"] = filtered;
  if (!found.empty()) {
    return {Status::fail,
            "application collections kept in system databases: " + join(found) +
                " (they escape per-database roles and backups of business data)",
            evidence};
  }
  if (incomplete) {
    incomplete->evidence.update(evidence);
    return *incomplete;
  }
  if (!filtered.empty()) {
    return {Status::skipped,
            "no application collection among those listed, but " +
                partial_listing_note("collections", "listCollections", join(filtered)),
            evidence};
  }
  return {Status::pass, "admin, config and local hold only MongoDB's own collections", evidence};
}

// STIG V-252140 and V-252163 share a title; both check texts find a user holding a role with
// privileges its documentation does not give it.
ControlReference stig_user_privileges(std::string id) {
  return {Framework::stig, std::move(id),
          "MongoDB must uniquely identify and authenticate non-organizational users (or processes "
          "acting on behalf of non-organizational users)."};
}

}  // namespace

const std::vector<CheckSpec>& authorization_specs() {
  static const std::vector<CheckSpec> specs = {
      {"AUTHZ-001",
       "Administrative roles only for declared administrators",
       Layer::authorization,
       Severity::high,
       {{Framework::devspec, "A3.5", "Authorization: least privilege"},
        {Framework::devspec, "A2.5",
         "No disabled authentication and no arbitrary public exposure in production"},
        {Framework::cis, "3.1", "Ensure least privilege for database accounts"},
        {Framework::cis, "3.2",
         "Ensure that role-based access control is enabled and configured appropriately"},
        {Framework::cis, "3.5", "Review Superuser/Admin Roles"},
        {Framework::stig, "V-252155",
         "The role(s)/group(s) used to modify database structure (including but not necessarily "
         "limited to tables, indexes, storage, etc.) and logic modules (stored procedures, "
         "functions, triggers, links to software external to MongoDB, etc.) must be restricted to "
         "authorized users."},
        stig_user_privileges("V-252140"),
        stig_user_privileges("V-252163"),
        {Framework::checklist, "rbac", "Configure Role-Based Access Control"}},
       "Give application and service accounts read or readWrite on their own database only; keep "
       "root, any-database and cluster roles to the named administrators and list them in the "
       "policy's administrators.",
       "Administrative roles (root, __system, any-database roles, clusterAdmin, "
       "clusterManager, hostManager, restore, dbOwner/userAdmin on admin, and custom roles "
       "inheriting them) held only by the accounts the policy names in `administrators` — "
       "judged for the scanning account and every user; with no list declared, holders warn."},
      {"AUTHZ-002",
       "Users scoped to one business database",
       Layer::authorization,
       Severity::medium,
       {{Framework::devspec, "A3.5", "Authorization: least privilege"},
        {Framework::devspec, "A2.5",
         "No disabled authentication and no arbitrary public exposure in production"},
        {Framework::cis, "3.1", "Ensure least privilege for database accounts"},
        stig_user_privileges("V-252140"),
        stig_user_privileges("V-252163"),
        {Framework::checklist, "rbac", "Configure Role-Based Access Control"},
        {Framework::cis, "3.2",
         "Ensure that role-based access control is enabled and configured appropriately"}},
       "Create one account per application and business database, and revoke roles on other "
       "databases (revokeRolesFromUser).",
       "No user's roles span more than one business database."},
      {"AUTHZ-003",
       "Custom roles without anyAction, anyResource, cluster-changing or every-database data "
       "privileges",
       Layer::authorization,
       Severity::high,
       {{Framework::cis, "3.2",
         "Ensure that role-based access control is enabled and configured appropriately"},
        {Framework::cis, "3.4",
         "Ensure that each role for each MongoDB database is needed and grants only the necessary "
         "privileges"},
        stig_user_privileges("V-252140"),
        stig_user_privileges("V-252163"),
        {Framework::checklist, "rbac", "Configure Role-Based Access Control"}},
       "Rewrite the custom role with the specific actions and databases its holders need "
       "(updateRole); read-only monitoring actions on the cluster are fine.",
       "No custom role the node defines (held or not: `rolesInfo` with privileges on each "
       "listed database) grants anyAction, anyResource, a state-changing action on the "
       "cluster, data actions (read, write or database management) on every database "
       "(`{db: \"\"}`, what readWriteAnyDatabase or dbAdminAnyDatabase reach), or inherits an "
       "administrative role."},
      {"AUTHZ-004",
       "No business data in admin, local or config",
       Layer::authorization,
       Severity::medium,
       {{Framework::devspec, "B.1", "No system database names for business data"}},
       "Move the collections to the application's own database; admin, local and config are for "
       "MongoDB's own data.",
       "Admin, config and local hold only MongoDB's own collections (the server's reserved "
       "namespaces); a listing the scanning account sees only part of is skipped, not "
       "passed."},
      {"AUTHZ-005",
       "Only declared administrators can administer users and roles",
       Layer::authorization,
       Severity::high,
       {{Framework::cis, "3.1", "Ensure least privilege for database accounts"},
        {Framework::cis, "3.4",
         "Ensure that each role for each MongoDB database is needed and grants only the necessary "
         "privileges"},
        {Framework::cis, "3.5", "Review Superuser/Admin Roles"},
        {Framework::stig, "V-252150",
         "MongoDB must enforce approved authorizations for logical access to information and "
         "system resources in accordance with applicable access control policies."},
        {Framework::stig, "V-252154",
         "Database objects (including but not limited to tables, indexes, storage, stored "
         "procedures, functions, triggers, links to software external to MongoDB, etc.) must be "
         "owned by database/DBMS principals authorized for ownership."},
        {Framework::devspec, "A3.5", "Authorization: least privilege"},
        {Framework::checklist, "rbac", "Configure Role-Based Access Control"},
        {Framework::cis, "3.2",
         "Ensure that role-based access control is enabled and configured appropriately"}},
       "Revoke dbOwner and userAdmin (on any database) and custom roles with createUser, "
       "grantRole or createRole from application accounts; give them readWrite or a CRUD-only "
       "role, and list the accounts that manage users in the policy's administrators.",
       "Only the accounts the policy names in `administrators` can administer users and "
       "roles: no other account holds dbOwner or userAdmin on any database (business ones "
       "included), userAdminAnyDatabase, restore, root, or a custom role with createUser, "
       "createRole, grantRole, revokeRole, dropUser, dropRole, changePassword, "
       "changeCustomData or setAuthenticationRestriction (from rolesInfo's "
       "`inheritedPrivileges`, the server's own resolution of inheritance); with no list "
       "declared, holders warn. With the policy's `stig_literal` (`--policy stig`), any "
       "dbOwner fails, a declared administrator's too (STIG V-252154's check text)."},
      {"AUTHZ-006",
       "Application accounts cannot change database structure or watch every database",
       Layer::authorization,
       Severity::medium,
       {{Framework::cis, "3.1", "Ensure least privilege for database accounts"},
        {Framework::cis, "3.4",
         "Ensure that each role for each MongoDB database is needed and grants only the necessary "
         "privileges"},
        {Framework::stig, "V-252155",
         "The role(s)/group(s) used to modify database structure (including but not necessarily "
         "limited to tables, indexes, storage, etc.) and logic modules (stored procedures, "
         "functions, triggers, links to software external to MongoDB, etc.) must be restricted to "
         "authorized users."},
        stig_user_privileges("V-252140"),
        stig_user_privileges("V-252163"),
        {Framework::stig, "V-252174",
         "MongoDB must prohibit user installation of logic modules (stored procedures, functions, "
         "triggers, views, etc.) without explicit privileged status."},
        {Framework::devspec, "A3.5", "Authorization: least privilege"},
        {Framework::cis, "3.2",
         "Ensure that role-based access control is enabled and configured appropriately"},
        {Framework::checklist, "rbac", "Configure Role-Based Access Control"}},
       "Give application accounts a custom role with find, insert, update and remove on their "
       "collections; create collections and indexes from a deployment account the policy lists "
       "in administrators.",
       "Only the declared administrators can change database structure (createCollection, "
       "dropCollection, createIndex, dropIndex, collMod, convertToCapped, "
       "renameCollectionSameDB, dropDatabase: readWrite, dbAdmin, dbOwner, the any-database "
       "roles, restore, root, or custom roles granting them) or watch every database "
       "(changeStream on `{db: \"\"}`, the cluster or anyResource, as readAnyDatabase "
       "grants); `read`'s change streams on its own database are not counted; with no list "
       "declared, holders warn. With the policy's `stig_literal` (`--policy stig`), "
       "changeStream on any resource counts, a `read` role's on its own database too (STIG "
       "V-252174's check text)."},
      {"AUTHZ-007",
       "Every custom role is held by someone",
       Layer::authorization,
       Severity::low,
       {{Framework::cis, "3.4",
         "Ensure that each role for each MongoDB database is needed and grants only the necessary "
         "privileges"},
        {Framework::checklist, "rbac", "Configure Role-Based Access Control"}},
       "Drop the custom roles nobody holds (dropRole), so that no unreviewed privileges wait to be "
       "granted.",
       "Every custom role defined on the node (`rolesInfo: 1` on each listed database, at "
       "most 100; the rest are counted) is held by a user, directly or through another role; "
       "a database whose roles could not be read, or a filtered database listing, makes it "
       "skipped rather than passed; with LDAP authorization "
       "(`security.ldap.authz.queryTemplate`) or OIDC authorization claims on, no role is "
       "called unused (groups and claims grant them), and the roles they reach by name (a "
       "DN, or `<authNamePrefix>/…`, in admin) are judged by AUTHZ-001, -003, -005, -006, "
       "-008 and -009 as accounts of their own."},
      {"AUTHZ-008",
       "Administrators restricted to known client addresses",
       Layer::authorization,
       Severity::medium,
       {{Framework::cis, "3.5", "Review Superuser/Admin Roles"},
        {Framework::stig, "V-252150",
         "MongoDB must enforce approved authorizations for logical access to information and "
         "system resources in accordance with applicable access control policies."},
        {Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Give each administrative account authenticationRestrictions with the clientSource "
       "addresses of the administrators' hosts (updateUser, or on a role they hold).",
       "Every account holding an administrative role (AUTHZ-001's or AUTHZ-005's) has "
       "`authenticationRestrictions` limiting `clientSource` (its own, or inherited from a "
       "role); every restriction document must name a clientSource (a user may log in when "
       "any one is satisfied), and `0.0.0.0/0` or `::/0` counts as none."},
      {"AUTHZ-009",
       "Only administrators and monitoring accounts read the server log",
       Layer::authorization,
       Severity::low,
       {{Framework::cis, "3.1", "Ensure least privilege for database accounts"},
        {Framework::stig, "V-252169",
         "MongoDB must reveal detailed error messages only to the ISSO, ISSM, SA, and DBA."},
        {Framework::cis, "3.2",
         "Ensure that role-based access control is enabled and configured appropriately"},
        {Framework::checklist, "rbac", "Configure Role-Based Access Control"}},
       "Revoke clusterMonitor and custom roles with getLog from application accounts; list the "
       "monitoring agents that need them in the policy's monitoring_accounts.",
       "Nobody but the policy's `administrators` and `monitoring_accounts` can read the "
       "server log (`getLog`, STIG V-252169): `clusterMonitor`, `clusterAdmin`, `root`, "
       "`__system`, or a custom role with `getLog`, `anyAction` on the cluster or one of "
       "those roles inherited; the scanning account is exempt (it reads the startup warnings "
       "for HARD-004); holders warn when no administrators are declared."},
  };
  return specs;
}

std::vector<Finding> check_authorization(const NodeFacts& facts, const Policy& policy) {
  const auto& specs = authorization_specs();
  const Subject subject = Subject::node(facts.address());
  return {make_finding(specs[0], policy, subject, judge_administrators(facts, policy)),
          make_finding(specs[1], policy, subject, judge_database_scope(facts)),
          make_finding(specs[2], policy, subject, judge_custom_roles(facts)),
          make_finding(specs[3], policy, subject, judge_system_databases(facts)),
          make_finding(specs[4], policy, subject, judge_user_administration(facts, policy)),
          make_finding(specs[5], policy, subject, judge_structure_changes(facts, policy)),
          make_finding(specs[6], policy, subject, judge_unused_roles(facts)),
          make_finding(specs[7], policy, subject, judge_administrator_sources(facts)),
          make_finding(specs[8], policy, subject, judge_log_readers(facts, policy))};
}

}  // namespace mongoscan
