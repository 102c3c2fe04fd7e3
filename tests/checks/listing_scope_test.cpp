#include "checks/listing_scope.h"

#include <gtest/gtest.h>

#include "tests/checks/node_facts_fixture.h"

namespace mongoscan {
namespace listing_scope_test {
namespace {

using check_test::answered;
using check_test::connection_status;
using check_test::every_privilege;
using check_test::reachable_node;

bson::Document privilege(bson::Document resource, bson::Array actions) {
  return {{"resource", std::move(resource)}, {"actions", std::move(actions)}};
}

NodeFacts holding(bson::Array privileges) {
  NodeFacts facts = reachable_node();
  facts.commands["connectionStatus"] = connection_status(std::move(privileges));
  return facts;
}

// The resources buildResourceSearchList (src/mongo/db/auth/authorization_session_impl.cpp)
// searches for a database: anyResource, anyNormalResource except for local and config, the
// database itself.
TEST(ListingScope, ListCollectionsFollowsTheServersResourceSearch) {
  EXPECT_EQ(list_collections_scope(holding({every_privilege()}), "config"), ListingScope::complete);

  const NodeFacts any_normal = holding(
      {privilege(bson::Document{{"db", ""}, {"collection", ""}}, bson::Array{"listCollections"})});
  EXPECT_EQ(list_collections_scope(any_normal, "shop"), ListingScope::complete);
  EXPECT_EQ(list_collections_scope(any_normal, "admin"), ListingScope::complete);
  EXPECT_EQ(list_collections_scope(any_normal, "config"), ListingScope::filtered);
  EXPECT_EQ(list_collections_scope(any_normal, "local"), ListingScope::filtered);

  const NodeFacts one_db = holding({privilege(bson::Document{{"db", "local"}, {"collection", ""}},
                                              bson::Array{"listCollections"})});
  EXPECT_EQ(list_collections_scope(one_db, "local"), ListingScope::complete);
  EXPECT_EQ(list_collections_scope(one_db, "config"), ListingScope::filtered);

  // Another action on the database, or the action on one collection, lists only part of it.
  EXPECT_EQ(list_collections_scope(
                holding({privilege(bson::Document{{"db", "config"}, {"collection", ""}},
                                   bson::Array{"find"})}),
                "config"),
            ListingScope::filtered);
  EXPECT_EQ(list_collections_scope(
                holding({privilege(bson::Document{{"db", "config"}, {"collection", "x"}},
                                   bson::Array{"listCollections"})}),
                "config"),
            ListingScope::filtered);
}

// list_databases.cpp: without the listDatabases action on the cluster, the reply holds only the
// databases the account has privileges on.
TEST(ListingScope, ListDatabasesNeedsTheActionOnTheCluster) {
  EXPECT_EQ(list_databases_scope(holding(
                {privilege(bson::Document{{"cluster", true}}, bson::Array{"listDatabases"})})),
            ListingScope::complete);
  EXPECT_EQ(list_databases_scope(holding({privilege(bson::Document{{"db", ""}, {"collection", ""}},
                                                    bson::Array{"listDatabases", "find"})})),
            ListingScope::filtered);
  EXPECT_EQ(list_databases_scope(holding({every_privilege()})), ListingScope::complete);
}

TEST(ListingScope, WithoutEnforcementNothingIsFilteredAndWithoutConnectionStatusItIsUnknown) {
  NodeFacts open = holding({});
  open.unauthenticated["listDatabases"] =
      answered(bson::Document{{"databases", bson::Array{}}, {"ok", 1.0}});
  EXPECT_EQ(list_databases_scope(open), ListingScope::complete);
  EXPECT_EQ(list_databases_scope(holding({})), ListingScope::filtered);
  EXPECT_EQ(list_collections_scope(reachable_node(), "config"), ListingScope::unknown);
  // buildInfo answers before authentication where authorization is enforced (NET-008's probe).
  NodeFacts enforced = holding({});
  enforced.unauthenticated["buildInfo"] =
      answered(bson::Document{{"version", "8.0.4"}, {"ok", 1.0}});
  EXPECT_EQ(list_databases_scope(enforced), ListingScope::filtered);
}

}  // namespace
}  // namespace listing_scope_test
}  // namespace mongoscan
