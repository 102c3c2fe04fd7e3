#include "checks/system_collections.h"

#include <set>

namespace mongoscan {

bool is_system_collection(std::string_view db, std::string_view name) {
  if (name.starts_with("system.")) return true;
  if (db == "local") {
    static const std::set<std::string_view> kLocal = {
        "startup_log",          "oplog.rs",         "me",
        "replset.election",     "replset.minvalid", "replset.oplogTruncateAfterPoint",
        "replset.initialSyncId"};
    return kLocal.contains(name) || name.starts_with("replset.");
  }
  if (db == "config") {
    static const std::set<std::string_view> kConfig = {"actionlog",
                                                       "changelog",
                                                       "chunks",
                                                       "collections",
                                                       "databases",
                                                       "lockpings",
                                                       "locks",
                                                       "migrations",
                                                       "mongos",
                                                       "settings",
                                                       "shards",
                                                       "tags",
                                                       "version",
                                                       "transactions",
                                                       "image_collection",
                                                       "rangeDeletions",
                                                       "migrationCoordinators",
                                                       "tenantMigrationDonors",
                                                       "tenantMigrationRecipients",
                                                       "external_validation_keys",
                                                       "placementHistory",
                                                       "reshardingOperations",
                                                       "vectorClock",
                                                       "sampledQueries",
                                                       "sampledQueriesDiff",
                                                       "analyzeShardKeySplitPoints",
                                                       "queryAnalyzers",
                                                       "shardMergeRecipients",
                                                       "compactStructuredEncryptionCoordinator",
                                                       "system.sessions"};
    return kConfig.contains(name) || name.starts_with("cache.") ||
           name.starts_with("localReshardingOperations.");
  }
  return false;
}

}  // namespace mongoscan
