#pragma once
// The inventory of environments a periodic scan covers (scan --inventory FILE): YAML, or JSON,
// which is YAML too. Example: fixtures/inventory.yaml.
//
//   history: mongoscan-history.db          # optional; relative to the inventory's folder
//   environments:
//     - name: prod                           # required, unique
//       targets: [mongodb+srv://prod.example.net/]   # connection strings, never with a password
//       username: mongoscan                  # the scanning account
//       password_env: MONGOSCAN_PROD_PASSWORD    # or password_file: never inline
//       auth_source: admin                   # optional, as auth_mechanism
//       tls: {ca_file: ca.pem, cert_key_file: client.pem, insecure: false}
//       policy: policy/prod.json             # a policy file, dev-spec or stig
//       workload: core
//       app_instances: 12
//       config_paths: [services/api]         # files to scan for credentials and exposure
//       cloud:                               # accounts read from their control plane
//         - provider: tencentcloud
//           regions: [ap-guangzhou]
//           instances: [cmgo-1a2b3c4d]       # optional: only these
//           secret_id_env: PROD_TC_SECRET_ID # optional: the variables holding the credentials
//           secret_key_env: PROD_TC_SECRET_KEY   # (default TENCENTCLOUD_SECRET_ID, ...)
//           session_token_env: PROD_TC_TOKEN
//       tags: {tier: prod, owner: payments}

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/cloud/cloud_target.h"
#include "scanner/errors/result.h"
#include "scanner/facts/listed_at.h"

namespace mongoscan {

// A connection string of an environment and the inventory line that holds it.
struct InventoryTarget {
  std::string text;  // has no password: the loader refuses one
  ListedAt listed_at;
};

struct InventoryEnvironment {
  std::string name;
  ListedAt defined_at;  // the inventory line where the environment starts
  std::vector<InventoryTarget> targets;
  std::string username;
  std::string password_env;   // the environment variable that holds the password
  std::string password_file;  // a file whose first line is the password
  std::string auth_source;
  std::string auth_mechanism;
  std::string tls_ca_file;
  std::string tls_cert_key_file;
  bool tls_insecure = false;
  std::string
      policy;  // a policy file, a preset ("dev-spec", "stig"), or empty for the command line's
  std::string workload;
  std::optional<std::int64_t> app_instances;
  std::vector<std::string> config_paths;
  // Files of the applications' connection strings (as --app-uri-file): judged, never probed.
  std::vector<std::string> app_uri_files;
  std::vector<CloudAccountRequest> clouds;  // cloud:, each with its credentials' variables
  std::map<std::string, std::string> tags;
};

struct Inventory {
  std::string history;  // the history database, or empty
  std::vector<InventoryEnvironment> environments;
};

// The inventory in `text`, read from `path`. Relative file names in it (history, password_file,
// tls files, policy, config_paths) are taken relative to the inventory's folder, as `path`
// names it (app_uri_files too). A load error is ErrorCode::usage, "path:LINE: what is wrong", and
// never quotes a value: an unknown field, a field of the wrong type, a missing or repeated name, an
// environment with neither targets, config_paths, app_uri_files nor cloud, a password or cloud
// secret written in the file (inline, or in a target's connection string), or both password_env
// and password_file.
Result<Inventory> parse_inventory(std::string_view text, std::string_view path);

// One of `count` parts of an inventory (--shard INDEX/COUNT, INDEX from 1): an environment belongs
// to the part its name hashes to (FNV-1a, 64 bits), so a part keeps its environments whatever is
// added to or removed from the inventory around them.
struct InventoryShard {
  std::uint64_t index = 1;
  std::uint64_t count = 1;
};

// "I/N" with 1 <= I <= N; a usage error naming --shard otherwise.
Result<InventoryShard> parse_shard(std::string_view text);

// The environments --env (names; none: all), --tag (KEY=VALUE, all must hold) and --shard pick,
// in inventory order. A usage error names an --env that is no environment (with the closest
// name) or a --tag that is not KEY=VALUE, or says that --env and --tag select nothing. A shard
// may be empty: a fleet split into more parts than it has environments.
Result<std::vector<InventoryEnvironment>> select_environments(const Inventory& inventory,
                                                              const std::vector<std::string>& names,
                                                              const std::vector<std::string>& tags,
                                                              InventoryShard shard = {});

}  // namespace mongoscan
