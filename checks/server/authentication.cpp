#include "checks/server/authentication.h"

#include "checks/listing_scope.h"
#include "checks/server/command_evidence.h"
#include "checks/server/server_defaults.h"
#include "checks/server/server_settings.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/bson/bson.h"
#include "scanner/facts/topology.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// The server's default iteration count for new SCRAM credentials of `mechanism` at `version`
// (server_defaults.h); 0 where the version has none.
std::int64_t default_iterations(std::string_view mechanism, std::string_view version) {
  const json value = server_defaults().value(mechanism == "SCRAM-SHA-256"
                                                 ? "setParameter.scramSHA256IterationCount"
                                                 : "setParameter.scramIterationCount",
                                             version);
  return value.is_number_integer() ? value.get<std::int64_t>() : 0;
}

// The unauthenticated probes decide: code 13 means the node enforces authentication; a non-empty
// listDatabases or a successful getLog means anyone can read; an empty listDatabases proves
// nothing. buildInfo, also sent before authentication, proves nothing either way
// (shows_authentication_enforcement).
Verdict judge_enforced(const NodeFacts& facts) {
  json evidence = json::object();
  bool refused = false;
  bool open = false;
  std::size_t probes = 0;
  for (const auto& [name, outcome] : facts.unauthenticated) {
    if (!shows_authentication_enforcement(name)) continue;
    ++probes;
    evidence[name] = to_string(outcome.state);
    if (outcome.state == CommandOutcome::State::not_permitted) refused = true;
    if (outcome.state != CommandOutcome::State::ok) continue;
    if (name == "getLog") open = true;
    if (name == "listDatabases") {
      const auto databases = outcome.reply.get_array("databases");
      const std::size_t count = databases ? databases->size() : 0;
      evidence["listDatabases_databases"] = count;
      open = open || count > 0;
    }
  }
  // An arbiter holds no data and no users: what it answers, from its own host or when the set
  // runs without authorization, the data-bearing members answer too, and are judged.
  if (node_role(facts) == "arbiter") {
    return {Status::skipped,
            "not applicable to an arbiter: it holds no data and no users; the set's data-bearing "
            "members are judged",
            evidence};
  }
  if (open) {
    return {
        Status::fail,
        "the node answers without authentication: anyone who reaches the port can read its data",
        evidence};
  }
  if (refused) {
    return {Status::pass, "unauthenticated commands are refused with Unauthorized (code 13)",
            evidence};
  }
  if (probes == 0) {
    return {Status::error, "the node could not be probed before authentication", evidence};
  }
  return {Status::warn,
          "the unauthenticated probes neither succeeded with data nor were refused; authentication "
          "could not be confirmed",
          evidence};
}

Verdict judge_authorization_settings(const ServerSettings& settings, bool member) {
  const ServerSetting authorization = settings["security.authorization"];
  const ServerSetting key_file = settings["security.keyFile"];
  const ServerSetting cluster_mode = settings["security.clusterAuthMode"];
  const ServerSetting transition = settings["security.transitionToAuth"];
  json evidence = {{"security.authorization", authorization.evidence()},
                   {"security.keyFile", key_file.value.is_null() ? json("not set") : json("set")},
                   {"security.clusterAuthMode", cluster_mode.evidence()},
                   {"security.transitionToAuth", transition.evidence()},
                   {"cluster_member", member}};
  // As storeServerOptions decides it (src/mongo/db/server_options_server_helpers.cpp): a keyFile
  // or any clusterAuthMode turns authorization on; then transitionToAuth, or authorization set to
  // "disabled", turns it off, and "enabled" turns it on.
  if (transition.value == true) {
    return {Status::fail,
            "security.transitionToAuth is true: the node accepts unauthenticated connections",
            evidence};
  }
  if (authorization.set && authorization.value == "disabled") {
    return {Status::fail, "security.authorization is set to \"disabled\"", evidence};
  }
  const bool enforced =
      authorization.value == "enabled" || !key_file.value.is_null() || cluster_mode.set;
  if (!enforced) {
    return {Status::fail,
            "security.authorization is " + authorization.value.dump() +
                (authorization.set ? "" : " (default)") +
                " and neither keyFile nor clusterAuthMode is set",
            evidence};
  }
  const std::string mode = cluster_mode.value.is_string()
                               ? cluster_mode.value.get<std::string>()
                               : (key_file.value.is_null() ? "" : "keyFile");
  if (member && mode != "keyFile" && mode != "x509") {
    return {Status::fail,
            mode.empty() ? "members do not authenticate to each other: no keyFile and no x509 "
                           "clusterAuthMode"
                         : "clusterAuthMode " + mode +
                               " is a transition mode: members may still join without a key or "
                               "certificate",
            evidence};
  }
  return {Status::pass,
          member ? "authorization is enforced and members authenticate with " + mode
                 : "authorization is enforced",
          evidence};
}

Verdict judge_configuration(const NodeFacts& facts) {
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  const ServerSettings settings(*std::get<const bson::Document*>(reply), server_version(facts));
  return judge_authorization_settings(settings, is_cluster_member(facts, settings));
}

// The bypass as a config file sets it (parameter_flag); unset, it is on.
Verdict judge_localhost_bypass_setting(const ServerSettings& settings) {
  const ServerSetting bypass = settings["setParameter.enableLocalhostAuthBypass"];
  const json evidence = {{"setParameter.enableLocalhostAuthBypass", bypass.evidence()},
                         {"default", true}};
  if (parameter_flag(bypass.value) == false) {
    return {Status::pass, "the localhost authentication bypass is disabled", evidence};
  }
  return {Status::fail,
          std::string("enableLocalhostAuthBypass is ") +
              (bypass.set ? bypass.value.dump() : "not set (true by default)") +
              ": a client on the server's host may act without credentials while no user exists",
          evidence};
}

Verdict judge_localhost_bypass(const NodeFacts& facts) {
  auto reply = command_reply(facts, "getParameter", "getParameter");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  const auto bypass = std::get<const bson::Document*>(reply)->get_bool("enableLocalhostAuthBypass");
  const json evidence = {
      {"enableLocalhostAuthBypass", bypass ? json(*bypass) : json("not reported")},
      {"default", true}};
  if (bypass == false) {
    return {Status::pass, "the localhost authentication bypass is disabled", evidence};
  }
  return {Status::fail,
          std::string("enableLocalhostAuthBypass is ") +
              (bypass ? "true" : "not reported (true by default)") +
              ": a client on the server's host may act without credentials while no user exists",
          evidence};
}

// Users (user@db) whose credentials allow SCRAM-SHA-1 only.
std::vector<std::string> sha1_only_users(const bson::Document& users_info) {
  std::vector<std::string> users;
  for (const bson::Value& value : users_info.get_array("users").value_or(bson::Array{})) {
    const auto* user = value.get_if<bson::Document>();
    if (user == nullptr) continue;
    const auto mechanisms = string_elements(user->get_array("mechanisms"));
    if (contains(mechanisms, "SCRAM-SHA-1") && !contains(mechanisms, "SCRAM-SHA-256"))
      users.push_back(user->get_string("user").value_or("?") + "@" +
                      user->get_string("db").value_or("?"));
  }
  return users;
}

bool tls_required(const NodeFacts& facts) { return facts.tls && facts.plaintext_accepted == false; }

Verdict judge_mechanisms(const NodeFacts& facts) {
  auto parameters = command_reply(facts, "getParameter", "getParameter");
  if (auto* instead = std::get_if<Verdict>(&parameters)) return *instead;
  const auto mechanisms = string_elements(
      std::get<const bson::Document*>(parameters)->get_array("authenticationMechanisms"));
  json evidence = {{"authenticationMechanisms", mechanisms}};
  std::vector<std::string> problems;
  if (!contains(mechanisms, "SCRAM-SHA-256")) problems.push_back("SCRAM-SHA-256 is not enabled");
  if (contains(mechanisms, "PLAIN") && !tls_required(facts)) {
    problems.push_back(
        "PLAIN is enabled while the node accepts connections without TLS, so "
        "passwords can cross the network in clear text");
  }
  if (facts.authentication && facts.authentication->server_mechanisms &&
      !contains(*facts.authentication->server_mechanisms, "SCRAM-SHA-256") &&
      contains(*facts.authentication->server_mechanisms, "SCRAM-SHA-1")) {
    problems.push_back("the scanning account " + facts.authentication->username +
                       " is offered SCRAM-SHA-1 only");
  }
  auto users = command_reply(facts, "usersInfo", "viewUser");
  if (const auto* users_info = std::get_if<const bson::Document*>(&users)) {
    const auto sha1_only = sha1_only_users(**users_info);
    evidence["sha1_only_users"] = sha1_only;
    if (!sha1_only.empty())
      problems.push_back("users with SCRAM-SHA-1 credentials only: " + join(sha1_only));
  }
  if (!problems.empty()) return {Status::fail, join(problems), evidence};
  if (auto* instead = std::get_if<Verdict>(&users)) {
    return incomplete(*instead, "mechanisms are sound; the users' credentials were not checked",
                      evidence);
  }
  return {Status::pass, "SCRAM-SHA-256 is enabled and every user has SCRAM-SHA-256 credentials",
          evidence};
}

Verdict judge_iteration_counts(const NodeFacts& facts) {
  auto reply = command_reply(facts, "getParameter", "getParameter");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  const bson::Document& parameters = *std::get<const bson::Document*>(reply);
  std::vector<std::string> low;
  std::vector<std::string> unreadable;  // reported, but not as a whole number
  json evidence = json::object();
  const std::string version = server_version(facts);
  for (const auto& [name, minimum] :
       {std::pair{"scramIterationCount", default_iterations("SCRAM-SHA-1", version)},
        std::pair{"scramSHA256IterationCount", default_iterations("SCRAM-SHA-256", version)}}) {
    const bson::Value* reported = parameters.find(name);
    const auto count = parameters.get_int64(name);
    if (reported == nullptr) {
      evidence[name] = "not reported";
    } else if (!count) {
      evidence[name] = bson::to_json(*reported);
      unreadable.emplace_back(name);
    } else {
      evidence[name] = *count;
      if (*count < minimum)
        low.push_back(std::string(name) + " " + std::to_string(*count) + " < " +
                      std::to_string(minimum));
    }
  }
  if (facts.authentication && facts.authentication->scram_iteration_count > 0) {
    const AuthenticationFacts& authentication = *facts.authentication;
    const std::int64_t minimum = default_iterations(authentication.mechanism, version);
    evidence["scanning_account_iterations"] = authentication.scram_iteration_count;
    if (authentication.scram_iteration_count < minimum) {
      low.push_back("the scanning account's stored " + authentication.mechanism +
                    " credentials use " + std::to_string(authentication.scram_iteration_count) +
                    " iterations");
    }
  }
  if (!low.empty()) {
    return {Status::fail, "SCRAM iteration counts below the server defaults: " + join(low),
            evidence};
  }
  if (!unreadable.empty()) {
    return {Status::error, "getParameter reported " + join(unreadable) + " as no whole number",
            evidence};
  }
  return {Status::pass, "SCRAM iteration counts are at or above the server defaults", evidence};
}

}  // namespace

const std::vector<CheckSpec>& authentication_specs() {
  static const std::vector<CheckSpec> specs = {
      {"AUTHN-001",
       "Authentication enforced",
       Layer::authentication,
       Severity::critical,
       {{Framework::devspec, "A3.3", "Authentication: identity authentication"},
        {Framework::devspec, "A2.5",
         "No disabled authentication and no arbitrary public exposure in production"},
        {Framework::cis, "2.1", "Ensure Authentication is configured"},
        {Framework::stig, "V-252157",
         "MongoDB must uniquely identify and authenticate organizational users (or processes "
         "acting on behalf of organizational users)."},
        {Framework::stig, "V-252149",
         "MongoDB must integrate with an organization-level authentication/access mechanism "
         "providing account management and automation for all users, groups, roles, and any other "
         "principals."},
        {Framework::checklist, "access-control",
         "Enable Access Control and Enforce Authentication"}},
       "Start mongod and mongos with security.authorization: enabled (and keyFile or x509 for "
       "members), "
       "create an administrator, then restart.",
       "Authentication enforced: unauthenticated `listDatabases`/`getLog` refused with code "
       "13 (probed nodes); not applicable to an arbiter, which holds no data and no users "
       "(checks that need a login say \"not visible on an arbiter\": it answers only clients "
       "on its own host)."},
      {"AUTHN-002",
       "Authorization configured; cluster members authenticate",
       Layer::authentication,
       Severity::critical,
       {{Framework::cis, "2.1", "Ensure Authentication is configured"},
        {Framework::cis, "2.3", "Ensure authentication is enabled in the sharded cluster"},
        {Framework::cis, "3.2",
         "Ensure that role-based access control is enabled and configured appropriately"},
        {Framework::stig, "V-252145",
         "MongoDB must enforce discretionary access control policies, as defined by the data "
         "owner, over defined subjects and objects."},
        {Framework::stig, "V-252175",
         "MongoDB must enforce access restrictions associated with changes to the configuration "
         "of MongoDB or database(s)."},
        {Framework::stig, "V-252149",
         "MongoDB must integrate with an organization-level authentication/access mechanism "
         "providing account management and automation for all users, groups, roles, and any other "
         "principals."},
        {Framework::checklist, "access-control",
         "Enable Access Control and Enforce Authentication"},
        {Framework::stig, "V-252176",
         "MongoDB must require users to reauthenticate when organization-defined circumstances or "
         "situations require reauthentication."}},
       "Set security.authorization: enabled, and security.keyFile or "
       "security.clusterAuthMode: x509 on every replica-set member, shard, config server and "
       "mongos.",
       "Authorization enforced as the server decides it: `security.authorization: enabled`, "
       "a keyFile or any `clusterAuthMode`, and neither `transitionToAuth` nor an explicit "
       "`authorization: disabled`; replica-set members, shards and mongos authenticate to "
       "each other with keyFile or x509 (not a transition mode)."},
      {"AUTHN-003",
       "Localhost authentication bypass disabled",
       Layer::authentication,
       Severity::high,
       {{Framework::cis, "2.2",
         "Ensure that MongoDB does not bypass authentication via the localhost exception"},
        {Framework::checklist, "access-control",
         "Enable Access Control and Enforce Authentication"}},
       "Start the server with setParameter enableLocalhostAuthBypass: false once the first "
       "administrator exists.",
       "`enableLocalhostAuthBypass` is false (it defaults to true)."},
      {"AUTHN-004",
       "SCRAM-SHA-256 offered; no SCRAM-SHA-1-only users; no PLAIN without TLS",
       Layer::authentication,
       Severity::medium,
       {{Framework::stig, "V-252139",
         "If passwords are used for authentication, MongoDB must transmit only encrypted "
         "representations of passwords."},
        {Framework::stig, "V-252159",
         "If passwords are used for authentication, MongoDB must store only hashed, salted "
         "representations of passwords."},
        {Framework::checklist, "access-control",
         "Enable Access Control and Enforce Authentication"}},
       "Keep SCRAM-SHA-256 in authenticationMechanisms, update SCRAM-SHA-1-only users with "
       "updateUser (mechanisms: [\"SCRAM-SHA-256\"]), and require TLS wherever PLAIN (LDAP) is "
       "enabled.",
       "SCRAM-SHA-256 enabled and offered to the scanning account; no user with SCRAM-SHA-1 "
       "credentials only; no PLAIN while the node accepts plaintext."},
      {"AUTHN-006",
       "SCRAM iteration counts not below the server defaults",
       Layer::authentication,
       Severity::medium,
       {{Framework::checklist, "access-control",
         "Enable Access Control and Enforce Authentication"}},
       "Set scramIterationCount to at least 10000 and scramSHA256IterationCount to at least "
       "15000, then reset the affected users' passwords so their stored credentials use them.",
       "`scramIterationCount` ≥ 10000, `scramSHA256IterationCount` ≥ 15000, and the scanning "
       "account's stored count not below them."},
  };
  return specs;
}

std::vector<Finding> check_authentication(const NodeFacts& facts, const Policy& policy) {
  const auto& specs = authentication_specs();
  const Subject subject = Subject::node(facts.address());
  return {make_finding(specs[0], policy, subject, judge_enforced(facts)),
          make_finding(specs[1], policy, subject, judge_configuration(facts)),
          make_finding(specs[2], policy, subject, judge_localhost_bypass(facts)),
          make_finding(specs[3], policy, subject, judge_mechanisms(facts)),
          make_finding(specs[4], policy, subject, judge_iteration_counts(facts))};
}

std::vector<Finding> check_authentication(const ServerConfigFile& file, const Policy& policy) {
  const auto& specs = authentication_specs();
  const ServerSettings settings(file);
  return {make_finding(specs[1], policy,
                       settings.file_subject({"security.transitionToAuth", "security.authorization",
                                              "security.clusterAuthMode", "security.keyFile"}),
                       judge_authorization_settings(settings, is_cluster_member(settings))),
          make_finding(specs[2], policy,
                       settings.file_subject({"setParameter.enableLocalhostAuthBypass"}),
                       judge_localhost_bypass_setting(settings))};
}

}  // namespace mongoscan
