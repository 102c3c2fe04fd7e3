#include "checks/system_collections.h"

#include <array>

namespace mongoscan {
namespace {

// A collection the server keeps in local or config: one name, or every name starting with a
// prefix (a prefix ends with '.').
struct ReservedName {
  std::string_view db;
  std::string_view name;
};

// The server's own namespaces in local and config: the NSS_CONSTANT list of
// src/mongo/db/namespace_string_reserved.def.h (7.0 to 8.x), and names that older versions use or
// that the server creates under a prefix (noted). A name MongoDB uses in any version counts in
// every version: no application should rely on it, and a false failure on a node of another
// version would teach a team to ignore AUTHZ-004.
constexpr std::array kReservedNames = {
    // local
    ReservedName{"local", "oplog.rs"},
    ReservedName{"local", "startup_log"},
    ReservedName{"local", "clustermanager"},  // Ops Manager and Cloud Manager automation
    ReservedName{"local", "me"},  // repl/replication_coordinator_external_state_impl.cpp
    ReservedName{"local", "replset."},  // election, minvalid, oplogTruncateAfterPoint, ...
    ReservedName{"local", "oplog.$main"},  // master-slave replication, before 4.0
    ReservedName{"local", "slaves"},       // master-slave replication, before 4.0
    ReservedName{"local", "sources"},      // master-slave replication, before 4.0
    // config: what a config server, a shard and any replica-set member keep
    ReservedName{"config", "actionlog"},
    ReservedName{"config", "changelog"},
    ReservedName{"config", "chunks"},
    ReservedName{"config", "collections"},
    ReservedName{"config", "databases"},
    ReservedName{"config", "lockpings"},
    ReservedName{"config", "locks"},
    ReservedName{"config", "migrations"},
    ReservedName{"config", "mongos"},
    ReservedName{"config", "settings"},
    ReservedName{"config", "shards"},
    ReservedName{"config", "tags"},
    ReservedName{"config", "version"},
    ReservedName{"config", "transactions"},
    ReservedName{"config", "transaction_coordinators"},
    ReservedName{"config", "image_collection"},
    ReservedName{"config", "external_validation_keys"},
    ReservedName{"config", "vectorClock"},
    ReservedName{"config", "clusterParameters"},
    ReservedName{"config", "placementHistory"},
    ReservedName{"config", "rangeDeletions"},
    ReservedName{"config", "rangeDeletionsForRename"},
    ReservedName{"config", "migrationCoordinators"},
    ReservedName{"config", "migrationRecipients"},
    ReservedName{"config", "movePrimaryRecipients"},
    ReservedName{"config", "movePrimaryRecipients."},  // .applierProgress
    ReservedName{"config", "movePrimaryDonors"},
    ReservedName{"config", "tenantMigrationDonors"},
    ReservedName{"config", "tenantMigrationRecipients"},
    ReservedName{"config", "shardMergeRecipients"},
    ReservedName{"config", "shardSplitDonors"},
    ReservedName{"config", "reshardingOperations"},
    ReservedName{"config", "localReshardingOperations."},
    // resharding's buffers, one per collection and donor: <prefix><uuid>.<shard>
    ReservedName{"config", "localReshardingOplogBuffer."},
    ReservedName{"config", "localReshardingConflictStash."},
    ReservedName{"config", "localRenameParticipants"},
    ReservedName{"config", "localGlobalIndexOperations."},
    ReservedName{"config", "collection_critical_sections"},
    ReservedName{"config", "user_writes_critical_sections"},
    ReservedName{"config", "sharding_configsvr_coordinators"},
    ReservedName{"config", "compact_structured_encryption_coordinator"},
    ReservedName{"config", "change_stream_coordinator"},
    ReservedName{"config", "queryAnalyzers"},
    ReservedName{"config", "sampledQueries"},
    ReservedName{"config", "sampledQueriesDiff"},
    // analyzeShardKey's split points (one collection per run, suffixed with its id)
    ReservedName{"config", "analyzeShardKeySplitPoints"},
    ReservedName{"config", "analyzeShardKeySplitPoints."},
    ReservedName{"config", "csrs.indexes"},
    ReservedName{"config", "shard."},  // shard.indexes, shard.collections
    ReservedName{"config", "cache."},  // cache.collections, cache.databases, cache.chunks.<ns>
};

bool matches(const ReservedName& reserved, std::string_view db, std::string_view name) {
  if (reserved.db != db) return false;
  if (reserved.name.ends_with('.')) return name.starts_with(reserved.name);
  return reserved.name == name;
}

}  // namespace

bool is_system_collection(std::string_view db, std::string_view name) {
  // Every "system." collection is the server's, in any database (manual, "system collections").
  if (name.starts_with("system.")) return true;
  for (const ReservedName& reserved : kReservedNames) {
    if (matches(reserved, db, name)) return true;
  }
  return false;
}

}  // namespace mongoscan
