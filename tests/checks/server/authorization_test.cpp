#include "checks/server/authorization.h"

#include <gtest/gtest.h>

#include "tests/checks/node_facts_fixture.h"
#include "tests/checks/uri_target_fixture.h"

namespace mongoscan {
namespace authorization_test {
namespace {

using check_test::answered;
using check_test::connection_status;
using check_test::every_privilege;
using check_test::failed;
using check_test::finding_for;
using check_test::reachable_node;
using check_test::refused;

bson::Document role(const char* name, const char* db) {
  return bson::Document{{"role", name}, {"db", db}};
}

bson::Document user(const char* name, bson::Array roles) {
  return bson::Document{{"user", name}, {"db", "admin"}, {"roles", std::move(roles)}};
}

CommandOutcome users(bson::Array list) {
  return answered(bson::Document{{"users", std::move(list)}, {"ok", 1.0}});
}

// connectionStatus for the scanning account auditor@admin holding `roles`.
CommandOutcome scanning_as(bson::Array roles) {
  return answered(bson::Document{
      {"authInfo",
       bson::Document{{"authenticatedUsers",
                       bson::Array{bson::Document{{"user", "auditor"}, {"db", "admin"}}}},
                      {"authenticatedUserRoles", std::move(roles)}}},
      {"ok", 1.0}});
}

NodeFacts node_with_users(bson::Array list) {
  NodeFacts facts = reachable_node();
  facts.commands["connectionStatus"] = scanning_as({role("clusterMonitor", "admin")});
  facts.commands["usersInfo"] = users(std::move(list));
  return facts;
}

Finding judge(const NodeFacts& facts, std::string_view id, const Policy& policy = {}) {
  return finding_for(check_authorization(facts, policy), id);
}

Policy declaring(std::set<std::string> administrators) {
  Policy policy;
  policy.administrators = std::move(administrators);
  return policy;
}

TEST(Administrators, UndeclaredHoldersWarnWithoutAPolicyAndFailWithOne) {
  const NodeFacts facts = node_with_users({user("admin", {role("root", "admin")}),
                                           user("app", {role("readWrite", "shop")}),
                                           user("ops", {role("userAdmin", "admin")})});
  const Finding undeclared = judge(facts, "AUTHZ-001");
  EXPECT_EQ(undeclared.status, Status::warn);
  EXPECT_NE(undeclared.message.find("admin@admin, ops@admin"), std::string::npos);
  EXPECT_EQ(undeclared.evidence["holders"]["admin@admin"][0], "root@admin");
  EXPECT_FALSE(undeclared.evidence["holders"].contains("app@admin"));

  const Finding partly = judge(facts, "AUTHZ-001", declaring({"admin@admin"}));
  EXPECT_EQ(partly.status, Status::fail);
  EXPECT_NE(partly.message.find("ops@admin"), std::string::npos);
  EXPECT_EQ(partly.message.find("admin@admin"), std::string::npos);

  EXPECT_EQ(judge(facts, "AUTHZ-001", declaring({"admin@admin", "ops@admin"})).status,
            Status::pass);
}

TEST(Administrators, DbOwnerCountsOnlyOnAdmin) {
  const NodeFacts facts = node_with_users({user("app", {role("dbOwner", "shop")})});
  EXPECT_EQ(judge(facts, "AUTHZ-001", declaring({})).status, Status::pass);
  const NodeFacts on_admin = node_with_users({user("app", {role("dbOwner", "admin")})});
  EXPECT_EQ(judge(on_admin, "AUTHZ-001", declaring({})).status, Status::fail);
}

TEST(Administrators, CustomRoleInheritingRootCounts) {
  NodeFacts facts = node_with_users({user("svc", {role("superOps", "admin")})});
  facts.commands["rolesInfo"] = answered(bson::Document{
      {"roles", bson::Array{bson::Document{{"role", "superOps"},
                                           {"db", "admin"},
                                           {"isBuiltin", false},
                                           {"roles", bson::Array{role("root", "admin")}}}}},
      {"ok", 1.0}});
  const Finding finding = judge(facts, "AUTHZ-001", declaring({}));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["holders"]["svc@admin"][0], "superOps@admin");
}

TEST(Administrators, TheScanningAccountIsJudgedWhenUsersAreNotVisible) {
  NodeFacts facts = reachable_node();
  facts.commands["connectionStatus"] = scanning_as({role("root", "admin")});
  facts.commands["usersInfo"] = refused();
  EXPECT_EQ(judge(facts, "AUTHZ-001", declaring({})).status, Status::fail);

  facts.commands["connectionStatus"] = scanning_as({role("clusterMonitor", "admin")});
  const Finding incomplete = judge(facts, "AUTHZ-001", declaring({}));
  EXPECT_EQ(incomplete.status, Status::skipped) << "never pass without the user inventory";
  EXPECT_EQ(incomplete.evidence["needs"], "viewUser");
  EXPECT_NE(incomplete.message.find("auditor@admin"), std::string::npos);
}

TEST(Administrators, NothingVisibleIsAnError) {
  NodeFacts facts = reachable_node();
  facts.commands["usersInfo"] = failed("connection reset");
  EXPECT_EQ(judge(facts, "AUTHZ-001").status, Status::error);
}

TEST(DatabaseScope, RolesOnTwoBusinessDatabasesFail) {
  const NodeFacts facts = node_with_users(
      {user("app", {role("readWrite", "shop"), role("read", "billing"), role("read", "admin")}),
       user("report", {role("read", "shop"), role("readWrite", "shop")})});
  const Finding finding = judge(facts, "AUTHZ-002");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("app@admin (billing, shop)"), std::string::npos);
  EXPECT_EQ(finding.message.find("report@admin"), std::string::npos);
}

TEST(DatabaseScope, OneDatabaseEachPasses) {
  const NodeFacts facts = node_with_users(
      {user("app", {role("readWrite", "shop")}), user("admin", {role("root", "admin")})});
  const Finding finding = judge(facts, "AUTHZ-002");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_EQ(finding.evidence["users_judged"], 3);  // auditor from connectionStatus too
}

bson::Document custom_role(const char* name, bson::Array privileges, bson::Array roles = {}) {
  return bson::Document{{"role", name},
                        {"db", "admin"},
                        {"isBuiltin", false},
                        {"roles", std::move(roles)},
                        {"privileges", std::move(privileges)}};
}

bson::Document privilege(bson::Document resource, std::initializer_list<const char*> actions) {
  bson::Array list;
  for (const char* action : actions) list.push_back(bson::Value(action));
  return bson::Document{{"resource", std::move(resource)}, {"actions", list}};
}

CommandOutcome roles_info(bson::Array roles) {
  return answered(bson::Document{{"roles", std::move(roles)}, {"ok", 1.0}});
}

TEST(CustomRoles, BroadPrivilegesFailNamingWhy) {
  NodeFacts facts = reachable_node();
  facts.commands["rolesInfo"] = roles_info(
      {custom_role("everything", {privilege({{"anyResource", true}}, {"anyAction"})}),
       custom_role("shutdowner", {privilege({{"cluster", true}}, {"serverStatus", "shutdown"})}),
       custom_role("auditor",
                   {privilege({{"cluster", true}}, {"getCmdLineOpts", "getLog", "viewUser"}),
                    privilege({{"db", ""}, {"collection", ""}}, {"listCollections"})}),
       custom_role("wrapper", {}, {role("clusterAdmin", "admin")})});
  const Finding finding = judge(facts, "AUTHZ-003");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["too_broad"]["everything@admin"],
            (nlohmann::json{"anyAction", "anyResource"}));
  EXPECT_EQ(finding.evidence["too_broad"]["shutdowner@admin"],
            (nlohmann::json{"cluster-wide shutdown"}));
  EXPECT_EQ(finding.evidence["too_broad"]["wrapper@admin"],
            (nlohmann::json{"inherits clusterAdmin@admin"}));
  EXPECT_FALSE(finding.evidence["too_broad"].contains("auditor@admin"))
      << "read-only monitoring on the cluster is what mongoscan's own role needs";
  EXPECT_EQ(finding.evidence["custom_roles"], 4);
}

// The built-in clusterMonitor role's cluster actions include shardingState, getShardVersion,
// getDatabaseVersion, listCursors and getChangeStreamState: each only reads
// (src/mongo/db/auth/action_type.idl, reviewed action by action). A monitoring role built from
// them is not too broad; one that changes the process is.
TEST(CustomRoles, MonitoringActionsAreReadOnlyAndChangingOnesAreNot) {
  NodeFacts facts = reachable_node();
  facts.commands["rolesInfo"] = roles_info(
      {custom_role("monitor",
                   {privilege({{"cluster", true}},
                              {"shardingState", "getShardVersion", "getDatabaseVersion",
                               "listCursors", "getChangeStreamState", "checkMetadataConsistency",
                               "shardedDataDistribution", "allCollectionStats"})}),
       custom_role("tuner", {privilege({{"cluster", true}},
                                       {"serverStatus", "setParameter", "cpuProfiler"})})});
  const Finding finding = judge(facts, "AUTHZ-003");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_FALSE(finding.evidence["too_broad"].contains("monitor@admin")) << finding.message;
  EXPECT_EQ(finding.evidence["too_broad"]["tuner@admin"],
            (nlohmann::json{"cluster-wide setParameter, cpuProfiler"}));
}

// A custom role with data actions on {db: ""} reaches every database, as readWriteAnyDatabase
// does; listing collections everywhere does not (the auditor role above).
TEST(CustomRoles, DataActionsOnEveryDatabaseFail) {
  NodeFacts facts = reachable_node();
  facts.commands["rolesInfo"] = roles_info(
      {custom_role("anyreader", {privilege({{"db", ""}, {"collection", ""}}, {"find"})}),
       custom_role("orders", {privilege({{"db", ""}, {"collection", "orders"}},
                                        {"find", "insert", "listIndexes"})}),
       custom_role("shop", {privilege({{"db", "shop"}, {"collection", ""}}, {"find", "insert"})})});
  const Finding finding = judge(facts, "AUTHZ-003");
  EXPECT_EQ(finding.status, Status::fail) << finding.message;
  EXPECT_EQ(finding.evidence["too_broad"]["anyreader@admin"],
            (nlohmann::json{"every database's find"}));
  EXPECT_EQ(finding.evidence["too_broad"]["orders@admin"],
            (nlohmann::json{"every database's find, insert"}));
  EXPECT_FALSE(finding.evidence["too_broad"].contains("shop@admin"));
}

TEST(CustomRoles, ScopedRolesPassAndMissingRolesInfoIsSkipped) {
  NodeFacts facts = reachable_node();
  facts.commands["rolesInfo"] = roles_info(
      {custom_role("reader", {privilege({{"db", "shop"}, {"collection", ""}}, {"find"})})});
  EXPECT_EQ(judge(facts, "AUTHZ-003").status, Status::pass);
  facts.commands["rolesInfo"] = refused();
  const Finding skipped = judge(facts, "AUTHZ-003");
  EXPECT_EQ(skipped.status, Status::skipped);
  EXPECT_EQ(skipped.evidence["needs"], "viewRole");
}

CommandOutcome collections(std::initializer_list<const char*> names) {
  bson::Array batch;
  for (const char* name : names)
    batch.push_back(bson::Document{{"name", name}, {"type", "collection"}});
  return answered(bson::Document{
      {"cursor", bson::Document{{"id", std::int64_t{0}}, {"firstBatch", batch}}}, {"ok", 1.0}});
}

TEST(SystemDatabases, BusinessCollectionsThereFail) {
  NodeFacts facts = reachable_node();
  facts.commands["listCollections admin"] =
      collections({"system.users", "system.version", "orders"});
  facts.commands["listCollections config"] =
      collections({"system.sessions", "transactions", "cache.chunks.shop.orders", "settings2"});
  facts.commands["listCollections local"] =
      collections({"startup_log", "oplog.rs", "replset.minvalid", "me"});
  const Finding finding = judge(facts, "AUTHZ-004");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_NE(finding.message.find("admin.orders, config.settings2"), std::string::npos);
  EXPECT_EQ(finding.evidence["business_collections"].size(), 2u);
}

TEST(SystemDatabases, OnlySystemCollectionsPass) {
  NodeFacts facts = reachable_node();
  facts.commands["connectionStatus"] = connection_status({every_privilege()});
  facts.commands["listCollections admin"] = collections({"system.users", "system.roles"});
  facts.commands["listCollections config"] = collections({"system.sessions"});
  facts.commands["listCollections local"] = collections({"startup_log"});
  EXPECT_EQ(judge(facts, "AUTHZ-004").status, Status::pass);

  facts.commands["listCollections local"] = refused();
  const Finding partial = judge(facts, "AUTHZ-004");
  EXPECT_EQ(partial.status, Status::skipped);
  EXPECT_EQ(partial.evidence["databases_checked"], (nlohmann::json{"admin", "config"}));
}

TEST(SystemDatabases, MongosHasNoLocal) {
  NodeFacts facts = reachable_node();
  facts.hello = bson::Document{{"msg", "isdbgrid"}, {"maxWireVersion", std::int32_t{21}}};
  facts.commands["connectionStatus"] = connection_status({every_privilege()});
  facts.commands["listCollections admin"] = collections({"system.version"});
  facts.commands["listCollections config"] = collections({"system.sessions"});
  EXPECT_EQ(judge(facts, "AUTHZ-004").status, Status::pass);
}

// listCollections {authorizedCollections: true, nameOnly: true} without the listCollections
// action on the database answers with the collections the account has privileges on, not code 13
// (AuthorizationSessionImpl::checkAuthorizedToListCollections): what it shows proves nothing
// about the rest. anyNormalResource ({db: "", collection: ""}) does not reach local and config
// (buildResourceSearchList).
TEST(SystemDatabases, AFilteredListingIsNotAPass) {
  NodeFacts facts = reachable_node();
  facts.commands["listCollections admin"] = collections({"system.version"});
  facts.commands["listCollections config"] = collections({"system.sessions"});
  facts.commands["listCollections local"] = collections({"startup_log"});
  const bson::Document any_normal_database{
      {"resource", bson::Document{{"db", ""}, {"collection", ""}}},
      {"actions", bson::Array{"listCollections", "find"}}};
  facts.commands["connectionStatus"] = connection_status({any_normal_database});
  const Finding finding = judge(facts, "AUTHZ-004");
  EXPECT_EQ(finding.status, Status::skipped) << finding.message;
  EXPECT_EQ(finding.evidence["filtered_listings"], (nlohmann::json{"config", "local"}));
  EXPECT_NE(finding.message.find("lacks listCollections on config, local"), std::string::npos);

  facts.commands["listCollections config"] = collections({"system.sessions", "orders"});
  EXPECT_EQ(judge(facts, "AUTHZ-004").status, Status::fail) << "what it does see still fails";
}

TEST(UserAdministration, DbOwnerOrUserAdminOnABusinessDatabaseFailsForAnApplicationAccount) {
  const NodeFacts facts = node_with_users(
      {user("admin", {role("root", "admin")}), user("shop", {role("dbOwner", "shop")}),
       user("crm", {role("userAdmin", "crm")}), user("app", {role("readWrite", "shop")})});
  const Finding finding = judge(facts, "AUTHZ-005", declaring({"admin@admin"}));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["holders"]["shop@admin"][0], "dbOwner@shop");
  EXPECT_EQ(finding.evidence["holders"]["crm@admin"][0], "userAdmin@crm");
  EXPECT_FALSE(finding.evidence["holders"].contains("admin@admin")) << "declared";
  EXPECT_FALSE(finding.evidence["holders"].contains("app@admin")) << "readWrite administers none";
  // AUTHZ-001 counts dbOwner only on admin: the business database's owner is AUTHZ-005's.
  EXPECT_EQ(judge(facts, "AUTHZ-001", declaring({"admin@admin"})).status, Status::pass);
}

// Issue 39 item 4: under stig_literal (--policy stig) V-252154's check text is read as written:
// any dbOwner is a finding, a declared administrator's too.
TEST(UserAdministration, LiterallyAnyDbOwnerFailsTheDeclaredAdministratorsToo) {
  const NodeFacts facts = node_with_users(
      {user("admin", {role("root", "admin")}), user("dba", {role("dbOwner", "shop")})});
  Policy policy = declaring({"admin@admin", "dba@admin"});
  EXPECT_EQ(judge(facts, "AUTHZ-005", policy).status, Status::pass) << "declared: not literal";
  policy.stig_literal = true;
  const Finding literal = judge(facts, "AUTHZ-005", policy);
  EXPECT_EQ(literal.status, Status::fail);
  EXPECT_EQ(literal.evidence["db_owners"], nlohmann::json{"dba@admin (dbOwner@shop)"});
  EXPECT_NE(literal.message.find("V-252154"), std::string::npos);
  const NodeFacts no_owner = node_with_users({user("admin", {role("root", "admin")})});
  EXPECT_EQ(judge(no_owner, "AUTHZ-005", policy).status, Status::pass);
}

TEST(UserAdministration, UndeclaredAdministratorsWarnAndDeclaredOnesPass) {
  const NodeFacts facts = node_with_users(
      {user("admin", {role("root", "admin")}), user("app", {role("readWrite", "shop")})});
  EXPECT_EQ(judge(facts, "AUTHZ-005").status, Status::warn);
  const Finding declared = judge(facts, "AUTHZ-005", declaring({"admin@admin"}));
  EXPECT_EQ(declared.status, Status::pass);
}

TEST(UserAdministration, CustomRoleWithCreateUserOrGrantRoleCounts) {
  NodeFacts facts = node_with_users(
      {user("svc", {role("onboarding", "shop")}), user("reader", {role("reporting", "shop")})});
  const bson::Document shop{{"db", "shop"}, {"collection", ""}};
  facts.commands["rolesInfo"] = answered(bson::Document{
      {"roles",
       bson::Array{
           bson::Document{{"role", "onboarding"},
                          {"db", "shop"},
                          {"isBuiltin", false},
                          {"roles", bson::Array{}},
                          {"inheritedPrivileges",
                           bson::Array{bson::Document{
                               {"resource", shop},
                               {"actions", bson::Array{"createUser", "grantRole", "insert"}}}}}},
           bson::Document{
               {"role", "reporting"},
               {"db", "shop"},
               {"isBuiltin", false},
               {"roles", bson::Array{}},
               {"inheritedPrivileges",
                bson::Array{bson::Document{{"resource", shop},
                                           {"actions", bson::Array{"find", "viewUser"}}}}}}}},
      {"ok", 1.0}});
  const Finding finding = judge(facts, "AUTHZ-005", declaring({}));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["holders"]["svc@admin"][0], "onboarding@shop (createUser, grantRole)");
  EXPECT_FALSE(finding.evidence["holders"].contains("reader@admin")) << "viewUser only reads";
}

TEST(UserAdministration, UsersNotListedIsNotAPass) {
  NodeFacts facts = reachable_node();
  facts.commands["connectionStatus"] = scanning_as({role("clusterMonitor", "admin")});
  facts.commands["usersInfo"] = refused();
  const Finding finding = judge(facts, "AUTHZ-005", declaring({}));
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_NE(finding.message.find("auditor@admin"), std::string::npos);
}

TEST(StructureChanges, ReadWriteOrDbAdminForAnApplicationAccountFails) {
  const NodeFacts facts = node_with_users({user("admin", {role("root", "admin")}),
                                           user("app", {role("readWrite", "shop")}),
                                           user("reader", {role("read", "shop")})});
  const Finding finding = judge(facts, "AUTHZ-006", declaring({"admin@admin"}));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["holders"]["app@admin"][0],
            "readWrite@shop (creates and drops collections and indexes)");
  EXPECT_FALSE(finding.evidence["holders"].contains("reader@admin"))
      << "read's changeStream covers only the database it already reads";
  EXPECT_EQ(judge(facts, "AUTHZ-006").status, Status::warn) << "no administrators declared";
}

// Issue 39 item 4: under stig_literal V-252174 counts changeStream for a non-administrative user
// on any resource: read's on its own database too.
TEST(StructureChanges, LiterallyAReadRolesChangeStreamCounts) {
  const NodeFacts facts = node_with_users(
      {user("admin", {role("root", "admin")}), user("reader", {role("read", "shop")})});
  Policy policy = declaring({"admin@admin"});
  EXPECT_EQ(judge(facts, "AUTHZ-006", policy).status, Status::pass);
  policy.stig_literal = true;
  const Finding literal = judge(facts, "AUTHZ-006", policy);
  EXPECT_EQ(literal.status, Status::fail);
  EXPECT_EQ(literal.evidence["holders"]["reader@admin"][0],
            "read@shop (changeStream on its database; stig_literal)");
}

// A rolesInfo (showPrivileges) custom role granting `actions` on `resource`, inheriting `roles`.
bson::Document custom(const char* name, const char* db, bson::Document resource,
                      bson::Array actions, bson::Array roles = {}) {
  return bson::Document{
      {"role", name},
      {"db", db},
      {"isBuiltin", false},
      {"roles", std::move(roles)},
      {"inheritedPrivileges", bson::Array{bson::Document{{"resource", std::move(resource)},
                                                         {"actions", std::move(actions)}}}}};
}

TEST(StructureChanges, CustomRolesCountForDdlAndDeploymentWideChangeStreams) {
  NodeFacts facts = node_with_users({user("crud", {role("crud", "shop")}),
                                     user("cdc", {role("watcher", "admin")}),
                                     user("local", {role("shopWatcher", "shop")})});
  facts.commands["rolesInfo"] = answered(bson::Document{
      {"roles", bson::Array{custom("crud", "shop", {{"db", "shop"}, {"collection", ""}},
                                   {"find", "insert", "remove", "update"}),
                            custom("watcher", "admin", {{"db", ""}, {"collection", ""}},
                                   {"changeStream", "find"}),
                            custom("shopWatcher", "shop", {{"db", "shop"}, {"collection", ""}},
                                   {"changeStream", "createIndex"})}},
      {"ok", 1.0}});
  const Finding finding = judge(facts, "AUTHZ-006", declaring({}));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_FALSE(finding.evidence["holders"].contains("crud@admin")) << "CRUD only";
  EXPECT_EQ(finding.evidence["holders"]["cdc@admin"][0], "watcher@admin (changeStream)");
  EXPECT_EQ(finding.evidence["holders"]["local@admin"][0], "shopWatcher@shop (createIndex)");
  // Literally, changeStream on the role's own database counts too.
  Policy literal = declaring({});
  literal.stig_literal = true;
  EXPECT_EQ(judge(facts, "AUTHZ-006", literal).evidence["holders"]["local@admin"][0],
            "shopWatcher@shop (changeStream, createIndex)");
}

// The scanning account (auditor@admin, clusterMonitor here) reads the log for HARD-004: exempt.
TEST(LogReaders, ClusterMonitorForAnApplicationAccountFailsUnlessItMonitors) {
  const NodeFacts facts = node_with_users({user("admin", {role("root", "admin")}),
                                           user("app", {role("readWrite", "shop")}),
                                           user("pmm", {role("clusterMonitor", "admin")})});
  const Finding failed = judge(facts, "AUTHZ-009", declaring({"admin@admin"}));
  EXPECT_EQ(failed.status, Status::fail);
  EXPECT_EQ(failed.evidence["holders"],
            (nlohmann::json{{"pmm@admin", {"clusterMonitor@admin (getLog)"}}}));
  EXPECT_EQ(failed.evidence["also_allowed"], nlohmann::json{"auditor@admin"});
  EXPECT_EQ(judge(facts, "AUTHZ-009").status, Status::warn) << "no administrators declared";

  Policy monitored = declaring({"admin@admin"});
  monitored.monitoring_accounts = {"pmm@admin"};
  EXPECT_EQ(judge(facts, "AUTHZ-009", monitored).status, Status::pass);
}

TEST(LogReaders, CustomRolesWithGetLogOrClusterWideAnyActionCount) {
  NodeFacts facts = node_with_users(
      {user("logs", {role("logReader", "admin")}), user("god", {role("everything", "admin")}),
       user("shop", {role("shopOwner", "shop")}), user("ops", {role("opsMonitor", "admin")})});
  facts.commands["rolesInfo"] = answered(bson::Document{
      {"roles",
       bson::Array{custom("logReader", "admin", {{"cluster", true}}, {"getLog"}),
                   custom("everything", "admin", {{"anyResource", true}}, {"anyAction"}),
                   custom("shopOwner", "shop", {{"db", "shop"}, {"collection", ""}}, {"anyAction"}),
                   custom("opsMonitor", "admin", {{"db", "ops"}, {"collection", ""}}, {"find"},
                          {role("clusterMonitor", "admin")})}},
      {"ok", 1.0}});
  const Finding finding = judge(facts, "AUTHZ-009", declaring({}));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["holders"]["logs@admin"][0], "logReader@admin (getLog)");
  EXPECT_EQ(finding.evidence["holders"]["god@admin"][0], "everything@admin (anyAction)");
  EXPECT_EQ(finding.evidence["holders"]["ops@admin"][0],
            "opsMonitor@admin (inherits clusterMonitor@admin)");
  EXPECT_FALSE(finding.evidence["holders"].contains("shop@admin")) << "anyAction on one database";
}

// rolesInfo: 1 on `db`, listing custom roles named `names` (each inheriting `inherits`).
CommandOutcome roles_of(const char* db, std::vector<std::pair<const char*, bson::Array>> roles) {
  bson::Array list;
  for (auto& [name, inherits] : roles) {
    list.push_back(bson::Document{{"role", name},
                                  {"db", db},
                                  {"isBuiltin", false},
                                  {"roles", inherits},
                                  {"inheritedRoles", inherits}});
  }
  return answered(bson::Document{{"roles", std::move(list)}, {"ok", 1.0}});
}

TEST(UnusedRoles, ARoleNobodyHoldsFailsAndOneInheritedByAHeldRoleIsUsed) {
  NodeFacts facts = node_with_users({user("app", {role("appRole", "shop")})});
  facts.commands["rolesInfo shop"] =
      roles_of("shop", {{"appRole", bson::Array{role("base", "shop")}},
                        {"base", bson::Array{}},
                        {"legacyEtl", bson::Array{}}});
  facts.commands["rolesInfo admin"] = roles_of("admin", {});
  const Finding finding = judge(facts, "AUTHZ-007");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["unused"], nlohmann::json{"legacyEtl@shop"});
  EXPECT_EQ(finding.evidence["custom_roles"], 3);
}

TEST(UnusedRoles, AllHeldIsNotAPassWhenADatabaseWasNotRead) {
  NodeFacts facts = node_with_users({user("app", {role("appRole", "shop")})});
  facts.commands["rolesInfo shop"] = roles_of("shop", {{"appRole", bson::Array{}}});
  facts.commands["rolesInfo crm"] = refused();
  const Finding finding = judge(facts, "AUTHZ-007");
  EXPECT_EQ(finding.status, Status::skipped);
  EXPECT_NE(finding.message.find("crm"), std::string::npos);
  EXPECT_EQ(judge(node_with_users({user("app", {role("readWrite", "shop")})}), "AUTHZ-007").status,
            Status::skipped)
      << "no database's roles were listed";
}

// LDAP authorization: each group DN the query returns reaches the admin role of that name
// (security.ldap.authz.queryTemplate); no user document holds it.
NodeFacts with_ldap_group_role() {
  NodeFacts facts = node_with_users({user("app", {role("readWrite", "shop")})});
  facts.commands["getCmdLineOpts"] = check_test::cmd_line_opts(bson::Document{
      {"security",
       bson::Document{
           {"authorization", "enabled"},
           {"ldap", bson::Document{
                        {"servers", "ldap.example.com"},
                        {"authz", bson::Document{{"queryTemplate", "{USER}?memberOf?base"}}}}}}}});
  facts.commands["rolesInfo admin"] =
      roles_of("admin", {{"cn=dba,ou=groups,dc=example,dc=com", bson::Array{role("root", "admin")}},
                         {"reporting", bson::Array{}}});
  facts.commands["rolesInfo shop"] = roles_of("shop", {});
  return facts;
}

TEST(ExternalAuthorization, ARoleAGroupReachesIsJudgedAsAnAccount) {
  const NodeFacts facts = with_ldap_group_role();
  const Finding administrators = judge(facts, "AUTHZ-001", declaring({}));
  EXPECT_EQ(administrators.status, Status::fail) << administrators.message;
  EXPECT_NE(administrators.message.find("cn=dba,ou=groups,dc=example,dc=com@admin"),
            std::string::npos);
  EXPECT_EQ(administrators.evidence["externally_mapped_roles"],
            nlohmann::json{"cn=dba,ou=groups,dc=example,dc=com@admin"});
  // Declared, the group's role is an administrator like any account.
  EXPECT_EQ(
      judge(facts, "AUTHZ-001", declaring({"cn=dba,ou=groups,dc=example,dc=com@admin"})).status,
      Status::pass);
  // A role inheriting root is too broad whoever holds it.
  const Finding custom = judge(facts, "AUTHZ-003");
  EXPECT_EQ(custom.status, Status::fail);
  EXPECT_NE(custom.message.find("inherits root@admin"), std::string::npos);
  EXPECT_EQ(custom.evidence["custom_roles"], 2);
  EXPECT_EQ(judge(facts, "AUTHZ-005", declaring({})).status, Status::fail);
}

TEST(ExternalAuthorization, NoRoleIsCalledUnusedWhileItIsOn) {
  const Finding unused = judge(with_ldap_group_role(), "AUTHZ-007");
  EXPECT_EQ(unused.status, Status::skipped);
  EXPECT_NE(unused.message.find("LDAP authorization"), std::string::npos);
  EXPECT_EQ(unused.message.find("custom roles no user holds"), std::string::npos);
  // Without it, "reporting" is a role nobody holds.
  NodeFacts plain = with_ldap_group_role();
  plain.commands["getCmdLineOpts"] = check_test::cmd_line_opts(
      bson::Document{{"security", bson::Document{{"authorization", "enabled"}}}});
  EXPECT_EQ(judge(plain, "AUTHZ-007").status, Status::fail);
}

TEST(ExternalAuthorization, OidcClaimsReachRolesByTheirPrefix) {
  NodeFacts facts = node_with_users({user("app", {role("readWrite", "shop")})});
  facts.commands["getParameter"] = answered(bson::Document{
      {"oidcIdentityProviders", bson::Array{bson::Document{{"issuer", "https://idp.example.com"},
                                                           {"authNamePrefix", "corp"},
                                                           {"authorizationClaim", "groups"}}}},
      {"ok", 1.0}});
  facts.commands["rolesInfo admin"] =
      roles_of("admin", {{"corp/dba", bson::Array{role("userAdminAnyDatabase", "admin")}},
                         {"unrelated", bson::Array{}}});
  const Finding administrators = judge(facts, "AUTHZ-001", declaring({}));
  EXPECT_EQ(administrators.status, Status::fail);
  EXPECT_EQ(administrators.evidence["externally_mapped_roles"], nlohmann::json{"corp/dba@admin"});
}

// Every custom role is judged, held or not: a database whose roles were not read, or past the
// 100 asked, makes a clean result incomplete rather than a pass.
TEST(CustomRoles, RolesNotReadMakeACleanResultIncomplete) {
  NodeFacts facts = node_with_users({user("app", {role("appRole", "shop")})});
  facts.commands["rolesInfo shop"] = roles_of("shop", {{"appRole", bson::Array{}}});
  EXPECT_EQ(judge(facts, "AUTHZ-003").status, Status::pass);
  facts.commands["rolesInfo crm"] = refused();
  const Finding refused_database = judge(facts, "AUTHZ-003");
  EXPECT_EQ(refused_database.status, Status::skipped) << refused_database.message;
  EXPECT_NE(refused_database.message.find("crm"), std::string::npos);
  facts.commands.erase("rolesInfo crm");
  bson::Array databases{bson::Document{{"name", "shop"}}, bson::Document{{"name", "crm"}}};
  facts.commands["listDatabases"] =
      answered(bson::Document{{"databases", std::move(databases)}, {"ok", 1.0}});
  const Finding past_the_cap = judge(facts, "AUTHZ-003");
  EXPECT_EQ(past_the_cap.status, Status::skipped) << past_the_cap.message;
  EXPECT_EQ(past_the_cap.evidence["databases_not_asked"], 1);
  // A broad role found is a failure whatever was left unread.
  facts.commands["rolesInfo shop"] =
      roles_of("shop", {{"appRole", bson::Array{role("dbOwner", "admin")}}});
  EXPECT_EQ(judge(facts, "AUTHZ-003").status, Status::fail);
}

TEST(UnusedRoles, DatabasesPastTheLimitAreCountedNotPassed) {
  NodeFacts facts = node_with_users({user("app", {role("appRole", "shop")})});
  facts.commands["rolesInfo shop"] = roles_of("shop", {{"appRole", bson::Array{}}});
  bson::Array databases{bson::Document{{"name", "shop"}}, bson::Document{{"name", "crm"}},
                        bson::Document{{"name", "local"}}};
  facts.commands["listDatabases"] =
      answered(bson::Document{{"databases", std::move(databases)}, {"ok", 1.0}});
  const Finding finding = judge(facts, "AUTHZ-007");
  EXPECT_EQ(finding.status, Status::skipped) << finding.message;
  EXPECT_EQ(finding.evidence["databases_not_asked"], 1);
}

// usersInfo by name with showAuthenticationRestrictions for `users` (name, own restrictions).
CommandOutcome restrictions_of(std::vector<std::pair<const char*, bson::Array>> users) {
  bson::Array list;
  for (auto& [name, restrictions] : users) {
    list.push_back(bson::Document{{"user", name},
                                  {"db", "admin"},
                                  {"roles", bson::Array{}},
                                  {"inheritedAuthenticationRestrictions", bson::Array{}},
                                  {"authenticationRestrictions", restrictions}});
  }
  return answered(bson::Document{{"users", std::move(list)}, {"ok", 1.0}});
}

bson::Document client_source(bson::Array sources) {
  return bson::Document{{"clientSource", std::move(sources)}};
}

TEST(AdministratorSources, AnAdministratorWithoutClientSourceFails) {
  NodeFacts facts = node_with_users({user("admin", {role("root", "admin")}),
                                     user("ops", {role("userAdmin", "crm")}),
                                     user("app", {role("readWrite", "shop")})});
  facts.commands["usersInfo authenticationRestrictions"] = restrictions_of(
      {{"admin", bson::Array{client_source({"10.1.0.0/24"})}},
       {"ops", bson::Array{bson::Document{{"serverAddress", bson::Array{"10.0.0.5"}}}}},
       {"app", bson::Array{}}});
  const Finding finding = judge(facts, "AUTHZ-008");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["unrestricted"], nlohmann::json{"ops@admin"})
      << "serverAddress alone does not restrict the client; app holds no administrative role";
}

TEST(AdministratorSources, ACatchAllRangeOrAnOpenAlternativeIsNoRestriction) {
  NodeFacts facts = node_with_users({user("admin", {role("root", "admin")})});
  facts.commands["usersInfo authenticationRestrictions"] =
      restrictions_of({{"admin", bson::Array{client_source({"0.0.0.0/0"})}}});
  EXPECT_EQ(judge(facts, "AUTHZ-008").status, Status::fail);
  facts.commands["usersInfo authenticationRestrictions"] = restrictions_of(
      {{"admin", bson::Array{client_source({"10.1.0.7"}),
                             bson::Document{{"serverAddress", bson::Array{"10.0.0.5"}}}}}});
  EXPECT_EQ(judge(facts, "AUTHZ-008").status, Status::fail);
  facts.commands["usersInfo authenticationRestrictions"] =
      restrictions_of({{"admin", bson::Array{client_source({"10.1.0.7", "10.1.0.8"})}}});
  EXPECT_EQ(judge(facts, "AUTHZ-008").status, Status::pass);
}

TEST(AdministratorSources, ARestrictionInheritedFromARoleCounts) {
  NodeFacts facts = node_with_users({user("admin", {role("root", "admin")})});
  facts.commands["usersInfo authenticationRestrictions"] = answered(bson::Document{
      {"users",
       bson::Array{bson::Document{{"user", "admin"},
                                  {"db", "admin"},
                                  {"inheritedAuthenticationRestrictions",
                                   bson::Array{bson::Array{client_source({"10.1.0.0/24"})}}},
                                  {"authenticationRestrictions", bson::Array{}}}}},
      {"ok", 1.0}});
  EXPECT_EQ(judge(facts, "AUTHZ-008").status, Status::pass);
}

TEST(AdministratorSources, RefusedIsSkippedNamingViewUserAndNoAdministratorPasses) {
  NodeFacts facts = node_with_users({user("admin", {role("root", "admin")})});
  facts.commands["usersInfo authenticationRestrictions"] = refused();
  const Finding refused_finding = judge(facts, "AUTHZ-008");
  EXPECT_EQ(refused_finding.status, Status::skipped);
  EXPECT_NE(refused_finding.message.find("viewUser"), std::string::npos);
  EXPECT_EQ(judge(node_with_users({user("app", {role("readWrite", "shop")})}), "AUTHZ-008").status,
            Status::pass);
}

TEST(Authorization, OneFindingPerCheckAboutTheNode) {
  const auto findings = check_authorization(reachable_node(), Policy{});
  ASSERT_EQ(findings.size(), authorization_specs().size());
  for (const Finding& finding : findings) {
    EXPECT_EQ(finding.subject.name, "10.0.0.5:27017");
    EXPECT_EQ(finding.status, Status::error) << finding.check_id << ": nothing was probed";
  }
}

}  // namespace
}  // namespace authorization_test
}  // namespace mongoscan
