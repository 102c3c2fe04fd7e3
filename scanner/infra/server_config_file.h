#pragma once
// MongoDB server configuration files (mongod.conf, mongos.conf): the YAML format of the manual's
// "Configuration File Options", every scalar setting by its dotted key.

#include <optional>
#include <string_view>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// The settings of `text`, in file order: "net.bindIp", "security.authorization",
// "setParameter.enableLocalhostAuthBypass", ..., each with the line of its key; a sequence
// gives one setting per element under the same key. nullopt when `text` is not a MongoDB
// config file: not YAML, not one mapping, a top-level key that is no section of the manual's, or
// no section that holds one of its own options (net.port, security.authorization,
// storage.dbPath, any setParameter, ...).
std::optional<ServerConfigFile> read_server_config(std::string_view path, std::string_view text);

}  // namespace mongoscan
