#include "checks/authentication.h"

#include "checks/verdict.h"

namespace mongoscan {
namespace {

using nlohmann::json;

const CheckSpec& enforced_spec() { return authentication_specs()[0]; }

// The unauthenticated probes decide: code 13 means the node enforces authentication; a non-empty
// listDatabases or a successful getLog means anyone can read; an empty listDatabases proves
// nothing.
Verdict judge_enforced(const NodeFacts& facts) {
  json evidence = json::object();
  bool refused = false;
  bool open = false;
  for (const auto& [name, outcome] : facts.unauthenticated) {
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
  if (facts.unauthenticated.empty()) {
    return {Status::error, "the node could not be probed before authentication", evidence};
  }
  return {Status::warn,
          "the unauthenticated probes neither succeeded with data nor were refused; authentication "
          "could not be confirmed",
          evidence};
}

}  // namespace

const std::vector<CheckSpec>& authentication_specs() {
  static const std::vector<CheckSpec> specs = {
      {"AUTHN-001",
       "Authentication enforced",
       Layer::authentication,
       Severity::critical,
       {"MongoDB Security Checklist: enable access control and enforce authentication",
        "CIS MongoDB Benchmark: ensure authentication is configured"},
       "Start mongod and mongos with security.authorization: enabled (and keyFile or x509 for "
       "members), "
       "create an administrator, then restart."},
  };
  return specs;
}

std::vector<Finding> check_authentication(const NodeFacts& facts, const Policy& policy) {
  return {
      make_finding(enforced_spec(), policy, Subject::node(facts.address()), judge_enforced(facts))};
}

}  // namespace mongoscan
