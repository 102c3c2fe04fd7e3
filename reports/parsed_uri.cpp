#include "reports/parsed_uri.h"

namespace mongoscan {
namespace {

using nlohmann::json;

json secret_json(const std::optional<Secret>& secret, bool reveal_secrets) {
  if (!secret) return nullptr;
  return reveal_secrets ? json(secret->reveal()) : json(kRedacted);
}

json credential_json(const Credentials& credentials, bool reveal_secrets) {
  json properties = option_value_json(credentials.mechanism_properties, reveal_secrets);
  if (credentials.session_token) {
    properties["AWS_SESSION_TOKEN"] = secret_json(credentials.session_token, reveal_secrets);
  }
  return {{"username", credentials.username ? json(*credentials.username) : json(nullptr)},
          {"password", secret_json(credentials.password, reveal_secrets)},
          {"source", credentials.source},
          {"mechanism", credentials.mechanism ? json(*credentials.mechanism) : json(nullptr)},
          {"mechanism_properties", properties}};
}

}  // namespace

json parsed_uri_json(const Result<ConnectionString>& parsed, bool reveal_secrets) {
  if (!parsed) {
    return {
        {"valid", false},           {"warnings", json::array()}, {"error", parsed.error().message},
        {"hosts", json::array()},   {"auth", nullptr},           {"credential", nullptr},
        {"options", json::object()}};
  }
  const ConnectionString& uri = parsed.value();
  json hosts = json::array();
  for (const HostAddress& host : uri.hosts) {
    hosts.push_back({{"type", to_string(host.type)},
                     {"host", host.host},
                     {"port", host.port ? json(*host.port) : json(nullptr)}});
  }
  const Credentials* credentials = uri.credentials ? &*uri.credentials : nullptr;
  json auth = {{"username", credentials && credentials->username ? json(*credentials->username)
                                                                 : json(nullptr)},
               {"password",
                credentials ? secret_json(credentials->password, reveal_secrets) : json(nullptr)},
               {"db", uri.database ? json(*uri.database) : json(nullptr)}};
  json credential = credentials ? credential_json(*credentials, reveal_secrets) : json(nullptr);
  json options = json::object();
  for (const auto& [key, option] : uri.options)
    options[key] = option_value_json(option.value, reveal_secrets);
  return {{"valid", true},
          {"warnings", uri.warnings},
          {"error", nullptr},
          {"srv", uri.srv},
          {"hosts", hosts},
          {"auth", auth},
          {"credential", credential},
          {"options", options}};
}

}  // namespace mongoscan
