#pragma once
// What --data-model learnt about a deployment's databases and collections: names, options, storage
// statistics and the shape of a sample of documents. Only shapes: field paths, BSON type names,
// sizes, depths, lengths and counts. No field value from the server is ever kept.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/errors/result.h"

namespace mongoscan {

// admin, config and local: MongoDB's own databases, checked only for business data kept there.
inline bool is_system_database(std::string_view name) {
  return name == "admin" || name == "config" || name == "local";
}

// One field path across the sample ("customer.address.city"; array elements add no segment, so
// "items.sku" is the sku of every element of items).
struct FieldShape {
  std::string path;
  std::map<std::string, int> types;  // BSON type name ("string", "double", ...) -> occurrences
  int date_like_strings = 0;         // strings in ISO 8601 or "YYYY-MM-DD hh:mm:ss" form
  int uuid_like_strings = 0;         // strings in the 8-4-4-4-12 hex form of a UUID
};

// One array path: its length in each sampled document that has it, with the document's age.
struct ArrayShape {
  std::string path;
  std::int64_t max_length = 0;
  // (age of the document in seconds from its ObjectId _id, length); empty when _id is not an
  // ObjectId. Lets a check see whether lengths grow with age (an unbounded array).
  std::vector<std::pair<std::int64_t, std::int64_t>> length_by_age;
};

// The shape of the sampled documents of one collection (built by scanner/data_model/document_shape.h).
struct SampleShape {
  int documents = 0;  // how many were sampled
  int requested = 0;  // how many $sample could return: its size, or the count
  // The first batch ended before the sample did: the server stops a reply at 16 MiB and leaves
  // the cursor open. The rest is not read (getMore is not allowlisted) and the cursor is not
  // killed (nor is killCursors): the server closes it after cursorTimeoutMillis.
  bool cut_short = false;
  std::int64_t max_document_bytes = 0;  // the largest sampled document, BSON-encoded
  int max_depth = 0;                    // nesting levels; a flat document is 1
  std::string deepest_path;             // a path reaching max_depth
  std::vector<FieldShape> fields;       // by path
  std::vector<ArrayShape> arrays;       // by path
  // Field occurrences left out of fields and arrays because kMaxFieldPaths distinct paths
  // (scanner/data_model/document_shape.h) were already recorded; above 0, the sample has more paths than that.
  std::int64_t dropped_fields = 0;
};

struct CollectionFacts {
  std::string name;
  std::string type;  // "collection", "view", "timeseries"
  // listCollections options: whether a validator is set, and the validation settings ("" when
  // the server left them out, meaning its defaults: strict and error).
  bool has_validator = false;
  std::string validation_level;
  std::string validation_action;
  // $collStats storageStats; unset when the command failed (see errors).
  std::optional<std::int64_t> count;
  std::optional<std::int64_t> average_document_bytes;
  std::optional<std::int64_t> size_bytes;
  std::optional<SampleShape> sample;  // unset when not sampled (views, empty, or failed)
  std::vector<Error> errors;          // a failed listCollections, $collStats or $sample
};

struct DatabaseFacts {
  std::string name;
  std::vector<CollectionFacts> collections;  // in listCollections order
  std::optional<Error> error;                // listCollections failed: collections is empty
};

struct DataModelFacts {
  std::string node;             // "host:port" the sample was read from
  std::string node_role;        // "secondary", "primary", "standalone", "mongos"
  std::string read_preference;  // sent with every read: "secondaryPreferred" or "primary"
  int sample_size = 0;          // documents asked of $sample per collection
  std::vector<std::string> excluded_databases;  // by --databases / --exclude-db
  std::vector<DatabaseFacts> databases;         // in listDatabases order
  std::vector<Error> errors;                    // the sampling session or listDatabases failed
};

}  // namespace mongoscan
