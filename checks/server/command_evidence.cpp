#include "checks/server/command_evidence.h"

#include <string>

namespace mongoscan {

std::variant<const bson::Document*, Verdict> command_reply(const NodeFacts& facts,
                                                           std::string_view command,
                                                           std::string_view action) {
  using nlohmann::json;
  const std::string name(command);
  const auto outcome = facts.commands.find(name);
  if (outcome == facts.commands.end()) {
    const std::string why = facts.errors.empty()
                                ? "the probe did not reach it"
                                : facts.errors.back().phase + ": " + facts.errors.back().message;
    return Verdict{Status::error, name + " did not run on this node (" + why + ")",
                   json{{"command", name}, {"state", "not run"}}};
  }
  switch (outcome->second.state) {
    case CommandOutcome::State::ok:
      return &outcome->second.reply;
    case CommandOutcome::State::not_permitted:
      return Verdict{Status::skipped,
                     "the scanning account may not run " + name + ": it needs the " +
                         std::string(action) + " action (see mongoscan auditor-role)",
                     json{{"command", name}, {"state", "not_permitted"}, {"needs", action}}};
    case CommandOutcome::State::failed:
      break;
  }
  return Verdict{Status::error, name + " failed: " + outcome->second.message,
                 json{{"command", name}, {"state", "failed"}}};
}

Verdict incomplete(Verdict instead, std::string_view judged, const nlohmann::json& evidence) {
  instead.message = std::string(judged) + ", but " + instead.message;
  instead.evidence.update(evidence);
  return instead;
}

}  // namespace mongoscan
