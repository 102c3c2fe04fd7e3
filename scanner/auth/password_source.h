#pragma once
// Where the scanning account's password comes from when --username is given: --password-file,
// then MONGOSCAN_PASSWORD, then a prompt without echo on the terminal. Never the command line.

#include <string>

#include "scanner/errors/result.h"
#include "scanner/secrets/secret.h"

namespace mongoscan {

// password_file: empty for none. The file's first line is the password (a trailing newline is not
// part of it). Errors are ErrorCode::usage and name the source, never the password.
Result<Secret> read_password(const std::string& password_file, const std::string& username);

// The password held by the environment variable `variable` (an inventory's password_env). An error
// names the variable when it is unset or empty.
Result<Secret> read_password_variable(const std::string& variable);

}  // namespace mongoscan
