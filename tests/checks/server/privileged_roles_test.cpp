#include "checks/server/privileged_roles.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace privileged_roles_test {
namespace {

TEST(PrivilegedRoles, AdministrativeBuiltinsAndDbOwnerOnAdminOnly) {
  EXPECT_TRUE(is_administrative_builtin("root", "admin"));
  EXPECT_TRUE(is_administrative_builtin("readWriteAnyDatabase", "admin"));
  EXPECT_TRUE(is_administrative_builtin("dbOwner", "admin"));
  EXPECT_FALSE(is_administrative_builtin("dbOwner", "orders"));
  EXPECT_FALSE(is_administrative_builtin("readAnyDatabase", "admin"));
  EXPECT_FALSE(is_administrative_builtin("readWrite", "admin"));
}

// The server's spelling and the Atlas Administration API's name one action.
TEST(PrivilegedRoles, ActionsMatchInTheServersAndAtlassSpelling) {
  EXPECT_TRUE(is_user_administration_action("createUser"));
  EXPECT_TRUE(is_user_administration_action("CREATE_USER"));
  EXPECT_TRUE(is_user_administration_action("anyAction"));
  EXPECT_FALSE(is_user_administration_action("viewUser"));
  EXPECT_FALSE(is_user_administration_action("FIND"));
  EXPECT_TRUE(is_structure_action("renameCollectionSameDB"));
  EXPECT_TRUE(is_structure_action("RENAME_COLLECTION_SAME_DB"));
  EXPECT_TRUE(is_structure_action("DROP_DATABASE"));
  EXPECT_FALSE(is_structure_action("INSERT"));
}

}  // namespace
}  // namespace privileged_roles_test
}  // namespace mongoscan
