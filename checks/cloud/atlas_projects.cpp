#include "checks/cloud/atlas_projects.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "checks/cloud/atlas_reads.h"
#include "checks/infrastructure/port_exposure.h"
#include "checks/server/audit_filter_verdict.h"
#include "checks/server/authorization.h"
#include "checks/server/privileged_roles.h"
#include "checks/text_list.h"
#include "checks/verdict.h"

namespace mongoscan {
namespace {

using nlohmann::json;

enum AtlasProjectSpec {
  kAtlasAccessListSpec = 0,
  kAtlasAccessCommentsSpec = 1,
  kAtlasAuditingSpec = 2,
  kAtlasDatabaseUsersSpec = 3,
  kAtlasUserScopeSpec = 4
};

constexpr std::string_view kAtlasAccessListCall = "GET /groups/{groupId}/accessList";
constexpr std::string_view kAtlasPrivateEndpointsCall =
    "GET /groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService";
constexpr std::string_view kAtlasPeeringCall = "GET /groups/{groupId}/peers";
constexpr std::string_view kAtlasAuditLogCall = "GET /groups/{groupId}/auditLog";
constexpr std::string_view kAtlasDatabaseUsersCall = "GET /groups/{groupId}/databaseUsers";
constexpr std::string_view kAtlasCustomRolesCall = "GET /groups/{groupId}/customDBRoles/roles";

// What an access list entry admits, as the API names it: its CIDR block, address or AWS security
// group (exactly one is set).
std::string atlas_entry_source(const AtlasAccessEntry& entry) {
  if (!entry.cidr_block.empty()) return entry.cidr_block;
  if (!entry.ip_address.empty()) return entry.ip_address;
  return entry.aws_security_group;
}

std::string_view atlas_entry_kind(const AtlasAccessEntry& entry) {
  if (!entry.cidr_block.empty()) return "cidrBlock";
  if (!entry.ip_address.empty()) return "ipAddress";
  return "awsSecurityGroup";
}

// "203.0.113.0/24", or "203.0.113.7 (until 2026-12-01T00:00:00Z)" for a temporary entry.
std::string atlas_entry_label(const AtlasAccessEntry& entry) {
  const std::string source = atlas_entry_source(entry);
  return entry.delete_after.empty() ? source : source + " (until " + entry.delete_after + ")";
}

json atlas_entries_json(const std::vector<AtlasAccessEntry>& entries) {
  json listed = json::array();
  for (const AtlasAccessEntry& entry : entries) {
    listed.push_back({{"source", atlas_entry_source(entry)},
                      {"kind", atlas_entry_kind(entry)},
                      {"comment", entry.comment},
                      {"deleteAfterDate", entry.delete_after}});
  }
  return listed;
}

// An ipAddress entry of the unspecified address (0.0.0.0, ::) names no client; it is read as any
// address, as the tools that write it mean it and as Prowler's check reads it.
bool atlas_unspecified_address(const AtlasAccessEntry& entry) {
  return entry.ip_address == "0.0.0.0" || entry.ip_address == "::";
}

// "3", or "not read (CALL): message" for a count the API did not give.
json atlas_count_json(const CloudAccountFacts& account, const AtlasProject& project,
                      const std::optional<std::size_t>& count, std::string_view call,
                      std::string_view part) {
  if (count) return *count;
  return atlas_not_read(account, call, project.id, part).message;
}

// ATLAS-001: no entry admits any address or a public range wider than the policy's prefixes
// (CLOUD-002's rule, policy.exposure); an AWS security group is a named source. An empty list
// passes: Atlas then admits no public address, only private endpoints and network peering.
Verdict judge_atlas_access_list(const CloudAccountFacts& account, const AtlasProject& project,
                                const Policy& policy) {
  if (!project.access_list) {
    return atlas_not_read(account, kAtlasAccessListCall, project.id, "the IP access list was");
  }
  std::vector<std::string> anywhere, wide, named;
  for (const AtlasAccessEntry& entry : *project.access_list) {
    const std::string label = atlas_entry_label(entry);
    if (!entry.aws_security_group.empty()) {
      named.push_back(label);
    } else if (atlas_unspecified_address(entry)) {
      anywhere.push_back(label);
    } else {
      const PublicSources open = public_sources({atlas_entry_source(entry)}, policy.exposure);
      (!open.anywhere.empty() ? anywhere : !open.wide.empty() ? wide : named).push_back(label);
    }
  }
  const json evidence = {
      {"entries", atlas_entries_json(*project.access_list)},
      {"private_endpoint_services",
       atlas_count_json(account, project, project.private_endpoint_services,
                        kAtlasPrivateEndpointsCall, "the private endpoints were")},
      {"peering_connections",
       atlas_count_json(account, project, project.peering_connections, kAtlasPeeringCall,
                        "the network peering connections were")}};
  if (!anywhere.empty()) {
    return {Status::fail, "the IP access list admits any address: " + join(anywhere), evidence};
  }
  if (!wide.empty()) {
    return {Status::fail,
            "the IP access list admits public ranges wider than the policy allows: " + join(wide),
            evidence};
  }
  if (named.empty()) {
    return {Status::pass,
            "the IP access list is empty: no address on the internet reaches the project's "
            "clusters, only private endpoints and network peering do",
            evidence};
  }
  return {Status::pass, "the IP access list admits only named sources: " + join(named), evidence};
}

// ATLAS-002: every permanent entry has a comment saying whom it admits; temporary entries
// (deleteAfterDate) expire by themselves and are shown.
Verdict judge_atlas_access_comments(const CloudAccountFacts& account, const AtlasProject& project) {
  if (!project.access_list) {
    return atlas_not_read(account, kAtlasAccessListCall, project.id, "the IP access list was");
  }
  std::vector<std::string> uncommented, temporary;
  for (const AtlasAccessEntry& entry : *project.access_list) {
    if (!entry.delete_after.empty()) {
      temporary.push_back(atlas_entry_label(entry));
    } else if (entry.comment.empty()) {
      uncommented.push_back(atlas_entry_source(entry));
    }
  }
  const json evidence = {{"entries", atlas_entries_json(*project.access_list)},
                         {"permanent_without_comment", uncommented},
                         {"temporary", temporary}};
  const std::string temporaries =
      temporary.empty() ? std::string() : "; temporary entries: " + join(temporary);
  if (!uncommented.empty()) {
    return {Status::warn,
            "permanent entries without a comment, so nobody can tell whom they admit: " +
                join(uncommented) + temporaries,
            evidence};
  }
  if (project.access_list->empty()) {
    return {Status::pass, "the IP access list has no entry", evidence};
  }
  return {Status::pass, "every permanent entry says whom it admits" + temporaries, evidence};
}

// ATLAS-007: database auditing is on (AuditLog.enabled); its filter (auditFilter) is judged as
// HARD-005 judges auditLog.filter, and successful authorizations (auditAuthorizationSuccess) as
// HARD-014 judges them, where the policy's audit_authorization_success asks for them. The
// auditLog path needs the Project Owner role.
Verdict judge_atlas_auditing(const CloudAccountFacts& account, const AtlasProject& project,
                             const Policy& policy) {
  if (!project.auditing) {
    Verdict unread = atlas_not_read(account, kAtlasAuditLogCall, project.id,
                                    "the database auditing configuration was");
    unread.message += "; the path needs the Project Owner role (GROUP_OWNER)";
    return unread;
  }
  const AtlasAuditing& auditing = *project.auditing;
  json evidence = {{"enabled", auditing.enabled},
                   {"auditFilter", auditing.filter.empty() ? json(nullptr) : json(auditing.filter)},
                   {"auditAuthorizationSuccess", auditing.audit_authorization_success},
                   {"policy.audit_authorization_success", policy.audit_authorization_success}};
  if (!auditing.enabled) {
    return {Status::fail,
            "database auditing is off: authentication, authorization and schema changes leave no "
            "trail",
            evidence};
  }
  Verdict filter =
      auditing.filter.empty()
          ? Verdict{Status::pass, "no auditFilter: every auditable event is recorded", evidence}
          : audit_filter_verdict(auditing.filter, "auditFilter", evidence);
  if (!policy.audit_authorization_success || auditing.audit_authorization_success) {
    filter.message =
        "auditing is on; " + filter.message +
        (policy.audit_authorization_success ? "; successful authorizations are audited too "
                                              "(auditAuthorizationSuccess)"
                                            : "");
    return filter;
  }
  // The policy asks for successful authorizations and they are not audited: HARD-014's failure,
  // with what the filter's judgement found beside it.
  return {Status::fail,
          "only authorization failures are audited: auditAuthorizationSuccess is false, so reads "
          "and writes that succeed leave no audit record" +
              (filter.status == Status::pass ? std::string() : "; " + filter.message),
          std::move(filter.evidence)};
}

// Atlas's built-in database user roles (DatabaseUserRole.roleName's documented values); any other
// name a user is granted is a custom role of the project.
bool atlas_builtin_role(std::string_view role) {
  static const std::set<std::string_view> kRoles = {
      "atlasAdmin",     "backup", "clusterMonitor",  "dbAdmin",   "dbAdminAnyDatabase",
      "enableSharding", "read",   "readAnyDatabase", "readWrite", "readWriteAnyDatabase"};
  return kRoles.contains(role);
}

// AUTHZ-001's administrative built-ins, atlasAdmin (Atlas's role that holds readWriteAnyDatabase,
// dbAdminAnyDatabase, clusterMonitor and more), and every role that reaches every database
// (*AnyDatabase, readAnyDatabase included).
bool atlas_administrative_role(std::string_view role, std::string_view database) {
  return role == "atlasAdmin" || role.ends_with("AnyDatabase") ||
         is_administrative_builtin(role, database);
}

// The custom roles that are administrative, by name, with why: inheriting an administrative role
// (built-in or custom), or granting user-administration actions (AUTHZ-005's).
std::map<std::string, std::vector<std::string>> atlas_administrative_custom_roles(
    const std::vector<AtlasCustomRole>& roles) {
  std::map<std::string, std::vector<std::string>> administrative;
  for (const AtlasCustomRole& role : roles) {
    std::vector<std::string> reasons;
    for (const AtlasRoleGrant& inherited : role.inherited)
      if (atlas_administrative_role(inherited.role, inherited.database))
        reasons.push_back("inherits " + inherited.role + "@" + inherited.database);
    for (const std::string& action : role.actions)
      if (is_user_administration_action(action)) reasons.push_back("grants " + action);
    if (!reasons.empty()) administrative[role.name] = std::move(reasons);
  }
  // A role inheriting an administrative custom role is one too, however deep.
  for (bool grew = true; grew;) {
    grew = false;
    for (const AtlasCustomRole& role : roles) {
      if (administrative.contains(role.name)) continue;
      for (const AtlasRoleGrant& inherited : role.inherited) {
        if (!administrative.contains(inherited.role)) continue;
        administrative[role.name] = {"inherits custom role " + inherited.role};
        grew = true;
        break;
      }
    }
  }
  return administrative;
}

// Custom roles granting actions that change database structure (AUTHZ-006's), by name.
json atlas_structure_changing_roles(const std::vector<AtlasCustomRole>& roles) {
  json changing = json::object();
  for (const AtlasCustomRole& role : roles) {
    std::vector<std::string> actions;
    for (const std::string& action : role.actions)
      if (is_structure_action(action)) actions.push_back(action);
    if (!actions.empty()) changing[role.name] = actions;
  }
  return changing;
}

// ATLAS-008: administrative roles only for the accounts the policy names, judged as AUTHZ-001
// judges a node's users ("user@database"): without declared administrators a holder warns, with
// them an undeclared holder fails. Users without scopes reach every cluster of the project.
Verdict judge_atlas_database_users(const CloudAccountFacts& account, const AtlasProject& project,
                                   const Policy& policy) {
  if (!project.database_users) {
    return atlas_not_read(account, kAtlasDatabaseUsersCall, project.id, "the database users were");
  }
  const auto administrative_custom = project.custom_roles
                                         ? atlas_administrative_custom_roles(*project.custom_roles)
                                         : std::map<std::string, std::vector<std::string>>{};
  json holders = json::object();
  std::vector<std::string> undeclared, unscoped, unjudged_roles;
  for (const AtlasDatabaseUser& user : *project.database_users) {
    const std::string name = user.username + "@" + user.database;
    if (user.scopes.empty()) unscoped.push_back(name);
    std::vector<std::string> roles;
    for (const AtlasRoleGrant& grant : user.roles) {
      const std::string granted = grant.role + "@" + grant.database;
      if (atlas_administrative_role(grant.role, grant.database) ||
          administrative_custom.contains(grant.role)) {
        roles.push_back(granted);
      } else if (!project.custom_roles && !atlas_builtin_role(grant.role)) {
        unjudged_roles.push_back(name + " " + granted);
      }
    }
    if (roles.empty()) continue;
    holders[name] = roles;
    if (!policy.administrators || !policy.administrators->contains(name))
      undeclared.push_back(name);
  }
  json custom = json::object();
  for (const auto& [role, reasons] : administrative_custom) custom[role] = reasons;
  json evidence = {{"users_judged", project.database_users->size()},
                   {"holders", holders},
                   {"unscoped_users", unscoped},
                   {"administrative_custom_roles", custom},
                   {"declared_administrators",
                    policy.administrators ? json(*policy.administrators) : json("none declared")}};
  if (project.custom_roles) {
    evidence["custom_roles_changing_structure"] =
        atlas_structure_changing_roles(*project.custom_roles);
  } else {
    evidence["custom_roles"] =
        atlas_not_read(account, kAtlasCustomRolesCall, project.id, "the custom roles were").message;
  }
  if (auto verdict = undeclared_administrators_verdict(undeclared, policy, evidence))
    return *verdict;
  if (!unjudged_roles.empty()) {
    Verdict unread = atlas_not_read(account, kAtlasCustomRolesCall, project.id,
                                    "the custom roles were", evidence);
    unread.message += "; these grants were not judged: " + join(unjudged_roles);
    return unread;
  }
  return {Status::pass,
          holders.empty() ? std::string("no database user holds an administrative role")
                          : "only the declared administrators hold administrative roles",
          evidence};
}

// ATLAS-016: each database user's roles stay within one business database, as AUTHZ-002 judges a
// node's users (fail); where the project has several clusters, a user without scopes reaches
// every one of them (warn).
Verdict judge_atlas_user_scope(const CloudAccountFacts& account, const AtlasProject& project) {
  if (!project.database_users) {
    return atlas_not_read(account, kAtlasDatabaseUsersCall, project.id, "the database users were");
  }
  json spanning = json::object();
  std::vector<std::string> accounts, unscoped;
  for (const AtlasDatabaseUser& user : *project.database_users) {
    const std::string name = user.username + "@" + user.database;
    if (user.scopes.empty()) unscoped.push_back(name);
    std::set<std::string> databases;
    for (const AtlasRoleGrant& grant : user.roles)
      if (grant.database != "admin" && grant.database != "local" && grant.database != "config")
        databases.insert(grant.database);
    if (databases.size() < 2) continue;
    const std::vector<std::string> listed(databases.begin(), databases.end());
    spanning[name] = listed;
    accounts.push_back(name + " (" + join(listed) + ")");
  }
  json evidence = {{"users_judged", project.database_users->size()},
                   {"spanning", spanning},
                   {"unscoped_users", unscoped}};
  if (project.clusters) evidence["clusters"] = project.clusters->size();
  if (!accounts.empty()) {
    return {Status::fail, "users with roles on more than one business database: " + join(accounts),
            evidence};
  }
  if (!unscoped.empty() && project.clusters && project.clusters->size() > 1) {
    return {Status::warn,
            "users without scopes reach every one of the project's " +
                std::to_string(project.clusters->size()) + " clusters: " + join(unscoped),
            evidence};
  }
  if (!unscoped.empty() && !project.clusters) {
    return {Status::warn,
            "every user's roles stay within one business database, but the clusters were not "
            "listed, so whether these users without scopes reach several is unknown: " +
                join(unscoped),
            evidence};
  }
  return {Status::pass,
          "every user's roles stay within one business database" +
              std::string(unscoped.empty() ? ", and each user is scoped to its clusters"
                                           : "; the project has one cluster, so scopes change "
                                             "nothing yet"),
          evidence};
}

}  // namespace

const std::vector<CheckSpec>& atlas_project_specs() {
  static const std::vector<CheckSpec> specs = {
      {"ATLAS-001",
       "An Atlas project's IP access list admits only named sources",
       Layer::network,
       Severity::high,
       {{Framework::devspec, "A3.1", "Network: public exposure surface"},
        {Framework::devspec, "A3.2", "Network: security group policy"},
        {Framework::devspec, "A2.5",
         "No disabled authentication and no arbitrary public exposure in production"},
        {Framework::checklist, "network-exposure", "Limit Network Exposure"},
        {Framework::prowler, "projects_network_access_list_exposed_to_internet",
         "MongoDB Atlas project network access list has entries and excludes 0.0.0.0/0, ::/0, "
         "0.0.0.0, and ::"}},
       "Replace 0.0.0.0/0, ::/0 and wide public ranges in the project's IP access list with the "
       "addresses or AWS security groups of the clients, or reach the clusters through private "
       "endpoints or network peering and empty the list.",
       "Atlas (subject `atlas:PROJECT_ID`): the project's IP access list (`GET "
       "/groups/{groupId}/accessList`) admits only named sources: a `cidrBlock` of "
       "`0.0.0.0/0` or `::/0`, or an `ipAddress` of `0.0.0.0` or `::`, fails (temporary "
       "entries too), and so does a public range wider than the policy's `exposure` prefixes "
       "outside its `allowed_sources` (CLOUD-002's rule); an AWS security group is a named "
       "source; an empty list passes (no public address reaches the clusters, only private "
       "endpoints and peering, whose counts are in the evidence) — high; mirrors Prowler's "
       "`projects_network_access_list_exposed_to_internet`, which fails an empty list."},
      {"ATLAS-002",
       "An Atlas project's permanent access list entries say whom they admit",
       Layer::network,
       Severity::low,
       {{Framework::devspec, "A3.2", "Network: security group policy"},
        {Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Give every permanent IP access list entry a comment naming the client it admits, and add "
       "entries for short-lived needs as temporary ones (deleteAfterDate).",
       "Atlas: every permanent access list entry has a comment saying whom it admits (warns "
       "naming those without); temporary entries (`deleteAfterDate`) expire by themselves "
       "and are listed — low."},
      {"ATLAS-007",
       "An Atlas project audits database activity with a filter that keeps authentication, "
       "authorization failures, user and role changes and DDL",
       Layer::hardening,
       Severity::medium,
       {{Framework::cis, "5.1", "Ensure that system activity is audited"},
        {Framework::cis, "5.2", "Ensure that audit filters are configured properly"},
        {Framework::stig, "V-252134",
         "MongoDB must provide audit record generation for DoD-defined auditable events within all "
         "DBMS/database components."},
        {Framework::checklist, "audit", "Audit System Activity"},
        {Framework::prowler, "projects_auditing_enabled", "Ensure database auditing is enabled"}},
       "Turn on database auditing for the project with a filter that keeps authenticate, "
       "authCheck failures, the user and role commands and the DDL events (and "
       "auditAuthorizationSuccess where the policy asks for it).",
       "Atlas: database auditing on for the project (`GET /groups/{groupId}/auditLog`, which "
       "needs the Project Owner role); off fails; its `auditFilter` is judged as HARD-005 "
       "judges `auditLog.filter`, and `auditAuthorizationSuccess` as HARD-014 judges it "
       "where the policy's `audit_authorization_success` is true — medium."},
      {"ATLAS-008",
       "Administrative roles of an Atlas project's database users only for declared "
       "administrators",
       Layer::authorization, Severity::high, references_of(authorization_specs(), "AUTHZ-001"),
       "Give application users readWrite on their own database and scope them to their clusters; "
       "keep atlasAdmin, the any-database roles and administrative custom roles to the named "
       "administrators and list them (user@database) in the policy's administrators.",
       "Atlas: database users (`user@database`) holding `atlasAdmin`, an any-database role "
       "or AUTHZ-001's administrative roles, directly or through a custom role that inherits "
       "one or grants user administration, are the policy's `administrators` (warn when none "
       "are declared, fail otherwise, as AUTHZ-001); users without scopes (every cluster) "
       "and custom roles that change structure are in the evidence; a role that may be "
       "custom is an error while the custom roles were not read — high."},
      {"ATLAS-016",
       "An Atlas project's database users are scoped to one business database and to their "
       "clusters",
       Layer::authorization, Severity::medium, references_of(authorization_specs(), "AUTHZ-002"),
       "Give each application its own database user with roles on its one business database, and "
       "scope every user to the clusters it uses (scopes CLUSTER:name).",
       "Atlas: the project's database users, whatever way they authenticate, are judged as "
       "AUTHZ-002 judges a node's: roles on more than one business database fail; in a "
       "project of several clusters, users without scopes (`scopes` `CLUSTER:name`) reach "
       "every cluster and warn — medium."},
  };
  return specs;
}

std::vector<Finding> check_atlas_projects(const CloudAccountFacts& account, const Policy& policy) {
  const auto& specs = atlas_project_specs();
  std::vector<Finding> findings = atlas_unlisted_projects(account, specs, policy);
  for (const AtlasProject& project : account.projects) {
    const Subject subject = atlas_project_subject(project);
    findings.push_back(make_finding(specs[kAtlasAccessListSpec], policy, subject,
                                    judge_atlas_access_list(account, project, policy)));
    findings.push_back(make_finding(specs[kAtlasAccessCommentsSpec], policy, subject,
                                    judge_atlas_access_comments(account, project)));
    findings.push_back(make_finding(specs[kAtlasAuditingSpec], policy, subject,
                                    judge_atlas_auditing(account, project, policy)));
    findings.push_back(make_finding(specs[kAtlasDatabaseUsersSpec], policy, subject,
                                    judge_atlas_database_users(account, project, policy)));
    findings.push_back(make_finding(specs[kAtlasUserScopeSpec], policy, subject,
                                    judge_atlas_user_scope(account, project)));
  }
  return findings;
}

}  // namespace mongoscan
