#pragma once
// mongod configuration embedded in other YAML files: an operator's custom resource (Percona's
// `configuration: |` for replica sets, config servers and mongos; the MongoDB Community and
// Enterprise operators' `additionalMongodConfig`), Helm values (`configuration: |`), and a
// ConfigMap holding a `mongod.conf` or `mongos.conf` key, and a chart's `extraFlags` (options
// added to the chart's mongod or mongos command line). Each is a fragment: the operator or the
// chart completes it with settings of its own (keyFile, TLS, bindIp), so only what it sets is
// judged (ServerConfigFile::fragment).
//
// Also mongod command lines no `mongod` word names: a Kubernetes container or Compose service of
// the official image whose `args` (or Compose `command`) start with an option, which the image's
// entrypoint runs as `mongod ARGS` (a whole command line, mongod_command_line.h), with the
// --auth and --bind_ip_all the entrypoint adds.

#include <string_view>
#include <vector>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// Whether `text` holds a key that may embed a configuration: cheap, before any YAML parse.
bool may_embed_server_config(std::string_view text);

// Every embedded configuration of the YAML `text` (all its documents), each with its settings at
// their lines in the file and its line the embedding key's (a container's command line: its first
// argument's); none when the text is not YAML. A
// `configuration` or `*.conf` string is one when it reads as a MongoDB config file
// (server_config_file.h); `additionalMongodConfig` is one when it is a mapping (dotted keys or
// nested sections alike).
std::vector<ServerConfigFile> read_embedded_server_configs(std::string_view path,
                                                           std::string_view text);

}  // namespace mongoscan
