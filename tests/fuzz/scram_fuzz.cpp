// SCRAM server messages (scanner/auth/scram.h). The first input byte picks SCRAM-SHA-1 or SCRAM-SHA-256;
// the rest is the server-first message, then after a NUL byte the server-final message. The client
// runs with the RFC's user, password and client nonce (RFC 5802 section 5, RFC 7677 section 3), so
// the seeds reach a full conversation. Properties: the password is in no message the client
// sends or error it returns (unless the server sent it), and a client-final message answers the
// server's nonce, which extends ours.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "scanner/auth/scram.h"
#include "scanner/errors/result.h"
#include "scanner/secrets/secret.h"
#include "scanner/wire/deadline.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

constexpr std::string_view kPassword = "pencil";
constexpr std::string_view kSha1Nonce = "fyko+d2lbbFgONRv9qkxdawL";
constexpr std::string_view kSha256Nonce = "rOprNGfwEbeRWgbNEkqO";
// Far above the 1,000,000-iteration ceiling's cost, so that the outcome depends on the input only;
// libFuzzer's -timeout reports an input that is slow nonetheless.
constexpr std::chrono::milliseconds kDerivationBudget = std::chrono::minutes(1);

bool mentions_password(std::string_view text) {
  return text.find(kPassword) != std::string_view::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool sha256 = (data[0] & 1) != 0;
  const std::string_view messages(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t separator = messages.find('\0');
  const std::string_view server_first = messages.substr(0, separator);
  const std::string_view server_final =
      separator == std::string_view::npos ? std::string_view{} : messages.substr(separator + 1);
  const bool server_sent_password = mentions_password(messages);

  ScramClient client(sha256 ? ScramMechanism::sha256 : ScramMechanism::sha1, "user",
                     Secret(std::string(kPassword)),
                     std::string(sha256 ? kSha256Nonce : kSha1Nonce), nullptr);
  fuzz::check(!mentions_password(client.client_first_message()),
              "the client-first message holds no password");
  const Result<std::string> client_final =
      client.handle_server_first(server_first, Deadline::after(kDerivationBudget));
  if (!client_final) {
    fuzz::check(server_sent_password || !mentions_password(client_final.error().message),
                "a server-first error holds no password");
    return 0;
  }
  const std::string& final_message = client_final.value();
  fuzz::check(server_sent_password || !mentions_password(final_message),
              "the client-final message holds no password");
  const std::string expected_start = "c=biws,r=" + std::string(sha256 ? kSha256Nonce : kSha1Nonce);
  fuzz::check(final_message.starts_with(expected_start),
              "the client-final message answers a nonce that extends ours");
  const Result<Ok> verified = client.verify_server_final(server_final);
  fuzz::check(verified.ok() || server_sent_password || !mentions_password(verified.error().message),
              "a server-final error holds no password");
  return 0;
}
