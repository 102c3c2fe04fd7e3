#pragma once
// The MongoDB server defaults the checks assume for what a node or config file leaves unset, from
// checks/data/server-defaults.json, which is compiled into the binary. The lab (tests/lab) answers
// getParameter from the same file. Every entry names the file of the mongodb/mongo source that
// declares it and the commit or release tag it was read at, or the manual page where the source
// does not hold it (Enterprise-only settings) with a note saying so.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/errors/result.h"

namespace mongoscan {

struct ServerDefault {
  std::string setting;   // a configuration path ("net.port") or "setParameter.<name>"
  std::string since;     // the first version with this value ("3.6"); "0": every version
  nlohmann::json value;  // as getParameter reports it, or as the option reads; null: no value
  // Only where every path has this value as configured ({"sharding.clusterRole": "configsvr"}).
  nlohmann::json when = nlohmann::json::object();
  bool enterprise = false;  // the setting exists only in MongoDB Enterprise
  std::string source;       // "src/mongo/db/auth/sasl_options.idl" or a manual URL
  std::string read_at;  // the commit or release tag a source file was read at; "" for the manual
};

struct ServerDefaults {
  std::string as_of;  // "YYYY-MM-DD"
  std::vector<ServerDefault> entries;

  // The entry for `setting` at `version` ("7.0.9"): of those whose `when` the `configured` values
  // ({"sharding.clusterRole": "shardsvr"}) meet, the one with the latest `since` not above the
  // version. An empty version takes an entry only when the table gives the setting one value for
  // every version. nullptr: no known default.
  const ServerDefault* find(std::string_view setting, std::string_view version,
                            const nlohmann::json& configured = nlohmann::json::object()) const;
  // The value of find(), or null.
  nlohmann::json value(std::string_view setting, std::string_view version) const;
};

// Parses and validates the table's text; a shape error (ErrorCode::protocol) names the entry.
Result<ServerDefaults> parse_server_defaults(std::string_view json_text);

// The compiled-in table, parsed on first use. A test parses it, so an error here means the binary
// was built from a broken data file: every lookup then finds no default.
const ServerDefaults& server_defaults();

// The data file as shipped; generated from checks/data/server-defaults.json.
extern const char kServerDefaultsJson[];

}  // namespace mongoscan
