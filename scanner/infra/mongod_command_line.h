#pragma once
// mongod and mongos command lines written in files (shell scripts, Dockerfiles, systemd units,
// Compose `command:`, Kubernetes `command`/`args`, documentation), read into the settings mongod
// would parse from them, under the dotted keys of its configuration file, so that the checks that
// judge mongod.conf and getCmdLineOpts judge them too, at their lines.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// The command line whose program name ("mongod" or "mongos", a whole word: none at `offset`
// reads nothing) starts at `offset` in `text`, in one of these forms:
//   shell      the rest of the line, continued by a trailing backslash, up to a shell operator
//              (&&, ||, ;, |, &, >, <) or a comment: `exec mongod --bind_ip_all --replSet rs0`,
//              `ExecStart=/usr/bin/mongod --auth`, `command: mongod --noauth`
//   list       a bracketed list of quoted words: `CMD ["mongod", "--bind_ip_all"]`,
//              `command: ["mongos", "--configdb", "cfg/c1:27019"]`
//   YAML list  `- mongod` followed by `- --flag` items at the same indentation
// Options map as the server's option definitions do (src/mongo/db/server_options_nongeneral.idl,
// mongod_options_*.idl, src/mongo/util/net/ssl_options_server.idl); --auth and --noauth become
// security.authorization as canonicalizeMongodOptions does (src/mongo/db/mongod_options.cpp),
// --configsvr and --shardsvr sharding.clusterRole, --setParameter k=v setParameter.k. Options not
// in the table are passed over with their values.
//
// nullopt when the word is no program run: part of a longer word ("$cluster-mongos"), an argument
// of another program (the word before it is an option: `healthcheck --component mongod`), or
// followed by no option of mongod's (`systemctl start mongod`, `component=mongod -o name`); and
// when the settings cannot be known from the text: --config or -f (the settings are in that
// file, scanned on its own), --help or --version, or any word left for a shell or template to
// expand ($VAR, ${X}, "$@", {{ .x }}).
//
// `initdb_root_user`: the file also sets MONGO_INITDB_ROOT_USERNAME and _PASSWORD, with which the
// official image's entrypoint adds --auth to a mongod command line (docker-library/mongo,
// docker-entrypoint.sh: "if we have a username/password, let's set --auth"), unless the command
// replaces the image's entrypoint (Compose `entrypoint:`, Dockerfile ENTRYPOINT, a Kubernetes
// container's `command:`), so that the script never runs.
std::optional<ServerConfigFile> read_mongod_command_line(std::string_view path,
                                                         std::string_view text, std::size_t offset,
                                                         bool initdb_root_user);

// One word of a command line, unquoted, with its line in the file.
struct CommandWord {
  std::string text;
  int line = 0;
};

// The settings of the words after a program name (`program`: "mongod" or "mongos"), read as
// read_mongod_command_line reads them, the command starting at `line`; nullopt as there (no
// option of mongod's, --config, a word left to expand).
std::optional<ServerConfigFile> read_mongod_options(std::string_view path,
                                                    const std::vector<CommandWord>& words,
                                                    std::string_view program, int line,
                                                    bool initdb_root_user);

// Whether command lines in the file at `path` are read: not in program sources (.go, .java,
// .py, .js, ...), which build them word by word at run time, so that what one literal shows is
// not the whole command.
bool may_hold_command_lines(std::string_view path);

// Whether `text` sets both of the official image's root account variables (any suffix, such as
// MONGO_INITDB_ROOT_PASSWORD_FILE).
bool sets_initdb_root_user(std::string_view text);

}  // namespace mongoscan
