#pragma once
// Scanning accounts for parts of a sharded cluster (--component-credentials FILE). Users created
// through mongos live on the config servers; a shard member knows only its shard-local users, so
// a scan may need another account per shard. The file is JSON:
//   {"shard1": {"username": "auditor", "password_env": "SHARD1_PASSWORD"},
//    "cfg":    {"username": "auditor", "password_file": "/run/secrets/cfg", "auth_source":
//    "admin"}}
// keyed by shard id or config server set name. Passwords come from the environment or a file,
// never from the file itself: an inline "password" is an error.

#include <map>
#include <string>

#include "scanner/errors/result.h"
#include "scanner/uri/uri.h"

namespace mongoscan {

// Credentials by component name. Errors are ErrorCode::usage, name the file and the entry, and
// never hold a password.
Result<std::map<std::string, Credentials>> read_component_credentials(const std::string& path);

}  // namespace mongoscan
