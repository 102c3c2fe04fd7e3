#pragma once
// Test helpers for the per-node checks: NodeFacts as the probe leaves them, built by hand.

#include <string>
#include <utility>

#include "scanner/bson/bson.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan::check_test {

inline CommandOutcome answered(bson::Document reply) {
  CommandOutcome outcome;
  outcome.state = CommandOutcome::State::ok;
  outcome.reply = std::move(reply);
  return outcome;
}

inline CommandOutcome refused() {
  CommandOutcome outcome;
  outcome.state = CommandOutcome::State::not_permitted;
  outcome.message = "not authorized on admin to execute command";
  return outcome;
}

inline CommandOutcome failed(std::string message) {
  CommandOutcome outcome;
  outcome.message = std::move(message);
  return outcome;
}

// A reachable node at host:port whose hello answered (a replica-set member when set_name is
// given) and whose buildInfo says `version`.
inline NodeFacts reachable_node(std::string version = "7.0.12", std::string set_name = "",
                                std::string host = "10.0.0.5", std::uint16_t port = 27017) {
  NodeFacts facts;
  facts.host = std::move(host);
  facts.port = port;
  facts.resolved_addresses = {facts.host};
  facts.reachable = true;
  facts.hello = bson::Document{{"isWritablePrimary", true}, {"maxWireVersion", std::int32_t{21}}};
  if (!set_name.empty()) facts.hello->append("setName", set_name);
  facts.commands["buildInfo"] = answered(bson::Document{{"version", version}, {"ok", 1.0}});
  return facts;
}

// A getCmdLineOpts reply whose `parsed` section is `parsed`.
inline CommandOutcome cmd_line_opts(bson::Document parsed) {
  return answered(
      bson::Document{{"argv", bson::Array{}}, {"parsed", std::move(parsed)}, {"ok", 1.0}});
}

// A connectionStatus {showPrivileges: true} reply for an account holding `privileges`
// ({resource, actions} documents).
inline CommandOutcome connection_status(bson::Array privileges) {
  return answered(bson::Document{
      {"authInfo",
       bson::Document{{"authenticatedUsers",
                       bson::Array{bson::Document{{"user", "scanner"}, {"db", "admin"}}}},
                      {"authenticatedUserPrivileges", std::move(privileges)}}},
      {"ok", 1.0}});
}

// The privilege root holds: anyAction on anyResource.
inline bson::Document every_privilege() {
  return {{"resource", bson::Document{{"anyResource", true}}},
          {"actions", bson::Array{"anyAction"}}};
}

}  // namespace mongoscan::check_test
