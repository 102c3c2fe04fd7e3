#include "reports/node_summary.h"

#include "scanner/facts/topology.h"

namespace mongoscan {
namespace {

using nlohmann::json;

json weak_handshake_json(const WeakTlsHandshake& handshake) {
  json result = {{"offer", handshake.offer}, {"outcome", to_string(handshake.outcome)}};
  if (!handshake.protocol.empty()) result["protocol"] = handshake.protocol;
  if (!handshake.cipher.empty()) result["cipher"] = handshake.cipher;
  if (!handshake.detail.empty()) result["detail"] = handshake.detail;
  return result;
}

json tls_json(const NodeFacts& facts) {
  json tls = {{"enabled", facts.tls}};
  if (facts.plaintext_accepted) tls["plaintext_accepted"] = *facts.plaintext_accepted;
  if (!facts.weak_tls_handshakes.empty()) {
    json handshakes = json::array();
    for (const WeakTlsHandshake& handshake : facts.weak_tls_handshakes)
      handshakes.push_back(weak_handshake_json(handshake));
    tls["weak_handshakes"] = handshakes;
  }
  if (!facts.tls_facts) return tls;
  const TlsFacts& handshake = *facts.tls_facts;
  tls["protocol"] = handshake.protocol;
  tls["cipher"] = handshake.cipher;
  tls["verified"] = handshake.verified;
  if (!handshake.verify_error.empty()) tls["verify_error"] = handshake.verify_error;
  tls["insecure"] = handshake.insecure;
  tls["chain_verified"] = handshake.chain_verified;
  if (!handshake.chain_verify_error.empty())
    tls["chain_verify_error"] = handshake.chain_verify_error;
  if (handshake.name_matches) tls["name_matches"] = *handshake.name_matches;
  json chain = json::array();
  for (const CertificateFacts& certificate : handshake.chain) chain.push_back(to_json(certificate));
  tls["chain"] = chain;
  return tls;
}

// The scanning account's roles as connectionStatus reports them: ["readWrite@db_app", ...].
json roles_json(const NodeFacts& facts) {
  json roles = json::array();
  auto status = facts.commands.find("connectionStatus");
  if (status == facts.commands.end() || status->second.state != CommandOutcome::State::ok)
    return roles;
  auto info = status->second.reply.get_document("authInfo");
  auto list = info ? info->get_array("authenticatedUserRoles") : std::nullopt;
  if (!list) return roles;
  for (const bson::Value& value : *list) {
    const auto* role = value.get_if<bson::Document>();
    if (role == nullptr) continue;
    roles.push_back(role->get_string("role").value_or("?") + "@" +
                    role->get_string("db").value_or("?"));
  }
  return roles;
}

json authentication_json(const NodeFacts& facts) {
  if (!facts.authentication) return json::object();
  const AuthenticationFacts& authentication = *facts.authentication;
  json result = {{"user", authentication.username},
                 {"source", authentication.source},
                 {"mechanism", authentication.mechanism},
                 {"succeeded", authentication.succeeded},
                 {"roles", roles_json(facts)}};
  if (authentication.scram_iteration_count > 0) {
    result["scram_iteration_count"] = authentication.scram_iteration_count;
  }
  return result;
}

json outcomes_json(const std::map<std::string, CommandOutcome>& outcomes) {
  json result = json::object();
  for (const auto& [name, outcome] : outcomes) {
    result[name] = {{"state", to_string(outcome.state)}};
    if (!outcome.message.empty()) result[name]["message"] = outcome.message;
  }
  return result;
}

std::string version_of(const NodeFacts& facts) {
  auto build_info = facts.commands.find("buildInfo");
  if (build_info == facts.commands.end() || build_info->second.state != CommandOutcome::State::ok) {
    return "";
  }
  return build_info->second.reply.get_string("version").value_or("");
}

}  // namespace

NodeSummary summarize_node(const NodeFacts& facts, EvidencePacker& packer) {
  NodeSummary summary;
  summary.address = facts.address();
  summary.origin = to_string(facts.origin);
  summary.named_by = facts.named_by;
  summary.aliases = facts.aliases;
  summary.role = node_role(facts);
  summary.version = version_of(facts);
  summary.tls = packer.pack(tls_json(facts));
  summary.authentication = packer.pack(authentication_json(facts));
  summary.commands = packer.pack({{"unauthenticated", outcomes_json(facts.unauthenticated)},
                                  {"authenticated", outcomes_json(facts.commands)}});
  summary.errors = facts.errors;
  return summary;
}

}  // namespace mongoscan
