#include "checks/server/edition.h"

#include "checks/text_list.h"

namespace mongoscan {

std::string server_edition(const NodeFacts& facts) {
  const auto build_info = facts.commands.find("buildInfo");
  if (build_info == facts.commands.end() || build_info->second.state != CommandOutcome::State::ok)
    return "unknown";
  const bson::Document& reply = build_info->second.reply;
  if (contains(string_elements(reply.get_array("modules")), "enterprise")) return "Enterprise";
  if (reply.find("psmdbVersion") != nullptr) return "Percona Server for MongoDB";
  return "Community";
}

}  // namespace mongoscan
