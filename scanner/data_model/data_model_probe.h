#pragma once
// --data-model: reads one node's catalogue and a sample of each collection's documents, gently and
// read-only. One session, one command at a time, maxTimeMS on every command, secondaryPreferred on
// replica-set members and mongos. Keeps only shapes (scanner/facts/data_model_facts.h).

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scanner/bson/bson.h"
#include "scanner/facts/data_model_facts.h"
#include "scanner/facts/node_facts.h"
#include "scanner/probe/probe.h"
#include "scanner/errors/result.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

struct DataModelOptions {
  int sample_size = 100;                        // documents asked of $sample per collection
  std::vector<std::string> databases;           // --databases: only these (empty: every one)
  std::vector<std::string> excluded_databases;  // --exclude-db
  std::chrono::milliseconds max_time{10000};    // maxTimeMS of every command
  // The scan's deadline (--scan-timeout): no command waits past it, and no database is started
  // after it (those left are named in the facts' errors).
  std::optional<Deadline> scan_deadline;
};

// The node to read from: a secondary (hidden first, then by address) when the deployment has one,
// else the primary, a standalone or the first mongos; nullptr when no node answered hello with a
// role that holds data.
const NodeFacts* sampling_node(const std::vector<NodeFacts>& nodes);

// Whether --databases / --exclude-db let the data model look at `database`.
bool database_selected(const std::string& database, const DataModelOptions& options);

// A collection's document count and data size, as $collStats storageStats reports them.
struct StorageTotals {
  std::int64_t count = 0;
  std::int64_t size_bytes = 0;
};

// Sums storageStats.count and storageStats.size over the first batch of a $collStats
// {storageStats: {}} aggregation (one document per shard through mongos). ErrorCode::protocol
// when one is missing, is not a whole number (bson::Document::get_int64) or the sum overflows:
// the size is then unknown, never 0.
Result<StorageTotals> sum_storage_stats(const std::vector<bson::Document>& batch);

// Opens a session to `node` (TLS when its probe used TLS; credentials only where the probe would
// send them), then: listDatabases, and per selected database listCollections; per collection
// (not views) $collStats, and $sample unless it is empty. admin, config and local are listed but
// never sampled. now_unix_seconds dates the sampled documents (ObjectId ages).
DataModelFacts probe_data_model(const NodeFacts& node, const ProbeOptions& probe,
                                const DataModelOptions& options, std::int64_t now_unix_seconds);

}  // namespace mongoscan
