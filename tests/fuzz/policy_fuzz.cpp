// The policy parser (checks/policy_json.h): a policy may come from the scanned repository. Properties:
// any text either parses or is refused with a message (no exception escapes), and parsing is
// deterministic.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "checks/policy_json.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mongoscan;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<Policy> policy = parse_policy(text);
  fuzz::check(policy.ok() || !policy.error().message.empty(), "a refused policy says why");
  fuzz::check(policy.ok() == parse_policy(text).ok(), "parsing is deterministic");
  return 0;
}
