#pragma once
// A server setting as a node runs with it, or as a config file declares it. getCmdLineOpts lists
// only the options that were set (configuration file or command line); anything else runs at
// MongoDB's default for the node's version (server_defaults.h). Evidence says which of the two it
// was.

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/finding.h"
#include "scanner/bson/bson.h"
#include "scanner/facts/exposure_facts.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

struct ServerSetting {
  nlohmann::json value;  // null: not set, and no default is known for this version
  bool set = false;      // true: configured; false: the version's default
  std::string source;    // "getCmdLineOpts parsed.net.bindIp", "line 4", "command line, line 7",
                         // "default since MongoDB 3.6"

  // {"value": ..., "set": true|false, "source": "..."} for evidence.
  nlohmann::json evidence() const;
};

// `path` is a dotted configuration path ("net.bindIp", "security.javascriptEnabled");
// `cmd_line_opts` a getCmdLineOpts reply; `version` the node's version ("7.0.9"; empty when
// unknown: only defaults common to every version apply).
ServerSetting server_setting(const bson::Document& cmd_line_opts, std::string_view version,
                             std::string_view path);

// The settings of one server as checks read them: a node's getCmdLineOpts reply at the node's
// version, or a MongoDB config file (mongod.conf, mongos.conf) as mongod parses it. A file names no
// version: what it leaves unset is judged at the defaults every release since 4.2 shares.
// Holds references: the reply or file must outlive it.
class ServerSettings {
 public:
  ServerSettings(const bson::Document& cmd_line_opts, std::string version);
  explicit ServerSettings(const ServerConfigFile& file);
  ServerSettings(bson::Document&&, std::string) = delete;
  explicit ServerSettings(ServerConfigFile&&) = delete;

  ServerSetting operator[](std::string_view path) const;
  // Whether any setting lies under a top-level section ("replication", "sharding").
  bool has_section(std::string_view section) const;
  // Where a config file's finding points: the line of the first of `paths` the file sets, else
  // where the configuration starts (line 1 of a file, a command line's own line). Only for
  // settings read from a file.
  Subject file_subject(std::initializer_list<std::string_view> paths) const;

 private:
  // The default at this version, for the cluster role and other settings the table conditions on.
  ServerSetting default_for(std::string_view path) const;

  const bson::Document* cmd_line_opts_ = nullptr;
  const ServerConfigFile* file_ = nullptr;
  std::string version_;
};

// The names of a comma-separated option value ("zstd, snappy"), spaces removed, empty ones left
// out.
std::vector<std::string> comma_separated(const std::string& text);

// A switch as getCmdLineOpts shows it: true from a configuration file or command line, "true" (in
// any case) under setParameter.
bool is_on(const nlohmann::json& value);

// A setting's value for a message: a string as it is, anything else as JSON.
std::string value_text(const nlohmann::json& value);

// A boolean server parameter's value as mongod reads it: a boolean, or the text "true" or "1",
// "false" or "0" (coerceFromString<bool>, src/mongo/idl/server_parameter.h); getCmdLineOpts and
// config files give setParameter values as text. nullopt: anything else, or unset.
std::optional<bool> parameter_flag(const nlohmann::json& value);

// authenticationMechanisms as the node runs with it: getParameter's (`parameters`) when its reply
// holds it, else the configured setParameter (a comma-separated list; the parameter is set at
// startup only, so the configured list is the running one), else the version's default
// (server_defaults.h). `source` says which.
std::vector<std::string> authentication_mechanisms(const bson::Document* parameters,
                                                   const ServerSettings& settings,
                                                   std::string& source);

// net.tls.<name>; the legacy net.ssl.<name> (before 4.2) when only that was set; else the default.
ServerSetting tls_setting(const ServerSettings& settings, std::string_view name);

// Settings that make a server a replica-set member, a shard or config server, or a mongos: servers
// that talk to each other.
bool is_cluster_member(const ServerSettings& settings);
// A replica-set member, a shard or config server, or a mongos (hello says so, else the settings).
bool is_cluster_member(const NodeFacts& facts, const ServerSettings& settings);

// The node's version as buildInfo reports it; empty when buildInfo did not answer.
std::string server_version(const NodeFacts& facts);

// -1, 0 or 1 as version a is below, equal to or above b, comparing "major.minor.patch" numerically
// (missing parts count as 0; a suffix such as "-rc1" is ignored).
int compare_versions(std::string_view a, std::string_view b);

}  // namespace mongoscan
