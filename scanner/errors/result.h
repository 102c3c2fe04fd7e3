#pragma once
// Errors as values: every fallible step returns Result<T>, a value or an Error with a reason.

#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace mongoscan {

// The closed set of failure kinds (design.md, "Core types").
enum class ErrorCode { timeout, refused, dns, tls, auth_failed, unauthorized, protocol, io, usage };

std::string_view to_string(ErrorCode code);

struct Error {
  ErrorCode code;
  std::string phase;    // where it failed: "uri", "connect", "tls", "policy", ...
  std::string message;  // one line, never containing a secret
};

// The value of a Result that carries no data: Result<Ok> is "done, or why not".
struct Ok {};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<T>(state_); }
  T& value() & { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  const Error& error() const { return std::get<Error>(state_); }

 private:
  std::variant<T, Error> state_;
};

}  // namespace mongoscan
