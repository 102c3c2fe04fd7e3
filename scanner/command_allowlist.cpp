#include "scanner/command_allowlist.h"

#include <array>

namespace mongoscan {
namespace {

struct Entry {
  AllowedCommand command;
  std::string_view name;
};

constexpr std::array kAllowlist = {
    Entry{AllowedCommand::hello, "hello"},
    Entry{AllowedCommand::is_master, "isMaster"},
    Entry{AllowedCommand::build_info, "buildInfo"},
    Entry{AllowedCommand::get_cmd_line_opts, "getCmdLineOpts"},
    Entry{AllowedCommand::get_parameter, "getParameter"},
    Entry{AllowedCommand::connection_status, "connectionStatus"},
    Entry{AllowedCommand::users_info, "usersInfo"},
    Entry{AllowedCommand::roles_info, "rolesInfo"},
    Entry{AllowedCommand::server_status, "serverStatus"},
    Entry{AllowedCommand::list_databases, "listDatabases"},
    Entry{AllowedCommand::get_log, "getLog"},
    Entry{AllowedCommand::repl_set_get_status, "replSetGetStatus"},
    Entry{AllowedCommand::sasl_start, "saslStart"},
    Entry{AllowedCommand::sasl_continue, "saslContinue"},
    Entry{AllowedCommand::authenticate, "authenticate"},
};

}  // namespace

std::string_view command_name(AllowedCommand command) {
  for (const Entry& entry : kAllowlist) {
    if (entry.command == command) return entry.name;
  }
  return "";
}

std::vector<std::string_view> allowed_command_names() {
  std::vector<std::string_view> names;
  for (const Entry& entry : kAllowlist) names.push_back(entry.name);
  return names;
}

bson::Document make_command(AllowedCommand command, bson::Value value,
                            const bson::Document& arguments, std::string_view database) {
  bson::Document document;
  document.append(std::string(command_name(command)), std::move(value));
  for (const auto& [key, argument] : arguments) document.append(key, argument);
  document.append("$db", std::string(database));
  return document;
}

}  // namespace mongoscan
