#pragma once
// A password, key or token. It cannot be streamed, formatted or serialised: the only way to the
// bytes is reveal(), so every use of a secret is explicit and greppable.

#include <ostream>
#include <string>
#include <utility>

namespace mongoscan {

class Secret {
 public:
  explicit Secret(std::string value) : value_(std::move(value)) {}

  const std::string& reveal() const { return value_; }
  bool empty() const { return value_.empty(); }
  bool operator==(const Secret&) const = default;

  friend std::ostream& operator<<(std::ostream&, const Secret&) = delete;

 private:
  std::string value_;
};

// What every report shows in place of a secret.
inline constexpr const char* kRedacted = "***";

// How a found secret is shown: its first two characters (UTF-8 aware), then "***"; only "***" when
// the secret is shorter than 8 bytes, where two characters would give away too much of it.
std::string redact_secret(const Secret& secret);

}  // namespace mongoscan
