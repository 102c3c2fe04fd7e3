#include "checks/server/command_evidence.h"

#include <array>
#include <optional>
#include <string>

#include "checks/server/server_settings.h"
#include "scanner/facts/topology.h"

namespace mongoscan {
namespace {

// A form of a command the probe sends that servers before `since` do not know: there a failure
// means "not available on this version", not an error of the scan.
struct CommandForm {
  std::string_view command;  // as NodeFacts::commands names it
  std::string_view form;
  std::string_view since;
};

// usersInfo {forAllDBs: true}: from 4.0 (SERVER-34401; before, parseUsersInfoCommand reads the
// document as a user name and fails with NoSuchKey).
constexpr std::array kCommandForms = {
    CommandForm{"usersInfo", "usersInfo {forAllDBs: true}", "4.0"},
};

// The form `command` takes that the node's version predates, if any.
const CommandForm* form_unknown_to(const NodeFacts& facts, std::string_view command) {
  const std::string version = server_version(facts);
  if (version.empty()) return nullptr;
  for (const CommandForm& form : kCommandForms) {
    if (form.command == command && compare_versions(version, form.since) < 0) return &form;
  }
  return nullptr;
}

// Why the scanning account holds no privilege on this node: it did not log in. Users created
// through mongos live on the config servers, so a shard member knows only its shard-local users.
std::optional<Verdict> not_logged_in(const NodeFacts& facts, const std::string& command) {
  using nlohmann::json;
  if (!facts.authentication || facts.authentication->succeeded) return std::nullopt;
  const std::string why =
      facts.authentication->error ? facts.authentication->error->message : "no reason given";
  const bool shard = facts.component.kind == ClusterComponent::Kind::shard;
  return Verdict{
      Status::skipped,
      command + " needs a login, and the scanning account could not authenticate on this node (" +
          why + ")" +
          (shard ? "; a shard member knows only shard-local users: create the auditor role and "
                   "user on each shard's primary (mongoscan auditor-role), or give the shard's "
                   "account with --component-credentials"
                 : ""),
      json{{"command", command}, {"state", "not_permitted"}, {"authenticated", false}}};
}

// An arbiter holds no users (it replicates no data), so no account can log in to it from
// another host: the probe does not try, and a command that needs a login is refused. It answers
// getCmdLineOpts, getParameter and serverStatus to clients on its own host only (the localhost
// exception, SERVER-5479; the server's jstest "arbiter_localhost_test").
std::optional<Verdict> not_visible_on_arbiter(const NodeFacts& facts, const std::string& command) {
  if (node_role(facts) != "arbiter") return std::nullopt;
  return Verdict{
      Status::skipped,
      "not visible on an arbiter: it holds no users, so no account can log in to it "
      "remotely, and it answers " +
          command + " only to clients on its own host; the set's data-bearing members are judged",
      nlohmann::json{{"command", command}, {"state", "not_permitted"}, {"arbiter", true}}};
}

}  // namespace

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
      if (auto verdict = not_visible_on_arbiter(facts, name)) return *verdict;
      if (auto verdict = not_logged_in(facts, name)) return *verdict;
      return Verdict{Status::skipped,
                     "the scanning account may not run " + name + ": it needs the " +
                         std::string(action) + " action (see mongoscan auditor-role)",
                     json{{"command", name}, {"state", "not_permitted"}, {"needs", action}}};
    case CommandOutcome::State::failed:
      if (const CommandForm* form = form_unknown_to(facts, command)) {
        return Verdict{
            Status::skipped,
            std::string(form->form) + " exists from MongoDB " + std::string(form->since) +
                "; this node runs " + server_version(facts),
            json{{"command", name}, {"state", "failed"}, {"needs_version", form->since}}};
      }
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

const bson::Document* successful_reply(const NodeFacts& facts, std::string_view command) {
  const auto found = facts.commands.find(std::string(command));
  if (found == facts.commands.end() || found->second.state != CommandOutcome::State::ok)
    return nullptr;
  return &found->second.reply;
}

std::variant<ServerSettings, Verdict> node_settings(const NodeFacts& facts) {
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  return std::variant<ServerSettings, Verdict>(std::in_place_type<ServerSettings>,
                                               *std::get<const bson::Document*>(reply),
                                               server_version(facts));
}

}  // namespace mongoscan
