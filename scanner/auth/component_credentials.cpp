#include "scanner/auth/component_credentials.h"

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "scanner/auth/password_source.h"
#include "scanner/posix/input_file.h"

namespace mongoscan {
namespace {

using nlohmann::json;

const std::set<std::string> kKeys = {"username", "auth_source", "auth_mechanism", "password_env",
                                     "password_file"};

Error credentials_error(const std::string& path, const std::string& message) {
  return Error{ErrorCode::usage, "credentials", "--component-credentials " + path + ": " + message};
}

Result<Credentials> entry_credentials(const std::string& path, const std::string& name,
                                      const json& entry) {
  const std::string where = "entry " + name;
  if (!entry.is_object()) return credentials_error(path, where + " is not an object");
  if (entry.contains("password")) {
    return credentials_error(path, where +
                                       " holds a password: give password_env or "
                                       "password_file instead");
  }
  for (const auto& [key, value] : entry.items()) {
    if (!kKeys.contains(key)) return credentials_error(path, where + ": unknown key " + key);
    if (!value.is_string() || value.get<std::string>().empty())
      return credentials_error(path, where + ": " + key + " must be a non-empty string");
  }
  if (!entry.contains("username")) return credentials_error(path, where + " has no username");
  Credentials credentials;
  credentials.username = entry["username"].get<std::string>();
  credentials.source = entry.value("auth_source", "admin");
  if (entry.contains("auth_mechanism"))
    credentials.mechanism = entry["auth_mechanism"].get<std::string>();
  if (entry.contains("password_env") == entry.contains("password_file")) {
    return credentials_error(path, where + " needs exactly one of password_env and password_file");
  }
  if (entry.contains("password_env")) {
    const std::string variable = entry["password_env"].get<std::string>();
    const char* value = std::getenv(variable.c_str());
    if (value == nullptr || *value == '\0') {
      // Not named: a user may have pasted the password where the variable's name belongs.
      return credentials_error(path,
                               where + ": the environment variable password_env names is not set");
    }
    credentials.password = Secret(value);
  } else {
    auto password = read_password(entry["password_file"].get<std::string>(), *credentials.username);
    if (!password) return credentials_error(path, where + ": " + password.error().message);
    credentials.password = std::move(password).value();
  }
  return credentials;
}

}  // namespace

Result<std::map<std::string, Credentials>> read_component_credentials(const std::string& path) {
  const InputRead read = read_input_file(path, kCredentialsInput);
  if (!read) return credentials_error(path, read.refused);
  const json document = json::parse(read.text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded() || !document.is_object())
    return credentials_error(path, "not a JSON object of component names to accounts");
  std::map<std::string, Credentials> accounts;
  for (const auto& [name, entry] : document.items()) {
    auto credentials = entry_credentials(path, name, entry);
    if (!credentials) return credentials.error();
    accounts.emplace(name, std::move(credentials).value());
  }
  return accounts;
}

}  // namespace mongoscan
