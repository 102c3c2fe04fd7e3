#include "scanner/facts/tls_facts.h"

namespace mongoscan {

std::string_view to_string(WeakTlsHandshake::Outcome outcome) {
  switch (outcome) {
    case WeakTlsHandshake::Outcome::accepted:
      return "accepted";
    case WeakTlsHandshake::Outcome::refused:
      return "refused";
    case WeakTlsHandshake::Outcome::not_testable:
      return "not_testable";
    case WeakTlsHandshake::Outcome::error:
      break;
  }
  return "error";
}

nlohmann::json to_json(const CertificateFacts& certificate) {
  return {{"subject", certificate.subject},
          {"issuer", certificate.issuer},
          {"subject_alt_names", certificate.subject_alt_names},
          {"not_before", certificate.not_before},
          {"not_after", certificate.not_after},
          {"key_type", certificate.key_type},
          {"key_bits", certificate.key_bits},
          {"signature_algorithm", certificate.signature_algorithm},
          {"self_signed", certificate.self_signed},
          {"sha256", certificate.sha256}};
}

}  // namespace mongoscan
