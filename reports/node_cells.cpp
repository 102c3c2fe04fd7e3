#include "reports/node_cells.h"

#include <vector>

namespace mongoscan {
namespace {

constexpr const char* kNone = "—";

std::string text_of(const nlohmann::json& facts, const char* key) {
  const auto found = facts.find(key);
  return found != facts.end() && found->is_string() ? found->get<std::string>() : "";
}

// True only for a boolean true: a fact missing or of another type proves nothing.
bool is_true(const nlohmann::json& facts, const char* key) {
  const auto found = facts.find(key);
  return found != facts.end() && found->is_boolean() && found->get<bool>();
}

bool is_false(const nlohmann::json& facts, const char* key) {
  const auto found = facts.find(key);
  return found != facts.end() && found->is_boolean() && !found->get<bool>();
}

std::string certificate_verdict(const nlohmann::json& tls) {
  if (is_true(tls, "insecure")) return "certificate not verified (--tls-insecure)";
  if (is_false(tls, "chain_verified")) return "certificate chain not verified";
  if (is_false(tls, "name_matches")) return "certificate does not name the host";
  if (is_true(tls, "verified")) return "certificate verified";
  return "certificate not verified";
}

}  // namespace

std::string tls_cell(const nlohmann::json& tls) {
  if (!tls.is_object() || tls.empty()) return kNone;
  if (is_false(tls, "enabled")) return "off: plaintext";
  std::vector<std::string> parts;
  for (const char* key : {"protocol", "cipher"}) {
    if (std::string value = text_of(tls, key); !value.empty()) parts.push_back(std::move(value));
  }
  parts.push_back(certificate_verdict(tls));
  std::string line;
  for (const std::string& part : parts) line += (line.empty() ? "" : ", ") + part;
  return line;
}

std::string account_cell(const nlohmann::json& authentication) {
  if (!authentication.is_object() || authentication.empty()) return kNone;
  std::string line = text_of(authentication, "user");
  if (line.empty()) line = "no account";
  if (std::string mechanism = text_of(authentication, "mechanism"); !mechanism.empty()) {
    line += " (" + mechanism + ")";
  }
  if (is_false(authentication, "succeeded")) return line + ": authentication failed";
  std::string roles;
  if (const auto found = authentication.find("roles"); found != authentication.end()) {
    for (const nlohmann::json& role : *found) {
      if (role.is_string()) roles += (roles.empty() ? "" : ", ") + role.get<std::string>();
    }
  }
  return line + ": " + (roles.empty() ? "no roles" : roles);
}

}  // namespace mongoscan
