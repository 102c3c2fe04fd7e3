#include "checks/system_collections.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace system_collections_test {
namespace {

// src/mongo/db/namespace_string_reserved.def.h: NSS_CONSTANT(kLocalClusterManagerNamespace,
// kTransactionCoordinatorsNamespace, kCollectionCriticalSectionsNamespace,
// kClusterParametersNamespace, kShardIndexCatalogNamespace, kShardCollectionCatalogNamespace,
// kCompactStructuredEncryptionCoordinatorNamespace, ...).
TEST(SystemCollections, TheServersReservedNamespacesAreItsOwn) {
  EXPECT_TRUE(is_system_collection("local", "clustermanager"));
  EXPECT_TRUE(is_system_collection("config", "transaction_coordinators"));
  EXPECT_TRUE(is_system_collection("config", "collection_critical_sections"));
  EXPECT_TRUE(is_system_collection("config", "clusterParameters"));
  EXPECT_TRUE(is_system_collection("config", "shard.indexes"));
  EXPECT_TRUE(is_system_collection("config", "shard.collections"));
  EXPECT_TRUE(is_system_collection("config", "compact_structured_encryption_coordinator"));
  EXPECT_TRUE(is_system_collection("config", "user_writes_critical_sections"));
  EXPECT_TRUE(is_system_collection("config", "movePrimaryRecipients.applierProgress"));
  EXPECT_TRUE(
      is_system_collection("config", "localReshardingOperations.recipient.progress_applier"));
  EXPECT_TRUE(is_system_collection("config", "cache.chunks.shop.orders"));
  EXPECT_TRUE(is_system_collection("local", "replset.oplogTruncateAfterPoint"));
  EXPECT_TRUE(is_system_collection("admin", "system.version"));
}

TEST(SystemCollections, OtherNamesAreBusinessData) {
  // The misspelling the list once held is not the server's name.
  EXPECT_FALSE(is_system_collection("config", "compactStructuredEncryptionCoordinator"));
  EXPECT_FALSE(is_system_collection("config", "settings2"));
  EXPECT_FALSE(is_system_collection("config", "shard"));  // a prefix matches only with its dot
  EXPECT_FALSE(is_system_collection("admin", "orders"));
  // A name is reserved in its own database only.
  EXPECT_FALSE(is_system_collection("admin", "clustermanager"));
  EXPECT_FALSE(is_system_collection("local", "transactions"));
}

}  // namespace
}  // namespace system_collections_test
}  // namespace mongoscan
