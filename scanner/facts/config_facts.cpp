#include "scanner/facts/config_facts.h"

namespace mongoscan {

std::string_view to_string(CredentialHit::Kind kind) {
  switch (kind) {
    case CredentialHit::Kind::uri_password:
      return "uri_password";
    case CredentialHit::Kind::credential_key:
      return "credential_key";
    case CredentialHit::Kind::driver_argument:
      return "driver_argument";
    case CredentialHit::Kind::cli_argument:
      return "cli_argument";
  }
  return "";
}

}  // namespace mongoscan
