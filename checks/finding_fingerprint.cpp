#include "checks/finding_fingerprint.h"

#include "scanner/secrets/digest.h"

namespace mongoscan {

std::string finding_fingerprint(const Finding& finding) {
  if (!finding.fingerprint.empty()) return finding.fingerprint;
  std::string identity = "finding/v1";
  for (const std::string_view part :
       {std::string_view(finding.check_id), to_string(finding.subject.kind),
        std::string_view(finding.subject.name)}) {
    identity += '\0';
    identity += part;
  }
  if (finding.subject.kind == Subject::Kind::file) {
    identity += '\0';
    identity += finding.message;
  }
  return sha256_hex128(identity);
}

std::string finding_content_fingerprint(const Finding& finding) {
  if (finding.subject.kind != Subject::Kind::file) return {};
  if (!finding.content_fingerprint.empty()) return finding.content_fingerprint;
  return sha256_hex128("content/v1" + std::string(1, '\0') + finding.check_id +
                       std::string(1, '\0') + finding.message);
}

}  // namespace mongoscan
