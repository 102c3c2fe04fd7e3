#pragma once
// What authenticating as the scanning account showed (auth/authentication.h gathers it).

#include <optional>
#include <string>
#include <vector>

#include "scanner/errors/result.h"

namespace mongoscan {

// What authentication showed. Never holds a password, key or proof.
struct AuthenticationFacts {
  std::string mechanism;  // the one used
  std::string username;
  std::string source;
  std::optional<std::vector<std::string>> server_mechanisms;  // hello saslSupportedMechs
  int scram_iteration_count = 0;                              // from the server-first message
  bool succeeded = false;
  std::optional<Error> error;
};

}  // namespace mongoscan
