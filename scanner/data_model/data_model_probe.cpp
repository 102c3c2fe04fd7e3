#include "scanner/data_model/data_model_probe.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "scanner/auth/authentication.h"
#include "scanner/data_model/document_shape.h"
#include "scanner/facts/topology.h"
#include "scanner/wire/mongo_connection.h"
#include "scanner/wire/tcp_connection.h"
#include "scanner/wire/tls_stream.h"
#include "scanner/wire/wire_message.h"

namespace mongoscan {
namespace {

// Server-managed collections (system.views, system.buckets.*, system.profile, ...) hold no
// business documents to sample.
bool is_system_collection(std::string_view name) { return name.starts_with("system."); }

// Preference for sampling: lower is better; -1 never.
int sampling_rank(const std::string& role) {
  static const std::vector<std::string> kOrder = {"hidden",  "secondary",  "passive",
                                                  "primary", "standalone", "mongos"};
  const auto it = std::find(kOrder.begin(), kOrder.end(), role);
  return it == kOrder.end() ? -1 : static_cast<int>(it - kOrder.begin());
}

class DataModelProbe {
 public:
  DataModelProbe(const NodeFacts& node, const ProbeOptions& probe, const DataModelOptions& options,
                 std::int64_t now)
      : node_(node), probe_(probe), options_(options), now_(now) {}

  DataModelFacts run() {
    facts_.node = node_.address();
    facts_.node_role = node_role(node_);
    facts_.read_preference = facts_.node_role == "standalone" ? "" : "secondaryPreferred";
    facts_.sample_size = options_.sample_size;
    auto connection = open_session();
    if (!connection) {
      facts_.errors.push_back(connection.error());
      return std::move(facts_);
    }
    connection_ = std::move(connection).value();
    auto names = database_names();
    if (!names) {
      facts_.errors.push_back(names.error());
      return std::move(facts_);
    }
    for (const std::string& name : names.value()) {
      if (!database_selected(name, options_)) {
        facts_.excluded_databases.push_back(name);
        continue;
      }
      if (options_.scan_deadline && options_.scan_deadline->expired()) {
        facts_.errors.push_back(Error{ErrorCode::timeout, "data model",
                                      "the scan timeout passed before database " + name +
                                          " and those after it were sampled"});
        break;
      }
      facts_.databases.push_back(read_database(name));
    }
    return std::move(facts_);
  }

 private:
  Deadline deadline() const {
    // The server stops at maxTimeMS; the connection waits a little longer for its answer.
    return within_scan(Deadline::after(options_.max_time + probe_.command_timeout));
  }

  Deadline within_scan(Deadline deadline) const {
    return options_.scan_deadline ? deadline.capped_by(*options_.scan_deadline) : deadline;
  }

  Result<std::unique_ptr<MongoConnection>> open_session() {
    auto tcp = TcpConnection::connect(node_.connected_address, node_.port,
                                      within_scan(Deadline::after(probe_.connect_timeout)));
    if (!tcp) return tcp.error();
    std::unique_ptr<MongoConnection> connection;
    if (node_.tls) {
      if (!probe_.tls_context) return Error{ErrorCode::tls, "tls", "no TLS configuration"};
      auto tls = TlsStream::handshake(std::move(tcp).value(), *probe_.tls_context, node_.host,
                                      within_scan(Deadline::after(probe_.connect_timeout)));
      if (!tls) return tls.error();
      const TlsFacts& seen = tls.value()->facts();
      if (probe_.credentials && !seen.verified && !seen.insecure) {
        return Error{
            ErrorCode::tls, "auth",
            "credentials not sent: the certificate did not verify (" + seen.verify_error + ")"};
      }
      connection = std::make_unique<MongoConnection>(std::move(tls).value());
    } else {
      connection = std::make_unique<MongoConnection>(std::move(tcp).value());
    }
    if (auto size = node_.hello ? node_.hello->get_int64("maxMessageSizeBytes") : std::nullopt) {
      auto limit = wire::max_message_size_from_hello(*size);
      if (!limit) return limit.error();
      connection->set_max_message_size(limit.value());
    }
    if (probe_.credentials) {
      std::optional<std::vector<std::string>> mechanisms;
      if (node_.authentication) mechanisms = node_.authentication->server_mechanisms;
      AuthenticationOptions authentication = probe_.authentication;
      authentication.tls_active = node_.tls;
      const AuthenticationFacts authenticated =
          authenticate(*connection, *probe_.credentials, mechanisms, authentication,
                       within_scan(Deadline::after(probe_.command_timeout)));
      if (authenticated.error) return *authenticated.error;
    }
    return connection;
  }

  // maxTimeMS, and the read preference on replica-set members and mongos.
  bson::Document read_arguments(bson::Document arguments) const {
    arguments.append("maxTimeMS", static_cast<std::int64_t>(options_.max_time.count()));
    if (!facts_.read_preference.empty()) {
      arguments.append("$readPreference", bson::Document{{"mode", facts_.read_preference}});
    }
    return arguments;
  }

  // The reply, or an Error for a failed round trip or a command error (phase: `what`).
  Result<bson::Document> run(AllowedCommand command, bson::Value value, bson::Document arguments,
                             const std::string& database, const std::string& what) {
    auto reply = connection_->run(command, std::move(value), read_arguments(std::move(arguments)),
                                  database, deadline());
    if (!reply) return Error{reply.error().code, what, reply.error().message};
    if (auto error = wire::command_error(reply.value())) {
      const ErrorCode code =
          error->code == kUnauthorizedCode ? ErrorCode::unauthorized : ErrorCode::protocol;
      return Error{
          code, what,
          error->message + (error->code_name.empty() ? "" : " (" + error->code_name + ")")};
    }
    return reply;
  }

  static std::vector<bson::Document> first_batch(const bson::Document& reply) {
    std::vector<bson::Document> documents;
    const auto cursor = reply.get_document("cursor");
    if (!cursor) return documents;
    for (const bson::Value& value : cursor->get_array("firstBatch").value_or(bson::Array{})) {
      if (const auto* document = value.get_if<bson::Document>()) documents.push_back(*document);
    }
    return documents;
  }

  Result<std::vector<std::string>> database_names() {
    auto reply =
        run(AllowedCommand::list_databases, 1, {{"nameOnly", true}}, "admin", "listDatabases");
    if (!reply) return reply.error();
    std::vector<std::string> names;
    for (const bson::Value& value : reply.value().get_array("databases").value_or(bson::Array{})) {
      const auto* database = value.get_if<bson::Document>();
      if (const auto name = database ? database->get_string("name") : std::nullopt)
        names.push_back(*name);
    }
    return names;
  }

  DatabaseFacts read_database(const std::string& name) {
    DatabaseFacts database{name, {}, {}};
    auto reply = run(AllowedCommand::list_collections, 1, {{"authorizedCollections", true}}, name,
                     "listCollections " + name);
    if (!reply) {
      database.error = reply.error();
      return database;
    }
    for (const bson::Document& entry : first_batch(reply.value())) {
      CollectionFacts collection = collection_entry(entry);
      if (!is_system_database(name) && !is_system_collection(collection.name) &&
          collection.type != "view") {
        read_collection(name, collection);
      }
      database.collections.push_back(std::move(collection));
    }
    return database;
  }

  static CollectionFacts collection_entry(const bson::Document& entry) {
    CollectionFacts collection;
    collection.name = entry.get_string("name").value_or("");
    collection.type = entry.get_string("type").value_or("collection");
    if (const auto options = entry.get_document("options")) {
      collection.has_validator = options->find("validator") != nullptr;
      collection.validation_level = options->get_string("validationLevel").value_or("");
      collection.validation_action = options->get_string("validationAction").value_or("");
    }
    return collection;
  }

  // $collStats (one document per shard through mongos: summed), then $sample when not empty.
  void read_collection(const std::string& database, CollectionFacts& collection) {
    const std::string ns = database + "." + collection.name;
    bson::Array stats_stage{
        bson::Document{{"$collStats", bson::Document{{"storageStats", bson::Document{}}}}}};
    const std::string what = "$collStats " + ns;
    auto stats =
        run(AllowedCommand::aggregate_collection_stats, collection.name,
            {{"pipeline", std::move(stats_stage)}, {"cursor", bson::Document{}}}, database, what);
    auto totals = stats ? sum_storage_stats(first_batch(stats.value())) : stats.error();
    if (totals) {
      const auto [count, size] = totals.value();
      collection.count = count;
      collection.size_bytes = size;
      if (count > 0) collection.average_document_bytes = size / count;
    } else {
      Error error = totals.error();
      error.phase = what;
      collection.errors.push_back(std::move(error));
    }
    if (collection.count == 0) return;
    bson::Array sample_stage{
        bson::Document{{"$sample", bson::Document{{"size", options_.sample_size}}}}};
    auto sample = run(AllowedCommand::aggregate_sample, collection.name,
                      {{"pipeline", std::move(sample_stage)},
                       // One more than $sample returns, so the first batch exhausts the cursor
                       // and none is left open on the server, unless the 16 MiB reply limit
                       // cuts the batch (SampleShape::cut_short).
                       {"cursor", bson::Document{{"batchSize", options_.sample_size + 1}}}},
                      database, "$sample " + ns);
    if (!sample) {
      collection.errors.push_back(sample.error());
      return;
    }
    SampleShapeBuilder shape(now_);
    for (const bson::Document& document : first_batch(sample.value())) shape.add(document);
    collection.sample = std::move(shape).finish();
    collection.sample->requested =
        collection.count
            ? static_cast<int>(std::min<std::int64_t>(options_.sample_size, *collection.count))
            : options_.sample_size;
    // batchSize is one more than $sample returns: an open cursor means the reply was cut.
    collection.sample->cut_short = cursor_id(sample.value()) != 0;
  }

  static std::int64_t cursor_id(const bson::Document& reply) {
    const auto cursor = reply.get_document("cursor");
    return cursor ? cursor->get_int64("id").value_or(0) : 0;
  }

  static constexpr int kUnauthorizedCode = 13;

  const NodeFacts& node_;
  const ProbeOptions& probe_;
  const DataModelOptions& options_;
  std::int64_t now_;
  DataModelFacts facts_;
  std::unique_ptr<MongoConnection> connection_;
};

}  // namespace

const NodeFacts* sampling_node(const std::vector<NodeFacts>& nodes) {
  const NodeFacts* best = nullptr;
  int best_rank = -1;
  for (const NodeFacts& node : nodes) {
    if (!node.hello) continue;
    const int rank = sampling_rank(node_role(node));
    if (rank < 0) continue;
    if (best == nullptr || rank < best_rank ||
        (rank == best_rank && node.address() < best->address())) {
      best = &node;
      best_rank = rank;
    }
  }
  return best;
}

bool database_selected(const std::string& database, const DataModelOptions& options) {
  auto listed = [&](const std::vector<std::string>& names) {
    return std::find(names.begin(), names.end(), database) != names.end();
  };
  if (listed(options.excluded_databases)) return false;
  return options.databases.empty() || listed(options.databases) || is_system_database(database);
}

Result<StorageTotals> sum_storage_stats(const std::vector<bson::Document>& batch) {
  StorageTotals totals;
  for (const bson::Document& shard : batch) {
    const auto storage = shard.get_document("storageStats");
    if (!storage) continue;
    for (const auto& [field, total] :
         {std::pair{"count", &totals.count}, std::pair{"size", &totals.size_bytes}}) {
      const std::string name = "storageStats." + std::string(field);
      const bson::Value* reported = storage->find(field);
      if (reported == nullptr) {
        return Error{ErrorCode::protocol, "$collStats", name + " is missing"};
      }
      const std::optional<std::int64_t> number = storage->get_int64(field);
      if (!number) {
        return Error{ErrorCode::protocol, "$collStats",
                     name + " is not a whole number: " + bson::to_json(*reported).dump()};
      }
      if (__builtin_add_overflow(*total, *number, total)) {
        return Error{ErrorCode::protocol, "$collStats", name + " overflows summed over the shards"};
      }
    }
  }
  return totals;
}

DataModelFacts probe_data_model(const NodeFacts& node, const ProbeOptions& probe,
                                const DataModelOptions& options, std::int64_t now_unix_seconds) {
  return DataModelProbe(node, probe, options, now_unix_seconds).run();
}

}  // namespace mongoscan
