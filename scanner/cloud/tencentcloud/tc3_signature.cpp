#include "scanner/cloud/tencentcloud/tc3_signature.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <ctime>

#include "scanner/secrets/digest.h"
#include "scanner/text/ascii_case.h"
#include "scanner/text/lower_hex.h"

namespace mongoscan {
namespace {

constexpr const char* kAlgorithm = "TC3-HMAC-SHA256";
// The headers the canonical request signs, lower case and sorted, as the documentation's
// example signs them.
constexpr const char* kSignedHeaders = "content-type;host;x-tc-action";

// HMAC-SHA256 of `message` under `key`, as raw bytes.
std::string hmac_sha256(const std::string& key, const std::string& message) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(message.data()), message.size(), out, &length);
  return std::string(reinterpret_cast<const char*>(out), length);
}

// The UTC date of a timestamp, YYYY-MM-DD: the credential scope's date.
std::string utc_date(std::int64_t timestamp) {
  const std::time_t seconds = static_cast<std::time_t>(timestamp);
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  char text[11];
  std::strftime(text, sizeof text, "%Y-%m-%d", &parts);
  return text;
}

}  // namespace

Tc3Signature tc3_sign(const Tc3Call& call, const Tc3Credentials& credentials) {
  Tc3Signature signed_call;
  signed_call.canonical_request = std::string("POST\n/\n\n") + "content-type:" + kTc3ContentType +
                                  "\nhost:" + call.host +
                                  "\nx-tc-action:" + to_lower_ascii(call.action) + "\n\n" +
                                  kSignedHeaders + "\n" + sha256_hex(call.payload);
  const std::string date = utc_date(call.timestamp);
  const std::string scope = date + "/" + call.service + "/tc3_request";
  signed_call.string_to_sign = std::string(kAlgorithm) + "\n" + std::to_string(call.timestamp) +
                               "\n" + scope + "\n" + sha256_hex(signed_call.canonical_request);
  const std::string secret_date = hmac_sha256("TC3" + credentials.secret_key.reveal(), date);
  const std::string secret_service = hmac_sha256(secret_date, call.service);
  const std::string secret_signing = hmac_sha256(secret_service, "tc3_request");
  signed_call.signature = lower_hex(hmac_sha256(secret_signing, signed_call.string_to_sign));
  signed_call.authorization = std::string(kAlgorithm) + " Credential=" + credentials.secret_id +
                              "/" + scope + ", SignedHeaders=" + kSignedHeaders +
                              ", Signature=" + signed_call.signature;
  return signed_call;
}

std::vector<std::pair<std::string, std::string>> tc3_headers(const Tc3Call& call,
                                                             const Tc3Credentials& credentials) {
  std::vector<std::pair<std::string, std::string>> headers = {
      {"Authorization", tc3_sign(call, credentials).authorization},
      {"Content-Type", kTc3ContentType},
      {"Host", call.host},
      {"X-TC-Action", call.action},
      {"X-TC-Timestamp", std::to_string(call.timestamp)},
      {"X-TC-Version", call.version},
  };
  if (!call.region.empty()) headers.emplace_back("X-TC-Region", call.region);
  if (credentials.session_token)
    headers.emplace_back("X-TC-Token", credentials.session_token->reveal());
  return headers;
}

}  // namespace mongoscan
