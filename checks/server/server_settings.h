#pragma once
// A server setting as a node runs with it. getCmdLineOpts lists only the options that were set
// (configuration file or command line); anything else runs at MongoDB's default for the node's
// version, which a table here holds. Evidence says which of the two it was.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "scanner/bson/bson.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

struct ServerSetting {
  nlohmann::json value;  // null: not set, and no default is known for this version
  bool set = false;      // true: configured; false: the version's default
  std::string source;    // "getCmdLineOpts parsed.net.bindIp" or "default since MongoDB 3.6"

  // {"value": ..., "set": true|false, "source": "..."} for evidence.
  nlohmann::json evidence() const;
};

// `path` is a dotted configuration path ("net.bindIp", "security.javascriptEnabled");
// `cmd_line_opts` a getCmdLineOpts reply; `version` the node's version ("7.0.9"; empty when
// unknown: only defaults common to every version apply).
ServerSetting server_setting(const bson::Document& cmd_line_opts, std::string_view version,
                             std::string_view path);

// The node's version as buildInfo reports it; empty when buildInfo did not answer.
std::string server_version(const NodeFacts& facts);

// -1, 0 or 1 as version a is below, equal to or above b, comparing "major.minor.patch" numerically
// (missing parts count as 0; a suffix such as "-rc1" is ignored).
int compare_versions(std::string_view a, std::string_view b);

}  // namespace mongoscan
